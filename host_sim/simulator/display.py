"""A displayio display on the desktop that refreshes like the device.

``CountingDisplay`` is a Blinka ``PyGameDisplay`` (blinka-displayio-pygamedisplay
4.0.1) that redraws ONLY the dirty areas displayio reports -- as CircuitPython
does on the PyBadge's panel -- and counts the pixels of every refresh, so the
cost of a screen update can be measured on the host and stale pixels show up
here as they would on hardware. Before each refresh it refuses, with
``limits.BoardLimitError``, anything a board would not draw (limits.py).

Import this module BEFORE ``displayio``, ``pygame`` or anything from Blinka:
it sets the environment they read when imported (no Blinka platform warning,
no pygame banner, no audio device).  ``headless=True`` draws into SDL's dummy
video driver: nothing is shown, ``frame()`` and ``save()`` still work.

The window shows the panel through the backlight: a ``brightness`` below 1
darkens it, as the firmware's dimmer (a minute without a press) or its
brightness setting would the board's screen; ``frame()`` and ``save()``
give the panel itself.

Blinka allows ONE display per process (like a board): ``close()`` one before
making another.
"""

import os
import sys
import warnings

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")  # no "GENERIC_X86 is not fully supported"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no pygame banner
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")  # no ALSA complaints; we make no sound
# pygame.SCALED without an OpenGL renderer warns once; the software renderer is fine here.
warnings.filterwarnings("ignore", message="no fast renderer available")

import pygame  # noqa: E402
import displayio  # noqa: E402
import busdisplay  # noqa: E402
from displayio._area import Area  # noqa: E402
from blinka_displayio_pygamedisplay import PyGameDisplay  # noqa: E402

from . import fast_blinka  # noqa: E402
from .limits import check  # noqa: E402
from .terminal_font import install as install_terminal_font  # noqa: E402

install_terminal_font()  # terminalio.FONT as a board has it (one bitmap)
fast_blinka.install()  # Blinka's pixel loops, done by NumPy

__all__ = ["CountingDisplay", "NoDisplayError", "default_scale", "display_available"]


class NoDisplayError(RuntimeError):
    """No screen to open a window on (use headless mode instead)."""


def display_available(environ=None, platform=None):
    """False when a window cannot be shown: Linux without X11/Wayland.

    SDL does not fail there: it silently falls back to an invisible
    "offscreen" driver, so this has to be checked beforehand.  An explicit
    SDL_VIDEODRIVER is trusted.
    """
    environ = os.environ if environ is None else environ
    platform = sys.platform if platform is None else platform
    if not platform.startswith("linux"):
        return True
    return bool(environ.get("DISPLAY") or environ.get("WAYLAND_DISPLAY")
                or environ.get("SDL_VIDEODRIVER"))


def default_scale(width, height, desktop=None):
    """A comfortable whole-number window zoom: 4x for 160x128, 3x for 240x240
    and 320x240, at most 4x, never larger than ~90% of the desktop."""
    scale = 4
    while scale > 1 and (width * scale > 1000 or height * scale > 800):
        scale -= 1
    if desktop:
        dw, dh = desktop
        while scale > 1 and (width * scale > dw * 0.9 or height * scale > dh * 0.85):
            scale -= 1
    return scale


class CountingDisplay(PyGameDisplay):
    """PyGameDisplay that refreshes only dirty areas and counts their pixels.

    After each refresh: ``last_areas`` is the list of (x1, y1, x2, y2) areas
    sent to the "panel" (clipped to the screen, x2/y2 exclusive),
    ``last_pixels`` their total size; ``refreshes`` and ``total_pixels``
    add up since creation or ``reset_counts()``.  A refresh that found
    nothing to redraw counts as a refresh of 0 pixels.

    width, height: device resolution (the frame is kept at that size).
    headless: draw into SDL's dummy video driver, no window.
    lazy: count each refresh's areas but draw nothing until the frame is
        read (``frame``, ``save``): then the whole screen is drawn, as a
        full refresh would. Tests that look at few frames run much faster;
        ``matches_full_redraw`` needs a display that draws every refresh.
    scale: window zoom for a visible window (None: ``default_scale``);
        the window is a pygame.SCALED one, so the frame stays at device size.
    caption: window title.
    Other keyword arguments go to PyGameDisplay / BusDisplay
    (e.g. ``auto_refresh``; default False, as a game sets it).
    """

    # Blinka lists a display (displayio.displays) in __new__, before __init__
    # runs, and its refresh thread may call _background() at once, which
    # reads _pygame_screen: until __init__ sets it, this says "no screen yet".
    _pygame_screen = None
    _window_surface = None  # the window; _pygame_screen becomes the panel it shows

    def __init__(self, width=160, height=128, *, headless=False, lazy=False, scale=None,
                 caption="Circuit Patience", auto_refresh=False, **kwargs):
        self.headless = headless
        self.lazy = lazy
        self._stale = False  # lazy: refreshes not drawn yet
        self.last_areas = []
        self.last_pixels = 0
        self.total_pixels = 0
        self.refreshes = 0
        self._areas = []
        self._counting = True
        self._window = None
        saved_driver = os.environ.get("SDL_VIDEODRIVER")
        if headless:
            os.environ["SDL_VIDEODRIVER"] = "dummy"  # read by pygame.init()
            flags = 0
        else:
            if not display_available():
                raise NoDisplayError(
                    "no display to open a window on (DISPLAY and WAYLAND_DISPLAY are unset)")
            flags = pygame.SCALED
        kwargs.setdefault("flags", flags)
        try:
            super().__init__(width=width, height=height, caption=caption,
                             auto_refresh=auto_refresh, **kwargs)
        except pygame.error as err:
            self._drop()
            if headless:
                raise
            raise NoDisplayError("cannot open a window: %s" % err) from err
        finally:
            if saved_driver is None:
                os.environ.pop("SDL_VIDEODRIVER", None)
            else:
                os.environ["SDL_VIDEODRIVER"] = saved_driver
        # PyGameDisplay draws into _pygame_screen: make that the panel, and show
        # it in the window through the backlight (``brightness``).
        self._window_surface = self._pygame_screen
        self._pygame_screen = pygame.Surface((width, height))
        self._present()
        self.scale = 1
        if not headless:
            if scale is None:
                try:
                    desktop = pygame.display.get_desktop_sizes()[0]
                except (pygame.error, IndexError):
                    desktop = None
                scale = default_scale(width, height, desktop)
            self.set_scale(scale)

    # ---- window -------------------------------------------------------------
    def set_scale(self, scale):
        """Resize the window to ``scale`` times the device resolution."""
        scale = max(1, int(scale))
        self.scale = scale
        if self.headless:
            return
        # pygame 2.x has no API to size a SCALED window; SDL2's Window object does.
        # Keep that object as long as pygame runs: pygame 2.6.1 puts it into
        # later window events, and once it is garbage-collected pygame.event.get()
        # dereferences the freed object and segfaults.
        from pygame._sdl2.video import Window  # pylint: disable=import-outside-toplevel
        if self._window is None:
            self._window = Window.from_display_module()
        self._window.size = (self.width * scale, self.height * scale)
        pygame.display.flip()

    # ---- the backlight -------------------------------------------------------
    @property
    def brightness(self):
        """The backlight, 0.0 (off) to 1.0: the window shows the panel this bright."""
        return busdisplay.BusDisplay.brightness.fget(self)

    @brightness.setter
    def brightness(self, value):
        busdisplay.BusDisplay.brightness.fset(self, value)
        self._present()

    def _present(self):
        """Show the panel in the window, darkened as the backlight says."""
        window, panel = self._window_surface, self._pygame_screen
        if window is None or panel is None:
            return
        window.blit(panel, (0, 0))
        level = round(255 * self.brightness)
        if level < 255:
            window.fill((level, level, level), special_flags=pygame.BLEND_MULT)
        pygame.display.flip()

    # ---- refresh like CircuitPython, counting pixels ------------------------
    def _get_refresh_areas(self):
        # PyGameDisplay 4.0.1 always returns the whole screen; BusDisplay's walk
        # returns displayio's dirty areas, as CircuitPython's refresh does.
        core = self._core
        if core.full_refresh and core.current_group is not None:
            # Blinka 2.7.1 only clears a layer's change flags when the dirty
            # walk visits it; CircuitPython clears them on every refresh. Walk
            # once and drop the areas, or the refresh after a full one would
            # redraw everything that was pending again.
            core.current_group._get_refresh_areas([])  # pylint: disable=protected-access
        return busdisplay.BusDisplay._get_refresh_areas(self)

    def _refresh_area(self, area):
        clipped = Area()
        if not self._core.clip_area(area, clipped):
            return True
        self._areas.append((clipped.x1, clipped.y1, clipped.x2, clipped.y2))  # as the panel gets it
        if self.lazy and self._counting:
            self._stale = True
            return True
        if clipped.size() % 2:
            # blinka-displayio-pygamedisplay 4.0.1 packs two pixels a word and
            # drops the last pixel of an odd-sized area, then fails to draw it;
            # CircuitPython rounds up. Draw one more column (the screen's width
            # is even, so an odd-wide area always has room on one side).
            if clipped.x2 < self.width:
                clipped.x2 += 1
            else:
                clipped.x1 -= 1
        return super()._refresh_area(clipped)

    def _refresh_display(self):
        if self._pygame_screen is None:  # closed
            return
        check(self._core.current_group)  # refuse what a board would not draw
        self._areas = []
        super()._refresh_display()  # into the panel
        self._present()
        if self._counting:
            self.last_areas = self._areas
            self.last_pixels = sum((x2 - x1) * (y2 - y1) for x1, y1, x2, y2 in self._areas)
            self.total_pixels += self.last_pixels
            self.refreshes += 1

    def reset_counts(self):
        """Zero ``refreshes``, ``total_pixels``, ``last_pixels``, ``last_areas``."""
        self.last_areas = []
        self.last_pixels = 0
        self.total_pixels = 0
        self.refreshes = 0

    def force_full_refresh(self):
        """Redraw the whole screen now (counted), as a new root group would."""
        self._core.full_refresh = True
        self._refresh_display()

    def matches_full_redraw(self):
        """True if the screen equals a full redraw of the current groups.

        Refreshes pending changes first (counted as usual), then redraws
        everything (not counted) and compares: False means the partial
        refreshes left stale pixels behind.
        """
        if self.lazy:
            raise ValueError("a lazy display draws only full frames: nothing to compare")
        self._refresh_display()
        before = self._frame_bytes()
        self._counting = False
        try:
            self._core.full_refresh = True
            self._refresh_display()
        finally:
            self._counting = True
        return self._frame_bytes() == before

    # ---- the frame ----------------------------------------------------------
    def frame(self):
        """A copy of what the panel shows, as a Surface at device resolution."""
        return self._surface().copy()

    def window(self):
        """The window's surface: the panel as the backlight shows it."""
        if self._stale:
            self._draw_all()
            self._present()
        return self._window_surface

    def save(self, path, scale=1):
        """Write what the panel shows to ``path`` as a PNG at device resolution
        (or ``scale`` times larger, each pixel a sharp square)."""
        surface = self._surface()
        if scale != 1:
            surface = pygame.transform.scale(surface, (surface.get_width() * scale,
                                                       surface.get_height() * scale))
        with open(path, "wb") as file:
            pygame.image.save(surface, file, "frame.png")  # the hint picks PNG

    def _surface(self):
        if self._pygame_screen is None:
            raise RuntimeError("the display is closed")
        if self._stale:
            self._draw_all()
        return self._pygame_screen

    def _draw_all(self):
        """Draw the whole screen now, not counted: what a lazy display owes."""
        self._stale = False
        self._counting = False
        try:
            self._core.full_refresh = True
            self._refresh_display()
        finally:
            self._counting = True

    def _frame_bytes(self):
        return pygame.image.tobytes(self._surface(), "RGB")

    # ---- lifetime -----------------------------------------------------------
    def close(self):
        """Release this display (and pygame) so that another can be made."""
        self._drop()
        self._auto_refresh = False
        if self._pygame_screen is not None:
            self._pygame_screen = self._window_surface = None
            pygame.quit()
        self._window = None  # only after pygame.quit(): see set_scale()

    def _drop(self):
        if self in displayio.displays:
            displayio.displays.remove(self)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

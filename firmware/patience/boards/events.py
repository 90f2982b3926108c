"""Key events between a board's buttons and the App: the pieces all profiles share.

``Event`` looks like a ``keypad.Event``; times are ``supervisor.ticks_ms()``
values. ``Reader`` reads a keypad object without allocating, ``Dimmer``
dims the backlight after a minute without a press, ``Merge`` joins several
keypad objects into one numbering. Every wrapper's ``events.get()`` returns
an event it keeps (good until its next call) or None, and allocates nothing
while no button is touched.
"""

from micropython import const

from ..input.ticks import ticks_diff, ticks_ms

IDLE_MS = const(60000)  # dim after a minute without a press
DIM_LEVEL = 0.1  # backlight while dimmed (0..1)


class Event:
    """A key event in the App's numbering (see patience.input.buttons)."""

    def __init__(self, key_number, pressed, timestamp=0):
        self.key_number = key_number
        self.pressed = pressed
        self.released = not pressed
        self.timestamp = timestamp


class Reader:
    """A keypad object's events read into the one ``keypad.Event`` it keeps:
    keypad's own ``get()`` makes a new Event at every call, even with none
    waiting (shared-module/keypad/EventQueue.c), ``get_into`` fills one."""

    def __init__(self, keys):
        import keypad
        self.keys = keys
        self.event = keypad.Event()
        self.events = self

    def get(self):
        """The next event (this reader's one Event, filled), or None."""
        return self.event if self.keys.events.get_into(self.event) else None


class Dimmer:
    """Passes ``source``'s events on; dims ``display`` after ``idle`` ms
    without a press and wakes it on the next press, which is swallowed
    together with its release so that it does nothing in the game.

    Where the display has no adjustable backlight nothing is dimmed and no
    press is swallowed. As the outermost keys object of an eight-button
    board it also tells the help what to call the D-pad (``pad``).
    """

    pad = "controls.dpad"  # a word key; the PyGamer's is its joystick

    def __init__(self, source, display, clock=None, idle=IDLE_MS, level=DIM_LEVEL):
        self.source = source
        self.display = display
        self.clock = clock or ticks_ms
        self.idle = idle
        self.level = level
        self.events = self
        self.last = self.clock()
        self.bright = None  # the brightness to restore while dimmed
        self.swallow = -1  # key whose release is still to be swallowed
        self.works = True

    def get(self):
        """The next event to act on, or None."""
        event = self.source.events.get()
        while event:
            if not event.pressed:
                if event.key_number != self.swallow:
                    return event
                self.swallow = -1
            else:
                self.last = self.clock()
                if self.bright is None:
                    return event
                self._wake()
                self.swallow = event.key_number
            event = self.source.events.get()
        if self.bright is None and self.works and ticks_diff(self.clock(), self.last) >= self.idle:
            self._dim()
        return None

    def _dim(self):
        try:
            bright = self.display.brightness
            bright = 1.0 if bright is None else bright
            self.display.brightness = min(bright, self.level)
            self.bright = bright
        except Exception:  # pylint: disable=broad-except  # no backlight control here
            self.works = False

    def _wake(self):
        bright, self.bright = self.bright, None
        try:
            self.display.brightness = bright
        except Exception:  # pylint: disable=broad-except
            self.works = False


class Merge:
    """Several keypad objects as one: ``parts`` is a sequence of
    (keys, first key number); the keys of each part are numbered from it."""

    def __init__(self, parts):
        self.parts = parts
        self.event = Event(0, False)  # filled for each event given
        self.events = self

    def get(self):
        """The next event of any part, renumbered (this Merge's one Event), or None."""
        for keys, first in self.parts:
            got = keys.events.get()
            if got:
                event = self.event
                event.key_number, event.timestamp = first + got.key_number, got.timestamp
                event.pressed, event.released = got.pressed, not got.pressed
                return event
        return None

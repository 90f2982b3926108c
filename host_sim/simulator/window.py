"""The simulator window's keyboard works the board's controls.

``Keyboard(display, controls).pump`` is what ``Controls.pump`` calls before
the firmware reads a pin: pygame's pending events become presses and
releases of the board's controls (the desktop keys of boards.py; a control
with two keys is pressed while either is held), so the firmware's own main
loop keeps the window alive. Closing the window or Ctrl+Q raises
``SystemExit(0)``, Ctrl+C ``KeyboardInterrupt``; an exposed window is
re-presented; the refresh Blinka's background thread asks for (while
``auto_refresh`` is on) is done here, on the main thread, where pygame draws.
"""

import pygame
from blinka_displayio_pygamedisplay import _DISPLAYIO_EVENT


class Keyboard:
    """The desktop keys of ``controls``' board, pumped into ``controls``."""

    def __init__(self, display, controls):
        self.display = display
        self.controls = controls
        self.keymap = {getattr(pygame, constant): control.name
                       for control in controls.board.controls for constant, _ in control.keys}
        self.held = {}  # control name -> desktop keys holding it

    def pump(self):
        """Move pygame's pending events onto the controls."""
        if not pygame.display.get_init():
            return
        for event in pygame.event.get():
            self._event(event)

    def _event(self, event):
        if event.type == pygame.KEYDOWN:
            mod = getattr(event, "mod", 0)
            if event.key == pygame.K_q and mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
                raise SystemExit(0)
            if event.key == pygame.K_c and mod & pygame.KMOD_CTRL:
                raise KeyboardInterrupt
            self._key(event.key, True)
        elif event.type == pygame.KEYUP:
            self._key(event.key, False)
        elif event.type in (pygame.QUIT, pygame.WINDOWCLOSE):
            raise SystemExit(0)
        elif event.type == pygame.WINDOWFOCUSLOST:
            self.held.clear()  # the key-ups go to the other window now
            self.controls.release_all()
        elif event.type in (pygame.WINDOWEXPOSED, pygame.WINDOWRESTORED, pygame.WINDOWSHOWN):
            pygame.display.flip()  # re-present the last frame
        elif event.type == _DISPLAYIO_EVENT:
            self.display._refresh_display()  # pylint: disable=protected-access

    def _key(self, key, pressed):
        name = self.keymap.get(key)
        if name is None:
            return
        holders = self.held.setdefault(name, set())
        if pressed:
            holders.add(key)
            self.controls.press(name)
        else:
            holders.discard(key)
            if not holders:
                self.controls.release(name)

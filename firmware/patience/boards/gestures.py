"""Few buttons, eight logical ones: taps, holds, double taps and chords.

``Gestures`` reads a board's raw buttons and gives the App presses (each at
once followed by its release) of the eight logical buttons. What a gesture
means depends on a scheme (see few_buttons.py) and on the input mode the screen in
front asks for (``app.input_mode()``: GAME, LIST or DIGITS, see
input.buttons).
"""

# A scheme is three rows, one per mode, each (tap, hold, double, long): bytes
# with one logical button per raw button (NONE for nothing), double and long
# may be None. ``chords`` maps a mask of raw buttons (bit n = button n) to a
# logical button.
#
# - tap: pressed and let go before HOLD_MS; with a double-tap action it waits
#   DOUBLE_MS for a second tap first.
# - hold: fires once held for HOLD_MS; an arrow then repeats every REPEAT_MS
#   until let go. If the button has a long action the hold fires on letting go
#   instead (between HOLD_MS and LONG_MS), and the long action at LONG_MS.
# - double: a second press within DOUBLE_MS of a tap's release.
# - chord: a second button pressed while the first is still down and nothing
#   has fired yet; the gesture then ends when all are let go.

from micropython import const

from ..input import buttons
from .events import Event
from ..input.ticks import ticks_add, ticks_diff, ticks_ms

NONE = const(255)
HOLD_MS = const(500)
LONG_MS = const(1500)
DOUBLE_MS = const(300)
REPEAT_MS = const(300)


def _game_mode():
    return buttons.GAME


class Gestures:
    """Raw buttons from ``source`` as logical presses, per ``scheme``."""

    def __init__(self, source, scheme, chords, names, clock=None):
        self.source = source
        self.scheme = scheme
        self.chords = chords
        self.names = names  # the raw buttons' names, as printed on the board
        self.clock = clock or ticks_ms
        self.mode = _game_mode
        self.events = self
        self.out = []
        self.row = scheme[buttons.GAME]  # the gesture's (tap, hold, double, long)
        self.down = 0  # mask of raw buttons down
        self.first = -1  # the button that began the gesture
        self.since = 0
        self.fired = False  # the gesture has acted: letting go does nothing
        self.repeat = NONE
        self.next_at = 0
        self.pending = -1  # a tap waiting to see if a second one follows
        self.pending_at = 0

    def attach(self, app):
        """Read gestures in the mode ``app``'s screen asks for."""
        self.mode = app.input_mode

    def get(self):
        """The next logical event, or None."""
        if not self.out:
            now = self.clock()
            event = self.source.events.get()
            while event:
                if event.pressed:
                    self._press(event.key_number, now)
                else:
                    self._release(event.key_number, now)
                event = self.source.events.get()
            self._poll(now)
        return self.out.pop(0) if self.out else None

    def _emit(self, button, now):
        if button != NONE:
            self.out.append(Event(button, True, now))
            self.out.append(Event(button, False, now))

    def _press(self, key, now):
        bit = 1 << key
        if self.pending >= 0:
            pending, self.pending = self.pending, -1
            if pending == key and ticks_diff(now, self.pending_at) < DOUBLE_MS:
                self._emit(self.row[buttons.DOUBLE][key], now)
                self.down, self.first, self.fired = bit, key, True
                return
            self._emit(self.row[buttons.TAP][pending], now)
        if not self.down:
            self.first, self.since, self.fired = key, now, False
            self.row = self.scheme[self.mode()]
        elif not self.fired:
            self._emit(self.chords[self.down | bit], now)
            self.fired = True
        self.down |= bit

    def _release(self, key, now):
        self.down &= ~(1 << key)
        if self.down:
            return
        self.repeat = NONE
        if self.fired:
            return
        tap, hold, double, long = self.row
        first = self.first
        if long is not None and long[first] != NONE and ticks_diff(now, self.since) >= HOLD_MS:
            self._emit(hold[first], now)
        elif double is not None and double[first] != NONE:
            self.pending, self.pending_at = first, now
        else:
            self._emit(tap[first], now)

    def _poll(self, now):
        if self.pending >= 0 and ticks_diff(now, self.pending_at) >= DOUBLE_MS:
            self._emit(self.row[buttons.TAP][self.pending], now)
            self.pending = -1
        if not self.down or self.down != 1 << self.first:
            return
        if self.fired:
            if self.repeat != NONE and ticks_diff(now, self.next_at) >= 0:
                self._emit(self.repeat, now)
                self.next_at = ticks_add(now, REPEAT_MS)
            return
        self._held(now, ticks_diff(now, self.since))

    def _held(self, now, held):
        _, hold, _, long = self.row
        first = self.first
        if long is not None and long[first] != NONE:
            if held >= LONG_MS:
                self.fired = True
                self._emit(long[first], now)
        elif held >= HOLD_MS and hold[first] != NONE:
            self.fired = True
            self._emit(hold[first], now)
            if buttons.is_arrow(hold[first]):
                self.repeat, self.next_at = hold[first], ticks_add(now, REPEAT_MS)

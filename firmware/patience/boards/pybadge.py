"""PyBadge, PyBadge LC, EdgeBadge and PyGamer: buttons on a shift register."""

# The PyBadge family has all eight buttons on the register, already in the
# game's order (B, A, Start, Select, right, down, up, left). The PyGamer has
# only the four face buttons there (key numbers 0-3, the same order) and an
# analog joystick that ``Stick`` turns into the D-pad: a direction is pressed
# while the stick is pushed past ``PUSH`` from the centre and released when it
# comes back inside ``LET_GO`` (the gap between the two stops jitter). The
# App repeats a held direction itself.

from micropython import const

from ..input import buttons
from .events import Dimmer, Event, Reader
from ..input.ticks import ticks_ms

CENTRE = const(32768)
PUSH = const(16000)  # deflection (of 32768) that presses a direction
LET_GO = const(10000)  # deflection below which it is released again
# (low side, high side) of each axis: x is left/right, y is up/down
_SIDES = ((buttons.LEFT, buttons.RIGHT), (buttons.UP, buttons.DOWN))


def shift_keys(board, count):
    """The keypad object for the first ``count`` buttons of the register."""
    import keypad
    return keypad.ShiftRegisterKeys(clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT,
                                    latch=board.BUTTON_LATCH, key_count=count,
                                    value_when_pressed=True)


def badge(board, display, clock=None):
    """PyBadge, PyBadge LC, EdgeBadge: the eight buttons as they are."""
    return Dimmer(Reader(shift_keys(board, 8)), display, clock)


def gamer(board, display, clock=None):
    """PyGamer: four face buttons plus the joystick as the D-pad."""
    import analogio
    stick = Stick(Reader(shift_keys(board, 4)), analogio.AnalogIn(board.JOYSTICK_X),
                  analogio.AnalogIn(board.JOYSTICK_Y), clock)
    keys = Dimmer(stick, display, clock)
    keys.pad = "controls.joystick"  # what the help calls its D-pad
    return keys


class Stick:
    """The face buttons' events, then the joystick's presses and releases."""

    def __init__(self, keys, x, y, clock=None):
        self.keys = keys
        self.axes = (x, y)
        self.clock = clock or ticks_ms
        self.held = [-1, -1]  # the direction each axis holds, or -1
        self.out = []
        self.events = self

    def get(self):
        """The next event, or None."""
        event = self.keys.events.get()
        if event:
            return event
        if not self.out:
            self._read(0)
            self._read(1)
        return self.out.pop(0) if self.out else None

    def _read(self, axis):
        offset = self.axes[axis].value - CENTRE
        held = self.held[axis]
        low, high = _SIDES[axis]
        want = held
        if offset >= PUSH:
            want = high
        elif offset <= -PUSH:
            want = low
        elif (held == high and offset < LET_GO) or (held == low and offset > -LET_GO):
            want = -1
        if want != held:
            now = self.clock()
            if held >= 0:
                self.out.append(Event(held, False, now))
            if want >= 0:
                self.out.append(Event(want, True, now))
            self.held[axis] = want

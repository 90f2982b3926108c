"""Boards with one, two or three buttons: the CLUE and the Feather TFTs.

Hold = keep pressed half a second; held arrows repeat until let go.

Two buttons (CLUE: A on the left, B on the right)::

    B tap    next pile (right; in lists: down)
    B hold   up: a row up, or one more card where groups move
             (in lists: up; typing a deal number: digit + 1)
    A tap    A: take / put / deal, choose
    A hold   B: put back / send home, back
    A + B    Start: the menu (and closes it)
"""

# Three buttons (Feather ESP32-S2/S3 Reverse TFT: D0, D1, D2)::
#
#     D0 tap / hold   left / up      (in lists: up)
#     D2 tap / hold   right / down   (in lists: down)
#     D1 tap / hold   A / B
#     D0 + D1         Select: undo
#     D1 + D2         Start: the menu (D0 + D2 too)
#
# One button (Feather ESP32-S2/S3 TFT: the BOOT button)::
#
#     tap                      next pile (right; in lists: down)
#     double tap               up (a row up, or one more card)
#     hold, let go (0.5-1.5 s) A: take / put / deal, choose
#     hold 1.5 s               Start: the menu (in the menu: back)
#
# With one button, undo is in the menu, and taken cards go back with A on
# their own pile.

from ..input import buttons
from .events import Dimmer, Merge, Reader
from .gestures import NONE, Gestures

_N = NONE
A, B, START, SELECT = buttons.A, buttons.B, buttons.START, buttons.SELECT
RIGHT, DOWN, UP, LEFT = buttons.RIGHT, buttons.DOWN, buttons.UP, buttons.LEFT

# rows: (tap, hold, double, long) per raw button; schemes: (GAME, LIST, DIGITS)
_TWO_GAME = (bytes((A, RIGHT)), bytes((B, UP)), None, None)
_TWO_LIST = (bytes((A, DOWN)), bytes((B, UP)), None, None)
TWO = (_TWO_GAME, _TWO_LIST, _TWO_GAME)
TWO_CHORDS = bytes((_N, _N, _N, START))

_THREE_GAME = (bytes((LEFT, A, RIGHT)), bytes((UP, B, DOWN)), None, None)
_THREE_LIST = (bytes((UP, A, DOWN)), bytes((UP, B, DOWN)), None, None)
THREE = (_THREE_GAME, _THREE_LIST, _THREE_GAME)
THREE_CHORDS = bytes((_N, _N, _N, SELECT, _N, START, START, START))

_ONE_GAME = (bytes((RIGHT,)), bytes((A,)), bytes((UP,)), bytes((START,)))
_ONE_LIST = (bytes((DOWN,)), bytes((A,)), bytes((UP,)), bytes((B,)))
_ONE_DIGITS = (bytes((RIGHT,)), bytes((A,)), bytes((UP,)), bytes((B,)))
ONE = (_ONE_GAME, _ONE_LIST, _ONE_DIGITS)
ONE_CHORDS = bytes((_N, _N))


def two(board, display, clock=None):
    """CLUE (and any board with BUTTON_A and BUTTON_B pulled up)."""
    import keypad
    keys = keypad.Keys((board.BUTTON_A, board.BUTTON_B), value_when_pressed=False, pull=True)
    return Gestures(Dimmer(Reader(keys), display, clock), TWO, TWO_CHORDS, ("A", "B"), clock)


def three(board, display, clock=None):
    """Feather Reverse TFT: D0 reads low when pressed, D1 and D2 high."""
    import keypad
    low = keypad.Keys((board.D0,), value_when_pressed=False, pull=True)
    high = keypad.Keys((board.D1, board.D2), value_when_pressed=True, pull=True)
    keys = Merge(((Reader(low), 0), (Reader(high), 1)))
    return Gestures(Dimmer(keys, display, clock), THREE, THREE_CHORDS, ("D0", "D1", "D2"), clock)


def one(board, display, clock=None):
    """Feather TFT: only the BOOT button (board.BUTTON), low when pressed."""
    import keypad
    keys = keypad.Keys((board.BUTTON,), value_when_pressed=False, pull=True)
    return Gestures(Dimmer(Reader(keys), display, clock), ONE, ONE_CHORDS, ("BOOT",), clock)

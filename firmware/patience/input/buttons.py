"""The eight buttons the game is played with, and the input modes screens ask for.

Board profiles (``patience.boards``) turn their own keys into these numbers
(PyBadge keypad order). Boards with fewer buttons read gestures whose
meaning depends on the mode the screen in front asks for: GAME (the table),
LIST (choosing from a list: title, menu) or DIGITS (typing a number).
"""

from micropython import const

B = const(0)
A = const(1)
START = const(2)
SELECT = const(3)
RIGHT = const(4)
DOWN = const(5)
UP = const(6)
LEFT = const(7)
NAMES = ("b", "a", "start", "select", "right", "down", "up", "left")

GAME = const(0)
LIST = const(1)
DIGITS = const(2)

# A few-button board's gestures, in the order of its scheme's rows (see
# patience.boards.gestures); its keys object has ``scheme`` (rows per mode),
# ``chords`` (a logical button per mask of raw buttons) and ``names`` (the
# raw buttons' names). An eight-button board's keys may name its D-pad
# (``pad``: a word key). Either may carry ``labels``: the desktop keys that
# stand for each button, by name, where the simulator runs it.
TAP = const(0)
HOLD = const(1)
DOUBLE = const(2)
LONG = const(3)


def is_arrow(button):
    """True for the D-pad, whose buttons repeat while held."""
    return button >= RIGHT

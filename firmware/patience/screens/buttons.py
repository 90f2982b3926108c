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


def is_arrow(button):
    """True for the D-pad, whose buttons repeat while held."""
    return button >= RIGHT

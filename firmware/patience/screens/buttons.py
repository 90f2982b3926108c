"""The eight buttons the game is played with, in PyBadge keypad order.

Board profiles map their own keys onto these numbers.
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
COUNT = const(8)
NAMES = ("b", "a", "start", "select", "right", "down", "up", "left")


def is_arrow(button):
    """True for the D-pad, whose buttons repeat while held."""
    return button >= RIGHT

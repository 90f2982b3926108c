"""What a pile is: its kind, and how its cards spread on screen.

Each rules module declares ``KINDS`` (one kind per pile, in docs/rules.md's pile
numbers) and ``LAYOUT`` (one (column, row, fan) triple per pile); these are
the values those bytes hold.
"""

from micropython import const

STOCK = const(0)
WASTE = const(1)
FOUNDATION = const(2)
TABLEAU = const(3)
RESERVE = const(4)
KIND_NAMES = ("stock", "waste", "foundation", "tableau", "reserve")

FAN_NONE = const(0)   # only the top card shows
FAN_DOWN = const(1)   # cards spread downwards
FAN_RIGHT = const(2)  # cards spread to the right

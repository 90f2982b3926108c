"""Eagle Wing: the rules (deal, pick-up, drop) on the shared engine.

Piles: 0 stock, 1 waste, 2-5 foundations, 6-9 left wing, 10 the trunk
(reserve), 11-14 right wing. Tableau piles build down in suit, three cards
at most; an emptied wing pile is refilled from the trunk at once.
"""

from micropython import const

from ..core.cards import FACE_UP, rank, next_rank
from ..core.piles import STOCK, WASTE, FOUNDATION, TABLEAU, RESERVE
from ..core.piles import FAN_NONE as _, FAN_DOWN as D

NAME = "eagle-wing"
NUMBER = 0  # its id in saves: fixed for ever, never reused
KINDS = bytes((STOCK, WASTE, FOUNDATION, FOUNDATION, FOUNDATION, FOUNDATION,
               TABLEAU, TABLEAU, TABLEAU, TABLEAU, RESERVE,
               TABLEAU, TABLEAU, TABLEAU, TABLEAU))
REDEALS = 2
DEAL_ROW = None
FIRST_FOUNDATION = None
FLIP_AFTER_MOVE = False
REFILL_FROM = 10
REVERSE_HOME = True
_TRUNK = const(10)
_WING = (6, 7, 8, 9, 11, 12, 13, 14)
_WING_LIMIT = const(3)
COLUMNS = 9
ROWS = 2
LAYOUT = bytes((  # (column, row, fan) of each pile in turn
    0, 0, _,  1, 0, _,  5, 0, _,  6, 0, _,
    7, 0, _,  8, 0, _,  0, 1, D,  1, 1, D,
    2, 1, D,  3, 1, D,  4, 1, D,  5, 1, D,
    6, 1, D,  7, 1, D,  8, 1, D,
))


def deal(d, deck):
    """Trunk: deck[0] face up then 12 face down; 8 wing cards; base; stock."""
    d.put(_TRUNK, deck[0] | FACE_UP)
    for i in range(1, 13):
        d.put(_TRUNK, deck[i])
    for i, pile in enumerate(_WING):
        d.put(pile, deck[13 + i] | FACE_UP)
    d.base(2, deck[21])
    d.stock(deck, 22)


def stock_works(g):
    """The stock always answers a press (it may have nothing to do)."""
    return True


def can_pick(g, src, n):
    """Waste top, any tableau group, the trunk's last (face-up) card."""
    kind = g.kinds[src]
    if kind == TABLEAU:
        return True
    if kind == WASTE:
        return n == 1
    return kind == RESERVE and n == 1 and bool(g.card(src) & FACE_UP)


def can_drop(g, src, n, dst):
    """Foundations take the group's top card first; wing piles one card."""
    kind = g.kinds[dst]
    moved = g.card(src)
    if kind == FOUNDATION:
        return g.builds_home(dst, moved)
    if kind != TABLEAU or n != 1:
        return False
    size = g.size(dst)
    if size == 0:
        return True
    top = g.card(dst)
    return (size < _WING_LIMIT and (moved & 0x30) == (top & 0x30)
            and next_rank(rank(moved)) == rank(top))

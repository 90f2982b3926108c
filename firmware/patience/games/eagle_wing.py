"""Eagle Wing: the rules (deal, pick-up, drop) on the shared engine.

Piles: 0 stock, 1 waste, 2-5 foundations, 6-9 left wing, 10 the trunk
(reserve), 11-14 right wing. Tableau piles build down in suit, three cards
at most; an emptied wing pile is refilled from the trunk at once.
"""

from micropython import const

from ..core.cards import FACE_UP, rank, next_rank
from ..core.problems import (ONE_AT_A_TIME, ONLY_TOP, PILE_FULL, STAYS_HOME, SUIT_BELOW,
                        TRUNK_CLOSED)
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
    2, 1, D,  3, 1, D,  4, 1, _,  5, 1, D,
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


def pick_problem(g, src, n):
    """The waste's top card, any tableau group, the trunk's last (face-up) card."""
    kind = g.kinds[src]
    if kind == TABLEAU:
        return 0
    if kind == FOUNDATION:
        return STAYS_HOME
    if kind == RESERVE and not g.card(src) & FACE_UP:
        return TRUNK_CLOSED
    return 0 if n == 1 else ONLY_TOP


def drop_problem(g, src, n, dst):
    """Foundations take the group's top card first; wing piles one card,
    the same suit one lower, three cards at most."""
    moved = g.card(src)
    if g.kinds[dst] == FOUNDATION:
        return g.home_problem(dst, moved)
    if n != 1:
        return ONE_AT_A_TIME
    size = g.size(dst)
    if size == 0:
        return 0
    if size >= _WING_LIMIT:
        return PILE_FULL
    top = g.card(dst)
    if (moved & 0x30) == (top & 0x30) and next_rank(rank(moved)) == rank(top):
        return 0
    return SUIT_BELOW

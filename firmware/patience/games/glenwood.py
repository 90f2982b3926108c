"""Glenwood: the rules (deal, pick-up, drop) on the shared engine.

Piles: 0 stock, 1 waste, 2-5 foundations, 6 reserve, 7-10 tableau,
11-13 reserves. The first card the player puts on pile 2 fixes the base;
until then only reserve cards move and the stock is closed.
"""

from ..core.cards import FACE_UP, is_red, rank, next_rank
from ..core.problems import (BASE_FIRST, ONE_AT_A_TIME, ONLY_TOP, OTHER_BELOW, RESERVES_FIRST,
                        STAYS_HOME, TOP_OR_WHOLE)
from ..core.piles import STOCK, WASTE, FOUNDATION, TABLEAU, RESERVE
from ..core.piles import FAN_NONE as _, FAN_DOWN as D

NAME = "glenwood"
NUMBER = 2  # its id in saves: fixed for ever, never reused
KINDS = bytes((STOCK, WASTE, FOUNDATION, FOUNDATION, FOUNDATION, FOUNDATION,
               RESERVE, TABLEAU, TABLEAU, TABLEAU, TABLEAU,
               RESERVE, RESERVE, RESERVE))
REDEALS = 1
DEAL_ROW = None
FIRST_FOUNDATION = 2
FLIP_AFTER_MOVE = False
REFILL_FROM = None
REVERSE_HOME = False
_RESERVES = (6, 11, 12, 13)
COLUMNS = 8
ROWS = 2
LAYOUT = bytes((  # (column, row, fan) of each pile in turn
    0, 0, _,  1, 0, _,  4, 0, _,  5, 0, _,
    6, 0, _,  7, 0, _,  0, 1, D,  1, 1, D,
    2, 1, D,  3, 1, D,  4, 1, D,  5, 1, D,
    6, 1, D,  7, 1, D,
))


def deal(d, deck):
    """Three rounds onto the reserves, one card per tableau pile; stock."""
    for i in range(12):
        d.put(_RESERVES[i % 4], deck[i] | FACE_UP)
    for i in range(4):
        d.put(7 + i, deck[12 + i] | FACE_UP)
    d.stock(deck, 16)


def stock_works(g):
    """The stock opens once the base card is on pile 2."""
    return g.base != 0


def pick_problem(g, src, n):
    """Reserve tops always; waste top, tableau top or whole pile after base."""
    kind = g.kinds[src]
    if kind == FOUNDATION:
        return STAYS_HOME
    if kind != RESERVE and g.base == 0:
        return BASE_FIRST
    if kind == TABLEAU:
        return 0 if n == 1 or n == g.size(src) else TOP_OR_WHOLE
    return 0 if n == 1 else ONLY_TOP


def _reserves_empty(g):
    for pile in _RESERVES:
        if g.size(pile):
            return False
    return True


def drop_problem(g, src, n, dst):
    """Single cards home; opposite colour down on the tableau."""
    deepest = g.card(src, n - 1)
    if g.kinds[dst] == FOUNDATION:
        return g.home_problem(dst, deepest) if n == 1 else ONE_AT_A_TIME
    if g.kinds[src] == TABLEAU and n != g.size(src):
        return TOP_OR_WHOLE
    if g.size(dst) == 0:
        return RESERVES_FIRST if g.kinds[src] == WASTE and not _reserves_empty(g) else 0
    top = g.card(dst)
    if is_red(top) != is_red(deepest) and next_rank(rank(deepest)) == rank(top):
        return 0
    return OTHER_BELOW

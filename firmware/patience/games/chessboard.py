"""Chessboard: the rules (deal, pick-up, drop) on the shared engine.

Piles: 14 slots in five rows; foundations 3, 6, 9, 12, the rest tableau.
Everything is dealt face up; no stock. Any card starts the first
foundation and fixes the base; tableau piles take the same suit one up
or one down.
"""

from ..core.cards import FACE_UP, rank, next_rank
from ..core.problems import ONLY_TOP, STAYS_HOME, SUIT_NEXT
from ..core.piles import FOUNDATION, TABLEAU
from ..core.piles import FAN_NONE as _, FAN_RIGHT as R

NAME = "chessboard"
NUMBER = 3  # its id in saves: fixed for ever, never reused
KINDS = bytes((TABLEAU, TABLEAU, TABLEAU, FOUNDATION, TABLEAU, TABLEAU, FOUNDATION,
               TABLEAU, TABLEAU, FOUNDATION, TABLEAU, TABLEAU, FOUNDATION, TABLEAU))
REDEALS = 0
DEAL_ROW = None
FIRST_FOUNDATION = None
FLIP_AFTER_MOVE = False
REFILL_FROM = None
REVERSE_HOME = False
_ROUND = (0, 2, 5, 8, 11, 1, 4, 7, 10, 13)
COLUMNS = 9
ROWS = 5
LAYOUT = bytes((  # (column, row, fan) of each pile in turn
    0, 0, R,  5, 0, R,  0, 1, R,  4, 1, _,
    5, 1, R,  0, 2, R,  4, 2, _,  5, 2, R,
    0, 3, R,  4, 3, _,  5, 3, R,  0, 4, R,
    4, 4, _,  5, 4, R,
))


def deal(d, deck):
    """Five rounds over the ten tableau piles, then one more to 0 and 1."""
    for i in range(50):
        d.put(_ROUND[i % 10], deck[i] | FACE_UP)
    d.put(0, deck[50] | FACE_UP)
    d.put(1, deck[51] | FACE_UP)


def stock_works(g):
    """There is no stock."""
    return False


def pick_problem(g, src, n):
    """The top card of a tableau pile."""
    if g.kinds[src] == FOUNDATION:
        return STAYS_HOME
    return 0 if n == 1 else ONLY_TOP


def drop_problem(g, src, n, dst):
    """Home by suit from the base; tableau by suit one up or one down."""
    card = g.card(src)
    if g.kinds[dst] == FOUNDATION:
        return g.home_problem(dst, card)
    if g.size(dst) == 0:
        return 0
    top = g.card(dst)
    if (card & 0x30) == (top & 0x30) and (
            next_rank(rank(card)) == rank(top) or next_rank(rank(top)) == rank(card)):
        return 0
    return SUIT_NEXT

"""Agnes: the rules (deal, pick-up, drop) on the shared engine.

Piles: 0 stock, 1-4 foundations, 5-11 tableau. Tableau builds down in
colour; groups move as one; foundation cards may come back into play. The
stock deals a row onto the seven tableau piles; there is no redeal.
"""

from ..core.cards import FACE_UP, is_red, rank, next_rank
from ..core.problems import COLOUR_BELOW, FACE_DOWN, NOT_A_RUN, ONE_AT_A_TIME, ONLY_TOP, STOCK_FILLS
from ..core.piles import STOCK, FOUNDATION, TABLEAU
from ..core.piles import FAN_NONE as _, FAN_DOWN as D

NAME = "agnes"
NUMBER = 1  # its id in saves: fixed for ever, never reused
KINDS = bytes((STOCK, FOUNDATION, FOUNDATION, FOUNDATION, FOUNDATION,
               TABLEAU, TABLEAU, TABLEAU, TABLEAU, TABLEAU, TABLEAU, TABLEAU))
REDEALS = 0
DEAL_ROW = (5, 6, 7, 8, 9, 10, 11)
FIRST_FOUNDATION = None
FLIP_AFTER_MOVE = True
REFILL_FROM = None
REVERSE_HOME = False
COLUMNS = 7
ROWS = 2
LAYOUT = bytes((  # (column, row, fan) of each pile in turn
    0, 0, _,  3, 0, _,  4, 0, _,  5, 0, _,
    6, 0, _,  0, 1, D,  1, 1, D,  2, 1, D,
    3, 1, D,  4, 1, D,  5, 1, D,  6, 1, D,
))


def deal(d, deck):
    """28 cards in rounds onto piles 5-11, tops face up; base; stock."""
    at = 0
    for first in range(5, 12):
        for pile in range(first, 12):
            d.put(pile, deck[at])
            at += 1
    for pile in DEAL_ROW:
        d.turn_up(pile)
    d.base(1, deck[28])
    d.stock(deck, 29)


def stock_works(g):
    """The stock deals while it has cards."""
    return True


def _descends(g, lower, upper):
    """True when ``upper`` may lie on ``lower`` inside a group."""
    base = g.base
    if rank(lower) == base or is_red(lower) != is_red(upper):
        return False
    return next_rank(rank(upper)) == rank(lower) and not (base == 1 and rank(upper) == 13)


def pick_problem(g, src, n):
    """A foundation's top card, or a face-up same-colour run down."""
    if g.kinds[src] == FOUNDATION:
        return 0 if n == 1 else ONLY_TOP
    if not g.card(src, n - 1) & FACE_UP:
        return FACE_DOWN
    for depth in range(n - 1):
        if not _descends(g, g.card(src, depth + 1), g.card(src, depth)):
            return NOT_A_RUN
    return 0


def drop_problem(g, src, n, dst):
    """Foundations take single cards; non-empty tableau piles take runs."""
    if g.kinds[dst] == FOUNDATION:
        return g.home_problem(dst, g.card(src)) if n == 1 else ONE_AT_A_TIME
    if g.size(dst) == 0:
        return STOCK_FILLS
    deepest = g.card(src, n - 1)
    top = g.card(dst)
    if is_red(top) == is_red(deepest) and next_rank(rank(deepest)) == rank(top):
        return 0
    return COLOUR_BELOW

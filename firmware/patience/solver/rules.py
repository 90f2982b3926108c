"""What the solver knows about each game: its facts and its move generators."""

# ``facts.facts_for(name, strict=False)`` gives a ``Facts``: the structural facts
# ``Position`` needs (which foundation a first card must go to, the trunk that
# refills emptied wing piles, the piles a stock press deals a row onto, and
# ``key(piles, counts)``, the canonical key, which says which piles are
# interchangeable) and ``moves(position)``, the game's own move generator. A
# generator returns the moves worth trying, as ints
# (``position.move_code``) or ``PRESS``, the best one LAST (the search pops
# them). It yields only moves the engine accepts, and leaves out only moves
# that are proved unnecessary (the argument is next to each rule):
#
# - Symmetry: of several empty piles of one interchangeable set only the
#   first is a target, and a whole pile is never moved onto an empty pile of
#   its own set: the positions reached differ only by the order of
#   interchangeable piles, which ``Position.key`` ignores.
# - Safe moves home (``safe_*``): when a card can go home and no card still in
#   play could ever need it, that move is the only one returned. Each rule's
#   proof is a simulation: from any winning line L of the position, a line L'
#   with the card home first is built by replaying L, skipping the moves of
#   the card, and sending home at once any card L puts on it; L' is shorter
#   than L, so by induction on line length no winnable position is lost.
#
# The Eagle Wing and Glenwood generators live in ``stock`` (the games with a
# stock and a waste), Agnes's in ``agnes``; Chessboard's is here.

from micropython import const

from ..core.cards import FACE_UP

_BOARD = (0, 1, 2, 4, 5, 7, 8, 10, 11, 13)  # Chessboard tableau
_ID = const(0x3F)                       # a card byte without its face bit
SEPARATOR = b"\xff"                      # between the parts of a key: never a card


def _table(suit_of, step):
    """Per card id: the card of suit ``suit_of(suit)`` ``step`` ranks away
    (1 or -1, king and ace next to each other)."""
    return bytes((suit_of((i >> 4) & 3) << 4 | ((i & 15) + step - 1) % 13 + 1)
                 if 1 <= i & 15 <= 13 else 0 for i in range(64))


SAME_UP = _table(lambda suit: suit, 1)       # same suit, one rank higher
SAME_DOWN = _table(lambda suit: suit, -1)    # same suit, one rank lower
TWIN_UP = _table(lambda suit: 3 - suit, 1)   # the other suit of its colour, one higher


class Facts:
    """One game's facts for ``Position`` and its move generator."""

    def __init__(self, name, moves, key, first_foundation=-1, refill_from=-1,
                 deal_row=None):
        self.name = name
        self.moves = moves
        self.key = key
        self.first_foundation = first_foundation
        self.refill_from = refill_from
        self.deal_row = deal_row


def up(rank):
    """The rank one higher, king to ace."""
    return rank % 13 + 1


def position_of(card, base):
    """How far above the base a card is: 0 (base rank) to 12."""
    return ((card & 15) - base) % 13


def top_index(piles, group):
    """{card id: pile} for the top cards of the non-empty piles of ``group``."""
    tops = {}
    for pile in group:
        cards = piles[pile]
        if cards:
            tops[cards[-1] & _ID] = pile
    return tops


def home_targets(pos, sources, safe):
    """``(found, default, forced)``: ``found.get(card & 0x3F, default)`` is
    the foundation a card may go to now, or -1 (``Position.home_targets``);
    ``forced`` is the move home of the lowest card on top of ``sources``
    that may go home and that ``safe(card, pos)`` (None: no rule) says is
    safe, or 0.

    Choosing by card rather than by pile makes the forced move the same
    for every order of interchangeable piles, so it depends on the key only.
    """
    found, default = pos.home_targets()
    best = 0
    lowest = 64
    if pos.base and safe is not None:
        for src in sources:
            cards = pos.piles[src]
            if cards:
                card = cards[-1]
                home = found.get(card & _ID, -1)
                if home >= 0 and card & FACE_UP and card & _ID < lowest and safe(card, pos):
                    best = src | 16 | home << 10
                    lowest = card & _ID
    return found, default, best


def first_empty(piles, group):
    """The first empty pile of ``group``, or -1."""
    for pile in group:
        if not piles[pile]:
            return pile
    return -1


# -- Chessboard ---------------------------------------------------------

def safe_chessboard(card, pos):
    """A card above the base rank that can go home is safe.

    On the tableau only cards of its suit one rank away can lie on it: the
    one below is home for good (foundations never give cards back), the
    one above (and any run built up from it) could then go home at once
    too. So L' sends home whatever L puts on the card, and every other move
    of L stays legal. A base-rank card is not safe: the last card of its
    suit may be put on it and cannot go home before it.
    """
    return position_of(card, pos.base) != 0


def chessboard_moves(pos):
    """Chessboard: top cards home, or onto the same suit one up or one down.

    Tried first: moves home, then moves that empty a pile, then a card
    onto the card that goes home right after it (so the pile is in the
    order it will go home), then the rest.
    """
    piles = pos.piles
    base = pos.base
    tops = top_index(piles, _BOARD)
    empty = first_empty(piles, _BOARD)
    found, default, forced = home_targets(pos, _BOARD, safe_chessboard)
    if forced:
        return [forced]
    homes = []
    frees = []  # type: list[int]
    ordered = []  # type: list[int]
    others = []  # type: list[int]
    for src in _BOARD:
        cards = piles[src]
        if not cards:
            continue
        card = cards[-1] & _ID
        home = found.get(card, default)
        if home >= 0:
            homes.append(src | 16 | home << 10)
        rank = card & 15
        whole = len(cards) == 1
        higher = up(rank)
        dst = tops.get(card & 0x30 | higher, -1)
        if dst >= 0:
            (frees if whole else others if higher == base else ordered).append(
                src | 16 | dst << 10)
        dst = tops.get(card & 0x30 | (rank + 11) % 13 + 1, -1)
        if dst >= 0:
            (frees if whole else ordered if rank == base else others).append(
                src | 16 | dst << 10)
        if empty >= 0 and not whole:
            others.append(src | 16 | empty << 10)
    return others + ordered + frees + homes


def chessboard_key(piles, counts):
    """No pile has a place of its own; the ten tableau piles are interchangeable."""
    return SEPARATOR.join([counts] + sorted([piles[0], piles[1], piles[2], piles[4], piles[5],
                                             piles[7], piles[8], piles[10], piles[11],
                                             piles[13]]))

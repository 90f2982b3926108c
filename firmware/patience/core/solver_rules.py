"""What the solver knows about each game: its facts and its move generators.

``facts_for(name, strict=False)`` gives a ``Facts``: the structural facts
``Position`` needs (which foundation a first card must go to, the trunk that
refills emptied wing piles, the piles a stock press deals a row onto, and
``key(piles, counts)``, the canonical key, which says which piles are
interchangeable) and ``moves(position)``, the game's own move generator. A generator returns the moves worth trying, as ints
(``position.move_code``) or ``PRESS``, the best one LAST (the search pops
them). It yields only moves the engine accepts, and leaves out only moves
that are proved unnecessary (the argument is next to each rule):

- Symmetry: of several empty piles of one interchangeable set only the
  first is a target, and a whole pile is never moved onto an empty pile of
  its own set: the positions reached differ only by the order of
  interchangeable piles, which ``Position.key`` ignores.
- Safe moves home (``safe_*``): when a card can go home and no card still in
  play could ever need it, that move is the only one returned. Each rule's
  proof is a simulation: from any winning line L of the position, a line L'
  with the card home first is built by replaying L, skipping the moves of
  the card, and sending home at once any card L puts on it; L' is shorter
  than L, so by induction on line length no winnable position is lost.

The Eagle Wing and Glenwood generators live in ``solver_stock`` (the games
with a stock and a waste); Agnes and Chessboard are here.
"""

from micropython import const

from .cards import FACE_UP
from .position import PRESS

_ROW = (5, 6, 7, 8, 9, 10, 11)          # Agnes tableau, in deal order
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
_TWIN_UP = _table(lambda suit: 3 - suit, 1)  # the other suit of its colour, one higher


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


def forced_home(pos, sources, found, safe):
    """The move home of the lowest card on top of ``sources`` that may go
    home now and that ``safe(card, pos)`` says is safe, or 0 (no such
    card, or no base yet). ``found`` is ``pos.home_targets()[0]``.

    Choosing by card rather than by pile makes the choice the same for
    every order of interchangeable piles, so it depends on the key only.
    """
    best = 0
    lowest = 64
    if pos.base:
        for src in sources:
            cards = pos.piles[src]
            if cards:
                card = cards[-1]
                home = found.get(card & _ID, -1)
                if home >= 0 and card & FACE_UP and card & _ID < lowest and safe(card, pos):
                    best = src | 16 | home << 10
                    lowest = card & _ID
    return best


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
    found, default = pos.home_targets()
    forced = forced_home(pos, _BOARD, found, safe_chessboard)
    if forced:
        return [forced]
    homes = []
    frees = []
    ordered = []
    others = []
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


# -- Agnes ----------------------------------------------------------------

def safe_agnes_strict(card, pos):
    """Agnes without play from the foundations: is ``card`` safe to send home?

    Only cards of its colour one rank lower can lie on it: the one of its
    suit is home for good (nothing leaves a foundation here). If the
    other one (its twin) is home too, or could go home itself (its suit is
    home to two below the card) with nothing able to lie on it, L' sends
    it home when L puts it on the card. A deal may cover the card in L; in
    L' that card lies on what was under it, and since it does not run down
    from the card (that would make it the twin), every group L moves stays
    a group in L'. A base-rank card is safe too, since nothing may lie on
    it: a card of the top rank can go onto a base card only under the full
    rules, which this mode forbids; for the same reason a card one above
    the base is safe whatever its twin's suit shows.
    """
    position = position_of(card, pos.base)
    return position <= 1 or pos.counts[3 - ((card >> 4) & 3)] >= position - 1


def agnes_moves(pos):
    """Agnes, full rules: runs, home, back out of a foundation, deal."""
    return _agnes(pos, False)


def agnes_strict_moves(pos):
    """Agnes as quagnes plays it: no card leaves a foundation and no card
    of the top rank goes onto a base card; a blocked deal is lost."""
    if pos.pressed_last() and kings_block(pos):
        return []
    return _agnes(pos, True)


def _agnes(pos, strict):
    """The moves of both Agnes modes (see the two callers)."""
    piles = pos.piles
    whole = whole_piles_move(pos)
    base = pos.base
    tops = top_index(piles, _ROW)
    found, default = pos.home_targets()
    forced = forced_home(pos, _ROW, found, safe_agnes_strict) if strict else 0
    if forced:
        return [forced]
    homes = []
    reveals = []
    others = []
    runs = [0, 0]
    for src in _ROW:
        cards = piles[src]
        if not cards:
            continue
        home = found.get(cards[-1] & _ID, default)
        if home >= 0:
            homes.append(src | 16 | home << 10)
        _agnes_runs(cards, src, tops, base, strict, whole, reveals, others, runs)
    late = [] if strict else _agnes_unhomes(pos, tops, runs)
    if piles[0]:
        late.append(PRESS)
    return late + others + reveals + homes


def whole_piles_move(pos):
    """Agnes: may a whole pile move? Not once the stock is empty.

    Take a winning line L that moves all of pile A (run R, bottom card d)
    as its first move; L' is L without every move whose group's deepest
    card is d: R stays on A (nothing deals onto it any more), what L puts on
    R goes onto A, a group L moves from below R moves without R, d goes
    home from A. Every move of L' is legal and L' is shorter, so no
    shortest winning line starts with such a move.
    """
    return bool(pos.piles[0])


def _agnes_runs(cards, src, tops, base, strict, whole, reveals, others, runs):
    """Add the moves of each run on top of ``cards`` (pile ``src``), and
    the position of each card that can be a run's deepest to ``runs`` (a
    bit mask per colour: 0 black, 1 red). ``whole``: may the whole pile
    move (``whole_piles_move``).

    A run is face up, one colour and one rank apart down to the top, and
    never crosses a base-rank card; it goes onto a top card of its colour
    one rank above its deepest card. A move that leaves a face-down card on
    top turns it over: those come first.
    """
    size = len(cards)
    n = 1
    while True:
        deepest = cards[size - n]
        if not deepest & FACE_UP:
            return
        runs[0 < (deepest >> 4) & 3 < 3] |= 1 << ((deepest & 15) - base) % 13
        rank = up(deepest & 15)
        if not (strict and rank == base):
            move = src | n << 4
            turns = n < size and not cards[size - n - 1] & FACE_UP
            dst = tops.get(SAME_UP[deepest & _ID], -1)
            if dst >= 0 and dst != src and (n < size or whole):
                (reveals if turns else others).append(move | dst << 10)
            dst = tops.get(_TWIN_UP[deepest & _ID], -1)
            if dst >= 0 and dst != src and (n < size or whole):
                (reveals if turns else others).append(move | dst << 10)
        if n == size:
            return
        lower = cards[size - n - 1]
        if (lower & 15) != rank or rank == base or ((lower ^ deepest) >> 4) & 3 not in (0, 3):
            return
        n += 1


def _agnes_unhomes(pos, tops, runs):
    """Cards back from a foundation onto a top card of their colour one
    higher, when a run could use them (``run_could_use``)."""
    found = []
    for src in pos.foundations:
        cards = pos.piles[src]
        if cards and run_could_use(cards[-1], pos.base, runs):
            card = cards[-1]
            for dst in (tops.get(SAME_UP[card & _ID], -1), tops.get(_TWIN_UP[card & _ID], -1)):
                if dst >= 0:
                    found.append(src | 16 | dst << 10)
    return found


def run_could_use(card, base, runs):
    """Agnes: is taking ``card`` out of its foundation worth trying?

    Out of its foundation a card y is of use only as a target for a run of
    its colour one rank lower, or to let the card under it come out too. In
    a winning line, delay each such move to just before the first run goes
    onto one of the cards taken out (take them out then, highest first,
    each onto what holds it at that moment, which nothing else covers; skip
    their moves in between): the line gets no longer. So in a shortest
    line, when y comes out, a run of its colour that is in play already has
    its deepest card below y's position (onto y or a lower card taken out
    after it) or of the top rank (onto a base card taken out last).
    ``runs``: see ``_agnes_runs``.
    """
    below = (1 << ((card & 15) - base) % 13) - 1
    return bool(runs[0 < (card >> 4) & 3 < 3] & (below | 1 << 12))


def kings_block(pos):
    """True when cards of the top rank bury cards that must go home first.

    Without play from the foundations and without putting a top-rank card
    on a base card, a top-rank card never moves until it goes home, last of
    its suit. One lying above a card of suit b means suit b cannot finish
    before its own suit a does (edge a -> b); a cycle (a self-loop
    included) means the game is lost. (quagnes' ``any_pile_blocked``.)
    """
    king = (pos.base + 11) % 13 + 1
    edges = bytearray(4)
    for pile in _ROW:
        above = 0
        for card in reversed(pos.piles[pile]):
            suit = (card >> 4) & 3
            for a in range(4):
                if above >> a & 1:
                    edges[a] |= 1 << suit
            if card & 15 == king:
                above |= 1 << suit
    return _has_cycle(edges)


def _has_cycle(edges):
    """True when the graph on four suits (bit masks of successors) has a cycle."""
    reach = bytearray(edges)
    for _ in range(4):
        for a in range(4):
            for b in range(4):
                if reach[a] >> b & 1:
                    reach[a] |= reach[b]
    for a in range(4):
        if reach[a] >> a & 1:
            return True
    return False


def agnes_key(piles, counts):
    """The stock and the piles that still get cards from it have their
    place; the piles no deal reaches any more are interchangeable."""
    reached = len(piles[0])
    if reached >= 7:
        return SEPARATOR.join((counts, piles[0], piles[5], piles[6], piles[7], piles[8],
                               piles[9], piles[10], piles[11]))
    return SEPARATOR.join([counts, piles[0]] + [piles[p] for p in _ROW[:reached]]
                          + sorted([piles[p] for p in _ROW[reached:]]))


def facts_for(name, strict=False):
    """The solver's facts for a game; ``strict`` (Agnes only) plays as quagnes."""
    if name == "agnes":
        return Facts(name, agnes_strict_moves if strict else agnes_moves, agnes_key,
                     deal_row=_ROW)
    if strict:
        raise ValueError("only Agnes has a strict mode")
    if name == "chessboard":
        return Facts(name, chessboard_moves, chessboard_key)
    from . import solver_stock
    return solver_stock.facts_for(name, Facts)

"""The solver's move generator for Agnes, full and strict (see
``rules`` for what a generator returns and which moves it may leave
out).

The full rules are the game's (cards may come back from the foundations; a
card of the top rank may go onto a base card). The strict mode plays as
quagnes does (``move_to_empty_pile='none'``, ``move_same_suit=False``): no
card leaves a foundation and nothing goes onto a base card.
"""

from micropython import const

from ..core.cards import FACE_UP
from .moves import PRESS
from .rules import (SAME_UP, SEPARATOR, TWIN_UP, Facts, home_targets, position_of,
                           top_index, up)

_ROW = (5, 6, 7, 8, 9, 10, 11)          # the tableau, in deal order
_ID = const(0x3F)                       # a card byte without its face bit


def facts(strict):
    """Agnes's facts, full or strict."""
    return Facts("agnes", agnes_strict_moves if strict else agnes_moves, agnes_key,
                 deal_row=_ROW)


def safe_agnes_strict(card, pos):
    """Agnes without play from the foundations: is ``card`` safe to send home?"""
    # Only cards of its colour one rank lower can lie on it: the one of its
    # suit is home for good (nothing leaves a foundation here). If the
    # other one (its twin) is home too, or could go home itself (its suit is
    # home to two below the card) with nothing able to lie on it, L' sends
    # it home when L puts it on the card. A deal may cover the card in L; in
    # L' that card lies on what was under it, and since it does not run down
    # from the card (that would make it the twin), every group L moves stays
    # a group in L'. A base-rank card is safe too, since nothing may lie on
    # it: a card of the top rank can go onto a base card only under the full
    # rules, which this mode forbids; for the same reason a card one above
    # the base is safe whatever its twin's suit shows.
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
    found, default, forced = home_targets(pos, _ROW, safe_agnes_strict if strict else None)
    if forced:
        return [forced]
    homes = []
    reveals = []  # type: list[int]
    others = []  # type: list[int]
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
    move (``whole_piles_move``)."""
    # A run is face up, one colour and one rank apart down to the top, and
    # never crosses a base-rank card; it goes onto a top card of its colour
    # one rank above its deepest card. A move that leaves a face-down card on
    # top turns it over: those come first.
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
            dst = tops.get(TWIN_UP[deepest & _ID], -1)
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
            for dst in (tops.get(SAME_UP[card & _ID], -1), tops.get(TWIN_UP[card & _ID], -1)):
                if dst >= 0:
                    found.append(src | 16 | dst << 10)
    return found


def run_could_use(card, base, runs):
    """Agnes: is taking ``card`` out of its foundation worth trying?"""
    # Out of its foundation a card y is of use only as a target for a run of
    # its colour one rank lower, or to let the card under it come out too. In
    # a winning line, delay each such move to just before the first run goes
    # onto one of the cards taken out (take them out then, highest first,
    # each onto what holds it at that moment, which nothing else covers; skip
    # their moves in between): the line gets no longer. So in a shortest
    # line, when y comes out, a run of its colour that is in play already has
    # its deepest card below y's position (onto y or a lower card taken out
    # after it) or of the top rank (onto a base card taken out last).
    # ``runs``: see ``_agnes_runs``.
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

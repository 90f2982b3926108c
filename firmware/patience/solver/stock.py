"""The solver's move generators for the games with a stock and a waste:
Eagle Wing and Glenwood (see ``rules`` for what a generator returns
and which moves it may leave out).
"""

# The stock is not pressed on its own: a move of a card from the stock or the
# waste is one step, "press k times, then play the card now on the waste"
# (``press_code``), with the fewest presses that turn it up (going round once
# more if a redeal is left). That loses nothing: presses change only which
# card the waste shows, so in any winning line the presses can wait until
# just before the next card played from the waste, and fewer presses leave
# the same cards in the same order with redeals to spare. The search then
# stores no position that only a press made.

from micropython import const

from ..core.cards import FACE_UP
from .moves import press_code
from .rules import SAME_DOWN, SEPARATOR, Facts, first_empty, home_targets, position_of

_ID = const(0x3F)   # a card byte without its face bit
_WASTE = const(1)
_TRUNK = const(10)
_WINGS = (6, 7, 8, 9, 11, 12, 13, 14)
_WING_SOURCES = (_WASTE, _TRUNK) + _WINGS
_RESERVES = (6, 11, 12, 13)
_TABLEAU = (7, 8, 9, 10)
_FULL_SOURCES = _RESERVES + (_WASTE,) + _TABLEAU


def talon(pos):
    """``(presses, card)`` for each card in the waste and the stock: 0 for
    the waste's top card, else the fewest presses that turn it up."""
    waste = pos.piles[_WASTE]
    order = waste + bytes(reversed(pos.piles[0]))   # the order they turn up
    shown = len(waste)
    found = [(at - shown + 1, order[at]) for at in range(shown - 1 if shown else 0, len(order))]
    if pos.redeals:
        lap = len(order) - shown + 1   # to the end, then the redeal
        found += [(lap + at + 1, order[at]) for at in range(shown - 1)]
    return found


# -- Eagle Wing ---------------------------------------------------------

def safe_eagle_wing(card, pos):
    """A card above the base rank that can go home is safe."""
    # Only the card of its suit one rank lower could lie on it, and that one
    # is home for good; so in L the card just waits until it moves, and L'
    # skips its moves. If sending it home empties a wing pile while the
    # trunk has cards, L' gets a trunk card early: pair L's piles with L''s
    # so that each trunk card L deals later is the one L' dealt early (wing
    # piles are interchangeable); L' has the same cards in play plus one, and
    # an empty pile where L holds only the waiting card. A base-rank card is
    # not safe: the last card of its suit may be put on it.
    return position_of(card, pos.base) != 0


def eagle_wing_moves(pos):
    """Eagle Wing: single cards home or onto a wing pile; stock cards.

    A group goes home top card first, exactly as its cards one by one
    (the pile is one suit running down), so only single cards are tried.
    Tried first: moves home, the trunk's last card, moves that empty a
    wing (the trunk refills it), stock cards (fewest presses first), then
    wing cards onto other wings.
    """
    piles = pos.piles
    fits = {}   # card id -> the wing pile with room whose top is one higher in suit
    for pile in _WINGS:
        if 0 < len(piles[pile]) < 3:
            fits[SAME_DOWN[piles[pile][-1] & _ID]] = pile
    empty = first_empty(piles, _WINGS)
    found, default, forced = home_targets(pos, _WING_SOURCES, safe_eagle_wing)
    if forced:
        return [forced]
    stock = []
    for presses, card in talon(pos):
        step = press_code(presses, _WASTE | 16)
        dst = found.get(card & _ID, default)
        if dst >= 0:
            stock.append(step | dst << 10)
        dst = fits.get(card & _ID, -1)
        if dst >= 0:
            stock.append(step | dst << 10)
        if empty >= 0:
            stock.append(step | empty << 10)
    stock.reverse()
    enters = []  # type: list[int]
    others = []  # type: list[int]
    for src in _WING_SOURCES[1:]:
        cards = piles[src]
        if not cards or not cards[-1] & FACE_UP:
            continue  # the trunk shows its last card only
        card = cards[-1] & _ID
        whole = src != _TRUNK and len(cards) == 1
        bucket = enters if src == _TRUNK or whole else others
        for dst in (found.get(card, default), fits.get(card, -1)):
            if dst >= 0:
                (enters if dst < 6 else bucket).append(src | 16 | dst << 10)
        if empty >= 0 and not whole:
            bucket.append(src | 16 | empty << 10)
    return others + stock + enters


def eagle_wing_key(piles, counts):
    """Stock, waste and trunk have their place; the eight wing piles are
    interchangeable."""
    return SEPARATOR.join([counts, piles[0], piles[1], piles[10]]
                          + sorted([piles[6], piles[7], piles[8], piles[9], piles[11],
                                    piles[12], piles[13], piles[14]]))


# -- Glenwood -----------------------------------------------------------

def safe_glenwood(card, pos):
    """Is a card above the base rank that can go home safe to send there?"""
    # On the tableau only the two cards of the other colour one rank lower
    # can lie on it (alone or at the bottom of a whole pile). Each must be
    # home for good, or able to go home itself (its suit two below the card)
    # with nothing able to lie on it: the cards of the card's own colour two
    # below, its own suit's is home and the other suit of its colour must be
    # home to there too. Then L' sends home any card L puts on it, and a
    # whole pile put on it can only be that one card. Cards waiting on the
    # waste, a reserve or the tableau in L only hold up fewer choices in L'
    # (fewer cards in the stock and waste, reserves empty sooner). A
    # base-rank card is not safe: cards of the top rank may lie on it.
    position = position_of(card, pos.base)
    if position == 0:
        return False
    suit = (card >> 4) & 3
    home = pos.counts
    for other in ((0, 3) if 0 < suit < 3 else (1, 2)):
        if home[other] >= position:
            continue
        if position < 2 or home[other] < position - 1 or home[3 - suit] < position - 1:
            return False
    return True


def glenwood_moves(pos):
    """Glenwood: reserve, waste and tableau tops home; single cards and
    whole tableau piles onto the tableau; stock cards once the base is set.

    Tried first: moves home, reserve cards, whole piles onto others (a pile
    emptied), stock cards (fewest presses first).
    """
    piles = pos.piles
    base = pos.base
    fits = _fits(piles)
    empty = first_empty(piles, _TABLEAU)
    reserves_empty = not (piles[6] or piles[11] or piles[12] or piles[13])
    found, default, forced = home_targets(pos, _FULL_SOURCES, safe_glenwood)
    if forced:
        return [forced]
    stock = []
    for presses, card in talon(pos) if base else ():
        step = press_code(presses, _WASTE | 16)
        home = found.get(card & _ID, default)
        if home >= 0:
            stock.append(step | home << 10)
        for dst in fits.get(card & _ID, ()):
            stock.append(step | dst << 10)
        if empty >= 0 and reserves_empty:
            stock.append(step | empty << 10)
    stock.reverse()
    homes = []
    enters = []  # type: list[int]
    frees = []  # type: list[int]
    for src in _FULL_SOURCES if base else _RESERVES:
        cards = piles[src]
        if not cards or src == _WASTE:
            continue
        home = found.get(cards[-1] & _ID, default)
        if home >= 0:
            homes.append(src | 16 | home << 10)
        tableau = src in _TABLEAU
        move = src | (len(cards) if tableau else 1) << 4
        bucket = frees if tableau else enters
        for dst in fits.get((cards[0] if tableau else cards[-1]) & _ID, ()):
            if dst != src:
                bucket.append(move | dst << 10)
        if empty >= 0 and not tableau:
            bucket.append(move | empty << 10)
    return stock + frees + enters + homes


def _fits(piles):
    """{card id: [tableau piles]} for the cards that may go onto a tableau
    pile's top: the other colour, one rank lower."""
    fits = {}  # type: dict[int, list[int]]
    for pile in _TABLEAU:
        if piles[pile]:
            top = piles[pile][-1] & _ID
            for suit in (0, 3) if 0 < top >> 4 < 3 else (1, 2):
                fits.setdefault(SAME_DOWN[suit << 4 | top & 15], []).append(pile)
    return fits


def glenwood_key(piles, counts):
    """Stock and waste have their place; the four reserves are
    interchangeable, and so are the four tableau piles."""
    return SEPARATOR.join([counts, piles[0], piles[1]]
                          + sorted([piles[6], piles[11], piles[12], piles[13]])
                          + sorted([piles[7], piles[8], piles[9], piles[10]]))


def facts_for(name):
    """The ``Facts`` of Eagle Wing or Glenwood."""
    if name == "eagle-wing":
        return Facts(name, eagle_wing_moves, eagle_wing_key, refill_from=_TRUNK)
    if name == "glenwood":
        return Facts(name, glenwood_moves, glenwood_key, first_foundation=2)
    raise ValueError("unknown game %r" % (name,))

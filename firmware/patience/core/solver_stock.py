"""The solver's move generators for the games with a stock and a waste:
Eagle Wing and Glenwood (see ``solver_rules`` for what a generator returns
and which moves it may leave out)."""

from micropython import const

from .cards import FACE_UP
from .position import PRESS
from .solver_rules import SEPARATOR, first_empty, forced_home, position_of, top_index, up

_WASTE = const(1)
_TRUNK = const(10)
_WINGS = (6, 7, 8, 9, 11, 12, 13, 14)
_WING_SOURCES = (_WASTE, _TRUNK) + _WINGS
_RESERVES = (6, 11, 12, 13)
_TABLEAU = (7, 8, 9, 10)
_FULL_SOURCES = _RESERVES + (_WASTE,) + _TABLEAU


def _press_if_any(pos):
    """``[PRESS]`` when the stock has a card or the waste can be turned over."""
    piles = pos.piles
    return [PRESS] if piles[0] or (piles[_WASTE] and pos.redeals > 0) else []


# -- Eagle Wing ---------------------------------------------------------

def safe_eagle_wing(card, pos):
    """A card above the base rank that can go home is safe.

    Only the card of its suit one rank lower could lie on it, and that one
    is home for good; so in L the card just waits until it moves, and L'
    skips its moves. If sending it home empties a wing pile while the
    trunk has cards, L' gets a trunk card early: pair L's piles with L''s
    so that each trunk card L deals later is the one L' dealt early (wing
    piles are interchangeable); L' has the same cards in play plus one, and
    an empty pile where L holds only the waiting card. A base-rank card is
    not safe: the last card of its suit may be put on it.
    """
    return position_of(card, pos.base) != 0


def eagle_wing_moves(pos):
    """Eagle Wing: single cards home or onto a wing pile; the stock.

    A group goes home top card first, exactly as its cards one by one
    (the pile is one suit running down), so only single cards are tried.
    """
    piles = pos.piles
    room = {}
    for pile in _WINGS:
        if 0 < len(piles[pile]) < 3:
            room[piles[pile][-1] & 0x3F] = pile
    empty = first_empty(piles, _WINGS)
    found, default = pos.home_targets()
    forced = forced_home(pos, _WING_SOURCES, found, safe_eagle_wing)
    if forced:
        return [forced]
    homes = []
    enters = []
    plays = []
    others = []
    for src in _WING_SOURCES:
        cards = piles[src]
        if not cards:
            continue
        card = cards[-1]
        if not card & FACE_UP:
            continue  # the trunk, until its last card
        home = found.get(card & 0x3F, default)
        if home >= 0:
            homes.append(src | 16 | home << 10)
        whole = src > _WASTE and src != _TRUNK and len(cards) == 1
        if src == _TRUNK or whole:
            bucket = enters
        else:
            bucket = plays if src == _WASTE else others
        dst = room.get((card & 0x30) | up(card & 15), -1)
        if dst >= 0:
            bucket.append(src | 16 | dst << 10)
        if empty >= 0 and not whole:
            bucket.append(src | 16 | empty << 10)
    return others + _press_if_any(pos) + plays + enters + homes


def eagle_wing_key(piles, counts):
    """Stock, waste and trunk have their place; the eight wing piles are
    interchangeable."""
    return SEPARATOR.join([counts, piles[0], piles[1], piles[10]]
                          + sorted([piles[6], piles[7], piles[8], piles[9], piles[11],
                                    piles[12], piles[13], piles[14]]))


# -- Glenwood -----------------------------------------------------------

def safe_glenwood(card, pos):
    """Is a card above the base rank that can go home safe to send there?

    On the tableau only the two cards of the other colour one rank lower
    can lie on it (alone or at the bottom of a whole pile). Each must be
    home for good, or able to go home itself (its suit two below the card)
    with nothing able to lie on it: the cards of the card's own colour two
    below, its own suit's is home and the other suit of its colour must be
    home to there too. Then L' sends home any card L puts on it, and a
    whole pile put on it can only be that one card. Cards waiting on the
    waste, a reserve or the tableau in L only hold up fewer choices in L'
    (fewer cards in the stock and waste, reserves empty sooner). A
    base-rank card is not safe: cards of the top rank may lie on it.
    """
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
    whole tableau piles onto the tableau; the stock once the base is set."""
    piles = pos.piles
    base = pos.base
    tops = top_index(piles, _TABLEAU)
    empty = first_empty(piles, _TABLEAU)
    reserves_empty = not (piles[6] or piles[11] or piles[12] or piles[13])
    found, default = pos.home_targets()
    forced = forced_home(pos, _FULL_SOURCES, found, safe_glenwood)
    if forced:
        return [forced]
    homes = []
    enters = []
    frees = []
    plays = []
    for src in _FULL_SOURCES if base else _RESERVES:
        cards = piles[src]
        if not cards:
            continue
        home = found.get(cards[-1] & 0x3F, default)
        if home >= 0:
            homes.append(src | 16 | home << 10)
        tableau = src in _TABLEAU
        deepest = cards[0] if tableau else cards[-1]
        move = src | (len(cards) if tableau else 1) << 4
        bucket = frees if tableau else plays if src == _WASTE else enters
        rank = up(deepest & 15)
        for suit in ((0, 3) if 0 < (deepest >> 4) & 3 < 3 else (1, 2)):
            dst = tops.get(suit << 4 | rank, -1)
            if dst >= 0 and dst != src:
                bucket.append(move | dst << 10)
        if empty >= 0 and not tableau and (src != _WASTE or reserves_empty):
            bucket.append(move | empty << 10)
    press = _press_if_any(pos) if base else []
    return press + plays + frees + enters + homes


def glenwood_key(piles, counts):
    """Stock and waste have their place; the four reserves are
    interchangeable, and so are the four tableau piles."""
    return SEPARATOR.join([counts, piles[0], piles[1]]
                          + sorted([piles[6], piles[11], piles[12], piles[13]])
                          + sorted([piles[7], piles[8], piles[9], piles[10]]))


def facts_for(name, facts):
    """``facts`` (the ``Facts`` class) filled in for Eagle Wing or Glenwood."""
    if name == "eagle-wing":
        return facts(name, eagle_wing_moves, eagle_wing_key, refill_from=_TRUNK)
    if name == "glenwood":
        return facts(name, glenwood_moves, glenwood_key, first_foundation=2)
    raise ValueError("unknown game %r" % (name,))

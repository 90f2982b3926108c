"""Why a move is refused, in the player's words: a rule's code (core.why)
turned into a line that names the cards the rule asks for.

Cards are written as their rank and a suit symbol (``7`` and the heart
glyph), so that one line reads in every language; the ranks' letters are
words (card.ranks: J Q K in English, V D R in French).
"""

from ..core import why
from ..core.cards import is_red, next_rank, rank, suit
from .sheets import CHAR_SUIT

# Codes that say it all, as their word keys.
_PLAIN = {why.NOTHING: "why.nothing", why.FACE_DOWN: "why.face_down",
          why.STAYS_HOME: "why.stays", why.BASE_FIRST: "why.base_first",
          why.NOT_A_RUN: "why.run", why.ONLY_TOP: "why.only_top",
          why.ONE_AT_A_TIME: "why.one", why.FIRST_HOME: "why.first_home",
          why.STOCK_FILLS: "why.stock_fills", why.RESERVES_FIRST: "why.reserves_first",
          why.TOP_OR_WHOLE: "why.top_or_whole", why.TRUNK_CLOSED: "why.trunk",
          why.STOCK_DEALS: "why.stock_deals"}
_TAKES_NONE = ("why.stock_takes", "why.waste_takes", "", "", "why.reserve_takes")  # by kind


def card_text(words, rank_, suit_):
    """A card as its rank and suit symbol, e.g. 10 and a heart."""
    return words.get("card.ranks").split(",")[rank_ - 1] + chr(CHAR_SUIT + suit_)


def reason(words, game, problem, src, n, dst):
    """The line that says why moving n cards from src onto dst is refused."""
    key = _PLAIN.get(problem)
    if key is not None:
        return words.get(key)
    if problem == why.TAKES_NONE:
        return words.get(_TAKES_NONE[game.kinds[dst]])
    if problem == why.STARTS_BASE:
        return words.fill("why.starts", words.get("card.ranks").split(",")[game.base - 1])
    if problem == why.PILE_FULL:
        return words.fill("why.full", game.size(dst))
    top = game.card(dst)
    below = _below(rank(top))
    if problem == why.HOME_NEXT:
        return words.fill("why.needs", card_text(words, next_rank(rank(top)), suit(top)))
    if problem == why.SUIT_BELOW:
        return words.fill("why.needs", card_text(words, below, suit(top)))
    if problem == why.SUIT_NEXT:
        return _either(words, below, suit(top), next_rank(rank(top)), suit(top))
    red = is_red(top) == (problem == why.COLOUR_BELOW)  # the colour asked for
    return _either(words, below, 1 if red else 0, below, 2 if red else 3)


def _below(rank_):
    """The rank one lower, ace wrapping to king."""
    return 13 if rank_ == 1 else rank_ - 1


def _either(words, rank_a, suit_a, rank_b, suit_b):
    return words.fill("why.needs_either", card_text(words, rank_a, suit_a),
                      card_text(words, rank_b, suit_b))

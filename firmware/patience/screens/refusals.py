"""Why a move is refused, in the player's words: a rule's code (core.problems)
turned into a line that names the cards the rule asks for.

Cards are written as their rank and a suit symbol (``7`` and the heart
glyph), so that one line reads in every language; the ranks' letters are
words (card.ranks: J Q K in English, V D R in French).
"""

from ..core import problems
from ..core.cards import is_red, next_rank, rank, suit
from .sheets import CHAR_SUIT

# Codes that say it all, as their word keys.
_PLAIN = {problems.NOTHING: "why.nothing", problems.FACE_DOWN: "why.face_down",
          problems.STAYS_HOME: "why.stays", problems.BASE_FIRST: "why.base_first",
          problems.NOT_A_RUN: "why.run", problems.ONLY_TOP: "why.only_top",
          problems.ONE_AT_A_TIME: "why.one", problems.FIRST_HOME: "why.first_home",
          problems.STOCK_FILLS: "why.stock_fills", problems.RESERVES_FIRST: "why.reserves_first",
          problems.TOP_OR_WHOLE: "why.top_or_whole", problems.TRUNK_CLOSED: "why.trunk",
          problems.STOCK_DEALS: "why.stock_deals"}
_TAKES_NONE = ("why.stock_takes", "why.waste_takes", "", "", "why.reserve_takes")  # by kind


def card_text(words, rank_, suit_):
    """A card as its rank and suit symbol, e.g. 10 and a heart."""
    return words.get("card.ranks").split(",")[rank_ - 1] + chr(CHAR_SUIT + suit_)


def reason(words, game, problem, src, n, dst):
    """The line that says why moving n cards from src onto dst is refused."""
    key = _PLAIN.get(problem)
    if key is not None:
        return words.get(key)
    if problem == problems.TAKES_NONE:
        return words.get(_TAKES_NONE[game.kinds[dst]])
    if problem == problems.STARTS_BASE:
        return words.fill("why.starts", words.get("card.ranks").split(",")[game.base - 1])
    if problem == problems.PILE_FULL:
        return words.fill("why.full", game.size(dst))
    top = game.card(dst)
    below = _below(rank(top))
    if problem == problems.HOME_NEXT:
        return words.fill("why.needs", card_text(words, next_rank(rank(top)), suit(top)))
    if problem == problems.SUIT_BELOW:
        return words.fill("why.needs", card_text(words, below, suit(top)))
    if problem == problems.SUIT_NEXT:
        return _either(words, below, suit(top), next_rank(rank(top)), suit(top))
    red = is_red(top) == (problem == problems.COLOUR_BELOW)  # the colour asked for
    return _either(words, below, 1 if red else 0, below, 2 if red else 3)


def _below(rank_):
    """The rank one lower, ace wrapping to king."""
    return 13 if rank_ == 1 else rank_ - 1


def _either(words, rank_a, suit_a, rank_b, suit_b):
    return words.fill("why.needs_either", card_text(words, rank_a, suit_a),
                      card_text(words, rank_b, suit_b))

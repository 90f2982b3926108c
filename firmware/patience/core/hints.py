"""Hints: which legal move is worth making (imported only when asked)."""

from .cards import FACE_UP
from .piles import FOUNDATION, TABLEAU, WASTE, RESERVE


def best_move(game):
    """The most useful legal move, the first one on ties; None if none is."""
    best = None
    best_worth = 0
    for src, n, dst in game.moves():
        worth = _worth(game, src, n, dst)
        if worth > best_worth:
            best, best_worth = (src, n, dst), worth
    return best


def _worth(game, src, n, dst):
    """How useful a legal move is: 0 pointless, higher is better.

    4: a card goes home. 3: it turns a face-down card over, brings the
    reserve into play or lets the next card go home. 2: it plays a card
    from the waste or a reserve. 1: it empties a pile onto another pile.
    Moves out of a foundation, shuffles between piles and moves of a
    whole pile to an empty one are worth nothing.
    """
    kinds = game.kinds
    if kinds[src] == FOUNDATION:
        return 0
    if kinds[dst] == FOUNDATION:
        return 4
    whole = n == game.size(src)
    refill = game.rules.REFILL_FROM
    if not whole and not game.card(src, n) & FACE_UP:
        return 3
    if whole and kinds[src] == TABLEAU and refill is not None and game.size(refill):
        return 3
    if not whole and game.play_and_undo(src, n, dst,
                                        lambda g: g.auto_target(src) is not None):
        return 3
    if kinds[src] == WASTE or kinds[src] == RESERVE:
        return 2
    return 1 if whole and game.size(dst) else 0

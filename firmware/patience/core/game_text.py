"""A game as text: one line per pile, then score, base and redeals.

Used by ``str(game)`` (the simulator's --dump, tests, the serial console).
"""

from .cards import FACE_UP
from .names import RANKS, card_name
from .piles import KIND_NAMES


def describe(game):
    """E.g. ``6 tableau: 5h* Kd`` per pile (``*`` face down), then totals."""
    lines = []
    for pile in range(game.pile_count):
        names = " ".join(card_name(c) + ("" if c & FACE_UP else "*") for c in game.cards(pile))
        lines.append(("%d %s: %s" % (pile, KIND_NAMES[game.kinds[pile]], names)).rstrip())
    base = RANKS[game.base - 1] if game.base else "-"
    lines.append("score %d, base %s, redeals left %d" % (game.score, base, game.redeals_left))
    return "\n".join(lines)

"""Circuit Patience: four patience games for CircuitPython handhelds.

``new_game(name, seed=N)`` deals deal number N of a game; ``new_game(name,
deck=...)`` deals 52 given card bytes; ``load_game(data)`` restores a game
saved with ``g.to_bytes()``. Game names are in ``GAMES``.
"""

from .engine import STOCK, WASTE, FOUNDATION, TABLEAU, RESERVE, Game

GAMES = ("eagle-wing", "agnes", "glenwood", "chessboard")


def rules_for(name):
    """The rules module of a game, imported on first use."""
    if name == "eagle-wing":
        from . import eagle_wing
        return eagle_wing
    if name == "agnes":
        from . import agnes
        return agnes
    if name == "glenwood":
        from . import glenwood
        return glenwood
    if name == "chessboard":
        from . import chessboard
        return chessboard
    raise ValueError("unknown game %r: choose one of %s" % (name, ", ".join(GAMES)))


def _checked_deck(deck):
    """The deck as 52 face-down card bytes, or ValueError saying what is wrong."""
    from .cards import is_valid
    cards = bytearray(deck)
    if len(cards) != 52:
        raise ValueError("a deck needs 52 cards, this one has %d" % len(cards))
    seen = bytearray(64)
    for i in range(52):
        if not is_valid(cards[i]):
            raise ValueError("deck[%d] = %d is not a card byte" % (i, cards[i]))
        cards[i] &= 0x3F
        if seen[cards[i]]:
            from .cards import card_name
            raise ValueError("deck has %s twice" % card_name(cards[i]))
        seen[cards[i]] = 1
    return cards


def new_game(name, seed=None, deck=None):
    """A freshly dealt game: deal number ``seed``, or the 52 bytes ``deck``."""
    rules = rules_for(name)
    if (seed is None) == (deck is None):
        raise ValueError("give exactly one of seed=deal number or deck=52 cards")
    if deck is None:
        from .shuffle import shuffled_deck
        deck = shuffled_deck(seed)
        number = seed
    else:
        deck = _checked_deck(deck)
        number = 0
    game = Game(rules, number)
    rules.deal(game, deck)
    return game


def load_game(data):
    """A game restored from ``to_bytes()`` data; ValueError if it is damaged."""
    from .gamefile import load
    return load(data)

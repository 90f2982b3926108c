"""Circuit Patience: four patience games for CircuitPython handhelds.

``new_game(name, seed=N)`` deals deal number N of a game; ``new_game(name,
deck=...)`` deals 52 given card bytes (``into=`` an old game of that name
reuses its memory); ``load_game(data)`` restores a game
saved with ``g.to_bytes()``. Game names are ``patience.games.GAMES``; pile
kinds are the constants below. Importing this package loads nothing else,
so that a board can show its first frame at once.
"""

from .core.piles import STOCK, WASTE, FOUNDATION, TABLEAU, RESERVE


def new_game(name, seed=None, deck=None, into=None):
    """A freshly dealt game: deal number ``seed``, or the 52 bytes ``deck``;
    dealt into game ``into`` (same name) when given, which then holds it."""
    from .games import rules_for
    rules = rules_for(name)
    if into is not None and into.name != name:
        raise ValueError("cannot deal %s into a game of %s" % (name, into.name))
    from .core import dealing
    try:
        return dealing.deal(rules, seed, deck, into)
    finally:
        from .lifetimes import let_go
        let_go("deal")


def load_game(data):
    """A game restored from ``to_bytes()`` data; ValueError if it is damaged."""
    from .core import game_reader
    from .core.engine import Game
    from .games import name_of, rules_for
    found = name_of(game_reader.game_number(data))
    if found is None:
        raise ValueError("saved game names unknown game number %d" % data[3])
    game = Game(rules_for(found), game_reader.deal_number(data))
    game_reader.read_into(game, data)
    return game

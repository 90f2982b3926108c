"""Circuit Patience: four patience games for CircuitPython handhelds.

``new_game(name, seed=N)`` deals deal number N of a game; ``new_game(name,
deck=...)`` deals 52 given card bytes; ``load_game(data)`` restores a game
saved with ``g.to_bytes()``. Game names are in ``GAMES``.
"""

from .core.engine import STOCK, WASTE, FOUNDATION, TABLEAU, RESERVE, Game

GAMES = ("eagle-wing", "agnes", "glenwood", "chessboard")


def rules_for(name):
    """The rules module of a game, imported on first use."""
    if name == "eagle-wing":
        from .games import eagle_wing
        return eagle_wing
    if name == "agnes":
        from .games import agnes
        return agnes
    if name == "glenwood":
        from .games import glenwood
        return glenwood
    if name == "chessboard":
        from .games import chessboard
        return chessboard
    raise ValueError("unknown game %r: choose one of %s" % (name, ", ".join(GAMES)))


def new_game(name, seed=None, deck=None):
    """A freshly dealt game: deal number ``seed``, or the 52 bytes ``deck``."""
    rules = rules_for(name)
    from .core import dealing
    try:
        return dealing.deal(rules, seed, deck)
    finally:
        _let_go("dealing")


def _let_go(module):
    """Free a module only one moment needs; the next import loads it again."""
    import sys
    sys.modules.pop(__name__ + "." + module, None)
    globals().pop(module, None)


def load_game(data):
    """A game restored from ``to_bytes()`` data; ValueError if it is damaged."""
    from .core.gamefile import load
    return load(data)

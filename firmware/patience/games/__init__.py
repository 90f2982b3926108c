"""The registry of games: the one list of rules modules, and what is derived
from them.
"""

# Each rules module declares ``NAME`` (used on command lines, in code and as
# the key of its title and help in the language files, words/*.txt),
# ``NUMBER`` (its id in saves: fixed for ever, never reused or reordered),
# ``KINDS`` (which pile is the stock, the waste, ...), ``LAYOUT``, ``deal``,
# ``stock_works``, ``pick_problem`` and ``drop_problem`` (see any of them).
# ``GAMES``, save ids and state lengths all come from here. A rules module
# is imported when its game is played; listing the games imports each once
# and lets go of it again.
#
# To add a game: write its rules module and add the module's name to MODULES.

from ..core.modules import forget
from ..core.engine import state_size

MODULES = ("eagle_wing", "agnes", "glenwood", "chessboard")


def _import(module):
    return __import__(__name__ + "." + module, None, None, (module,))


def _catalog():
    """(names, save numbers, state sizes) in MODULES order; each rules
    module is let go again (the game in play imports its own)."""
    names, numbers, sizes = [], bytearray(), bytearray()
    for module in MODULES:
        rules = _import(module)
        names.append(rules.NAME)
        numbers.append(rules.NUMBER)
        sizes.append(state_size(len(rules.KINDS)))
        forget(__name__ + "." + module)
    return tuple(names), bytes(numbers), bytes(sizes)


GAMES, _NUMBERS, _SIZES = _catalog()
SLOTS = max(_NUMBERS) + 1
"""Places for per-game data in saves: one per save NUMBER ever used."""


def rules_for(name):
    """The rules module of a game (imported on first use); ValueError names
    the games there are."""
    if name not in GAMES:
        raise ValueError("unknown game %r: choose one of %s" % (name, ", ".join(GAMES)))
    return _import(MODULES[GAMES.index(name)])


def number(name):
    """The save id of a game."""
    return _NUMBERS[GAMES.index(name)]


def name_of(number_):
    """The game whose save id is ``number_``, or None."""
    at = _NUMBERS.find(bytes((number_ & 0xFF,)))
    return None if at < 0 or number_ > 255 else GAMES[at]


def state_len(number_):
    """Bytes of ``Game.state`` for the game with save id ``number_`` (0 if none)."""
    name = name_of(number_)
    return 0 if name is None else _SIZES[GAMES.index(name)]

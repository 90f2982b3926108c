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
# To add a game: write its rules module, import it in ``_rules`` and name
# it in lifetimes.MOMENTS["catalog"] and ["table"].

from ..core.engine import state_size
from ..lifetimes import let_go


def _rules(at):
    """The rules module of the game at ``at`` in the title screen's order
    (imported now), or None past the last game."""
    if at == 0:
        from . import eagle_wing as rules
    elif at == 1:
        from . import agnes as rules  # type: ignore[no-redef]
    elif at == 2:
        from . import glenwood as rules  # type: ignore[no-redef]
    elif at == 3:
        from . import chessboard as rules  # type: ignore[no-redef]
    else:
        return None
    return rules


def _catalog():
    """(names, save numbers, state sizes) in the title screen's order; each
    rules module is let go again (the game in play imports its own)."""
    names, numbers, sizes = [], bytearray(), bytearray()
    rules = _rules(0)
    while rules is not None:
        names.append(rules.NAME)
        numbers.append(rules.NUMBER)
        sizes.append(state_size(len(rules.KINDS)))
        let_go("catalog")
        rules = _rules(len(names))
    return tuple(names), bytes(numbers), bytes(sizes)


GAMES, _NUMBERS, _SIZES = _catalog()
SLOTS = max(_NUMBERS) + 1
"""Places for per-game data in saves: one per save NUMBER ever used."""


def rules_for(name):
    """The rules module of a game (imported on first use); ValueError names
    the games there are."""
    if name not in GAMES:
        raise ValueError("unknown game %r: choose one of %s" % (name, ", ".join(GAMES)))
    return _rules(GAMES.index(name))


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

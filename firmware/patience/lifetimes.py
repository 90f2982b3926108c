"""Which modules each moment of the game loads, and lets go of when it ends.

A board keeps a module's code in its heap while the module is loaded. What
only one moment needs is imported where that moment runs (a plain
``import``) and ``let_go(moment)`` drops it when the moment ends: its code
is freed once nothing uses it, and the next import loads it again (from .py,
compiling it again: only rare moments are let go). MOMENTS is the one
table of them; every other module stays loaded once imported.
"""

import sys

# The rooms (patience's packages), and "lib" for the drive's libraries.
ROOMS = ("boards", "core", "games", "saves", "screens", "solver", "lib")

# moment: what it loads and lets go of when it ends. A room's name opens it
# and the names after it are its modules; a room followed by another room or
# by nothing stands for the whole room. Short names, the modules' own: a
# board interns each once, for both.
MOMENTS = {
    # code.py: the board's profile, once it has built the App
    "setup": ("boards",),
    # the loading screen, once the App is built (boards.build)
    "loading": ("boards", "message"),
    # the sheet's files, sizes and palettes, once screens/start.py has them
    "sheet_data": ("screens", "sheet_setup"),
    # the card sheet's file read (screens/start.py)
    "sheet": ("lib", "adafruit_imageload"),
    # the card sheet (boards.build) and the App's first frame made: the
    # felt, the panels' grid, the keeper, the words
    "start": ("screens", "start", "budget"),
    # the words of a language and the names of this board's buttons
    "words": ("screens", "controls"),
    # the registry listing the games (games/__init__.py)
    "catalog": ("games", "eagle_wing", "agnes", "glenwood", "chessboard"),
    # a deck dealt into a game (patience.new_game)
    "deal": ("core", "dealing"),
    # the title screen, once a game is on the table
    "title": ("screens", "title"),
    # a game chosen: its table set up (screens/table_setup.py)
    "table_open": ("screens", "table_setup"),
    # a game on the table, once it is put away for the title screen
    "table": ("screens", "play", "table", "status", "menu", "notices", "core", "hints",
              "games", "eagle_wing", "agnes", "glenwood", "chessboard"),
    # a deal dealt or resumed, another deal, a restart, a win (screens/deals.py)
    "deals": ("screens", "deals"),
    # the piles placed on the screen (screens/layout.py)
    "layout": ("screens", "layout"),
    # a save written or read (saves.keeper)
    "save": ("saves", "records", "history_trim", "store", "record_reader", "slots",
             "core", "gamefile", "game_reader"),
    # a hint: the board's search (screens/advice.py)
    "hint": ("screens", "advice", "solver"),
    # a Start-menu item or a notice's answer (screens/actions.py)
    "action": ("screens", "actions"),
    # a panel over the screen, once it closes (text.Panel.close)
    "panel": ("screens", "options", "statistics", "helppage", "controls", "digits"),
    # the game stopped (out of memory, a game file missing): every screen's
    # code, so that the games can be saved
    "no_memory": ("screens",),
}

_MODULE = type(sys)


def let_go(moment):
    """Let go of what ``moment`` loaded (KeyError for a moment MOMENTS does
    not have); a module not loaded is passed over, and a plain module is let
    go of without allocating."""
    patience = sys.modules["patience"]
    room = whole = None  # the room's package; its name while none of its modules is named
    for name in MOMENTS[moment]:
        if name in ROOMS:
            if whole:
                _forget(patience, whole)
            whole = name
            room = sys.modules if name == "lib" else getattr(patience, name, None)
            if room is None:  # while a room is being imported it is not patience's yet
                room = sys.modules.get(patience.__name__ + "." + name)
        else:
            whole = None
            if room is not None:
                _forget(room, name)
    if whole:
        _forget(patience, whole)


def _forget(owner, name):
    """Drop module ``name`` of package ``owner`` (sys.modules: a library's),
    if it is loaded, from sys.modules and from its package; a package with
    every module below it."""
    module = owner.get(name) if owner is sys.modules else getattr(owner, name, None)
    if type(module) is not _MODULE:
        return
    named = module.__name__
    if hasattr(module, "__path__"):  # a package: what is loaded below it too
        below = named + "."
        for key in [key for key in sys.modules if key.startswith(below)]:
            del sys.modules[key]
    del sys.modules[named]
    if owner is not sys.modules:
        delattr(owner, name)

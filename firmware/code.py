"""Circuit Patience: start the games on the board this runs on.

patience/boards picks the board's profile by ``board.board_id`` and turns
its buttons into the game's eight; on a board it cannot drive it says why
on the screen or the serial console. Once the App is built the board
setup's code and the saves' reading code are let go before its first
screen is made (``App.run``: a game resumed builds its whole table there),
so that the table has their room.
"""

# Code compiled here from .py keeps no line numbers, as the .mpy files
# patience-flash makes keep none: less heap in a game.

import micropython

if hasattr(micropython, "opt_level"):  # not on every build, nor on the desktop
    micropython.opt_level(3)  # no line numbers in what compiles from .py

from patience.boards import prepare  # noqa: E402
from patience.lifetimes import let_go

app = prepare()  # None on a board without a screen: the console says why
del prepare
let_go("setup")
if app:
    app.run()

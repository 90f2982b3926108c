"""Circuit Patience: start the games on the board this runs on.

patience/boards picks the board's profile by ``board.board_id`` and turns
its buttons into the game's eight; on a board it cannot drive it says why
on the screen or the serial console. Once the App is built the board
setup's code is let go (about 3 KB of heap) before the game runs.
"""

from patience.boards import prepare
from patience.core.modules import forget

app = prepare()  # None on a board without a screen: the console says why
del prepare
forget("patience.boards")
if app:
    app.run()

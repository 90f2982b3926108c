"""Circuit Patience: start the games on the board this runs on.

patience/boards.py picks the board's profile by ``board.board_id`` and turns
its buttons into the game's eight; on a board it cannot drive it says why
on the screen or the serial console.
"""

from patience.boards import start

start()

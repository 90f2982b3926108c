"""Every pile can be reached from every pile with each board's own buttons.

The cursor's moves are read through the real input path: the simulated
board's buttons, the firmware's gesture code (few-button boards) or its
keypad reading (PyBadge, PyGamer), and the play screen. For each board and
game, each navigation gesture is tried from each pile; the piles must then
form one strongly connected graph.
"""

import pytest

import patience
from screens import on_board

# the gestures that move the cursor on the table, per board (see patience/boards/few_buttons.py)
NAVIGATION = {
    "pybadge": ("up", "down", "left", "right"),
    "pygamer": ("up", "down", "left", "right"),
    "clue": ("b", "hold:b"),                                   # right, up
    "feather-tft": ("boot", "double:boot"),                    # right, up
    "feather-reverse-tft": ("d0", "hold:d0", "d2", "hold:d2"),  # left, up, right, down
}


def _moves(simulated, gestures):
    """pile -> the set of piles one gesture takes the cursor to."""
    player = simulated.app.player
    edges = {}
    for pile in range(player.game.pile_count):
        edges[pile] = set()
        for gesture in gestures:
            player.cursor = pile
            simulated.keys(gesture)
            assert player.held is None and player.panel.overlay is None, gesture
            edges[pile].add(player.cursor)
    return edges


def _reached(edges, start):
    seen, todo = {start}, [start]
    while todo:
        for nxt in edges[todo.pop()]:
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


@pytest.mark.slow
@pytest.mark.parametrize("board", sorted(NAVIGATION))
@pytest.mark.parametrize("game", patience.games.GAMES)
def test_every_pile_reaches_every_pile(board, game):
    with on_board(board, game=game, deal=1) as simulated:
        edges = _moves(simulated, NAVIGATION[board])
    everything = set(edges)
    for start in edges:
        assert _reached(edges, start) == everything, "from pile %d on %s" % (start, board)

"""Turn a line of moves into the button presses a player would make.

``keys_for_line(app, actions)`` steers a live App: for each action (a
(src, n, dst) move or "deal") it moves the cursor along the shortest path
of D-pad presses and plays it with B (the smart move) when that is the
move, else with A (taking fewer with A again where needed); it returns
every button it pressed. Used to make the key scripts that the
tests replay through the real input path.

    python -m host_sim.tools.autoplay GAME DEAL     # prints the key script of a win
"""

import argparse
import sys
from collections import deque

ARROWS = ("left", "right", "up", "down")
_BUTTON = {"b": 0, "a": 1, "start": 2, "select": 3, "right": 4, "down": 5, "up": 6, "left": 7}


def _path(player, start, goal):
    """The shortest list of arrows from pile ``start`` to ``goal``."""
    seen = {start: []}
    queue = deque([start])
    while queue:
        pile = queue.popleft()
        if pile == goal:
            return seen[pile]
        player.cursor, saved = pile, player.cursor
        for arrow in ARROWS:
            nxt = player.neighbour(_BUTTON[arrow])
            if nxt not in seen:
                seen[nxt] = seen[pile] + [arrow]
                queue.append(nxt)
        player.cursor = saved
    raise ValueError("pile %d cannot be reached from pile %d" % (goal, start))


class Driver:
    """Presses buttons on an App through its keys, recording them."""

    def __init__(self, app, keys):
        self.app, self.keys, self.pressed = app, keys, []

    def press(self, name):
        self.keys.press(name)
        self.app.tick()
        self.pressed.append(name)

    def go_to(self, pile):
        """Steer the cursor onto ``pile`` (arrows that regroup are repeated)."""
        player = self.app.player
        for _ in range(200):
            if player.cursor == pile:
                return
            self.press(_path(player, player.cursor, pile)[0])
        raise RuntimeError("cursor stuck on its way to pile %d" % pile)

    def play(self, action):
        """One action with the buttons: B when the smart move is this move,
        else A to take, A on the pile again until ``n`` cards are held, A on
        the destination; A on the stock to deal."""
        from patience.core.hints import best_from
        player = self.app.player
        if action == "deal":
            self.go_to(player.game.stock)
            self.press("a")
            return
        src, n, dst = action
        self.go_to(src)
        if best_from(player.game, src) == (n, dst):
            self.press("b")
            return
        self.press("a")
        while player.held[1] > n:
            self.press("a")
        self.go_to(dst)
        self.press("a")


def keys_for_line(app, keys, actions):
    """Play ``actions`` on the app with buttons; returns the buttons pressed.
    When the game offers to finish, A takes the offer and the line ends."""
    driver = Driver(app, keys)
    for action in actions:
        before = bytes(app.game.state)
        driver.play(action)
        if bytes(app.game.state) == before:
            raise RuntimeError("action %r did not happen" % (action,))
        if app.player.panel.overlay is not None and not app.game.is_won():
            driver.press("a")  # the offer to finish: play it out
        if app.game.is_won():
            break
    return driver.pressed


def main(argv=None):
    """Print the key script of a win: a simulated PyBadge, started as on the
    board, its buttons pressed in board time (the simulator's board, like a
    ScriptKeys, has the ``press(name)`` that Driver uses)."""
    from host_sim.simulator.boards import get_board
    from host_sim.simulator.display import CountingDisplay
    from host_sim.simulator.session import simulate
    from host_sim.simulator.cli import firmware_dir
    from host_sim.tools.solver import solve
    from patience.saves.store import Store
    parser = argparse.ArgumentParser(prog="python -m host_sim.tools.autoplay")
    parser.add_argument("game")
    parser.add_argument("deal", type=int)
    args = parser.parse_args(argv)
    line = solve(args.game, args.deal)
    if line is None:
        print("no winning line found for %s deal %d" % (args.game, args.deal), file=sys.stderr)
        return 1
    pybadge = get_board("pybadge")
    with CountingDisplay(pybadge.width, pybadge.height, headless=True) as display:
        with simulate(pybadge, display, store=Store(None), root=firmware_dir(), game=args.game,
                      deal=args.deal) as board:
            print(" ".join(keys_for_line(board.app, board, line)))
            won = board.app.game.is_won()
    return 0 if won else 1


if __name__ == "__main__":
    sys.exit(main())

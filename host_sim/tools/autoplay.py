"""Turn a line of moves into the button presses a player would make.

``keys_for_line(app, keys, actions, scheme)`` steers a live App with one
board's buttons (SCHEMES): for each action (a (src, n, dst) move or
"deal") it moves the cursor along the shortest path of that board's
gestures and plays it with B (the smart move) when that is the move, else
with A (taking fewer with A again where needed); it returns every gesture
it made. Used to make the key scripts that the
tests replay through the real input path.

    python -m host_sim.tools.autoplay GAME DEAL     # prints the key script of a win
"""

import argparse
import sys
from collections import deque, namedtuple

from host_sim.arguments import deal_argument, game_argument

# How a board's buttons do the game's work: ``arrows`` maps each gesture that
# moves the cursor to the logical arrow it is (patience.input.buttons);
# ``a`` and ``b`` are the gestures of A and B (None: the board has no B on
# the table); ``presses`` counts the button presses of a gesture (a double
# tap is two; a hold and a chord one).
Scheme = namedtuple("Scheme", "arrows a b")
_UP, _DOWN, _LEFT, _RIGHT = 6, 5, 7, 4
SCHEMES = {
    "pybadge": Scheme({"left": _LEFT, "right": _RIGHT, "up": _UP, "down": _DOWN}, "a", "b"),
    "pygamer": Scheme({"left": _LEFT, "right": _RIGHT, "up": _UP, "down": _DOWN}, "a", "b"),
    "clue": Scheme({"b": _RIGHT, "hold:b": _UP}, "a", "hold:a"),
    "feather-tft": Scheme({"boot": _RIGHT, "double:boot": _UP}, "hold:boot", None),
    "feather-reverse-tft": Scheme({"d0": _LEFT, "hold:d0": _UP, "d2": _RIGHT, "hold:d2": _DOWN},
                                  "d1", "hold:d1"),
}


def presses(gesture):
    """Button presses a gesture takes."""
    return 2 if gesture.startswith("double:") else 1


def _path(player, arrows, start, goal):
    """The shortest list of gestures (of ``arrows``) from pile ``start`` to ``goal``."""
    seen = {start: []}
    queue = deque([start])
    while queue:
        pile = queue.popleft()
        if pile == goal:
            return seen[pile]
        player.cursor, saved = pile, player.cursor
        for gesture, button in arrows.items():
            nxt = player.neighbour(button)
            if nxt not in seen:
                seen[nxt] = seen[pile] + [gesture]
                queue.append(nxt)
        player.cursor = saved
    raise ValueError("pile %d cannot be reached from pile %d" % (goal, start))


class Driver:
    """Presses a board's buttons on an App through ``keys`` (anything with
    ``press(gesture)``: ScriptKeys, or a simulated board), recording them."""

    def __init__(self, app, keys, scheme=SCHEMES["pybadge"]):
        self.app, self.keys, self.scheme, self.pressed = app, keys, scheme, []

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
            self.press(_path(player, self.scheme.arrows, player.cursor, pile)[0])
        raise RuntimeError("cursor stuck on its way to pile %d" % pile)

    def play(self, action):
        """One action with the buttons: B when the smart move is this move,
        else A to take, A on the pile again until ``n`` cards are held, A on
        the destination; A on the stock to deal."""
        from patience.core.hints import best_from
        player, a = self.app.player, self.scheme.a
        if action == "deal":
            self.go_to(player.game.stock)
            self.press(a)
            return
        src, n, dst = action
        self.go_to(src)
        if self.scheme.b and best_from(player.game, src) == (n, dst):
            self.press(self.scheme.b)
            return
        self.press(a)
        while player.held[1] > n:
            self.press(a)
        self.go_to(dst)
        self.press(a)


def keys_for_line(app, keys, actions, scheme=SCHEMES["pybadge"]):
    """Play ``actions`` on the app with a board's buttons; returns the
    gestures made. When the game offers to finish, A takes the offer and the
    line ends."""
    driver = Driver(app, keys, scheme)
    for action in actions:
        before = bytes(app.game.state)
        driver.play(action)
        if bytes(app.game.state) == before:
            raise RuntimeError("action %r did not happen" % (action,))
        if app.player.panel.overlay is not None and not app.game.is_won():
            driver.press(scheme.a)  # the offer to finish: play it out
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
    from host_sim.tools.solving import solve_deal
    from patience.saves.store import Store
    parser = argparse.ArgumentParser(prog="python -m host_sim.tools.autoplay")
    parser.add_argument("game", type=game_argument)
    parser.add_argument("deal", type=deal_argument)
    parser.add_argument("--time-limit", type=float, default=60.0, metavar="S",
                        help="CPU seconds for the solver (default 60)")
    args = parser.parse_args(argv)
    line = solve_deal(args.game, args.deal, seconds=args.time_limit).line
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

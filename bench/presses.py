"""Button presses per move: winning lines played with each board's buttons.

Run: python bench/presses.py [--deals N]. Each winning line (the solver's,
for the first N deals of each game's winnable list) is played on a simulated board started as on the
real one, through its own buttons (host_sim.tools.autoplay steers the
cursor along the shortest way that board's gestures allow, plays B's smart
move when it is the move, and takes the offer to finish). A press is one
push of a button: a tap, a hold or a chord is one, a double tap two. A move
is one action of the line (a card move or a deal). The last line is the
PyBadge's figure per game, the one the issue's goal (3.0 at most) is about.
"""

import argparse
import sys

from host_sim.simulator.boards import get_board
from host_sim.simulator.cli import firmware_dir
from host_sim.simulator.display import CountingDisplay
from host_sim.simulator.session import simulate
from host_sim.tools.autoplay import SCHEMES, keys_for_line, presses
from host_sim.tools.solving import solve_deal
from patience.games import GAMES
from patience.saves.store import Store
from patience.solver.winnable import LAST_DEAL, is_winnable

BOARDS = ("pybadge", "clue", "feather-reverse-tft", "feather-tft")


def solved_lines(count):
    """{game: [(deal, actions)]}: the solver's lines for the first ``count``
    deals of each game's winnable list (firmware/winnable)."""
    root = str(firmware_dir()) + "/"
    lines = {}
    for game in GAMES:
        deals = [deal for deal in range(1, LAST_DEAL + 1) if is_winnable(game, deal, root)]
        lines[game] = [(deal, solve_deal(game, deal, seconds=60).line) for deal in deals[:count]]
    return lines


def played(board_name, game, deal, actions):
    """Presses of one line on one board (the game must end won)."""
    board = get_board(board_name)
    with CountingDisplay(board.width, board.height, headless=True) as display:
        with simulate(board, display, store=Store(None), root=firmware_dir(),
                      game=game, deal=deal) as simulated:
            made = keys_for_line(simulated.app, simulated, actions, SCHEMES[board_name])
            if not simulated.app.game.is_won():
                raise RuntimeError("%s deal %d not won on the %s" % (game, deal, board_name))
    return sum(presses(gesture) for gesture in made)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python bench/presses.py")
    parser.add_argument("--deals", type=int, default=5, help="winning lines per game (solver)")
    args = parser.parse_args(argv)
    lines = solved_lines(args.deals)
    per_game = {}
    print(f"{'game':<12}{'lines':>6}{'moves':>7}" + "".join(f"{b:>21}" for b in BOARDS))
    for game in GAMES:
        moves = sum(len(actions) for _, actions in lines[game])
        counts = [sum(played(board, game, deal, actions) for deal, actions in lines[game])
                  for board in BOARDS]
        per_game[game] = counts[0] / moves
        print(f"{game:<12}{len(lines[game]):>6}{moves:>7}"
              + "".join(f"{count / moves:>21.2f}" for count in counts))
    print("presses per move: " + ", ".join(f"{game} {value:.2f}" for game, value in per_game.items()))


if __name__ == "__main__":
    main()

"""Solver speed on CPython: positions stored per CPU second, per game.

Run: python bench/solver.py [--deals 1-20] [--nodes 50000] [--games agnes,...]
For each game, searches each deal from its start with the firmware's sound
solver (``patience.solver.search.search``, exact table) until it is decided
or ``--nodes`` positions are stored, and prints per game: deals won, lost
and unknown, positions and CPU seconds in all, positions per second.
CPU time (``time.process_time``) is used so that other programs on the
machine do not change the figures much. Asserts nothing.

Before/after (this machine, 2 cores shared; CPU seconds): the previous
solver (a depth-first search on the engine itself, unsound pruning) stored
4,260 (Eagle Wing), 3,600 (Agnes), 8,200 (Glenwood) and 3,500
(Chessboard) positions per second on deals 1-30 at 1 s per deal.
"""

import argparse
import sys
import time
from pathlib import Path

import patience
import patience.games
from patience.solver.position import Position
from patience.solver.search import ExactTable, search
from patience.solver.facts import facts_for

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from host_sim.tools.solve import parse_deals  # noqa: E402


def bench(name, deals, nodes):
    """``(verdict counts, positions, cpu seconds)`` over ``deals``."""
    counts = {"won": 0, "lost": 0, "unknown": 0}
    stored = 0
    spent = 0.0
    for deal in deals:
        position = Position(patience.new_game(name, seed=deal), facts_for(name))
        started = time.process_time()
        verdict, found = search(position, ExactTable(), nodes)
        spent += time.process_time() - started
        stored += found
        counts[verdict] += 1
    return counts, stored, spent


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", default="1-20", help="deal numbers (default 1-20)")
    parser.add_argument("--nodes", type=int, default=50000,
                        help="positions per deal at most (default 50000)")
    parser.add_argument("--games", default=",".join(patience.games.GAMES),
                        help="comma-separated game names (default: all four)")
    args = parser.parse_args(argv)
    deals = parse_deals(args.deals)
    print("deals %s, at most %d positions each" % (args.deals, args.nodes))
    print(f"{'game':<12}{'won':>6}{'lost':>6}{'unknown':>9}{'positions':>11}{'cpu s':>8}"
          f"{'pos/s':>9}")
    for name in args.games.split(","):
        counts, stored, spent = bench(name, deals, args.nodes)
        print(f"{name:<12}{counts['won']:>6}{counts['lost']:>6}{counts['unknown']:>9}"
              f"{stored:>11}{spent:>8.1f}{stored / spent:>9.0f}", flush=True)


if __name__ == "__main__":
    main()

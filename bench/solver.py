"""Solver numbers on CPython: how many deals it wins, and at what cost.

Run: python bench/solver.py [N] [--games eagle-wing,agnes] [--max-nodes M]
[--time-limit S]. For each game, searches deals 1..N (default 100) with
``host_sim.tools.solver.search`` under the budget and prints a table: deals won,
deals whose pruned search tree ran out (no win exists along the moves the
solver tries), deals stopped by the budget, average nodes and time over all
deals and over the won ones, and the average winning line length.
Asserts nothing.
"""

import argparse
import time

import patience
import patience.games
from host_sim.tools.solver import search


def bench(name, count, max_nodes, time_limit):
    """One row of the table as a dict."""
    won = exhausted = 0
    nodes = won_nodes = 0
    seconds = won_seconds = 0.0
    length = 0
    for seed in range(1, count + 1):
        result = search(name, seed, max_nodes=max_nodes, time_limit=time_limit)
        nodes += result.nodes
        seconds += result.seconds
        if result.won:
            won += 1
            won_nodes += result.nodes
            won_seconds += result.seconds
            length += len(result.actions)
        elif result.exhausted:
            exhausted += 1
    return {
        "won": won,
        "exhausted": exhausted,
        "stopped": count - won - exhausted,
        "nodes": nodes / count,
        "seconds": seconds / count,
        "won_nodes": won_nodes / won if won else 0.0,
        "won_seconds": won_seconds / won if won else 0.0,
        "length": length / won if won else 0.0,
    }


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("count", nargs="?", type=int, default=100,
                        help="deals 1..N per game (default 100)")
    parser.add_argument("--games", default=",".join(patience.games.GAMES),
                        help="comma-separated game names (default: all four)")
    parser.add_argument("--max-nodes", type=int, default=20000,
                        help="positions per deal at most (default 20000)")
    parser.add_argument("--time-limit", type=float, default=10.0,
                        help="seconds per deal at most (default 10)")
    args = parser.parse_args(argv)
    print("deals 1..%d, budget %d nodes / %.1f s per deal"
          % (args.count, args.max_nodes, args.time_limit))
    print(f"{'game':<12}{'won':>9}{'ran out':>9}{'stopped':>9}{'avg nodes':>11}"
          f"{'avg s':>8}{'won nodes':>11}{'won s':>8}{'won len':>9}{'total s':>9}")
    for name in args.games.split(","):
        started = time.perf_counter()
        row = bench(name, args.count, args.max_nodes, args.time_limit)
        total = time.perf_counter() - started
        won = "%d/%d" % (row["won"], args.count)
        print(f"{name:<12}{won:>9}{row['exhausted']:>9}{row['stopped']:>9}"
              f"{row['nodes']:>11.0f}{row['seconds']:>8.2f}{row['won_nodes']:>11.0f}"
              f"{row['won_seconds']:>8.2f}{row['length']:>9.0f}{total:>9.0f}", flush=True)


if __name__ == "__main__":
    main()

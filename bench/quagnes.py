"""Agnes against quagnes on equal rules: the same verdict on every deal?

Run: python bench/quagnes.py [--count 200] [--seed 2024] [--time-limit 300]
[--max-states N] [--first K] (needs ``pip install quagnes``). For
``--count`` random deal numbers (and deals 238 and 307, which the issue
names), solves our deal with our strict mode (no play from the
foundations, no top-rank card on a base card: quagnes'
``move_to_empty_pile='none'``, ``move_same_suit=False``, face-down) and
the same deal converted to quagnes' deck order
(``host_sim.tools.quagnes_deals``), and prints both verdicts and CPU times
side by side, then how many agree. Asserts nothing.
"""

import argparse
import random
import sys
from pathlib import Path

# This file's folder must not be on the path: "import quagnes" would find it.
sys.path[0] = str(Path(__file__).resolve().parents[1])
from host_sim.tools.quagnes_deals import deck_of_deal, run_quagnes  # noqa: E402
from host_sim.tools.solving import solve_deal  # noqa: E402

NAMED = (238, 307)


def compare(deal, seconds, states):
    """One row: deal, ours (verdict, positions, s), quagnes (verdict, states, s)."""
    ours = solve_deal("agnes", deal, seconds=seconds, strict=True)
    theirs = run_quagnes(deck_of_deal(deal), states)
    return deal, (ours.verdict, ours.nodes, ours.seconds), theirs


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=200, help="random deals (default 200)")
    parser.add_argument("--seed", type=int, default=2024, help="for choosing them (default 2024)")
    parser.add_argument("--time-limit", type=float, default=300.0,
                        help="our CPU seconds per deal (default 300)")
    parser.add_argument("--max-states", type=int, default=0,
                        help="quagnes' states per deal at most (default 0: no limit)")
    parser.add_argument("--first", type=int, default=0,
                        help="start at this random deal (0-based), to go on after a stop")
    args = parser.parse_args(argv)
    deals = random.Random(args.seed).sample(range(1, 1_000_000_000), args.count)[args.first:]
    print("%d random deals (seed %d) and deals %s; CPU seconds"
          % (args.count, args.seed, ", ".join(map(str, NAMED))))
    print("%11s  %-8s %9s %8s   %-8s %9s %8s" % ("deal", "ours", "positions", "s",
                                                 "quagnes", "states", "s"))
    same = 0
    totals = [0.0, 0.0]
    won = 0
    for deal in (list(NAMED) if not args.first else []) + deals:
        deal, ours, theirs = compare(deal, args.time_limit, args.max_states)
        print("%11d  %-8s %9d %8.2f   %-8s %9d %8.2f%s" % (
            deal, ours[0], ours[1], ours[2], theirs[0], theirs[1], theirs[2],
            "" if ours[0] == theirs[0] else "   DIFFERENT"), flush=True)
        if deal in NAMED:
            continue
        same += ours[0] == theirs[0]
        won += theirs[0] == "won"
        totals[0] += ours[2]
        totals[1] += theirs[2]
    print("random deals: same verdict on %d of %d; quagnes won %d (%.1f%%); CPU s ours %.1f, "
          "quagnes %.1f" % (same, len(deals), won, 100.0 * won / len(deals), *totals))


if __name__ == "__main__":
    main()

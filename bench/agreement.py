"""Engine against oracle on many deals: a bigger run of the agreement test.

    python bench/agreement.py [GAMES] [--search N] [--jobs J] [--game NAME ...] [--aisleriot]

For each game, GAMES random-play deals (default 2000) and N searched lines
(default GAMES // 20) go through the same driver as
tests/test_oracle_agreement.py (``play_game``): before every action the
engine and the independent oracle (tests/oracle.py) must show the same legal
moves, stock, score, base, redeals left, won flag and piles; random illegal
moves must be refused without change; undo all the way back and redo all the
way forward must reproduce every position.

Prints a table (deals, actions, wins, disagreements per game and kind of
deal). For the first disagreement of each game it prints the full report
(deal number, deck, action list) and a shortened reproduction. Exit status
1 if there was any disagreement.

With ``--aisleriot`` the same deals are played against GNOME Aisleriot
3.22's own game code instead (tests/aisleriot, in Guile; the driver of
tests/test_aisleriot_agreement.py, ``play_deal``, with games as long as
here): the same piles, score, base, redeals used, won flag, legal moves
and stock before every action, without the illegal moves and the undo and
redo. The first difference is printed in full, not shortened.
"""

import argparse
import multiprocessing
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "tests"))

# patience.games first: the test module's parameters name the games (under
# pytest, conftest.py imports it)
from patience.games import GAMES                   # noqa: E402
import test_oracle_agreement as agreement        # noqa: E402
import aisleriot                                 # noqa: E402
import test_aisleriot_agreement as with_aisleriot  # noqa: E402


def run_one(task):
    """Play one deal; a plain tuple result (picklable)."""
    name, mode, k, against = task
    if against == "aisleriot":
        return run_against_aisleriot(name, mode, k)
    try:
        actions, score = agreement.play_game(name, k, mode=mode)
        return name, mode, k, actions, score, None
    except agreement.Disagreement as e:
        failure = {"text": str(e), "deck": e.deck, "script": e.script()}
        return name, mode, k, len(e.actions), 0, failure


_AISLERIOT = {}  # game -> this worker's Aisleriot, started once


def run_against_aisleriot(name, mode, k):
    if name not in _AISLERIOT:
        _AISLERIOT[name] = aisleriot.Aisleriot(name)
    try:
        engine, actions = with_aisleriot.play_deal(_AISLERIOT[name], k, mode,
                                                   agreement.MAX_ACTIONS[name])
    except AssertionError as e:  # Differs, or an action one of them refused
        return name, mode, k, 0, 0, {"text": str(e), "deck": None, "script": None}
    return name, mode, k, len(actions), engine.score, None


def reproduction(name, deck, script):
    """Python lines that replay ``script`` on the engine."""
    lines = ["import patience",
             "g = patience.new_game(%r, deck=bytes.fromhex(%r))" % (name, deck.hex())]
    for action in script:
        lines.append("g.deal()" if action == "deal" else "g.move(%d, %d, %d)" % action)
    return "\n".join(lines)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="?", type=int, default=2000,
                        help="random-play deals per game (default 2000)")
    parser.add_argument("--search", type=int, default=None,
                        help="searched-line deals per game (default GAMES // 20)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                        help="worker processes (default: all cores)")
    parser.add_argument("--game", action="append", choices=GAMES,
                        help="only this game (may be repeated)")
    parser.add_argument("--no-shrink", action="store_true",
                        help="do not shorten the first disagreement's action list")
    parser.add_argument("--aisleriot", action="store_true",
                        help="play against Aisleriot 3.22's own game code, not the oracle")
    args = parser.parse_args(argv)
    searches = args.games // 20 if args.search is None else args.search
    names = args.game or list(GAMES)
    against = "aisleriot" if args.aisleriot else "oracle"
    if args.aisleriot:
        try:
            aisleriot.games_dir()
            aisleriot.guile()
        except aisleriot.Unavailable as why:
            print("Aisleriot 3.22 cannot be run here:", why)
            return 2

    tasks = []
    for name in names:
        tasks += [(name, "random", k, against) for k in range(args.games)]
        tasks += [(name, "search", k, against) for k in range(searches)]
    # Slow tasks (searches) first, so that the workers finish together.
    tasks.sort(key=lambda t: t[1] != "search")

    rows = {}           # (name, mode) -> [deals, actions, wins, disagreements]
    first = {}          # name -> (mode order, k, failure)
    started = time.time()
    with multiprocessing.Pool(args.jobs) as pool:
        for done, (name, mode, k, actions, score, failure) in enumerate(
                pool.imap_unordered(run_one, tasks, chunksize=4), 1):
            row = rows.setdefault((name, mode), [0, 0, 0, 0])
            row[0] += 1
            row[1] += actions
            row[2] += score == 52
            if failure is not None:
                row[3] += 1
                order = (mode != "random", k)
                if name not in first or order < first[name][0]:
                    first[name] = (order, k, mode, failure)
            if done % 500 == 0:
                print("  %d/%d deals, %.0f s" % (done, len(tasks), time.time() - started),
                      file=sys.stderr, flush=True)
    elapsed = time.time() - started

    print("%-11s %-7s %7s %9s %6s %14s" % ("game", "deals", "games", "actions", "wins", "disagreements"))
    total = [0, 0, 0, 0]
    for name in names:
        for mode in ("random", "search"):
            row = rows.get((name, mode))
            if row is None:
                continue
            print("%-11s %-7s %7d %9d %6d %14d" % (name, mode, *row))
            total = [a + b for a, b in zip(total, row)]
    print("%-11s %-7s %7d %9d %6d %14d" % ("total", "", *total))
    print("%.1f s with %d worker(s)" % (elapsed, args.jobs))

    if not first:
        print("\nNo disagreement.")
        return 0
    for name in names:
        if name not in first:
            continue
        _, k, mode, failure = first[name]
        print("\n=== First disagreement in %s (%s deal %d) ===" % (name, mode, k))
        print(failure["text"])
        script = failure["script"]
        if script is None:  # against Aisleriot: the report is the reproduction
            continue
        if not args.no_shrink:
            error = agreement.Disagreement(failure["text"], name, failure["deck"], script[:-1] or [],
                                           script[-1] if script else None)
            script, text = agreement.shrink(error)
            print("\nShortened to %d actions:" % len(script))
            print(text)
        print("\nReproduction (then compare with the report above):")
        print(reproduction(name, failure["deck"], script))
    return 1


if __name__ == "__main__":
    sys.exit(main())

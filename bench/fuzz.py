"""Button mashing: random presses through the real input path, checked.

Run: python bench/fuzz.py [presses] [seed]. Presses random buttons (held
repeats included) on a headless PyBadge, across all games, menus, the
title, statistics and deal-number screens, and after every press checks
that the game holds 52 distinct cards and that the table shows exactly the
game's piles. Prints presses, screens visited, games won, failures.
"""

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from mashing import mash  # noqa: E402
from patience.saves.store import Store  # noqa: E402

def main():
    presses = int(sys.argv[1]) if len(sys.argv) > 1 else 200_000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    started = time.perf_counter()
    counts, failure = mash(presses, seed, Store(bytearray(8192)))
    seconds = time.perf_counter() - started
    print(f"presses {counts['presses']}, deals seen {len(counts['deals'])}, "
          f"presses on the title {counts['title']}, in panels {counts['panels']}, "
          f"on won games {counts['won']}, {seconds:.0f} s")
    print("failure: " + failure if failure else "no failure: 52 cards and the table matched the game after every press")
    return 1 if failure else 0


if __name__ == "__main__":
    sys.exit(main())

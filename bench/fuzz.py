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

from screens import running, table_mismatch  # noqa: E402
from patience.saves.store import Store  # noqa: E402
from host_sim.simulator.keys import parse_script  # noqa: E402

BUTTONS = ("up", "down", "left", "right", "a", "b", "start", "select")
WEIGHTS = (3, 3, 4, 4, 6, 2, 1, 2)
# Now and then a path into a menu screen, so that every screen gets mashed.
MACROS = ("start down*5 a", "start down*7 a", "start down*8 a", "start down*6 a",
          "start down*4 a", "start down a", "start down*9 a", "start down*10 a")


def mash(presses, seed, store=None):
    """Press ``presses`` random buttons; returns (counts, first failure or None)."""
    rng = random.Random(seed)
    counts = {"presses": 0, "won": 0, "title": 0, "panels": 0, "deals": set()}
    with running(store=store) as s:
        for _ in range(presses):
            button = rng.choices(BUTTONS, WEIGHTS)[0]
            if rng.random() < 0.01:
                button = rng.choice(MACROS)
            counts["presses"] += 1
            try:
                s.press(" ".join(parse_script(button)))
            except Exception as error:  # pylint: disable=broad-except  # report, don't stop
                return counts, "press %d (%s) raised %r" % (counts["presses"], button, error)
            app = s.app
            if app.game is None:
                counts["title"] += 1
                continue
            counts["deals"].add((app.game.name, app.game.seed))
            counts["won"] += app.game.is_won()
            counts["panels"] += app.player.panel.overlay is not None
            problem = table_mismatch(app)
            if problem:
                return counts, "after press %d (%s): %s" % (counts["presses"], button, problem)
    return counts, None


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

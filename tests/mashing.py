"""Button mashing: random presses through the real input path, checked after each.

``mash(presses, seed)`` presses random buttons (and now and then a menu item)
on a headless PyBadge across all games, menus, the title, statistics and
deal-number screens, and after every press checks that the game holds 52
distinct cards and that the table shows exactly the game's piles. Used by
tests/test_fuzz.py (a short run) and bench/fuzz.py (a long one).
"""

import random

from screens import running, table_mismatch

BUTTONS = ("up", "down", "left", "right", "a", "b", "start", "select")
WEIGHTS = (3, 3, 4, 4, 6, 2, 1, 2)
# Now and then a menu item, so that every screen gets mashed.
MENU_ITEMS = ("menu.new", "menu.game", "menu.statistics", "menu.number", "menu.restart",
              "menu.hint", "menu.options", "menu.help")


def mash(presses, seed, store=None):
    """Press ``presses`` random buttons; returns (counts, first failure or None)."""
    rng = random.Random(seed)
    counts = {"presses": 0, "won": 0, "title": 0, "panels": 0, "deals": set()}
    with running(store=store) as s:
        for _ in range(presses):
            button = rng.choices(BUTTONS, WEIGHTS)[0]
            counts["presses"] += 1
            try:
                if rng.random() < 0.01 and s.app.game is not None \
                        and s.player.panel.overlay is None:
                    button = rng.choice(MENU_ITEMS)
                    s.choose(button)
                else:
                    s.press(button)
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

"""The Statistics panel: results per game, and a reset that asks first."""

from ..input import buttons
from ..games import GAMES
from .sheets import CHAR_DOWN, CHAR_UP


class Statistics:
    """One game's results from ``records`` (``stats(name)`` and
    ``reset_stats(name)``); the arrows go through the games, A resets
    (after asking), B goes ``back()``, other buttons close: buttons every
    board has in lists."""

    mode = buttons.LIST
    keyed = 7 << 8  # its last three lines name buttons (named already: see Panel.show)

    def __init__(self, panel, records, name, back):
        self.panel = panel
        self.back = back
        self.records = records
        self.choice = GAMES.index(name)
        self.confirming = False
        words = panel.words
        # the lines every game shows, read and named once
        self.fixed = [words.named(words.get(key), self.mode) for key in
                      ("stats.title", "stats.keys_games", "stats.keys_reset", "stats.keys_back")]
        self.draw()

    def draw(self):
        words = self.panel.words
        get, fill = words.get, words.fill
        name = GAMES[self.choice]
        title = get("game." + name)
        if self.confirming:
            self.panel.show(self, (get("stats.ask"), fill("stats.ask_game", title), "",
                                   get("stats.yes"), get("stats.no")), keep=True)
            return
        stats = self.records.stats(name)
        rate = stats.won * 100 // stats.played if stats.played else 0
        fixed = self.fixed
        self.panel.show(self, (fixed[0],
                               "%s %s %s" % (chr(CHAR_UP), title, chr(CHAR_DOWN)), "",
                               fill("stats.played", stats.played),
                               fill("stats.won", stats.won, rate),
                               fill("stats.streak", stats.streak, stats.best_streak),
                               fill("stats.best", stats.best_score), "",
                               fixed[1], fixed[2], fixed[3]), keep=True)

    def press(self, button):
        if button == buttons.START:
            self.panel.close()
            return
        if self.confirming:
            if button == buttons.A:
                self.records.reset_stats(GAMES[self.choice])
            if button in (buttons.A, buttons.B):
                self.confirming = False
        elif buttons.is_arrow(button):
            step = 1 if button in (buttons.RIGHT, buttons.DOWN) else -1
            self.choice = (self.choice + step) % len(GAMES)
        elif button == buttons.A:
            self.confirming = True
        elif button == buttons.B:
            self.back()  # in the panel still open, as the menu's B does
            return
        else:
            self.panel.close()
            return
        self.draw()

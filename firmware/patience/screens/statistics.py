"""The Statistics panel: results per game, and a reset that asks first."""

from .. import GAMES
from . import buttons
from .play import TITLES


class Statistics:
    """Shows one game's results; left and right go through the games."""

    def __init__(self, player):
        self.player = player
        self.choice = GAMES.index(player.game.name)
        self.confirming = False
        self.draw()

    def draw(self):
        name = GAMES[self.choice]
        if self.confirming:
            lines = ["", "RESET STATISTICS", "OF %s?" % TITLES[name], "", "A  YES, RESET",
                     "B  NO, KEEP THEM"]
        else:
            stats = self.player.keeper.stats(name)
            rate = stats.won * 100 // stats.played if stats.played else 0
            lines = ["", "STATISTICS", chr(132) + " " + TITLES[name] + " " + chr(133), "",
                     "PLAYED %d" % stats.played, "WON %d (%d%%)" % (stats.won, rate),
                     "STREAK %d  BEST %d" % (stats.streak, stats.best_streak),
                     "BEST SCORE %d/52" % stats.best_score, "",
                     "SELECT  RESET", "B  BACK"]
        self.player.show_panel(self, lines)

    def press(self, button):
        if self.confirming:
            if button == buttons.A:
                self.player.keeper.reset_stats(GAMES[self.choice])
            if button in (buttons.A, buttons.B):
                self.confirming = False
        elif button in (buttons.LEFT, buttons.RIGHT):
            step = 1 if button == buttons.RIGHT else -1
            self.choice = (self.choice + step) % len(GAMES)
        elif button == buttons.SELECT:
            self.confirming = True
        elif button in (buttons.B, buttons.START, buttons.A):
            self.player.close_overlay()
            return
        self.draw()

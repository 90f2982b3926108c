"""Panels over the table that wait for a button: won, stuck, help."""

from . import buttons

_HELP = ("HOW TO PLAY", "", "ARROWS  MOVE", "A  TAKE / PUT / DEAL",
         "B  DROP / SEND HOME", "SELECT  UNDO", "START  MENU", "",
         "ANY BUTTON: BACK")


class Notice:
    """Lines in a panel; ``actions`` maps a button to a function (or None,
    which only closes the panel). With no actions any button closes it."""

    mode = buttons.GAME

    def __init__(self, panel, lines, actions):
        self.panel = panel
        self.actions = actions
        panel.show(self, lines)

    def press(self, button):
        if button in self.actions or not self.actions:
            self.panel.close()
            action = self.actions.get(button)
            if action is not None:
                action()


def won(panel, deal, new_deal, menu, undo):
    """The game is won: offer a new deal."""
    Notice(panel, ("YOU WON!", "", "ALL 52 CARDS HOME", "DEAL %d" % deal, "",
                   "A  NEW DEAL", "START  MENU", "SELECT  UNDO"),
           {buttons.A: new_deal, buttons.START: menu, buttons.SELECT: undo})


def stuck(panel, new_deal, menu, undo):
    """No card move and no deal is left."""
    Notice(panel, ("NO MOVES LEFT", "", "NOTHING CAN MOVE", "AND THE STOCK IS DONE", "",
                   "SELECT  UNDO", "A  NEW DEAL", "START  MENU", "B  LOOK"),
           {buttons.A: new_deal, buttons.START: menu, buttons.SELECT: undo,
            buttons.B: None})


def show_help(panel):
    """The controls (each game's rules come with the help screens)."""
    Notice(panel, _HELP, {})

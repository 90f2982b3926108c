"""Panels over the table that wait for a button: won, stuck, help."""

from . import buttons

_HELP = ("HOW TO PLAY", "", "ARROWS  MOVE", "A  TAKE / PUT / DEAL",
         "B  DROP / SEND HOME", "SELECT  UNDO", "START  MENU", "",
         "RULES: SEE README", "", "ANY BUTTON: BACK")


class Notice:
    """A panel of lines; ``actions`` maps a button to a function of the
    player (or None just to close the panel)."""

    def __init__(self, player, lines, actions):
        self.player = player
        self.actions = actions
        player.show_panel(self, lines)

    def press(self, button):
        """A listed button (any button if none are listed) closes the panel."""
        if button in self.actions or not self.actions:
            self.player.close_overlay()
            action = self.actions.get(button)
            if action is not None:
                action(self.player)


def _new_deal(player):
    player.new_deal()


def _menu(player):
    player.open_menu()


def _undo(player):
    player.undo()


def won(player):
    """The game is won: offer a new deal."""
    game = player.game
    Notice(player, ("", "YOU WON!", "", "ALL 52 CARDS HOME", "DEAL %d" % game.seed, "",
                    "A  NEW DEAL", "START  MENU", "SELECT  UNDO"),
           {buttons.A: _new_deal, buttons.START: _menu, buttons.SELECT: _undo})


def stuck(player):
    """No card move and no deal is left."""
    Notice(player, ("", "NO MOVES LEFT", "", "NOTHING CAN MOVE", "AND THE STOCK IS DONE", "",
                    "SELECT  UNDO", "A  NEW DEAL", "START  MENU", "B  LOOK"),
           {buttons.A: _new_deal, buttons.START: _menu, buttons.SELECT: _undo,
            buttons.B: None})


def show_help(player):
    """The controls (the rules pages come with the help issue)."""
    Notice(player, _HELP, {})

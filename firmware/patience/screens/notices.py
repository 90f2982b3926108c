"""Panels over the table that wait for a button, and the two a press on
the table brings up: stuck, and the offer to play the rest home (the
others are made where they are needed: won in deals.py, a question and a
look at a pile in actions.py, no way to win in advice.py)."""

from ..input import buttons

# What the buttons do on the notices a table press brings up: the player's
# actions, by name (Player.do), so that bringing one up makes no functions
# (a table press stays within its allocation limit).
_STUCK = {buttons.A: "new_deal", buttons.START: "open_menu", buttons.SELECT: "undo",
          buttons.B: None}
_FINISH = {buttons.A: "finish", buttons.B: "decline"}
_STUCK_LINES = ("stuck.title", "", "stuck.why", "stuck.why2", "", "won.undo", "won.new",
                "won.menu", "stuck.look")


class Notice:
    """Lines in a panel; ``actions`` maps a button to a function (or None,
    which only closes the panel), or, with a ``target``, to the name of
    one of its actions (``target.do(name)``). With no actions any button
    closes it."""

    mode = buttons.GAME

    def __init__(self, panel, lines, actions, target=None):
        self.panel = panel
        self.actions = actions
        self.target = target
        panel.show(self, lines)

    def press(self, button):
        if button in self.actions or not self.actions:
            self.panel.close()
            action = self.actions.get(button)
            if action is not None and self.target is not None:
                self.target.do(action)
            elif action is not None:
                action()


def texts(panel, keys):
    """The lines of word ``keys`` ("" for a blank line), for a Notice (made
    by its caller, not in here: a notice at the start of a resumed game comes
    at the end of the deepest call chain, see bench/pystack.py)."""
    get = panel.words.get
    return [get(key) if key else "" for key in keys]


class Question(Notice):
    """A notice that B answers (no, back): it reads the buttons as lists
    do, where every board has a B (a one-button board's long hold)."""

    mode = buttons.LIST


def stuck(player):
    """No card move and no deal is left (the stock is done, in a game with one)."""
    lines = _STUCK_LINES if player.game.stock is not None else _STUCK_LINES[:3] + _STUCK_LINES[4:]
    Notice(player.panel, texts(player.panel, lines), _STUCK, player)


def offer_finish(player):
    """The rest goes home by itself: offer to play it."""
    Question(player.panel, texts(player.panel, ("finish.title", "", "finish.why", "",
                                                "finish.yes", "finish.no")), _FINISH, player)

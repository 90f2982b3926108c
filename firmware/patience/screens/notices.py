"""Panels over the table that wait for a button: won, stuck, finish, a
question, a look at a pile."""

from . import buttons

# What the buttons do on the notices a table press brings up: methods of the
# player, by name, so that bringing one up makes no functions (a table press
# stays within its allocation limit).
_WON = {buttons.A: "new_deal", buttons.START: "open_menu", buttons.SELECT: "undo"}
_STUCK = {buttons.A: "new_deal", buttons.START: "open_menu", buttons.SELECT: "undo",
          buttons.B: None}
_FINISH = {buttons.A: "finish", buttons.B: "decline"}
_STUCK_LINES = ("stuck.title", "", "stuck.why", "stuck.why2", "", "won.undo", "won.new",
                "won.menu", "stuck.look")


class Notice:
    """Lines in a panel; ``actions`` maps a button to a function (or None,
    which only closes the panel), or, with a ``target``, to the name of its
    method. With no actions any button closes it."""

    mode = buttons.GAME

    def __init__(self, panel, lines, actions, target=None):
        self.panel = panel
        self.actions = actions
        self.target = target
        panel.show(self, lines)

    @classmethod
    def of_words(cls, panel, keys, actions, target=None):
        """A notice whose lines are word keys ("" for a blank line)."""
        get = panel.words.get
        return cls(panel, [get(key) if key else "" for key in keys], actions, target)

    def press(self, button):
        if button in self.actions or not self.actions:
            self.panel.close()
            action = self.actions.get(button)
            if action is not None:
                if self.target is not None:
                    action = getattr(self.target, action)
                action()


class Question(Notice):
    """A notice that B answers (no, back): it reads the buttons as lists
    do, where every board has a B (a one-button board's long hold)."""

    mode = buttons.LIST


def won(player):
    """The game is won: offer a new deal."""
    panel = player.panel
    get = panel.words.get
    Notice(panel, [get("won.title"), "", get("won.all"),
                   panel.words.fill("won.deal", player.game.seed), "",
                   get("won.new"), get("won.menu"), get("won.undo")], _WON, player)


def stuck(player):
    """No card move and no deal is left (the stock is done, in a game with one)."""
    lines = _STUCK_LINES if player.game.stock is not None else _STUCK_LINES[:3] + _STUCK_LINES[4:]
    Notice.of_words(player.panel, lines, _STUCK, player)


def no_win(player, stuck):
    """A search proved that no line wins from here: say so, and offer a new
    deal (asking first when it counts this one as lost), undo (when a move
    was made) and playing on."""
    lines = ["lost.title", "", "lost.stuck" if stuck else "lost.why", "lost.why2", "", "won.new"]
    actions = {buttons.A: "ask_new_deal", buttons.B: None}
    if player.game.done:
        lines.append("won.undo")
        actions[buttons.SELECT] = "undo"
    Question.of_words(player.panel, lines + ["lost.back"], actions, player)


def offer_finish(player):
    """The rest goes home by itself: offer to play it."""
    Question.of_words(player.panel, ("finish.title", "", "finish.why", "", "finish.yes",
                                     "finish.no"), _FINISH, player)


def confirm(panel, question, action):
    """Ask ``question`` (a word key); A runs ``action``, B keeps things as they are."""
    Question.of_words(panel, (question, "", "ask.yes", "ask.no"),
                      {buttons.A: action, buttons.B: None})


def peek(panel, game, pile):
    """Every card of a pile, bottom first, by name; face-down cards as such."""
    from ..core.cards import FACE_UP, rank, suit
    from .why import card_text
    names = [card_text(panel.words, rank(card), suit(card)) if card & FACE_UP else "--"
             for card in game.cards(pile)]
    count = len(names)
    key = "peek.title" if count > 1 else "peek.one_card" if count else "peek.no_cards"
    rows = [" ".join(names[at:at + 8]) for at in range(0, count, 8)]
    lines = [panel.words.fill(key, count)] + ([""] + rows if rows else [])
    Notice(panel, lines + ["", panel.words.get("peek.any_button")], {})

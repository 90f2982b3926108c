"""The table's status line: deal, score and redeals, or the cards held.

Its texts are read once per language and deal, and the line is made anew
only when what it shows changes, so that most presses allocate nothing and
a card sent home little. (Its own module: play.py compiles in less heap.)
"""

from ..input import buttons

# the deal's words and the game's name, longest first: name and deal
# number, without "deal", with the name's short form, the number alone
_DEAL_LINES = (("status.deal", "game."), ("status.short", "game."), ("status.short", "short."),
               ("status.number", "game."))


class StatusLine:
    """The line for a game and the cards held, in ``words``' language,
    ``columns`` characters wide at most."""

    def __init__(self, words, columns):
        self.words = words
        self.columns = columns
        self.game = None  # the lines kept are of this game and deal
        self.seed = -1
        self.edition = self.held_count = self.game_key = -1
        self.holding = self.game_format = self.held_line = self.game_line = None

    def text(self, game, held):
        """The line for ``game`` with ``held`` ((pile, count) or None)."""
        words = self.words
        if words.edition != self.edition:
            self.edition = words.edition
            named = words.named  # where the board has no B, the short one
            self.holding = (named(words.get("status.holding"), buttons.GAME)
                            or named(words.get("status.holding_short"), buttons.GAME))
            # a character is interned (a name kept for good) the first time
            # it is drawn: these now, not in a press on the table (the
            # score's digits, the comma of the line for cards held)
            for _ in "0123456789,":
                pass
            self.game = None
        if game is not self.game or game.seed != self.seed:  # a deal may reuse a game
            self.game, self.seed, self.game_format = game, game.seed, self._format(game)
            self.held_count = self.game_key = -1
        if held is not None:
            if held[1] != self.held_count:
                self.held_count = held[1]
                self.held_line = self.holding.format(held[1])
            return self.held_line
        key = game.score * 64 + game.redeals_left
        if key != self.game_key:
            self.game_key = key
            if game.rules.REDEALS:
                self.game_line = self.game_format % (game.score, game.redeals_left)
            else:
                self.game_line = self.game_format % game.score
        return self.game_line

    def _format(self, game):
        """The deal's line with %d for the score (and the redeals left):
        its words fit the width whatever the score."""
        words = self.words
        redeals = words.get("status.redeals").replace("{0}", "%d") if game.rules.REDEALS else ""
        for key, name in _DEAL_LINES:  # the first that fits, else the shortest
            deal = words.fill(key, words.get(name + game.name), game.seed)
            if len(deal) + len(redeals) + 9 <= self.columns:  # "  52/52  "
                break
        deal = deal.replace("%", "%%") + "  %d/52"
        return deal + "  " + redeals if redeals else deal

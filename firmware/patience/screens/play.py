"""The playing screen: cursor, pick-up and put-down, menu and notices.

Buttons: the D-pad moves between piles by their place on screen (up and
down also choose how many cards to take where groups move); A picks up and
puts down (on the stock it deals); B cancels, or sends the card home;
Select undoes; Start opens the menu. While the panel shows an overlay
(menu, statistics, a notice) the overlay takes the buttons.
"""

import random

import displayio

from .. import new_game
from . import buttons
from ..core.piles import TABLEAU
from ..core.names import RANKS

from .table import Table
from .text import Panel


def random_deal():
    """A deal number chosen at random."""
    return random.randint(1, 999999999)


class Player:
    """A game on the table and the player's cursor over it."""

    def __init__(self, app, name, deal, game=None):
        self.app = app
        self.keeper = app.keeper
        self.game = game or self._deal(name, deal)
        self.table = Table(app.art, app.pool, self.game, app.width, app.height)
        self.words = app.words
        self.group = displayio.Group()
        self.group.append(self.table.group)
        self.panel = Panel(app.art, app.width, app.height, app.words, self.group)
        self._start()
        if self.game.is_won():   # resumed on its won screen
            self._won()

    def _deal(self, name, deal):
        game = new_game(name, seed=deal or random_deal())
        self.keeper.dealt(game)
        return game

    def _start(self):
        self.cursor = self._first_pile()
        self.count = 1
        self.held = None
        notice = self.keeper.take_notice()
        self.message = self.words.fill(*notice) if notice else ""
        self.panel.close()
        self.draw()

    def _first_pile(self):
        """The first tableau pile: where play usually starts."""
        return self.game.kinds.find(bytes((TABLEAU,)))

    def new_deal(self, deal=None, game=None):
        """Show ``game``, or deal another game of the same kind, on the same table."""
        self.keeper.finish(self.game)
        self.game = game or self._deal(self.game.name, deal)
        self.table.set_game(self.game)
        self._start()
        self.keeper.save()

    def restart(self):
        """Back to the start of this deal (counted as given up if played)."""
        game = self.game
        self.keeper.finish(game)
        while game.undo():
            pass
        if game.seed and bytes(game.state) != bytes(new_game(game.name, seed=game.seed).state):
            game = new_game(game.name, seed=game.seed)  # its oldest steps were not kept
            self.game = game
            self.table.set_game(game)
        self.keeper.dealt(game)
        self._start()
        self.after_change()

    def release(self):
        """Give the card TileGrids back before another game is shown."""
        self.table.release()

    # -- buttons ---------------------------------------------------------

    def input_mode(self):
        """What the buttons are for now: the overlay's mode, else GAME."""
        overlay = self.panel.overlay
        return buttons.GAME if overlay is None else overlay.mode

    def press(self, button):
        """Handle one button; always changes the screen."""
        self.message = self.panel.note = ""
        self.table.show_hint()
        if self.panel.overlay is not None:
            self.panel.overlay.press(button)
        elif buttons.is_arrow(button):
            self._steer(button)
        elif button == buttons.A:
            self._act()
        elif button == buttons.B:
            self._cancel_or_home()
        elif button == buttons.SELECT:
            self.undo()
        else:
            self.open_menu()
        self.draw()
        return True

    def _act(self):
        game = self.game
        pile = self.cursor
        if self.held is not None:
            src, n = self.held
            if pile == src:
                self.drop_hold()
            elif game.move(src, n, pile):
                self.drop_hold()
                self.after_change()
            else:
                self.say("status.cant_go")
        elif pile == game.stock and game.rules.stock_works(game):
            if game.deal():
                self.after_change()
            else:
                self.say("status.stock_done")
        elif game.size(pile) and not game.pick_problem(pile, self.count):
            self.held = (pile, self.count)
            self.table.select(pile, self.count)
        else:
            self.say("status.nothing")

    def _cancel_or_home(self):
        if self.held is not None:
            self.drop_hold()
            return
        target = self.game.auto_target(self.cursor)
        if target is not None and self.game.move(self.cursor, 1, target):
            self.after_change()
        else:
            self.say("status.cant_home")

    def drop_hold(self):
        self.held = None
        self.table.select(0, 0)

    def undo(self):
        self._step(self.game.undo, "status.undo_start")

    def redo(self):
        self._step(self.game.redo, "status.no_redo")

    def _step(self, step, refusal):
        """Undo or redo one step, or say why not."""
        self.drop_hold()
        if step():
            self.after_change()
        else:
            self.say(refusal)

    def after_change(self):
        """Redraw what the last step changed; notice a win or a dead end."""
        self.table.update()
        self.count = 1
        self.keeper.changed(self.game)
        if self.game.is_won():
            self.keeper.finish(self.game)
            self.keeper.save()
            self._won()
        elif not self.game.can_deal() and not self.game.moves():
            from .notices import stuck
            stuck(self.panel, self.new_deal, self.open_menu, self.undo)

    def _won(self):
        from .notices import won
        won(self.panel, self.game.seed, self.new_deal, self.open_menu, self.undo)

    # -- cursor ----------------------------------------------------------

    def _steer(self, button):
        if button == buttons.UP and self._regroup(1):
            return
        if button == buttons.DOWN and self._regroup(-1):
            return
        pile = self._neighbour(button)
        if pile is not None:
            self.cursor = pile
            self.count = 1

    def _regroup(self, direction):
        """Take one group more or less from the pile (False if it can't)."""
        game = self.game
        if self.held is not None:
            return False
        count = self.count + direction
        while 1 <= count <= game.size(self.cursor):
            if not game.pick_problem(self.cursor, count):
                self.count = count
                return True
            count += direction
        return False

    def _neighbour(self, button):
        """The nearest pile in the button's direction, wrapping round."""
        here_x, here_y = self.table.pile_centre(self.cursor)
        across = button in (buttons.LEFT, buttons.RIGHT)
        sign = 1 if button in (buttons.RIGHT, buttons.DOWN) else -1
        best = None
        best_key = None
        for pile in range(self.game.pile_count):
            x, y = self.table.pile_centre(pile)
            ahead, aside = (x - here_x, y - here_y) if across else (y - here_y, x - here_x)
            ahead *= sign
            if pile == self.cursor:
                continue
            wrap = 0 if ahead > 0 else 1
            key = (abs(aside) > 4, wrap, abs(aside), ahead if not wrap else -ahead)
            if best_key is None or key < best_key:
                best, best_key = pile, key
        return best

    # -- screen ----------------------------------------------------------

    def draw(self):
        """Put cursor, status line and overlay in step with the state."""
        depth = self.count - 1 if self.held is None else 0
        self.table.move_cursor(self.cursor, min(depth, max(0, self.game.size(self.cursor) - 1)))
        self.status = self.message or self.panel.note or self.status_text()
        self.table.status.line(0, self.status)

    def say(self, key, *values):
        """Put a line on the status bar until the next press."""
        self.message = self.words.fill(key, *values)

    def status_text(self):
        game = self.game
        text = " %d/52" % game.score
        if game.stock is not None:
            text += " ST%d" % game.size(game.stock)
        if game.rules.REDEALS:
            text += " R%d" % game.redeals_left
        if game.base:
            text += " B" + RANKS[game.base - 1]
        title = self.words.get("game." + game.name)
        named = self.words.fill("status.deal", title, game.seed)
        if len(named) + len(text) > self.table.status.columns:
            named = self.words.fill("status.short", title, game.seed)
        return named + text

    # -- the menu and its panels ---------------------------------------

    def open_menu(self):
        from .menu import Menu
        self.drop_hold()
        Menu(self.panel, self.menu_items(), self.keeper.save)

    def menu_items(self):
        """The Start menu: (label, action) in the order shown."""
        return (("menu.resume", None), ("menu.hint", self.hint), ("menu.undo", self.undo),
                ("menu.redo", self.redo), ("menu.restart", self.restart),
                ("menu.new", self.new_deal), ("menu.number", self.enter_deal),
                ("menu.game", self.leave), ("menu.statistics", self.statistics),
                ("menu.help", self.help), ("menu.options", self.options))

    def options(self):
        from .menu import Menu
        from .options import Options
        items = Options(self.app).items()[:-1] + (("menu.back", self.open_menu),)
        Menu(self.panel, items, self.keeper.save, "menu.options")

    def hint(self):
        """Frame a move worth making, or point at the stock, or say there is none."""
        game = self.game
        move = game.hint()
        if move is not None:
            src, n, dst = move
            self.table.show_hint(src, n - 1, dst)
            self.say("status.hint_move")
        elif game.can_deal():
            self.table.show_hint(game.stock)
            self.say("status.hint_deal")
        else:
            self.say("status.hint_none")

    def enter_deal(self):
        from .menu import DealEntry
        DealEntry(self.panel, self.game.seed, self.new_deal, self.open_menu)

    def leave(self):
        """To the title screen, this game's name chosen."""
        self.app.title(self.game.name)

    def statistics(self):
        from .statistics import Statistics
        Statistics(self.panel, self.keeper, self.game.name)

    def help(self):
        from .notices import show_help
        show_help(self.panel)

"""The playing screen: the cursor over the piles, taking and putting cards."""

# Buttons (each board's own become these eight, see patience.boards): the
# D-pad moves the cursor between piles by their place on screen and wraps
# round at the edges; A takes the cards under the cursor (the most that may
# move together, framed) and puts them on the pile the cursor goes to, as
# many as may go there (A on their own pile takes one card fewer, and puts
# them back after the last; a count chosen so goes as it is where it may);
# A on the stock deals. B sends the cards under
# the cursor to their best place (home first), or puts taken cards back;
# Select undoes; Start opens the menu. When the rest of the game is plainly
# won the game offers to finish it. While the panel shows an overlay (menu,
# statistics, a notice) the overlay takes the buttons.

import random

import displayio

from .. import new_game
from . import buttons, notices
from ..core.piles import FOUNDATION, TABLEAU
from .menu import DealEntry, Menu
from .status import StatusLine
from .table import Table
from .text import Panel
from ..core.modules import forget


# The Start menu: (label, the Player's method) in the order shown
_START_MENU = (("menu.resume", None), ("menu.hint", "hint"), ("menu.undo", "undo"),
               ("menu.redo", "redo"), ("menu.restart", "ask_restart"),
               ("menu.new", "ask_new_deal"), ("menu.number", "enter_deal"),
               ("menu.peek", "peek"), ("menu.game", "leave"),
               ("menu.statistics", "statistics"), ("menu.help", "help"),
               ("menu.options", "options"))


# B with nowhere to send the cards: [taken elsewhere at all][a single card]
_NO_PLACE = (("why.no_pile", "why.no_pile_one"), ("why.nowhere", "why.nowhere_one"))


def _order(ahead, apart, column):
    """A pile's rank as the cursor's next place, lowest first, as an int:
    places ahead (nearest first) before those behind (farthest first), then
    the fewest columns apart, then the leftmost. Rows and columns are < 64."""
    return ((ahead if ahead >= 0 else 128 + ahead) * 64 + apart) * 64 + column


def random_deal():
    """A deal number chosen at random."""
    return random.randint(1, 999999999)


class Player:
    """A game on the table and the player's cursor over it."""

    def __init__(self, app, name, deal, game=None):
        self.app = app
        self.keeper = app.keeper
        self.words = app.words
        self.group = displayio.Group()
        self.panel = Panel(app, self.group)
        self.game = game or self._deal(name, deal)
        self.table = Table(app.art, app.pool, self.game, app.width, app.height)
        self.status_line = StatusLine(app.words, self.table.status.columns)
        self.group.insert(0, self.table.group)  # under the panel
        self._start()
        if self.game.is_won():   # resumed on its won screen
            self._won()
        else:                    # or on its offer to finish, or its dead end
            self._ends()

    def _deal(self, name, deal, into=None):
        game = new_game(name, seed=deal or self._pick_deal(name), into=into)
        self.keeper.dealt(game)
        return game

    def _pick_deal(self, name):
        """A random deal number; with "winnable deals only" on, one the
        solver won (any deal when none of this game is listed)."""
        deal = random_deal()
        if self.keeper.saved.settings.winnable_only:
            from ..solver.winnable import pick
            deal = pick(name, deal, self.app.root + "/") or deal
        return deal

    def _winnable_notice(self):
        """With "winnable deals only" on, say so when this deal is on the
        list of deals the solver won."""
        if not self.keeper.saved.settings.winnable_only or not self.game.seed:
            return ""
        from ..solver.winnable import is_winnable
        if is_winnable(self.game.name, self.game.seed, self.app.root + "/"):
            return self.words.fill("status.winnable", self.game.seed)
        return ""

    def _start(self):
        self.cursor = self.game.kinds.find(bytes((TABLEAU,)))  # where play usually starts
        self.held = None
        self.exact = False  # the player chose how many cards to hold
        self.hinted = None  # the hint's move (or the stock) that A plays next
        self.line = None  # a winning line found for a hint, to follow (see hint)
        self.message = self._winnable_notice()
        self.panel.close()
        self.draw()

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
        hinted, self.hinted = self.hinted, None
        if self.panel.overlay is not None:
            self.panel.overlay.press(button)
        elif button == buttons.A and hinted is not None:
            self.play_hint(hinted)
        elif buttons.is_arrow(button):
            self.cursor = self.neighbour(button)
        elif button == buttons.A:
            self.act()
        elif button == buttons.B:
            self.smart()
        elif button == buttons.SELECT:
            self.undo()
        else:
            self.open_menu()
        if self.app.player is self:  # not when the menu took the game off the table
            self.draw()
        return True

    def act(self):
        """A: put the cards taken, deal from the stock, or take cards."""
        game, pile = self.game, self.cursor
        if self.held is not None:
            self._put()
        elif pile == game.stock and game.rules.stock_works(game):
            if game.deal():
                self.app.click()
                self.after_change()
            else:
                self.say("status.stock_done")
        else:
            from ..core.hints import movable
            most = movable(game, pile)
            if most:
                self.held = (pile, most)
                self.exact = False
                self.table.select(pile, most)
                self.app.click()
            else:
                self._refuse(game.pick_problem(pile, 1), pile, 1, pile)

    def _put(self):
        """A with cards taken: on their pile one fewer, elsewhere as many as may go."""
        src, n = self.held
        if self.cursor == src:
            self.drop_hold()
            if n > 1:
                self.held = (src, n - 1)
                self.exact = True
                self.table.select(src, n - 1)
            return
        from ..core.hints import best_count
        if self.exact and self.game.is_legal(src, n, self.cursor):
            count = n
        else:
            count = best_count(self.game, src, n, self.cursor)
        if count:
            self.drop_hold()
            self.move(src, count, self.cursor)
        else:
            self._refuse(self.game.problem(src, n, self.cursor), src, n, self.cursor)

    def smart(self):
        """B: put taken cards back, or send the cards under the cursor to
        their best place."""
        if self.held is not None:
            self.drop_hold()
            return
        game, pile = self.game, self.cursor
        if pile == game.stock and game.rules.stock_works(game):
            self.act()
            return
        from ..core.hints import best_from
        best = best_from(game, pile)
        if best is not None:
            self.move(pile, best[0], best[1])
        elif game.pick_problem(pile, 1):
            self._refuse(game.pick_problem(pile, 1), pile, 1, pile)
        elif game.kinds[pile] == FOUNDATION:
            self.say("why.home")
        else:
            self._no_place(game, pile)

    def _no_place(self, game, pile):
        """B found nowhere to send the cards: say whether any pile takes
        them at all, of one card or of several."""
        from ..core.hints import movable, taken_anywhere
        self.say(_NO_PLACE[taken_anywhere(game, pile)][movable(game, pile) == 1])

    def move(self, src, n, dst):
        """Play a legal move, sliding its cards to their place."""
        table = self.table
        start_x, start_y = table.card_x(src, n - 1), table.card_y(src, n - 1)
        self.game.move(src, n, dst)
        self.app.click()
        self.after_change()
        table.slide(dst, n, start_x, start_y, self.app.display)

    def _refuse(self, problem, src, n, dst):
        from .why import reason
        self.message = reason(self.words, self.game, problem, src, n, dst)

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
        """Redraw what the last step changed; notice a win, a dead end, or a
        game that is plainly won."""
        game = self.game
        self.table.update()
        self.keeper.changed(game)
        if game.is_won():
            self.keeper.finish(game)
            self.keeper.decline(game, False)  # the win undone, the rest may be offered again
            self.keeper.save()
            self._won()
            return
        self._ends()

    def _ends(self):
        """Offer to finish a game plainly won (unless the player said no), or
        say that nothing can move."""
        from ..core.hints import can_finish
        if not self.keeper.declined(self.game) and can_finish(self.game):
            notices.offer_finish(self)
        elif self._dead_end():
            notices.stuck(self)

    def _dead_end(self):
        """True when no card may move and the stock does nothing."""
        return not self.game.can_deal() and not self.game.has_move()

    def finish(self):
        """Send the rest home, card by card, each sliding to its place."""
        from ..core.hints import home_move
        self.keeper.decline(self.game)  # no second offer on the way
        move = home_move(self.game)
        while move is not None and not self.game.is_won():
            self.draw()
            self.app.display.refresh()
            self.move(move[0], 1, move[1])
            move = home_move(self.game)

    def decline(self):
        self.keeper.decline(self.game)

    def _won(self):
        self.draw()  # the score of the last card, before the celebration
        self.app.tune(self._light_foundation)
        self.table.show_hint()
        notices.won(self)

    def _light_foundation(self, step):
        """One step of a win's celebration: a frame round the next foundation."""
        foundations = self.game.foundations
        self.table.show_hint(dst=foundations[step % len(foundations)])
        self.app.display.refresh()

    # -- deals -----------------------------------------------------------

    def new_deal(self, deal=None, game=None):
        """Show ``game``, or deal another game of the same kind, on the same table."""
        self.keeper.finish(self.game)
        self.game = game or self._deal(self.game.name, deal, into=self.game)
        self.table.set_game(self.game)
        self._start()
        self.keeper.save()

    def restart(self):
        """Back to the start of this deal (counted as given up if played)."""
        game = self.game
        self.keeper.finish(game)
        while game.undo():
            pass
        fresh = new_game(game.name, seed=game.seed) if game.seed else game
        if fresh.state != game.state:  # its oldest steps were not kept
            game = self.game = fresh
            self.table.set_game(game)
        self.keeper.dealt(game, True)  # again: a won deal is not counted twice
        self._start()
        self.after_change()
        self.keeper.save()  # at once, as for a new deal: a give-up may have been counted

    def ask_first(self, action):
        """``action`` at once, or after asking when it would count this deal as lost."""
        if not self.keeper.counts_as_lost(self.game):
            action()
            return
        notices.confirm(self.panel, "ask.lost", action)

    # -- cursor ----------------------------------------------------------

    def neighbour(self, button):
        """The pile the cursor goes to: left and right along its row, up and
        down to the nearest pile of the next row; at an edge, round to the
        far side, so that right and up alone reach every pile."""
        layout = self.game.rules.LAYOUT  # (column, row, fan) a pile: see layout.place
        column, row = layout[3 * self.cursor], layout[3 * self.cursor + 1]
        across = button == buttons.LEFT or button == buttons.RIGHT
        sign = 1 if button == buttons.RIGHT or button == buttons.DOWN else -1
        best = self.cursor
        best_key = -1
        for pile in range(self.game.pile_count):
            other_column, other_row = layout[3 * pile], layout[3 * pile + 1]
            if across:
                if other_row != row or pile == self.cursor:
                    continue
                # the next one ahead, else the farthest behind
                key = _order((other_column - column) * sign, 0, 0)
            else:
                ahead = (other_row - row) * sign
                if ahead == 0:
                    continue
                key = _order(ahead, abs(other_column - column), other_column)
            if best_key < 0 or key < best_key:
                best, best_key = pile, key
        return best

    # -- screen ----------------------------------------------------------

    def draw(self):
        """Put cursor, status line and overlay in step with the state."""
        game, pile = self.game, self.cursor
        if self.held is not None and self.held[0] == pile:
            depth = self.held[1] - 1
        elif self.held is None and game.size(pile):
            from ..core.hints import movable
            depth = max(0, movable(game, pile) - 1)
        else:
            depth = 0
        self.table.move_cursor(pile, depth)
        notice = self.keeper.take_notice()  # a save's line comes first
        if notice:
            self.message = self.words.fill(*notice)
        said = self.message or self.panel.note
        self.status = (self.words.named(said, buttons.GAME) if said
                       else self.status_line.text(game, self.held))
        self.table.status.line(0, self.status)

    def say(self, key, *values):
        """Put a line on the status bar until the next press."""
        self.message = self.words.fill(key, *values)

    # -- the menu and its panels ---------------------------------------

    def open_menu(self, action=None):
        """The Start menu, its arrow on the item of ``action`` (the one whose
        panel B came back from), else on Resume."""
        if self.held is not None:
            self.drop_hold()
            self.say("status.put_back")
        choice = 0  # Resume's action is None
        while _START_MENU[choice][1] != action:
            choice += 1
        Menu(self.panel, _START_MENU, self.keeper.save, target=self, choice=choice)

    def ask_restart(self):
        self.ask_first(self.restart)

    def ask_new_deal(self):
        self.ask_first(self.new_deal)

    def options(self):
        from .options import Options
        back = lambda: self.open_menu("options")  # noqa: E731
        items = Options(self.app).items()[:-1] + (("menu.back", back),)
        Menu(self.panel, items, self.keeper.save, "menu.options", back=back)

    def hint(self):
        """Frame the next move of a winning line when a search finds one, or
        say that no line wins (offering undo), or else frame a move worth
        making or the stock; the next press of A plays what is framed."""
        # The search can take seconds: the status line says it is thinking. A
        # winning line found is kept: while the player follows it (with A or
        # by hand), the next hint is its next step, found at once (a new
        # search might find another line, one that starts by taking the last
        # step back, or none within its budget).
        from .advice import kept_step
        at = kept_step(self)
        del kept_step  # held here, the advice's code would outlive the search's
        if at >= 0:
            forget(__name__.rpartition(".")[0] + ".advice")  # no search needs it: a hint is rare
        else:
            self.table.status.line(0, self.words.get("status.thinking"))
            self.app.display.refresh()
            verdict, line, stuck = self.app.advise(self.game)
            if verdict == "lost":
                notices.no_win(self, stuck)
                return
            self.line = line or None  # None unless won
            self.line_step = at = 0 if line else -1
            self.line_state = bytearray(self.game.state)
            self.line_done = self.game.done
        won = self.line is not None
        action = self._line_action(at) if at >= 0 else None
        if action is None:
            action = self.game.hint() or ("deal" if self.game.can_deal() else None)
        if action == "deal":
            self.table.show_hint(self.game.stock)
            self.hinted = self.game.stock
            self.say("status.win_deal" if won else "status.hint_deal")
        elif action is not None:
            src, n, dst = action
            self.table.show_hint(src, n - 1, dst)
            self.hinted = action
            self.say("status.win_move" if won else "status.hint_move")
        else:
            self.say("status.hint_none")

    def play_hint(self, hinted):
        """A after a hint: its move (the cursor ends where the cards went),
        or a deal."""
        self.drop_hold()
        if hinted == self.game.stock:
            self.cursor = hinted
            self.act()
        else:
            src, n, dst = hinted
            self.cursor = dst
            self.move(src, n, dst)

    def _line_action(self, at):
        """The kept line's action at ``at``: ``(src, n, dst)`` or "deal"."""
        line = self.line
        return (line[at], line[at + 1], line[at + 2]) if line[at + 1] else "deal"

    def enter_deal(self):
        DealEntry(self.panel, self.game.seed, self._deal_number,
                  lambda: self.open_menu("enter_deal"))

    def _deal_number(self, number):
        self.ask_first(lambda: self.new_deal(number))

    def peek(self):
        """Every card of the pile under the cursor, by name, in a panel."""
        notices.peek(self.panel, self.game, self.cursor)

    def leave(self):
        """To the title screen, this game's name chosen."""
        self.app.title(self.game.name)

    def statistics(self):
        from .statistics import Statistics
        Statistics(self.panel, self.keeper, self.game.name,
                   lambda: self.open_menu("statistics"))

    def help(self):
        """The rules of this game and the board's controls."""
        from .helppage import show_help
        show_help(self.panel, self.app.keys, self.game.name, self.game.rules)

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

import gc

import displayio
from micropython import const

from . import notices
from ..input import buttons
from ..core.piles import FOUNDATION
from ..lifetimes import let_go
from .menu import Menu
from .status import StatusLine
from .text import Panel

# The Start menu: (label, the action's name, see Player.do) in the order shown
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


class Player:
    """A game on the table and the player's cursor over it."""
    # What a press on the table does is here; what only a moment needs is
    # loaded for it and let go of (lifetimes): another deal, a restart and
    # the end of a deal (deals.py), and the Start menu's other items
    # (actions.py; the hint's in advice.py, the help in helppage.py).
    #
    # The host (the App) is what the Player shows through: ``art``,
    # ``width``, ``height``, ``words``, ``keeper``, ``keys`` (for the help),
    # ``root`` (the drive's folder) and ``panel_text`` (text.Panel), and
    # ``click()``, ``tune(on_note)``, ``refresh()``, ``title(name)`` (leave
    # the table for the title screen) and ``advise(game)`` (a hint).

    def __init__(self, host, game, message="", cursor=0):
        """``game`` on a table of its own (layout.build) on ``host``'s
        screen, the cursor on pile ``cursor``, ``message`` on the status line."""
        self.host = host
        self.keeper = host.keeper
        self.words = host.words
        self.group = displayio.Group()
        self.panel = Panel(host, self.group)
        gc.collect()
        from . import layout
        self.table = layout.build(host.art, game, host.width, host.height)
        let_go("layout")
        gc.collect()
        self.status_line = StatusLine(host.words, self.table.status.columns)
        self.group.insert(0, self.table.group)  # under the panel
        self.on_table = True  # until the App puts the game away
        self.later = None  # the Start menu's item just chosen, to run (see press)
        self.chosen = None  # the action of the Start menu's item run last (see reopen)
        self.status = ""  # the status line shown
        self.line_step = self.line_done = 0  # see advice.kept_step
        self.line_state = None
        self.begin(game, message, cursor)

    def begin(self, game, message="", cursor=0):
        """``game`` (the table shows it) from its start, or resumed: nothing
        held, no hint, the cursor on pile ``cursor``, ``message`` on the
        status line."""
        self.game = game
        self.cursor = cursor
        self.held = None  # (pile, count) taken
        self.exact = False  # the player chose how many cards to hold
        self.hinted = None  # the hint's move (or the stock) that A plays next
        self.line = None  # a winning line found for a hint, to follow (advice.hint)
        self.message = message  # the status line's text until the next press
        self.panel.close()
        self.draw()

    def put_away(self):
        """The App takes the game off the table: its spare TileGrids go."""
        self.on_table = False
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
            item, self.later = self.later, None
            if item is not None:  # chosen on the Start menu: run here, fewer calls deep
                self.chosen = item[1]
                if item[1] is not None:
                    self.do(item[1])
                self.keeper.save_soon()
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
        if self.on_table:  # not when the menu took the game off the table
            self.draw()
        return True

    def act(self):
        """A: put the cards taken, deal from the stock, or take cards."""
        game, pile = self.game, self.cursor
        if self.held is not None:
            self._put()
        elif pile == game.stock and game.rules.stock_works(game):
            if game.deal():
                self.host.click()
                self.after_change()
            else:
                self.say("status.stock_done")
        else:
            most = game.movable(pile)
            if most:
                self.held = (pile, most)
                self.exact = False
                self.table.select(pile, most)
                self.host.click()
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
        elif not game.base and game.is_legal(pile, 1, game.foundations[0]):
            self.say("why.base_yours")  # B leaves the base to the player
        else:
            self._no_place(game, pile)

    def _no_place(self, game, pile):
        """B found nowhere to send the cards: say whether any pile takes
        them at all, of one card or of several."""
        from ..core.hints import taken_anywhere
        self.say(_NO_PLACE[taken_anywhere(game, pile)][game.movable(pile) == 1])

    def move(self, src, n, dst):
        """Play a legal move, sliding its cards to their place."""
        table = self.table
        start_x, start_y = table.card_x(src, n - 1), table.card_y(src, n - 1)
        self.game.move(src, n, dst)
        self.host.click()
        self.after_change()
        table.slide(dst, n, start_x, start_y, self.host)

    def _refuse(self, problem, src, n, dst):
        from .refusals import reason
        self.message = reason(self.words, self.game, problem, src, n, dst)

    def drop_hold(self):
        self.held = None
        self.table.select(0, 0)

    def undo(self):
        self.step(self.game.undo, "status.undo_start")

    def redo(self):
        self.step(self.game.redo, "status.no_redo")

    def step(self, step, refusal):
        """Undo or redo one step, or say why not; cards held are put back
        first, and that is all the press does."""
        if self.held is not None:
            self.drop_hold()
            self.say("status.put_back")
        elif step():
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
            self.keeper.finish(game)  # counted here: compiling deals.py may run out
            self.keeper.decline(game, False)  # the win undone, the rest may be offered again
            self._won(True)
            return
        self.notice_end()

    def decline(self):
        """No to having the rest played home: not offered again for this deal."""
        self.keeper.decline(self.game)

    def arrived(self):
        """A table just built: a game resumed on its won screen shows it
        again, or its offer to finish, or its dead end."""
        if self.game.is_won():
            self._won(False)
        else:
            self.notice_end()

    def _won(self, save):
        """The won notice (deals.won), saved at once unless ``save`` is False."""
        gc.collect()
        from . import deals
        deals.won(self, save)
        let_go("deals")
        gc.collect()

    def notice_end(self):
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

    # -- cursor ----------------------------------------------------------

    def neighbour(self, button):
        """The pile the cursor goes to: left and right along its row, up and
        down to the nearest pile of the next row; at an edge, round to the
        far side, so that right and up alone reach every pile."""
        layout = self.game.rules.LAYOUT  # (column, row, fan) a pile: see layout.place
        column, row = layout[3 * self.cursor], layout[3 * self.cursor + 1]
        across = button == buttons.LEFT or button == buttons.RIGHT
        step = 1 if button == buttons.RIGHT or button == buttons.DOWN else -1
        found = self.cursor
        best = -1  # the key of the pile found
        for pile in range(self.game.pile_count):
            x, y = layout[3 * pile], layout[3 * pile + 1]  # its column and row
            if across:
                if y != row or pile == self.cursor:
                    continue
                # the next one ahead, else the farthest behind
                key = _order((x - column) * step, 0, 0)
            else:
                ahead = (y - row) * step
                if ahead == 0:
                    continue
                key = _order(ahead, abs(x - column), x)
            if best < 0 or key < best:
                found, best = pile, key
        return found

    # -- screen ----------------------------------------------------------

    def draw(self):
        """Put cursor, status line and overlay in step with the state."""
        game, pile = self.game, self.cursor
        if self.held is not None and self.held[0] == pile:
            depth = self.held[1] - 1
        elif self.held is None and game.size(pile):
            depth = max(0, game.movable(pile) - 1)
        else:
            depth = 0
        self.table.move_cursor(pile, depth)
        notice = self.keeper.take_notice()  # a save's line comes first
        if notice:
            self.message = self.words.fill(*notice)
        text = self.message or self.panel.note
        self.status = (self.words.named(text, buttons.GAME) if text
                       else self.status_line.text(game, self.held))
        self.table.status.line(0, self.status)

    def say(self, key, *values):
        """Put a line on the status bar until the next press."""
        self.message = self.words.fill(key, *values)

    # -- the menu, its panels and the notices --------------------------

    def do(self, action):
        """The Start menu's or a notice's ``action`` (a name): a method of
        the player, else a function of actions.py (the hint's of advice.py,
        the help's of helppage.py: their own modules, loaded without
        actions.py), loaded for it and let go of after."""
        # The hint's search runs under this call, and a board's pystack is
        # small: the module is imported here, with no call between.
        found = getattr(self, action, None)
        if found is not None:
            found()
            return
        gc.collect()  # the module's code then lies low, in the room garbage left
        if action == "hint":
            from . import advice
            advice.hint(self)
            let_go("hint")
        elif action == "help":
            from . import helppage
            helppage.help(self)
            let_go("panel")
        else:
            from . import actions
            getattr(actions, action)(self)
            let_go("action")

    def open_menu(self, action=None):
        """The Start menu, its arrow on the item of ``action`` (the one whose
        panel B came back from), else on Resume."""
        if self.held is not None:
            self.drop_hold()
            self.say("status.put_back")
        choice = 0  # Resume's action is None
        while _START_MENU[choice][1] != action:
            choice += 1
        Menu(self.panel, _START_MENU, target=self, choice=choice)  # saved once run (press)

    def reopen(self):
        """B in a panel the Start menu opened: the menu again, its arrow on
        that item (a bound method: the panel keeps no function of the
        item's module, which is let go; only the deal-number entry's own
        deal keeps actions.py until it closes)."""
        self.open_menu(self.chosen)

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

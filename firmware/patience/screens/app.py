"""The application: screens, the key loop, held-key repeat, one refresh per input.

``App(display, keys)`` runs on the device with ``board.DISPLAY`` and a
``keypad`` object, and in the simulator with stand-ins of both. Each
pressed button goes to the current screen's ``press``; when that changes
anything the display is refreshed once.
"""

import gc
import time

import displayio
from micropython import const

from ..input import buttons
from ..input.ticks import ticks_add, ticks_diff, ticks_ms
from ..lifetimes import let_go
from ..saves.keeper import SAVE_AFTER_MS

_REPEAT_DELAY_MS = const(350)  # a held arrow repeats after this ...
_REPEAT_EVERY_MS = const(90)   # ... every this
_IDLE_SLEEP = 0.01
_TOP_UP_AFTER_MS = const(250)  # buttons still this long: the table may make a spare card
_TUNE_STEPS = const(4)  # a win's celebration in silence: as many steps as the tune's notes
_SILENT_STEP_MS = const(120)


def _nothing():
    pass


class App:
    """Owns the display, the art, the current screen and the key loop; the
    screens' host (see play.Player)."""

    def __init__(self, display, keys, root="", game=None, deal=None, store=None,
                 progress=None, language=None, sound=None, art=None, advise=None, begin=True):
        """On the drive at ``root``, saves in ``store`` (None keeps none).
        ``progress()`` is called as each part of the start is done;
        ``language`` ("en", "fr") overrides the setting; ``sound`` clicks and
        plays the tune where the board can; ``art`` is the sheet if loaded
        already; ``advise(game)`` gives hints (default: the board's search).
        Unless ``begin`` is False the first screen shows at once (else
        ``run`` shows it)."""
        self.display = display
        self.keys = keys
        self.root = root
        self.sound = sound
        self.adviser = advise
        self.width = display.width
        self.height = display.height
        self.screen = None  # the Title or the Player
        self.player = None  # the game on the table
        self.left = None  # the game put away for the title screen
        self.first = (game, deal)  # what the first screen shows (see begin)
        self.held = None  # the arrow held down
        self.repeat_at = 0  # when it repeats (supervisor.ticks_ms)
        self.panel_group = None  # the screen group the panels' grid is in
        display.auto_refresh = False
        gc.collect()
        from . import start
        made = start.start(display, keys, root, store, progress or _nothing, language, art)
        let_go("start")
        gc.collect()
        # the felt under every screen; the panels' one TileGrid (text.panel_text)
        self.art, self.background, self.panel_text, self.keeper, self.words = made
        self.still_since = ticks_ms()  # no change on screen since (or the last timed save)
        self.set_brightness(self.keeper.saved.settings.brightness)
        if begin:
            self.begin()

    def begin(self):
        """The first screen: the game asked for, else the one left when the
        board was switched off, else the title. (A board's start shows it
        from ``run``, once the code that set the board up is let go.)"""
        game, deal = self.first
        self.first = None
        if game is None and deal is None:
            game = self.keeper.resumable()
        if game:
            self.play(game, deal)
        else:
            self.title()
        self.display.refresh()
        self._save_due()

    def _dismantle(self, group):
        """Empty ``group`` (a screen let go) and every group in it: a stale
        pointer that the collector follows to one of them (from the C stack,
        which differs with where things lie in the heap) then holds that one
        alone, not the whole screen. The panels' grid comes out with them;
        the felt, which every screen shows, comes out whole."""
        self.panel_group = None
        while len(group):
            layer = group.pop()
            if isinstance(layer, displayio.Group) and layer is not self.background:
                self._dismantle(layer)

    def hold_panel(self, group):
        """Move the panels' one grid into ``group``, a new screen's (a
        text.Panel's), from the screen before."""
        grid = self.panel_text.grid
        if self.panel_group is not None:
            self.panel_group.remove(grid)
        group.append(grid)
        self.panel_group = group

    def set_brightness(self, level):
        """Backlight from 0 to 255, where the display can set it."""
        try:
            self.display.brightness = level / 255
        except (AttributeError, NotImplementedError, ValueError, RuntimeError):
            pass

    def set_language(self, index):
        """Speak language ``index`` (of saves.model.LANGUAGES) from now on."""
        self.keeper.set("language", index)
        gc.collect()
        from . import controls
        self.words = controls.speak(self.words, self.root, index, self.keys)
        let_go("words")
        gc.collect()
        self.screen.draw()

    def click(self):
        """A short click (a card taken or put down), if sound is on."""
        if self.sound is not None and self.keeper.saved.settings.sound:
            self.sound.click()

    def refresh(self):
        """Show what changed on the screen now (one refresh)."""
        self.display.refresh()

    def advise(self, game):
        """An honest hint ``(verdict, line, stuck)`` for ``game``, ``line``
        the winning line (see advice.device_hint): from the ``advise`` the
        App was made with, else from the board's small search, loaded for
        the hint and let go after."""
        if self.adviser is not None:
            return self.adviser(game)
        from . import advice
        try:
            return advice.device_hint(game)
        finally:
            let_go("hint")

    def tune(self, on_note):
        """The winning tune, if sound is on, calling ``on_note(i)`` before
        each of its notes; in silence the steps come a moment apart."""
        if self.sound is not None and self.keeper.saved.settings.sound:
            self.sound.tune(on_note)
            return
        for step in range(_TUNE_STEPS):
            on_note(step)
            time.sleep(_SILENT_STEP_MS / 1000)

    def input_mode(self):
        """GAME, LIST or DIGITS: what the screen in front reads buttons for."""
        return self.screen.input_mode()

    @property
    def game(self):
        """The game on screen, or None on the title screen."""
        return self.screen.game

    def show(self, screen):
        """Make ``screen`` (an object with ``group``) the whole display."""
        shown = self.display.root_group
        if shown is not None and self.background in shown:
            shown.remove(self.background)
        screen.group.insert(0, self.background)
        self.screen = screen
        self.display.root_group = screen.group

    def title(self, selected=None):
        """Show the game chooser; the game on the table is put away (B on the
        title screen takes it out again)."""
        self._put_away()
        from .title import Title
        self.show(Title(self, selected))

    def play(self, name, deal=None):
        """Show game ``name``: deal ``deal``, else its saved game, else a random deal."""
        player = self.player
        if player is not None and player.game.name != name:  # put away, as for the title
            self._put_away()
            player = None
        if player is None and self.screen is not None:  # the title, let go before the table
            self._dismantle(self.screen.group)
            self.screen = None
            let_go("title")
        gc.collect()
        if player is None:
            from . import table_setup
            self.player = table_setup.open_table(self, name, deal)
            self.left = None
            let_go("table_open")
        else:
            from . import deals
            deals.new_deal(player, deal, deals.resumed(self.keeper, name, deal))
        let_go("deals")
        gc.collect()
        if player is None:
            self.player.arrived()  # with deals.py let go: a resumed game's end may need hints
        self.keeper.save_soon()
        self.show(self.player)

    def resume(self):
        """Back to the game put away for the title screen."""
        self.play(self.left)

    def _put_away(self):
        """Let go of the game on the table, its table and its code; its
        position is kept as bytes (keeper.put_away)."""
        player = self.player
        if player is None:
            return
        self.left = player.game.name
        self.keeper.put_away(player.game)
        player.put_away()
        self._dismantle(player.group)
        self.player = None
        if self.screen is player:
            self.screen = None
        let_go("table")  # the next game's rules come in its place
        gc.collect()

    # -- the key loop ----------------------------------------------------

    def tick(self):
        """Handle pending key events and due repeats; refresh once if needed."""
        changed = False
        event = self.keys.events.get()
        while event:
            button = event.key_number
            if event.pressed:
                changed = self._press(button) or changed
            elif self.held == button:
                self.held = None
            event = self.keys.events.get()
        now = ticks_ms()
        if self.held is not None and ticks_diff(now, self.repeat_at) >= 0:
            self.repeat_at = ticks_add(now, _REPEAT_EVERY_MS)
            changed = self.screen.press(self.held) or changed
        keeper = self.keeper
        if changed:
            self.still_since = now
            self.display.refresh()
        elif keeper.dirty and ticks_diff(now, self.still_since) >= SAVE_AFTER_MS:
            keeper.due = True
            self.still_since = now  # a save that failed is tried again as long after
        elif self.player is not None and ticks_diff(now, self.still_since) >= _TOP_UP_AFTER_MS:
            self.player.table.top_up()  # a spare card TileGrid made while nothing happens
        self._save_due()
        return changed

    def _save_due(self):
        """Save if asked to once the screen shows the press (Keeper.save_soon):
        the press's code let go of, its table on the screen."""
        keeper = self.keeper
        if keeper.due:
            keeper.save()
            if keeper.notices and self.screen is self.player:  # tell it now
                self.player.draw()
                self.display.refresh()

    def _press(self, button):
        # A held arrow repeats, but not left and right in a list: there they
        # step a setting, which a repeat would spin round (and save each time).
        if buttons.is_arrow(button) and (button == buttons.UP or button == buttons.DOWN
                                         or self.input_mode() != buttons.LIST):
            self.held = button
            self.repeat_at = ticks_add(ticks_ms(), _REPEAT_DELAY_MS)
        return self.screen.press(button)

    def run(self):
        """The first screen (unless it shows), then the main loop, until the
        heap runs out or a game file cannot be read: then the screens are
        let go, the games are saved and the player told (stopped.py)."""
        try:
            if self.screen is None:
                self.begin()
            while True:
                if not self.tick():
                    time.sleep(_IDLE_SLEEP)
        except (MemoryError, OSError) as error:
            self._keep_only_the_games()
            from .stopped import give_up
            give_up(self, error)

    def _keep_only_the_games(self):
        """Out of memory: let go of the screens, the art and the code that
        draws them, so that the games the keeper holds can be saved."""
        self.display.root_group = None
        screen = self.screen
        if screen is not None:
            self._dismantle(screen.group)
            # a stale pointer to the screen (see _dismantle) would keep its
            # table, panel and texts, and through them the card sheet
            screen.group = screen.panel = screen.table = screen.text = None
        self.screen = self.player = None
        self.art = self.background = self.panel_text = None
        # Collect before anything allocates: a collection that a failing
        # allocation starts runs deeper in the C stack, where the failed
        # press may have left pointers to the screens, and frees nothing.
        gc.collect()
        let_go("no_memory")  # every screen's code: stopped.py comes in alone
        gc.collect()

"""Nothing lost: the games in play, settings and statistics kept in a Store."""

# The App tells the keeper when the game on the table changes; the keeper
# saves once the buttons have been still for ``SAVE_AFTER_MS``, at once
# when asked (a won game, a menu's settings), and once the press is on the
# screen when marked ``due`` (another deal or game, a restart, a Start-menu
# item: the App saves after its refresh, when the press's code has been let
# go, and the player sees the table before the NVM is written). Lines for
# the player (saves off, a damaged save, dropped undo steps) wait in
# ``notices``, as word keys with their values, until a screen shows them.
# Between saves the keeper holds only what it keeps (model.Saved) and the
# store's memo: the code that packs and writes records is let go.

import gc

from micropython import const

from .. import load_game
from ..lifetimes import let_go
from ..games import name_of, number

SAVE_AFTER_MS = const(20000)  # still buttons for this long: save a change
# A game's byte in saved.deals, for its deal on the table:
_COUNTED_LOST = const(1)  # in the statistics as given up
_COUNTED_WON = const(2)  # ... as won: played again after a restart, it does not count again
_COUNTED = const(3)
_FINISH_DECLINED = const(4)  # the player said no to having the rest played home


class Keeper:
    """What was saved, what changed, what to tell the player."""

    def __init__(self, store=None):
        """``store`` is a store.Store just opened; None keeps nothing and says
        nothing (tests, demos)."""
        self.nvm = None
        self.memo = None
        self.notices = []
        self.dirty = False
        self.due = False  # to save once the press is on the screen (save_soon)
        self.in_nvm = False  # the NVM holds what the keeper holds (no change since)
        self.told_failures = []  # kinds (keys) of failure told since a save last wrote
        self.told_trims = []  # kinds of history left out told since a save kept it all
        if store is None:
            from .model import Saved
            self.saved = Saved()
            return
        self.saved = store.load()
        if store.enabled:
            self.nvm, self.memo = store.nvm, store.memo()
            self.in_nvm = True
            # the slot the next save writes (store.save's choice) holds a
            # damaged record: save soon, so that it is written over and the
            # player told once, not at every start (never over another
            # version's save, which a start alone does not replace)
            from .slots import DAMAGED
            self.dirty = store.states[1 - store.newest if store.newest >= 0 else 0] == DAMAGED
        else:
            self.notices.append(store.problem)
        notice = store.take_notice()
        if notice:
            self.notices.append(notice)
        let_go("save")

    def _tell(self, notice, told):
        """Keep a save's notice for the player unless ``told`` (the kinds
        told since saves last went well) has its kind: a save that fails
        again, even when failures of two kinds take turns, or one that
        trims the history again, says nothing more."""
        if notice[0] not in told:
            told.append(notice[0])
            self.notices.append(notice)

    def take_notice(self):
        """The oldest line waiting for the player ((key, values...)), or None."""
        return self.notices.pop(0) if self.notices else None

    def resumable(self):
        """The name of the last game played if it was saved, else None."""
        slot = self.saved.settings.last_game
        return name_of(slot) if self.saved.games[slot] is not None else None

    def resume(self, name):
        """The saved game of ``name``, or None (a damaged one is dropped);
        it becomes the game a restart comes back to."""
        index = number(name)
        game = self.saved.games[index]
        if isinstance(game, (bytes, bytearray)):
            game = self._read(index, game)
        if game is not None and self.saved.settings.last_game != index:
            self.saved.settings.last_game = index
            self.dirty = True
        return game

    def _read(self, index, blob):
        try:
            game = load_game(blob)
        except ValueError as error:
            print("saved game lost:", error)
            self.saved.games[index] = None
            self.notices.append(("save.game_lost",))
            return None
        finally:
            let_go("save")  # the reading code too
        if game.is_won():  # counted when it was won (a save without deals' bytes has none)
            self.saved.deals[index] |= _COUNTED_WON
        return game

    def changed(self, game):
        """The game on the table moved on: save it when things are still."""
        index = number(game.name)
        self.saved.games[index] = game
        self.saved.settings.last_game = index
        self.dirty = True

    def put_away(self, game):
        """The game leaves the table: keep its bytes, not the live game."""
        self.saved.games[number(game.name)] = game.to_bytes()
        let_go("save")

    def dealt(self, game, again=False):
        """A new deal is on the table, or the same one ``again`` from its
        start: it counts when it ends, unless it is a won deal played again."""
        index = number(game.name)
        self.saved.deals[index] = self.saved.deals[index] & _COUNTED_WON if again else 0
        self.changed(game)

    def give_up(self, game):
        """A deal chosen by its number takes ``game``'s place without
        asking (the simulator's --deal): count it as given up if it was
        played, and say so."""
        if self.counts_as_lost(game):
            self.notices.append(("save.left_lost", game.seed))
        self.finish(game)

    def counts_as_lost(self, game):
        """True when leaving this deal now would count it as given up."""
        return not self.saved.deals[number(game.name)] & _COUNTED \
            and game.done and not game.is_won()

    def finish(self, game):
        """Count the deal in the statistics once: won, or given up after play."""
        index = number(game.name)
        deals = self.saved.deals
        won = game.is_won()
        if deals[index] & _COUNTED or not (game.done or won):
            return
        deals[index] |= _COUNTED_WON if won else _COUNTED_LOST
        self.saved.stats[index].record(won, game.score)
        self.dirty = True

    def declined(self, game):
        """True when the player said no to having this deal played home."""
        return self.saved.deals[number(game.name)] & _FINISH_DECLINED

    def decline(self, game, declined=True):
        """Keep that the player said no to having this deal played home (or,
        ``declined`` False, that the offer may come again)."""
        deals, at = self.saved.deals, number(game.name)
        kept = deals[at] | _FINISH_DECLINED if declined else deals[at] & ~_FINISH_DECLINED
        if kept != deals[at]:
            deals[at] = kept
            self.dirty = True

    def set(self, setting, value):
        """Keep a new value of a setting (an attribute of model.Settings)."""
        setattr(self.saved.settings, setting, value)
        self.dirty = True

    def stats(self, name):
        return self.saved.stats[number(name)]

    def reset_stats(self, name):
        from .model import Stats
        self.saved.stats[number(name)] = Stats()
        self.dirty = True
        self.save()

    def save_soon(self):
        """Save what changed once this press is on the screen (App.tick)."""
        self.due = True

    def save(self):
        """Write everything now if anything changed; notices say what failed.
        True when it wrote, False when it did not (nothing new, saves off,
        or the write failed)."""
        self.due = False
        if not self.dirty:
            return False
        self.dirty = False
        self.in_nvm = False  # until this save has written
        if self.memo is None:
            return False
        gc.collect()  # the save code then lies low, in the room garbage left
        from .store import Store
        store = Store(self.nvm, self.memo)
        written = self.in_nvm = store.save(self.saved)
        if not written:
            self.dirty = True  # still to save: the App tries again after a quiet spell
            self._tell(store.take_notice(), self.told_failures)
        else:
            self.told_failures.clear()  # saves work again: a failure is news
            if store.dropped_undo:  # then every redo step was dropped too
                self._tell(("save.steps_dropped" if store.dropped_redo else "save.undo_dropped",
                            store.dropped_undo, store.dropped_redo), self.told_trims)
            elif store.dropped_redo:
                self._tell(("save.redo_dropped", store.dropped_redo), self.told_trims)
            else:
                self.told_trims.clear()
        self.memo = store.memo()
        let_go("save")
        return written

"""Nothing lost: the games in play, settings and statistics kept in a Store."""

# The App tells the keeper when the game on the table changes; the keeper
# saves once the buttons have been still for ``SAVE_AFTER_MS``, and at
# once when asked (menu actions, a won game, another deal or game). Lines for
# the player (saves off, a damaged save, dropped undo steps) wait in
# ``notices``, as word keys with their values, until a screen shows them.
# Between saves the keeper holds only what it keeps (kept.Saved) and the
# store's memo: the code that packs and writes records is let go.

from micropython import const

from .. import load_game
from ..core.modules import forget
from ..games import SLOTS, name_of, number

SAVE_AFTER_MS = const(20000)  # still buttons for this long: save a change


_CODE = (".saves.records", ".saves.trimming", ".saves.store", ".saves.opening", ".saves.slots",
         ".core.gamefile", ".core.gameread")  # only saving and loading need these


class Keeper:
    """What was saved, what changed, what to tell the player."""

    def __init__(self, store=None):
        """``store`` is a store.Store just opened; None keeps nothing and says
        nothing (tests, demos)."""
        self.nvm = None
        self.memo = None
        self.notices = []
        self.dirty = False
        self.in_nvm = False  # the NVM holds what the keeper holds (no change since)
        self.finished = bytearray(SLOTS)  # this deal already counted, per save NUMBER
        if store is None:
            from .kept import Saved
            self.saved = Saved()
            return
        self.saved = store.load()
        if store.enabled:
            self.nvm, self.memo = store.nvm, store.memo()
            self.in_nvm = True
        else:
            self.notices.append(store.problem)
        self._take_notice_of(store)
        _let_go()

    def _take_notice_of(self, store):
        notice = store.take_notice()
        if notice and notice not in self.notices:  # a save tried again says it once
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
            _let_go()  # the reading code too
        self.finished[index] = game.is_won()  # a win was counted when it happened
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
        _let_go()

    def dealt(self, game):
        """A new deal is on the table: it has not been counted yet."""
        self.finished[number(game.name)] = 0
        self.changed(game)

    def counts_as_lost(self, game):
        """True when leaving this deal now would count it as given up."""
        return not self.finished[number(game.name)] and game.done and not game.is_won()

    def finish(self, game):
        """Count the deal in the statistics once: won, or given up after play."""
        index = number(game.name)
        if self.finished[index] or not (game.done or game.is_won()):
            return
        self.finished[index] = 1
        self.saved.stats[index].record(game.is_won(), game.score)
        self.dirty = True

    def set(self, setting, value):
        """Keep a new value of a setting (an attribute of records.Settings)."""
        setattr(self.saved.settings, setting, value)
        self.dirty = True

    def stats(self, name):
        return self.saved.stats[number(name)]

    def reset_stats(self, name):
        from .kept import Stats
        self.saved.stats[number(name)] = Stats()
        self.dirty = True
        self.save()

    def save(self):
        """Write everything now if anything changed; notices say what failed.
        True when it wrote, False when it did not (nothing new, saves off,
        or the write failed)."""
        if not self.dirty:
            return False
        self.dirty = False
        self.in_nvm = False  # until this save has written
        if self.memo is None:
            return False
        from .store import Store
        store = Store(self.nvm, self.memo)
        written = self.in_nvm = store.save(self.saved)
        if not written:
            self.dirty = True  # still to save: the App tries again after a quiet spell
            self._take_notice_of(store)
        elif store.dropped_undo:
            self.notices.append(("save.undo_dropped", store.dropped_undo))
        self.memo = store.memo()
        _let_go()
        return written


def _let_go():
    """Free the code that packs and writes records until the next save."""
    root = __name__.split(".")[0]
    for name in _CODE:
        forget(root + name)

"""What is kept between sessions, while the game runs: a ``Saved`` holds
``settings`` (a ``Settings``), ``stats`` (one ``Stats`` per game),
``games`` (one ``to_bytes()`` blob, or a live game, per game, or None) and
``deals`` (a byte of flags a game, for its deal on the table: see keeper.py);
all are indexed by the games' save NUMBERs (``patience.games``), which
never change, so a save stays readable when games are added. How they are
packed into NVM is records.py's and store.py's business.
"""

from micropython import const

from ..games import GAMES, SLOTS, number

GAME_COUNT = SLOTS  # per-game places, one per save NUMBER
LANGUAGES = ("en", "fr")
STATS_FIELDS = const(5)
COUNTER_MAX = const(0xFFFF)


class Settings:
    """Player settings; out-of-range values are corrected on load."""

    def __init__(self, last_game=None, language=0, brightness=255, winnable_only=False,
                 sound=True):
        if last_game is None:
            last_game = number(GAMES[0])
        self.last_game = last_game
        self.language = language
        self.brightness = brightness
        self.winnable_only = winnable_only
        self.sound = sound


class Stats:
    """Results of one game kind; counters stop at 65535."""

    def __init__(self, played=0, won=0, streak=0, best_streak=0, best_score=0):
        self.played = played
        self.won = won
        self.streak = streak
        self.best_streak = best_streak
        self.best_score = best_score

    def record(self, won, score):
        """Count one finished (won or abandoned) game that reached ``score``."""
        self.played = min(self.played + 1, COUNTER_MAX)
        if won:
            self.won = min(self.won + 1, COUNTER_MAX)
            self.streak = min(self.streak + 1, COUNTER_MAX)
            self.best_streak = max(self.best_streak, self.streak)
        else:
            self.streak = 0
        self.best_score = max(self.best_score, min(score, COUNTER_MAX))

    def fields(self):
        return (self.played, self.won, self.streak, self.best_streak, self.best_score)


class Saved:
    """Everything the store keeps; defaults for anything not given."""

    def __init__(self, settings=None, stats=None, games=None, deals=None):
        self.settings = settings if settings is not None else Settings()
        self.stats = stats if stats is not None else [Stats() for _ in range(GAME_COUNT)]
        self.games = games if games is not None else [None] * GAME_COUNT
        self.deals = deals if deals is not None else bytearray(GAME_COUNT)

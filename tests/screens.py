"""Helpers for screen tests: a headless app driven by button names, or the
firmware started on a simulated board and driven by that board's --keys scripts."""

from contextlib import contextmanager

from host_sim.simulator import cli as sim
from host_sim.simulator.boards import get_board
from host_sim.simulator.display import CountingDisplay
from host_sim.simulator.keys import ScriptKeys
from host_sim.simulator.session import simulate
from patience.screens import sheets


@contextmanager
def running(game=None, deal=None, board="pybadge", store=None, language=None, sound=None,
            advise=None):
    """An App on a headless display of ``board`` (hints from ``advise``,
    else the board's search); yields a Session."""
    from patience.screens.app import App
    spec = get_board(board)
    keys = ScriptKeys()
    with CountingDisplay(spec.width, spec.height, headless=True, lazy=True) as display:
        app = App(display, keys, root=sim.firmware_dir(), game=game, deal=deal, store=store,
                  language=language, sound=sound, advise=advise)
        yield Session(app, keys, display)


@contextmanager
def on_board(board="pybadge", game=None, deal=None, store=None, language=None):
    """The firmware started as on ``board`` (patience.boards.build, the
    board's own buttons) on a headless display, saves off unless ``store``
    is given; yields the Simulated (``.app``, ``.keys(script)``, ``.controls``)."""
    from patience.saves.store import Store
    spec = get_board(board)
    with CountingDisplay(spec.width, spec.height, headless=True, lazy=True) as display:
        with simulate(spec, display, root=sim.firmware_dir(), game=game, deal=deal,
                      store=store or Store(None), language=language) as simulated:
            yield simulated


class Session:
    """The app, its keys and its display, with a few readers."""

    def __init__(self, app, keys, display):
        self.app, self.keys, self.display = app, keys, display

    def press(self, names):
        """Press and release each button named in a space-separated string."""
        for name in names.split():
            self.keys.press(name)
            self.app.tick()

    @property
    def player(self):
        return self.app.player

    def text(self, text):
        """The characters a Text block shows, one string per row."""
        grid, first = text.grid, sheets.FONT_FIRST_TILE[self.app.art.size]
        return ["".join(chr(32 + grid[c, r] - first) for c in range(text.columns))
                .replace(chr(sheets.CHAR_HOLE), " ").rstrip() for r in range(text.rows)]

    def status(self):
        return self.text(self.player.table.status)[0]

    def badge(self, pile):
        """The count a pile's badge shows, or None (no badge, or hidden)."""
        badge = self.player.table.badges[pile]
        return None if badge is None or badge.grid.hidden else self.text(badge)[0].strip()

    def shown_tiles(self, pile):
        """The card tiles a pile shows, bottom first (its placeholder left out)."""
        return shown_tiles(self.player.table, pile)

    def slot_tile(self, pile):
        """The tile an empty pile shows: its placeholder."""
        table = self.player.table
        assert not table.game.size(pile), "pile %d is not empty" % pile
        return table.bases[pile][0]

    def panel(self):
        """The panel's lines from its first to its last non-blank one, or
        None while it is hidden."""
        panel = self.app.screen.panel
        if panel.text.grid.hidden:
            return None
        lines = [line.strip() for line in self.text(panel.text)]
        shown = [row for row, line in enumerate(lines) if line]
        return lines[shown[0]:shown[-1] + 1] if shown else []

    def choose(self, item):
        """Open the Start menu (unless a menu is open) and run an item, moving
        to it with the D-pad: ``item`` is its word key (e.g. "menu.hint") or,
        for a setting, the name of the function that shows its value."""
        from patience.screens.menu import Menu
        if not isinstance(self.app.screen.panel.overlay, Menu):
            self.press("start")
        menu = self.app.screen.panel.overlay
        names = [label if isinstance(label, str) else label.__name__ for label, _ in menu.items]
        wanted = names.index(item)
        while menu.choice != wanted:
            self.press("down")
        self.press("a")

    def pixels(self, top=0, bottom=None):
        """The frame's pixels between two rows, row by row."""
        frame = self.display.frame()
        bottom = frame.get_height() if bottom is None else bottom
        return [tuple(frame.get_at((x, y))) for y in range(top, bottom)
                for x in range(frame.get_width())]

    def table_pixels(self):
        """The pixels above the status line."""
        return self.pixels(0, self.display.height - self.app.art.font_h)


def shown_tiles(table, pile):
    """The card tiles a pile of ``table`` shows, bottom first (none while it
    is empty: its base shows the placeholder)."""
    if not table.game.size(pile):
        return []
    return [table._grid(pile, depth)[0] for depth in range(table.extra[pile], -1, -1)]


def table_mismatch(app):
    """Why the table on screen differs from the engine's piles, or None."""
    from patience.core.cards import FACE_UP, rank, suit
    player = app.player
    if player is None:
        return None
    game, table = player.game, player.table
    cards = b"".join(game.cards(p) for p in range(game.pile_count))
    if len(cards) != 52 or len({c & 0x3F for c in cards}) != 52:
        return "the game does not hold 52 distinct cards"
    for pile in range(game.pile_count):
        shown = shown_tiles(table, pile)
        cards = game.cards(pile)
        wanted = [sheets.TILE_FACE + suit(c) * 13 + rank(c) - 1 if c & FACE_UP
                  else sheets.TILE_BACK for c in cards]
        visible = len(cards) if table.layout.fan[pile] else min(1, len(cards))
        if shown != wanted[len(wanted) - visible:]:
            return "pile %d shows %r, the game has %r" % (pile, shown, list(cards))
    return None

"""The table on screen: a TileGrid a card shown, the cursor, hint and status.

Each pile has one TileGrid at its place, its base: its placeholder while
it is empty, else its top card, or in a fan its bottom card. A fan's other
cards take TileGrids from the table's pool of spare ones and give them
back. The stock and the reserves wear a badge with their number of cards.
``update`` redraws only the piles whose cards changed. layout.build makes
a table; this module keeps what its presses need.
"""

# Placeholders: the empty outline, a foundation's base, the mark of the
# foundation that takes the base card, reserve and stock marks. The table
# group holds each pile's TileGrids together, its base then its fan's other
# cards bottom first (a card sliding past a pile passes over or under all
# of it), then the frames, the badges and the status line.
#
# The pool holds at least a few spare card TileGrids (an undo may show a
# card or two more than before), and in a game that deals rows one for
# each card of the next row (not the whole stock, which would keep many
# TileGrids unused), and it keeps what piles give back, until the table is
# put away;
# ``top_up`` makes it so again one TileGrid at a time once the buttons are
# still for a moment (App.tick: a row is ready a third of a second after
# the last), so that a press takes from the pool and allocates nothing.
# Only a press that needs more than the pool holds (a second row dealt
# within that third of a second) makes them there and then.

from micropython import const

from . import sheets
from ..core.cards import FACE_UP, is_red, rank, suit
from ..core.piles import STOCK, FOUNDATION, RESERVE, FAN_NONE, FAN_DOWN, FAN_RIGHT

NO_PILE = 255
_SPARE = const(3)  # spare card TileGrids for a press that shows more cards than before
_SLIDE_FRAMES = const(4)  # a moved card takes this many frames to its place


class Layout:
    """Pixel places of a game's piles on a screen (worked out by
    layout.lay_out): ``x``, ``y`` and ``room`` (the pixels a pile may
    cover, its card included) are lists, ``fan`` bytes, by pile."""

    def __init__(self, card_w, card_h, count):
        """Places for ``count`` piles of cards ``card_w`` x ``card_h``, all 0."""
        self.card_w = card_w
        self.card_h = card_h
        self.gap = 2 if card_w < 20 else 3  # pixels between piles
        self.x = [0] * count
        self.y = [0] * count
        self.fan = bytearray(count)  # FAN_NONE, FAN_DOWN or FAN_RIGHT
        self.room = [0] * count

    def squeeze(self, pile, steps_before, steps_total):
        """Offset along the fan of a card whose wanted offset is steps_before.

        ``steps_total`` is the wanted offset of the pile's top card; when the
        pile would overflow its room every offset shrinks in proportion.
        """
        size = self.card_h if self.fan[pile] == FAN_DOWN else self.card_w
        room = self.room[pile] - size
        if steps_total <= room:
            return steps_before
        return steps_before * room // steps_total


class Table:
    """The displayio view of one game on one screen (built by layout.build)."""

    def __init__(self, art, game, layout, group, bases, cursor, hints, badges, status):
        """The table of ``game`` in ``group``: ``bases`` a TileGrid a pile
        (its placeholder, top card or a fan's bottom card), ``cursor`` and
        ``hints`` (the frames of a hint's cards and of where they go)
        Frames, ``badges`` a count's Text on the stock and the reserves
        (else None), ``status`` the status line's Text; nothing drawn yet."""
        self.art = art
        self.game = game
        self.layout = layout
        self.group = group
        self.bases = bases
        self.cursor = cursor
        self.hints = hints
        self.badges = badges
        self.status = status
        self.extra = bytearray(game.pile_count)  # a fan's cards shown above its base
        self.pool = []  # spare card TileGrids
        self.shown = bytearray(len(game.state))  # the position on screen
        self.changed = bytearray(game.pile_count)  # update's marks, kept
        self.selected_pile = NO_PILE
        self.selected_count = 0

    # -- piles -----------------------------------------------------------

    def set_game(self, game):
        """Show another deal of the same game on the same TileGrids."""
        self.game = game
        self.update(force=True)

    def release(self):
        """Let go of the spare card TileGrids (the table is put away: the
        App empties its group, and so lets go of the rest)."""
        self.pool.clear()

    def top_up(self):
        """Make one more spare card TileGrid if the pool is short of them;
        True when it made one."""
        game, row = self.game, self.game.rules.DEAL_ROW
        if len(self.pool) >= _SPARE + (min(len(row), game.size(game.stock)) if row else 0):
            return False
        self.pool.append(self.art.card_grid())
        return True

    def update(self, force=False):
        """Redraw the piles whose cards changed since the last update."""
        game = self.game
        changed = self.changed
        for pile in range(game.pile_count):  # give back first: the pool then has them
            changed[pile] = force or game.differs(pile, self.shown)
            if changed[pile]:
                self._resize(pile, min(self.extra[pile], self._extra(pile)))
        for pile in range(game.pile_count):
            if changed[pile]:
                self.draw_pile(pile)
        self.shown[:] = game.state

    def draw_pile(self, pile):
        """Lay out the pile's placeholder or cards."""
        game = self.game
        size = game.size(pile)
        self._resize(pile, self._extra(pile))
        base = self.bases[pile]
        if not size:
            self._show(base, self._placeholder(pile), self.art.slot, pile, 0)
        else:
            first = size - 1 - self.extra[pile]  # the card on the base
            total = 0
            for below in range(first, size - 1):
                total += self._step(pile, below)
            wanted = 0
            at = self._first(pile) - 1 - first  # the card index's TileGrid, above the base
            start = game.start(pile)
            for index in range(first, size):
                if index > first:
                    wanted += self._step(pile, index - 1)
                self._set_card(base if index == first else self.group[at + index],
                               game.state[start + index],
                               self.layout.squeeze(pile, wanted, total), pile, size - index)
        if self.badges[pile] is not None:
            self._badge(pile, size)

    def _badge(self, pile, count):
        """The pile's count at the foot of its top card (none when empty)."""
        badge = self.badges[pile]
        grid = badge.grid
        grid.hidden = not count
        if count:
            badge.number(0, min(count, 99))
            art = self.art
            grid.x = self.card_x(pile, 0) + art.card_w - 2 * art.font_w - 1  # inside the card's edge
            grid.y = self.card_y(pile, 0) + art.card_h - art.font_h - 1

    def _set_card(self, grid, card, offset, pile, from_top):
        if card & FACE_UP:
            picked = pile == self.selected_pile and from_top <= self.selected_count
            self._show(grid, sheets.TILE_FACE + suit(card) * 13 + rank(card) - 1,
                       self.art.card_shader(is_red(card), picked), pile, offset)
        else:
            self._show(grid, sheets.TILE_BACK, self.art.back, pile, offset)

    def _show(self, grid, tile, shader, pile, offset):
        """``tile`` in ``shader`` on ``grid``, ``offset`` pixels along the
        pile's fan from its place, changing only what differs."""
        if grid[0] != tile:
            grid[0] = tile
        layout = self.layout
        x, y = layout.x[pile], layout.y[pile]
        if layout.fan[pile] == FAN_DOWN:
            y += offset
        else:
            x += offset
        if grid.x != x:
            grid.x = x
        if grid.y != y:
            grid.y = y
        if grid.pixel_shader is not shader:
            grid.pixel_shader = shader

    def _extra(self, pile):
        """How many of a pile's cards show above its base: all but one of a
        fan, none elsewhere."""
        size = self.game.size(pile)
        return size - 1 if size and self.layout.fan[pile] != FAN_NONE else 0

    def _step(self, pile, below):
        """Wanted distance from card ``below`` of a fanned pile to the next."""
        size = self.art.size
        if self.layout.fan[pile] == FAN_RIGHT:
            return sheets.FAN_X[size] + 2
        if self.game.state[self.game.start(pile) + below] & FACE_UP:
            return sheets.FAN_Y[size] + 3
        return sheets.FAN_BACK_Y[size]

    def _first(self, pile):
        """Where the pile's cards above its base start in the table group."""
        at = pile + 1
        for before in range(pile):
            at += self.extra[before]
        return at

    def _resize(self, pile, count):
        """Show exactly ``count`` of the pile's cards above its base."""
        extra, group = self.extra, self.group
        at = self._first(pile)
        while extra[pile] > count:
            extra[pile] -= 1
            self.pool.append(group.pop(at + extra[pile]))
        while extra[pile] < count:
            group.insert(at + extra[pile], self.pool.pop() if self.pool else self.art.card_grid())
            extra[pile] += 1

    def _placeholder(self, pile):
        game = self.game
        kind = game.kinds[pile]
        if kind == FOUNDATION:
            if game.base:
                return sheets.TILE_FOUNDATION_BASE + game.base - 1
            return sheets.TILE_FOUNDATION_FIRST if pile == game.rules.FIRST_FOUNDATION \
                else sheets.TILE_FOUNDATION
        if kind == STOCK and game.rules.stock_works(game):
            return sheets.TILE_REDEAL if game.redeals_left else sheets.TILE_NO_REDEAL
        return sheets.TILE_RESERVE if kind == RESERVE else sheets.TILE_EMPTY

    # -- marks -----------------------------------------------------------

    def card_x(self, pile, depth):
        """Screen x of the card ``depth`` below the top (or of the slot);
        with card_y, two ints rather than a tuple: a move allocates less."""
        return self._grid(pile, depth).x

    def card_y(self, pile, depth):
        """Screen y of the card ``depth`` below the top (or of the slot)."""
        return self._grid(pile, depth).y

    def _grid(self, pile, depth):
        """The TileGrid of the card ``depth`` below the pile's top (its base
        for a card deeper than those shown, and for an empty pile)."""
        extra = self.extra[pile]
        if depth >= extra:
            return self.bases[pile]
        return self.group[self._first(pile) + extra - 1 - depth]

    def slide(self, pile, n, start_x, start_y, screen):
        """Slide the top ``n`` cards of a pile, just moved there, from
        (start_x, start_y) (where the deepest of them was on screen) to
        their places in a few frames, ``screen.refresh()`` showing each:
        only the cards on the way are redrawn."""
        size = self.game.size(pile)
        if not size:
            return
        alone = self.layout.fan[pile] == FAN_NONE  # its base shows its top card alone
        if alone:
            self._lift(pile, size)
        shown = 1 if alone else min(n, self.extra[pile] + 1)
        dx, dy = start_x - self.card_x(pile, shown - 1), start_y - self.card_y(pile, shown - 1)
        x = y = 0  # how far off their places the cards are now
        for frame in range(_SLIDE_FRAMES - 1, -1, -1):
            left, top = dx * frame // _SLIDE_FRAMES, dy * frame // _SLIDE_FRAMES  # ... and next
            for depth in range(shown):
                grid = self._grid(pile, depth)
                grid.x += left - x
                grid.y += top - y
            x, y = left, top
            if frame:
                screen.refresh()
        if alone:
            self.draw_pile(pile)  # the top card back on the base

    def _lift(self, pile, size):
        """Show a pile's top card on a spare TileGrid over its base, and on
        the base the card below (or the placeholder): the top card can then
        slide in over what it covers."""
        self._resize(pile, 1)
        top = self.game.start(pile) + size - 1  # the top card's place in the state
        base = self.bases[pile]
        if size > 1:
            self._set_card(base, self.game.state[top - 1], 0, pile, 2)
        else:
            self._show(base, self._placeholder(pile), self.art.slot, pile, 0)
        self._set_card(self._grid(pile, 0), self.game.state[top], 0, pile, 1)

    def select(self, pile, count):
        """Tint the top ``count`` cards of a pile as picked up (0: none)."""
        old = self.selected_pile
        self.selected_pile = pile if count else NO_PILE
        self.selected_count = count
        if old != NO_PILE:
            self.draw_pile(old)
        if self.selected_pile != NO_PILE:
            self.draw_pile(self.selected_pile)

    def move_cursor(self, pile, depth):
        """Frame the cursor's pile from the card ``depth`` below the top to its top card."""
        self._frame(self.cursor, pile, depth)

    def show_hint(self, src=None, depth=0, dst=None):
        """Frame a hint's cards and its destination, or hide both."""
        self._frame(self.hints[0], src, depth)
        self._frame(self.hints[1], dst, 0)

    def _frame(self, frame, pile, depth):
        """Put ``frame`` round the pile's cards from ``depth`` below the top
        up (hide it when ``pile`` is None)."""
        if pile is None:
            frame.hide()
            return
        grid = self._grid(pile, depth)
        x, y = grid.x, grid.y
        height = self.art.card_h
        if self.layout.fan[pile] == FAN_DOWN:
            height += self._grid(pile, 0).y - y
        frame.show(x, y, height)


class Frame:
    """A card-wide frame of any height: a TileGrid of frame strips, made
    anew (in the same place of the same group) only when its height
    changes, so that moving it redraws no more than the cards it frames."""

    def __init__(self, art, palette, group):
        """A frame in ``palette`` on top of ``group``, hidden."""
        self.art = art
        self.palette = palette
        size = art.size
        self.step = sheets.FRAME_STEP[size]  # a strip's height
        self.tiles = (sheets.TILE_FRAME_TOP[size], sheets.TILE_FRAME_SIDE[size],
                      sheets.TILE_FRAME_BOTTOM[size])
        self.group = group
        self.grid = self.make(art.card_h // self.step)
        self.grid.hidden = True
        group.append(self.grid)

    def make(self, rows):
        """A TileGrid of ``rows`` strips: the top, the sides, the bottom."""
        top, side, bottom = self.tiles
        grid = self.art.strip_grid(rows, side, self.palette)
        grid[0] = top
        grid[rows - 1] = bottom
        return grid

    def show(self, x, y, height):
        """Frame ``height`` pixels from (x, y) down."""
        rows = max(2, -(-height // self.step))
        grid = self.grid
        if rows != grid.height:
            grid = self.make(rows)
            self.group[self.group.index(self.grid)] = grid
            self.grid = grid
        if grid.x != x or grid.y != y:
            grid.x, grid.y = x, y
        if grid.hidden:
            grid.hidden = False

    def hide(self):
        if not self.grid.hidden:
            self.grid.hidden = True

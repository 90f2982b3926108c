"""Text drawn with the sheet's pixel font: blocks of lines, and the panel.

``Text`` is a block of character cells in one TileGrid; it sets only the
tiles that change. ``Panel`` shows a box of lines sized from its content over
a screen and hands the buttons to an overlay while it shows.
"""

from ..lifetimes import let_go
from .sheets import CHAR_HOLE


def pad(text, width):
    """``text`` followed by spaces up to ``width`` (MicroPython has no ljust)."""
    return text + " " * (width - len(text))


class Text:
    """A block of ``columns`` x ``rows`` characters."""

    def __init__(self, art, columns, rows, x=0, y=0, palette=None):
        self.art = art
        self.columns = columns
        self.rows = rows
        self.grid = art.text_grid(columns, rows, x, y, palette)

    def line(self, row, text, centre=False):
        """Show ``text`` on a row, cut or padded with spaces."""
        self.write(row, 0, self.columns, text, centre)

    def lines(self, texts, centre=False):
        """Show a sequence of lines from the top; blank the rest."""
        for row in range(self.rows):
            self.line(row, texts[row] if row < len(texts) else "", centre)

    def write(self, row, left, width, text, centre=False, first=0, last=-1):
        """Show ``text`` (its characters ``first`` to ``last``, all by
        default) in cells left .. left + width - 1 of a row, cut or padded
        with spaces (indexing tiles by one int allocates nothing)."""
        if last < 0:
            last = len(text)
        length = min(last - first, width)
        start = left + ((width - length) // 2 if centre else 0)
        space = self.art.font_tile(" ")
        self.fill(row, left, start - left, space)
        at = row * self.columns + start
        for index in range(first, first + length):
            self._set(at, self.art.font_tile(text[index]))
            at += 1
        done = at - row * self.columns
        self.fill(row, done, left + width - done, space)

    def fill(self, row, left, width, tile):
        """Set ``width`` cells of a row from ``left`` to ``tile``."""
        at = row * self.columns + left
        for _ in range(width):
            self._set(at, tile)
            at += 1

    def number(self, row, value):
        """Show ``value`` (0 or more) on a row, right-aligned, allocating nothing."""
        at = (row + 1) * self.columns - 1
        first = row * self.columns
        zero = self.art.font_tile("0")
        while at >= first:
            self._set(at, zero + value % 10 if value or at == (row + 1) * self.columns - 1
                      else self.art.font_tile(" "))
            value //= 10
            at -= 1

    def _set(self, index, tile):
        grid = self.grid
        if grid[index] != tile:
            grid[index] = tile


def panel_text(art, width, height):
    """The panels' one TileGrid, as a Text as large as the largest box (the
    screen less the status line): the App makes it at the start, in one
    piece, and each screen's Panel takes it over."""
    return Text(art, width // art.font_w, height // art.font_h - 1, 0, 0, art.panel)


class Panel:
    """A box of lines over a screen; its ``overlay`` takes the buttons."""
    # Overlays (the menu, statistics, deal entry, notices) get the panel, not
    # the screen under it: ``show(overlay, lines)`` draws their lines in a box
    # just big enough, centred, and gives them the buttons; ``close()`` hides
    # the box and gives the buttons back; ``say(text)`` puts one line on the
    # status bar. The panels of all screens share one TileGrid (``panel_text``),
    # as large as the largest box: a box is drawn in its top left corner, the
    # grid moved to the box's place, and the cells round it are holes
    # (sheets.CHAR_HOLE, see-through). The modules of overlays that are
    # rarely needed are let go when it closes (lifetimes).

    def __init__(self, host, group):
        """The panel of a screen whose group is ``group``, on ``host`` (the
        App: its art, size, words and the panels' grid)."""
        art = self.art = host.art
        self.width = host.width
        self.height = host.height
        self.words = host.words  # the overlays' words
        self.group = group  # the screen's group: the box goes on top
        self.text = host.panel_text  # one for every screen (see panel_text)
        self.columns = self.text.columns
        self.rows = self.text.rows
        self.text.grid.hidden = True
        host.hold_panel(group)
        self.hole = art.code_tile(CHAR_HOLE)
        self.space = art.font_tile(" ")
        self.box_columns = 0
        self.box_rows = 0
        self.overlay = None
        self.centre = True
        self.indent = self.keyed = self.key_width = 0
        self.note = ""

    def show(self, overlay, lines, centre=True, keep=False, indent=0):
        """Draw ``lines`` in a box just big enough, centred on the screen (or,
        unless ``centre``, from its left, the lines under the first (a title)
        ``indent`` cells further in); with ``keep``,
        in the box already showing when they fit in it (an overlay that
        redraws itself keeps its box's size). The buttons' marks in the
        lines are named (in place, when ``lines`` is a list)."""
        # Centred, the lines of a button (that start with its mark, or whose
        # bits are set in the overlay's ``keyed``: named already) line up as
        # one block.
        self.overlay = overlay
        if not isinstance(lines, list):
            lines = list(lines)
        width = 0  # the widest line's
        self.keyed, self.key_width = getattr(overlay, "keyed", 0), 0
        for at in range(len(lines)):  # a list given is named in place: no copy
            if centre and lines[at].startswith("["):
                self.keyed |= 1 << at
            line = lines[at] = self.words.named(lines[at], overlay.mode)
            width = max(width, len(line))
            if self.keyed >> at & 1:
                self.key_width = max(self.key_width, len(line))
        columns = min(self.columns, width + 2 + indent)
        rows = min(self.rows, len(lines) + 2)
        grid = self.text.grid
        same = self.box_columns == columns and self.box_rows == rows
        if not (same or keep and not grid.hidden and self.box_columns >= columns
                and self.box_rows >= rows):
            self._place(columns, rows)
        self.centre = centre
        self.indent = indent
        top = (self.box_rows - rows) // 2 + 1  # the first line's row
        for row in range(self.box_rows):
            at = row - top
            self._write(row, at, lines[at] if 0 <= at < len(lines) else "")
        if self.group[-1] is not grid:  # something came on top since
            self.group.remove(grid)
            self.group.append(grid)
        grid.hidden = False

    def _place(self, columns, rows):
        """Make the box ``columns`` x ``rows``, centred: holes round it."""
        text = self.text
        art = self.art
        text.grid.x = (self.width - columns * art.font_w) // 2
        text.grid.y = (self.height - (rows + 1) * art.font_h) // 2
        for row in range(self.rows):
            left = columns if row < rows else 0
            text.fill(row, left, self.columns - left, self.hole)
        self.box_columns = columns
        self.box_rows = rows

    def line(self, at, line):
        """Draw line ``at`` of the box anew, as ``show`` drew its lines (the
        box keeps its size)."""
        self._write(at + 1, at, self.words.named(line, self.overlay.mode))

    def part(self, at, text, first, last):
        """Draw line ``at`` of a box that is not centred anew from
        text[first:last], with no string cut for it."""
        self.text.fill(at + 1, 0, 1, self.space)
        self.text.write(at + 1, 1, self.box_columns - 1, text, False, first, last)

    def cell(self, at, column, code):
        """Show character ``code`` in one cell of line ``at`` (as ``line``
        counts them)."""
        self.text.fill(at + 1, column, 1, self.art.code_tile(code))

    def _write(self, row, at, line):
        """Line ``at`` of the box (below 0: a blank row above them) on ``row``."""
        keyed = at >= 0 and self.keyed >> at & 1
        if self.centre and not keyed:
            self.text.write(row, 0, self.box_columns, line, True)
            return
        # a space's margin and the indent (not the title's), or where the
        # buttons' block starts: no string made for them
        left = max(1, (self.box_columns - self.key_width) // 2) if keyed else (
            1 + self.indent if at > 0 else 1)
        self.text.fill(row, 0, left, self.space)
        self.text.write(row, left, self.box_columns - left, line)

    def close(self):
        """Hide the box; the screen under it takes the buttons again."""
        self.overlay = None
        self.text.grid.hidden = True
        let_go("panel")

    def say(self, text):
        """One line for the status bar, shown after this press."""
        self.note = text

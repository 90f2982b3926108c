"""Text drawn with the sheet's pixel font: blocks of lines, and the panel.

``Text`` is a block of character cells in one TileGrid; it sets only the
tiles that change. ``Panel`` shows a box of lines sized from its content over
a screen and hands the buttons to an overlay while it shows.
"""

import sys

from ..core.modules import forget

# overlays let go once closed
_RARE = tuple(__name__.rpartition(".")[0] + "." + name
              for name in ("options", "statistics", "notices", "helppage", "controls"))


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

    def write(self, row, left, width, text, centre=False):
        """Show ``text`` in cells left .. left + width - 1 of a row, cut or
        padded with spaces (indexing tiles by one int allocates nothing)."""
        length = min(len(text), width)
        start = left + ((width - length) // 2 if centre else 0)
        at = row * self.columns + left
        space = self.art.font_tile(" ")
        for _ in range(left, start):
            self._set(at, space)
            at += 1
        for char in text:
            if length == 0:
                break
            self._set(at, self.art.font_tile(char))
            at += 1
            length -= 1
        for _ in range(at - row * self.columns, left + width):
            self._set(at, space)
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


class Panel:
    """A box of lines over a screen; its ``overlay`` takes the buttons.

    Overlays (the menu, statistics, deal entry, notices) get the panel, not
    the screen under it: ``show(overlay, lines)`` draws their lines in a box
    just big enough, centred, and gives them the buttons; ``close()`` takes
    the box away and gives the buttons back; ``say(text)`` puts one line on
    the status bar. The box's TileGrid exists only while it shows (made anew
    when its size changes), and the modules of overlays that are rarely
    needed are let go when it closes.
    """

    def __init__(self, art, width, height, words, group):
        self.art = art
        self.columns = width // art.font_w
        self.rows = height // art.font_h - 1
        self.width = width
        self.height = height
        self.words = words  # the overlays' words
        self.group = group  # the screen's group: the box goes on top
        self.text = None
        self.overlay = None
        self.centre = True
        self.note = ""

    def show(self, overlay, lines, centre=True, keep=False):
        """Draw ``lines`` in a box just big enough, centred on the screen;
        with ``keep``, in the box already showing when they fit in it (an
        overlay that redraws itself keeps one box: no new TileGrid)."""
        self.overlay = overlay
        lines = [self.words.named(line, overlay.mode) for line in lines]
        columns = min(self.columns, max(len(line) for line in lines) + 2)
        rows = min(self.rows, len(lines) + 2)
        text = self.text
        fits = text is not None and (text.columns == columns and text.rows == rows or (
            keep and text.columns >= columns and text.rows >= rows))
        if not fits:
            self._drop()
            art = self.art
            text = self.text = Text(art, columns, rows, (self.width - columns * art.font_w) // 2,
                                    (self.height - (rows + 1) * art.font_h) // 2, art.panel)
            self.group.append(text.grid)
        self.centre = centre
        top = (text.rows - rows) // 2 + 1  # the first line's row
        for row in range(text.rows):
            at = row - top
            self._write(row, lines[at] if 0 <= at < len(lines) else "")

    def line(self, at, line):
        """Draw line ``at`` of the box anew, as ``show`` drew its lines (the
        box keeps its size)."""
        self._write(at + 1, self.words.named(line, self.overlay.mode))

    def _write(self, row, line):
        text = self.text
        text.write(row, 0, text.columns, line if self.centre else " " + line, self.centre)

    def close(self):
        """Take the box away; the screen under it takes the buttons again."""
        self.overlay = None
        self._drop()
        for module in _RARE:
            if module in sys.modules:  # forget allocates even when there is nothing to forget
                forget(module)

    def _drop(self):
        if self.text is not None:
            self.group.remove(self.text.grid)
            self.text = None

    def say(self, text):
        """One line for the status bar, shown after this press."""
        self.note = text

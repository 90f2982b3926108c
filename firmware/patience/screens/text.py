"""Text drawn with the sheet's pixel font: blocks of lines, and the panel.

``Text`` is a block of character cells in one TileGrid; it sets only the
tiles that change. ``Panel`` is a Text covering the screen above the status
line that shows a box of lines sized from its content (the cells around the
box stay see-through) and hands the buttons to an overlay while it shows.
"""


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

    def fill(self, row, left, width, tile):
        """Set ``width`` cells of a row to one tile."""
        at = row * self.columns + left
        for i in range(at, at + width):
            self._set(i, tile)

    def _set(self, index, tile):
        grid = self.grid
        if grid[index] != tile:
            grid[index] = tile


class Panel(Text):
    """A box of lines over the table; its ``overlay`` takes the buttons.

    Overlays (the menu, statistics, deal entry, notices) get the panel, not
    the screen under it: ``show(overlay, lines)`` draws their lines and
    gives them the buttons, ``close()`` hides the box and gives the buttons
    back, ``say(text)`` puts one line on the status bar.
    """

    def __init__(self, art, width, height, words):
        rows = height // art.font_h - 1
        super().__init__(art, width // art.font_w, rows, 0, 0, art.panel)
        self.clear = art.clear_tile()
        self.grid.hidden = True
        self.fill_all(self.clear)
        self.overlay = None
        self.note = ""
        self.words = words  # the overlays' words

    def fill_all(self, tile):
        for row in range(self.rows):
            self.fill(row, 0, self.columns, tile)

    def show(self, overlay, lines, centre=True):
        """Draw ``lines`` in a box just big enough, centred on the screen."""
        self.overlay = overlay
        width = min(self.columns, max(len(line) for line in lines) + 2)
        height = min(self.rows, len(lines) + 2)
        left = (self.columns - width) // 2
        top = (self.rows - height) // 2
        for row in range(self.rows):
            inside = top <= row < top + height
            self.fill(row, 0, left if inside else self.columns, self.clear)
            if not inside:
                continue
            at = row - top - 1
            text = lines[at] if 0 <= at < len(lines) else ""
            self.write(row, left, width, " " + text if not centre else text, centre)
            self.fill(row, left + width, self.columns - left - width, self.clear)
        if self.grid.hidden:
            self.grid.hidden = False

    def close(self):
        """Hide the box; the screen under it takes the buttons again."""
        self.overlay = None
        if not self.grid.hidden:
            self.grid.hidden = True

    def say(self, text):
        """One line for the status bar, shown after this press."""
        self.note = text

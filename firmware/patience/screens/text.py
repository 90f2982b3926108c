"""Lines of text drawn with the sheet's pixel font in one TileGrid."""


def pad(text, width):
    """``text`` followed by spaces up to ``width`` (MicroPython has no ljust)."""
    return text + " " * (width - len(text))


class Text:
    """A block of ``columns`` x ``rows`` characters; sets only changed tiles."""

    def __init__(self, art, columns, rows, x=0, y=0, palette=None):
        self.art = art
        self.columns = columns
        self.rows = rows
        self.grid = art.text_grid(columns, rows, x, y, palette)

    def line(self, row, text, centre=False):
        """Show ``text`` on a row, cut or padded with spaces."""
        text = text[:self.columns]
        start = (self.columns - len(text)) // 2 if centre else 0
        grid = self.grid
        for column in range(self.columns):
            at = column - start
            tile = self.art.font_tile(text[at] if 0 <= at < len(text) else " ")
            if grid[column, row] != tile:
                grid[column, row] = tile

    def lines(self, texts, centre=False):
        """Show a sequence of lines from the top; blank the rest."""
        for row in range(self.rows):
            self.line(row, texts[row] if row < len(texts) else "", centre)

"""Text on the screen before the game's own art is loaded: the loading
screen, and why the game cannot start on a board.

Both are drawn with the built-in terminalio font (in flash: no library, no
sprite sheet) in one TileGrid. The loading screen is the first frame after
power-on and fills a bar while the rest loads; a build without terminalio
(the Japanese, Korean and Russian PyBadge builds) starts without it. If a
message cannot be drawn the text goes to the CircuitPython terminal.
"""

PLAYS_ON = "Plays on PyBadge, PyGamer, CLUE and Feather ESP32-S2/S3 (Reverse) TFT."
TITLE = "CIRCUIT PATIENCE"
BAR = 16  # cells of the loading bar


def message(board_id, reason, plays_on=True):
    """The explanation as paragraphs (a tuple of strings; "" is a blank line)."""
    board = (TITLE, "", "Board: %s" % board_id, reason)
    return board + (PLAYS_ON,) if plays_on else board


def wrap(paragraphs, columns):
    """Lines of at most ``columns`` characters; each paragraph starts a line."""
    lines = []
    for text in paragraphs:
        line = ""
        for word in text.split(" "):
            while len(word) > columns:  # a long board id: cut it
                if line:
                    lines.append(line)
                    line = ""
                lines.append(word[:columns])
                word = word[columns:]
            if line and len(line) + 1 + len(word) > columns:
                lines.append(line)
                line = word
            else:
                line = line + " " + word if line else word
        lines.append(line)
    return lines


def _font():
    """terminalio's font, or None on a build without terminalio."""
    try:
        import terminalio
    except ImportError:
        return None
    return terminalio.FONT


def fit(paragraphs, display):
    """(lines, scale): the paragraphs wrapped, twice the size where it all fits."""
    width, height = _font().get_bounding_box()[:2]
    for scale in (2, 1):
        lines = wrap(paragraphs, display.width // (width * scale))
        if len(lines) * height * scale <= display.height:
            break
    return lines, scale


class Lines:
    """Lines of terminalio text, ``scale`` times the font's size, in the
    middle of ``display``."""

    def __init__(self, display, lines, scale):
        import displayio
        font = self.font = _font()
        width, height = font.get_bounding_box()[:2]
        palette = displayio.Palette(2)
        palette[0] = 0x000000
        palette[1] = 0xFFFFFF
        self.space = self._tile(" ", 0)
        self.columns = max(len(line) for line in lines)
        self.grid = displayio.TileGrid(font.bitmap, pixel_shader=palette, width=self.columns,
                                       height=len(lines), tile_width=width, tile_height=height,
                                       default_tile=self.space)
        for row, line in enumerate(lines):
            self.line(row, line)
        group = displayio.Group(scale=scale,
                                x=(display.width - self.columns * width * scale) // 2,
                                y=(display.height - len(lines) * height * scale) // 2)
        group.append(self.grid)
        display.root_group = group

    def line(self, row, text):
        """Show ``text`` on a row, centred (cut to fit)."""
        at = row * self.columns
        start = (self.columns - len(text)) // 2
        for column in range(self.columns):
            index = column - start
            char = text[index] if 0 <= index < len(text) else " "
            self.grid[at + column] = self._tile(char, self.space)

    def _tile(self, char, missing):
        """The font bitmap's tile for ``char`` (a Glyph is a named tuple on the board)."""
        glyph = self.font.get_glyph(ord(char))
        return missing if glyph is None else getattr(glyph, "tile_index")


class Loading:
    """The first frame: the title and a bar that fills as the game loads."""

    def __init__(self, display):
        self.display = display
        self.filled = 0
        self.text = None  # no font, no loading screen
        font = _font()
        if font is not None:
            width = font.get_bounding_box()[0]
            scale = 2 if len(TITLE) * width * 2 <= display.width else 1
            self.text = Lines(display, (TITLE, "", "-" * BAR), scale)
            display.refresh()

    def step(self, count=BAR // 4):
        """Fill ``count`` more cells of the bar and show it."""
        if self.text is None:
            return
        self.filled = min(BAR, self.filled + count)
        self.text.line(2, "#" * self.filled + "-" * (BAR - self.filled))
        self.display.refresh()


def show(display, board_id, reason, plays_on=True):
    """Print the explanation and show it on ``display`` (which may be None);
    ``plays_on``: name the boards the game plays on."""
    paragraphs = message(board_id, reason, plays_on)
    print("\n".join(paragraphs))
    if display is None:
        return
    try:
        Lines(display, *fit(paragraphs, display))
        display.auto_refresh = True
    except Exception:  # pylint: disable=broad-except  # fall back to the terminal
        _terminal(display)


def _terminal(display):
    from ..screens.stopped import show_terminal
    show_terminal(display)

"""Say on the screen (and the serial console) why the game cannot start here.

The text is drawn with the built-in terminalio font in one displayio
TileGrid, so no library is needed; if that fails the CircuitPython terminal
is put back on the screen and the text printed there.
"""

PLAYS_ON = "Plays on PyBadge, PyGamer, CLUE and Feather ESP32-S2/S3 (Reverse) TFT."


def message(board_id, reason):
    """The explanation as paragraphs (a tuple of strings; "" is a blank line)."""
    return ("CIRCUIT PATIENCE", "", "Board: %s" % board_id, reason, PLAYS_ON)


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


def show(display, board_id, reason):
    """Print the explanation and show it on ``display`` (which may be None)."""
    paragraphs = message(board_id, reason)
    print("\n".join(paragraphs))
    if display is None:
        return
    try:
        _draw(display, paragraphs)
    except Exception:  # pylint: disable=broad-except  # fall back to the terminal
        _terminal(display)


def _draw(display, paragraphs):
    import displayio
    import terminalio
    font = terminalio.FONT
    width, height = font.get_bounding_box()[:2]
    for scale in (2, 1):  # twice the size where it all fits
        lines = wrap(paragraphs, display.width // (width * scale))
        if len(lines) * height * scale <= display.height:
            break
    palette = displayio.Palette(2)
    palette[0] = 0x000000
    palette[1] = 0xFFFFFF
    space = _tile(font, " ", 0)
    grid = displayio.TileGrid(font.bitmap, pixel_shader=palette, width=max(len(line) for line in lines),
                              height=len(lines), tile_width=width, tile_height=height,
                              default_tile=space)
    for row, line in enumerate(lines):
        for column, char in enumerate(line):
            grid[column, row] = _tile(font, char, space)
    group = displayio.Group(scale=scale)
    group.append(grid)
    display.root_group = group
    display.auto_refresh = True


def _tile(font, char, missing):
    """The font bitmap's tile for ``char`` (a Glyph is a named tuple on the board)."""
    glyph = font.get_glyph(ord(char))
    return missing if glyph is None else getattr(glyph, "tile_index")


def _terminal(display):
    try:
        import displayio
        display.root_group = displayio.CIRCUITPYTHON_TERMINAL
        display.auto_refresh = True
    except Exception:  # pylint: disable=broad-except  # older or host displayio
        pass

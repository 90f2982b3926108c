"""``terminalio`` on the desktop as CircuitPython has it: one font bitmap.

On a board ``terminalio.FONT.bitmap`` holds every glyph of the built-in font
side by side, and ``get_glyph(code).tile_index`` says which tile of it a
character is, so text is one TileGrid over that bitmap (the loading screen
and the board message draw it that way). Blinka's terminalio gives each
glyph a bitmap of its own instead; ``install()`` puts in ``sys.modules`` a
``terminalio`` whose FONT is Blinka's glyphs copied into one bitmap, for
the printable ASCII characters the built-in font has.
"""

import sys
import types
from collections import namedtuple

Glyph = namedtuple("Glyph", "bitmap tile_index width height dx dy shift_x shift_y")
FIRST, LAST = 32, 126


class Font:
    """The built-in font as on a board: one bitmap, a tile per character."""

    def __init__(self, source):
        import displayio
        self.width, self.height = source.get_bounding_box()[:2]
        count = LAST - FIRST + 1
        self.bitmap = displayio.Bitmap(self.width * count, self.height, 2)
        for code in range(FIRST, LAST + 1):
            pixels = source.get_glyph(code).bitmap
            left = (code - FIRST) * self.width
            for y in range(min(self.height, pixels.height)):
                for x in range(min(self.width, pixels.width)):
                    self.bitmap[left + x, y] = pixels[x, y]

    def get_bounding_box(self):
        return self.width, self.height

    def get_glyph(self, code):
        """The glyph of ``code``, or None where the font has none."""
        if not FIRST <= code <= LAST:
            return None
        return Glyph(self.bitmap, code - FIRST, self.width, self.height, 0, -2, self.width, 0)


def install():
    """Replace Blinka's terminalio with one whose FONT is drawn like a board's."""
    import terminalio as blinka
    if not isinstance(getattr(blinka, "FONT", None), Font):
        module = types.ModuleType("terminalio", __doc__)
        module.FONT = Font(blinka.FONT)
        sys.modules["terminalio"] = module

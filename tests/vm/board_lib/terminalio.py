"""terminalio for the VM: FONT, the built-in 6x12 font as one bitmap row of
the 95 printable ASCII glyphs (blank pixels; nothing is drawn here).

``FONT.get_glyph(code)`` gives a Glyph (a named tuple, made anew per call as
fontio's C code does) or None; ``get_bounding_box()`` gives (6, 12).
"""

from collections import namedtuple

import displayio

Glyph = namedtuple("Glyph", ("bitmap", "tile_index", "width", "height", "dx", "dy",
                             "shift_x", "shift_y"))


class _BuiltinFont:
    """The terminal font."""

    def __init__(self):
        self.bitmap = displayio.Bitmap(6 * 95, 12, 2)

    def get_bounding_box(self):
        return (6, 12)

    def get_glyph(self, codepoint):
        if not 32 <= codepoint <= 126:
            return None
        return Glyph(self.bitmap, codepoint - 32, 6, 12, 0, 0, 6, 0)


FONT = _BuiltinFont()

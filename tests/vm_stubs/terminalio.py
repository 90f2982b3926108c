"""terminalio for VM runs: the built-in font's shape, no pixels."""

import displayio


class _Glyph:
    def __init__(self, tile_index):
        self.tile_index = tile_index


class _Font:
    bitmap = displayio.Bitmap(6 * 95, 12, 2)

    def get_bounding_box(self):
        return 6, 12

    def get_glyph(self, code):
        return _Glyph(code - 32) if 32 <= code <= 126 else None


FONT = _Font()

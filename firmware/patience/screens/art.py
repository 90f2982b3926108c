"""The sprite sheet and palettes: loaded once, shared by every TileGrid.

The sheet is loaded into RAM as a displayio.Bitmap when it fits (fast to
draw) and falls back to displayio.OnDiskBitmap when memory is short.
Palettes: the normal one, one that tints card faces as "picked up", and
one for text panels (an opaque background).
"""

import displayio

from ..core.modules import forget
from . import sheets


class Art:
    """One sheet (SMALL or LARGE) with its palettes and tile sizes."""

    def __init__(self, size, root=""):
        self.size = size
        self.card_w = sheets.CARD_W[size]
        self.card_h = sheets.CARD_H[size]
        self.font_w = sheets.FONT_W[size]
        self.font_h = sheets.FONT_H[size]
        self.bitmap = self._load(root + sheets.PATH[size])
        self.palette = self._palette()
        self.selected = self._palette()
        self.selected[sheets.COLOUR_CARD] = sheets.PALETTE[sheets.COLOUR_SELECTED]
        self.panel = self._palette()
        self.panel.make_opaque(sheets.COLOUR_TRANSPARENT)
        self.panel[sheets.COLOUR_TRANSPARENT] = sheets.PALETTE[sheets.COLOUR_SLOT_FILL]

    @staticmethod
    def _load(path):
        try:
            import adafruit_imageload
            bitmap, _ = adafruit_imageload.load(path, bitmap=displayio.Bitmap,
                                                palette=displayio.Palette)
            return bitmap
        except (MemoryError, ImportError):
            return displayio.OnDiskBitmap(path)
        finally:
            forget("adafruit_imageload")  # only the start needs it

    @staticmethod
    def _palette():
        palette = displayio.Palette(len(sheets.PALETTE))
        for index, colour in enumerate(sheets.PALETTE):
            palette[index] = colour
        palette.make_transparent(sheets.COLOUR_TRANSPARENT)
        return palette

    def card_grid(self, tile=0, x=0, y=0):
        """A one-card TileGrid over the sheet."""
        return displayio.TileGrid(self.bitmap, pixel_shader=self.palette,
                                  tile_width=self.card_w, tile_height=self.card_h,
                                  default_tile=tile, x=x, y=y)

    def text_grid(self, columns, rows, x=0, y=0, palette=None):
        """A TileGrid of font tiles, all spaces."""
        return displayio.TileGrid(self.bitmap, pixel_shader=palette or self.palette,
                                  width=columns, height=rows,
                                  tile_width=self.font_w, tile_height=self.font_h,
                                  default_tile=sheets.FONT_FIRST_TILE[self.size], x=x, y=y)

    def strip_grid(self, rows, tile):
        """A one-card-wide TileGrid of ``rows`` frame strips ``tile``."""
        return displayio.TileGrid(self.bitmap, pixel_shader=self.palette, width=1, height=rows,
                                  tile_width=self.card_w,
                                  tile_height=sheets.FRAME_STEP[self.size], default_tile=tile)

    def font_tile(self, char):
        """The font tile of a character ('?' for one the font lacks)."""
        code = ord(char)
        if code > sheets.FONT_LAST_CHAR:
            above = sheets.FONT_ABOVE_LATIN1
            code = sheets.FONT_ABOVE_LATIN1_CHAR[above.index(code)] if code in above else 63
        elif code < 32:
            code = 63
        return sheets.FONT_FIRST_TILE[self.size] + code - 32


def size_for(width, height):
    """SMALL cards for screens up to 135 px high, LARGE above."""
    return sheets.SMALL if height <= 135 else sheets.LARGE

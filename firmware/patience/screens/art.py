"""The sprite sheet and its palettes: loaded once, shared by every TileGrid.

The sheet is loaded into RAM as a displayio.Bitmap when the heap holds it
and the rest of the game (fast to draw), else it stays on the drive as a
displayio.OnDiskBitmap (slower to draw, none of its pixels in the heap):
start.load_art decides. Its pixels are roles (see sheets.py); a palette per
use colours them (card faces, backs, empty places, frames, texts).
"""

import displayio

from . import sheets


class Art:
    """One sheet (SMALL or LARGE) with its palettes and tile sizes."""

    def __init__(self, size, bitmap, tiles, palettes):
        """Sheet ``size`` (sheets.SMALL or LARGE) in ``bitmap``; ``tiles``
        its (card width, card height, font width, font height) in pixels;
        ``palettes`` (faces, back, slot, cursor, hint, hint_to, text, panel),
        ``faces`` by card colour (0 black, 1 red) then picked up or not."""
        self.size = size
        self.bitmap = bitmap
        self.card_w, self.card_h, self.font_w, self.font_h = tiles
        (self.faces, self.back, self.slot, self.cursor, self.hint, self.hint_to, self.text,
         self.panel) = palettes

    def card_shader(self, card_is_red, picked):
        """The palette of a face-up card."""
        return self.faces[card_is_red][picked]

    def card_grid(self, tile=sheets.TILE_BACK, x=0, y=0, shader=None):
        """A one-card TileGrid over the sheet (a back, unless told)."""
        return displayio.TileGrid(self.bitmap, pixel_shader=shader or self.back,
                                  tile_width=self.card_w, tile_height=self.card_h,
                                  default_tile=tile, x=x, y=y)

    def text_grid(self, columns, rows, x=0, y=0, palette=None):
        """A TileGrid of font tiles, all spaces."""
        return displayio.TileGrid(self.bitmap, pixel_shader=palette or self.text,
                                  width=columns, height=rows,
                                  tile_width=self.font_w, tile_height=self.font_h,
                                  default_tile=sheets.FONT_FIRST_TILE[self.size], x=x, y=y)

    def strip_grid(self, rows, tile, palette):
        """A one-card-wide TileGrid of ``rows`` frame strips ``tile``."""
        return displayio.TileGrid(self.bitmap, pixel_shader=palette, width=1, height=rows,
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
        return self.code_tile(code)

    def code_tile(self, code):
        """The font tile of a character code from 32 to 255 (no string needed)."""
        return sheets.FONT_FIRST_TILE[self.size] + code - 32

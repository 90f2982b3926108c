"""The sprite sheet and its palettes: loaded once, shared by every TileGrid.

The sheet is loaded into RAM as a displayio.Bitmap when the heap holds it
and the rest of the game (fast to draw), else it stays on the drive as a
displayio.OnDiskBitmap (slower to draw, 8-17 KB less heap). Its pixels are
roles (see sheets.py); a palette per use colours them: card faces black or
red (tinted when picked up), backs, empty places, the three frames, the
status line and the panels.
"""

import gc

import displayio
from micropython import const

from ..core.modules import forget
from . import sheets

# Free heap the rest of the game needs beside a sheet in RAM, when the sheet
# loads: measured on the VM (tests/test_device_session.py) 71 KB from .py
# and 58 KB from .mpy, and 2 KB more to spare; from .py 2 KB more again,
# as where the pieces fall (compiling breaks the heap up) moves the need.
_ROOM_FROM_PY = const(75 * 1024)
_ROOM_FROM_MPY = const(60 * 1024)


class Art:
    """One sheet (SMALL or LARGE) with its palettes and tile sizes."""

    def __init__(self, size, root=""):
        self.size = size
        self.card_w = sheets.CARD_W[size]
        self.card_h = sheets.CARD_H[size]
        self.font_w = sheets.FONT_W[size]
        self.font_h = sheets.FONT_H[size]
        self.bitmap = self._load(root + sheets.PATH[size], sheets.RAM_BYTES[size])
        make = self._palette
        # by card colour (0 black, 1 red), then picked up or not
        self.faces = ((make(sheets.PALETTE_BLACK), make(sheets.PALETTE_BLACK_PICKED)),
                      (make(sheets.PALETTE_RED), make(sheets.PALETTE_RED_PICKED)))
        self.back = make(sheets.PALETTE_BACK)
        self.slot = make(sheets.PALETTE_SLOT)
        self.cursor = make(sheets.PALETTE_CURSOR)
        self.hint = make(sheets.PALETTE_HINT)
        self.hint_to = make(sheets.PALETTE_HINT_TO)
        self.text = make(sheets.PALETTE_TEXT)
        self.panel = make(sheets.PALETTE_PANEL, clear=sheets.ROLE_EDGE)  # see sheets: holes

    @staticmethod
    def _load(path, ram_bytes):
        """The sheet in RAM when the heap holds it and the game, else on the drive."""
        mem_free = getattr(gc, "mem_free", None)  # CPython has none, and heap to spare
        room = _ROOM_FROM_PY if __file__.endswith(".py") else _ROOM_FROM_MPY
        if mem_free is not None:
            gc.collect()
            if mem_free() < ram_bytes + room:
                return displayio.OnDiskBitmap(path)
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
    def _palette(colours, clear=sheets.ROLE_TRANSPARENT):
        """A Palette(4) of ``colours`` by role, role ``clear`` see-through."""
        palette = displayio.Palette(len(colours))
        for role, colour in enumerate(colours):
            palette[role] = colour
        palette.make_transparent(clear)
        return palette

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


def size_for(width, height):
    """SMALL cards for screens up to 135 px high, LARGE above."""
    return sheets.SMALL if height <= 135 else sheets.LARGE

"""The App's start: the card sheet loaded with its palettes, and what the
App holds from its first frame on (the felt, the panels' grid, the saves'
keeper, the words and the buttons' names, the backlight).

Only the start needs this, so it is loaded for it and let go of after.
"""

import gc

import displayio
from micropython import const

from . import sheets
from .art import Art
from ..core.modules import forget, rarely
from .sheet_setup import (CARD_H, CARD_W, FELT, FONT_H, FONT_W, PALETTE_BACK, PALETTE_BLACK,
                         PALETTE_BLACK_PICKED, PALETTE_CURSOR, PALETTE_HINT, PALETTE_HINT_TO,
                         PALETTE_PANEL, PALETTE_RED, PALETTE_RED_PICKED, PALETTE_SLOT,
                         PALETTE_TEXT, PATH, RAM_BYTES, ROLE_EDGE, ROLE_TRANSPARENT)

forget(__name__.rpartition(".")[0] + ".sheet_setup")  # what it holds is here now, and goes with this

_MAX_SCALE = const(127)
# Free heap the rest of the game needs beside a sheet in RAM, when the sheet
# loads: measured on the VM (bench/device_memory.py, the session with the
# sheet forced into RAM fits from 103-104 KB from .py and 90 KB from .mpy, where
# this much is free beside the sheet: 50 KB and 37 KB), and 2 KB more to
# spare; from .py 8 KB, as where the pieces fall (compiling breaks the heap
# up) moves the need (with 4, one heap layout of eight failed to start).
_ROOM_FROM_PY = const(58 * 1024)
_ROOM_FROM_MPY = const(39 * 1024)


def size_for(width, height):
    """SMALL cards for screens up to 135 px high, LARGE above."""
    return sheets.SMALL if height <= 135 else sheets.LARGE


def load_art(size, root=""):
    """The Art of sheet ``size`` (SMALL or LARGE), read from the drive at ``root``."""
    art = Art()
    art.size = size
    art.card_w = CARD_W[size]
    art.card_h = CARD_H[size]
    art.font_w = FONT_W[size]
    art.font_h = FONT_H[size]
    art.bitmap = _load(root + PATH[size], RAM_BYTES[size])
    make = _palette
    # by card colour (0 black, 1 red), then picked up or not
    art.faces = ((make(PALETTE_BLACK), make(PALETTE_BLACK_PICKED)),
                 (make(PALETTE_RED), make(PALETTE_RED_PICKED)))
    art.back = make(PALETTE_BACK)
    art.slot = make(PALETTE_SLOT)
    art.cursor = make(PALETTE_CURSOR)
    art.hint = make(PALETTE_HINT)
    art.hint_to = make(PALETTE_HINT_TO)
    art.text = make(PALETTE_TEXT)
    art.panel = make(PALETTE_PANEL, clear=ROLE_EDGE)  # see sheets: holes
    return art


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


def _palette(colours, clear=ROLE_TRANSPARENT):
    """A Palette(4) of ``colours`` by role, role ``clear`` see-through."""
    palette = displayio.Palette(len(colours))
    for at, value in enumerate(colours):  # a colour by role
        palette[at] = value
    palette.make_transparent(clear)
    return palette


def cover(width, height):
    """(pixels a side, scale) of a square bitmap that, scaled, covers the screen.

    A board keeps a group's scale in 8 bits and its per-pixel step in a
    signed byte: a scale over 127 draws nothing (the screen stays black), so
    the bitmap gets as many pixels as a scale of at most 127 needs.
    """
    side = max(width, height)
    pixels = side // _MAX_SCALE + 1
    return pixels, -(-side // pixels)


def _background(width, height):
    """A felt-coloured layer covering the screen: a few pixels, scaled."""
    pixels, scale = cover(width, height)
    palette = displayio.Palette(1)
    palette[0] = FELT
    layer = displayio.Group(scale=scale)
    layer.append(displayio.TileGrid(displayio.Bitmap(pixels, pixels, 1), pixel_shader=palette))
    return layer


def start(app, root, store, step, language, art):
    """What ``app`` holds from its first frame (see App); ``step()`` is
    called as each part is done."""
    # imported here: the sheet loads first (load_art), while the heap is
    # still in one piece
    from ..saves.keeper import Keeper
    from ..saves.model import LANGUAGES
    from .text import panel_text
    from ..input.ticks import ticks_ms
    display = app.display
    app.width = display.width
    app.height = display.height
    display.auto_refresh = False
    app.art = art or load_art(size_for(app.width, app.height), root)
    step()
    app.background = _background(app.width, app.height)
    app.panel_text = panel_text(app.art, app.width, app.height)  # 1.7 KB in one piece
    app.panel_group = None  # the screen group it is in
    app.player = None
    app.left = None  # the game put away for the title screen
    app.held = None
    app.repeat_at = 0
    app.still_since = ticks_ms()  # no change on screen since (or the last timed save)
    app.keeper = Keeper(store)
    step()
    app.root = root
    if language is not None:
        app.keeper.set("language", LANGUAGES.index(language))
    app.words = None
    rarely(__name__, "controls", "speak", app)
    app.set_brightness(app.keeper.saved.settings.brightness)

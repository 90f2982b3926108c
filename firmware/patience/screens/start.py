"""The App's start: the card sheet loaded with its palettes, and what the
App holds from its first frame on (the felt, the panels' grid, the saves'
keeper, the words and the buttons' names).

Only the start needs this: the App imports it for that moment and lets it
go after (lifetimes.MOMENTS["start"]).
"""

import gc

import displayio
from micropython import const

from . import sheets
from .art import Art
from ..lifetimes import let_go
from .sheet_setup import (CARD_H, CARD_W, FELT, FONT_H, FONT_W, PALETTE_BACK, PALETTE_BLACK,
                          PALETTE_BLACK_PICKED, PALETTE_CURSOR, PALETTE_HINT, PALETTE_HINT_TO,
                          PALETTE_PANEL, PALETTE_RED, PALETTE_RED_PICKED, PALETTE_SLOT,
                          PALETTE_TEXT, PATH, RAM_BYTES, ROLE_EDGE, ROLE_TRANSPARENT)

let_go("sheet_data")  # what it holds is this module's now, and goes with it

_MAX_SCALE = const(127)


def size_for(width, height):
    """SMALL cards for screens up to 135 px high, LARGE above."""
    return sheets.SMALL if height <= 135 else sheets.LARGE


def load_art(size, root=""):
    """The Art of sheet ``size`` (SMALL or LARGE), read from the drive at ``root``."""
    bitmap = _load(root, PATH[size], RAM_BYTES[size])
    make = _palette
    faces = ((make(PALETTE_BLACK), make(PALETTE_BLACK_PICKED)),
             (make(PALETTE_RED), make(PALETTE_RED_PICKED)))
    return Art(size, bitmap, (CARD_W[size], CARD_H[size], FONT_W[size], FONT_H[size]),
               (faces, make(PALETTE_BACK), make(PALETTE_SLOT), make(PALETTE_CURSOR),
                make(PALETTE_HINT), make(PALETTE_HINT_TO), make(PALETTE_TEXT),
                make(PALETTE_PANEL, clear=ROLE_EDGE)))  # the panel's holes: see sheets


def _load(root, path, ram_bytes):
    """The sheet in RAM when the heap holds it and the game, else on the
    drive; ``OSError(path)`` when its file cannot be read."""
    path = root + path
    mem_free = getattr(gc, "mem_free", None)  # CPython has none, and heap to spare
    if mem_free is not None:
        from .budget import figure  # what the rest of the game needs beside the sheet
        room = figure(root, "room_beside_sheet_py" if __file__.endswith(".py")
                      else "room_beside_sheet_mpy")
        gc.collect()
        if room is None or mem_free() < ram_bytes + 1024 * room:
            return _on_drive(path)
    try:
        import adafruit_imageload
        bitmap, _ = adafruit_imageload.load(path, bitmap=displayio.Bitmap,
                                            palette=displayio.Palette)
        return bitmap
    except (MemoryError, ImportError):
        return _on_drive(path)
    except (OSError, ValueError, RuntimeError, NotImplementedError):
        raise OSError(path) from None
    finally:
        let_go("sheet")  # the BMP reader: only the start needs it


def _on_drive(path):
    """The sheet left on the drive; ``OSError(path)`` when its file cannot be read."""
    try:
        return displayio.OnDiskBitmap(path)
    except (OSError, ValueError, RuntimeError):
        raise OSError(path) from None


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


def start(display, keys, root, store, step, language, art):
    """(art, felt, panels' grid, keeper, words): what the App holds from its
    first frame on; ``step()`` is called as each part is done, ``art`` is
    the sheet when it was loaded before."""
    # imported here: the sheet loads first (load_art), while the heap is
    # still in one piece
    from ..saves.keeper import Keeper
    from ..saves.model import LANGUAGES
    from .text import panel_text
    width, height = display.width, display.height
    art = art or load_art(size_for(width, height), root)
    step()
    felt = _background(width, height)
    grid = panel_text(art, width, height)  # in one piece, early
    keeper = Keeper(store)
    step()
    if language is not None:
        keeper.set("language", LANGUAGES.index(language))
    gc.collect()
    from . import controls
    words = controls.speak(None, root, keeper.saved.settings.language, keys)
    let_go("words")
    gc.collect()
    return art, felt, grid, keeper, words

"""Build the Circuit Patience sprite sheets, one a size (host-only tool).

Draws every card, placeholder, frame strip and font glyph from the pixel data
in ``glyphs.py`` and writes, byte-for-byte reproducibly:

* ``<out>/sheets/small.bmp`` for 160x128 and 240x135 screens,
* ``<out>/sheets/large.bmp`` for 240x240 and 320x240 screens,
* ``<out>/patience/screens/sheets.py`` the constants the screens draw with,
* ``<out>/patience/screens/sheet_setup.py`` those only the App's start reads
  (files, tile sizes, pixel roles, palettes).

One sheet a size holds everything of that size: the font cells, the frame
strips and the card tiles, each kind cut from the same displayio.Bitmap by
TileGrids of its own tile size (see ``layout``).

Every pixel is a role, not a colour: 0 transparent, 1 paper, 2 ink, 3 edge.
The firmware colours a TileGrid with a displayio.Palette(4) of the PALETTES
below, so one face tile serves both suit colours and the picked-up tint, and
one set of frame strips every frame colour.  The BMPs are uncompressed 4-bit
indexed files (bottom-up rows) whose colour table has four entries, so
``adafruit_imageload`` loads them into a displayio.Bitmap of value_count 4:
2 bits a pixel in RAM.  No third-party package is needed.

Usage::

    python sprites/build_sheets.py            # writes into firmware/
    python sprites/build_sheets.py --out DIR  # writes into DIR/ instead
"""

import argparse
import math
import os
import struct
import sys
import textwrap
from dataclasses import dataclass

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import glyphs  # noqa: E402  (sibling data module)

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Pixel values: (name, what draws in it).  The order fixes the value.
ROLES = (
    ("TRANSPARENT", "made transparent: what lies below shows (the felt)"),
    ("PAPER", "card paper, back fill, foundation fill, panel background"),
    ("INK", "rank and suit, back pattern, slot marks, frame strips, text"),
    ("EDGE", "card edge and court box, slot outline, the panel's holes"),
)
TRANSPARENT, PAPER, INK, EDGE = range(len(ROLES))

# RGB of everything drawn.
RGB = {
    "FELT": 0x0B6B2B,
    "WHITE": 0xFFFFFF,
    "PICKED": 0xA8E4FF,
    "BLACK": 0x000000,
    "RED": 0xE00000,
    "OUTLINE": 0x383838,
    "BACK": 0x1C44B4,
    "BACK_LIGHT": 0x8CB4FF,
    "SLOT_FILL": 0x06501F,
    "SLOT": 0x50B070,
    "CURSOR": 0xFFE000,
    "HINT": 0xFF30FF,
    "HINT_TO": 0x00E8F0,
    "TEXT": 0xF4F4F4,
}
# (name, RGB names by role, what it colours).  A role a palette's tiles do
# not use repeats a used colour, so a stray pixel never shows a wrong one.
PALETTES = (
    ("BLACK", ("FELT", "WHITE", "BLACK", "OUTLINE"), "clubs and spades faces"),
    ("RED", ("FELT", "WHITE", "RED", "OUTLINE"), "diamonds and hearts faces"),
    ("BLACK_PICKED", ("FELT", "PICKED", "BLACK", "OUTLINE"),
     "picked-up black faces: the paper tinted"),
    ("RED_PICKED", ("FELT", "PICKED", "RED", "OUTLINE"),
     "picked-up red faces: the paper tinted"),
    ("BACK", ("FELT", "BACK", "BACK_LIGHT", "OUTLINE"), "face-down cards"),
    ("SLOT", ("FELT", "SLOT_FILL", "SLOT", "SLOT"),
     "empty piles, foundations, reserve and stock marks"),
    ("CURSOR", ("FELT", "CURSOR", "CURSOR", "CURSOR"), "cursor frame strips"),
    ("HINT", ("FELT", "HINT", "HINT", "HINT"),
     "hint frame strips round the cards to move"),
    ("HINT_TO", ("FELT", "HINT_TO", "HINT_TO", "HINT_TO"),
     "hint frame strips round the destination"),
    ("TEXT", ("FELT", "FELT", "TEXT", "TEXT"),
     "status line text: 0 made transparent"),
    ("PANEL", ("SLOT_FILL", "SLOT_FILL", "TEXT", "TEXT"),
     "panel text: 0 left opaque, the panel's background; 3 made transparent"),
)
PALETTE = {name: tuple(RGB[colour] for colour in colours)
           for name, colours, _what in PALETTES}
# The colour table written into each BMP (the firmware sets its own).
FILE_PALETTE = "BLACK"

INDEX_MARGIN = 2  # corner index: pixels from the card edge (outline + 1)
RANK_CHARS = "A23456789TJQK"  # T stands for the special "10" glyph
# Font cells: one per code point FIRST_CHAR..LAST_CHAR (Latin-1), in order.
# Latin-1 leaves 127..159 unprintable: the firmware's extras live there
# (suits, arrows), and so do the few characters above 255 that have a glyph,
# at their Windows-1252 places.
FIRST_CHAR = 32
LAST_CHAR = 255
FONT_CELLS = LAST_CHAR - FIRST_CHAR + 1
FONT_FIRST_TILE = 0  # font-tiling tile of FIRST_CHAR: the font opens the sheet
EXTRA_FIRST_CHAR = 128
# A font cell all EDGE, after the extras: PALETTE_PANEL makes EDGE see-through,
# so a panel's one TileGrid shows its box and, in this cell, what lies below.
HOLE_CHAR = EXTRA_FIRST_CHAR + len(glyphs.EXTRA_CHARS)
# (constant name, character, its font char, what) for code points above 255.
ABOVE_LATIN1 = (
    ("OE_CAPITAL", "\u0152", 140, "OE ligature"),
    ("OE", "\u0153", 156, "oe ligature: draws as the capital"),
    ("Y_DIAERESIS_CAPITAL", "\u0178", 159, "Y diaeresis (chr(255) draws as it too)"),
    ("APOSTROPHE", "\u2019", 146, "typographic apostrophe"),
)

# Card-sized tiles in order, as offsets from the first face, whose card
# tile number the layout fixes (``first_card_tile``: the same in both sizes).
CARD_BLOCK = (
    ("FACE", 0, "+ suit * 13 + rank - 1: face-up card"),
    ("BACK", 52, "face-down card"),
    ("EMPTY", 53, "empty pile outline"),
    ("FOUNDATION", 54, "foundation placeholder"),
    ("FOUNDATION_BASE", 55, "+ rank - 1: foundation showing its base rank"),
    ("FOUNDATION_FIRST", 68, "foundation that takes the base card, base not chosen yet"),
    ("RESERVE", 69, "empty reserve"),
    ("REDEAL", 70, "empty stock, redeal available"),
    ("NO_REDEAL", 71, "empty stock, no redeal left"),
)
CARD_TILES = 72

# Frame strips: one card wide, frame_step high, drawn in INK.  A frame over h
# pixels is a TileGrid of ceil(h / step) strips: a top, sides, a bottom.
FRAME_PIECES = ("TOP", "SIDE", "BOTTOM")
MAX_TILE = 255  # displayio.TileGrid: tile numbers 0..255 (see layout)
BITS_PER_PIXEL = 2  # in RAM: a displayio.Bitmap of value_count 4


@dataclass(frozen=True)
class SheetSpec:
    """Everything that differs between the small and the large sheets."""

    name: str
    card_w: int
    card_h: int
    sheet_w: int  # sheet width in pixels (see SMALL)
    corner: int  # corner cut-off radius of cards and frames
    font: dict  # status-line font glyphs
    font_w: int  # font cell, including spacing
    font_h: int
    index_suits: tuple  # suit glyphs for the corner index
    pip_suits: tuple  # big suit glyphs for the middle of number cards
    ten: tuple  # narrow "10"
    court_font: dict  # J Q K: big letter from this font ...
    court_scale: int  # ... scaled by this
    base_scale: int  # foundation base rank: font glyph scaled by this
    redeal: tuple
    frame: int  # cursor / hint frame thickness
    frame_step: int  # height of a frame strip (see SMALL)
    fan_back_y: int  # rows of a face-down card that tell it from a face
    accents: dict  # accent rows over ...
    short: dict  # ... these shorter capitals make the accented capitals
    star: tuple  # mark of the foundation that takes the first card


# sheet_w: two cards a row in both sizes.  No other width makes a sheet
# smaller in RAM (tests/test_sprites.py tries them all): small 16, 32, 48 and
# 96 px wide all take 7920 bytes, large 48, 96 and 192 px 16896.  Small 16 and
# 32 and all three large widths put the first face at card tile 16, so the
# TILE_* constants are shared; two cards a row is the one arrangement both
# sizes have among them.  frame_step 2: the rim is 2 px and the corners round
# off within it, so top and bottom strips hold them whole; a frame is at most
# 1 px taller than the cards it frames (card heights are even, so one card
# fits exactly).
SMALL = SheetSpec(
    name="small", card_w=16, card_h=22, sheet_w=32, corner=1,
    font=glyphs.FONT_3X5, font_w=4, font_h=6,
    index_suits=glyphs.SUITS_5, pip_suits=glyphs.SUITS_7, ten=glyphs.TEN_3X5,
    court_font=glyphs.FONT_5X7, court_scale=1, base_scale=2,
    redeal=glyphs.REDEAL_7, frame=2, frame_step=2,
    fan_back_y=3,
    accents=glyphs.ACCENTS_3X5, short=glyphs.SHORT_3X4, star=glyphs.STAR_7,
)
LARGE = SheetSpec(
    name="large", card_w=24, card_h=32, sheet_w=48, corner=2,
    font=glyphs.FONT_5X7, font_w=6, font_h=8,
    index_suits=glyphs.SUITS_7, pip_suits=glyphs.SUITS_11, ten=glyphs.TEN_5X7,
    court_font=glyphs.FONT_5X7, court_scale=2, base_scale=2,
    redeal=glyphs.REDEAL_11, frame=2, frame_step=2,
    fan_back_y=3,
    accents=glyphs.ACCENTS_5X7, short=glyphs.SHORT_5X6, star=glyphs.STAR_11,
)
SPECS = (SMALL, LARGE)


class Canvas:
    """A rectangle of pixel roles, TRANSPARENT to start with."""

    def __init__(self, width, height):
        self.width = width
        self.height = height
        self.pixels = bytearray(width * height)

    def put(self, x, y, role):
        """Set one pixel; pixels outside the canvas are ignored."""
        if 0 <= x < self.width and 0 <= y < self.height:
            self.pixels[y * self.width + x] = role

    def stamp(self, glyph, x, y, role, scale=1):
        """Ink the ``#`` pixels of a glyph with its top-left at (x, y)."""
        for gy, row in enumerate(glyph):
            for gx, cell in enumerate(row):
                if cell == "#":
                    for dy in range(scale):
                        for dx in range(scale):
                            self.put(x + gx * scale + dx, y + gy * scale + dy, role)

    def crop(self, left, top, width, height):
        """A new canvas holding a rectangle of this one."""
        part = Canvas(width, height)
        for y in range(height):
            start = (top + y) * self.width + left
            part.pixels[y * width:(y + 1) * width] = self.pixels[start:start + width]
        return part

    def blit(self, other, x, y):
        """Copy another canvas (all of it, transparent pixels too) to (x, y)."""
        for oy in range(other.height):
            start = (y + oy) * self.width + x
            self.pixels[start:start + other.width] = other.pixels[
                oy * other.width:(oy + 1) * other.width]


def glyph_size(glyph, scale=1):
    """(width, height) of a glyph drawn at ``scale``."""
    return len(glyph[0]) * scale, len(glyph) * scale


def inside_rounded(x, y, width, height, radius):
    """True if (x, y) lies in a width x height box with cut corners."""
    if not (0 <= x < width and 0 <= y < height):
        return False
    dx = max(radius - x, x - (width - 1 - radius), 0)
    dy = max(radius - y, y - (height - 1 - radius), 0)
    return dx == 0 or dy == 0 or dx + dy <= radius


def ring(width, height, radius, thickness):
    """Pixels of a rounded box's rim, ``thickness`` pixels wide."""
    inner = max(radius - thickness, 0)
    for y in range(height):
        for x in range(width):
            if inside_rounded(x, y, width, height, radius) and not inside_rounded(
                    x - thickness, y - thickness, width - 2 * thickness,
                    height - 2 * thickness, inner):
                yield x, y


def card_shape(spec, edge, fill=None, thickness=1):
    """A card-sized canvas with a rounded rim and an optional fill."""
    canvas = Canvas(spec.card_w, spec.card_h)
    if fill is not None:
        for y in range(spec.card_h):
            for x in range(spec.card_w):
                if inside_rounded(x, y, spec.card_w, spec.card_h, spec.corner):
                    canvas.put(x, y, fill)
    for x, y in ring(spec.card_w, spec.card_h, spec.corner, thickness):
        canvas.put(x, y, edge)
    return canvas


def stamp_centred(canvas, glyph, role, scale=1):
    """Stamp a glyph in the middle of the canvas."""
    width, height = glyph_size(glyph, scale)
    canvas.stamp(glyph, (canvas.width - width) // 2,
                 (canvas.height - height) // 2, role, scale)


def rank_glyph(spec, rank):
    """The corner glyph for rank 1..13 (the narrow "10" for ten)."""
    char = RANK_CHARS[rank - 1]
    return spec.ten if char == "T" else spec.font[char]


def index_layout(spec):
    """Where the corner index goes: (rank_xy, top_suit_xy, side_suit_xy).

    The rank sits two pixels in from the corner.  One suit sits at the right
    end of the same rows (seen when cards fan downwards), another under the
    rank (seen when cards fan sideways).
    """
    _, rank_h = glyph_size(spec.font["A"])
    suit_w, _ = glyph_size(spec.index_suits[0])
    return ((INDEX_MARGIN, INDEX_MARGIN),
            (spec.card_w - INDEX_MARGIN - suit_w, INDEX_MARGIN),
            (INDEX_MARGIN, INDEX_MARGIN + rank_h + 1))


def fan_steps(spec):
    """Smallest (x, y) fan offsets that still show a face's rank and suit."""
    ten_w, _ = glyph_size(spec.ten)
    suit_w, suit_h = glyph_size(spec.index_suits[0])
    _, rank_h = glyph_size(spec.font["A"])
    return INDEX_MARGIN + max(ten_w, suit_w), INDEX_MARGIN + max(rank_h, suit_h)


def draw_centre(canvas, spec, suit, rank):
    """Big suit pip for A..10, a big letter in an EDGE box for J Q K."""
    right = spec.card_w - 1 - INDEX_MARGIN
    bottom = spec.card_h - 1 - INDEX_MARGIN
    if rank <= 10:
        pip = spec.pip_suits[suit]
        width, height = glyph_size(pip)
        canvas.stamp(pip, right - width + 1, bottom - height + 1, INK)
        return
    letter = spec.court_font[RANK_CHARS[rank - 1]]
    width, height = glyph_size(letter, spec.court_scale)
    box_w, box_h = width + 2, height + 2
    left, top = right - box_w + 1, bottom - box_h + 1
    for x, y in ring(box_w, box_h, 0, 1):
        canvas.put(left + x, top + y, EDGE)
    canvas.stamp(letter, left + 1, top + 1, INK, spec.court_scale)


def draw_face(spec, suit, rank):
    """Face-up card: paper with an edge, corner index and centre art in ink."""
    canvas = card_shape(spec, EDGE, PAPER)
    rank_xy, top_suit_xy, side_suit_xy = index_layout(spec)
    canvas.stamp(rank_glyph(spec, rank), *rank_xy, INK)
    canvas.stamp(spec.index_suits[suit], *top_suit_xy, INK)
    canvas.stamp(spec.index_suits[suit], *side_suit_xy, INK)
    draw_centre(canvas, spec, suit, rank)
    return canvas


def draw_back(spec):
    """Face-down card: paper (blue) with an ink lattice inside an ink frame."""
    canvas = card_shape(spec, EDGE, PAPER)
    for y in range(3, spec.card_h - 3):
        for x in range(3, spec.card_w - 3):
            if (x + y) % 4 == 0 or (x - y) % 4 == 0:
                canvas.put(x, y, INK)
    for x, y in ring(spec.card_w - 2, spec.card_h - 2, 0, 1):
        canvas.put(x + 1, y + 1, INK)
    return canvas


def draw_empty(spec):
    """Empty pile: a thin rounded edge on bare felt."""
    return card_shape(spec, EDGE)


def draw_foundation(spec, rank=None):
    """Foundation placeholder (paper inside the edge), maybe with a base rank."""
    canvas = card_shape(spec, EDGE, PAPER)
    if rank is not None:
        stamp_centred(canvas, rank_glyph(spec, rank), INK, spec.base_scale)
    return canvas


def draw_reserve(spec):
    """Empty reserve: the empty outline with a second one, in ink, inside."""
    canvas = draw_empty(spec)
    for x, y in ring(spec.card_w - 4, spec.card_h - 4, spec.corner, 1):
        canvas.put(x + 2, y + 2, INK)
    return canvas


def draw_foundation_first(spec):
    """Foundation that takes the first card: the placeholder with a star."""
    canvas = draw_foundation(spec)
    stamp_centred(canvas, spec.star, INK)
    return canvas


def frame_strips(spec):
    """Top, side and bottom strips of a frame: a thick ink rim, hollow.

    Cut from a rim three strips high; the rounded corners and the rim's
    thickness fit in one strip, so top + n sides + bottom is the rim of a
    box (n + 2) strips high.
    """
    step = spec.frame_step
    assert max(spec.frame, spec.corner) <= step
    whole = Canvas(spec.card_w, 3 * step)
    for x, y in ring(spec.card_w, 3 * step, spec.corner, spec.frame):
        whole.put(x, y, INK)
    return [whole.crop(0, piece * step, spec.card_w, step) for piece in range(3)]


def cross_glyph(size):
    """An X of ``size`` x ``size`` pixels, two pixels thick."""
    return tuple("".join("#" if abs(x - y) <= 1 or abs(x + y - size + 1) <= 1
                         else "." for x in range(size)) for y in range(size))


def draw_stock_mark(spec, redeal):
    """Empty stock: outline plus a circular arrow (redeal) or an X (none)."""
    canvas = draw_empty(spec)
    size, _ = glyph_size(spec.redeal)
    stamp_centred(canvas, spec.redeal if redeal else cross_glyph(size - 2), INK)
    return canvas


def card_tiles(spec):
    """All card-sized tiles in CARD_BLOCK order."""
    tiles = [draw_face(spec, suit, rank)
             for suit in range(4) for rank in range(1, 14)]
    tiles += [draw_back(spec), draw_empty(spec), draw_foundation(spec)]
    tiles += [draw_foundation(spec, rank) for rank in range(1, 14)]
    tiles += [draw_foundation_first(spec), draw_reserve(spec)]
    tiles += [draw_stock_mark(spec, True), draw_stock_mark(spec, False)]
    assert len(tiles) == CARD_TILES
    return tiles


def font_table(spec):
    """Every glyph of a size by key: the drawn ones and the accented capitals."""
    table = dict(spec.font)
    for char, (letter, accent) in glyphs.ACCENTED.items():
        table[char] = spec.accents[accent] + spec.short[letter]
    return table


def cell_char(code):
    """The character a font cell stands for (code FIRST_CHAR..LAST_CHAR)."""
    for _name, char, cell, _what in ABOVE_LATIN1:
        if cell == code:
            return char
    return chr(code)


def font_keys(table):
    """Glyph key of each font cell from FIRST_CHAR up, None for a blank cell.

    Lower case draws as upper case (a letter whose capital has a glyph);
    the extras follow DEL.
    """
    extras = range(EXTRA_FIRST_CHAR, EXTRA_FIRST_CHAR + len(glyphs.EXTRA_CHARS))
    keys = []
    for code in range(FIRST_CHAR, LAST_CHAR + 1):
        if code in extras:
            keys.append(glyphs.EXTRA_CHARS[code - EXTRA_FIRST_CHAR])
            continue
        char = cell_char(code)
        upper = char.upper()
        key = upper if upper in table else char
        keys.append(key if key in table else None)
    return keys


def bitmap_ram(width, height, bits=BITS_PER_PIXEL):
    """Bytes of a displayio.Bitmap's pixels: rows padded to 32 bits."""
    return math.ceil(width * bits / 32) * 4 * height


def tile_rect(index, sheet_width, tile_w, tile_h):
    """(x, y, w, h) of tile ``index`` for one tile size."""
    per_row = sheet_width // tile_w
    return (index % per_row) * tile_w, (index // per_row) * tile_h, tile_w, tile_h


def overlap(a, b):
    """True if two (x, y, w, h) rectangles share a pixel."""
    return (a[0] < b[0] + b[2] and b[0] < a[0] + a[2]
            and a[1] < b[1] + b[3] and b[1] < a[1] + a[3])


@dataclass(frozen=True)
class Layout:
    """Geometry of one size's sheet; tile numbers in each kind's own tiling."""

    width: int
    height: int
    font_first: int  # font-tiling tile of FIRST_CHAR
    first_card: int  # card-tiling tile of the first face
    strips: tuple  # strip-tiling tile of each of FRAME_PIECES

    def tilings(self, spec):
        """{kind: (tile_w, tile_h, tiles in the sheet)} of the three tilings."""
        return {kind: (w, h, (self.width // w) * (self.height // h))
                for kind, (w, h) in tile_sizes(spec).items()}


def tile_sizes(spec):
    """{kind: (tile width, tile height)} of the font cells, cards and strips."""
    return {"font": (spec.font_w, spec.font_h), "cards": (spec.card_w, spec.card_h),
            "strips": (spec.card_w, spec.frame_step)}


def rects(spec, width, kind, numbers):
    """(x, y, w, h) of tiles of a kind ("font", "cards", "strips")."""
    w, h = tile_sizes(spec)[kind]
    return [tile_rect(index, width, w, h) for index in numbers]


def layout(spec, width=None):
    """Where everything goes on one size's sheet, ``width`` (spec.sheet_w) wide.

    displayio.TileGrid, from CircuitPython's C code: the tile width and
    height must divide the bitmap's exactly ("Tile width must exactly divide
    bitmap width"), and a tile number, counted row-major over the whole
    bitmap in units of the grid's own tile size, must be 0..255
    (CircuitPython 9 raises "tile must be 0-255"; 10 takes more but draws
    through a uint8).  Three tile sizes share the sheet, so:

    * the width is a multiple of the card and font widths (strips are a
      card wide), the height of the card, font and strip heights;
    * the font cells come first, tiles FONT_FIRST_TILE (0) to 223 in code
      point order, so the tile of c is FONT_FIRST_TILE + c - 32;
    * the cards follow from the first card row the font leaves whole, all
      72 in order;
    * the three strips take the first strip places left free (between the
      font and the cards), numbers <= 255; where there are none, the cards
      move down a row.
    """
    width = width or spec.sheet_w
    assert width % spec.card_w == 0 and width % spec.font_w == 0, width
    font = rects(spec, width, "font", range(FONT_FIRST_TILE, FONT_FIRST_TILE + FONT_CELLS))
    assert FONT_FIRST_TILE + FONT_CELLS - 1 <= MAX_TILE
    per_row = width // spec.card_w
    row = 0
    while any(overlap(card, cell) for card in rects(spec, width, "cards",
                                                   range(row * per_row, (row + 1) * per_row))
              for cell in font):
        row += 1
    for first_card in range(row * per_row, MAX_TILE + 2 - CARD_TILES, per_row):
        taken = font + rects(spec, width, "cards", range(first_card, first_card + CARD_TILES))
        strips = []
        for index in range(MAX_TILE + 1):
            place = tile_rect(index, width, spec.card_w, spec.frame_step)
            if not any(overlap(place, other) for other in taken):
                strips.append(index)
                taken.append(place)
                if len(strips) == len(FRAME_PIECES):
                    break
        else:
            continue
        bottom = max(y + h for _x, y, _w, h in taken)
        step = math.lcm(spec.card_h, spec.font_h, spec.frame_step)
        return Layout(width, math.ceil(bottom / step) * step, FONT_FIRST_TILE,
                      first_card, tuple(strips))
    raise AssertionError("no layout %d px wide keeps every tile number <= %d"
                         % (width, MAX_TILE))


def first_card_tile():
    """Card tile of the first face: the same in both sizes, so TILE_* are shared."""
    firsts = {layout(spec).first_card for spec in SPECS}
    assert len(firsts) == 1, firsts
    return firsts.pop()


def draw_font(canvas, spec, geometry):
    """The font cells: one ink glyph per cell on transparent, ' ' first.

    A glyph one row shorter than the cell leaves the top row blank; one as
    tall as the cell (an accented capital) draws its accent there.
    """
    table = font_table(spec)
    for offset, key in enumerate(font_keys(table)):
        if key is None:
            continue
        x, y, _w, _h = tile_rect(geometry.font_first + offset, canvas.width,
                                 spec.font_w, spec.font_h)
        glyph = table[key]
        assert len(glyph) in (spec.font_h - 1, spec.font_h), key
        assert len(glyph[0]) < spec.font_w, key  # the right column spaces
        canvas.stamp(glyph, x, y + spec.font_h - len(glyph), INK)
    x, y, width, height = tile_rect(geometry.font_first + HOLE_CHAR - FIRST_CHAR, canvas.width,
                                    spec.font_w, spec.font_h)
    for row in range(y, y + height):
        for column in range(x, x + width):
            canvas.put(column, row, EDGE)


def draw_sheet(spec):
    """One size's sheet: the font cells, the frame strips, the cards."""
    geometry = layout(spec)
    canvas = Canvas(geometry.width, geometry.height)
    draw_font(canvas, spec, geometry)
    placed = list(enumerate(card_tiles(spec), geometry.first_card))
    placed += zip(geometry.strips, frame_strips(spec))
    for index, tile in placed:
        x, y, _w, _h = tile_rect(index, canvas.width, tile.width, tile.height)
        canvas.blit(tile, x, y)
    return canvas


def encode_bmp4(canvas, palette):
    """Uncompressed 4-bit BMP, bottom-up, with a colour table of len(palette).

    biClrUsed = len(palette) (4): adafruit_imageload makes its Bitmap with
    that value_count, so it stores 2 bits a pixel; the pixel data stays 4 bits
    a pixel, the smallest depth BMP readers take below 8 that holds 0..3.
    """
    assert max(canvas.pixels) < len(palette) <= 16
    row_bytes = (canvas.width + 7) // 8 * 4  # half a byte a pixel, 4-byte rows
    pixel_bytes = row_bytes * canvas.height
    data_offset = 14 + 40 + 4 * len(palette)
    header = struct.pack("<2sIHHI", b"BM", data_offset + pixel_bytes, 0, 0,
                         data_offset)
    info = struct.pack("<IiiHHIIiiII", 40, canvas.width, canvas.height, 1, 4,
                       0, pixel_bytes, 2835, 2835, len(palette), len(palette))
    colours = b"".join(struct.pack("<BBBB", rgb & 0xFF, (rgb >> 8) & 0xFF,
                                   rgb >> 16, 0) for rgb in palette)
    rows = []
    for y in range(canvas.height - 1, -1, -1):
        line = canvas.pixels[y * canvas.width:(y + 1) * canvas.width]
        line += bytes(row_bytes * 2 - canvas.width)
        rows.append(bytes((line[x] << 4) | line[x + 1]
                          for x in range(0, len(line), 2)))
    return header + info + colours + b"".join(rows)


def sheet_path(spec):
    """Path of a size's sheet below the firmware folder."""
    return "sheets/%s.bmp" % spec.name


def sheet_fields(spec):
    """Per-size values for sheets.py and sheet_setup.py, in SHEET_FIELDS order."""
    fan_x, fan_y = fan_steps(spec)
    geometry = layout(spec)
    return (('"/%s"' % sheet_path(spec), bitmap_ram(geometry.width, geometry.height),
             spec.card_w, spec.card_h, spec.font_w,
             spec.font_h, geometry.font_first, fan_x, fan_y, spec.fan_back_y,
             spec.frame_step) + geometry.strips)


SHEET_FIELDS = (
    ("PATH", "the sheet BMP from the CIRCUITPY root"),
    ("RAM_BYTES", "its pixels' bytes when loaded into RAM as a displayio.Bitmap"),
    ("CARD_W", "card tile width"),
    ("CARD_H", "card tile height"),
    ("FONT_W", "font tile width (glyph + spacing)"),
    ("FONT_H", "font tile height (spacing row on top + glyph)"),
    ("FONT_FIRST_TILE", "font-tiling tile of ' ' (chr 32)"),
    ("FAN_X", "min x step of a sideways fan that shows rank and suit"),
    ("FAN_Y", "min y step of a downward fan that shows rank and suit"),
    ("FAN_BACK_Y", "min y step that tells face-down from face-up"),
    ("FRAME_STEP", "frame strip height (tile_height of a frame TileGrid)"),
    ("TILE_FRAME_TOP", "strip-tiling tile: frame top edge with its rounded corners"),
    ("TILE_FRAME_SIDE", "strip-tiling tile: frame left and right edges"),
    ("TILE_FRAME_BOTTOM", "strip-tiling tile: frame bottom edge with its rounded corners"),
)
# The per-size values only the App's start reads (sheet_setup.py); the rest
# are in sheets.py, which the screens keep loaded.
FILE_FIELDS = ("PATH", "RAM_BYTES", "CARD_W", "CARD_H", "FONT_W", "FONT_H")

MODULE_DOC = '''"""Card-art constants the screens draw with: tile numbers, characters, steps.

GENERATED by sprites/build_sheets.py -- do not edit; change the generator and
run ``python sprites/build_sheets.py``.  The notes below say what is where.

This module owns the layout of one sheet a size; sheet_setup.py holds what
only the App's start reads (the files, the tile sizes, the pixel roles and
the palettes), so that the screens keep only this module loaded.
PATH[SMALL] = {small_path} ({small_w} x {small_h} px; 160x128 and
240x135 screens) and PATH[LARGE] = {large_path} ({large_w} x {large_h} px;
240x240, 320x240).  Each is a 4-bit BMP with a 4-colour table, which
adafruit_imageload loads as a displayio.Bitmap of value_count 4 (2 bits a
pixel: {small_ram} and {large_ram} bytes).  A size's one Bitmap holds all its art:
the font cells, the frame strips and the card tiles.  Load it once and cut
every TileGrid from it with the tile size of what it shows; a TileGrid's
tile numbers count tiles of its own size row-major over the whole sheet::

    bitmap, _ = adafruit_imageload.load(PATH[size])
    text = displayio.TileGrid(  # a line of `columns` characters
        bitmap, pixel_shader=text_palette, width=columns, height=1,
        tile_width=FONT_W[size], tile_height=FONT_H[size],
        default_tile=FONT_FIRST_TILE[size])
    card = displayio.TileGrid(  # one card
        bitmap, pixel_shader=card_palette,
        tile_width=CARD_W[size], tile_height=CARD_H[size],
        default_tile=TILE_BACK)
    frame = displayio.TileGrid(  # a frame of n strips
        bitmap, pixel_shader=cursor_palette, width=1, height=n,
        tile_width=CARD_W[size], tile_height=FRAME_STEP[size],
        default_tile=TILE_FRAME_SIDE[size])

Every tile number below is at most 255 (CircuitPython 9 refuses more, 10
draws through a uint8), and every tile size divides the sheet.  The sheet
holds more than 255 tiles of the font size ({small_font} small,
{large_font} large) and of the strip size ({small_strips}, {large_strips}), but only
{small_cards} and {large_cards} of the card size.  CircuitPython 10 keeps two bytes a
cell in a TileGrid whose bitmap holds more than 255 tiles of its tile size,
so there a text TileGrid and a frame TileGrid keep two bytes a cell and a
card TileGrid one (CircuitPython 9 keeps one byte a cell in all of them).

Every pixel is a role, not a colour: ROLE_TRANSPARENT (0), ROLE_PAPER (1),
ROLE_INK (2), ROLE_EDGE (3).  Give each TileGrid a displayio.Palette(4) set
from one of the PALETTE_* tuples (RGB by role) and make ROLE_TRANSPARENT
transparent in every palette but PALETTE_PANEL's, whose 0 is the panel's
background and whose ROLE_EDGE is made transparent instead: no glyph uses
it, and the font cell CHAR_HOLE is all ROLE_EDGE, so one panel TileGrid as
large as the largest box shows a smaller box with holes round it.  A
palette may serve many TileGrids.  Pixels of the sheet that
belong to no tile below are ROLE_TRANSPARENT.

Card tiles (tile_width=CARD_W, tile_height=CARD_H): a face-up card is
TILE_FACE + suit * 13 + rank - 1 (suits 0 clubs, 1 diamonds, 2 hearts, 3
spades; rank 1 = A .. 13 = K), coloured by PALETTE_BLACK (clubs, spades) or
PALETTE_RED (diamonds, hearts), or their _PICKED twins for a picked-up
card; TILE_BACK by PALETTE_BACK; every other TILE_* (empty piles,
foundations, reserve and stock marks) by PALETTE_SLOT.  Card tile numbers
are the same in both sizes.

Font tiles (tile_width=FONT_W, tile_height=FONT_H): the tile of code point
c is FONT_FIRST_TILE[size] + c - 32 for every c from 32 to FONT_LAST_CHAR
(255, Latin-1); a cell with no glyph is blank.  Glyphs are ink on
ROLE_TRANSPARENT: PALETTE_TEXT for the status line (the felt shows
through), PALETTE_PANEL for panels (opaque).  Lower-case letters draw as
their capitals (a-z, the accented ones and y-diaeresis too).  The top row
of a cell is blank except over accented capitals, which draw their accent
there.  Codes 127..159 are not Latin-1 characters: they hold DEL (a block),
the firmware's extras (chr(CHAR_SUIT + suit), the arrows), the hole
(CHAR_HOLE, all ROLE_EDGE) and, at their
Windows-1252 places, the only code points above 255 with a glyph:
FONT_ABOVE_LATIN1[i] draws as chr(FONT_ABOVE_LATIN1_CHAR[i]) (OE ligature
capital and small, Y diaeresis capital, typographic apostrophe).  Every other
code point above 255 has no glyph.

Frame strips (tile_width=CARD_W, tile_height=FRAME_STEP): a frame round h
pixels of cards (a card, a fanned group) is a TileGrid one tile wide and
n = max(2, ceil(h / FRAME_STEP)) tiles high: tile 0 is
TILE_FRAME_TOP[size], tiles 1 .. n - 2 TILE_FRAME_SIDE[size], tile n - 1
TILE_FRAME_BOTTOM[size], coloured by PALETTE_CURSOR, PALETTE_HINT (the
cards to move) or PALETTE_HINT_TO (their destination).

Per-size values are tuples indexed by SMALL or LARGE, e.g. ``CARD_W[SMALL]``.
"""
'''


def module_doc():
    """MODULE_DOC with each size's sheet facts filled in."""
    facts = {}
    for spec in SPECS:
        geometry = layout(spec)
        facts[spec.name + "_path"] = "/" + sheet_path(spec)
        facts[spec.name + "_w"] = geometry.width
        facts[spec.name + "_h"] = geometry.height
        facts[spec.name + "_ram"] = bitmap_ram(geometry.width, geometry.height)
        for kind, (_w, _h, count) in geometry.tilings(spec).items():
            facts[spec.name + "_" + kind] = count
    # What the text says of the tile counts.
    for name in ("small", "large"):
        assert facts[name + "_font"] > MAX_TILE and facts[name + "_strips"] > MAX_TILE
        assert facts[name + "_cards"] <= MAX_TILE
    # Fill the paragraphs with numbers in, then wrap them again (two spaces
    # after a full stop, as in the rest).
    def rewrap(part):
        text = part.format(**facts).replace(".\n", ".  ").replace("\n", " ")
        return textwrap.fill(text, 76, break_on_hyphens=False)
    parts = [rewrap(part) if "{" in part else part for part in MODULE_DOC.split("\n\n")]
    # The docstring says what the module is; the layout's description
    # follows as comments: a docstring is read whole into RAM when a board
    # compiles the module from .py (in one piece), comments are skipped as
    # they are read.
    notes = "\n".join("#" if not line else "# " + line
                      for line in "\n\n".join(parts[2:]).rstrip('"\n').split("\n"))
    return parts[0] + "\n\n" + parts[1] + '\n"""\n\n' + notes + "\n"


def tile(name):
    """Card-tile index of a CARD_BLOCK entry (the same in both sizes)."""
    return first_card_tile() + dict((n, o) for n, o, _ in CARD_BLOCK)[name]


FILES_DOC = '''"""The card sheets' files, tile sizes, pixel roles and palettes: what the
App's start reads once to make the Art (screens/start.py lets it go with
its own code). Index the per-size tuples with sheets.SMALL or sheets.LARGE.

GENERATED by sprites/build_sheets.py -- do not edit; change the generator and
run ``python sprites/build_sheets.py``.  sheets.py's notes say what is where.
"""
'''


def size_fields(names):
    """The lines of the per-size values in ``names``, in SHEET_FIELDS order."""
    columns = zip(*(sheet_fields(spec) for spec in SPECS))
    return ["%s = (%s)  # %s" % (name, ", ".join(str(v) for v in values), why)
            for (name, why), values in zip(SHEET_FIELDS, columns) if name in names]


def render_files_module():
    """Source text of firmware/patience/screens/sheet_setup.py."""
    lines = [FILES_DOC, "# Pixel roles (all sheets): a TileGrid's Palette(4) colours them."]
    lines += ["ROLE_%s = %d  # %s" % (name, value, what)
              for value, (name, what) in enumerate(ROLES)]
    lines += ["", "FELT = 0x%06X  # the table's background" % RGB["FELT"],
              "", "# Palettes: RGB by role (TRANSPARENT, PAPER, INK, EDGE)."]
    lines += ["PALETTE_%s = (%s)  # %s" % (name, ", ".join("0x%06X" % rgb for rgb in PALETTE[name]),
                                         what) for name, _colours, what in PALETTES]
    lines += ["", "# Per size (sheets.SMALL, sheets.LARGE)."]
    lines += size_fields(FILE_FIELDS)
    return "\n".join(lines) + "\n"


def render_module():
    """Source text of firmware/patience/screens/sheets.py."""
    lines = [module_doc(), "# Card tile indices (card tiling, both sizes)."]
    lines += ["TILE_%s = %d  # %s" % (name, tile(name), why) for name, _offset, why in CARD_BLOCK]
    lines += ["", "# Font characters.",
              "FONT_LAST_CHAR = %d" % LAST_CHAR,
              "CHAR_SUIT = %d  # + suit" % EXTRA_FIRST_CHAR]
    lines += ["CHAR_%s = %d" % (key.upper(), EXTRA_FIRST_CHAR + offset)
              for offset, key in enumerate(glyphs.EXTRA_CHARS) if offset >= 4]
    lines += ["CHAR_HOLE = %d  # all ROLE_EDGE: see-through in a panel" % HOLE_CHAR]
    lines += ["CHAR_%s = %d  # U+%04X %s" % (name, cell, ord(char), what)
              for name, char, cell, what in ABOVE_LATIN1]
    lines += ["FONT_ABOVE_LATIN1 = (%s)  # code points above 255 with a glyph"
              % ", ".join("0x%X" % ord(entry[1]) for entry in ABOVE_LATIN1),
              "FONT_ABOVE_LATIN1_CHAR = (%s)  # the font char of each"
              % ", ".join(str(entry[2]) for entry in ABOVE_LATIN1)]
    lines += ["", "# Sheet sizes: index the tuples below (and sheet_setup.py's) with these."]
    lines += ["%s = %d" % (spec.name.upper(), index) for index, spec in enumerate(SPECS)]
    lines += size_fields([name for name, _why in SHEET_FIELDS if name not in FILE_FIELDS])
    return "\n".join(lines) + "\n"


def write_file(path, data):
    """Write bytes, creating the folder; text is written with \\n endings."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as handle:
        handle.write(data)


def build(out_dir):
    """Write the two sheets and the two constants modules under ``out_dir``."""
    for spec in SPECS:
        write_file(os.path.join(out_dir, sheet_path(spec)),
                   encode_bmp4(draw_sheet(spec), PALETTE[FILE_PALETTE]))
    screens = os.path.join(out_dir, "patience", "screens")
    write_file(os.path.join(screens, "sheets.py"), render_module().encode("ascii"))
    write_file(os.path.join(screens, "sheet_setup.py"), render_files_module().encode("ascii"))


def main(argv=None):
    """Command line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=os.path.join(REPO_ROOT, "firmware"),
                        help="folder that receives sheets/ and patience/")
    args = parser.parse_args(argv)
    build(args.out)


if __name__ == "__main__":
    main()

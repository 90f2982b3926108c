"""Build the Circuit Patience card sprite sheets (host-only tool).

Draws every card, placeholder, frame strip and font glyph from the pixel data
in ``glyphs.py`` and writes, byte-for-byte reproducibly:

* ``<out>/sheets/small.bmp``  for 160x128 and 240x135 screens,
* ``<out>/sheets/large.bmp``  for 240x240 and 320x240 screens,
* ``<out>/patience/screens/sheets.py`` the constants the firmware reads.

The BMPs are uncompressed 4-bit indexed files (16-colour palette, bottom-up
rows) so ``displayio.OnDiskBitmap`` and ``adafruit_imageload`` can read them.
No third-party package is needed.

Usage::

    python sprites/build_sheets.py            # writes into firmware/
    python sprites/build_sheets.py --out DIR  # writes into DIR/ instead
"""

import argparse
import math
import os
import struct
import sys
from dataclasses import dataclass

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import glyphs  # noqa: E402  (sibling data module)

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# (name, RGB, what it is for).  The order fixes the palette index.
PALETTE_ENTRIES = (
    ("TRANSPARENT", 0x0B6B2B, "key colour, made transparent; its RGB is the felt"),
    ("HINT_TO", 0x00E8F0, "hint frame round the destination"),
    ("CARD", 0xFFFFFF, "card face; used by face tiles only"),
    ("BLACK", 0x000000, "clubs and spades"),
    ("RED", 0xE00000, "diamonds and hearts"),
    ("OUTLINE", 0x383838, "card edge"),
    ("BACK", 0x1C44B4, "card back"),
    ("BACK_LIGHT", 0x8CB4FF, "card back pattern"),
    ("CURSOR", 0xFFE000, "cursor frame"),
    ("HINT", 0xFF30FF, "hint frame round the cards to move"),
    ("SELECTED", 0xA8E4FF, "selection tint: not drawn, swap it in for CARD"),
    ("TEXT", 0xF4F4F4, "status and menu text"),
    ("CLEAR", 0x98A498, "only in the clear glyph: panels make it transparent"),
    ("COURT", 0xE8B020, "frame round J Q K"),
    ("SLOT", 0x50B070, "empty pile outline and marks"),
    ("SLOT_FILL", 0x06501F, "foundation placeholder fill"),
)
C = {name: index for index, (name, _rgb, _why) in enumerate(PALETTE_ENTRIES)}
# Names kept for indices that share another's: (name, same as, why).
PALETTE_ALIASES = (
    ("FELT", "TRANSPARENT", "table background RGB; no pixel is drawn in it"),
)

INDEX_MARGIN = 2  # corner index: pixels from the card edge (outline + 1)
RANK_CHARS = "A23456789TJQK"  # T stands for the special "10" glyph
SUIT_IS_RED = (False, True, True, False)
# Font cells: one per code point FIRST_CHAR..LAST_CHAR (Latin-1), in order.
# Latin-1 leaves 127..159 unprintable: the firmware's extras live there
# (suits, arrows, the clear cell), and so do the few characters above 255
# that have a glyph, at their Windows-1252 places.
FIRST_CHAR = 32
LAST_CHAR = 255
FONT_CELLS = LAST_CHAR - FIRST_CHAR + 1
EXTRA_FIRST_CHAR = 128
CLEAR_KEY = "clear"  # all CLEAR: the see-through margin round a panel
CLEAR_CHAR = EXTRA_FIRST_CHAR + len(glyphs.EXTRA_CHARS)
# (constant name, character, its font char, what) for code points above 255.
ABOVE_LATIN1 = (
    ("OE_CAPITAL", "\u0152", 140, "OE ligature"),
    ("OE", "\u0153", 156, "oe ligature: draws as the capital"),
    ("Y_DIAERESIS_CAPITAL", "\u0178", 159, "Y diaeresis (chr(255) draws as it too)"),
    ("APOSTROPHE", "\u2019", 146, "typographic apostrophe"),
)

# Card-sized tiles in sheet order, as offsets from the first face.  The font
# band comes first in the sheet (see layouts()), so the first face is not
# tile 0; sheets.py gets the absolute indices.
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

# Frame strips: one card wide, frame_step high.  A frame over h pixels is a
# TileGrid of ceil(h / step) strips: a top, sides, a bottom.
FRAME_COLOURS = (
    ("CURSOR", "cursor"),
    ("HINT", "hint source: the cards to move"),
    ("HINT_TO", "hint destination"),
)
FRAME_PIECES = ("TOP", "SIDE", "BOTTOM")
STRIPS = len(FRAME_COLOURS) * len(FRAME_PIECES) + 1  # and one blank strip
MAX_TILE = 255  # displayio.TileGrid stores tile numbers in one byte


@dataclass(frozen=True)
class SheetSpec:
    """Everything that differs between the small and the large sheet."""

    name: str
    card_w: int
    card_h: int
    columns: int  # card tiles per sheet row
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


# columns: the count that makes the small sheet smallest in bytes, then the
# large one (tests/test_sprites.py checks that no other count does better).
# frame_step 2: the rim is 2 px and the corners round off within it, so top
# and bottom strips hold them whole; a frame is at most 1 px taller than the
# cards it frames (card heights are even, so one card fits exactly); and 1 px
# strips would need tile numbers over 255 (their rows sit below the font).
SMALL = SheetSpec(
    name="small", card_w=16, card_h=22, columns=6, corner=1,
    font=glyphs.FONT_3X5, font_w=4, font_h=6,
    index_suits=glyphs.SUITS_5, pip_suits=glyphs.SUITS_7, ten=glyphs.TEN_3X5,
    court_font=glyphs.FONT_5X7, court_scale=1, base_scale=2,
    redeal=glyphs.REDEAL_7, frame=2, frame_step=2,
    fan_back_y=3,
    accents=glyphs.ACCENTS_3X5, short=glyphs.SHORT_3X4, star=glyphs.STAR_7,
)
LARGE = SheetSpec(
    name="large", card_w=24, card_h=32, columns=9, corner=2,
    font=glyphs.FONT_5X7, font_w=6, font_h=8,
    index_suits=glyphs.SUITS_7, pip_suits=glyphs.SUITS_11, ten=glyphs.TEN_5X7,
    court_font=glyphs.FONT_5X7, court_scale=2, base_scale=2,
    redeal=glyphs.REDEAL_11, frame=2, frame_step=2,
    fan_back_y=3,
    accents=glyphs.ACCENTS_5X7, short=glyphs.SHORT_5X6, star=glyphs.STAR_11,
)
SPECS = (SMALL, LARGE)


class Canvas:
    """A rectangle of palette indices, 0 (transparent) to start with."""

    def __init__(self, width, height):
        self.width = width
        self.height = height
        self.pixels = bytearray(width * height)

    def put(self, x, y, colour):
        """Set one pixel; pixels outside the canvas are ignored."""
        if 0 <= x < self.width and 0 <= y < self.height:
            self.pixels[y * self.width + x] = colour

    def stamp(self, glyph, x, y, colour, scale=1):
        """Ink the ``#`` pixels of a glyph with its top-left at (x, y)."""
        for gy, row in enumerate(glyph):
            for gx, cell in enumerate(row):
                if cell == "#":
                    for dy in range(scale):
                        for dx in range(scale):
                            self.put(x + gx * scale + dx, y + gy * scale + dy, colour)

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


def stamp_centred(canvas, glyph, colour, scale=1):
    """Stamp a glyph in the middle of the canvas."""
    width, height = glyph_size(glyph, scale)
    canvas.stamp(glyph, (canvas.width - width) // 2,
                 (canvas.height - height) // 2, colour, scale)


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


def draw_centre(canvas, spec, suit, rank, ink):
    """Big suit pip for A..10, a framed big letter for J Q K."""
    right = spec.card_w - 1 - INDEX_MARGIN
    bottom = spec.card_h - 1 - INDEX_MARGIN
    if rank <= 10:
        pip = spec.pip_suits[suit]
        width, height = glyph_size(pip)
        canvas.stamp(pip, right - width + 1, bottom - height + 1, ink)
        return
    letter = spec.court_font[RANK_CHARS[rank - 1]]
    width, height = glyph_size(letter, spec.court_scale)
    box_w, box_h = width + 2, height + 2
    left, top = right - box_w + 1, bottom - box_h + 1
    for x, y in ring(box_w, box_h, 0, 1):
        canvas.put(left + x, top + y, C["COURT"])
    canvas.stamp(letter, left + 1, top + 1, ink, spec.court_scale)


def draw_face(spec, suit, rank):
    """Face-up card: white face, corner index, centre art."""
    canvas = card_shape(spec, C["OUTLINE"], C["CARD"])
    ink = C["RED"] if SUIT_IS_RED[suit] else C["BLACK"]
    rank_xy, top_suit_xy, side_suit_xy = index_layout(spec)
    canvas.stamp(rank_glyph(spec, rank), *rank_xy, ink)
    canvas.stamp(spec.index_suits[suit], *top_suit_xy, ink)
    canvas.stamp(spec.index_suits[suit], *side_suit_xy, ink)
    draw_centre(canvas, spec, suit, rank, ink)
    return canvas


def draw_back(spec):
    """Face-down card: blue with a light diagonal lattice inside a frame."""
    canvas = card_shape(spec, C["OUTLINE"], C["BACK"])
    for y in range(3, spec.card_h - 3):
        for x in range(3, spec.card_w - 3):
            if (x + y) % 4 == 0 or (x - y) % 4 == 0:
                canvas.put(x, y, C["BACK_LIGHT"])
    for x, y in ring(spec.card_w - 2, spec.card_h - 2, 0, 1):
        canvas.put(x + 1, y + 1, C["BACK_LIGHT"])
    return canvas


def draw_empty(spec):
    """Empty pile: a thin rounded outline on bare felt."""
    return card_shape(spec, C["SLOT"])


def draw_foundation(spec, rank=None):
    """Foundation placeholder, optionally with a faint base rank."""
    canvas = card_shape(spec, C["SLOT"], C["SLOT_FILL"])
    if rank is not None:
        stamp_centred(canvas, rank_glyph(spec, rank), C["SLOT"], spec.base_scale)
    return canvas


def draw_reserve(spec):
    """Empty reserve: the empty outline with a second one inside."""
    canvas = draw_empty(spec)
    for x, y in ring(spec.card_w - 4, spec.card_h - 4, spec.corner, 1):
        canvas.put(x + 2, y + 2, C["SLOT"])
    return canvas


def draw_foundation_first(spec):
    """Foundation that takes the first card: the placeholder with a star."""
    canvas = draw_foundation(spec)
    stamp_centred(canvas, spec.star, C["SLOT"])
    return canvas


def frame_strips(spec, colour):
    """Top, side and bottom strips of a frame: a thick rim, hollow.

    Cut from a rim three strips high; the rounded corners and the rim's
    thickness fit in one strip, so top + n sides + bottom is the rim of a
    box (n + 2) strips high.
    """
    step = spec.frame_step
    assert max(spec.frame, spec.corner) <= step
    whole = Canvas(spec.card_w, 3 * step)
    for x, y in ring(spec.card_w, 3 * step, spec.corner, spec.frame):
        whole.put(x, y, colour)
    return [whole.crop(0, piece * step, spec.card_w, step) for piece in range(3)]


def strip_tiles(spec):
    """All frame strips in tile-index order: colour by colour, then blank."""
    tiles = []
    for name, _why in FRAME_COLOURS:
        tiles += frame_strips(spec, C[name])
    tiles.append(Canvas(spec.card_w, spec.frame_step))
    assert len(tiles) == STRIPS
    return tiles


def cross_glyph(size):
    """An X of ``size`` x ``size`` pixels, two pixels thick."""
    return tuple("".join("#" if abs(x - y) <= 1 or abs(x + y - size + 1) <= 1
                         else "." for x in range(size)) for y in range(size))


def draw_stock_mark(spec, redeal):
    """Empty stock: outline plus a circular arrow (redeal) or an X (none)."""
    canvas = draw_empty(spec)
    size, _ = glyph_size(spec.redeal)
    stamp_centred(canvas, spec.redeal if redeal else cross_glyph(size - 2),
                  C["SLOT"])
    return canvas


def card_tiles(spec):
    """All card-sized tiles in tile-index order."""
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
    then come the extras after DEL and the clear cell.
    """
    keys = []
    for code in range(FIRST_CHAR, LAST_CHAR + 1):
        if EXTRA_FIRST_CHAR <= code < CLEAR_CHAR:
            keys.append(glyphs.EXTRA_CHARS[code - EXTRA_FIRST_CHAR])
            continue
        if code == CLEAR_CHAR:
            keys.append(CLEAR_KEY)
            continue
        char = cell_char(code)
        upper = char.upper()
        key = upper if upper in table else char
        keys.append(key if key in table else None)
    return keys


@dataclass(frozen=True)
class Layout:
    """Sheet geometry derived from a spec (and the card tile both share)."""

    width: int
    height: int
    first_card_tile: int  # card-tile index of the ace of clubs
    first_strip_tile: int  # strip-tile index of the cursor's top strip


def tile_rect(index, sheet_width, tile_w, tile_h):
    """(x, y, w, h) of tile ``index`` for one tile size."""
    per_row = sheet_width // tile_w
    return (index % per_row) * tile_w, (index // per_row) * tile_h, tile_w, tile_h


def run_rects(first, count, sheet_width, tile_w, tile_h):
    """Rectangles, one a sheet row, covering tiles first .. first + count - 1."""
    per_row = sheet_width // tile_w
    rects = []
    index, end = first, first + count
    while index < end:
        row, column = divmod(index, per_row)
        run = min(per_row - column, end - index)
        rects.append((column * tile_w, row * tile_h, run * tile_w, tile_h))
        index += run
    return rects


def overlap(a, b):
    """True if two (x, y, w, h) rectangles share a pixel."""
    return (a[0] < b[0] + b[2] and b[0] < a[0] + a[2]
            and a[1] < b[1] + b[3] and b[1] < a[1] + a[3])


def font_bottom(spec):
    """First pixel row below the font band."""
    per_row = spec.columns * spec.card_w // spec.font_w
    return math.ceil(FONT_CELLS / per_row) * spec.font_h


def sheet_layout(spec, first_card):
    """Where things go on one sheet, cards starting at ``first_card``.

    displayio.TileGrid needs the bitmap width and height to be exact
    multiples of every tile size used on it (cards, font cells, strips) and
    only takes tile numbers 0..255, counted in units of its own tile size.
    So the font band goes at the top, where its tile numbers are 0 up; the
    strips take the first free run of strip places (their numbers too must
    stay low, so they fill a gap by the font), and the cards the rows below.
    """
    width = spec.columns * spec.card_w
    assert width % 8 == 0 and width % spec.font_w == 0
    taken = run_rects(0, FONT_CELLS, width, spec.font_w, spec.font_h)
    cards = run_rects(first_card, CARD_TILES, width, spec.card_w, spec.card_h)
    assert not any(overlap(card, cell) for card in cards for cell in taken)
    taken += cards

    def strip(index):
        return tile_rect(index, width, spec.card_w, spec.frame_step)

    first_strip = next((start for start in range(MAX_TILE - STRIPS + 2)
                        if not any(overlap(strip(start + k), other)
                                   for k in range(STRIPS) for other in taken)), None)
    assert first_strip is not None, "no room for the frame strips"
    bottom = max(y + h for _x, y, _w, h in taken + [strip(first_strip + STRIPS - 1)])
    step = math.lcm(spec.card_h, spec.font_h, spec.frame_step)
    height = math.ceil(bottom / step) * step
    assert FONT_CELLS - 1 <= MAX_TILE and first_card + CARD_TILES - 1 <= MAX_TILE
    return Layout(width, height, first_card, first_strip)


def layouts(specs=SPECS):
    """{name: Layout} for specs whose card tiles share their numbers."""
    first = max(math.ceil(font_bottom(spec) / spec.card_h) * spec.columns
                for spec in specs)
    return {spec.name: sheet_layout(spec, first) for spec in specs}


def layout(spec):
    """The Layout of one of SPECS."""
    return layouts()[spec.name]


def draw_font(canvas, spec):
    """Font band at the top: one light glyph per cell, ' ' in tile 0.

    A glyph one row shorter than the cell leaves the top row blank; one as
    tall as the cell (an accented capital) draws its accent there.
    """
    table = font_table(spec)
    for offset, key in enumerate(font_keys(table)):
        x, y, _w, _h = tile_rect(offset, canvas.width, spec.font_w, spec.font_h)
        if key == CLEAR_KEY:
            for dy in range(spec.font_h):
                for dx in range(spec.font_w):
                    canvas.put(x + dx, y + dy, C["CLEAR"])
        elif key is not None:
            glyph = table[key]
            assert len(glyph) in (spec.font_h - 1, spec.font_h), key
            assert len(glyph[0]) < spec.font_w, key  # the right column spaces
            canvas.stamp(glyph, x, y + spec.font_h - len(glyph), C["TEXT"])


def build_sheet(spec):
    """The whole sheet for one size as a Canvas."""
    geometry = layout(spec)
    canvas = Canvas(geometry.width, geometry.height)
    for first, tiles in ((geometry.first_card_tile, card_tiles(spec)),
                         (geometry.first_strip_tile, strip_tiles(spec))):
        for offset, tile in enumerate(tiles):
            x, y, _w, _h = tile_rect(first + offset, geometry.width,
                                     tile.width, tile.height)
            canvas.blit(tile, x, y)
    draw_font(canvas, spec)
    return canvas


def encode_bmp4(canvas, palette):
    """Uncompressed 4-bit indexed BMP (BITMAPINFOHEADER, bottom-up rows)."""
    assert len(palette) == 16 and canvas.width % 8 == 0
    row_bytes = canvas.width // 2  # a multiple of 4, so no row padding
    pixel_bytes = row_bytes * canvas.height
    data_offset = 14 + 40 + 16 * 4
    header = struct.pack("<2sIHHI", b"BM", data_offset + pixel_bytes, 0, 0,
                         data_offset)
    info = struct.pack("<IiiHHIIiiII", 40, canvas.width, canvas.height, 1, 4,
                       0, pixel_bytes, 2835, 2835, 16, 16)
    colours = b"".join(struct.pack("<BBBB", rgb & 0xFF, (rgb >> 8) & 0xFF,
                                   rgb >> 16, 0) for rgb in palette)
    rows = []
    for y in range(canvas.height - 1, -1, -1):
        line = canvas.pixels[y * canvas.width:(y + 1) * canvas.width]
        rows.append(bytes((line[x] << 4) | line[x + 1]
                          for x in range(0, canvas.width, 2)))
    return header + info + colours + b"".join(rows)


def sheet_fields(spec):
    """Per-size values for sheets.py, in SHEET_FIELDS order."""
    geometry = layout(spec)
    fan_x, fan_y = fan_steps(spec)
    strip = geometry.first_strip_tile
    return ('"/sheets/%s.bmp"' % spec.name, geometry.width, geometry.height,
            spec.card_w, spec.card_h, spec.font_w, spec.font_h,
            0, fan_x, fan_y, spec.fan_back_y, spec.frame_step,
            strip, strip + 1, strip + 2, strip + STRIPS - 1)


SHEET_FIELDS = (
    ("PATH", "BMP path from the CIRCUITPY root"),
    ("SHEET_W", "sheet width in pixels"),
    ("SHEET_H", "sheet height in pixels"),
    ("CARD_W", "card tile width"),
    ("CARD_H", "card tile height"),
    ("FONT_W", "font tile width (glyph + spacing)"),
    ("FONT_H", "font tile height (spacing row on top + glyph)"),
    ("FONT_FIRST_TILE", "font tile index of ' ' (chr 32)"),
    ("FAN_X", "min x step of a sideways fan that shows rank and suit"),
    ("FAN_Y", "min y step of a downward fan that shows rank and suit"),
    ("FAN_BACK_Y", "min y step that tells face-down from face-up"),
    ("FRAME_STEP", "frame strip height (tile_height of a frame TileGrid)"),
    ("TILE_FRAME_TOP", "+ FRAME_*: frame top edge with its rounded corners"),
    ("TILE_FRAME_SIDE", "+ FRAME_*: frame left and right edges"),
    ("TILE_FRAME_BOTTOM", "+ FRAME_*: frame bottom edge with its rounded corners"),
    ("TILE_FRAME_BLANK", "transparent strip, for a frame grid's unused rows"),
)

MODULE_DOC = '''"""Card-art constants for Circuit Patience: palette, tile indices, sheets.

GENERATED by sprites/build_sheets.py -- do not edit; change the generator and
run ``python sprites/build_sheets.py``.  This module owns the layout of
/sheets/small.bmp (160x128, 240x135 screens) and /sheets/large.bmp (240x240,
320x240): one 4-bit BMP each, 16 colours, same palette.

Card tiles (TileGrid tile_width=CARD_W, tile_height=CARD_H): a face-up card
is TILE_FACE + suit * 13 + rank - 1 (suits 0 clubs, 1 diamonds, 2 hearts,
3 spades; rank 1 = A .. 13 = K); the other TILE_* are listed below.  Card
tile numbers are the same in both sheets.

Font tiles (tile_width=FONT_W, tile_height=FONT_H, same bitmap): the tile of
code point c is FONT_FIRST_TILE + c - 32 for every c from 32 to
FONT_LAST_CHAR (255, Latin-1); a cell with no glyph is blank.  Lower-case
letters draw as their capitals (a-z, the accented ones and y-diaeresis too).
The top row of a cell is blank except over accented capitals, which draw
their accent there.  Codes 127..159 are not Latin-1 characters: they hold
DEL (a block), the firmware's extras (chr(CHAR_SUIT + suit), the arrows,
CHAR_CLEAR: the cell panels leave see-through) and, at their Windows-1252
places, the only code points above 255 with a glyph: FONT_ABOVE_LATIN1[i]
draws as chr(FONT_ABOVE_LATIN1_CHAR[i]) (OE ligature capital and small, Y
diaeresis capital, typographic apostrophe).  Every other code point above
255 has no glyph.  The font sits at the top of the sheet because a TileGrid
takes tile numbers 0..255 only.

Frame strips (tile_width=CARD_W, tile_height=FRAME_STEP, same bitmap): a
frame round h pixels of cards (a card, a fanned group) is a TileGrid one
tile wide and n = max(2, ceil(h / FRAME_STEP)) tiles high: tile 0 is
TILE_FRAME_TOP + colour, tiles 1 .. n - 2 TILE_FRAME_SIDE + colour, tile
n - 1 TILE_FRAME_BOTTOM + colour, with colour one of FRAME_CURSOR,
FRAME_HINT, FRAME_HINT_TO.  A grid made for the tallest frame fills the
rows below its bottom with TILE_FRAME_BLANK.

Pixels of COLOUR_TRANSPARENT are meant to be transparent.  Per-size values
are tuples indexed by SMALL or LARGE, e.g. ``CARD_W[SMALL]``.
"""
'''


def tile(name):
    """Absolute card-tile index of a CARD_BLOCK entry (same in both sheets)."""
    return first_card_tile() + dict((n, o) for n, o, _ in CARD_BLOCK)[name]


def first_card_tile():
    """Card-tile index of the first face; both sheets must agree on it."""
    firsts = {geometry.first_card_tile for geometry in layouts().values()}
    assert len(firsts) == 1, firsts
    return firsts.pop()


def render_module():
    """Source text of firmware/patience/screens/sheets.py."""
    lines = [MODULE_DOC, "# Palette indices (both sheets)."]
    lines += ["COLOUR_%s = %d  # %s" % (name, index, why)
              for index, (name, _rgb, why) in enumerate(PALETTE_ENTRIES)]
    lines += ["COLOUR_%s = %d  # %s" % (name, C[same], why)
              for name, same, why in PALETTE_ALIASES]
    lines += ["", "# RGB of each palette index, for displayio.Palette.",
              "PALETTE = ("]
    lines += ["    0x%06X,  # %s" % (rgb, name) for name, rgb, _ in PALETTE_ENTRIES]
    lines += [")", "", "# Tile indices (both sheets, card-sized tiles)."]
    first = first_card_tile()
    lines += ["TILE_%s = %d  # %s" % (name, first + offset, why)
              for name, offset, why in CARD_BLOCK]
    lines += ["", "# Frame colours: add to TILE_FRAME_TOP / _SIDE / _BOTTOM."]
    lines += ["FRAME_%s = %d  # %s" % (name, len(FRAME_PIECES) * index, why)
              for index, (name, why) in enumerate(FRAME_COLOURS)]
    lines += ["", "# Font characters.",
              "FONT_LAST_CHAR = %d" % LAST_CHAR,
              "CHAR_SUIT = %d  # + suit" % EXTRA_FIRST_CHAR]
    lines += ["CHAR_%s = %d" % (key.upper(), EXTRA_FIRST_CHAR + offset)
              for offset, key in enumerate(glyphs.EXTRA_CHARS) if offset >= 4]
    lines += ["CHAR_CLEAR = %d  # all COLOUR_CLEAR: the panel margin" % CLEAR_CHAR]
    lines += ["CHAR_%s = %d  # U+%04X %s" % (name, cell, ord(char), what)
              for name, char, cell, what in ABOVE_LATIN1]
    lines += ["FONT_ABOVE_LATIN1 = (%s)  # code points above 255 with a glyph"
              % ", ".join("0x%X" % ord(entry[1]) for entry in ABOVE_LATIN1),
              "FONT_ABOVE_LATIN1_CHAR = (%s)  # the font char of each"
              % ", ".join(str(entry[2]) for entry in ABOVE_LATIN1)]
    lines += ["", "# Sheet sizes: index the tuples below with these."]
    lines += ["%s = %d" % (spec.name.upper(), index) for index, spec in enumerate(SPECS)]
    columns = zip(*(sheet_fields(spec) for spec in SPECS))
    lines += ["%s = (%s)  # %s" % (name, ", ".join(str(v) for v in values), why)
              for (name, why), values in zip(SHEET_FIELDS, columns)]
    return "\n".join(lines) + "\n"


def write_file(path, data):
    """Write bytes, creating the folder; text is written with \\n endings."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as handle:
        handle.write(data)


def build(out_dir):
    """Write both sheets and the constants module under ``out_dir``."""
    palette = [rgb for _name, rgb, _why in PALETTE_ENTRIES]
    for spec in SPECS:
        write_file(os.path.join(out_dir, "sheets", spec.name + ".bmp"),
                   encode_bmp4(build_sheet(spec), palette))
    write_file(os.path.join(out_dir, "patience", "screens", "sheets.py"),
               render_module().encode("ascii"))


def main(argv=None):
    """Command line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=os.path.join(REPO_ROOT, "firmware"),
                        help="folder that receives sheets/ and patience/")
    args = parser.parse_args(argv)
    build(args.out)


if __name__ == "__main__":
    main()

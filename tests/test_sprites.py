"""Checks on the generated card sheets and their constants module.

Needs the pip packages ``adafruit-circuitpython-imageload`` (which brings
``adafruit-blinka-displayio``); the generator itself needs nothing extra.
"""

import ast
import dataclasses
import importlib.util
import itertools
import math
import struct
import subprocess
import sys
import unicodedata
from pathlib import Path

import adafruit_imageload
import displayio
import pytest

ROOT = Path(__file__).resolve().parent.parent
FIRMWARE = ROOT / "firmware"
GENERATED = ("sheets/small.bmp", "sheets/large.bmp", "patience/screens/sheets.py")
sys.path.insert(0, str(ROOT / "sprites"))
import build_sheets  # noqa: E402  (the generator, for its layout rules)


def load_sheets_module():
    """Import firmware/patience/screens/sheets.py on its own (not the package)."""
    spec = importlib.util.spec_from_file_location(
        "generated_sheets", FIRMWARE / "patience" / "screens" / "sheets.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


S = load_sheets_module()


class Sheet:
    """One loaded sheet with its constants and pixel helpers."""

    def __init__(self, name):
        self.name = name
        size = getattr(S, name.upper())
        for field in ("PATH", "SHEET_W", "SHEET_H", "CARD_W", "CARD_H", "FONT_W",
                      "FONT_H", "FONT_FIRST_TILE", "FAN_X", "FAN_Y", "FAN_BACK_Y",
                      "FRAME_STEP", "TILE_FRAME_TOP", "TILE_FRAME_SIDE",
                      "TILE_FRAME_BOTTOM", "TILE_FRAME_BLANK"):
            setattr(self, field.lower(), getattr(S, field)[size])
        self.file = FIRMWARE / self.path.lstrip("/")
        self.bitmap, self.palette = adafruit_imageload.load(str(self.file))

    def pixels(self, left, top, width, height):
        """Palette indices of a rectangle, row by row, as a tuple."""
        return tuple(self.bitmap[x, y] for y in range(top, top + height)
                     for x in range(left, left + width))

    def tile_origin(self, index, width, height):
        """Top-left pixel of tile ``index`` for the given tile size."""
        per_row = self.sheet_w // width
        return (index % per_row) * width, (index // per_row) * height

    def card(self, index, width=None, height=None, dx=0, dy=0):
        """Pixels of card tile ``index``, or of a part of it."""
        left, top = self.tile_origin(index, self.card_w, self.card_h)
        return self.pixels(left + dx, top + dy, width or self.card_w,
                           height or self.card_h)

    def glyph(self, code):
        """Pixels of the font tile for character code ``code``."""
        left, top = self.tile_origin(self.font_first_tile + code - 32,
                                     self.font_w, self.font_h)
        return self.pixels(left, top, self.font_w, self.font_h)

    def strip(self, index):
        """Pixels of frame strip ``index``, as a list of rows."""
        left, top = self.tile_origin(index, self.card_w, self.frame_step)
        return [self.pixels(left, top + y, self.card_w, 1) for y in range(self.frame_step)]

    def frame(self, colour, sides):
        """Rows of a frame: top strip, ``sides`` side strips, bottom strip."""
        rows = self.strip(self.tile_frame_top + colour)
        for _ in range(sides):
            rows += self.strip(self.tile_frame_side + colour)
        return rows + self.strip(self.tile_frame_bottom + colour)

    def font_bottom(self):
        """First pixel row below the font band."""
        last = self.font_first_tile + S.FONT_LAST_CHAR - 32
        return (last // (self.sheet_w // self.font_w) + 1) * self.font_h

    def tile_at(self, x, y, width=None, height=None):
        """Index of the tile of a size (a card's by default) covering (x, y)."""
        width, height = width or self.card_w, height or self.card_h
        return (y // height) * (self.sheet_w // width) + x // width

    def tile_sizes(self):
        """(width, height, first, last) of each kind of tile on the sheet."""
        first_font = self.font_first_tile
        return ((self.card_w, self.card_h, S.TILE_FACE, S.TILE_NO_REDEAL),
                (self.font_w, self.font_h, first_font, first_font + S.FONT_LAST_CHAR - 32),
                (self.card_w, self.frame_step, self.tile_frame_top, self.tile_frame_blank))


@pytest.fixture(scope="module", params=["small", "large"])
def sheet(request):
    return Sheet(request.param)


FACES = range(S.TILE_FACE, S.TILE_FACE + 52)
FRAMES = ((S.FRAME_CURSOR, S.COLOUR_CURSOR), (S.FRAME_HINT, S.COLOUR_HINT),
          (S.FRAME_HINT_TO, S.COLOUR_HINT_TO))
ACCENTS_ABOVE = {"0300", "0301", "0302", "0303", "0308", "030A"}  # combining marks
FRENCH = "\u00c0\u00c2\u00c6\u00c7\u00c8\u00c9\u00ca\u00cb\u00ce\u00cf\u00d4\u0152\u00d9\u00db\u00dc\u0178\u00ab\u00bb\u00b0\u2019"


def face(suit, rank):
    return S.TILE_FACE + suit * 13 + rank - 1


def font_code(char):
    """The font char that draws ``char`` (None: no glyph), as sheets.py says."""
    code = ord(char)
    if code <= S.FONT_LAST_CHAR:
        return code
    if code in S.FONT_ABOVE_LATIN1:
        return S.FONT_ABOVE_LATIN1_CHAR[S.FONT_ABOVE_LATIN1.index(code)]
    return None


def accented(char):
    """(base letter, True) for a capital with an accent above, else (None, False)."""
    parts = unicodedata.decomposition(char).split()
    if len(parts) == 2 and parts[1] in ACCENTS_ABOVE:
        return chr(int(parts[0], 16)), True
    return None, False


def cell_char(code):
    """The character a font cell holds: Windows-1252's in 128..159 if any."""
    if 128 <= code < 160:
        return bytes([code]).decode("cp1252", "ignore") or chr(code)
    return chr(code)


def alias_of(code):
    """The font char whose glyph cell ``code`` repeats, or None."""
    char = cell_char(code)
    if code in (S.CHAR_OE, 255) or ("a" <= char <= "z") or (224 <= code <= 254 and code != 247):
        return font_code(char.upper())
    return None


def test_regenerating_gives_the_committed_files(tmp_path):
    subprocess.run([sys.executable, str(ROOT / "sprites" / "build_sheets.py"),
                    "--out", str(tmp_path)], check=True)
    for relative in GENERATED:
        fresh = (tmp_path / relative).read_bytes()
        assert fresh == (FIRMWARE / relative).read_bytes(), relative


def test_sheets_module_is_plain_constants():
    tree = ast.parse((FIRMWARE / "patience" / "screens" / "sheets.py").read_text())
    assert "GENERATED" in ast.get_docstring(tree)
    for node in tree.body[1:]:
        if isinstance(node, ast.ImportFrom):
            assert node.module == "micropython"
            continue
        assert isinstance(node, ast.Assign), ast.dump(node)
        for leaf in ast.walk(node.value):
            assert isinstance(leaf, (ast.Constant, ast.Tuple, ast.Load)), ast.dump(node)


def test_palette_constants():
    assert len(S.PALETTE) == 16
    assert all(0 <= rgb <= 0xFFFFFF for rgb in S.PALETTE)
    assert S.COLOUR_TRANSPARENT == 0
    names = [n for n in dir(S) if n.startswith("COLOUR_") and n != "COLOUR_FELT"]
    assert sorted(getattr(S, n) for n in names) == list(range(16))
    assert S.PALETTE[S.COLOUR_FELT] == S.PALETTE[S.COLOUR_TRANSPARENT]  # the old name still works
    assert S.PALETTE[S.COLOUR_RED] != S.PALETTE[S.COLOUR_BLACK]
    assert S.PALETTE[S.COLOUR_SELECTED] != S.PALETTE[S.COLOUR_CARD]


def rgb_distance(a, b):
    return sum(abs((a >> shift & 0xFF) - (b >> shift & 0xFF)) for shift in (0, 8, 16))


def test_frame_colours_stand_apart():
    frames = [S.PALETTE[colour] for _offset, colour in FRAMES]
    others = [S.PALETTE[c] for c in (S.COLOUR_CARD, S.COLOUR_SELECTED, S.COLOUR_TEXT,
                                     S.COLOUR_SLOT, S.COLOUR_FELT, S.COLOUR_BACK_LIGHT)]
    for a, b in itertools.combinations(frames, 2):
        assert rgb_distance(a, b) >= 200, (hex(a), hex(b))
    for a, b in itertools.product(frames, others):
        assert rgb_distance(a, b) >= 150, (hex(a), hex(b))


def test_tile_index_constants():
    first = S.TILE_FACE
    offsets = [t - first for t in (S.TILE_BACK, S.TILE_EMPTY, S.TILE_FOUNDATION,
                                   S.TILE_FOUNDATION_BASE, S.TILE_FOUNDATION_FIRST,
                                   S.TILE_RESERVE, S.TILE_REDEAL, S.TILE_NO_REDEAL)]
    assert offsets == [52, 53, 54, 55, 68, 69, 70, 71]
    assert (S.FRAME_CURSOR, S.FRAME_HINT, S.FRAME_HINT_TO) == (0, 3, 6)
    for size in (S.SMALL, S.LARGE):
        top = S.TILE_FRAME_TOP[size]
        assert (S.TILE_FRAME_SIDE[size], S.TILE_FRAME_BOTTOM[size],
                S.TILE_FRAME_BLANK[size]) == (top + 1, top + 2, top + 9)


def test_every_tile_number_fits_a_tilegrid(sheet):
    # displayio.TileGrid only takes tile numbers 0..255 (CircuitPython 9
    # refuses more, 10 draws wrong tiles), counted in its own tile size, and
    # wants the bitmap an exact multiple of that size.
    for width, height, first, last in sheet.tile_sizes():
        assert sheet.sheet_w % width == 0 and sheet.sheet_h % height == 0
        assert 0 <= first <= last <= 255
        assert last < (sheet.sheet_w // width) * (sheet.sheet_h // height)


def test_bmp_header_is_4bit_uncompressed_bottom_up(sheet):
    data = sheet.file.read_bytes()
    magic, size, _, _, offset = struct.unpack_from("<2sIHHI", data, 0)
    (header_size, width, height, planes, bpp, compression, image_size,
     _, _, used, _) = struct.unpack_from("<IiiHHIIiiII", data, 14)
    assert (magic, size, header_size, planes) == (b"BM", len(data), 40, 1)
    assert (bpp, compression, used) == (4, 0, 16)
    assert (width, height) == (sheet.sheet_w, sheet.sheet_h)
    assert width % 8 == 0 and height > 0
    assert offset == 14 + 40 + 16 * 4
    assert image_size == len(data) - offset == width * height // 2
    palette = [struct.unpack_from("<BBBB", data, 54 + 4 * i) for i in range(16)]
    assert [(r << 16) | (g << 8) | b for b, g, r, _ in palette] == list(S.PALETTE)


def test_bottom_up_row_order(sheet):
    # The top-left font cell is ' ' (empty) and the ace of clubs has ink:
    # a top-down file would put the bottom of the sheet there instead.
    assert set(sheet.glyph(32)) == {S.COLOUR_TRANSPARENT}
    assert S.COLOUR_BLACK in sheet.card(face(0, 1))
    assert sheet.bitmap[0, sheet.sheet_h - 1] == S.COLOUR_TRANSPARENT


def test_imageload_reads_size_and_palette(sheet):
    assert (sheet.bitmap.width, sheet.bitmap.height) == (sheet.sheet_w, sheet.sheet_h)
    assert len(sheet.palette) <= 16
    assert [sheet.palette[i] for i in range(16)] == list(S.PALETTE)


def test_ondiskbitmap_opens_the_sheet(sheet):
    with open(sheet.file, "rb") as handle:
        odb = displayio.OnDiskBitmap(handle)
        assert (odb.width, odb.height) == (sheet.sheet_w, sheet.sheet_h)
        assert isinstance(odb.pixel_shader, displayio.Palette)
        assert len(odb.pixel_shader) == 16


def test_tilegrid_accepts_card_font_and_strip_tiles(sheet):
    for width, height, _first, last in sheet.tile_sizes():
        grid = displayio.TileGrid(sheet.bitmap, pixel_shader=sheet.palette,
                                  tile_width=width, tile_height=height)
        grid[0] = last  # raises if the tile number is out of range
        assert (sheet.sheet_w // width) * (sheet.sheet_h // height) > last


def sheet_bytes(geometry):
    return geometry.width * geometry.height // 2


@pytest.mark.parametrize("index", [0, 1])
def test_sheets_are_as_small_as_the_rules_allow(index):
    # The small sheet (loaded into RAM on a 192 KB board) first: no other
    # card-column count makes it smaller; then the large one, likewise,
    # among the choices that keep the small one as small.
    specs = build_sheets.SPECS
    now = {name: sheet_bytes(g) for name, g in build_sheets.layouts(specs).items()}
    name = specs[index].name
    for columns in range(2, 24):
        trial = tuple(dataclasses.replace(spec, columns=columns) if spec.name == name
                      else spec for spec in specs)
        try:
            sizes = {n: sheet_bytes(g) for n, g in build_sheets.layouts(trial).items()}
        except AssertionError:
            continue  # a width the tile sizes or the 0..255 rule forbid
        if name == "large" and sizes["small"] > now["small"]:
            continue
        assert sizes[name] >= now[name], columns


def test_card_sizes(sheet):
    if sheet.name == "small":
        assert 9 * sheet.card_w <= 160
        assert sheet.card_w <= 17 and sheet.card_h <= 24
        assert (sheet.font_w, sheet.font_h) == (4, 6)
    else:
        assert 9 * sheet.card_w <= 240
        assert (sheet.font_w, sheet.font_h) == (6, 8)


def test_fan_steps_are_small(sheet):
    limit_x, limit_y = {"small": (7, 8), "large": (10, 11)}[sheet.name]
    assert sheet.fan_x <= limit_x and sheet.fan_y <= limit_y
    assert sheet.fan_back_y <= 4


def assert_pairwise_distinct(views):
    for (a, pa), (b, pb) in itertools.combinations(enumerate(views), 2):
        assert pa != pb, (a, b)


def test_faces_are_pairwise_distinct(sheet):
    assert_pairwise_distinct([sheet.card(i) for i in FACES])


def test_top_strip_identifies_each_face(sheet):
    assert_pairwise_distinct([sheet.card(i, height=sheet.fan_y) for i in FACES])


def test_left_column_identifies_each_face(sheet):
    assert_pairwise_distinct([sheet.card(i, width=sheet.fan_x) for i in FACES])


def test_back_strip_differs_from_every_face(sheet):
    back = sheet.card(S.TILE_BACK, height=sheet.fan_back_y)
    for index in FACES:
        assert sheet.card(index, height=sheet.fan_back_y) != back, index


def test_suit_colours(sheet):
    for suit, rank in itertools.product(range(4), range(1, 14)):
        red = suit in (1, 2)
        ink, other = ((S.COLOUR_RED, S.COLOUR_BLACK) if red
                      else (S.COLOUR_BLACK, S.COLOUR_RED))
        index = face(suit, rank)
        for part in (sheet.card(index), sheet.card(index, height=sheet.fan_y),
                     sheet.card(index, width=sheet.fan_x)):
            assert ink in part and other not in part, (suit, rank)


def test_faces_are_white_with_rounded_corners(sheet):
    w, h = sheet.card_w, sheet.card_h
    for index in FACES:
        pixels = sheet.card(index)
        assert pixels.count(S.COLOUR_CARD) > len(pixels) // 2
        for x, y in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)):
            assert pixels[y * w + x] == S.COLOUR_TRANSPARENT
        assert pixels[w // 2] == S.COLOUR_OUTLINE
        assert pixels[(h // 2) * w] == S.COLOUR_OUTLINE


def test_card_white_is_only_on_faces(sheet):
    # The firmware tints a selection by swapping this one palette entry.
    for y in range(sheet.sheet_h):
        for x in range(sheet.sheet_w):
            if sheet.bitmap[x, y] == S.COLOUR_CARD:
                assert sheet.tile_at(x, y) in FACES, (x, y)


def test_back_is_blue(sheet):
    back = sheet.card(S.TILE_BACK)
    assert back.count(S.COLOUR_BACK) > len(back) // 3
    assert S.COLOUR_BACK_LIGHT in back and S.COLOUR_CARD not in back


def test_frame_step_fits_the_rim(sheet):
    # The rim (2 px) and the rounded corner fit in one strip, so strips stack
    # into a frame of any height in steps of FRAME_STEP.
    assert sheet.frame_step == 2
    assert sheet.card_h % sheet.frame_step == 0  # a frame round one card fits it exactly


@pytest.mark.parametrize("offset,colour", FRAMES)
def test_frame_strips_stack_into_a_hollow_frame(sheet, offset, colour):
    w = sheet.card_w
    for sides in range(0, 2 * sheet.card_h):
        rows = sheet.frame(offset, sides)
        h = len(rows)
        assert h == (sides + 2) * sheet.frame_step
        assert {p for row in rows for p in row} == {S.COLOUR_TRANSPARENT, colour}
        for y, row in enumerate(rows):
            for x, pixel in enumerate(row):
                rim = min(x, y, w - 1 - x, h - 1 - y) < 2
                corner = min(x, w - 1 - x) + min(y, h - 1 - y) < 2 - (sheet.name == "small")
                if corner or not rim:
                    assert pixel == S.COLOUR_TRANSPARENT, (sides, x, y)
                else:
                    assert pixel == colour, (sides, x, y)


def test_blank_strip_is_transparent(sheet):
    rows = sheet.strip(sheet.tile_frame_blank)
    assert {p for row in rows for p in row} == {S.COLOUR_TRANSPARENT}


def test_placeholders(sheet):
    w, h = sheet.card_w, sheet.card_h
    assert set(sheet.card(S.TILE_EMPTY, w - 4, h - 4, 2, 2)) == {S.COLOUR_TRANSPARENT}
    assert sheet.card(S.TILE_EMPTY)[w // 2] == S.COLOUR_SLOT
    tiles = [S.TILE_EMPTY, S.TILE_FOUNDATION, S.TILE_REDEAL, S.TILE_NO_REDEAL,
             S.TILE_RESERVE, S.TILE_FOUNDATION_FIRST]
    tiles += [S.TILE_FOUNDATION_BASE + r for r in range(13)]
    views = [sheet.card(t) for t in tiles]
    assert_pairwise_distinct(views)
    for view in views:
        assert S.COLOUR_CARD not in view and S.COLOUR_SLOT in view


def test_reserve_mark_differs_from_the_empty_tableau(sheet):
    w, h = sheet.card_w, sheet.card_h
    reserve, empty = sheet.card(S.TILE_RESERVE), sheet.card(S.TILE_EMPTY)
    # The same outline, and a second one inside where the empty slot is bare.
    assert [p for p in reserve if p != S.COLOUR_TRANSPARENT] != []
    inside = sheet.card(S.TILE_RESERVE, w - 4, h - 4, 2, 2)
    assert S.COLOUR_SLOT in inside and reserve != empty
    assert all(r == e for r, e in zip(reserve, empty) if e == S.COLOUR_SLOT)


def test_first_foundation_mark_is_a_foundation_with_a_mark(sheet):
    first, plain = sheet.card(S.TILE_FOUNDATION_FIRST), sheet.card(S.TILE_FOUNDATION)
    changed = [i for i, (a, b) in enumerate(zip(first, plain)) if a != b]
    assert len(changed) >= 15
    assert all(plain[i] == S.COLOUR_SLOT_FILL and first[i] == S.COLOUR_SLOT for i in changed)


def test_everything_else_is_transparent(sheet):
    sizes = sheet.tile_sizes()
    for y in range(sheet.sheet_h):
        for x in range(sheet.sheet_w):
            if sheet.bitmap[x, y] != S.COLOUR_TRANSPARENT:
                assert any(first <= sheet.tile_at(x, y, w, h) <= last
                           for w, h, first, last in sizes), (x, y)


def test_kinds_of_tile_do_not_overlap(sheet):
    covered = {}
    for kind, (w, h, first, last) in enumerate(sheet.tile_sizes()):
        for index in range(first, last + 1):
            left, top = sheet.tile_origin(index, w, h)
            for y in range(top, top + h):
                for x in range(left, left + w):
                    assert covered.setdefault((x, y), kind) == kind, (kind, index, x, y)


def test_font_band_is_above_the_cards(sheet):
    per_row = sheet.sheet_w // sheet.font_w
    assert sheet.font_first_tile % per_row == 0
    first_card_y = (S.TILE_FACE // (sheet.sheet_w // sheet.card_w)) * sheet.card_h
    assert sheet.font_bottom() <= first_card_y


def shown_codes(sheet):
    """Font chars with a glyph of their own (not a copy of another cell)."""
    return [code for code in range(32, S.FONT_LAST_CHAR + 1)
            if code != S.CHAR_CLEAR and alias_of(code) is None
            and set(sheet.glyph(code)) != {S.COLOUR_TRANSPARENT}]


def test_font_glyphs(sheet):
    fw, fh = sheet.font_w, sheet.font_h
    assert set(sheet.glyph(32)) == {S.COLOUR_TRANSPARENT}
    shown = shown_codes(sheet)
    assert set(range(33, 127)) - set(range(97, 123)) <= set(shown)
    assert_pairwise_distinct([sheet.glyph(code) for code in shown])
    assert set(sheet.glyph(S.CHAR_CLEAR)) == {S.COLOUR_CLEAR}  # the panel's see-through cell
    for code in shown:
        pixels = sheet.glyph(code)
        assert set(pixels) == {S.COLOUR_TRANSPARENT, S.COLOUR_TEXT}, code
        assert all(pixels[y * fw + fw - 1] == 0 for y in range(fh)), code  # spacing
    assert S.FONT_LAST_CHAR == 255
    assert S.CHAR_SUIT + 3 < S.CHAR_LEFT < S.CHAR_RIGHT < S.CHAR_UP < S.CHAR_DOWN < 160
    assert 127 <= S.CHAR_SUIT and 127 <= S.CHAR_CLEAR < 160


def test_top_row_is_blank_except_over_accented_capitals(sheet):
    fw = sheet.font_w
    for code in shown_codes(sheet):
        _base, accent = accented(cell_char(code))
        if not accent and code != 0xC5:  # A ring: its ring is the accent
            assert set(sheet.glyph(code)[:fw]) == {S.COLOUR_TRANSPARENT}, code


def test_accented_capitals_differ_from_their_letters(sheet):
    letters = [chr(code) for code in range(0xC0, 0xDF)] + ["\u0178"]
    checked = 0
    for char in letters:
        base, accent = accented(char)
        if base is None and unicodedata.decomposition(char):
            base = chr(int(unicodedata.decomposition(char).split()[0], 16))  # C cedilla
        if base is None:
            continue
        glyph = sheet.glyph(font_code(char))
        assert glyph != sheet.glyph(ord(base)), char
        assert set(glyph) == {S.COLOUR_TRANSPARENT, S.COLOUR_TEXT}, char
        checked += 1
    assert checked == 27


def test_french_characters_have_glyphs(sheet):
    for char in FRENCH + FRENCH.lower():
        code = font_code(char)
        assert code is not None, char
        assert S.COLOUR_TEXT in sheet.glyph(code), char


def test_lower_case_draws_capitals(sheet):
    for code in range(ord("a"), ord("z") + 1):
        assert sheet.glyph(code) == sheet.glyph(code - 32)
    for code in range(0xE0, 0xFF):
        if code != 0xF7:  # the division sign is no letter
            assert sheet.glyph(code) == sheet.glyph(code - 32), hex(code)
    assert sheet.glyph(0xFF) == sheet.glyph(font_code("\u0178"))
    assert sheet.glyph(font_code("\u0153")) == sheet.glyph(font_code("\u0152"))
    assert S.COLOUR_TEXT in sheet.glyph(0xDF)  # sharp s has a glyph of its own


def test_characters_above_latin1_sit_where_windows_1252_has_them():
    assert (S.CHAR_OE_CAPITAL, S.CHAR_OE) == (140, 156)
    assert len(S.FONT_ABOVE_LATIN1) == len(S.FONT_ABOVE_LATIN1_CHAR)
    for code, cell in zip(S.FONT_ABOVE_LATIN1, S.FONT_ABOVE_LATIN1_CHAR):
        assert code > 255 and bytes([cell]).decode("cp1252") == chr(code)
    extras = set(range(S.CHAR_SUIT, S.CHAR_SUIT + 4)) | {
        S.CHAR_LEFT, S.CHAR_RIGHT, S.CHAR_UP, S.CHAR_DOWN, S.CHAR_CLEAR}
    assert not extras & set(S.FONT_ABOVE_LATIN1_CHAR)


def test_cells_without_a_glyph_are_blank(sheet):
    extras = set(range(S.CHAR_SUIT, S.CHAR_SUIT + 4)) | {
        127, S.CHAR_LEFT, S.CHAR_RIGHT, S.CHAR_UP, S.CHAR_DOWN, S.CHAR_CLEAR}
    for code in range(127, 160):
        if code not in extras and code not in S.FONT_ABOVE_LATIN1_CHAR:
            assert set(sheet.glyph(code)) == {S.COLOUR_TRANSPARENT}, code
    assert set(sheet.glyph(0xA0)) == {S.COLOUR_TRANSPARENT}  # no-break space


def test_card_corner_ranks_are_the_font_glyphs(sheet):
    # Cards draw their ranks with the font's glyphs: the same pixels as the
    # font cell below its blank top row (10 has a narrow glyph of its own).
    fw, fh = sheet.font_w, sheet.font_h
    for rank, char in zip(range(1, 14), "A23456789TJQK"):
        if char == "T":
            continue
        cell = sheet.glyph(ord(char))
        corner = sheet.card(face(0, rank), fw - 1, fh - 1, 2, 2)
        expected = tuple(S.COLOUR_BLACK if cell[(y + 1) * fw + x] == S.COLOUR_TEXT
                         else S.COLOUR_CARD for y in range(fh - 1) for x in range(fw - 1))
        assert corner == expected, char

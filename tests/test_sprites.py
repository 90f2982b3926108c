"""Checks on the generated card sheets and their constants module.

Needs the pip packages ``adafruit-circuitpython-imageload`` (which brings
``adafruit-blinka-displayio``); the generator itself needs nothing extra.
"""

import ast
import importlib.util
import itertools
import struct
import subprocess
import sys
from pathlib import Path

import adafruit_imageload
import displayio
import pytest

ROOT = Path(__file__).resolve().parent.parent
FIRMWARE = ROOT / "firmware"
GENERATED = ("sheets/small.bmp", "sheets/large.bmp", "patience/screens/sheets.py")


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
                      "FONT_H", "FONT_FIRST_TILE", "FAN_X", "FAN_Y", "FAN_BACK_Y"):
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

    def font_bottom(self):
        """First pixel row below the font band."""
        last = self.font_first_tile + S.FONT_LAST_CHAR - 32
        return (last // (self.sheet_w // self.font_w) + 1) * self.font_h

    def tile_at(self, x, y):
        """Card-tile index that covers pixel (x, y)."""
        return (y // self.card_h) * (self.sheet_w // self.card_w) + x // self.card_w


@pytest.fixture(scope="module", params=["small", "large"])
def sheet(request):
    return Sheet(request.param)


FACES = range(S.TILE_FACE, S.TILE_FACE + 52)


def face(suit, rank):
    return S.TILE_FACE + suit * 13 + rank - 1


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
    names = [n for n in dir(S) if n.startswith("COLOUR_")]
    assert sorted(getattr(S, n) for n in names) == list(range(16))
    assert S.PALETTE[S.COLOUR_RED] != S.PALETTE[S.COLOUR_BLACK]
    assert S.PALETTE[S.COLOUR_SELECTED] != S.PALETTE[S.COLOUR_CARD]


def test_tile_index_constants():
    first = S.TILE_FACE
    offsets = [t - first for t in (S.TILE_BACK, S.TILE_EMPTY, S.TILE_FOUNDATION,
                                   S.TILE_FOUNDATION_BASE, S.TILE_CURSOR, S.TILE_HINT,
                                   S.TILE_REDEAL, S.TILE_NO_REDEAL)]
    assert offsets == [52, 53, 54, 55, 68, 69, 70, 71]
    # displayio.TileGrid only takes tile numbers 0..255.
    assert S.TILE_NO_REDEAL <= 255
    assert max(S.FONT_FIRST_TILE) + S.FONT_LAST_CHAR - 32 <= 255


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


def test_tilegrid_accepts_card_and_font_tiles(sheet):
    for width, height, last in (
            (sheet.card_w, sheet.card_h, S.TILE_NO_REDEAL),
            (sheet.font_w, sheet.font_h, sheet.font_first_tile + S.FONT_LAST_CHAR - 32)):
        grid = displayio.TileGrid(sheet.bitmap, pixel_shader=sheet.palette,
                                  tile_width=width, tile_height=height)
        grid[0] = last  # raises if the tile number is out of range
        assert (sheet.sheet_w // width) * (sheet.sheet_h // height) > last


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


@pytest.mark.parametrize("tile,colour", [(S.TILE_CURSOR, S.COLOUR_CURSOR),
                                         (S.TILE_HINT, S.COLOUR_HINT)])
def test_frames_are_hollow(sheet, tile, colour):
    w, h = sheet.card_w, sheet.card_h
    assert set(sheet.card(tile, w - 4, h - 4, 2, 2)) == {S.COLOUR_TRANSPARENT}
    pixels = sheet.card(tile)
    for x, y in ((w // 2, 0), (w // 2, h - 1), (0, h // 2), (w - 1, h // 2),
                 (w // 2, 1), (1, h // 2)):
        assert pixels[y * w + x] == colour, (x, y)
    assert set(pixels) == {S.COLOUR_TRANSPARENT, colour}


def test_placeholders(sheet):
    w, h = sheet.card_w, sheet.card_h
    assert set(sheet.card(S.TILE_EMPTY, w - 4, h - 4, 2, 2)) == {S.COLOUR_TRANSPARENT}
    assert sheet.card(S.TILE_EMPTY)[w // 2] == S.COLOUR_SLOT
    tiles = [S.TILE_EMPTY, S.TILE_FOUNDATION, S.TILE_REDEAL, S.TILE_NO_REDEAL]
    tiles += [S.TILE_FOUNDATION_BASE + r for r in range(13)]
    views = [sheet.card(t) for t in tiles]
    assert_pairwise_distinct(views)
    for view in views:
        assert S.COLOUR_CARD not in view and S.COLOUR_SLOT in view


def test_everything_else_is_transparent(sheet):
    font_bottom = sheet.font_bottom()
    for y in range(sheet.sheet_h):
        for x in range(sheet.sheet_w):
            if y >= font_bottom and not S.TILE_FACE <= sheet.tile_at(x, y) <= S.TILE_NO_REDEAL:
                assert sheet.bitmap[x, y] == S.COLOUR_TRANSPARENT, (x, y)


def test_font_band_is_above_the_cards(sheet):
    per_row = sheet.sheet_w // sheet.font_w
    assert sheet.font_first_tile % per_row == 0
    first_card_y = (S.TILE_FACE // (sheet.sheet_w // sheet.card_w)) * sheet.card_h
    assert sheet.font_bottom() <= first_card_y


def test_font_glyphs(sheet):
    fw, fh = sheet.font_w, sheet.font_h
    assert set(sheet.glyph(32)) == {S.COLOUR_TRANSPARENT}
    shown = [sheet.glyph(code) for code in range(33, 96)]
    shown += [sheet.glyph(code) for code in range(123, S.CHAR_CLEAR)]
    assert_pairwise_distinct(shown)
    assert set(sheet.glyph(S.CHAR_CLEAR)) == {S.COLOUR_CLEAR}  # the panel's see-through cell
    for pixels in shown:
        assert set(pixels) == {S.COLOUR_TRANSPARENT, S.COLOUR_TEXT}
        assert all(pixels[y * fw + fw - 1] == 0 for y in range(fh))  # spacing
        assert set(pixels[(fh - 1) * fw:]) == {S.COLOUR_TRANSPARENT}
    for code in range(ord("a"), ord("z") + 1):
        assert sheet.glyph(code) == sheet.glyph(code - 32)
    assert S.FONT_LAST_CHAR >= S.CHAR_SUIT + 3

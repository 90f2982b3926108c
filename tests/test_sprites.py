"""Checks on the generated sprite sheets (one a size) and their constants module.

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
SHEET_FILES = ("sheets/small.bmp", "sheets/large.bmp")  # one sheet a size
MODULES = ("patience/screens/sheets.py", "patience/screens/sheet_setup.py")  # generated constants
GENERATED = SHEET_FILES + MODULES
sys.path.insert(0, str(ROOT / "sprites"))
import build_sheets  # noqa: E402  (the generator, for its layout rules)


def load_sheets_module():
    """Import the generated sheets.py on its own (not the package), with
    sheet_setup.py's constants put in it: every constant of the art in one."""
    loaded = []
    for relative in MODULES:
        spec = importlib.util.spec_from_file_location("generated_" + Path(relative).stem,
                                                      FIRMWARE / relative)
        loaded.append(importlib.util.module_from_spec(spec))
        spec.loader.exec_module(loaded[-1])
    sheets, files = loaded
    assert not set(vars(sheets)) & {name for name in vars(files) if name.isupper()}
    vars(sheets).update((name, value) for name, value in vars(files).items() if name.isupper())
    return sheets


S = load_sheets_module()
TRANSPARENT, PAPER, INK, EDGE = S.ROLE_TRANSPARENT, S.ROLE_PAPER, S.ROLE_INK, S.ROLE_EDGE
PALETTES = ("BLACK", "RED", "BLACK_PICKED", "RED_PICKED", "BACK", "SLOT", "CURSOR",
            "HINT", "HINT_TO", "TEXT", "PANEL")
FRAME_PALETTES = (S.PALETTE_CURSOR, S.PALETTE_HINT, S.PALETTE_HINT_TO)
OLD_RAM = {"small": 96 * 330 // 2, "large": 216 * 320 // 2}  # one 4-bit sheet a size
# The round before: two 2-bit sheets a size, (font, cards) width x height.
TWO_SHEETS = {"small": ((128, 42), (16, 1606)), "large": ((192, 64), (48, 1184))}
MAX_TILE = 255  # CircuitPython 9 raises "tile must be 0-255", 10 draws a uint8


@dataclasses.dataclass
class Bmp:
    """A BMP file's header fields, colour table and pixels (top row first)."""

    header: tuple  # (magic, size, offset, info size, width, height, planes, bpp,
    #                 compression, image size, colours used, colours important)
    table: list  # RGB ints
    width: int
    height: int
    pixels: bytes  # one byte a pixel, the 4-bit value as stored

    def rect(self, left, top, width, height):
        """Values of a rectangle, row by row, as a tuple."""
        return tuple(value for y in range(top, top + height)
                     for value in self.pixels[y * self.width + left:y * self.width + left + width])


def read_bmp(path):
    """Decode an uncompressed 4-bit bottom-up BMP by hand (no masking)."""
    data = path.read_bytes()
    magic, size, _, _, offset = struct.unpack_from("<2sIHHI", data, 0)
    info = struct.unpack_from("<IiiHHIIiiII", data, 14)
    width, height, used = info[1], info[2], info[9]
    table = []
    for i in range(used):
        b, g, r, _ = struct.unpack_from("<BBBB", data, 14 + info[0] + 4 * i)
        table.append((r << 16) | (g << 8) | b)
    row_bytes = (width * 4 + 31) // 32 * 4
    pixels = bytearray()
    for y in range(height):
        row = data[offset + (height - 1 - y) * row_bytes:][:row_bytes]
        pixels += bytes(value for byte in row for value in (byte >> 4, byte & 15))[:width]
    header = (magic, size, offset, info[0], width, height, info[3], info[4], info[5],
              info[6], used, info[10])
    return Bmp(header, table, width, height, bytes(pixels))


class Sheet:
    """One size's sheet with its constants and pixel helpers."""

    def __init__(self, name):
        self.name = name
        self.size = getattr(S, name.upper())
        for field in ("PATH", "CARD_W", "CARD_H", "FONT_W", "FONT_H",
                      "FONT_FIRST_TILE", "FAN_X", "FAN_Y", "FAN_BACK_Y", "FRAME_STEP",
                      "TILE_FRAME_TOP", "TILE_FRAME_SIDE", "TILE_FRAME_BOTTOM"):
            setattr(self, field.lower(), getattr(S, field)[self.size])
        self.file = FIRMWARE / self.path.lstrip("/")
        self.image = read_bmp(self.file)
        self.strips = (self.tile_frame_top, self.tile_frame_side, self.tile_frame_bottom)

    def origin(self, index, width, height):
        """Top-left pixel of tile ``index`` in the tiling of a tile size."""
        per_row = self.image.width // width
        return (index % per_row) * width, (index // per_row) * height

    def card(self, index, width=None, height=None, dx=0, dy=0):
        """Roles of card tile ``index``, or of a part of it."""
        left, top = self.origin(index, self.card_w, self.card_h)
        return self.image.rect(left + dx, top + dy, width or self.card_w, height or self.card_h)

    def glyph(self, code):
        """Roles of the font tile for character code ``code``."""
        left, top = self.origin(self.font_first_tile + code - 32, self.font_w, self.font_h)
        return self.image.rect(left, top, self.font_w, self.font_h)

    def strip(self, index):
        """Roles of frame strip ``index``, as a list of rows."""
        left, top = self.origin(index, self.card_w, self.frame_step)
        return [self.image.rect(left, top + y, self.card_w, 1) for y in range(self.frame_step)]

    def frame(self, sides):
        """Rows of a frame: top strip, ``sides`` side strips, bottom strip."""
        rows = self.strip(self.tile_frame_top)
        for _ in range(sides):
            rows += self.strip(self.tile_frame_side)
        return rows + self.strip(self.tile_frame_bottom)

    def tile_kinds(self):
        """{kind: (tile width, tile height, tile numbers the firmware uses)}."""
        last_font = self.font_first_tile + S.FONT_LAST_CHAR - 32
        return {"cards": (self.card_w, self.card_h, range(S.TILE_FACE, S.TILE_NO_REDEAL + 1)),
                "strips": (self.card_w, self.frame_step, self.strips),
                "font": (self.font_w, self.font_h, range(self.font_first_tile, last_font + 1))}


@pytest.fixture(scope="module", params=["small", "large"])
def sheet(request):
    return Sheet(request.param)


FACES = range(S.TILE_FACE, S.TILE_FACE + 52)
ACCENTS_ABOVE = {"0300", "0301", "0302", "0303", "0308", "030A"}  # combining marks
FRENCH = "\u00c0\u00c2\u00c6\u00c7\u00c8\u00c9\u00ca\u00cb\u00ce\u00cf\u00d4\u0152\u00d9\u00db\u00dc\u0178\u00ab\u00bb\u00b0\u2019"


def face(suit, rank):
    return S.TILE_FACE + suit * 13 + rank - 1


def suit_palette(suit, picked=False):
    """The palette the firmware gives a face of ``suit``."""
    red = suit in (1, 2)
    return ((S.PALETTE_RED_PICKED if picked else S.PALETTE_RED) if red
            else (S.PALETTE_BLACK_PICKED if picked else S.PALETTE_BLACK))


def render(roles, palette, under=None):
    """RGB of each pixel through a palette; TRANSPARENT shows ``under``."""
    return tuple(under if role == TRANSPARENT and under is not None else palette[role]
                 for role in roles)


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


def rgb_distance(a, b):
    return sum(abs((a >> shift & 0xFF) - (b >> shift & 0xFF)) for shift in (0, 8, 16))


# The files and the module.

def test_regenerating_gives_the_committed_files(tmp_path):
    subprocess.run([sys.executable, str(ROOT / "sprites" / "build_sheets.py"),
                    "--out", str(tmp_path)], check=True)
    for relative in GENERATED:
        fresh = (tmp_path / relative).read_bytes()
        assert fresh == (FIRMWARE / relative).read_bytes(), relative


def test_the_sheets_folder_holds_one_sheet_a_size_only():
    # Whatever lies there is flashed to the board.
    assert sorted(p.name for p in (FIRMWARE / "sheets").iterdir()) == sorted(
        Path(f).name for f in SHEET_FILES)
    assert S.PATH == tuple("/" + f for f in SHEET_FILES)


@pytest.mark.parametrize("relative", MODULES)
def test_sheets_modules_are_plain_constants(relative):
    tree = ast.parse((FIRMWARE / relative).read_text())
    assert "GENERATED" in ast.get_docstring(tree)
    for node in tree.body[1:]:
        if isinstance(node, ast.ImportFrom):
            assert node.module == "micropython"
            continue
        assert isinstance(node, ast.Assign), ast.dump(node)
        for leaf in ast.walk(node.value):
            assert isinstance(leaf, (ast.Constant, ast.Tuple, ast.Load)), ast.dump(node)


def test_old_constants_are_gone():
    gone = [name for name in dir(S) if name.startswith("COLOUR_") or name.startswith("FRAME_")
            and name != "FRAME_STEP"]
    gone += [name for name in ("PALETTE", "SHEET_W", "SHEET_H", "CHAR_CLEAR",
                               "TILE_FRAME_BLANK", "FONT_PATH", "CARDS_PATH")
             if hasattr(S, name)]
    assert gone == []


# Roles and palettes.

def test_roles():
    assert (TRANSPARENT, PAPER, INK, EDGE) == (0, 1, 2, 3)


def test_each_palette_has_four_rgb_entries():
    assert sorted(n[8:] for n in dir(S) if n.startswith("PALETTE_")) == sorted(PALETTES)
    for name in PALETTES:
        palette = getattr(S, "PALETTE_" + name)
        assert len(palette) == 4, name
        assert all(isinstance(rgb, int) and 0 <= rgb <= 0xFFFFFF for rgb in palette), name
        if name != "PANEL":
            assert palette[TRANSPARENT] == S.FELT, name  # shows felt even left opaque


def test_palettes_keep_todays_colours():
    # The RGB of the 16-colour palette of the last round, where it still applies.
    assert S.FELT == 0x0B6B2B
    assert S.PALETTE_BLACK == (S.FELT, 0xFFFFFF, 0x000000, 0x383838)
    assert S.PALETTE_RED[INK] == 0xE00000
    assert S.PALETTE_BLACK_PICKED[PAPER] == 0xA8E4FF
    assert S.PALETTE_BACK[PAPER:] == (0x1C44B4, 0x8CB4FF, 0x383838)
    assert S.PALETTE_SLOT[PAPER:INK + 1] == (0x06501F, 0x50B070)
    assert [p[INK] for p in FRAME_PALETTES] == [0xFFE000, 0xFF30FF, 0x00E8F0]
    assert S.PALETTE_TEXT[INK] == S.PALETTE_PANEL[INK] == 0xF4F4F4
    assert S.PALETTE_PANEL[TRANSPARENT] == S.PALETTE_PANEL[PAPER] == 0x06501F


def test_red_and_black_palettes_differ_in_ink_only_and_picked_in_paper_only():
    def differing(a, b):
        return [role for role in range(4) if a[role] != b[role]]
    assert differing(S.PALETTE_BLACK, S.PALETTE_RED) == [INK]
    assert differing(S.PALETTE_BLACK_PICKED, S.PALETTE_RED_PICKED) == [INK]
    assert differing(S.PALETTE_BLACK, S.PALETTE_BLACK_PICKED) == [PAPER]
    assert differing(S.PALETTE_RED, S.PALETTE_RED_PICKED) == [PAPER]


def test_card_palettes_tell_every_role_apart():
    for palette in (S.PALETTE_BLACK, S.PALETTE_RED, S.PALETTE_BLACK_PICKED,
                    S.PALETTE_RED_PICKED, S.PALETTE_BACK):
        assert len(set(palette)) == 4, palette
    assert len({S.PALETTE_SLOT[role] for role in (TRANSPARENT, PAPER, INK)}) == 3


def test_frame_colours_stand_apart():
    frames = [p[INK] for p in FRAME_PALETTES]
    others = [S.PALETTE_BLACK[PAPER], S.PALETTE_BLACK_PICKED[PAPER], S.PALETTE_TEXT[INK],
              S.PALETTE_SLOT[INK], S.FELT, S.PALETTE_BACK[INK]]
    for a, b in itertools.combinations(frames, 2):
        assert rgb_distance(a, b) >= 200, (hex(a), hex(b))
    for a, b in itertools.product(frames, others):
        assert rgb_distance(a, b) >= 150, (hex(a), hex(b))


def test_text_stands_out_from_its_backgrounds():
    assert rgb_distance(S.PALETTE_TEXT[INK], S.FELT) >= 400
    assert rgb_distance(S.PALETTE_PANEL[INK], S.PALETTE_PANEL[TRANSPARENT]) >= 400
    assert S.PALETTE_PANEL[TRANSPARENT] != S.FELT  # a panel shows against the table


# The BMP files as the board reads them.

@pytest.mark.parametrize("relative", SHEET_FILES)
def test_bmp_header_is_4bit_with_four_colours(relative):
    path = FIRMWARE / relative
    bmp = read_bmp(path)
    (magic, size, offset, info_size, width, height, planes, bpp, compression,
     image_size, used, important) = bmp.header
    assert (magic, size, info_size, planes) == (b"BM", path.stat().st_size, 40, 1)
    assert (bpp, compression, used, important) == (4, 0, 4, 4)
    assert height > 0  # bottom-up rows
    assert offset == 14 + 40 + 4 * 4
    assert image_size == size - offset == (width * 4 + 31) // 32 * 4 * height
    assert bmp.table == list(S.PALETTE_BLACK)


@pytest.mark.parametrize("relative", SHEET_FILES)
def test_every_pixel_is_a_role(relative):
    # Read from the file itself: a 2-bit Bitmap would mask a stray 4..15.
    assert set(read_bmp(FIRMWARE / relative).pixels) <= {TRANSPARENT, PAPER, INK, EDGE}


class CountingBitmap(displayio.Bitmap):
    """A displayio.Bitmap that remembers the value_count it was made with."""

    def __init__(self, width, height, value_count):
        super().__init__(width, height, value_count)
        self.value_count = value_count


@pytest.mark.parametrize("relative", SHEET_FILES)
def test_imageload_makes_a_bitmap_of_value_count_4(relative):
    # adafruit_imageload/bmp: colours = biClrUsed (4), indexed.load makes
    # bitmap(width, height, colours) and a Palette(colours): 2 bits a pixel.
    bmp = read_bmp(FIRMWARE / relative)
    bitmap, palette = adafruit_imageload.load(str(FIRMWARE / relative), bitmap=CountingBitmap,
                                              palette=displayio.Palette)
    assert bitmap.value_count == 4 and len(palette) == 4
    assert (bitmap.width, bitmap.height) == (bmp.width, bmp.height)
    assert all(bitmap[i] == value for i, value in enumerate(bmp.pixels))
    assert [palette[i] for i in range(4)] == bmp.table


@pytest.mark.parametrize("relative", SHEET_FILES)
def test_ondiskbitmap_opens_the_sheet(relative):
    bmp = read_bmp(FIRMWARE / relative)
    with open(FIRMWARE / relative, "rb") as handle:
        odb = displayio.OnDiskBitmap(handle)
        assert (odb.width, odb.height) == (bmp.width, bmp.height)
        assert isinstance(odb.pixel_shader, displayio.Palette)
        assert len(odb.pixel_shader) == 4


# Sizes and tile numbers.

def test_every_tile_size_divides_the_sheet(sheet):
    # TileGrid: "Tile width must exactly divide bitmap width" (and height),
    # for each tile size cut from the one bitmap.
    for width, height, _numbers in sheet.tile_kinds().values():
        assert sheet.image.width % width == 0 and sheet.image.height % height == 0


def test_every_tile_number_the_firmware_uses_is_at_most_255(sheet):
    # Counted row-major over the whole sheet in units of the grid's own tile
    # size: CircuitPython 9 refuses a tile over 255, 10 draws it as tile & 255.
    for width, height, numbers in sheet.tile_kinds().values():
        tiles = (sheet.image.width // width) * (sheet.image.height // height)
        assert 0 <= min(numbers) <= max(numbers) <= MAX_TILE
        assert max(numbers) < tiles


def test_font_cells_are_contiguous_in_code_point_order(sheet):
    # The tile of code point c is FONT_FIRST_TILE + c - 32 for c in 32..255.
    assert S.FONT_LAST_CHAR == 255
    assert sheet.font_first_tile + S.FONT_LAST_CHAR - 32 <= MAX_TILE
    width, height, numbers = sheet.tile_kinds()["font"]
    assert list(numbers) == [sheet.font_first_tile + c - 32 for c in range(32, 256)]
    # ... and lie on the sheet as full rows at the top, ' ' top left.
    per_row = sheet.image.width // width
    assert sheet.font_first_tile == 0 and len(numbers) % per_row == 0
    assert sheet.origin(sheet.font_first_tile, width, height) == (0, 0)


def test_card_tiles_start_on_a_card_row_below_the_font(sheet):
    per_row = sheet.image.width // sheet.card_w
    assert S.TILE_FACE % per_row == 0
    font_bottom = sheet.origin(sheet.font_first_tile + S.FONT_LAST_CHAR - 32,
                               sheet.font_w, sheet.font_h)[1] + sheet.font_h
    assert sheet.origin(S.TILE_FACE, sheet.card_w, sheet.card_h)[1] >= font_bottom


def test_card_tilegrids_keep_one_byte_a_tile_on_circuitpython_10(sheet):
    # 10 stores a TileGrid's tiles as uint16 when its bitmap holds more than
    # 255 tiles of the grid's size: true of text and frame grids (sheets.py
    # says so), not of the many card grids.
    counts = {kind: (sheet.image.width // w) * (sheet.image.height // h)
              for kind, (w, h, _numbers) in sheet.tile_kinds().items()}
    assert counts["cards"] <= MAX_TILE
    assert counts["font"] > MAX_TILE and counts["strips"] > MAX_TILE
    source = (FIRMWARE / "patience" / "screens" / "sheets.py").read_text()
    notes = [line.lstrip("# ") for line in source.splitlines() if line.startswith("#")]
    doc = " ".join(" ".join(notes).split())  # the layout's notes: comments, not the docstring
    assert "CircuitPython 10" in doc and "two bytes a cell" in doc
    assert "a text TileGrid and a frame TileGrid keep two bytes a cell" in doc
    assert "(%d small, %d large)" % tuple(
        (Sheet(n).image.width // Sheet(n).font_w) * (Sheet(n).image.height // Sheet(n).font_h)
        for n in ("small", "large")) in doc


class StrictTileGrid:
    """CircuitPython 9's checks on a TileGrid (shared-bindings TileGrid.c)."""

    def __init__(self, bitmap, tile_width, tile_height):
        if bitmap.width % tile_width:
            raise ValueError("Tile width must exactly divide bitmap width")
        if bitmap.height % tile_height:
            raise ValueError("Tile height must exactly divide bitmap height")
        self.tiles_in_bitmap = (bitmap.width // tile_width) * (bitmap.height // tile_height)

    def __setitem__(self, index, tile):
        if not 0 <= tile <= 255:
            raise ValueError("tile must be 0-255")
        if tile >= self.tiles_in_bitmap:
            raise ValueError("Tile index out of bounds")


def test_tilegrids_of_each_kind_cut_from_the_one_bitmap(sheet):
    bitmap, _ = adafruit_imageload.load(str(sheet.file))
    palette = displayio.Palette(4)
    for width, height, numbers in sheet.tile_kinds().values():
        grid = displayio.TileGrid(bitmap, pixel_shader=palette, width=2, height=1,
                                  tile_width=width, tile_height=height,
                                  default_tile=max(numbers))
        strict = StrictTileGrid(bitmap, width, height)
        for number in numbers:
            grid[0] = number  # raises if the tile number is out of range
            strict[1] = number


def sheet_ram(spec, width=None):
    geometry = build_sheets.layout(spec, width)
    return build_sheets.bitmap_ram(geometry.width, geometry.height)


@pytest.mark.parametrize("spec", build_sheets.SPECS, ids=lambda spec: spec.name)
def test_no_other_width_makes_a_smaller_sheet(spec):
    now = sheet_ram(spec)
    step = math.lcm(spec.card_w, spec.font_w)
    for width in range(step, 16 * spec.card_w + 1, step):
        try:
            ram = sheet_ram(spec, width)
        except AssertionError:
            continue  # a width the 0..255 rule forbids
        assert ram >= now, width


@pytest.mark.parametrize("spec", build_sheets.SPECS, ids=lambda spec: spec.name)
def test_the_sheet_wastes_less_than_a_block(spec):
    # Without the generator's layout: a sheet is a whole number of blocks,
    # a block as wide as every tile width and a 32-bit word of pixels
    # divide, as high as every tile height divides; a sheet leaving a whole
    # block unused could be a block smaller.
    geometry = build_sheets.layout(spec)
    block_w = math.lcm(spec.card_w, spec.font_w, 32 // build_sheets.BITS_PER_PIXEL)
    block_h = math.lcm(spec.card_h, spec.font_h, spec.frame_step)
    art = (build_sheets.FONT_CELLS * spec.font_w * spec.font_h
           + build_sheets.CARD_TILES * spec.card_w * spec.card_h
           + len(build_sheets.FRAME_PIECES) * spec.card_w * spec.frame_step)
    assert geometry.width % block_w == 0
    assert geometry.width * geometry.height - art < block_w * block_h


def test_the_art_costs_half_the_ram_it_did(sheet):
    ram = build_sheets.bitmap_ram(sheet.image.width, sheet.image.height)
    assert ram <= OLD_RAM[sheet.name] // 2


def test_one_sheet_a_size_costs_no_more_than_two_did():
    # Two sizes together: small's one sheet costs 152 bytes more than its two
    # (it is a whole number of 16 x 66 px blocks), large's 384 fewer.
    one = sum(build_sheets.bitmap_ram(Sheet(n).image.width, Sheet(n).image.height)
              for n in TWO_SHEETS)
    two = sum(build_sheets.bitmap_ram(w, h) for sizes in TWO_SHEETS.values() for w, h in sizes)
    assert one <= two


def test_tile_index_constants():
    first = S.TILE_FACE
    offsets = [t - first for t in (S.TILE_BACK, S.TILE_EMPTY, S.TILE_FOUNDATION,
                                   S.TILE_FOUNDATION_BASE, S.TILE_FOUNDATION_FIRST,
                                   S.TILE_RESERVE, S.TILE_REDEAL, S.TILE_NO_REDEAL)]
    assert offsets == [52, 53, 54, 55, 68, 69, 70, 71]
    assert S.FONT_FIRST_TILE == (0, 0)
    for size in (S.SMALL, S.LARGE):
        assert len({S.TILE_FRAME_TOP[size], S.TILE_FRAME_SIDE[size],
                    S.TILE_FRAME_BOTTOM[size]}) == 3
    for spec in build_sheets.SPECS:  # the generator agrees
        geometry = build_sheets.layout(spec)
        size = getattr(S, spec.name.upper())
        assert geometry.first_card == S.TILE_FACE
        assert geometry.font_first == S.FONT_FIRST_TILE[size]
        assert geometry.strips == (S.TILE_FRAME_TOP[size], S.TILE_FRAME_SIDE[size],
                                   S.TILE_FRAME_BOTTOM[size])


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


def sheet_tiles(sheet):
    """{(x, y): kind} of the pixels of the font cells, card tiles and strips."""
    covered = {}
    for kind, (w, h, numbers) in sheet.tile_kinds().items():
        for index in numbers:
            left, top = sheet.origin(index, w, h)
            assert left + w <= sheet.image.width and top + h <= sheet.image.height
            for y in range(top, top + h):
                for x in range(left, left + w):
                    assert covered.setdefault((x, y), kind) == kind, (kind, index, x, y)
    return covered


def test_kinds_of_tile_do_not_overlap(sheet):
    sheet_tiles(sheet)  # asserts as it goes


def test_everything_else_is_transparent(sheet):
    covered = sheet_tiles(sheet)
    for y in range(sheet.image.height):
        for x in range(sheet.image.width):
            if sheet.image.pixels[y * sheet.image.width + x] != TRANSPARENT:
                assert (x, y) in covered, (x, y)


# Faces.

def assert_pairwise_distinct(views):
    for (a, pa), (b, pb) in itertools.combinations(enumerate(views), 2):
        assert pa != pb, (a, b)


def test_faces_are_pairwise_distinct(sheet):
    assert_pairwise_distinct([sheet.card(i) for i in FACES])


def test_top_strip_identifies_each_face(sheet):
    # By shape alone: the same roles, so the same colours, would do too.
    assert_pairwise_distinct([sheet.card(i, height=sheet.fan_y) for i in FACES])


def test_left_column_identifies_each_face(sheet):
    assert_pairwise_distinct([sheet.card(i, width=sheet.fan_x) for i in FACES])


def test_corner_strips_show_ink(sheet):
    for index in FACES:
        for part in (sheet.card(index, height=sheet.fan_y), sheet.card(index, width=sheet.fan_x)):
            assert INK in part, index


def test_back_strip_differs_from_every_face(sheet):
    # As drawn: each face through its suit's palette, the back through its own.
    back = render(sheet.card(S.TILE_BACK, height=sheet.fan_back_y), S.PALETTE_BACK, S.FELT)
    for suit, rank in itertools.product(range(4), range(1, 14)):
        top = sheet.card(face(suit, rank), height=sheet.fan_back_y)
        for picked in (False, True):
            assert render(top, suit_palette(suit, picked), S.FELT) != back, (suit, rank)


def test_red_and_black_faces_differ_only_by_palette(sheet):
    # One tile a card: the suits of a rank share edge, court box and paper
    # outline, the ink draws the suit, and the palette alone gives its colour.
    for rank in range(1, 14):
        tiles = [sheet.card(face(suit, rank)) for suit in range(4)]
        for role in (TRANSPARENT, EDGE):
            spots = [{i for i, p in enumerate(t) if p == role} for t in tiles]
            assert all(s == spots[0] for s in spots), (rank, role)
        for suit, pixels in enumerate(tiles):
            black = render(pixels, S.PALETTE_BLACK)
            red = render(pixels, S.PALETTE_RED)
            changed = {i for i, (a, b) in enumerate(zip(black, red)) if a != b}
            assert changed == {i for i, p in enumerate(pixels) if p == INK}, (suit, rank)
            picked = render(pixels, suit_palette(suit, True))
            tinted = {i for i, (a, b) in enumerate(zip(render(pixels, suit_palette(suit)), picked))
                      if a != b}
            assert tinted == {i for i, p in enumerate(pixels) if p == PAPER}, (suit, rank)


def test_faces_are_paper_with_rounded_corners(sheet):
    w, h = sheet.card_w, sheet.card_h
    for index in FACES:
        pixels = sheet.card(index)
        assert set(pixels) == {TRANSPARENT, PAPER, INK, EDGE}, index
        assert pixels.count(PAPER) > len(pixels) // 2
        for x, y in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)):
            assert pixels[y * w + x] == TRANSPARENT
        assert pixels[w // 2] == EDGE
        assert pixels[(h // 2) * w] == EDGE


def test_court_cards_box_their_letter_in_edge(sheet):
    # The gold frame round J Q K is drawn in EDGE now: the only edge inside a face.
    w, h = sheet.card_w, sheet.card_h
    for suit, rank in itertools.product(range(4), range(1, 14)):
        inside = sheet.card(face(suit, rank), w - 4, h - 4, 2, 2)  # within the rim
        assert (EDGE in inside) == (rank > 10), (suit, rank)


def test_back_is_blue(sheet):
    back = sheet.card(S.TILE_BACK)
    assert set(back) == {TRANSPARENT, PAPER, INK, EDGE}
    assert back.count(PAPER) > len(back) // 3
    for role in (PAPER, INK):  # the fill and its lattice are blues
        rgb = S.PALETTE_BACK[role]
        assert rgb & 0xFF > max(rgb >> 16, rgb >> 8 & 0xFF), hex(rgb)


# Frames.

def test_frame_step_fits_the_rim(sheet):
    # The rim (2 px) and the rounded corner fit in one strip, so strips stack
    # into a frame of any height in steps of FRAME_STEP.
    assert sheet.frame_step == 2
    assert sheet.card_h % sheet.frame_step == 0  # a frame round one card fits it exactly


def test_frame_strips_stack_into_a_hollow_frame(sheet):
    w = sheet.card_w
    for sides in range(0, 2 * sheet.card_h):
        rows = sheet.frame(sides)
        h = len(rows)
        assert h == (sides + 2) * sheet.frame_step
        assert {p for row in rows for p in row} == {TRANSPARENT, INK}
        for y, row in enumerate(rows):
            for x, pixel in enumerate(row):
                rim = min(x, y, w - 1 - x, h - 1 - y) < 2
                corner = min(x, w - 1 - x) + min(y, h - 1 - y) < 2 - (sheet.name == "small")
                if corner or not rim:
                    assert pixel == TRANSPARENT, (sides, x, y)
                else:
                    assert pixel == INK, (sides, x, y)


def test_one_set_of_strips_serves_every_frame_colour(sheet):
    rows = sheet.frame(3)
    drawn = [render(row, palette, S.FELT) for palette in FRAME_PALETTES for row in rows]
    assert {rgb for row in drawn for rgb in row} == {S.FELT} | {p[INK] for p in FRAME_PALETTES}


# Placeholders.

SLOT_TILES = ([S.TILE_EMPTY, S.TILE_FOUNDATION, S.TILE_REDEAL, S.TILE_NO_REDEAL,
               S.TILE_RESERVE, S.TILE_FOUNDATION_FIRST]
              + [S.TILE_FOUNDATION_BASE + r for r in range(13)])


def test_placeholders(sheet):
    w, h = sheet.card_w, sheet.card_h
    assert set(sheet.card(S.TILE_EMPTY, w - 4, h - 4, 2, 2)) == {TRANSPARENT}
    assert sheet.card(S.TILE_EMPTY)[w // 2] == EDGE
    views = [sheet.card(t) for t in SLOT_TILES]
    assert_pairwise_distinct(views)
    assert_pairwise_distinct([render(view, S.PALETTE_SLOT) for view in views])
    for view in views:
        assert EDGE in view
    assert set(sheet.card(S.TILE_FOUNDATION)) == {TRANSPARENT, PAPER, EDGE}


def test_reserve_mark_differs_from_the_empty_tableau(sheet):
    w, h = sheet.card_w, sheet.card_h
    reserve, empty = sheet.card(S.TILE_RESERVE), sheet.card(S.TILE_EMPTY)
    # The same outline, and a second one inside where the empty slot is bare.
    inside = sheet.card(S.TILE_RESERVE, w - 4, h - 4, 2, 2)
    assert INK in inside and reserve != empty
    assert all(r == e for r, e in zip(reserve, empty) if e == EDGE)


def test_first_foundation_mark_is_a_foundation_with_a_mark(sheet):
    first, plain = sheet.card(S.TILE_FOUNDATION_FIRST), sheet.card(S.TILE_FOUNDATION)
    changed = [i for i, (a, b) in enumerate(zip(first, plain)) if a != b]
    assert len(changed) >= 15
    assert all(plain[i] == PAPER and first[i] == INK for i in changed)


# The font.

def test_bottom_up_row_order(sheet):
    # The top-left font cell is ' ' (empty), the next ('!') has ink: a
    # top-down file would put the sheet's last rows (blank spare rows under
    # the small cards, the last large cards) there instead.
    assert set(sheet.glyph(32)) == {TRANSPARENT}
    assert INK in sheet.glyph(33)
    assert INK in sheet.glyph(64) and set(sheet.glyph(64)[:sheet.font_w]) == {TRANSPARENT}
    assert INK in sheet.card(face(0, 1))


def shown_codes(sheet):
    """Font chars with a glyph of their own (not a copy of another cell)."""
    return [code for code in range(32, S.FONT_LAST_CHAR + 1) if code != S.CHAR_HOLE
            and alias_of(code) is None and set(sheet.glyph(code)) != {TRANSPARENT}]


def test_the_panels_hole_is_a_cell_of_edge_that_the_panel_palette_leaves_clear(sheet):
    """A panel's TileGrid is as large as its largest box; the cells round a
    smaller box are holes: all EDGE, a role no glyph uses, see-through in
    the panel's palette only."""
    assert S.CHAR_DOWN < S.CHAR_HOLE < 160 and S.CHAR_HOLE not in S.FONT_ABOVE_LATIN1_CHAR
    assert set(sheet.glyph(S.CHAR_HOLE)) == {EDGE}
    assert all(EDGE not in sheet.glyph(code) for code in shown_codes(sheet))
    assert S.PALETTE_PANEL[S.ROLE_TRANSPARENT] == S.PALETTE_PANEL[S.ROLE_PAPER]  # the box's ground


def test_font_glyphs(sheet):
    fw, fh = sheet.font_w, sheet.font_h
    assert set(sheet.glyph(32)) == {TRANSPARENT}
    shown = shown_codes(sheet)
    assert set(range(33, 127)) - set(range(97, 123)) <= set(shown)
    assert_pairwise_distinct([sheet.glyph(code) for code in shown])
    for code in shown:
        pixels = sheet.glyph(code)
        assert set(pixels) == {TRANSPARENT, INK}, code
        assert all(pixels[y * fw + fw - 1] == TRANSPARENT for y in range(fh)), code  # spacing
    assert S.FONT_LAST_CHAR == 255
    assert S.CHAR_SUIT + 3 < S.CHAR_LEFT < S.CHAR_RIGHT < S.CHAR_UP < S.CHAR_DOWN < 160
    assert 127 <= S.CHAR_SUIT


def test_text_shows_the_felt_where_there_is_no_ink(sheet):
    # The status line: PALETTE_TEXT with ROLE_TRANSPARENT made transparent
    # over the felt; a panel: PALETTE_PANEL, opaque but for the hole.
    for code in range(32, S.FONT_LAST_CHAR + 1):
        if code == S.CHAR_HOLE:
            continue  # the panel's see-through cell: no text shows it
        pixels = sheet.glyph(code)
        line = render(pixels, S.PALETTE_TEXT, under=S.FELT)
        panel = render(pixels, S.PALETTE_PANEL)
        for role, on_line, on_panel in zip(pixels, line, panel):
            if role == INK:
                assert on_line == on_panel == 0xF4F4F4, code
            else:
                assert (on_line, on_panel) == (S.FELT, S.PALETTE_PANEL[TRANSPARENT]), code


def test_top_row_is_blank_except_over_accented_capitals(sheet):
    fw = sheet.font_w
    for code in shown_codes(sheet):
        _base, accent = accented(cell_char(code))
        if not accent and code != 0xC5:  # A ring: its ring is the accent
            assert set(sheet.glyph(code)[:fw]) == {TRANSPARENT}, code


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
        plain = sheet.glyph(ord(base))
        assert glyph != plain, char
        assert set(glyph) == {TRANSPARENT, INK}, char
        # A real accent: ink the plain letter lacks, not just the same glyph moved.
        assert any(g == INK and p != INK for g, p in zip(glyph, plain)), char
        checked += 1
    assert checked == 27


def test_french_characters_have_glyphs(sheet):
    for char in FRENCH + FRENCH.lower():
        code = font_code(char)
        assert code is not None, char
        assert INK in sheet.glyph(code), char


def test_lower_case_draws_capitals(sheet):
    for code in range(ord("a"), ord("z") + 1):
        assert sheet.glyph(code) == sheet.glyph(code - 32)
    for code in range(0xE0, 0xFF):
        if code != 0xF7:  # the division sign is no letter
            assert sheet.glyph(code) == sheet.glyph(code - 32), hex(code)
    assert sheet.glyph(0xFF) == sheet.glyph(font_code("\u0178"))
    assert sheet.glyph(font_code("\u0153")) == sheet.glyph(font_code("\u0152"))
    assert INK in sheet.glyph(0xDF)  # sharp s has a glyph of its own


def test_characters_above_latin1_sit_where_windows_1252_has_them():
    assert (S.CHAR_OE_CAPITAL, S.CHAR_OE) == (140, 156)
    assert len(S.FONT_ABOVE_LATIN1) == len(S.FONT_ABOVE_LATIN1_CHAR)
    for code, cell in zip(S.FONT_ABOVE_LATIN1, S.FONT_ABOVE_LATIN1_CHAR):
        assert code > 255 and bytes([cell]).decode("cp1252") == chr(code)
    extras = set(range(S.CHAR_SUIT, S.CHAR_SUIT + 4)) | {
        S.CHAR_LEFT, S.CHAR_RIGHT, S.CHAR_UP, S.CHAR_DOWN}
    assert not extras & set(S.FONT_ABOVE_LATIN1_CHAR)


def test_cells_without_a_glyph_are_blank(sheet):
    extras = set(range(S.CHAR_SUIT, S.CHAR_SUIT + 4)) | {
        127, S.CHAR_LEFT, S.CHAR_RIGHT, S.CHAR_UP, S.CHAR_DOWN, S.CHAR_HOLE}
    for code in range(127, 160):
        if code not in extras and code not in S.FONT_ABOVE_LATIN1_CHAR:
            assert set(sheet.glyph(code)) == {TRANSPARENT}, code
    assert set(sheet.glyph(0xA0)) == {TRANSPARENT}  # no-break space


def test_card_corner_ranks_are_the_font_glyphs(sheet):
    # Cards draw their ranks with the font's glyphs: the same pixels as the
    # font cell below its blank top row (10 has a narrow glyph of its own).
    fw, fh = sheet.font_w, sheet.font_h
    for suit, (rank, char) in itertools.product(range(4), zip(range(1, 14), "A23456789TJQK")):
        if char == "T":
            continue
        cell = sheet.glyph(ord(char))
        corner = sheet.card(face(suit, rank), fw - 1, fh - 1, 2, 2)
        expected = tuple(INK if cell[(y + 1) * fw + x] == INK else PAPER
                         for y in range(fh - 1) for x in range(fw - 1))
        assert corner == expected, (suit, char)

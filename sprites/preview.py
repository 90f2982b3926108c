"""Enlarged previews of the sheets for eyeballing (host only, Pillow).

Everything is drawn as the firmware draws it: each tile through the
Palette(4) it gets on the board (faces by suit, picked-up faces tinted, the
back, the slots, the frames in three colours, text on the felt and panels
opaque), role 0 transparent except on panels.  For each size it writes, 4x:

* ``<prefix>sheet-<size>.png``: the size's one sheet as it lies, each tile
  through its palette on the felt (font cells as text, cards by suit and
  kind, frame strips in the cursor colour), cut into bands of ten card rows
  set side by side (the sheet is two cards wide),
* ``<prefix>mock-<size>.png``: a made-up table at screen size: fans at the
  minimum steps, red and black and picked-up faces, backs, slot marks, a
  frame of each colour, a status line and a panel,
* ``<prefix>chart-<size>.png``: every font cell from 32 to 255, 16 a line,
  and a few French lines, on a 160x128 screen.

Usage::

    python sprites/preview.py [--sheets firmware/sheets] [--out /tmp] [--prefix sprites-]
"""

import argparse
import math
import os
import sys

from PIL import Image

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build_sheets as bs  # noqa: E402

SCREENS = {"small": (160, 128), "large": (240, 240)}
FONT_SCREEN = (160, 128)
SCALE = 4
BAND_ROWS = 10  # card tile rows a band of the sheet preview
FELT = bs.RGB["FELT"]
P = bs.PALETTE
FRENCH = ("\u00ab D\u00c9J\u00c0 GAGN\u00c9E \u00bb \u00c0 20 \u00b0",
          "C\u0152UR \u00c7A \u00ceLE NA\u00cfF O\u00d9 \u00dbR \u0178",
          "l\u2019\u00e9cart \u00e2pre \u00eatre \u00f4t\u00e9 \u00fc \u00eb")


def rgb_tuple(rgb):
    """0xRRGGBB to (r, g, b)."""
    return rgb >> 16, (rgb >> 8) & 0xFF, rgb & 0xFF


def font_code(char):
    """The font char a character draws with (63, '?', when it has none)."""
    code = ord(char)
    for _name, wide, cell, _what in bs.ABOVE_LATIN1:
        if code == ord(wide):
            return cell
    return code if code <= bs.LAST_CHAR else 63


def face(suit, rank):
    """Tile index of a face."""
    return bs.tile("FACE") + suit * 13 + rank - 1


def face_palette(suit, picked=False):
    """The palette a face of ``suit`` gets."""
    red = suit in (1, 2)
    return P[("RED" if red else "BLACK") + ("_PICKED" if picked else "")]


def card_palette(index):
    """The palette the firmware gives a card-sized tile (faces: unpicked)."""
    if index < bs.tile("BACK"):
        return face_palette((index - bs.tile("FACE")) // 13)
    return P["BACK"] if index == bs.tile("BACK") else P["SLOT"]


class Sheet:
    """One sheet's roles, cut into tiles drawn through a palette."""

    def __init__(self, path):
        image = Image.open(path)
        image.load()
        self.width, self.height = image.size
        self.roles = image.get_flattened_data() if hasattr(
            image, "get_flattened_data") else list(image.getdata())

    def tile(self, index, width, height, palette, opaque=False):
        """RGBA image of tile ``index`` of a size through ``palette``."""
        per_row = self.width // width
        left, top = (index % per_row) * width, (index // per_row) * height
        out = Image.new("RGBA", (width, height))
        out.putdata([rgb_tuple(palette[role]) + (255 if opaque or role else 0,)
                     for y in range(top, top + height)
                     for role in self.roles[y * self.width + left:y * self.width + left + width]])
        return out


class Table:
    """A felt screen that tiles of one size can be pasted onto."""

    def __init__(self, spec, sheet_dir, size):
        self.spec = spec
        self.geometry = bs.layout(spec)
        self.sheet = Sheet(os.path.join(sheet_dir, os.path.basename(bs.sheet_path(spec))))
        self.image = Image.new("RGB", size, rgb_tuple(FELT))

    def paste(self, tile, x, y):
        """Paste an RGBA tile, its transparent pixels left out."""
        self.image.paste(tile, (x, y), tile)

    def card(self, index, x, y, palette=None):
        """Paste a card-sized tile through its palette (or ``palette``)."""
        spec = self.spec
        self.paste(self.sheet.tile(index, spec.card_w, spec.card_h,
                                   palette or card_palette(index)), x, y)

    def frame(self, palette, x, y, height):
        """Paste a strip frame round ``height`` pixels."""
        step = self.spec.frame_step
        count = max(2, math.ceil(height / step))
        for row in range(count):
            piece = 0 if row == 0 else 2 if row == count - 1 else 1
            self.paste(self.sheet.tile(self.geometry.strips[piece], self.spec.card_w, step,
                                       palette), x, y + row * step)

    def text(self, message, x, y, palette=P["TEXT"], opaque=False):
        """Write a line in the font."""
        spec = self.spec
        for offset, char in enumerate(message):
            self.paste(self.sheet.tile(self.geometry.font_first + font_code(char) - 32,
                                       spec.font_w, spec.font_h, palette, opaque),
                       x + offset * spec.font_w, y)

    def panel(self, lines, x, y):
        """A panel: lines of text through the opaque panel palette, a cell of margin."""
        width = max(len(line) for line in lines) + 2
        for row, line in enumerate([""] + list(lines) + [""]):
            self.text(" " + line.ljust(width - 1), x, y + row * self.spec.font_h,
                      P["PANEL"], opaque=True)


def mock_table(table):
    """Lay out a plausible table at the minimum fan steps, with a panel."""
    spec = table.spec
    fan_x, fan_y = bs.fan_steps(spec)
    step = spec.card_w + 1
    top = [bs.tile("REDEAL"), face(2, 7), bs.tile("RESERVE"), bs.tile("FOUNDATION_BASE"),
           face(1, 1), bs.tile("FOUNDATION_FIRST"), bs.tile("EMPTY")]
    for column, index in enumerate(top):
        table.card(index, 1 + column * step, 1)
    for offset, rank in enumerate((13, 12, 11, 10)):
        table.card(face(offset % 4, rank), 1 + 7 * step + offset * fan_x, 1)
    y0 = spec.card_h + 3
    for column in range(9):
        x, y = 1 + column * step, y0
        for _ in range(column % 4):
            table.card(bs.tile("BACK"), x, y)
            y += spec.fan_back_y
        tops = []
        for rank in range(13 - column, max(0, 13 - column - 5), -1):
            suit = (column + rank) % 4
            picked = column == 7 and len(tops) >= 3  # the last two cards picked up
            table.card(face(suit, rank), x, y, face_palette(suit, picked))
            tops.append(y)
            y += fan_y
        if column == 2:  # the cursor on the top card
            table.frame(P["CURSOR"], x, tops[-1], spec.card_h)
        if column == 5:  # the hint: three cards go to the empty pile
            table.frame(P["HINT"], x, tops[-3], tops[-1] - tops[-3] + spec.card_h)
    table.frame(P["HINT_TO"], 1 + 6 * step, 1, spec.card_h)
    height = table.image.height
    table.card(bs.tile("NO_REDEAL"), 1, height - spec.font_h - spec.card_h - 2)
    table.panel(("PARTIE GAGN\u00c9E", chr(bs.EXTRA_FIRST_CHAR + 5) + " REJOUER"),
                table.image.width - 17 * spec.font_w - 1, height - 6 * spec.font_h - 2)
    status = "MOVES 12  " + chr(bs.EXTRA_FIRST_CHAR + 2) + " R\u00c9SERVE \u00c0 VOIR"
    table.text(status, 1, height - spec.font_h)


def font_chart(table):
    """Every font cell, 16 a line after its hex code, then French lines."""
    spec = table.spec
    y = 1
    for high in range(2, 16):
        label = "%X_ " % high
        table.text(label, 1, y)
        for low in range(16):
            table.paste(table.sheet.tile(table.geometry.font_first + 16 * high + low - 32,
                                         spec.font_w, spec.font_h, P["TEXT"]),
                        1 + (len(label) + low) * spec.font_w, y)
        y += spec.font_h
    for line in FRENCH:
        if y + spec.font_h <= table.image.height:
            table.text(line, 1, y)
            y += spec.font_h


def whole_sheet(table):
    """The sheet through each tile's palette, in bands side by side."""
    spec, sheet, geometry = table.spec, table.sheet, table.geometry
    tiles = Image.new("RGB", (sheet.width, sheet.height), rgb_tuple(FELT))
    placed = [(index, spec.font_w, spec.font_h, P["TEXT"])
              for index in range(geometry.font_first, geometry.font_first + bs.FONT_CELLS)]
    placed += [(index, spec.card_w, spec.card_h, card_palette(index))
               for index in range(geometry.first_card, geometry.first_card + bs.CARD_TILES)]
    placed += [(index, spec.card_w, spec.frame_step, P["CURSOR"]) for index in geometry.strips]
    for index, width, height, palette in placed:
        x, y, _w, _h = bs.tile_rect(index, sheet.width, width, height)
        tile = sheet.tile(index, width, height, palette)
        tiles.paste(tile, (x, y), tile)
    band_h = BAND_ROWS * spec.card_h
    bands = math.ceil(sheet.height / band_h)
    out = Image.new("RGB", (bands * (sheet.width + 2) - 2, band_h), (0, 0, 0))
    for band in range(bands):
        out.paste(tiles.crop((0, band * band_h, sheet.width, (band + 1) * band_h)),
                  (band * (sheet.width + 2), 0))
    return out


def enlarge(image):
    """Nearest-neighbour 4x enlargement."""
    return image.resize((image.width * SCALE, image.height * SCALE), Image.NEAREST)


def preview(spec, sheet_dir, out_dir, prefix):
    """Write the previews of one size."""
    def save(image, what):
        enlarge(image).save(os.path.join(out_dir, "%s%s-%s.png" % (prefix, what, spec.name)))
    table = Table(spec, sheet_dir, SCREENS[spec.name])
    save(whole_sheet(table), "sheet")
    mock_table(table)
    save(table.image, "mock")
    chart = Table(spec, sheet_dir, FONT_SCREEN)
    font_chart(chart)
    save(chart.image, "chart")


def main(argv=None):
    """Command line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sheets", default=os.path.join(bs.REPO_ROOT, "firmware", "sheets"))
    parser.add_argument("--out", default="/tmp")
    parser.add_argument("--prefix", default="sprites-")
    args = parser.parse_args(argv)
    for spec in bs.SPECS:
        preview(spec, args.sheets, args.out, args.prefix)


if __name__ == "__main__":
    main()

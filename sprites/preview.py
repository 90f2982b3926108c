"""Enlarged previews of the card sheets for eyeballing (host only, Pillow).

Writes, for each size, ``sprites_preview_<size>_x4.png`` (the whole sheet on
felt, 4x), ``sprites_mock_<size>_x4.png`` (a made-up table at screen size:
fans at the minimum steps, placeholders, strip frames and a status line, 4x)
and ``sprites_font_<size>_x4.png`` (the font: every cell from 32 to 255, 16
a line, and a few French lines, on a 160x128 screen, 4x).

Usage::

    python sprites/preview.py [--sheets firmware/sheets] [--out /tmp]
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
FELT = bs.PALETTE_ENTRIES[bs.C["TRANSPARENT"]][1]  # the key colour is the felt
FRENCH = ("\u00ab D\u00c9J\u00c0 GAGN\u00c9E \u00bb \u00c0 20 \u00b0",
          "C\u0152UR \u00c7A \u00ceLE NA\u00cfF O\u00d9 \u00dbR \u0178",
          "l\u2019\u00e9cart \u00e2pre \u00eatre \u00f4t\u00e9 \u00fc \u00eb")


def felt_rgba(sheet):
    """The sheet as RGBA with palette index 0 fully transparent."""
    rgba = sheet.convert("RGBA")
    alpha = Image.new("L", sheet.size)
    alpha.putdata([0 if index == 0 else 255 for index in sheet.get_flattened_data()])
    rgba.putalpha(alpha)
    return rgba


def font_code(char):
    """The font char a character draws with (63, '?', when it has none)."""
    code = ord(char)
    for _name, wide, cell, _what in bs.ABOVE_LATIN1:
        if code == ord(wide):
            return cell
    return code if code <= bs.LAST_CHAR else 63


class Table:
    """A felt screen that tiles from one sheet can be pasted onto."""

    def __init__(self, sheet, spec, size):
        self.tiles = felt_rgba(sheet)
        self.spec = spec
        self.geometry = bs.layout(spec)
        self.image = Image.new("RGB", size, rgb_tuple(FELT))

    def tile(self, index, x, y, width, height):
        """Paste tile ``index`` of the given tile size at (x, y)."""
        per_row = self.geometry.width // width
        left, top = (index % per_row) * width, (index // per_row) * height
        crop = self.tiles.crop((left, top, left + width, top + height))
        self.image.paste(crop, (x, y), crop)

    def card(self, index, x, y):
        """Paste a card-sized tile."""
        self.tile(index, x, y, self.spec.card_w, self.spec.card_h)

    def frame(self, colour, x, y, height):
        """Paste a strip frame (colour: 0, 3 or 6) round ``height`` pixels."""
        step = self.spec.frame_step
        count = max(2, math.ceil(height / step))
        first = self.geometry.first_strip_tile + colour
        for row in range(count):
            piece = 0 if row == 0 else 2 if row == count - 1 else 1
            self.tile(first + piece, x, y + row * step, self.spec.card_w, step)

    def text(self, message, x, y):
        """Write a line in the sheet's font."""
        for offset, char in enumerate(message):
            self.tile(font_code(char) - 32,
                      x + offset * self.spec.font_w, y,
                      self.spec.font_w, self.spec.font_h)


def rgb_tuple(rgb):
    """0xRRGGBB to (r, g, b)."""
    return rgb >> 16, (rgb >> 8) & 0xFF, rgb & 0xFF


def face(suit, rank):
    """Tile index of a face."""
    return bs.tile("FACE") + suit * 13 + rank - 1


def mock_table(table):
    """Lay out a plausible Klondike-like screen at the minimum fan steps."""
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
            table.card(face((column + rank) % 4, rank), x, y)
            tops.append(y)
            y += fan_y
        if column == 2:  # the cursor on the top card
            table.frame(0, x, tops[-1], spec.card_h)
        if column == 5:  # the hint: three cards go to the empty pile
            table.frame(3, x, tops[-3], tops[-1] - tops[-3] + spec.card_h)
    table.frame(6, 1 + 6 * step, 1, spec.card_h)
    status = "MOVES 12  " + chr(bs.EXTRA_FIRST_CHAR + 2) + " R\u00c9SERVE \u00c0 VOIR"
    table.text(status, 1, table.image.height - spec.font_h)


def font_chart(table):
    """Every font cell, 16 a line after its hex code, then French lines."""
    spec = table.spec
    y = 1
    for high in range(2, 16):
        chars = "".join(chr(16 * high + low) for low in range(16))
        label = "%X_ " % high
        table.text(label, 1, y)
        for offset, char in enumerate(chars):
            table.tile(ord(char) - 32, 1 + (len(label) + offset) * spec.font_w, y,
                       spec.font_w, spec.font_h)
        y += spec.font_h
    for line in FRENCH:
        if y + spec.font_h <= table.image.height:
            table.text(line, 1, y)
            y += spec.font_h


def enlarge(image):
    """Nearest-neighbour 4x enlargement."""
    return image.resize((image.width * SCALE, image.height * SCALE), Image.NEAREST)


def preview(spec, sheet_dir, out_dir):
    """Write the previews of one size."""
    sheet = Image.open(os.path.join(sheet_dir, spec.name + ".bmp"))
    sheet.load()
    felt = Image.new("RGB", sheet.size, rgb_tuple(FELT))
    felt.paste(felt_rgba(sheet), (0, 0), felt_rgba(sheet))
    enlarge(felt).save(os.path.join(out_dir, "sprites_preview_%s_x4.png" % spec.name))
    table = Table(sheet, spec, SCREENS[spec.name])
    mock_table(table)
    enlarge(table.image).save(os.path.join(out_dir, "sprites_mock_%s_x4.png" % spec.name))
    table.image.save(os.path.join(out_dir, "sprites_mock_%s_x1.png" % spec.name))
    chart = Table(sheet, spec, FONT_SCREEN)
    font_chart(chart)
    enlarge(chart.image).save(os.path.join(out_dir, "sprites_font_%s_x4.png" % spec.name))


def main(argv=None):
    """Command line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sheets", default=os.path.join(bs.REPO_ROOT, "firmware", "sheets"))
    parser.add_argument("--out", default="/tmp")
    args = parser.parse_args(argv)
    for spec in bs.SPECS:
        preview(spec, args.sheets, args.out)


if __name__ == "__main__":
    main()

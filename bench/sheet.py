"""Bitmap or OnDiskBitmap for the sprite sheet: RAM held and drawing time.

Run: python bench/sheet.py. For each sheet it prints the RAM a
displayio.Bitmap of it holds on the device (2 bits per pixel: 4 colours;
rows padded to 32 bits, as CircuitPython stores it), the file size, and in the
simulator the time of a full-screen refresh and of a card-sized refresh
drawn from each kind of bitmap. On the device an OnDiskBitmap reads the
flash file for every pixel it draws; a Bitmap reads RAM.
"""

import os
import time

import displayio

from host_sim.simulator import cli as sim
from host_sim.simulator.display import CountingDisplay
from patience.screens import sheet_setup, sheets


def bitmap_ram(width, height, bits=2):
    """Bytes of pixel data in a CircuitPython displayio.Bitmap."""
    words_per_row = (width * bits + 31) // 32
    return words_per_row * 4 * height


def timed_refreshes(display, grid, count=30):
    """(full refresh s, one-card refresh s), medians of ``count``."""
    full, card = [], []
    for i in range(count):
        started = time.perf_counter()
        display.force_full_refresh()
        full.append(time.perf_counter() - started)
        grid[0] = sheets.TILE_FACE + i % 52
        started = time.perf_counter()
        display.refresh()
        card.append(time.perf_counter() - started)
    return sorted(full)[count // 2], sorted(card)[count // 2]


def main():
    import adafruit_imageload
    print(f"{'sheet':<7}{'file B':>8}{'Bitmap RAM B':>14}{'kind':>14}{'full refresh ms':>17}{'card refresh ms':>17}")
    for size, name in ((sheets.SMALL, "small"), (sheets.LARGE, "large")):
        path = sim.firmware_dir() + sheet_setup.PATH[size]
        with CountingDisplay(160 if size == sheets.SMALL else 240, 128 if size == sheets.SMALL else 240,
                             headless=True) as display:
            for kind in ("Bitmap", "OnDiskBitmap"):
                if kind == "Bitmap":
                    bitmap, palette = adafruit_imageload.load(path, bitmap=displayio.Bitmap,
                                                              palette=displayio.Palette)
                    ram = bitmap_ram(bitmap.width, bitmap.height)
                else:
                    bitmap = displayio.OnDiskBitmap(path)
                    palette = bitmap.pixel_shader
                group = displayio.Group()
                grids = [displayio.TileGrid(bitmap, pixel_shader=palette, tile_width=sheet_setup.CARD_W[size],
                                            tile_height=sheet_setup.CARD_H[size], default_tile=sheets.TILE_FACE + i,
                                            x=(i % 9) * sheet_setup.CARD_W[size], y=(i // 9) * sheet_setup.CARD_H[size])
                         for i in range(45)]
                for grid in grids:
                    group.append(grid)
                display.root_group = group
                full, card = timed_refreshes(display, grids[0])
                print(f"{name:<7}{os.path.getsize(path):>8}{ram if kind == 'Bitmap' else 0:>14}{kind:>14}"
                      f"{full * 1000:>17.1f}{card * 1000:>17.2f}")
                display.root_group = None


if __name__ == "__main__":
    main()

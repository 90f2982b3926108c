"""Blinka's two pixel loops the game runs through most, done by NumPy: the
same pixels, many times faster.

Blinka draws a TileGrid of a Bitmap with a Palette one pixel at a time in
Python (``displayio._tilegrid._fill_pixels``), and ``bitmaptools.readinto``
reads a BMP file's pixels (the card sheet) one at a time. ``install()`` puts
``fill_pixels`` and ``readinto`` in their places: the same arithmetic on
whole arrays, giving the same frames and the same bitmaps
(tests/test_sim_cli.py compares them with Blinka's own loops).
"""

import bitmaptools
import numpy as np
from displayio import Bitmap, _tilegrid
from displayio._area import Area

# pylint: disable=protected-access
_BLINKA = (_tilegrid._fill_pixels, bitmaptools.readinto)


def _words(data):
    """A Bitmap's packed rows (an ``array``) as unsigned ints of their own size."""
    return np.frombuffer(data, dtype=np.dtype("u%d" % data.itemsize))


def fill_pixels(buffer, mask, colors, opaque, geometry, tilegrid, bitmap):
    """``_tilegrid._fill_pixels`` on arrays: fill the unmasked pixels of the
    area from the tiles, set their mask bits where the colour is opaque, and
    say whether every unmasked pixel was opaque."""
    # pylint: disable=too-many-arguments,too-many-locals,protected-access
    start, x_stride, y_stride, x_shift, y_shift, start_x, end_x, start_y, end_y = geometry
    if end_x <= start_x or end_y <= start_y:
        return True
    scale = tilegrid._absolute_transform.scale
    ys = np.arange(start_y, end_y)
    xs = np.arange(start_x, end_x)
    offsets = ((start + (ys - start_y + y_shift) * y_stride)[:, None]
               + ((xs - start_x + x_shift) * x_stride)[None, :]).ravel()
    mask_words = np.frombuffer(mask, dtype=np.uint32)
    free = (mask_words[offsets >> 5] >> (offsets & 31).astype(np.uint32)) & 1 == 0
    local_y, local_x = ys // scale, xs // scale
    tile_w, tile_h = tilegrid._tile_width, tilegrid._tile_height
    rows = ((local_y // tile_h + tilegrid._top_left_y) % tilegrid._height_in_tiles
            ) * tilegrid._width_in_tiles
    columns = (local_x // tile_w + tilegrid._top_left_x) % tilegrid._width_in_tiles
    tiles = np.frombuffer(bytes(tilegrid._tiles), dtype=np.uint8).astype(np.int64)
    tile = tiles[(rows[:, None] + columns[None, :]).ravel()]
    across = bitmap_width_in_tiles = tilegrid._bitmap_width_in_tiles
    tile_x = ((tile % across) * tile_w).reshape(len(ys), len(xs)) + (local_x % tile_w)[None, :]
    tile_y = ((tile // bitmap_width_in_tiles) * tile_h).reshape(len(ys), len(xs)) \
        + (local_y % tile_h)[:, None]
    tile_x, tile_y = tile_x.ravel(), tile_y.ravel()
    inside = (tile_x < bitmap._bmp_width) & (tile_y < bitmap._bmp_height)
    pixel = np.zeros(len(offsets), dtype=np.int64)
    x_in, y_in = tile_x[inside], tile_y[inside]
    words = bitmap._data
    if bitmap._bits_per_value == 8:
        data = np.frombuffer(memoryview(words).cast("B"), dtype=np.uint8)
        pixel[inside] = data[y_in * bitmap._stride * words.itemsize + x_in]
    else:
        bits = bitmap._bits_per_value
        word = _words(words)[y_in * bitmap._stride + (x_in >> bitmap._x_shift)].astype(np.int64)
        pixel[inside] = (word >> (32 - ((x_in & bitmap._x_mask) + 1) * bits)) & bitmap._bitmask
    shown = np.frombuffer(bytes(opaque), dtype=np.uint8)[pixel] != 0
    drawn = free & shown
    at = offsets[drawn]
    np.frombuffer(buffer, dtype=np.uint16)[at] = np.asarray(colors, dtype=np.uint16)[pixel[drawn]]
    np.bitwise_or.at(mask_words, at >> 5, (np.uint32(1) << (at & 31).astype(np.uint32)))
    return not np.any(free & ~shown)


def readinto(bitmap, file, bits_per_pixel, element_size=1, reverse_pixels_in_element=False,
             swap_bytes=False, reverse_rows=False):
    """``bitmaptools.readinto`` on arrays, for what a BMP of 1 to 8 bits a
    pixel needs; any other case goes to Blinka's loop."""
    # pylint: disable=too-many-arguments,too-many-locals
    bits = bitmap._bits_per_value if type(bitmap) is Bitmap else 0  # pylint: disable=unidiomatic-typecheck
    if bits_per_pixel not in (1, 2, 4, 8) or not 0 < bits <= 8 or (swap_bytes and element_size > 1):
        return _BLINKA[1](bitmap, file, bits_per_pixel, element_size,
                          reverse_pixels_in_element, swap_bytes, reverse_rows)
    width, height = bitmap.width, bitmap.height
    row_size = element_size * ((width * bits_per_pixel + element_size * 8 - 1)
                               // (element_size * 8))
    raw = file.read(row_size * height)
    if len(raw) != row_size * height:
        raise EOFError()
    rows = np.frombuffer(raw, dtype=np.uint8).reshape(height, row_size)
    per_byte = 8 // bits_per_pixel
    x = np.arange(width)
    place = x % per_byte
    if reverse_pixels_in_element:
        place = per_byte - 1 - place
    values = (rows[:, x // per_byte] >> (bits_per_pixel * place)) & ((1 << bits_per_pixel) - 1)
    if reverse_rows:
        values = values[::-1]
    values = values.astype(np.uint64) & bitmap._bitmask
    words = np.frombuffer(bitmap._data, dtype=np.dtype("u%d" % bitmap._data.itemsize))
    if bits == 8:
        row_bytes = bitmap._stride * bitmap._data.itemsize
        data = np.frombuffer(memoryview(bitmap._data).cast("B"), dtype=np.uint8)
        data.reshape(height, row_bytes)[:, :width] = values
    else:
        per_word = 1 << bitmap._x_shift
        padded = np.zeros((height, bitmap._stride * per_word), dtype=np.uint64)
        padded[:, :width] = values
        shifts = (32 - (np.arange(per_word) + 1) * bits).astype(np.uint64)
        packed = (padded.reshape(height, bitmap._stride, per_word) << shifts).sum(axis=2)
        words[:] = packed.ravel()
    bitmap._set_dirty_area(Area(0, 0, width, height))


def install():
    """Draw and read with these from now on (once is enough)."""
    _tilegrid._fill_pixels = fill_pixels
    bitmaptools.readinto = readinto


def uninstall():
    """Blinka's own loops again."""
    _tilegrid._fill_pixels, bitmaptools.readinto = _BLINKA

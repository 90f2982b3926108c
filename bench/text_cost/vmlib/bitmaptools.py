"""bitmaptools for the VM (bench/text_cost.py only): blit, as the C function.

Only ``blit`` (all adafruit_display_text's bitmap_label needs for plain
text) and ``replace_color``. The argument checks and their order follow
CircuitPython's shared-bindings/bitmaptools/__init__.c
bitmaptools_obj_blit: x and y 0..width-1 / height-1 of the destination
(``ValueError: x must be 0-N``, which bitmap_label catches for a glyph past
the edge), a source with more bits per value refused, x1/y1 inside the
source, x2/y2 0..its width/height (None: the whole), corners swapped when
reversed; then pixels are copied clipped to the destination, skipping
``skip_source_index`` in the source and ``skip_dest_index`` in the
destination (common_hal_bitmaptools_blit). Like the C code it allocates
nothing on the heap: pixels go through the stand-in Bitmap's int indexing.
No ``readinto`` (adafruit_bitmap_font's PCF loader imports it inside
``try``; this bench loads a BDF).
"""

from vmargs import int_range


def _bits(bitmap):
    return bitmap._s[4]  # the stand-in Bitmap's bits per value (displayio.Bitmap)


def blit(dest_bitmap, source_bitmap, x, y, *, x1=0, y1=0, x2=None, y2=None,
         skip_source_index=None, skip_dest_index=None):
    dest_w, dest_h = dest_bitmap.width, dest_bitmap.height
    int_range(x, 0, max(0, dest_w - 1), "x")
    int_range(y, 0, max(0, dest_h - 1), "y")
    if _bits(dest_bitmap) < _bits(source_bitmap):
        raise ValueError("source palette too large")
    width, height = source_bitmap.width, source_bitmap.height
    int_range(x1, 0, max(0, width - 1), "x1")
    int_range(y1, 0, max(0, height - 1), "y1")
    x2 = width if x2 is None else int_range(x2, 0, width, "x2")
    y2 = height if y2 is None else int_range(y2, 0, height, "y2")
    if x1 > x2:
        x1, x2 = x2, x1
    if y1 > y2:
        y1, y2 = y2, y1
    for row in range(y1, y2):
        to_y = y + row - y1
        if to_y >= dest_h:
            break
        for column in range(x1, x2):
            to_x = x + column - x1
            if to_x >= dest_w:
                break
            value = source_bitmap[row * width + column]
            if skip_source_index is not None and value == skip_source_index:
                continue
            at = to_y * dest_w + to_x
            if skip_dest_index is not None and dest_bitmap[at] == skip_dest_index:
                continue
            dest_bitmap[at] = value


def replace_color(dest_bitmap, old_color, new_color):
    """Every pixel of ``old_color`` becomes ``new_color`` (no allocation)."""
    for at in range(dest_bitmap.width * dest_bitmap.height):
        if dest_bitmap[at] == old_color:
            dest_bitmap[at] = new_color

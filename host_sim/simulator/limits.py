"""What a board cannot show: the simulator refuses it instead of drawing it.

Blinka's displayio keeps positions and scales in Python integers; CircuitPython
keeps them in C fields (adafruit/circuitpython, shared-module/displayio):

- a Group's scale is a uint8 and its per-pixel step an int8 (area.h,
  ``displayio_buffer_transform_t``; Group.c ``displayio_group_update_transform``
  multiplies them along the nesting), so a combined scale over 127 draws the
  content mirrored off-screen and the area stays black;
- Group and TileGrid x, y are int16 (Group.h, TileGrid.h) and wrap silently;
- CircuitPython 9 stores a TileGrid's tiles in a uint8 and refuses a tile
  over 255 (shared-bindings/displayio/TileGrid.c ``tile must be 0-255``);
  10 stores more but draws only the low byte (``displayio_input_pixel_t.tile``).
  Blinka refuses such a tile itself (ValueError when it is set).

``check(group)`` walks a root group and raises ``BoardLimitError`` naming the
first object that breaks one of these rules; ``CountingDisplay`` calls it
before every refresh.
"""

import displayio

MAX_SCALE = 127
INT16 = (-32768, 32767)


class BoardLimitError(RuntimeError):
    """The screen holds something a CircuitPython board would not draw."""


def check(group):
    """Raise BoardLimitError for the first object a board cannot draw."""
    if group is not None:
        _check_group(group, "root_group", 1, 0, 0)


def _fail(path, what, rule):
    raise BoardLimitError("%s %s: %s" % (path, what, rule))


def _check_position(path, what, x, y, scale, origin_x, origin_y):
    """x, y of a layer (int16 fields) and where they land on screen."""
    for value in (x, y, origin_x + x * scale, origin_y + y * scale):
        if not INT16[0] <= value <= INT16[1]:
            _fail(path, what, "position %d is outside a board's int16 coordinates" % value)


def _check_group(group, path, parent_scale, origin_x, origin_y):
    what = "Group(scale=%d, x=%d, y=%d)" % (group.scale, group.x, group.y)
    scale = parent_scale * group.scale
    if scale > MAX_SCALE:
        _fail(path, what, "a combined scale of %d does not fit CircuitPython's int8 step "
              "(1 to %d): a board draws nothing there" % (scale, MAX_SCALE))
    _check_position(path, what, group.x, group.y, parent_scale, origin_x, origin_y)
    x0, y0 = origin_x + group.x * parent_scale, origin_y + group.y * parent_scale
    for index in range(len(group)):
        layer = group[index]
        where = "%s[%d]" % (path, index)
        if isinstance(layer, displayio.Group):
            _check_group(layer, where, scale, x0, y0)
        elif isinstance(layer, displayio.TileGrid):
            _check_tilegrid(layer, where, scale, x0, y0)


def _check_tilegrid(grid, path, scale, origin_x, origin_y):
    what = "TileGrid(%dx%d tiles at %d,%d)" % (grid.width, grid.height, grid.x, grid.y)
    _check_position(path, what, grid.x, grid.y, scale, origin_x, origin_y)

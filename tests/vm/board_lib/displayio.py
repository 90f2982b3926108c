"""displayio for the VM: Group, TileGrid, Bitmap, Palette, OnDiskBitmap that
cost what CircuitPython's C objects cost and refuse what a board mishandles.

Nothing is drawn. Each object keeps its state compactly (small ints, one
bytearray) padded so that the Python object, measured on the 32-bit VM,
takes at least the heap of the C object and at most 16 bytes more (the C
structs are micropython/micropython @ 0a12df11 shared-module/displayio/Group.h,
adafruit/circuitpython @ e549bd91 shared-module/displayio/TileGrid.h,
jepler/circuitpython @ 9f25ff3e shared-module/displayio/Bitmap.h,
tyeth/circuitpython @ 91cf8fb8 shared-module/displayio/Palette.c; GC blocks
are 16 bytes). Measured stand-in overheads on the VM: an instance with up
to 2 attributes 32 B, with 3 or 4 attributes 48 B; a bytearray 16 B plus
its buffer in 16-byte blocks; a list 16 B plus 4 B a slot (4 slots first,
doubling), the same mp_obj_list_t a C Group keeps its members in.

Two kinds of refusal:
- where CircuitPython raises, the same exception type, with its message
  prefixed by the object's name;
- where CircuitPython accepts the call but draws wrongly (``Misdrawn``, a
  ValueError). A test that must run firmware with a known such fault can
  list the rule (``scale``, ``int16``) in the environment variable
  VM_TOLERATE: the first violation of each tolerated rule is then printed
  as a line starting "MISDRAWN" and the call goes on.
"""

import os

from micropython import const

from vmargs import get_index, int_range, integer

_TOLERATED = os.getenv("VM_TOLERATE") or ""
_reported = []  # tolerated rules already printed once

_SCALE_MAX = const(127)  # uint8 scale, int8 step: area.h displayio_buffer_transform_t
_ABS_CAP = const(4095)  # an absolute scale is only compared with _SCALE_MAX


class Misdrawn(ValueError):
    """CircuitPython would accept this and draw something else."""


def _misdrawn(rule, message):
    """Raise Misdrawn, or print it once when ``rule`` is tolerated."""
    if rule not in _TOLERATED:
        raise Misdrawn(message)
    if rule not in _reported:
        _reported.append(rule)
        print("MISDRAWN", rule + ":", message)


def _int16(value, what):
    """x and y are int16_t fields (Group.h, TileGrid.h): a board wraps them
    silently and draws the layer elsewhere."""
    if not -32768 <= integer(value, what) <= 32767:
        _misdrawn("int16", "%s %d is outside int16: CircuitPython wraps it and draws "
                           "the layer elsewhere (int16_t field)" % (what, value))
    return value


def _u16(data, at):
    return data[at] | data[at + 1] << 8


def _s16(data, at):
    value = data[at] | data[at + 1] << 8
    return value - 65536 if value & 0x8000 else value


def _put16(data, at, value):
    data[at] = value & 0xFF
    data[at + 1] = (value >> 8) & 0xFF


def _blocks(size):
    """Bytes a GC allocation of ``size`` takes (16-byte blocks)."""
    return (size + 15) & ~15


# ---------------------------------------------------------------- Group

# _f packs: scale (bits 0-14), hidden (15), in a group (16), absolute scale (17-28)
_HIDDEN = const(0x8000)
_IN_GROUP = const(0x10000)
_ABS_SHIFT = const(17)


class Group:
    """A list of layers with a scale and an offset.

    Cost: instance with 4 small-int/list attributes (48 B) + the members list
    (32 B with up to 4 layers) = 80 B, the C Group's 48 B + its member list.
    Rules (tyeth/circuitpython @ 35ffb64a shared-bindings/displayio/Group.c
    displayio_group_make_new, displayio_group_obj_set_scale; tyeth @ 01da5c7c
    shared-module/displayio/Group.c _add_layer, displayio_group_update_transform):
    scale 1-32767 at construction, >= 1 when set; a layer in one group only;
    only Groups and TileGrids; and the product of the scales along the
    nesting must stay <= 127: the transform keeps it in a uint8 and the
    per-pixel step in an int8 (tyeth @ e9c6fb8a shared-module/displayio/area.h
    displayio_buffer_transform_t), so 128 or more draws nothing on screen.
    """

    def __init__(self, *, scale=1, x=0, y=0):
        int_range(scale, 1, 32767, "Group: scale")
        self._m = []
        self._x = _int16(x, "Group x")
        self._y = _int16(y, "Group y")
        self._f = scale | min(scale, _ABS_CAP) << _ABS_SHIFT

    # -- properties

    @property
    def scale(self):
        return self._f & 0x7FFF

    @scale.setter
    def scale(self, value):
        if integer(value, "Group scale") < 1:
            raise ValueError("Group: scale must be >= 1")
        if value > 32767:
            _misdrawn("scale", "Group scale %d does not fit the uint16 field" % value)
            value = 32767
        # as common_hal_displayio_group_set_scale: the parent's from ours
        parent = max(1, self._absolute() // self.scale) if self._joined() else 1
        self._f = (self._f & ~0x7FFF) | value
        self._place(parent)

    @property
    def hidden(self):
        return bool(self._f & _HIDDEN)

    @hidden.setter
    def hidden(self, value):
        self._f = self._f | _HIDDEN if value else self._f & ~_HIDDEN

    @property
    def x(self):
        return self._x

    @x.setter
    def x(self, value):
        self._x = _int16(value, "Group x")

    @property
    def y(self):
        return self._y

    @y.setter
    def y(self, value):
        self._y = _int16(value, "Group y")

    # -- the members

    def __len__(self):
        return len(self._m)

    def __getitem__(self, index):
        return self._m[_group_index(index)]

    def __setitem__(self, index, layer):
        index = _group_index(index)
        _add_layer(self, layer)
        _leave(self._m[index])
        self._m[index] = layer

    def __delitem__(self, index):
        self.pop(_group_index(index))

    def append(self, layer):
        self.insert(len(self._m), layer)

    def insert(self, index, layer):
        _add_layer(self, layer)
        self._m.insert(index, layer)

    def index(self, layer):
        return self._m.index(layer)

    def pop(self, index=-1):
        layer = self._m.pop(index)
        _leave(layer)
        return layer

    def remove(self, layer):
        self.pop(self._m.index(layer))

    # -- the transform

    def _absolute(self):
        return self._f >> _ABS_SHIFT

    def _place(self, parent_scale):
        """Take the parent's absolute scale; check every TileGrid below."""
        scale = min(parent_scale * (self._f & 0x7FFF), _ABS_CAP)
        self._f = (self._f & (_IN_GROUP | _HIDDEN | 0x7FFF)) | scale << _ABS_SHIFT
        members = self._m
        for i in range(len(members)):
            layer = members[i]
            if isinstance(layer, Group):
                layer._place(scale)
            else:
                _check_scale(scale)

    def _joined(self):
        return bool(self._f & _IN_GROUP)

    def _join(self, joined):
        self._f = self._f | _IN_GROUP if joined else self._f & ~_IN_GROUP


def _group_index(index):
    if not isinstance(index, int):
        raise NotImplementedError("Group: Slices not supported")
    return index


def _check_scale(scale):
    if scale > _SCALE_MAX:
        _misdrawn("scale", "a TileGrid under Groups whose scales multiply to %d: "
                           "CircuitPython keeps the scale in a uint8 and the step in an "
                           "int8, so over 127 it draws nothing (keep the product <= 127)"
                  % scale)


def _add_layer(group, layer):
    """_add_layer (shared-module/displayio/Group.c): type, one group, transform."""
    if not (isinstance(layer, Group) or isinstance(layer, TileGrid)):
        raise ValueError("Group: Layer must be a Group or TileGrid subclass")
    if layer._joined():
        raise ValueError("Group: Layer already in a group")
    layer._join(True)
    if isinstance(layer, Group):
        layer._place(group._absolute())
    else:
        _check_scale(group._absolute())


def _leave(layer):
    layer._join(False)
    if isinstance(layer, Group):
        layer._place(1)


# ---------------------------------------------------------------- TileGrid

# _s header (little-endian uint16): x, y, width, height, tile_width,
# tile_height, bitmap width in tiles, tiles in the bitmap, flags; then the tiles.
_TG_X = const(0)
_TG_Y = const(2)
_TG_W = const(4)
_TG_H = const(6)
_TG_TW = const(8)
_TG_TH = const(10)
_TG_ACROSS = const(12)
_TG_COUNT = const(14)
_TG_FLAGS = const(16)
_TG_TILES = const(18)
_TG_OVERHEAD = const(64)  # instance with 3 attributes (48) + bytearray object (16)
_TG_HIDDEN = const(1)
_TG_IN_GROUP = const(2)
_TG_WIDE = const(4)  # tiles stored as uint16


def tilegrid_c_size(tiles, tiles_in_bitmap):
    """Heap a C TileGrid takes: 96 B, plus its tile array when that does not
    fit in the pointer (common_hal_displayio_tilegrid_construct); CircuitPython
    10 stores uint16 tiles when the bitmap has more than 255 tiles."""
    size = tiles * (2 if tiles_in_bitmap > 255 else 1)
    return 96 + (_blocks(size) if size > 4 else 0)


class TileGrid:
    """A grid of tiles cut from one bitmap.

    Cost: instance with 3 attributes (48 B) + one bytearray (16 B + buffer)
    padded to the C size (``tilegrid_c_size``). Rules (adafruit/circuitpython
    @ 2975057f and @ 16887663 shared-bindings/displayio/TileGrid.c
    displayio_tilegrid_make_new, tilegrid_subscr; tyeth @ 01da5c7c
    shared-module/displayio/TileGrid.c common_hal_displayio_tilegrid_set_tile):
    bitmap and pixel_shader types; tile sizes divide the bitmap; width and
    height 1-65535; a tile value < the bitmap's tiles and <= 255 (9.x raises
    "tile must be 0-255"; 10.x accepts it but draws through a uint8 tile field,
    shared-module/displayio/Palette.h displayio_input_pixel_t); positions in
    the grid; x and y int16.
    """

    def __init__(self, bitmap, *, pixel_shader, width=1, height=1, tile_width=None,
                 tile_height=None, default_tile=0, x=0, y=0):
        _check_bitmap(bitmap)
        _check_shader(pixel_shader)
        tile_width = bitmap.width if tile_width is None else tile_width
        tile_height = bitmap.height if tile_height is None else tile_height
        _check_cut(bitmap, tile_width, tile_height)
        across = bitmap.width // tile_width
        count = across * (bitmap.height // tile_height)
        int_range(width, 1, 65535, "TileGrid: width")
        int_range(height, 1, 65535, "TileGrid: height")
        self._b = bitmap
        self._p = pixel_shader
        self._s = _tilegrid_state(width, height, tile_width, tile_height, across, count)
        self.x, self.y = x, y
        _check_tile(int_range(default_tile, 0, count - 1, "TileGrid: default_tile"))
        self._fill(default_tile)

    def _fill(self, tile):
        for i in range(self.width * self.height):
            self._put(i, tile)

    # -- properties

    @property
    def x(self):
        return _s16(self._s, _TG_X)

    @x.setter
    def x(self, value):
        _put16(self._s, _TG_X, _int16(value, "TileGrid x"))

    @property
    def y(self):
        return _s16(self._s, _TG_Y)

    @y.setter
    def y(self, value):
        _put16(self._s, _TG_Y, _int16(value, "TileGrid y"))

    @property
    def width(self):
        return _u16(self._s, _TG_W)

    @property
    def height(self):
        return _u16(self._s, _TG_H)

    @property
    def tile_width(self):
        return _u16(self._s, _TG_TW)

    @property
    def tile_height(self):
        return _u16(self._s, _TG_TH)

    @property
    def hidden(self):
        return bool(self._s[_TG_FLAGS] & _TG_HIDDEN)

    @hidden.setter
    def hidden(self, value):
        self._flag(_TG_HIDDEN, value)

    @property
    def bitmap(self):
        return self._b

    @bitmap.setter
    def bitmap(self, bitmap):
        _check_bitmap(bitmap)
        if bitmap.width != self._b.width or bitmap.height != self._b.height:
            raise ValueError("TileGrid: New bitmap must be same size as old bitmap")
        self._b = bitmap

    @property
    def pixel_shader(self):
        return self._p

    @pixel_shader.setter
    def pixel_shader(self, shader):
        _check_shader(shader)
        self._p = shader

    # -- tiles

    def __getitem__(self, index):
        return self._get(self._position(index))

    def __setitem__(self, index, tile):
        at = self._position(index)
        if integer(tile, "TileGrid: tile") < 0:
            raise ValueError("TileGrid: tile must be 0-255")
        if tile >= _u16(self._s, _TG_COUNT):
            raise ValueError("TileGrid: Tile index out of bounds (tile %d, the bitmap has %d)"
                             % (tile, _u16(self._s, _TG_COUNT)))
        _check_tile(tile)
        self._put(at, tile)

    def _position(self, index):
        """Tile number from ``i`` (x = i % width) or ``(x, y)``."""
        width = self.width
        if isinstance(index, tuple):
            x, y = index
        elif isinstance(index, int):
            if index < 0:  # C reads it into a uint16: far out of the grid
                raise IndexError("TileGrid: Tile index out of bounds")
            x, y = index % width, index // width
        else:
            raise NotImplementedError("TileGrid: Slices not supported")
        if not (0 <= x < width and 0 <= y < self.height):
            raise IndexError("TileGrid: Tile index out of bounds")
        return y * width + x

    def _get(self, at):
        data = self._s
        if data[_TG_FLAGS] & _TG_WIDE:
            return _u16(data, _TG_TILES + 2 * at)
        return data[_TG_TILES + at]

    def _put(self, at, tile):
        data = self._s
        if data[_TG_FLAGS] & _TG_WIDE:
            _put16(data, _TG_TILES + 2 * at, tile)
        else:
            data[_TG_TILES + at] = tile

    def _flag(self, bit, on):
        data = self._s
        data[_TG_FLAGS] = data[_TG_FLAGS] | bit if on else data[_TG_FLAGS] & ~bit

    def _joined(self):
        return bool(self._s[_TG_FLAGS] & _TG_IN_GROUP)

    def _join(self, joined):
        self._flag(_TG_IN_GROUP, joined)


def _check_bitmap(bitmap):
    if not (isinstance(bitmap, Bitmap) or isinstance(bitmap, OnDiskBitmap)):
        raise TypeError("TileGrid: unsupported bitmap type")


def _check_shader(shader):
    if not isinstance(shader, Palette):
        raise TypeError("TileGrid: unsupported pixel_shader type")


def _check_tile(tile):
    if tile > 255:
        raise ValueError("TileGrid: tile must be 0-255 (tile %d: CircuitPython 9 refuses it, "
                         "10 draws tile %d)" % (tile, tile & 0xFF))


def _check_cut(bitmap, tile_width, tile_height):
    """Tile sizes 1-65535 that divide the bitmap exactly."""
    int_range(tile_width, 1, 65535, "TileGrid: tile_width")
    int_range(tile_height, 1, 65535, "TileGrid: tile_height")
    if bitmap.width % tile_width:
        raise ValueError("TileGrid: Tile width must exactly divide bitmap width "
                         "(%d into %d)" % (tile_width, bitmap.width))
    if bitmap.height % tile_height:
        raise ValueError("TileGrid: Tile height must exactly divide bitmap height "
                         "(%d into %d)" % (tile_height, bitmap.height))


def _tilegrid_state(width, height, tile_width, tile_height, across, count):
    tiles = width * height
    wide = count > 255
    size = max(_TG_TILES + tiles * (2 if wide else 1),
               tilegrid_c_size(tiles, count) - _TG_OVERHEAD)
    data = bytearray(size)  # the only allocation: a C constructor leaves no garbage
    _put16(data, _TG_W, width)
    _put16(data, _TG_H, height)
    _put16(data, _TG_TW, tile_width)
    _put16(data, _TG_TH, tile_height)
    _put16(data, _TG_ACROSS, across)
    _put16(data, _TG_COUNT, count)
    data[_TG_FLAGS] = _TG_WIDE if wide else 0
    return data


# ---------------------------------------------------------------- Bitmap

_BM_HEADER = const(6)  # width, height (uint16), bits per value, spare


def bits_per_value(value_count):
    """common_hal_displayio_bitmap_construct's rounding: 1, 2, 4, 8, 16."""
    bits = 1
    while (value_count - 1) >> bits:
        bits = bits << 1 if bits < 8 else bits + 8
    return bits


def bitmap_c_size(width, height, value_count):
    """48 B struct + rows padded to 32 bits (tyeth @ 91cf8fb8 Bitmap.c stride())."""
    stride = (width * bits_per_value(value_count) + 31) // 32 * 4
    return 48 + _blocks(stride * height)


class Bitmap:
    """Pixels of ``value_count`` values in rows padded to 32 bits.

    Cost: instance (32 B) + one bytearray (16 B + 6-byte header + pixels):
    the C 48 B + data, or 16 B more when the header spills into a block.
    Rules (tannewt/circuitpython @ 7f1de434 shared-bindings/displayio/Bitmap.c
    displayio_bitmap_make_new, bitmap_subscr, displayio_bitmap_obj_fill):
    width and height 0-32767, value_count 1-65536, indices and values in range.
    """

    def __init__(self, width, height, value_count):
        int_range(width, 0, 32767, "Bitmap: width")
        int_range(height, 0, 32767, "Bitmap: height")
        int_range(value_count, 1, 65536, "Bitmap: value_count")
        bits = bits_per_value(value_count)
        stride = (width * bits + 31) // 32 * 4
        self._s = bytearray(_BM_HEADER + stride * height)
        _put16(self._s, 0, width)
        _put16(self._s, 2, height)
        self._s[4] = bits

    @property
    def width(self):
        return _u16(self._s, 0)

    @property
    def height(self):
        return _u16(self._s, 2)

    def __getitem__(self, index):
        i = self._pixel(index)
        data, bits = self._s, self._s[4]
        at = self._byte(i)
        if bits == 16:
            return _u16(data, at)
        return (data[at] >> self._shift(i)) & ((1 << bits) - 1)

    def __setitem__(self, index, value):
        self._set(self._pixel(index), self._value(value))

    def __delitem__(self, index):
        raise AttributeError("Bitmap: Cannot delete values")

    def fill(self, value):
        value = self._value(value)
        for i in range(self.width * self.height):
            self._set(i, value)

    def _value(self, value):
        return int_range(value, 0, (1 << self._s[4]) - 1, "Bitmap: value")

    def _pixel(self, index):
        """Pixel number y * width + x from ``i`` or ``(x, y)``, checked
        (no tuple is made: the board's bitmap[i] allocates nothing)."""
        width = self.width
        if isinstance(index, tuple):
            x, y = index
            _index_in(x, width - 1, "x")
            return _index_in(y, self.height - 1, "y") * width + x
        return _index_in(index, width * self.height - 1, "index")

    def _byte(self, i):
        """Offset in _s of the byte holding pixel ``i``."""
        width, bits = self.width, self._s[4]
        stride = (width * bits + 31) // 32 * 4
        return _BM_HEADER + i // width * stride + (i % width * bits >> 3)

    def _shift(self, i):
        """Right shift of pixel ``i`` in its byte (pixels MSB first)."""
        bits = self._s[4]
        return 8 - bits - (i % self.width * bits & 7) if bits < 8 else 0

    def _set(self, i, value):
        data, bits = self._s, self._s[4]
        at = self._byte(i)
        if bits == 16:
            _put16(data, at, value)
            return
        shift = self._shift(i)
        mask = ((1 << bits) - 1) << shift
        data[at] = (data[at] & ~mask) | (value << shift)


def _index_in(value, high, what):
    """bitmap_subscr: ``IndexError: %q must be %d-%d``."""
    if not 0 <= integer(value, what) <= high:
        raise IndexError("Bitmap: %s must be 0-%d" % (what, high))
    return value


# ---------------------------------------------------------------- Palette

_TRANSPARENT = const(0x1000000)  # bit 24 of a one-colour palette's _c


def palette_c_size(color_count):
    """16 B struct + 16 B per colour (_displayio_color_t), Palette.c construct."""
    return 16 + _blocks(16 * color_count)


class Palette:
    """Colours by index, each possibly transparent.

    Cost: one colour packed in a small int (32 B, the C 32 B); more colours in
    a bytearray of 4 bytes each (r, g, b, transparent) padded to the C size
    (48 B overhead, so Palette(2) takes 64 B against the C 48 B). Rules
    (tannewt/circuitpython @ 9b3ed143 shared-bindings/displayio/Palette.c
    palette_subscr, make_transparent): color_count 1-32767; a colour int
    0-0xFFFFFF (else TypeError) or a 3- or 4-byte buffer; indices in range.
    """

    def __init__(self, color_count):
        int_range(color_count, 1, 32767, "Palette: color_count")
        self._c = 0 if color_count == 1 else bytearray(_palette_bytes(color_count))

    def __len__(self):
        return 1 if isinstance(self._c, int) else _palette_count(len(self._c))

    def __getitem__(self, index):
        index = get_index(index, len(self), "Palette")
        if isinstance(self._c, int):
            return self._c & 0xFFFFFF
        at = 4 * index
        return self._c[at] << 16 | self._c[at + 1] << 8 | self._c[at + 2]

    def __setitem__(self, index, color):
        index = get_index(index, len(self), "Palette")
        rgb = _rgb(color)
        if isinstance(self._c, int):
            self._c = (self._c & _TRANSPARENT) | rgb
            return
        at = 4 * index
        self._c[at], self._c[at + 1], self._c[at + 2] = rgb >> 16, (rgb >> 8) & 0xFF, rgb & 0xFF

    def make_transparent(self, palette_index):
        self._transparent(palette_index, True)

    def make_opaque(self, palette_index):
        self._transparent(palette_index, False)

    def is_transparent(self, palette_index):
        at = int_range(palette_index, 0, len(self) - 1, "Palette: palette_index")
        if isinstance(self._c, int):
            return bool(self._c & _TRANSPARENT)
        return bool(self._c[4 * at + 3])

    def _transparent(self, palette_index, on):
        at = int_range(palette_index, 0, len(self) - 1, "Palette: palette_index")
        if isinstance(self._c, int):
            self._c = self._c | _TRANSPARENT if on else self._c & ~_TRANSPARENT
        else:
            self._c[4 * at + 3] = 1 if on else 0

def _palette_bytes(count):
    """Bytes of the colour buffer of a Palette(count > 1): 4 a colour, padded
    so that with the 48 B overhead it takes the C size."""
    return max(4 * count, palette_c_size(count) - 48)


def _palette_count(size):
    """The colour count of a colour buffer of ``size`` bytes (the inverse of
    _palette_bytes: 8 bytes for 2 colours, 16 * count - 32 from 3 on)."""
    return 2 if size == 8 else (size + 32) // 16


def _rgb(color):
    """An int colour, or r, g, b from a 3- or 4-byte buffer (palette_subscr)."""
    if isinstance(color, int):
        if not 0 <= color <= 0xFFFFFF:
            raise TypeError("Palette: color must be between 0x000000 and 0xffffff")
        return color
    if isinstance(color, tuple) or isinstance(color, list):
        color = bytes(color)
    if len(color) not in (3, 4):
        raise ValueError("Palette: color buffer must be 3 bytes (RGB) or 4 bytes (RGB + pad)")
    return color[0] << 16 | color[1] << 8 | color[2]


# ---------------------------------------------------------------- OnDiskBitmap


class OnDiskBitmap:
    """An indexed BMP read from its file when drawn; the file stays open.

    Cost: instance with 3 attributes (48 B, the C struct's 48 B) + the open
    file + the Palette it makes from the BMP's colour table, as the C
    constructor does (tyeth @ 100f1317 shared-module/displayio/OnDiskBitmap.c
    common_hal_displayio_ondiskbitmap_construct). The C FatFs file object is
    not modelled: the VM's file object is smaller.
    """

    def __init__(self, file):
        self._f = open(file, "rb") if isinstance(file, str) else file
        header = self._f.read(54)
        if header[:2] != b"BM":
            raise ValueError("OnDiskBitmap: Invalid BMP file")
        bits = header[28]
        if bits > 8:
            raise NotImplementedError("OnDiskBitmap stand-in: indexed BMPs only")
        self._g = _u16(header, 18) | _u16(header, 22) << 15
        self._p = _bmp_palette(self._f, header, bits)

    @property
    def width(self):
        return self._g & 0x7FFF

    @property
    def height(self):
        return self._g >> 15

    @property
    def pixel_shader(self):
        return self._p


def _bmp_palette(file, header, bits):
    colours = _u16(header, 46) or 1 << bits
    palette = Palette(colours)
    file.seek(14 + _u16(header, 14))
    entry = bytearray(4)
    for index in range(colours):
        file.readinto(entry)
        palette[index] = entry[2] << 16 | entry[1] << 8 | entry[0]
    return palette


CIRCUITPYTHON_TERMINAL = Group()  # a static Group on a board; here made at import

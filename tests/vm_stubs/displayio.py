"""A minimal displayio for running the firmware's screens on the MicroPython VM.

It keeps what the firmware sets (groups, tiles, positions, palettes) and
checks the calls against CircuitPython's signatures, but draws nothing.
"""


class Palette:
    def __init__(self, color_count):
        self._colours = [0] * color_count
        self._transparent = bytearray(color_count)

    def __len__(self):
        return len(self._colours)

    def __setitem__(self, index, colour):
        self._colours[index] = colour

    def __getitem__(self, index):
        return self._colours[index]

    def make_transparent(self, index):
        self._transparent[index] = 1

    def make_opaque(self, index):
        self._transparent[index] = 0


class Bitmap:
    def __init__(self, width, height, value_count):
        self.width = width
        self.height = height


class OnDiskBitmap:
    def __init__(self, path):
        with open(path, "rb") as bmp:
            header = bmp.read(26)
        self.width = header[18] | header[19] << 8
        self.height = header[22] | header[23] << 8


class TileGrid:
    def __init__(self, bitmap, *, pixel_shader, width=1, height=1, tile_width=None,
                 tile_height=None, default_tile=0, x=0, y=0):
        self.bitmap = bitmap
        self.pixel_shader = pixel_shader
        self.width = width
        self.height = height
        self.tiles = bytearray([default_tile] * (width * height))
        self.x = x
        self.y = y
        self.hidden = False

    def _at(self, index):
        if isinstance(index, tuple):
            return index[1] * self.width + index[0]
        return index

    def __getitem__(self, index):
        return self.tiles[self._at(index)]

    def __setitem__(self, index, tile):
        if not 0 <= tile <= 255:
            raise ValueError("Tile value out of bounds")
        self.tiles[self._at(index)] = tile


class Group:
    def __init__(self, *, scale=1, x=0, y=0):
        self.scale = scale
        self.x = x
        self.y = y
        self.hidden = False
        self._layers = []

    def append(self, layer):
        self.insert(len(self._layers), layer)

    def insert(self, index, layer):
        if getattr(layer, "_parent", None) is not None:
            raise ValueError("Layer already in a group")
        layer._parent = self
        self._layers.insert(index, layer)

    def remove(self, layer):
        self._layers.remove(layer)
        layer._parent = None

    def pop(self, index=-1):
        layer = self._layers.pop(index)
        layer._parent = None
        return layer

    def __len__(self):
        return len(self._layers)

    def __getitem__(self, index):
        return self._layers[index]

    def __contains__(self, layer):
        return layer in self._layers

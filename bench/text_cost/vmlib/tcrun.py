"""Start a text-cost bench script on the VM: this bench's stand-ins, then vmrun.

``micropython -m tcrun SCRIPT`` (or ``--footprint``) imports the modules a
board has in C that tests/vm/board_lib lacks and display_text needs
(fontio, bitmaptools, __future__; this folder, compiled), gives the
stand-in displayio.TileGrid the ``flip_x``, ``flip_y`` and ``transpose_xy``
properties of the C TileGrid (bits of its flags byte, so they cost nothing,
as the C struct's bool bitfields), and then imports tests/vm's vmrun, which
imports the board's stand-ins, leaves the script its heap and runs it. So
everything here counts as the board's footprint, not as the script's heap.
"""

import __future__  # noqa: F401  (imported for their heap, before the script)
import bitmaptools  # noqa: F401
import displayio
import fontio  # noqa: F401

_FLAGS = 16  # displayio's _TG_FLAGS: the flags byte of a TileGrid's state


def _flag(bit):
    """A bool property kept in bit ``bit`` of a TileGrid's flags byte
    (bits 1, 2 and 4 are displayio's own: hidden, in a group, wide)."""

    def get(grid):
        return bool(grid._s[_FLAGS] & bit)

    def put(grid, value):
        grid._flag(bit, value)

    return property(get, put)


displayio.TileGrid.flip_x = _flag(8)
displayio.TileGrid.flip_y = _flag(16)
displayio.TileGrid.transpose_xy = _flag(32)

import vmrun  # noqa: E402,F401  (runs the script)

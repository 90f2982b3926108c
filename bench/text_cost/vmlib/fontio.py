"""fontio for the VM (bench/text_cost.py only): Glyph, as CircuitPython has it.

CircuitPython's fontio.Glyph is a named tuple type defined in C
(shared-bindings/fontio/Glyph.c: ``const mp_obj_namedtuple_type_t
fontio_glyph_type``, 8 fields), so a Glyph is an mp_obj_tuple_t of 8 items:
8 + 8 x 4 = 40 bytes, 48 on the heap; a collections.namedtuple instance here
is the same tuple and costs the same 48 B. The type itself is static on a
board; here it is made when this module is imported, before the script's
heap is counted (see tcrun). FontProtocol is a typing name only: the
libraries import it inside ``try: ... except ImportError``, so it is absent.
"""

from collections import namedtuple

Glyph = namedtuple("Glyph", ("bitmap", "tile_index", "width", "height", "dx", "dy",
                             "shift_x", "shift_y"))

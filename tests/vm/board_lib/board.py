"""board for the VM: board_id, DISPLAY and the pins of the board that
vmboards chose (environment variable VM_BOARD).

On a board these are static objects in flash; here they are made before
the firmware runs, so the heap they take is not counted as the firmware's
(see vmrun).
"""

import busdisplay
import microcontroller
import vmboards

board_id = vmboards.BOARD_ID
DISPLAY = busdisplay.BusDisplay(vmboards.WIDTH, vmboards.HEIGHT)


def _make_pins():
    names = globals()
    for aliases in vmboards.PINS:
        pin = microcontroller.Pin(aliases[0])
        for name in aliases:
            names[name] = pin


_make_pins()

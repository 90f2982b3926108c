"""Start a script on the VM as a board would: the board's modules first.

``micropython -m vmrun SCRIPT`` imports every stand-in (on a board they are
C modules and static objects, not heap) and installs the stand-in CIRCUITPY
drive. Then it leaves the script exactly VM_SCRIPT_HEAP bytes free: it
collects and fills the rest with 16-byte blocks, which take the holes the
imports left first (the allocator is first-fit), so what is free is one
block at the top. vmheap.FOOTPRINT is then the heap in use; the script
(module SCRIPT) is imported last. ``-m vmrun --footprint`` prints the heap in
use after the imports, for the harness to size the heap it gives the VM.
"""

import gc
import os
import sys

import analogio  # noqa: F401  (imported for their heap, before the script)
import audiocore  # noqa: F401
import board  # noqa: F401
import busdisplay  # noqa: F401
import digitalio  # noqa: F401
import displayio  # noqa: F401
import keypad  # noqa: F401
import microcontroller  # noqa: F401
import supervisor  # noqa: F401
import terminalio  # noqa: F401
import time  # noqa: F401
import vmctl  # noqa: F401
import vmdrive
import vmheap
import vmsession  # noqa: F401

for _audio in ("audioio", "audiopwmio"):  # whichever this board has
    try:
        __import__(_audio)
    except ImportError:
        pass
vmdrive.install()
gc.collect()


def _leave_free(want):
    """Take all but ``want`` free bytes in 16-byte blocks, held in a chain."""
    surplus = gc.mem_free() - want
    if surplus < 0:
        raise RuntimeError("vmrun: the stand-ins left %d bytes, not %d" % (gc.mem_free(), want))
    chain = None
    for _ in range(surplus // 16):
        chain = (chain,)
    return chain


if sys.argv[1] == "--footprint":
    print(gc.mem_alloc())
else:
    _PLUG = _leave_free(int(os.getenv("VM_SCRIPT_HEAP")))
    gc.collect()
    vmheap.FOOTPRINT = gc.mem_alloc()
    __import__(sys.argv[1])

"""Start a script on the VM as a board would: the board's modules first.

``micropython -m vmrun SCRIPT`` imports every stand-in (on a board they are
C modules and static objects, not heap) and installs the stand-in CIRCUITPY
drive. Then it leaves the script exactly VM_SCRIPT_HEAP bytes free: it
collects and fills the rest with 16-byte blocks, which take the holes the
imports left first (the allocator is first-fit), so what is free is one
block at the top. vmheap.FOOTPRINT is then the heap in use; the script
(module SCRIPT) is imported last.

For the whole app (VM_WHOLE_APP set) it first fills the VM's pools of
interned names (qstrs) so that the firmware's names land in pools as large
as a board's: on a board what the stand-ins stand for is C code whose names
are in flash, and the first pool made on the heap holds 20 names, each next
one twice as many (py/qstr.c: the const pool's ``alloc`` is
MICROPY_ALLOC_QSTR_ENTRIES_INIT, 10, and qstr_add doubles it), so a board's
first 1,260 names take pools of 20 to 640 (8.8 KB of tables), the next 1,280
one pool of 9 KB. Here the stand-ins and this harness already hold about 420
names, so the firmware would pay for the 640 pool after 200 names and the
1,280 one after 840 (13.5 KB where a board pays 8.8). Filling the pools up
to the 640 one with throwaway names (counted in the footprint, as the
stand-ins are; 16 places are left for the script's own names) leaves the
firmware's names to a pool of 1,280: 9.0 KB for up to 1,280 names, where a
board pays 4.3-8.8 KB for up to 1,260. (A smaller script, the engine alone,
keeps the VM's pools as they are: its few hundred names would be charged 9
KB.)

``-m vmrun --footprint`` prints the heap in use after the imports, for the
harness to size the heap it gives the VM.
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

_FULL_POOL = 640  # names in the last pool a board makes for its first 1,260 names
_SCRIPT_NAMES = 16  # left free in it for the names of the script's own source
_POOL_ENTRY = 7  # bytes a name takes in a pool's tables: pointer, hash, length


def _fill_name_pools():
    """Intern throwaway names until the pool of 640 names is made and full
    but for _SCRIPT_NAMES: the firmware's names make the next pool."""
    gc.collect()
    gc.disable()
    made = 0
    left = -1  # names still to add to the 640 pool, once it exists
    while left:
        before = gc.mem_alloc()
        getattr(_fill_name_pools, "~%d" % made, None)  # interns the name
        made += 1
        grew = gc.mem_alloc() - before
        if grew >= 2 * _FULL_POOL * _POOL_ENTRY:
            raise RuntimeError("vmrun: the stand-ins hold over 1,260 names")
        if grew >= _FULL_POOL * _POOL_ENTRY:  # the pool of 640 names was made
            left = _FULL_POOL - _SCRIPT_NAMES
        if left > 0:
            left -= 1
    gc.enable()
    gc.collect()  # the throwaway strings: the heap that stays is the names


if os.getenv("VM_WHOLE_APP"):
    _fill_name_pools()


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

"""Measuring the VM heap from a script.

``live()``: bytes in use after a full collection, not counting FOOTPRINT,
the heap in use when the script started (vmrun sets it: the stand-ins, on a
board C code and static objects, and the filler that leaves the script its
heap). ``allocated(fn)``: the
bytes ``fn()`` allocates, ``repeat`` times in a row, with the collector off
so that nothing is freed in between (the heap must hold it all).
"""

import gc

FOOTPRINT = 0


def live():
    """Bytes live on the heap after gc.collect(), stand-ins excluded."""
    gc.collect()
    return gc.mem_alloc() - FOOTPRINT


def allocated(fn, repeat=1):
    """Bytes allocated by calling ``fn()`` ``repeat`` times."""
    gc.collect()
    gc.disable()
    left = repeat
    before = gc.mem_alloc()
    while left:
        fn()
        left -= 1
    after = gc.mem_alloc()
    gc.enable()
    return after - before


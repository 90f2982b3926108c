"""supervisor.ticks_ms() for VM runs: the VM's milliseconds, wrapping at 2**29."""

import time


def ticks_ms():
    return time.ticks_ms() & 0x1FFFFFFF

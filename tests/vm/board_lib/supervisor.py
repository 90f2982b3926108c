"""supervisor for the VM: ticks_ms() from the stand-in clock.

As in adafruit/circuitpython @ 3d0c4a84 shared-bindings/supervisor/__init__.c
supervisor_ticks_ms: ``(ticks + 0x1fff0000) % (1 << 29)``, so it wraps at
2**29 ms and first wraps 65.536 s after power-on; a small int, no allocation.
"""

from micropython import const

import vmclock

_MASK = const(0x1FFFFFFF)
_START = const(0x10000)  # 0x1fff0000 is -0x10000 modulo 2**29


def ticks_ms():
    """Milliseconds, wrapping at 2**29; 2**29 - 65536 at power-on."""
    return (vmclock.now() - _START) & _MASK

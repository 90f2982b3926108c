"""Time as the board keeps it: ``supervisor.ticks_ms()`` and wrap-safe sums."""

# ``ticks_ms()`` counts milliseconds in a small int that wraps at 2**29
# (about 6.2 days; CircuitPython starts it 65 s before its first wrap).
# Key repeat, dimming and save timing compare such values only through
# ``ticks_diff`` and ``ticks_add``, so they work at any uptime. Floats from
# ``time.monotonic`` keep 22 bits of mantissa on a board and lose the
# milliseconds after hours, so the firmware never uses them. The simulator
# and the tests provide a ``supervisor`` module with the same clock.

from micropython import const
from supervisor import ticks_ms  # noqa: F401  (re-exported: the clock)

_MASK = const(0x1FFFFFFF)  # the clock wraps at 2**29
_HALF = const(0x10000000)


def ticks_diff(later, earlier):
    """``later - earlier`` in milliseconds, correct across the wrap."""
    return ((later - earlier + _HALF) & _MASK) - _HALF


def ticks_add(when, ms):
    """``when`` plus ``ms`` on the wrapping clock."""
    return (when + ms) & _MASK

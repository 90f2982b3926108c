"""``supervisor.ticks_ms()`` on the desktop: the board's millisecond clock.

CircuitPython's ``supervisor.ticks_ms()`` wraps at 2**29 and starts 65 s
before its first wrap. ``install()`` puts a ``supervisor`` module with such
a clock into ``sys.modules`` (Blinka has none) before the firmware is
imported. The clock runs on real time, or, once ``freeze()``-n, only when
``advance(ms)`` moves it: headless runs and tests are then repeatable and
can jump to any uptime (``set(ms)``).
"""

import sys
import time
import types

PERIOD = 1 << 29
START = PERIOD - 65536  # where CircuitPython's clock starts


class Clock:
    """Milliseconds that wrap like ``supervisor.ticks_ms()``."""

    def __init__(self):
        self._origin = time.monotonic_ns() // 1_000_000 - START
        self._frozen = None

    def ticks_ms(self):
        if self._frozen is not None:
            return self._frozen
        return (time.monotonic_ns() // 1_000_000 - self._origin) % PERIOD

    @property
    def frozen(self):
        """True while the clock moves only when told."""
        return self._frozen is not None

    def freeze(self, at=None):
        """Stop the clock (at ``at`` ms, or where it is)."""
        self._frozen = (self.ticks_ms() if at is None else at) % PERIOD

    def set(self, at):
        """Put the frozen clock at ``at`` ms (taken modulo the wrap)."""
        self.freeze(at)

    def advance(self, ms):
        """Move the frozen clock on by ``ms``."""
        self._frozen = (self.ticks_ms() + ms) % PERIOD

    def run(self):
        """Let the clock follow real time again, from where it stands."""
        self._origin = time.monotonic_ns() // 1_000_000 - self.ticks_ms()
        self._frozen = None


CLOCK = Clock()


def install():
    """Make ``import supervisor`` give this clock (once; returns CLOCK)."""
    if "supervisor" not in sys.modules:
        module = types.ModuleType("supervisor", "Stand-in for CircuitPython's supervisor")
        module.ticks_ms = CLOCK.ticks_ms
        sys.modules["supervisor"] = module
    return CLOCK

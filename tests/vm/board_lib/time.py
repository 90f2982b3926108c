"""time for the VM: CircuitPython's time module on the stand-in clock.

Replaces MicroPython's built-in time (an extensible module: a time.py on the
path wins; the built-in's wall-clock functions are taken from it with
sys.path emptied, as MicroPython's docs describe). Like CircuitPython's it
has monotonic, monotonic_ns, sleep, time, localtime and mktime, and no
ticks_ms. Source: CircuitPython shared-bindings/time/__init__.c.

- ``monotonic()`` is ``uint64_to_float(ms) / 1000.0`` boxed in a 30-bit float
  (time_monotonic); this VM has the same float representation, and below
  2**30 ms int-to-float conversion is the same, so the value (and its lost
  precision after hours of uptime) is exactly the board's.
- ``sleep(s)`` does not wait: it moves the clock by ``1000 * s + 0.5`` ms
  (time_sleep; negative: ValueError) and runs the clock's sleep hook, which
  is how a test drives a firmware main loop.
"""

import sys

import vmclock

_path = sys.path
sys.path = ()  # import the built-in time, not this file
try:
    from time import localtime, mktime, time  # noqa: F401  (re-exported)
finally:
    sys.path = _path
    del _path


def monotonic():
    """Seconds since power-on, as the board's 30-bit float."""
    return vmclock.now() / 1000


def monotonic_ns():
    """Nanoseconds since power-on (a long int, allocated as on a board)."""
    return vmclock.now() * 1000000


def sleep(seconds):
    """Advance the stand-in clock; run the sleep hook."""
    ms = int(1000.0 * seconds + 0.5)
    if ms < 0:
        raise ValueError("seconds must be >= 0")
    vmclock.advance(ms)
    vmclock.slept(ms)

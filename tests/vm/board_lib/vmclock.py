"""The stand-in board's clock: milliseconds since power-on, moved only by
tests (``advance``) and by ``time.sleep``; nothing here reads the host clock.

supervisor.ticks_ms, time.monotonic and keypad timestamps all read it. The
count stays a small int (below 2**30 ms, 12.4 days of uptime) so that reading
it never allocates, and time.monotonic stays exactly the board's float.
"""

from micropython import const

_LIMIT = const(0x3FFFFFFF)


class _Clock:
    ms = 0  # since power-on
    hook = None  # called by time.sleep after the clock moved
    last_sleep = 0  # ms of the latest time.sleep


def now():
    """Milliseconds since power-on."""
    return _Clock.ms


def advance(ms):
    """Let ``ms`` milliseconds pass."""
    if ms < 0:
        raise ValueError("the clock only goes forward")
    if _Clock.ms + ms > _LIMIT:
        raise OverflowError("the stand-in clock covers 2**30 ms (12.4 days) of uptime")
    _Clock.ms += ms


def on_sleep(hook):
    """Call ``hook()`` at every time.sleep (None: nothing); returns the old one."""
    old, _Clock.hook = _Clock.hook, hook
    return old


def slept(ms=0):
    """Note a sleep of ``ms`` and run the sleep hook, if any (time.sleep
    calls this)."""
    _Clock.last_sleep = ms
    hook = _Clock.hook
    if hook is not None:
        hook()


def last_sleep():
    """Milliseconds of the latest time.sleep (what the hook is woken by)."""
    return _Clock.last_sleep

"""--keys scripts: a board's buttons worked in board time, the app ticking.

A script is words split by spaces or commas; each word is one gesture on
the board's controls (their ``--keys`` names, see boards.py)::

    NAME          a tap: pressed for 0.1 s, then let go
    NAME+NAME     a chord: both pressed, then both let go (also hold:a+b)
    hold:NAME     held for 0.6 s (longer than a board's half-second hold)
    holdS:NAME    held for S seconds, e.g. hold1.6:boot (0.1 to 10)
    double:NAME   two taps 0.1 s apart (a double tap)
    WORD*N        the gesture N times (1 to 1000)

Between two gestures 0.4 s pass, longer than the 0.3 s in which a second
tap would make a double tap. The frozen board clock advances in steps of
20 ms while buttons are held and while time passes, and the app ticks after
each step and after each press and release, so the firmware sees holds,
held arrows repeating and double taps as on a board.
"""

from collections import namedtuple

TAP_MS = 100
HOLD_MS = 600
GAP_MS = 400
DOUBLE_GAP_MS = 100
STEP_MS = 20
MAX_REPEAT = 1000
MAX_HOLD_S = 10

Gesture = namedtuple("Gesture", "names ms taps")  # controls pressed together, for ms, taps times


def parse(text, board):
    """The gestures of a --keys script for ``board``; ValueError says what is wrong."""
    gestures = []
    for word in text.replace(",", " ").split():
        body, star, count = word.lower().partition("*")
        if star and not (count.isascii() and count.isdigit() and 1 <= int(count) <= MAX_REPEAT):
            raise ValueError("bad repeat %r: write a count from 1 to %d, e.g. %s*3"
                             % (word, MAX_REPEAT, body))
        gestures.extend([_gesture(body, board)] * (int(count) if star else 1))
    return gestures


def _gesture(body, board):
    kind, colon, names = body.rpartition(":")
    ms, taps = TAP_MS, 1
    if colon and kind == "double":
        taps = 2
    elif colon and kind.startswith("hold"):
        ms = _hold_ms(kind[4:], body)
    elif colon:
        raise ValueError("unknown gesture %r in %r: write hold:NAME, hold1.6:NAME or double:NAME"
                         % (kind, body))
    names = tuple(names.split("+"))
    for name in names:
        _check(name, board)
    if len(set(names)) != len(names):
        raise ValueError("a chord presses different buttons, not %r" % body)
    return Gesture(names, ms, taps)


def _hold_ms(seconds, body):
    if not seconds:
        return HOLD_MS
    try:
        ms = round(float(seconds) * 1000)
    except (ValueError, OverflowError):  # not a number, or infinite
        ms = 0
    if not 100 <= ms <= MAX_HOLD_S * 1000:
        raise ValueError("bad hold %r: write hold:NAME (0.6 s) or e.g. hold1.6:NAME "
                         "(0.1 to %d seconds)" % (body, MAX_HOLD_S))
    return ms


def _check(name, board):
    names = [control.name for control in board.controls]
    if not names:
        raise ValueError("the %s has no buttons" % board.name)
    if name not in names:
        raise ValueError("unknown button %r: the %s's buttons are %s"
                         % (name, board.name, " ".join(names)))


class Player:
    """Works ``controls`` as gestures say, moving the frozen ``clock`` and
    calling ``tick()`` (the app's) as time passes."""

    def __init__(self, controls, clock, tick):
        self.controls = controls
        self.clock = clock
        self.tick = tick

    def play(self, gestures):
        for gesture in gestures:
            for tap in range(gesture.taps):
                if tap:
                    self.wait(DOUBLE_GAP_MS)
                self.hold(gesture.names, gesture.ms)
            self.wait(GAP_MS)

    def hold(self, names, ms):
        """Press ``names`` together, keep them down ``ms``, let them go."""
        for name in names:
            self.controls.press(name)
        self.tick()
        self.wait(ms)
        for name in names:
            self.controls.release(name)
        self.tick()

    def wait(self, ms):
        """Let ``ms`` of board time pass in small steps, ticking after each."""
        while ms > 0:
            step = min(STEP_MS, ms)
            self.clock.advance(step)
            self.tick()
            ms -= step

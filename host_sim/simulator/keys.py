"""Stand-ins for CircuitPython's ``keypad`` on the desktop.

``Keys`` and ``ShiftRegisterKeys`` take the same arguments as CircuitPython's
and watch the stand-in board's pins (controls.py): a button pressed or let go
there becomes an ``Event`` in their ``events`` queue at once, with
``key_number``, ``pressed``/``released`` and ``timestamp`` (milliseconds,
wrapping like ``supervisor.ticks_ms()``), as a board's keypad scan makes it.
``value_when_pressed`` matters as on a board: a pin that rests at the level
given for "pressed" reads as a held key.

``ScriptKeys``: a keypad numbered as the App's eight buttons
(patience.input.buttons: 0 b, 1 a, 2 start, 3 select, 4 right, 5 down,
6 up, 7 left) for tests and tools that drive an App directly;
``press("right")`` queues a press and a release.
"""

from patience.input.buttons import NAMES as BUTTONS

from .clock import CLOCK, PERIOD

_TICKS_PERIOD = PERIOD
ticks_ms = CLOCK.ticks_ms  # keypad timestamps are supervisor.ticks_ms() values


def button_number(name):
    """The key number of a button name; ValueError lists the valid names."""
    try:
        return BUTTONS.index(name.strip().lower())
    except (ValueError, AttributeError):
        raise ValueError("unknown button %r: valid buttons are %s"
                         % (name, " ".join(BUTTONS))) from None


class Event:
    """Like ``keypad.Event``: a key number that was pressed or released."""

    __slots__ = ("_key_number", "_pressed", "_timestamp")

    def __init__(self, key_number=0, pressed=True, timestamp=None):
        self._key_number = key_number
        self._pressed = bool(pressed)
        self._timestamp = ticks_ms() if timestamp is None else timestamp

    @property
    def key_number(self):
        return self._key_number

    @property
    def pressed(self):
        return self._pressed

    @property
    def released(self):
        return not self._pressed

    @property
    def timestamp(self):
        return self._timestamp

    def __eq__(self, other):  # as in CircuitPython: timestamp is not compared
        if not isinstance(other, Event):
            return NotImplemented
        return self._key_number == other._key_number and self._pressed == other._pressed

    def __hash__(self):
        return hash((self._key_number, self._pressed))

    def __repr__(self):
        return "<Event: key_number %d %s>" % (
            self._key_number, "pressed" if self._pressed else "released")


def _nothing():
    pass


class EventQueue:
    """Like ``keypad.EventQueue``: a FIFO of Events, ``max_events`` long.

    When it is full a new event is dropped and ``overflowed`` becomes True
    (until ``clear()`` or setting it False), as on the device. ``pump`` is
    called before each look at the queue (the window's keyboard).
    """

    def __init__(self, max_events=64, pump=_nothing):
        self._events = []
        self._max = max_events
        self._pump = pump
        self.overflowed = False

    def record(self, key_number, pressed, timestamp=None):
        """Add an event (the scanning side of the queue)."""
        if len(self._events) >= self._max:
            self.overflowed = True
            return False
        self._events.append(Event(key_number, pressed, timestamp))
        return True

    def get(self):
        """The oldest event, or None."""
        self._pump()
        return self._events.pop(0) if self._events else None

    def get_into(self, event):
        """Copy the oldest event into ``event`` (no allocation on the device);
        False if there was none."""
        got = self.get()
        if got is None:
            return False
        event._key_number = got._key_number  # pylint: disable=protected-access
        event._pressed = got._pressed  # pylint: disable=protected-access
        event._timestamp = got._timestamp  # pylint: disable=protected-access
        return True

    def clear(self):
        """Drop all events and reset ``overflowed``."""
        self._events.clear()
        self.overflowed = False

    def __len__(self):
        self._pump()
        return len(self._events)

    def __bool__(self):
        return len(self) > 0


class _Keys:
    """What every keypad object offers besides scanning: events, key_count, ..."""

    def __init__(self, key_count, max_events=64, pump=_nothing):
        self.key_count = key_count
        self._queue = EventQueue(max_events, pump)
        self.events = self._queue

    def reset(self):
        """Forget the queued events."""
        self._queue.clear()

    def deinit(self):
        self._queue.clear()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.deinit()


class _Scanner(_Keys):
    """A keypad object on stand-in pins: ``wiring`` is ((pin, bit), ...) in
    key-number order; ``claimed`` the pins it takes."""

    def __init__(self, wiring, claimed, value_when_pressed, max_events):
        if not wiring or not all(hasattr(pin, "watch") for pin, _ in wiring):
            raise TypeError("pins must be the stand-in board's pins, not %r" % (wiring,))
        super().__init__(len(wiring), max_events, wiring[0][0].controls.pump)
        self._wiring = wiring
        self._claimed = claimed
        self._when_pressed = bool(value_when_pressed)
        self._down = [False] * len(wiring)
        for pin in claimed:
            pin.claim(self)
        for number, (pin, bit) in enumerate(wiring):
            pin.watch(bit, self, number)

    def read(self, key_number, level):
        """A pin's new level: an event if the key changed (a scan)."""
        down = level == self._when_pressed
        if down != self._down[key_number]:
            self._down[key_number] = down
            self._queue.record(key_number, down)

    def reset(self):
        """As keypad's reset(): all keys count as released, so those held now
        are reported as pressed again."""
        self._queue.clear()
        self._down = [False] * self.key_count
        for number, (pin, bit) in enumerate(self._wiring):
            self.read(number, pin.level(bit))

    def deinit(self):
        super().deinit()
        for pin in self._claimed:
            pin.free(self)


# pull, value_to_latch, interval and debounce_threshold are taken as CircuitPython
# takes them; a stand-in pin has no electrical scan to tune.
# pylint: disable=unused-argument


class Keys(_Scanner):
    """``keypad.Keys``: one pin per key."""

    def __init__(self, pins, *, value_when_pressed, pull=True, interval=0.02, max_events=64,
                 debounce_threshold=1):
        pins = tuple(pins)
        super().__init__(tuple((pin, 0) for pin in pins), pins, value_when_pressed, max_events)


class ShiftRegisterKeys(_Scanner):
    """``keypad.ShiftRegisterKeys``: ``key_count`` keys on each ``data`` pin
    (one pin or a sequence, with one count or a count per pin)."""

    def __init__(self, *, clock, data, latch, key_count, value_when_pressed,
                 value_to_latch=True, interval=0.02, max_events=64, debounce_threshold=1):
        data = tuple(data) if isinstance(data, (tuple, list)) else (data,)
        counts = (tuple(key_count) if isinstance(key_count, (tuple, list))
                  else (key_count,) * len(data))
        if len(counts) != len(data):
            raise ValueError("key_count must have one count per data pin")
        wiring = tuple((pin, bit) for pin, count in zip(data, counts) for bit in range(count))
        super().__init__(wiring, (clock, latch) + data, value_when_pressed, max_events)


# pylint: enable=unused-argument


class ScriptKeys(_Keys):
    """Scripted buttons for tests and tools: ``press("a")`` queues a press and
    then a release of that button; timestamps advance by ``step_ms``
    from ``start_ms`` (a fake clock, so scripted runs are repeatable)."""

    def __init__(self, max_events=64, start_ms=1000, step_ms=50):
        super().__init__(len(BUTTONS), max_events)
        self._now = start_ms
        self._step = step_ms

    def press(self, name):
        """Queue a press and a release of button ``name`` (up down left right
        a b start select); ValueError for other names."""
        number = button_number(name)
        self.press_number(number)
        return number

    def press_number(self, number):
        """Queue a press and a release of key ``number`` (0..7)."""
        if not 0 <= number < self.key_count:
            raise ValueError("key number must be 0..%d, not %r" % (self.key_count - 1, number))
        for pressed in (True, False):
            self._queue.record(number, pressed, self._now % _TICKS_PERIOD)
            self._now += self._step

    def hold(self, name, pressed=True):
        """Queue only a press (or only a release) of button ``name``."""
        number = button_number(name)
        self._queue.record(number, pressed, self._now % _TICKS_PERIOD)
        self._now += self._step
        return number

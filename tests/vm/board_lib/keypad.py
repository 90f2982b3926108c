"""keypad for the VM: Keys, ShiftRegisterKeys, EventQueue and Event.

Constructors take CircuitPython's arguments (tannewt/circuitpython @ 22da23a1
shared-bindings/keypad/Keys.c and ShiftRegisterKeys.c): value_when_pressed
and key_count are required keywords, max_events >= 1, debounce_threshold
1-127, pins are claimed. Nothing scans pins: a test sets a key down or up
with ``vmctl.press`` / ``vmctl.release`` (the scanner's ``_scan``), which
queues an event only when the key changes, stamped with supervisor.ticks_ms.

EventQueue (jepler/circuitpython @ 6c132681 shared-bindings/keypad/EventQueue.c):
``get()`` makes a new Event for each event it returns (16 B on a board, 32 B
here: an instance with two attributes), ``get_into(event)`` fills one and
allocates nothing; when full the newest event is dropped and ``overflowed``
set. Events are kept 8 bytes each (key, pressed, timestamp).
"""

from micropython import const

import supervisor
from vmargs import int_range

_EVENT_BYTES = const(8)


class Event:
    """A key that was pressed or released, and when (ticks_ms).

    ``Event.made`` counts the Events made so far (vmsession takes the 16
    bytes each costs beyond a board's off its per-press figures).
    """

    made = 0

    def __init__(self, key_number=0, pressed=True, timestamp=None):
        Event.made += 1
        self._k = key_number << 1 | (1 if pressed else 0)
        self.timestamp = supervisor.ticks_ms() if timestamp is None else timestamp

    @property
    def key_number(self):
        return self._k >> 1

    @property
    def pressed(self):
        return bool(self._k & 1)

    @property
    def released(self):
        return not self._k & 1

    def __eq__(self, other):
        return isinstance(other, Event) and self._k == other._k

    def __hash__(self):
        return self._k

    def __repr__(self):
        return "<Event: key_number %d %s>" % (self.key_number,
                                              "pressed" if self.pressed else "released")


class EventQueue:
    """Events waiting for the program, oldest first."""

    def __init__(self, max_events):
        self._r = bytearray(max_events * _EVENT_BYTES)
        self._head = 0
        self._count = 0
        self.overflowed = False

    def __len__(self):
        return self._count

    def __bool__(self):
        return self._count > 0

    def clear(self):
        self._count = 0

    def get(self):
        """The next event as a new Event, or None."""
        if not self._count:
            return None
        event = Event()
        self._take(event)
        return event

    def get_into(self, event):
        """Fill ``event`` with the next event; False when there is none."""
        if not isinstance(event, Event):
            raise TypeError("event must be of type Event, not %s" % type(event).__name__)
        if not self._count:
            return False
        self._take(event)
        return True

    def _take(self, event):
        ring, at = self._r, self._head * _EVENT_BYTES
        event._k = (ring[at] | ring[at + 1] << 8) << 1 | ring[at + 2]
        event.timestamp = ring[at + 4] | ring[at + 5] << 8 | ring[at + 6] << 16 | ring[at + 7] << 24
        self._head = (self._head + 1) % (len(ring) // _EVENT_BYTES)
        self._count -= 1

    def _put(self, key, pressed):
        size = len(self._r) // _EVENT_BYTES
        if self._count == size:
            self.overflowed = True
            return
        ring, at = self._r, (self._head + self._count) % size * _EVENT_BYTES
        now = supervisor.ticks_ms()
        ring[at], ring[at + 1], ring[at + 2] = key & 0xFF, key >> 8, 1 if pressed else 0
        ring[at + 4], ring[at + 5] = now & 0xFF, (now >> 8) & 0xFF
        ring[at + 6], ring[at + 7] = (now >> 16) & 0xFF, now >> 24
        self._count += 1


class _Scanner:
    """What Keys and ShiftRegisterKeys share: key states and the queue."""

    def __init__(self, pins, key_count, max_events, debounce_threshold):
        int_range(max_events, 1, 0x7FFFFFFF, "max_events")
        int_range(debounce_threshold, 1, 127, "debounce_threshold")
        int_range(key_count, 1, 0x7FFFFFFF, "key_count")
        for i, pin in enumerate(pins):
            try:
                pin._claim()
            except ValueError:
                for claimed in pins[:i]:
                    claimed._free()
                raise
        self._pins = pins
        self._down = bytearray(key_count)
        self._events = EventQueue(max_events)

    @property
    def key_count(self):
        return len(self._down)

    @property
    def events(self):
        return self._events

    def reset(self):
        """Forget the key states (keys held now give a new press)."""
        for key in range(len(self._down)):
            self._down[key] = 0

    def deinit(self):
        for pin in self._pins:
            pin._free()
        self._pins = ()

    def __enter__(self):
        return self

    def __exit__(self, *args):
        self.deinit()

    def _scan(self, key, down):
        """The hardware side: key ``key`` is now down (True) or up."""
        if not 0 <= key < len(self._down):
            raise IndexError("key %d: this scanner has %d keys" % (key, len(self._down)))
        if self._down[key] != down:
            self._down[key] = 1 if down else 0
            self._events._put(key, down)


_MADE = []  # every scanner made, oldest first (vmctl.keys reads it)


class Keys(_Scanner):
    """Buttons on their own pins."""

    def __init__(self, pins, *, value_when_pressed, pull=True, interval=0.020,
                 max_events=64, debounce_threshold=1):
        pins = tuple(pins)
        super().__init__(pins, len(pins), max_events, debounce_threshold)
        _MADE.append(self)


class ShiftRegisterKeys(_Scanner):
    """Buttons read through a parallel-in shift register (74HC165)."""

    def __init__(self, *, clock, data, latch, value_to_latch=True, key_count,
                 value_when_pressed, interval=0.020, max_events=64, debounce_threshold=1):
        datas = tuple(data) if isinstance(data, (tuple, list)) else (data,)
        counts = tuple(key_count) if isinstance(key_count, (tuple, list)) else (key_count,)
        if len(datas) != len(counts):
            raise ValueError("data and key_count must have the same length")
        super().__init__((clock, latch) + datas, sum(counts), max_events, debounce_threshold)
        _MADE.append(self)

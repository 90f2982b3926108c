"""Stand-ins for CircuitPython's ``keypad`` on the desktop.

The firmware reads buttons through ``keys.events.get()`` exactly as from a
``keypad.ShiftRegisterKeys`` on the PyBadge: events carry ``key_number``
(PyBadge order: 0 b, 1 a, 2 start, 3 select, 4 right, 5 down, 6 up, 7 left),
``pressed``/``released`` and ``timestamp`` (milliseconds, wrapping like
``supervisor.ticks_ms()``).

``PygameKeys``: the keyboard of the simulator window.  Its ``events.get()``
first pumps pygame's event queue, so the firmware's own main loop keeps the
window alive; closing the window raises ``SystemExit(0)``.
``ScriptKeys``: for headless runs and tests; ``press("right")`` queues a press
and a release.
"""

from .clock import CLOCK, PERIOD

# PyBadge key numbers (keypad.ShiftRegisterKeys order, as in adafruit_pybadger).
BUTTONS = ("b", "a", "start", "select", "right", "down", "up", "left")
KEY_B, KEY_A, KEY_START, KEY_SELECT, KEY_RIGHT, KEY_DOWN, KEY_UP, KEY_LEFT = range(8)

# Desktop keys for each button: (button, ((pygame constant, label), ...)).
# KEY_HELP is made from this table, so the README, --help and the window agree.
KEYBOARD = (
    ("up", (("K_UP", "Up"),)),
    ("down", (("K_DOWN", "Down"),)),
    ("left", (("K_LEFT", "Left"),)),
    ("right", (("K_RIGHT", "Right"),)),
    ("a", (("K_x", "X"), ("K_SPACE", "Space"))),
    ("b", (("K_z", "Z"), ("K_BACKSPACE", "Backspace"), ("K_ESCAPE", "Esc"))),
    ("start", (("K_RETURN", "Enter"), ("K_KP_ENTER", ""))),
    ("select", (("K_TAB", "Tab"), ("K_LSHIFT", "Shift"), ("K_RSHIFT", ""))),
)


def _key_help():
    lines = ["%-7s %s" % ("D-pad", "arrow keys")]  # up/down/left/right above
    for button, keys in KEYBOARD[4:]:
        shown = button.upper() if len(button) == 1 else button.capitalize()
        lines.append("%-7s %s" % (shown, ", ".join(label for _, label in keys if label)))
    lines.append("%-7s %s" % ("Quit", "close the window, Ctrl+Q, or Ctrl+C"))
    return "\n".join(lines)


KEY_HELP = _key_help()
"""The key map as text, one button a line, e.g. ``A       X, Space``."""

KEY_HINT = "arrows, X=A, Z=B, Enter=Start, Tab=Select"
"""One short line for a window title."""

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


class EventQueue:
    """Like ``keypad.EventQueue``: a FIFO of Events, ``max_events`` long.

    When it is full a new event is dropped and ``overflowed`` becomes True
    (until ``clear()`` or setting it False), as on the device.
    """

    def __init__(self, max_events=64):
        self._events = []
        self._max = max_events
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
        return self._events.pop(0) if self._events else None

    def get_into(self, event):
        """Copy the oldest event into ``event`` (no allocation on the device);
        False if there was none."""
        if not self._events:
            return False
        got = self._events.pop(0)
        event._key_number = got._key_number  # pylint: disable=protected-access
        event._pressed = got._pressed  # pylint: disable=protected-access
        event._timestamp = got._timestamp  # pylint: disable=protected-access
        return True

    def clear(self):
        """Drop all events and reset ``overflowed``."""
        self._events.clear()
        self.overflowed = False

    def __len__(self):
        return len(self._events)

    def __bool__(self):
        return bool(self._events)


class _Keys:
    """What ShiftRegisterKeys offers besides scanning: events, key_count, ..."""

    key_count = len(BUTTONS)

    def __init__(self, max_events=64):
        self._queue = EventQueue(max_events)
        self.events = self._queue

    def reset(self):
        """Forget the queued events (the device would report held keys again)."""
        self._queue.clear()

    def deinit(self):
        self._queue.clear()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.deinit()


class ScriptKeys(_Keys):
    """Scripted buttons for headless runs: ``press("a")`` queues a press and
    then a release of that button; timestamps advance by ``step_ms``
    from ``start_ms`` (a fake clock, so scripted runs are repeatable)."""

    def __init__(self, max_events=64, start_ms=1000, step_ms=50):
        super().__init__(max_events)
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


def parse_script(text):
    """Button names of a --keys script: words split by spaces or commas;
    ``name*N`` repeats a name N times.  ValueError for an unknown name."""
    names = []
    for word in text.replace(",", " ").split():
        name, star, count = word.partition("*")
        button_number(name)
        if star:
            if not count.isdigit() or not 1 <= int(count) <= 1000:
                raise ValueError("bad repeat %r: write e.g. right*3" % word)
            names.extend([name.lower()] * int(count))
        else:
            names.append(name.lower())
    return names


class _PygameEventQueue(EventQueue):
    """An EventQueue whose get() first pumps pygame's events."""

    def __init__(self, keys, max_events):
        super().__init__(max_events)
        self._keys = keys

    def get(self):
        self._keys.pump()
        return super().get()

    def get_into(self, event):
        self._keys.pump()
        return super().get_into(event)

    def __len__(self):
        self._keys.pump()
        return super().__len__()

    def __bool__(self):
        self._keys.pump()
        return super().__bool__()


class PygameKeys(_Keys):
    """The simulator window's keyboard as a PyBadge keypad (see ``KEY_HELP``).

    ``events.get()`` pumps pygame first: key presses become Events (a button
    with two desktop keys is pressed while either is held); closing the
    window or Ctrl+Q raises ``SystemExit(0)``; an exposed window is
    re-presented; if ``display`` is given and its ``auto_refresh`` is on, the
    refresh Blinka's background thread asks for is done here, on the main
    thread (pygame draws only there).
    """

    def __init__(self, display=None, max_events=64, keyboard=KEYBOARD):
        import pygame  # pylint: disable=import-outside-toplevel
        from blinka_displayio_pygamedisplay import _DISPLAYIO_EVENT  # pylint: disable=import-outside-toplevel
        self._pg = pygame
        self._refresh_event = _DISPLAYIO_EVENT
        super().__init__(max_events)
        self._queue = _PygameEventQueue(self, max_events)
        self.events = self._queue
        self._display = display
        self._keymap = {}
        for button, keys in keyboard:
            for constant, _ in keys:
                self._keymap[getattr(pygame, constant)] = BUTTONS.index(button)
        self._held = {}  # button -> set of desktop keys holding it

    def pump(self):
        """Move pygame's pending events into the queue."""
        pg = self._pg
        if not pg.display.get_init():
            return
        for ev in pg.event.get():
            if ev.type == pg.KEYDOWN:
                mod = getattr(ev, "mod", 0)
                if ev.key == pg.K_q and mod & (pg.KMOD_CTRL | pg.KMOD_META):
                    raise SystemExit(0)
                if ev.key == pg.K_c and mod & pg.KMOD_CTRL:
                    raise KeyboardInterrupt
                self._key(ev.key, True)
            elif ev.type == pg.KEYUP:
                self._key(ev.key, False)
            elif ev.type in (pg.QUIT, pg.WINDOWCLOSE):
                raise SystemExit(0)
            elif ev.type == pg.WINDOWFOCUSLOST:
                self._release_all()  # key-ups go to the other window now
            elif ev.type in (pg.WINDOWEXPOSED, pg.WINDOWRESTORED, pg.WINDOWSHOWN):
                pg.display.flip()  # re-present the last frame
            elif ev.type == self._refresh_event and self._display is not None:
                # PyGameDisplay's auto_refresh request (posted by its thread)
                self._display._refresh_display()  # pylint: disable=protected-access

    def _key(self, key, pressed):
        number = self._keymap.get(key)
        if number is None:
            return
        holders = self._held.setdefault(number, set())
        was_held = bool(holders)
        if pressed:
            holders.add(key)
        else:
            holders.discard(key)
        if bool(holders) != was_held:
            self._queue.record(number, pressed)

    def _release_all(self):
        for number, holders in self._held.items():
            if holders:
                holders.clear()
                self._queue.record(number, False)

    def reset(self):
        """As keypad's reset(): forget queued events; keys held now are
        reported as pressed again."""
        self._queue.clear()
        for number, holders in sorted(self._held.items()):
            if holders:
                self._queue.record(number, True)

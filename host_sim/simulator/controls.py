"""The simulated board's buttons and joystick, and the pins the firmware reads them on.

``Controls(board)`` holds the state of a board's controls (see boards.py):
``press(name)`` and ``release(name)`` work one as a player would, and the
pin it is wired to changes level (a button) or value (the PyGamer's
joystick: pushed to an edge, centred when let go). Whatever the firmware
made on a pin (keys.Keys, keys.ShiftRegisterKeys, standins.AnalogIn) sees
the change at once, with the board clock's time, as a board's keypad scan
would.

Who works the controls: the window's keyboard (window.py, as ``reader``:
``pump()``, which every read of a pin or a keypad queue calls first, runs
it) or a --keys script (script.py).
"""


class Pin:
    """A pin of the stand-in board: a level per bit (a shift register's data
    pin carries one bit per button) and the keypad objects that watch it."""

    def __init__(self, name, controls):
        self.name = name
        self.controls = controls
        self.levels = {}
        self.watchers = []  # (bit, scanner, key number)
        self.owner = None

    def claim(self, owner):
        """Take the pin for ``owner``; ValueError if another has it, as on a board."""
        if self.owner is not None:
            raise ValueError("%s in use" % self.name)
        self.owner = owner

    def free(self, owner):
        """Let the pin go (``deinit()``)."""
        if self.owner is owner:
            self.owner = None
            self.watchers = [w for w in self.watchers if w[1] is not owner]

    def watch(self, bit, scanner, key_number):
        """Tell ``scanner`` (``scanner.read(key_number, level)``) when ``bit`` changes."""
        self.watchers.append((bit, scanner, key_number))
        scanner.read(key_number, self.level(bit))

    def level(self, bit=0):
        """What the pin reads now (after the window's pending keys)."""
        self.controls.pump()
        return self.levels.get(bit, False)

    def set(self, bit, level):
        """Drive ``bit`` to ``level`` and tell the watchers."""
        self.levels[bit] = level
        for watched, scanner, key_number in self.watchers:
            if watched == bit:
                scanner.read(key_number, level)

    def __repr__(self):
        return "board.%s" % self.name


def _nothing():
    pass


class Controls:
    """A board's controls as a player works them (see the module's doc)."""

    def __init__(self, board):
        self.board = board
        self.by_name = {control.name: control for control in board.controls}
        self.pins = {}
        for name in board.pins + tuple(c.pin for c in board.controls):
            self.pins.setdefault(name, Pin(name, self))
        for control in board.controls:
            self.pins[control.pin].levels[control.bit] = control.rest
        self.held = []  # names, in the order they were pressed
        self.reader = _nothing  # what brings the player's latest presses (the window's keyboard)

    def pump(self):
        """Take in the player's latest presses before a pin is read."""
        self.reader()

    def press(self, name):
        """Press control ``name`` (KeyError for a name the board lacks)."""
        control = self.by_name[name]
        if name not in self.held:
            self.held.append(name)
            self._settle(control)

    def release(self, name):
        """Let control ``name`` go."""
        control = self.by_name[name]
        if name in self.held:
            self.held.remove(name)
            self._settle(control)

    def release_all(self):
        """Let every control go (the window lost the keyboard)."""
        for name in list(self.held):
            self.release(name)

    def _settle(self, control):
        """Put the control's pin where the controls on it say: the last one
        pressed and still held wins (the joystick pushed the other way),
        else the pin rests."""
        level = control.rest
        for name in self.held:
            other = self.by_name[name]
            if (other.pin, other.bit) == (control.pin, control.bit):
                level = other.pressed
        self.pins[control.pin].set(control.bit, level)

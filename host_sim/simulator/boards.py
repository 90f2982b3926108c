"""The boards the simulator can pretend to be, with their real controls.

``BOARDS[name]`` gives the screen size, which sprite sheet suits it
(``"small"`` = /sheets/small.bmp for 160x128 and 240x135, ``"large"`` =
/sheets/large.bmp for 240x240 and 320x240, as in patience/screens/sheets.py),
the ``board_id`` the firmware picks its input scheme by, and the board's
controls: each ``Control`` is one button (or one way of pushing the
PyGamer's joystick) with

- ``name``: what ``--keys`` calls it (``a``, ``boot``, ``d0``, ``up`` ...);
- ``part``: what the board calls it (controls of one part share a line of
  the legend, e.g. the D-pad's four);
- ``pin``, ``bit``: where the firmware reads it (``board.BUTTON_A``; a shift
  register's data pin carries one bit per button);
- ``pressed``, ``rest``: what that pin reads while it is pressed and when
  let go (True/False for a button, an AnalogIn value for the joystick);
- ``keys``: the desktop keys that work it in the window, as
  (pygame constant, label) pairs; an empty label is not shown.

``pins`` are the board's other pins a profile asks for (the shift register's
clock and latch). ``legend(board)`` and ``hint(board)`` say which keys stand
for which buttons (for --help, the printed help and the window's title);
``QUIT`` says how to close the window; ``key_labels(board)`` gives the
firmware's controls page the same keys.
"""

from collections import namedtuple

Board = namedtuple("Board", "name board_id width height sheet description controls pins")
Control = namedtuple("Control", "name part pin bit pressed rest keys")

CENTRE, EDGE = 32768, 65535  # AnalogIn values: the joystick let go, pushed all the way
ARROWS = (("K_UP", "Up"), ("K_DOWN", "Down"), ("K_LEFT", "Left"), ("K_RIGHT", "Right"))
QUIT = "%-9s %s" % ("Quit", "close the window, Ctrl+Q, or Ctrl+C")


_FACE = (("a", 1, (("K_x", "X"), ("K_SPACE", "Space"))),
         ("b", 0, (("K_z", "Z"), ("K_BACKSPACE", "Backspace"), ("K_ESCAPE", "Esc"))),
         ("start", 2, (("K_RETURN", "Enter"), ("K_KP_ENTER", ""))),
         ("select", 3, (("K_TAB", "Tab"), ("K_LSHIFT", "Shift"), ("K_RSHIFT", ""))))


def _face():
    """The PyBadge family's A, B, Start, Select: bits 1, 0, 2, 3 of the shift register."""
    return tuple(Control(name, name.capitalize() if len(name) > 1 else name.upper(),
                         "BUTTON_OUT", bit, True, False, keys) for name, bit, keys in _FACE)


# up, down, left, right: the PyBadge's shift register bit, the PyGamer's joystick axis and push
_DIRECTIONS = (("up", 6, "JOYSTICK_Y", 0), ("down", 5, "JOYSTICK_Y", EDGE),
               ("left", 7, "JOYSTICK_X", 0), ("right", 4, "JOYSTICK_X", EDGE))


def _dpad():
    """The PyBadge's D-pad: bits 4-7 of the shift register (right, down, up, left)."""
    return tuple(Control(name, "D-pad", "BUTTON_OUT", bit, True, False, (key,))
                 for (name, bit, _, _), key in zip(_DIRECTIONS, ARROWS))


def _stick():
    """The PyGamer's joystick: x is left/right, y is up/down, each pushed to an edge."""
    return tuple(Control(name, "Joystick", axis, 0, push, CENTRE, (key,))
                 for (name, _, axis, push), key in zip(_DIRECTIONS, ARROWS))


def _button(name, pin, pressed, *keys):
    return Control(name, name.upper(), pin, 0, pressed, not pressed, keys)


_REGISTER = ("BUTTON_CLOCK", "BUTTON_LATCH")

BOARDS = {
    b.name: b for b in (
        Board("pybadge", "pybadge", 160, 128, "small", "Adafruit PyBadge, 160x128 ST7735R",
              _dpad() + _face(), _REGISTER),
        Board("pygamer", "pygamer", 160, 128, "small", "Adafruit PyGamer, 160x128 ST7735R",
              _stick() + _face(), _REGISTER),
        Board("clue", "clue_nrf52840_express", 240, 240, "large", "Adafruit CLUE, 240x240 ST7789",
              (_button("a", "BUTTON_A", False, ("K_z", "Z"), ("K_LEFT", "Left")),
               _button("b", "BUTTON_B", False, ("K_x", "X"), ("K_RIGHT", "Right"))), ()),
        Board("feather-tft", "adafruit_feather_esp32s3_tft", 240, 135, "small",
              "Adafruit Feather ESP32-S3 TFT, 240x135 ST7789",
              (_button("boot", "BUTTON", False, ("K_SPACE", "Space")),), ()),
        Board("feather-reverse-tft", "adafruit_feather_esp32s3_reverse_tft", 240, 135, "small",
              "Adafruit Feather ESP32-S3 Reverse TFT, 240x135 ST7789",
              (_button("d0", "D0", False, ("K_1", "1"), ("K_LEFT", "Left")),
               _button("d1", "D1", True, ("K_2", "2"), ("K_DOWN", "Down")),
               _button("d2", "D2", True, ("K_3", "3"), ("K_RIGHT", "Right"))), ()),
        Board("pyportal", "pyportal", 320, 240, "large",
              "Adafruit PyPortal, 320x240 ILI9341, touch only",
              (), ()),
    )
}

DEFAULT_BOARD = "pybadge"


def get_board(name):
    """The Board called ``name``; ValueError lists the known names."""
    try:
        return BOARDS[name.strip().lower()]
    except (KeyError, AttributeError):
        raise ValueError("unknown board %r: choose from %s"
                         % (name, ", ".join(BOARDS))) from None


def parts(board):
    """The board's controls grouped by part, in order: [(part, [Control, ...]), ...]."""
    grouped = []
    for control in board.controls:
        if grouped and grouped[-1][0] == control.part:
            grouped[-1][1].append(control)
        else:
            grouped.append((control.part, [control]))
    return grouped


def _keys_text(controls):
    """The desktop keys of a part: "X, Space" for a button, "arrow keys" for a D-pad."""
    if len(controls) > 1:
        firsts = tuple(sorted(c.keys[0] for c in controls))
        if firsts == tuple(sorted(ARROWS)):
            return "arrow keys"
        return ", ".join(c.keys[0][1] for c in controls)
    return ", ".join(label for _, label in controls[0].keys if label)


def legend(board):
    """Which desktop keys work which of the board's controls, one part a
    line: the part, its keys, its --keys names."""
    rows = [(part, _keys_text(controls), " ".join(c.name for c in controls))
            for part, controls in parts(board)]
    if not rows:
        return "(no buttons: the game shows why it cannot start)"
    width = max(len(keys) for _, keys, _ in rows)
    return "\n".join("%-9s %-*s  --keys %s" % (part, width, keys, names)
                     for part, keys, names in rows)


def key_labels(board):
    """The desktop keys of each button under the name the firmware's help
    gives it ("A", "BOOT", "D0"; "PAD" for a D-pad or joystick), in capitals:
    the stand-in board's KEY_LABELS, shown on the controls page."""
    labels = {}
    for part, controls in parts(board):
        name = "PAD" if len(controls) > 1 else controls[0].name.upper()
        labels[name] = _keys_text(controls).replace(", ", "/").upper()
    return labels


def hint(board):
    """One short line for the window's title: "arrows=D-pad X/Space=A ..."."""
    words = []
    for part, controls in parts(board):
        keys = _keys_text(controls)
        keys = "arrows" if keys == "arrow keys" else "/".join(keys.split(", ")[:2])
        words.append("%s=%s" % (keys, part))
    return " ".join(words) or "no buttons"

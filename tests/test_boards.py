"""Board profiles: choosing by board id, joystick, few-button gestures, dimming,
the message on boards the game cannot drive, and code.py's whole start path.

CircuitPython's ``board``, ``keypad`` and ``analogio`` are replaced by fakes
in sys.modules; time comes from a fake millisecond clock. On the MicroPython
VM (the last tests) the stand-in board of tests/vm plays them.
"""

import runpy
import shutil
import sys
import types

import pytest

import vm
import patience
from patience import boards
from patience.boards import events as board_events, few_buttons as board_few, pybadge as board_shift
from patience.input import buttons
from patience.input.buttons import DIGITS, GAME, LIST
from support import FIRMWARE

NAMES = buttons.NAMES


# ---------------------------------------------------------------- fakes


class FakeKeys:
    """A keypad object: records how it was made; ``push`` queues raw events."""

    def __init__(self, kind, pins=None, **kwargs):
        self.kind, self.pins, self.kwargs = kind, pins, kwargs
        self.queue = []
        self.events = self

    def get(self):  # as a board's Reader gives them to the wrappers
        return self.queue.pop(0) if self.queue else None

    def get_into(self, event):  # as keypad gives them to a Reader
        if not self.queue:
            return False
        got = self.queue.pop(0)
        event.key_number, event.pressed, event.timestamp = got.key_number, got.pressed, 0
        event.released = not got.pressed
        return True

    def push(self, key, pressed=True):
        self.queue.append(types.SimpleNamespace(key_number=key, pressed=pressed,
                                                released=not pressed, timestamp=0))


class FakeAnalog:
    def __init__(self, pin):
        self.pin, self.value = pin, 32768


class FakeDisplay:
    """Enough of a displayio display for the App and the dimmer."""

    def __init__(self, width=160, height=128, brightness=1.0):
        self.width, self.height = width, height
        self.root_group = None
        self.auto_refresh = True
        self._brightness = brightness
        self.refreshes = 0
        self.frames = []  # root_group at each refresh

    @property
    def brightness(self):
        return self._brightness

    @brightness.setter
    def brightness(self, value):
        if self._brightness is None:
            raise RuntimeError("Brightness not adjustable")
        self._brightness = value

    def refresh(self):
        self.refreshes += 1
        self.frames.append((self.root_group, _text_of(self.root_group)))


def _text_of(group):
    """A group of one terminalio TileGrid as its rows of characters, else None."""
    import displayio
    if group is None or len(group) != 1 or not isinstance(group[0], displayio.TileGrid):
        return None
    import terminalio
    grid, first = group[0], terminalio.FONT.get_glyph(32).tile_index
    return ["".join(chr(32 + grid[c, r] - first) for c in range(grid.width)).strip()
            for r in range(grid.height)]


class Clock:
    """Milliseconds that only move when told."""

    def __init__(self, start=1000):
        self.now = start

    def __call__(self):
        return self.now & 0x1FFFFFFF

    def __iadd__(self, ms):
        self.now += ms
        return self


PINS = ("BUTTON_CLOCK", "BUTTON_OUT", "BUTTON_LATCH", "JOYSTICK_X", "JOYSTICK_Y",
        "BUTTON_A", "BUTTON_B", "BUTTON", "D0", "D1", "D2")


def fake_board(board_id, display="default", pins=PINS):
    board = types.ModuleType("board")
    board.board_id = board_id
    if display is not None:
        board.DISPLAY = FakeDisplay() if display == "default" else display
    for pin in pins:
        setattr(board, pin, "pin:" + pin)
    return board


@pytest.fixture
def made(monkeypatch):
    """Fake keypad and analogio modules; returns what they made."""
    made = {"keys": [], "analog": {}}
    keypad = types.ModuleType("keypad")

    def shift(**kwargs):
        made["keys"].append(FakeKeys("shift", **kwargs))
        return made["keys"][-1]

    def keys(pins, **kwargs):
        made["keys"].append(FakeKeys("keys", pins, **kwargs))
        return made["keys"][-1]

    def analog(pin):
        made["analog"][pin] = FakeAnalog(pin)
        return made["analog"][pin]

    keypad.ShiftRegisterKeys, keypad.Keys = shift, keys
    keypad.Event = types.SimpleNamespace  # get_into fills it
    analogio = types.ModuleType("analogio")
    analogio.AnalogIn = analog
    monkeypatch.setitem(sys.modules, "keypad", keypad)
    monkeypatch.setitem(sys.modules, "analogio", analogio)
    return made


def drain(keys):
    """Names of the logical presses now due; each must come with its release."""
    names, held = [], set()
    event = keys.events.get()
    while event:
        if event.pressed:
            names.append(NAMES[event.key_number])
            held.add(event.key_number)
        else:
            held.discard(event.key_number)
        event = keys.events.get()
    return names


def tap(raw, keys, clock, key, ms=100):
    """Press ``key`` for ``ms`` and let go: the logical presses it gave."""
    raw.push(key)
    got = drain(keys)
    clock += ms
    raw.push(key, False)
    return got + drain(keys)


# ---------------------------------------------------------------- choosing


@pytest.mark.parametrize("board_id, module, name", [
    ("pybadge", board_shift, "badge"),
    ("pygamer", board_shift, "gamer"),
    ("clue_nrf52840_express", board_few, "two"),
    ("adafruit_feather_esp32s2_tft", board_few, "one"),
    ("adafruit_feather_esp32s3_tft", board_few, "one"),
    ("adafruit_feather_esp32s2_reverse_tft", board_few, "three"),
    ("adafruit_feather_esp32s3_reverse_tft", board_few, "three"),
])
def test_each_board_id_picks_its_profile(board_id, module, name):
    assert boards.profile(board_id) is getattr(module, name)
    assert boards.reason(board_id, FakeDisplay()) is None


@pytest.mark.parametrize("board_id, why", [
    ("pyportal", boards.TOUCH), ("pyportal_titano", boards.TOUCH),
    ("pyportal_pynt", boards.TOUCH), ("metro_m4_express", boards.NO_BUTTONS),
    ("pybadge_airlift", boards.NO_BUTTONS),
])
def test_boards_without_profile(board_id, why):
    assert boards.profile(board_id) is None
    assert boards.reason(board_id, FakeDisplay()) == why
    assert boards.reason(board_id, None) == boards.NO_DISPLAY


def test_pybadge_sets_up_eight_shift_register_buttons(made):
    keys, why = boards.setup(fake_board("pybadge"))
    assert why is None
    (raw,) = made["keys"]
    assert raw.kind == "shift" and raw.kwargs == {
        "clock": "pin:BUTTON_CLOCK", "data": "pin:BUTTON_OUT", "latch": "pin:BUTTON_LATCH",
        "key_count": 8, "value_when_pressed": True}
    for key in range(8):  # already in the game's order
        raw.push(key)
        raw.push(key, False)
        assert drain(keys) == [NAMES[key]]


def test_pygamer_sets_up_four_buttons_and_the_stick(made):
    keys, _ = boards.setup(fake_board("pygamer"))
    (raw,) = made["keys"]
    assert raw.kwargs["key_count"] == 4 and raw.kwargs["value_when_pressed"] is True
    assert set(made["analog"]) == {"pin:JOYSTICK_X", "pin:JOYSTICK_Y"}
    raw.push(buttons.START)
    assert drain(keys) == ["start"]


def test_few_button_boards_set_up_their_pins(made):
    boards.setup(fake_board("clue_nrf52840_express"))
    boards.setup(fake_board("adafruit_feather_esp32s3_reverse_tft"))
    boards.setup(fake_board("adafruit_feather_esp32s2_tft"))
    got = [(k.pins, k.kwargs) for k in made["keys"]]
    assert got == [
        (("pin:BUTTON_A", "pin:BUTTON_B"), {"value_when_pressed": False, "pull": True}),
        (("pin:D0",), {"value_when_pressed": False, "pull": True}),
        (("pin:D1", "pin:D2"), {"value_when_pressed": True, "pull": True}),
        (("pin:BUTTON",), {"value_when_pressed": False, "pull": True}),
    ]


def test_missing_pin_is_reported_not_raised(made):
    keys, why = boards.setup(fake_board("pybadge", pins=()))
    assert keys is None and why.startswith("Buttons failed:") and "BUTTON_CLOCK" in why


# ---------------------------------------------------------------- joystick


@pytest.fixture
def stick():
    raw = FakeKeys("shift")
    x, y = FakeAnalog("x"), FakeAnalog("y")
    return board_shift.Stick(raw, x, y, Clock()), raw, x, y


def events(keys):
    out = []
    event = keys.events.get()
    while event:
        out.append((NAMES[event.key_number], "down" if event.pressed else "up"))
        event = keys.events.get()
    return out


def test_stick_dead_zone_press_and_release_with_hysteresis(stick):
    keys, _, x, _ = stick
    centre, push, let_go = board_shift.CENTRE, board_shift.PUSH, board_shift.LET_GO
    for wobble in (0, 3000, -3000, push - 1, -(push - 1)):
        x.value = centre + wobble
        assert events(keys) == []
    x.value = centre + push
    assert events(keys) == [("right", "down")]
    assert events(keys) == []  # held: no more events while deflected
    x.value = centre + let_go  # back inside the push zone but not past let-go
    assert events(keys) == []
    x.value = centre + let_go - 1
    assert events(keys) == [("right", "up")]
    x.value = centre + push - 1  # not far enough to press again
    assert events(keys) == []


def test_stick_axes_and_directions(stick):
    keys, _, x, y = stick
    c, push = board_shift.CENTRE, board_shift.PUSH
    x.value, y.value = 0, c
    assert events(keys) == [("left", "down")]
    x.value = 65535  # flicked straight across
    assert events(keys) == [("left", "up"), ("right", "down")]
    x.value, y.value = c, 0
    assert events(keys) == [("right", "up"), ("up", "down")]
    y.value = c - push + 1000  # still up: between let-go and push
    assert events(keys) == []
    y.value = c + 2000  # past the centre on the other side: released
    assert events(keys) == [("up", "up")]
    y.value = 65535
    assert events(keys) == [("down", "down")]


def test_stick_passes_face_buttons_first(stick):
    keys, raw, x, _ = stick
    x.value = 65535
    raw.push(buttons.A)
    assert events(keys) == [("a", "down"), ("right", "down")]


# ---------------------------------------------------------------- gestures


def few(made, board_id, mode=GAME):
    clock = Clock()
    keys = boards.profile(board_id)(fake_board(board_id), FakeDisplay(), clock)
    keys.mode = lambda: mode
    return keys, made["keys"], clock


def hold(raw, keys, clock, key, ms):
    raw.push(key)
    got = drain(keys)
    for _ in range(ms // 50):
        clock += 50
        got += drain(keys)
    raw.push(key, False)
    return got + drain(keys)


def test_two_buttons_in_game(made):
    keys, (raw,), clock = few(made, "clue_nrf52840_express")
    a, b = 0, 1
    assert tap(raw, keys, clock, b) == ["right"]
    assert tap(raw, keys, clock, a) == ["a"]
    assert hold(raw, keys, clock, a, 450) == ["a"]  # let go before half a second: a tap
    assert hold(raw, keys, clock, a, 2000) == ["b"]  # B once, no repeat
    # B held: up at half a second, then repeated every 0.3 s until let go
    assert hold(raw, keys, clock, b, 1150) == ["up", "up", "up"]


def test_two_buttons_chord_is_start(made):
    keys, (raw,), clock = few(made, "clue_nrf52840_express")
    raw.push(0)
    clock += 100
    raw.push(1)
    assert drain(keys) == ["start"]
    clock += 2000  # holding both does nothing more
    raw.push(0, False)
    assert drain(keys) == []
    clock += 2000  # nor does holding one of them on
    raw.push(1, False)
    assert drain(keys) == []
    assert tap(raw, keys, clock, 1) == ["right"]  # and the next gesture is fresh


@pytest.mark.parametrize("mode, b_tap, b_hold", [(LIST, "down", "up"), (DIGITS, "right", "up")])
def test_two_buttons_in_lists_and_digits(made, mode, b_tap, b_hold):
    keys, (raw,), clock = few(made, "clue_nrf52840_express", mode)
    assert tap(raw, keys, clock, 1) == [b_tap]
    assert hold(raw, keys, clock, 1, 600) == [b_hold]
    assert tap(raw, keys, clock, 0) == ["a"]
    assert hold(raw, keys, clock, 0, 600) == ["b"]


def test_three_buttons(made):
    keys, (low, high), clock = few(made, "adafruit_feather_esp32s2_reverse_tft")
    assert tap(low, keys, clock, 0) == ["left"]  # D0
    assert tap(high, keys, clock, 0) == ["a"]  # D1
    assert tap(high, keys, clock, 1) == ["right"]  # D2
    assert hold(low, keys, clock, 0, 600) == ["up"]
    assert hold(high, keys, clock, 0, 600) == ["b"]
    assert hold(high, keys, clock, 1, 600) == ["down"]
    low.push(0)
    high.push(0)
    assert drain(keys) == ["select"]  # D0 + D1: undo
    low.push(0, False)
    high.push(0, False)
    assert drain(keys) == []
    high.push(1)
    high.push(0)
    assert drain(keys) == ["start"]  # D1 + D2: menu
    high.push(1, False)
    high.push(0, False)
    assert drain(keys) == []
    keys.mode = lambda: LIST
    assert tap(low, keys, clock, 0) == ["up"]
    assert tap(high, keys, clock, 1) == ["down"]


def test_one_button(made):
    keys, (raw,), clock = few(made, "adafruit_feather_esp32s3_tft")
    assert tap(raw, keys, clock, 0) == []  # waits: a second tap may follow
    clock += 299
    assert drain(keys) == []
    clock += 1
    assert drain(keys) == ["right"]
    tap(raw, keys, clock, 0)
    clock += 200
    raw.push(0)  # second press within 0.3 s: a double tap
    assert drain(keys) == ["up"]
    clock += 1000
    raw.push(0, False)
    assert drain(keys) == []
    assert hold(raw, keys, clock, 0, 800) == ["a"]  # on letting go
    assert hold(raw, keys, clock, 0, 3000) == ["start"]  # at 1.5 s, once


def test_one_button_in_lists(made):
    keys, (raw,), clock = few(made, "adafruit_feather_esp32s3_tft", LIST)
    tap(raw, keys, clock, 0)
    clock += 300
    assert drain(keys) == ["down"]
    assert hold(raw, keys, clock, 0, 1600) == ["b"]


# ---------------------------------------------------------------- dimming


def test_dims_after_a_minute_and_swallows_the_waking_press():
    raw, display, clock = FakeKeys("shift"), FakeDisplay(), Clock()
    keys = board_events.Dimmer(raw, display, clock)
    clock += 59999
    assert drain(keys) == [] and display.brightness == 1.0
    clock += 1
    assert drain(keys) == [] and display.brightness == pytest.approx(0.1)
    raw.push(buttons.A)
    assert drain(keys) == [] and display.brightness == 1.0  # awake, press swallowed
    raw.push(buttons.B)  # another button while the waking one is down acts
    raw.push(buttons.A, False)
    raw.push(buttons.B, False)
    assert events(keys) == [("b", "down"), ("b", "up")]
    raw.push(buttons.A)
    assert drain(keys) == ["a"]
    clock += 59999  # the press restarted the minute
    assert drain(keys) == [] and display.brightness == 1.0


def test_dimming_without_backlight_control_is_harmless():
    raw, display, clock = FakeKeys("shift"), FakeDisplay(brightness=None), Clock()
    keys = board_events.Dimmer(raw, display, clock)
    clock += 120000
    assert drain(keys) == []
    raw.push(buttons.A)
    assert drain(keys) == ["a"]  # nothing was dimmed, so nothing is swallowed


def test_waking_tap_on_two_buttons_does_nothing(made):
    keys, (raw,), clock = few(made, "clue_nrf52840_express")
    clock += 60000
    assert drain(keys) == []
    display = keys.source.display
    assert display.brightness == pytest.approx(0.1)
    assert tap(raw, keys, clock, 1) == [] and display.brightness == 1.0
    assert tap(raw, keys, clock, 1) == ["right"]


# ---------------------------------------------------------------- no game here


@pytest.fixture
def waits(monkeypatch):
    calls = []
    monkeypatch.setattr(boards, "wait", lambda: calls.append(1))
    return calls


def test_unknown_board_says_so_and_does_not_raise(capsys, waits):
    display = FakeDisplay()
    boards.prepare(fake_board("metro_m4_express", display))
    out = capsys.readouterr().out
    assert "CIRCUIT PATIENCE" in out and "Board: metro_m4_express" in out
    assert "No buttons this game knows." in out and "PyBadge" in out
    assert waits == [1]  # the message stays on the screen


def test_no_memory_to_start_says_so_and_waits(monkeypatch, capsys, waits):
    def too_big(board, **options):
        raise MemoryError("memory allocation failed, allocating 1632 bytes")
    monkeypatch.setattr(boards, "build", too_big)
    monkeypatch.setattr(boards, "DRIVE", str(FIRMWARE))  # the drive, budget.json on it
    assert boards.prepare(fake_board("pybadge", FakeDisplay())) is None
    out = capsys.readouterr().out
    assert "MemoryError: memory allocation failed, allocating 1632 bytes" in out
    from patience.boards.message import PLAYS_ON
    from host_sim.budget import figures
    assert boards.NO_MEMORY in out and "about %d KB" % figures()["needed_py"] in out
    assert PLAYS_ON not in out
    assert waits == [1]  # the message stays on the screen


def test_board_without_display_prints_and_returns(capsys, waits):
    assert boards.prepare(fake_board("qtpy_m0", display=None)) is None
    out = capsys.readouterr().out
    assert "Board: qtpy_m0" in out and boards.NO_DISPLAY in out
    assert waits == []


def test_touch_only_board_message(capsys, waits):
    boards.prepare(fake_board("pyportal_titano", FakeDisplay(480, 320)))
    assert boards.TOUCH in capsys.readouterr().out


def test_message_drawn_with_terminalio_tiles(monkeypatch, waits):
    import displayio
    font_chars = " ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789:._-()/,"
    font = types.SimpleNamespace(
        bitmap=displayio.Bitmap(6 * len(font_chars), 12, 2),
        get_bounding_box=lambda: (6, 12, 0, -2),
        get_glyph=lambda code: (types.SimpleNamespace(tile_index=font_chars.index(chr(code)))
                                if chr(code) in font_chars else None))
    monkeypatch.setitem(sys.modules, "terminalio", types.SimpleNamespace(FONT=font))
    display = FakeDisplay(160, 128)
    boards.prepare(fake_board("adafruit_feather_m4_express", display))
    (grid,) = list(display.root_group)
    lines = ["".join(font_chars[grid[c, r]] for c in range(grid.width)).strip()
             for r in range(grid.height)]
    assert lines[0] == "CIRCUIT PATIENCE"
    assert "adafruit_feather_m4_express" in "".join(lines)
    assert "No buttons this game knows." in " ".join(lines)
    assert grid.height * 12 <= 128 and grid.width * 6 <= 160


def test_wrap_cuts_long_ids_and_keeps_paragraphs():
    from patience.boards.message import wrap
    assert wrap(("ab cd ef", "", "x" * 12), 5) == ["ab cd", "ef", "", "xxxxx", "xxxxx", "xx"]


# ---------------------------------------------------------------- code.py


@pytest.fixture
def code_py(monkeypatch, made):
    """Run firmware/code.py on a fake board; returns the App it started."""
    started = []
    from patience.screens.app import App

    def run(self):  # the first screen, as App.run shows it, and no loop
        self.setup_left = [name for name in sys.modules if name.startswith("patience.boards")]
        self.begin()
        started.append(self)
    monkeypatch.setattr(App, "run", run)
    monkeypatch.setattr(boards, "DRIVE", str(FIRMWARE))
    for name in [name for name in sys.modules if name.startswith("patience.boards")]:
        monkeypatch.setitem(sys.modules, name, sys.modules[name])  # code.py lets go of them
    monkeypatch.setattr(patience, "boards", boards)

    def run(board_id, width=160, height=128):
        board = fake_board(board_id, FakeDisplay(width, height))
        monkeypatch.setitem(sys.modules, "board", board)
        runpy.run_path(str(FIRMWARE / "code.py"), run_name="__main__")
        assert len(started) == 1
        return started.pop(), made["keys"]
    return run


def test_code_py_shows_a_loading_screen_first_and_fills_its_bar(code_py):
    app, _ = code_py("pybadge")
    frames = app.display.frames
    loading = [text for group, text in frames if group is not app.screen.group]
    assert loading[0] == ["CIRCUIT PATIENCE", "", "-" * 16]   # the first frame, bar empty
    bars = [text[2] for text in loading]
    assert bars == sorted(bars, key=lambda bar: bar.count("#")) and bars[-1] == "#" * 16
    assert frames[-1][0] is app.screen.group                   # then the title


def test_code_py_lets_go_of_the_board_setup_before_the_game_runs(code_py):
    """Before the first screen is built (a game resumed builds its whole
    table): the board setup's code and the loading screen's are let go."""
    app, _ = code_py("pybadge")
    assert app.setup_left == [] and app.screen is not None
    assert not [name for name in sys.modules if name.startswith("patience.boards")]


def test_a_build_without_terminalio_starts_the_game_without_a_loading_screen(
        code_py, monkeypatch):
    """CircuitPython's Japanese, Korean and Russian PyBadge builds have no
    terminalio: the game starts all the same, its first frame the title."""
    monkeypatch.setitem(sys.modules, "terminalio", None)  # import terminalio fails
    app, _ = code_py("pybadge")
    assert app.game is None and app.screen is not None
    assert [group for group, _ in app.display.frames if group is not app.screen.group] == []


def test_code_py_starts_the_pybadge(code_py):
    app, (raw,) = code_py("pybadge")
    assert app.game is None  # the title screen
    raw.push(buttons.DOWN)
    raw.push(buttons.DOWN, False)
    assert app.tick() and app.screen.choice == 1


def test_code_py_on_the_clue_follows_the_screen(code_py):
    app, (raw,) = code_py("clue_nrf52840_express", 240, 240)
    a, b = 0, 1

    def click(*keys):
        for key in keys:
            raw.push(key)
        for key in keys:
            raw.push(key, False)
        app.tick()

    click(b)  # title is a list: B is down
    assert app.screen.choice == 1
    click(a)  # play the second game
    player = app.screen
    assert player.game is not None and player.panel.overlay is None
    start = player.cursor
    click(b)  # on the table B is right
    assert player.cursor != start
    click(a, b)  # both: the menu
    assert player.panel.overlay is not None and player.panel.overlay.choice == 0
    click(b)  # the menu is a list: B is down
    assert player.panel.overlay.choice == 1
    click(a, b)  # both again close it
    assert player.panel.overlay is None


def test_code_py_on_an_unknown_board(monkeypatch, capsys, waits):
    monkeypatch.setitem(sys.modules, "board", fake_board("metro_m4_express"))
    runpy.run_path(str(FIRMWARE / "code.py"), run_name="__main__")
    assert "metro_m4_express" in capsys.readouterr().out and waits == [1]


# ---------------------------------------------------------------- game files missing


@pytest.fixture
def drive(tmp_path, monkeypatch):
    """A copy of the drive's game files (sheets, words, winnable deals, the
    heap figures) that a test can break; the board reads it."""
    for folder in ("sheets", "lang", "winnable"):
        shutil.copytree(FIRMWARE / folder, tmp_path / folder)
    shutil.copy(FIRMWARE / "budget.json", tmp_path)
    monkeypatch.setattr(boards, "DRIVE", str(tmp_path))
    return tmp_path


@pytest.mark.parametrize("file, damage", [
    ("sheets/small.bmp", None), ("sheets/small.bmp", b"BM garbage"),
    ("lang/en.bin", None), ("lang/en.bin", b"not the words")])
def test_a_game_file_missing_or_damaged_is_named_on_the_screen(capsys, waits, made, drive,
                                                               file, damage):
    """A half-copied install: the screen and the console name the file and
    say how to put the game back; nothing raises."""
    if damage is None:
        (drive / file).unlink()
    else:
        (drive / file).write_bytes(damage)
    display = FakeDisplay()
    assert boards.prepare(fake_board("pybadge", display)) is None
    said = "A game file is missing or damaged: %s/%s. Put the game on the board again " \
        "with patience-flash." % (drive, file)
    assert said in capsys.readouterr().out
    shown = "".join(_text_of(display.root_group))  # the screen left showing, lines joined
    assert file in shown.replace(" ", "") and "patience-flash" in shown  # a long path is cut
    assert waits == [1]  # the message stays on the screen


def test_without_the_heap_figures_the_sheet_stays_on_the_drive(monkeypatch, drive):
    """budget.json says how much heap the game needs beside a sheet in RAM;
    without it the sheet check plays safe and leaves the sheet on the drive."""
    import gc
    from patience.screens import sheets, start
    monkeypatch.setattr(gc, "mem_free", lambda: 1 << 20, raising=False)  # a board's heap
    assert type(start.load_art(sheets.SMALL, str(drive)).bitmap).__name__ == "Bitmap"
    (drive / "budget.json").unlink()
    assert type(start.load_art(sheets.SMALL, str(drive)).bitmap).__name__ == "OnDiskBitmap"


def test_without_the_winnable_lists_a_deal_is_dealt_all_the_same(drive):
    """Winnable deals only, with no list on the drive: any deal, no error."""
    from patience.solver.winnable import is_winnable, pick
    shutil.rmtree(drive / "winnable")
    assert pick("agnes", 1234, str(drive) + "/") is None
    assert not is_winnable("agnes", 238, str(drive) + "/")


def test_a_language_file_gone_in_play_stops_the_game_with_its_games_saved(capsys):
    """Options > Language with its file gone from the drive: the App's loop
    ends, the games saved, the terminal naming the file."""
    from patience.saves.store import Store
    from screens import running
    nvm = bytearray(8192)
    with running("agnes", 7, store=Store(nvm)) as session:
        session.press("right a")
        app = session.app

        def gone():
            raise OSError("/lang/fr.bin")
        app.tick = gone
        app.run()
    out = capsys.readouterr().out
    assert "A game file is missing or damaged: /lang/fr.bin." in out and "saved" in out
    resumed = Store(nvm).load()
    assert resumed.games[patience.games.number("agnes")] is not None


# ---------------------------------------------------------------- MicroPython
# On the VM the stand-in board of tests/vm plays the board: keypad scanners,
# analogio and the supervisor clock, moved by vmctl.

VM_GET = """
import board, vmctl
def names(keys):
    out = []
    event = keys.events.get()
    while event:
        if event.pressed:
            out.append(event.key_number)
        event = keys.events.get()
    return out
"""


@pytest.mark.vm
def test_start_path_and_two_buttons_on_micropython():
    vm.require_vm()
    out = vm.run(VM_GET + """
from patience.screens.app import App
RAN = []
App.run = lambda self: RAN.append(self) or self.begin()  # the first screen, no loop
from patience.boards import prepare
prepare().run()
app = RAN[0]
def click(*keys):
    for key in keys:
        vmctl.press(key)
    for key in keys:
        vmctl.release(key)
    app.tick()
click(1)
print(app.screen.choice)
click(0)
start_pile = app.screen.cursor
click(1)
print(app.screen.cursor != start_pile)
click(0, 1)
print(app.screen.panel.overlay is not None)
""", 256, board="clue_nrf52840_express")
    assert vm.script_lines(out) == ["1", "True", "True"]


@pytest.mark.vm
def test_gestures_on_micropython():
    vm.require_vm()
    out = vm.run(VM_GET + """
from patience.boards import few_buttons
keys = few_buttons.two(board, board.DISPLAY)
vmctl.press(1)
print(names(keys))
for _ in range(23):
    vmctl.advance(50)
    print(names(keys))
vmctl.release(1)
print(names(keys))
""", 128, board="clue_nrf52840_express")
    got = [eval(line) for line in out.split("\n") if line]  # pylint: disable=eval-used
    up = buttons.UP
    assert [x for x in got if x] == [[up], [up], [up]]  # held: up at 0.5 s, then every 0.3 s


@pytest.mark.vm
def test_joystick_on_micropython():
    vm.require_vm()
    out = vm.run(VM_GET + """
from patience.boards import pybadge
keys = pybadge.gamer(board, board.DISPLAY)
vmctl.set_analog("JOYSTICK_X", 65535)
print(names(keys))
vmctl.set_analog("JOYSTICK_X", 32768)
vmctl.set_analog("JOYSTICK_Y", 0)
print(names(keys))
""", 128, board="pygamer")
    assert out.split("\n")[:2] == [str([buttons.RIGHT]), str([buttons.UP])]


@pytest.mark.vm
@pytest.mark.parametrize("board_id, profile", [
    ("pybadge", "pybadge.badge"), ("pygamer", "pybadge.gamer"), ("clue_nrf52840_express", "few_buttons.two"),
    ("adafruit_feather_esp32s3_reverse_tft", "few_buttons.three"),
    ("adafruit_feather_esp32s3_tft", "few_buttons.one")])
def test_idle_reading_allocates_nothing_on_micropython(board_id, profile):
    vm.require_vm()
    module, function = profile.split(".")
    out = vm.run(VM_GET + f"""
import vmheap
from patience.boards import {module}
keys = {module}.{function}(board, board.DISPLAY)
def idle():
    vmctl.advance(10)
    keys.events.get()
print(vmheap.allocated(idle, 50))
""", 128, board=board_id)
    assert out == "0\n"


@pytest.mark.vm
def test_message_on_a_board_without_buttons_on_micropython():
    vm.require_vm()
    out = vm.run("""
import board, displayio, terminalio, vmctl
class Waiting(Exception):
    pass
def stop():
    raise Waiting()
vmctl.on_sleep(stop)  # boards.wait() sleeps forever: end there
from patience.boards import prepare
try:
    prepare()
except Waiting:
    pass
(grid,) = [board.DISPLAY.root_group[i] for i in range(len(board.DISPLAY.root_group))]
print("== on the screen")
print(board.DISPLAY.root_group.scale, grid.width, grid.height)
for row in range(grid.height):
    print("".join(chr(32 + grid[column, row]) for column in range(grid.width)).strip())
""", 64, board="pyportal")
    printed, shown = out.split("== on the screen\n")
    assert printed.startswith("CIRCUIT PATIENCE\n") and boards.TOUCH in printed
    size, *lines = shown.splitlines()
    assert size == "2 26 8"  # twice the size: 26 x 8 cells of 6 x 12 pixels on 320 x 240
    assert lines[:3] == ["CIRCUIT PATIENCE", "", "Board: pyportal"]
    assert " ".join(lines[3:5]) == boards.TOUCH

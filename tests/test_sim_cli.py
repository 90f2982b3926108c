"""The desktop simulator: patience-sim's command line, CountingDisplay, keys.

Runs without a screen: in-process tests use SDL's dummy video driver; the
exit codes are checked through subprocesses.  Most tests start a tiny
stand-in app (FakeApp) on the board's own buttons (the firmware's profile);
test_real_app_* start the firmware as on a board (patience.boards.build).
Each board's controls and --keys scripts: test_sim_boards.py.
"""

import os
import types
import subprocess
import sys
import time

os.environ["SDL_VIDEODRIVER"] = "dummy"  # before pygame is imported

import pytest  # noqa: E402

from host_sim.simulator import cli as sim  # noqa: E402
from host_sim.simulator.boards import BOARDS, QUIT, get_board, legend  # noqa: E402
from host_sim.simulator.controls import Controls  # noqa: E402
from host_sim.simulator.display import CountingDisplay, default_scale, display_available  # noqa: E402
from host_sim.simulator.keys import BUTTONS, Event, EventQueue, ScriptKeys  # noqa: E402
from host_sim.simulator.window import Keyboard  # noqa: E402

import displayio  # noqa: E402  (after host_sim.simulator.display: it sets Blinka's environment)
import pygame  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
pytestmark = pytest.mark.filterwarnings("ignore:no fast renderer available")
PYBADGE = {"b": 0, "a": 1, "start": 2, "select": 3, "right": 4, "down": 5, "up": 6, "left": 7}


# ---- a stand-in app --------------------------------------------------------------
TILE = 16
COLOURS = (0x000000, 0xFFFFFF, 0xFF0000, 0x0000FF)


def tile_sheet():
    """4 tiles of TILE x TILE, tile t filled with colour t."""
    bitmap = displayio.Bitmap(TILE * 4, TILE, 4)
    for t in range(4):
        for x in range(TILE):
            for y in range(TILE):
                bitmap[t * TILE + x, y] = t
    palette = displayio.Palette(4)
    for i, colour in enumerate(COLOURS):
        palette[i] = colour
    return bitmap, palette


class FakeApp:
    """Same interface as patience.screens.app.App: right moves a square, a recolours it."""

    made = []

    def __init__(self, display, keys, root="", game=None, deal=None, store=None, language=None,
                 sound=None, advise=None):
        self.display, self.keys, self.root, self.store = display, keys, root, store
        self.language, self.sound, self.adviser = language, sound, advise
        self.game = None if game is None else "FAKE %s deal %s" % (game, deal)
        self.player = types.SimpleNamespace(cursor=2, held=None, status="FAKE STATUS")
        self.seen = []
        bitmap, palette = tile_sheet()
        self.group = displayio.Group()
        self.group.append(displayio.TileGrid(bitmap, pixel_shader=palette, width=1, height=1,
                                             tile_width=TILE, tile_height=TILE, default_tile=0))
        self.group[0].x = 0
        self.square = displayio.TileGrid(bitmap, pixel_shader=palette, tile_width=TILE,
                                         tile_height=TILE, default_tile=1)
        self.group.append(self.square)
        display.auto_refresh = False
        display.root_group = self.group
        display.refresh()
        FakeApp.made.append(self)

    def begin(self):
        """It shows its square from the start."""

    def tick(self):
        changed = False
        event = self.keys.events.get()
        while event is not None:
            self.seen.append((event.key_number, event.pressed))
            if event.pressed and event.key_number == PYBADGE["right"]:
                self.square.x += TILE
                changed = True
            elif event.pressed and event.key_number == PYBADGE["a"]:
                self.square[0] = 2
                changed = True
            event = self.keys.events.get()
        if changed:
            self.display.refresh()
        return changed

    def run(self):
        while True:
            if not self.tick():
                time.sleep(0.005)


def builder(app_class=None):
    """A stand-in for patience.boards.build: ``app_class`` (FakeApp) on the
    board's display with the keys the firmware's profile makes."""
    def build(board, **options):
        from patience.boards import setup
        keys, why = setup(board)
        assert why is None, why
        return (app_class or FakeApp)(board.DISPLAY, keys, **options)
    return build


@pytest.fixture(autouse=True)
def _no_display_left():
    FakeApp.made.clear()
    yield
    assert not displayio.displays, "a test left a display open"


def run_cli(*args, env=None):
    """patience-sim in a subprocess: (exit code, stdout, stderr)."""
    done = subprocess.run([sys.executable, "-m", "host_sim.simulator.cli", *args], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=60)
    return done.returncode, done.stdout, done.stderr


def png_size_and_pixel(path, xy):
    image = pygame.image.load(path)
    return image.get_size(), tuple(image.get_at(xy))[:3]


# ---- command line ------------------------------------------------------------------
def test_help_exits_0_and_shows_options_and_keys():
    code, out, err = run_cli("--help")
    assert code == 0, err
    for word in ("--board", "--game", "--deal", "--headless", "--keys", "--shot", "--dump",
                 "--scale", "pybadge", "clue", "eagle-wing", "chessboard", "hold:NAME",
                 "NAME+NAME", "double:NAME", "WORD*N", QUIT):
        assert word in out
    for board in BOARDS.values():
        assert "%s (%dx%d):" % (board.name, board.width, board.height) in out
        for line in legend(board).splitlines():
            assert line in out
    assert err == ""


@pytest.mark.parametrize("args, words", [
    (["--board", "pyboard"], ["unknown board", "pybadge", "clue"]),
    (["--game", "klondike"], ["unknown game", "agnes", "eagle-wing"]),
    (["--game", "agnes", "--deal", "0"], ["--deal", "999,999,999"]),
    (["--game", "agnes", "--deal", "1000000000"], ["--deal", "999,999,999"]),
    (["--game", "agnes", "--deal", "seven"], ["--deal"]),
    (["--keys", "right a"], ["--keys needs --headless"]),
    (["--headless", "--keys", "right jump"], ["unknown button 'jump'", "start select"]),
    (["--headless", "--board", "clue", "--keys", "right"], ["unknown button 'right'",
                                                            "clue's buttons are a b"]),
    (["--headless", "--shot", "/nonexistent-folder/x/out.png"], ["cannot write --shot"]),
    (["--headless", "--shot", "."], ["cannot write --shot", "folder"]),
    (["--scale", "0"], ["--scale"]),
    (["--frobnicate"], ["unrecognized arguments"]),
    (["--headless", "--keys", "holdinf:a"], ["bad hold"]),
    (["--headless", "--keys", "a*\u00b2"], ["bad repeat"]),
    (["--headless", "--keys", "a*100000"], ["bad repeat", "from 1 to 1000"]),
    (["--headless", "--shot", "out.jpg"], ["--shot out.jpg", "PNG", "ending in .png"]),
    (["--headless", "--root", "/"], ["not a firmware folder"]),
    (["--headless", "--shot-scale", "3"], ["--shot-scale needs --shot"]),
])
def test_bad_command_line_one_line_exit_2(args, words):
    code, out, err = run_cli(*args)
    assert code == 2
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("patience-sim: error: ")
    for word in words:
        assert word in lines[0]
    assert out == ""


def test_an_install_without_the_repository_says_how_to_get_the_firmware(capsys, monkeypatch,
                                                                         tmp_path):
    """`pip install .` copies the code, not firmware/ with its sheets: say so, no traceback."""
    monkeypatch.setattr(sim, "firmware_dir", lambda: str(tmp_path / "site-packages" / "firmware"))
    assert sim.main(["--headless"], build=builder()) == 2
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("patience-sim: error: no firmware folder at ")
    assert "`pip install -e .` in the clone" in lines[0] and "with --root DIR" in lines[0]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11/Wayland check is Linux's")
def test_no_display_says_use_headless_exit_2():
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    code, out, err = run_cli("--game", "agnes", env=env)
    assert code == 2
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert "no display" in lines[0] and "--headless" in lines[0]


def test_display_available_rules():
    assert not display_available({}, "linux")
    assert display_available({"DISPLAY": ":0"}, "linux")
    assert display_available({"WAYLAND_DISPLAY": "wayland-0"}, "linux")
    assert display_available({"SDL_VIDEODRIVER": "dummy"}, "linux")
    assert display_available({}, "darwin")


def test_the_save_file_is_never_the_picture(tmp_path, capsys):
    save = tmp_path / "same.png"  # a save file may have any name
    save.write_bytes(b"\xff" * 8192)
    assert sim.main(["--headless", "--save", str(save), "--shot", str(save)],
                    build=builder()) == 2
    assert "is the save file" in capsys.readouterr().err
    assert save.read_bytes() == b"\xff" * 8192
    assert sim.main(["--headless", "--save", ""], build=builder()) == 2
    assert "--save needs a file path" in capsys.readouterr().err


@pytest.mark.parametrize("size", [8192 + 5000, 8193, 100])
def test_a_save_file_of_the_wrong_size_is_reported_with_its_real_size(tmp_path, capsys, size):
    save = tmp_path / "t.nvm"
    save.write_bytes(b"\xff" * size)
    assert sim.main(["--headless", "--save", str(save)], build=builder()) == 2
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 1 and "has %d bytes, not 8192" % size in lines[0], lines
    assert save.read_bytes() == b"\xff" * size


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes (os.mkfifo)")
def test_a_named_pipe_as_the_save_file_is_refused_at_once(tmp_path):
    """Reading a named pipe would wait for a writer for ever: one line, exit 2
    (the subprocess's timeout turns a hang into a failure)."""
    fifo = tmp_path / "save.nvm"
    os.mkfifo(fifo)
    code, out, err = run_cli("--headless", "--save", str(fifo))
    assert (code, out) == (2, "")
    assert err == ("patience-sim: error: cannot use save file %s: NVM file %s is a named pipe"
                   " (FIFO): give a file path\n" % (fifo, fifo))


@pytest.mark.parametrize("path, kind", [("/dev/null", "a character device"), (".", "a folder")])
def test_a_device_or_folder_as_the_save_file_is_refused(path, kind, capsys):
    if not os.path.exists(path):
        pytest.skip("no %s here" % path)
    assert sim.main(["--headless", "--save", path], build=builder()) == 2
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("patience-sim: error: cannot use save file ")
    assert "is %s: give a file path" % kind in lines[0], lines


def test_a_dump_that_cannot_be_written_is_one_line(monkeypatch, capsys):
    import errno

    class FullDisk:
        def write(self, text):
            raise OSError(errno.ENOSPC, "No space left on device")

        def flush(self):
            pass

    monkeypatch.setattr(sys, "stdout", FullDisk())
    assert sim.main(["--headless", "--dump"], build=builder()) == 2
    assert capsys.readouterr().err == ("patience-sim: error: cannot write --dump: "
                                       "No space left on device\n")


def test_dump_ends_with_the_lines_of_an_open_panel(capsys):
    assert sim.main(["--headless", "--game", "agnes", "--deal", "3", "--keys", "start down",
                     "--dump"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[out.index("status: AGNES DEAL 3  1/52") + 1:][:4] == [
        "panel: MENU", "panel: RESUME", "panel: → HINT", "panel: UNDO"]
    assert sim.main(["--headless", "--game", "agnes", "--deal", "3", "--keys", "start b",
                     "--dump"]) == 0
    assert "panel:" not in capsys.readouterr().out   # closed again


def test_unwritable_shot_leaves_no_file(tmp_path):
    assert sim.main(["--headless", "--shot", str(tmp_path / "no" / "x.png")],
                    build=builder()) == 2
    # a writable path is checked without leaving a file behind if the run fails
    target = tmp_path / "x.png"
    assert sim.main(["--headless", "--shot", str(target), "--game", "nope"],
                    build=builder()) == 2
    assert not target.exists()


# ---- headless runs (in-process, stand-in app) ------------------------------------------
@pytest.mark.parametrize("board, script, size", [
    ("pybadge", "right right a", (160, 128)), ("pygamer", "right right a", (160, 128)),
    ("clue", "b b a", (240, 240)), ("feather-tft", "boot boot hold:boot", (240, 135)),
    ("feather-reverse-tft", "d2 d2 d1", (240, 135))])
def test_headless_keys_write_device_size_png(tmp_path, board, script, size):
    """Each board's buttons, read by the firmware's profile, give the App right, right, A."""
    shot = tmp_path / "out.png"
    code = sim.main(["--headless", "--board", board, "--keys", script,
                     "--shot", str(shot)], build=builder())
    assert code == 0
    app = FakeApp.made[-1]
    got, colour = png_size_and_pixel(str(shot), (2 * TILE + 3, 3))
    assert got == size
    assert colour == (255, 0, 0)  # moved twice, then recoloured
    assert png_size_and_pixel(str(shot), (3, 3))[1] == (0, 0, 0)  # old place redrawn
    assert app.seen == [(4, True), (4, False), (4, True), (4, False), (1, True), (1, False)]
    assert app.display.refreshes == 4  # first draw + one per pressed key
    assert app.display.last_pixels == TILE * TILE


def test_headless_passes_options_and_dumps(capsys, tmp_path):
    (tmp_path / "sheets").mkdir()
    (tmp_path / "lang").mkdir()
    assert sim.main(["--headless", "--game", "agnes", "--deal", "42", "--dump",
                     "--root", str(tmp_path)], build=builder()) == 0
    app = FakeApp.made[-1]
    assert app.root == str(tmp_path)
    assert capsys.readouterr().out == "FAKE agnes deal 42\ncursor: 2\nheld: 0\nstatus: FAKE STATUS\n"
    assert sim.main(["--headless", "--dump"], build=builder()) == 0
    assert capsys.readouterr().out == sim.NO_GAME_LINE + "\n"
    assert FakeApp.made[-1].root == sim.firmware_dir()
    assert os.path.isdir(os.path.join(sim.firmware_dir(), "sheets"))


def test_window_mode_exits_0_when_window_closed(tmp_path):
    """Without --headless the app's own run() loop drives the window; a close
    (here posted to SDL's dummy driver) ends it with exit code 0."""

    class ClosingApp(FakeApp):
        def run(self):
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0))
            pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_RIGHT, mod=0))
            assert self.tick()
            pygame.event.post(pygame.event.Event(pygame.QUIT))
            super().run()

    shot = tmp_path / "win.png"
    assert sim.main(["--scale", "2", "--shot", str(shot)], build=builder(ClosingApp)) == 0
    app = FakeApp.made[-1]
    assert app.display.scale == 2
    assert app.seen == [(4, True), (4, False)]
    assert png_size_and_pixel(str(shot), (TILE + 1, 1)) == ((160, 128), (255, 255, 255))


# ---- keys ---------------------------------------------------------------------------
def test_script_keys_press_and_release_pairs():
    keys = ScriptKeys()
    for name in BUTTONS:
        assert keys.press(name) == PYBADGE[name]
    assert len(keys.events) == 16
    got = []
    while (event := keys.events.get()) is not None:
        got.append(event)
    assert [(e.key_number, e.pressed, e.released) for e in got] == [
        (PYBADGE[n], p, not p) for n in BUTTONS for p in (True, False)]
    stamps = [e.timestamp for e in got]
    assert stamps == sorted(stamps) and len(set(stamps)) == 16
    assert all(isinstance(s, int) for s in stamps)
    assert keys.events.get() is None and len(keys.events) == 0


def test_script_keys_unknown_name_lists_valid_names():
    with pytest.raises(ValueError) as info:
        ScriptKeys().press("jump")
    for name in BUTTONS:
        assert name in str(info.value)


def test_event_queue_like_keypad():
    queue = EventQueue(max_events=2)
    assert queue.record(1, True, 10) and queue.record(1, False, 20)
    assert not queue.record(5, True, 30) and queue.overflowed
    into = Event()
    assert queue.get_into(into) and (into.key_number, into.pressed, into.timestamp) == (1, True, 10)
    assert into == Event(1, True) and into != Event(1, False)
    assert len(queue) == 1 and queue
    queue.clear()
    assert not queue.overflowed and len(queue) == 0 and not queue.get_into(into)


def test_window_keyboard_works_the_pybadges_buttons():
    """Desktop keys press the board's controls; a button with two keys is held
    while either is; closing the window ends the run."""
    with CountingDisplay(160, 128, headless=True) as display:
        controls = Controls(get_board("pybadge"))
        keyboard = Keyboard(display, controls)
        pairs = [(pygame.K_x, "a"), (pygame.K_SPACE, "a"), (pygame.K_z, "b"),
                 (pygame.K_ESCAPE, "b"), (pygame.K_RETURN, "start"), (pygame.K_TAB, "select"),
                 (pygame.K_LSHIFT, "select"), (pygame.K_UP, "up"), (pygame.K_DOWN, "down"),
                 (pygame.K_LEFT, "left"), (pygame.K_RIGHT, "right")]
        for key, name in pairs:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0))
            keyboard.pump()
            assert controls.held == [name]
            pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0))
            keyboard.pump()
            assert controls.held == []
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q, mod=0))  # unmapped
        keyboard.pump()
        assert controls.held == []
        held = []
        for kind, key in ((pygame.KEYDOWN, pygame.K_x), (pygame.KEYDOWN, pygame.K_SPACE),
                          (pygame.KEYUP, pygame.K_x), (pygame.KEYUP, pygame.K_SPACE)):
            pygame.event.post(pygame.event.Event(kind, key=key, mod=0))
            keyboard.pump()
            held.append(list(controls.held))
        assert held == [["a"], ["a"], ["a"], []]
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        with pytest.raises(SystemExit) as info:
            keyboard.pump()
        assert info.value.code == 0


# ---- CountingDisplay ----------------------------------------------------------------
def test_counting_display_counts_only_dirty_pixels(tmp_path):
    with CountingDisplay(160, 128, headless=True) as display:
        bitmap, palette = tile_sheet()
        group = displayio.Group()
        grid = displayio.TileGrid(bitmap, pixel_shader=palette, width=3, height=2,
                                  tile_width=TILE, tile_height=TILE, x=20, y=10)
        group.append(grid)
        display.root_group = group
        display.refresh()
        assert display.last_pixels == 160 * 128  # a new root group: everything
        display.refresh()
        assert (display.last_pixels, display.last_areas) == (0, [])
        grid[1, 1] = 3  # one tile: column 1, row 1
        display.refresh()
        x, y = 20 + TILE, 10 + TILE
        assert display.last_areas == [(x, y, x + TILE, y + TILE)]
        assert display.last_pixels == TILE * TILE
        assert tuple(display.frame().get_at((x + 1, y + 1)))[:3] == (0, 0, 255)
        assert display.matches_full_redraw()
        assert (display.refreshes, display.total_pixels) == (4, 160 * 128 + TILE * TILE)
        display.reset_counts()
        assert (display.refreshes, display.total_pixels, display.last_pixels) == (0, 0, 0)
        grid.x += 1  # a move redraws the old and the new place: here one union
        display.refresh()
        assert display.last_areas == [(20, 10, 21 + 3 * TILE, 10 + 2 * TILE)]
        display.save(str(tmp_path / "f.png"))
        assert png_size_and_pixel(str(tmp_path / "f.png"), (x + 2, y + 1)) == ((160, 128),
                                                                               (0, 0, 255))
        assert display.frame().get_size() == (160, 128)


def test_boards_and_default_scale():
    assert {n: (b.width, b.height) for n, b in BOARDS.items()} == {
        "pybadge": (160, 128), "pygamer": (160, 128), "clue": (240, 240),
        "feather-tft": (240, 135), "feather-reverse-tft": (240, 135), "pyportal": (320, 240)}
    assert get_board("pybadge").sheet == "small" and get_board("clue").sheet == "large"
    from patience.screens.start import size_for  # the sheet each board's screen takes
    from patience.screens.sheet_setup import PATH
    assert all(PATH[size_for(board.width, board.height)] == "/sheets/%s.bmp" % board.sheet
               for board in BOARDS.values())
    with pytest.raises(ValueError, match="pyportal"):
        get_board("pyboard")
    assert default_scale(160, 128) == 4 and default_scale(240, 240) == 3
    assert default_scale(320, 240) == 3 and default_scale(160, 128, (500, 400)) == 2


# ---- the firmware's own App ------------------------------------------------------------



def _real_app():
    """patience.boards.build, keeping what it made."""
    from patience.boards import build
    made = []

    def recording(board, **options):
        made.append(build(board, **options))
        return made[-1]
    return recording, made


def test_real_app_headless_deal_dump_and_shot(tmp_path, capsys):
    import patience
    factory, made = _real_app()
    shot = tmp_path / "agnes.png"
    assert sim.main(["--headless", "--game", "agnes", "--deal", "7", "--dump",
                     "--shot", str(shot)], build=factory) == 0
    assert capsys.readouterr().out == str(patience.new_game("agnes", seed=7)) + \
        "\ncursor: 5\nheld: 0\nstatus: AGNES DEAL 7  1/52\n"
    image = pygame.image.load(str(shot))
    assert image.get_size() == (160, 128)
    assert len({tuple(image.get_at((x, y))) for x in range(0, 160, 4) for y in range(0, 128, 4)}) > 3
    display = made[0].display
    assert display.refreshes >= 1


def test_dump_names_cards_with_unicode_suits(capsys, tmp_path):
    assert sim.main(["--headless", "--save", str(tmp_path / "s.nvm"), "--game", "eagle-wing",
                     "--deal", "1", "--keys", "right*8 a right*2 a", "--dump"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "status: NEEDS Q\u2663"   # a club


def test_the_readmes_script_example_moves_the_card_it_says(capsys, tmp_path):
    """The README's first headless example: the 4 of clubs onto the 5 of
    spades in Agnes deal 7, nothing left in hand, the picture written."""
    import shlex
    with open(os.path.join(REPO, "README.md"), encoding="utf-8") as file:
        readme = file.read()
    line = next(line for line in readme.splitlines()
                if line.startswith("patience-sim --headless") and "--game agnes --deal 7" in line)
    args = shlex.split(line)[1:]
    args[args.index("--shot") + 1] = str(tmp_path / "agnes.png")
    assert sim.main(args + ["--save", str(tmp_path / "s.nvm")]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "8 tableau: 5h* Th* 5d* 5s 4c" in out and "held: 0" in out
    assert (tmp_path / "agnes.png").is_file()


def test_real_app_cursor_key_refreshes_part_of_screen(capsys):
    factory, made = _real_app()
    assert sim.main(["--headless", "--board", "clue", "--game", "glenwood", "--deal", "3",
                     "--keys", "b"], build=factory) == 0                 # B: the next pile
    display = made[0].display
    assert 0 < display.last_pixels < 240 * 240 / 2


def test_real_app_through_console_entry(tmp_path):
    shot = tmp_path / "title.png"
    code, out, err = run_cli("--headless", "--board", "pybadge", "--dump", "--shot", str(shot),
                             "--save", str(tmp_path / "fresh.nvm"))
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == sim.NO_GAME_LINE and lines[1:3] == ["title: CIRCUIT PATIENCE",
                                                           "title: → EAGLE WING"]
    assert png_size_and_pixel(str(shot), (0, 0))[0] == (160, 128)


@pytest.mark.parametrize("board", ["pybadge", "clue"])
def test_real_app_partial_refreshes_leave_no_stale_pixels(board):
    """After every key the screen equals a full redraw of the app's groups."""
    from patience.screens.app import App
    spec = get_board(board)
    keys = ScriptKeys()
    with CountingDisplay(spec.width, spec.height, headless=True) as display:
        app = App(display, keys, root=sim.firmware_dir(), game="eagle-wing", deal=11)
        assert display.matches_full_redraw()
        for name in "right right down a left a right a b up up a start down a b select b".split():
            keys.press(name)
            app.tick()
            assert display.matches_full_redraw(), "stale pixels after %r" % name


@pytest.mark.parametrize("board", ["pybadge", "clue"])
def test_numpys_pixels_are_blinkas(board):
    """The simulator draws with fast_blinka's loops: each frame of a played
    game, and each card sheet read, equals what Blinka's own loops give."""
    import adafruit_imageload
    from host_sim.simulator import fast_blinka
    from patience.screens.app import App
    spec = get_board(board)
    keys = ScriptKeys()
    with CountingDisplay(spec.width, spec.height, headless=True) as display:
        app = App(display, keys, root=sim.firmware_dir(), game="chessboard", deal=4)
        for name in "a right a start down a b left b a select up b".split():
            keys.press(name)
            app.tick()
            ours = display.frame()
            try:
                fast_blinka.uninstall()
                display.force_full_refresh()
                blinkas = display.frame()
            finally:
                fast_blinka.install()
            assert pygame.image.tobytes(ours, "RGB") == pygame.image.tobytes(blinkas, "RGB"), name
    sheet = os.path.join(sim.firmware_dir(), "sheets", "small.bmp" if board == "pybadge" else "large.bmp")
    read = []
    for loop in (fast_blinka.uninstall, fast_blinka.install):
        loop()
        for name in [name for name in sys.modules if name.startswith("adafruit_imageload")]:
            del sys.modules[name]  # it keeps the readinto it found when imported
        import adafruit_imageload  # noqa: F811  (again, with that loop)
        bitmap, _ = adafruit_imageload.load(sheet, bitmap=displayio.Bitmap,
                                            palette=displayio.Palette)
        read.append([bitmap[x, y] for y in range(bitmap.height) for x in range(bitmap.width)])
    assert read[0] == read[1] and len(set(read[0])) > 2


def test_odd_sized_refresh_areas_draw_like_the_device():
    """A moved TileGrid's old and new places can make an area of odd width
    and height (e.g. 19 x 35); the simulator must draw it, not fail."""
    with CountingDisplay(160, 128, headless=True) as display:
        bitmap = displayio.Bitmap(16, 22, 2)
        palette = displayio.Palette(2)
        palette[1] = 0xFFFFFF
        for x in range(16):
            for y in range(22):
                bitmap[x, y] = 1
        grid = displayio.TileGrid(bitmap, pixel_shader=palette, x=25, y=25)
        group = displayio.Group()
        group.append(grid)
        display.root_group = group
        display.refresh()
        grid.x, grid.y = 28, 38
        display.refresh()
        assert display.last_areas == [(25, 25, 44, 60)]
        assert display.matches_full_redraw()


# ---- what a board cannot show ------------------------------------------------------------

def test_the_simulator_refuses_a_group_scale_a_board_cannot_draw():
    import displayio
    from host_sim.simulator.limits import BoardLimitError
    with CountingDisplay(160, 128, headless=True) as display:
        root = displayio.Group()
        root.append(displayio.Group(scale=160))
        display.root_group = root
        with pytest.raises(BoardLimitError, match=r"root_group\[0\] Group\(scale=160.*int8"):
            display.refresh()
        root[0].scale = 127
        display.refresh()                               # 127 is what a board still draws


def test_the_simulator_refuses_positions_outside_int16_and_tiles_over_255():
    import displayio
    from host_sim.simulator.limits import BoardLimitError
    with CountingDisplay(160, 128, headless=True) as display:
        root = displayio.Group()
        tiles = displayio.TileGrid(displayio.Bitmap(16, 16, 2), pixel_shader=displayio.Palette(2),
                                   tile_width=1, tile_height=1, width=2, x=40000)
        root.append(tiles)
        display.root_group = root
        with pytest.raises(BoardLimitError, match="40000 is outside a board's int16"):
            display.refresh()
        tiles.x = 0
        display.refresh()
        with pytest.raises(ValueError):                 # CircuitPython 9: tile must be 0-255
            tiles[1] = 256


def test_patience_sim_stops_with_the_reason_when_the_app_draws_what_a_board_cannot(capsys):
    import displayio

    class ScaledApp:
        def __init__(self, display, keys, **_):
            self.display = display
            group = displayio.Group()
            group.append(displayio.Group(scale=160))
            display.root_group = group

        def begin(self):
            pass

        def tick(self):
            self.display.refresh()

    assert sim.main(["--headless"], build=lambda board, **_: ScaledApp(board.DISPLAY, None)) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Group(scale=160" in err and "a board draws nothing" in err


@pytest.mark.parametrize("width, height", [(160, 128), (240, 135), (240, 240), (320, 240), (480, 320)])
def test_the_felt_covers_every_screen_with_circuitpythons_arithmetic(width, height):
    from patience.screens.start import cover
    pixels, scale = cover(width, height)
    step = scale if scale < 128 else scale - 256          # the int8 per-pixel step
    assert (scale & 0xFF) == scale and step > 0           # the uint8 scale keeps it, the step is positive
    assert pixels * step >= width and pixels * step >= height


def test_lang_fr_speaks_french_headless(capsys, tmp_path):
    assert sim.main(["--headless", "--lang", "fr", "--save", str(tmp_path / "s.nvm"),
                     "--game", "chessboard", "--deal", "3", "--keys", "right", "--dump"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-3:] == ["cursor: 1", "held: 0", "status: ÉCHIQUIER DONNE 3  0/52"]


def test_the_title_and_menu_speak_the_chosen_language():
    from screens import running
    with running(language="fr") as s:
        lines = [line.strip() for line in s.text(s.app.screen.text)]
        assert "A : JOUER" in lines and "HAUT/BAS : DÉPLACER" in lines
        s.press("down down down down a")                # OPTIONS
        s.press("down a")                               # LANGUE : FRANÇAIS -> ENGLISH
        assert "LANGUAGE: ENGLISH" in s.panel()
        s.press("b")
        assert "CHESSBOARD" in " ".join(s.text(s.app.screen.text))
        assert s.app.keeper.saved.settings.language == 0

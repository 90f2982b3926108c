"""Each simulated board has its real buttons, read by the firmware's own profile.

patience-sim starts the firmware through ``patience.boards.build()`` on a
stand-in board (host_sim.simulator.standins) whose buttons and joystick
(controls.py) are worked by --keys scripts in the board's own names
(script.py) or by the window's keys (window.py). Here: a script per board
reaches a known state, holds repeat, chords and double taps work, unknown
names are refused per board, each board's legend names only its buttons;
and two tracebacks are gone (a display made while Blinka's refresh thread
runs; a --dump into a closed pipe).
"""

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from host_sim.simulator import cli as sim
from host_sim.simulator.boards import BOARDS, CENTRE, EDGE, get_board, hint, legend
from host_sim.simulator.controls import Controls
from host_sim.simulator.display import CountingDisplay
from host_sim.simulator.keys import Keys, ShiftRegisterKeys
from host_sim.simulator.script import GAP_MS, HOLD_MS, TAP_MS, Gesture, parse
from host_sim.simulator.standins import AnalogIn, installed, stand_in_board
from screens import on_board

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WINS = json.loads((Path(__file__).parent / "golden" / "win-keys.json").read_text())
NAMES = {"pybadge": "up down left right a b start select",
         "pygamer": "up down left right a b start select",
         "clue": "a b", "feather-tft": "boot", "feather-reverse-tft": "d0 d1 d2",
         "pyportal": ""}


def overlay(sim):
    """The open menu (or other overlay) on the table, or None."""
    return sim.app.screen.panel.overlay


# ---- a script per board reaches a known state --------------------------------------------------

def test_clue_two_buttons_follow_the_screen():
    with on_board("clue") as sim:
        sim.keys("b")                                   # the title is a list: B is down
        assert sim.app.screen.choice == 1
        sim.keys("a")                                   # A plays the second game
        assert sim.app.game.name == "agnes" and overlay(sim) is None
        start = sim.app.player.cursor
        sim.keys("b")                                   # on the table B is right
        assert sim.app.player.cursor != start
        sim.keys("a+b")                                 # both: Start, the menu
        assert overlay(sim) is not None and overlay(sim).choice == 0
        sim.keys("b")                                   # the menu is a list: B is down
        assert overlay(sim).choice == 1
        sim.keys("hold:a")                              # A held: B, back out of the menu
        assert overlay(sim) is None


def test_feather_tft_one_button_taps_holds_and_double_taps():
    with on_board("feather-tft") as sim:
        sim.keys("boot")                                # a tap in a list: down
        assert sim.app.screen.choice == 1
        sim.keys("boot boot")                           # two taps 0.4 s apart: down twice
        assert sim.app.screen.choice == 3
        sim.keys("double:boot")                         # a double tap: up
        assert sim.app.screen.choice == 2
        sim.keys("hold:boot")                           # held half a second: A, play
        assert sim.app.game.name == "glenwood"
        start = sim.app.player.cursor
        sim.keys("boot")
        assert sim.app.player.cursor != start           # on the table a tap is right
        sim.keys("hold1.6:boot")                        # held 1.5 s: Start, the menu
        assert overlay(sim) is not None
        sim.keys("hold1.6:boot")                        # in the menu the long hold is back
        assert overlay(sim) is None


def test_feather_reverse_tft_three_buttons_and_chords():
    with on_board("feather-reverse-tft", "agnes", 3) as sim:
        player = sim.app.player
        start = player.cursor
        sim.keys("d2")                                  # right
        right = player.cursor
        sim.keys("d0")                                  # left: back again
        assert right != start and player.cursor == start
        sim.keys("d2 d1")                               # take a card with A ...
        assert player.held
        sim.keys("hold:d1")                             # ... and B puts it back
        assert not player.held
        sim.keys("d1+d2")                               # Start: the menu
        assert overlay(sim) is not None
        sim.keys("d1+d2")
        assert overlay(sim) is None


def test_reverse_tft_d0_d1_chord_is_select_undo():
    with on_board("feather-reverse-tft", "chessboard", 3) as sim:
        before = str(sim.app.game)
        sim.keys("d2 d1 d2 d1")                         # a card from the first pile onto the next
        assert str(sim.app.game) != before
        sim.keys("d0+d1")                               # Select: undo
        assert str(sim.app.game) == before


def test_pygamer_joystick_moves_the_cursor_and_repeats_when_held():
    with on_board("pygamer", "agnes", 3) as sim:
        player = sim.app.player
        start = player.cursor
        sim.keys("right")
        one = player.cursor
        sim.keys("left hold:right")
        held = player.cursor
    with on_board("pygamer", "agnes", 3) as sim:
        sim.keys("right*4")
        four = sim.app.player.cursor
    assert one != start and held != one
    assert held == four        # pushed 0.6 s: the move, then repeats at 350, 440, 530 ms


def test_pybadge_held_right_repeats_as_on_the_board():
    with on_board("pybadge", "glenwood", 3) as sim:
        sim.keys("hold:right")
        held = sim.app.player.cursor
    with on_board("pybadge", "glenwood", 3) as sim:
        sim.keys("right*4")
        assert sim.app.player.cursor == held
        sim.keys("start down a")                        # Start, down, A: the second item (hint)
        assert overlay(sim) is None


def test_clue_held_b_repeats_up_every_three_tenths():
    with on_board("clue") as sim:
        title = sim.app.screen
        entries = len(title.entries())
        sim.keys("hold:b")                              # up once, at half a second
        assert title.choice == entries - 1
        sim.keys("hold1.2:b")                           # up at 0.5 s, then at 0.8 and 1.1 s
        assert title.choice == entries - 4


def test_the_firmware_gets_our_keypad_not_blinkas():
    import keypad as blinka_keypad                      # Blinka's, for Linux boards
    with on_board("pybadge") as sim:
        import keypad
        assert keypad is not blinka_keypad and keypad.ShiftRegisterKeys is ShiftRegisterKeys
        assert isinstance(sim.app.keys.source.keys, ShiftRegisterKeys)  # in the Dimmer's Reader
    import keypad as after
    assert after is blinka_keypad


def test_a_board_without_buttons_shows_why_and_exits_1(tmp_path, capsys):
    shot = tmp_path / "pyportal.png"
    assert sim.main(["--headless", "--board", "pyportal", "--dump", "--shot", str(shot),
                     "--save", str(tmp_path / "s.nvm")]) == 1
    out, err = capsys.readouterr()
    assert "Touch screens are not supported" in out and out.endswith(sim.NO_GAME_LINE + "\n")
    assert err.count("\n") == 1 and "does not start on the pyportal" in err
    import pygame
    image = pygame.image.load(str(shot))
    assert image.get_size() == (320, 240)
    assert len({tuple(image.get_at((x, y))) for x in range(0, 320, 2)
                for y in range(0, 240, 2)}) > 1                # the message, not a black screen


def test_a_golden_win_replays_on_the_simulated_pybadge():
    """tests/golden/win-keys.json through the board's shift register, in board time."""
    win = WINS["agnes"]
    with on_board("pybadge", "agnes", win["deal"]) as sim:
        sim.keys(win["keys"])
        assert sim.app.game.is_won() and sim.app.game.score == 52


@pytest.mark.slow
def test_autoplay_steers_the_simulated_pybadge_to_a_win(capsys):
    """host_sim.tools.autoplay presses the PyBadge's buttons on a board started
    as on the device; it exits 0 only if the game is won."""
    from host_sim.tools import autoplay
    assert autoplay.main(["glenwood", str(WINS["glenwood"]["deal"])]) == 0
    pressed = capsys.readouterr().out.split()
    assert len(pressed) > 100 and set(pressed) <= set(NAMES["pybadge"].split())


@pytest.mark.parametrize("words, named", [(["chessboard", "0"], "0 is not a deal number"),
                                          (["foo", "1"], "unknown game 'foo'")])
def test_autoplay_names_a_bad_game_or_deal_in_one_line(capsys, words, named):
    from host_sim.tools import autoplay
    with pytest.raises(SystemExit) as stop:
        autoplay.main(words)
    err = capsys.readouterr().err
    assert stop.value.code == 2 and named in err and "Traceback" not in err


def test_after_a_minute_the_window_dims_and_the_waking_press_does_nothing():
    with on_board("pybadge", "agnes", 3) as sim:
        window = sim.display.window()
        x, y = sim.display.width // 2, sim.display.height // 2
        bright = tuple(window.get_at((x, y)))[:3]
        sim.clock.advance(60000)
        sim.tick()                                      # the firmware's Dimmer: 10 %
        assert sim.display.brightness == pytest.approx(0.1)
        dim = tuple(sim.display.window().get_at((x, y)))[:3]
        assert max(dim) < max(bright) // 5
        assert tuple(sim.display.frame().get_at((x, y)))[:3] == bright   # --shot: the panel
        cursor = sim.app.player.cursor
        sim.keys("right")                               # wakes the screen, nothing else
        assert sim.app.player.cursor == cursor and sim.display.brightness == 1.0
        assert tuple(sim.display.window().get_at((x, y)))[:3] == bright
        sim.keys("right")
        assert sim.app.player.cursor != cursor


# ---- the controls and the stand-in modules -----------------------------------------------------

def test_joystick_pushed_to_the_edge_and_centred_when_let_go():
    controls = Controls(get_board("pygamer"))
    x, y = AnalogIn(controls.pins["JOYSTICK_X"]), AnalogIn(controls.pins["JOYSTICK_Y"])
    assert (x.value, y.value) == (CENTRE, CENTRE)
    controls.press("right")
    assert x.value == EDGE
    controls.press("left")                              # the last push wins
    assert x.value == 0
    controls.release("left")
    assert x.value == EDGE
    controls.press("up")
    assert (x.value, y.value) == (EDGE, 0)
    controls.release_all()
    assert (x.value, y.value) == (CENTRE, CENTRE)


def test_keys_like_circuitpythons_keypad():
    controls = Controls(get_board("feather-reverse-tft"))
    pins = controls.pins
    low = Keys((pins["D0"],), value_when_pressed=False, pull=True)
    high = Keys((pins["D1"], pins["D2"]), value_when_pressed=True, pull=True)
    controls.press("d2")
    controls.press("d0")
    controls.release("d2")
    got = [(e.key_number, e.pressed) for e in iter(high.events.get, None)]
    assert got == [(1, True), (1, False)] and (low.events.get().key_number, low.key_count) == (0, 1)
    with pytest.raises(ValueError, match="D1 in use"):
        Keys((pins["D1"],), value_when_pressed=True)
    high.deinit()
    wrong = Keys((pins["D1"],), value_when_pressed=False)   # a pin that rests at "pressed"
    assert wrong.events.get().pressed                       # reads as held, as on a board
    with pytest.raises(TypeError):
        Keys(("D1",), value_when_pressed=True)


def test_shift_register_keys_take_circuitpythons_arguments():
    controls = Controls(get_board("pybadge"))
    pins = controls.pins
    keys = ShiftRegisterKeys(clock=pins["BUTTON_CLOCK"], data=pins["BUTTON_OUT"],
                             latch=pins["BUTTON_LATCH"], key_count=8, value_when_pressed=True)
    for name, number in (("b", 0), ("a", 1), ("start", 2), ("select", 3), ("right", 4),
                         ("down", 5), ("up", 6), ("left", 7)):
        controls.press(name)
        controls.release(name)
        event = keys.events.get()
        assert (event.key_number, event.pressed) == (number, True), name
        assert not keys.events.get().pressed
    controls.press("a")
    keys.reset()                                        # held keys are reported again
    assert (keys.events.get().key_number, len(keys.events)) == (1, 0)


def test_stand_in_board_has_the_profiles_pins_and_modules_go_back():
    with CountingDisplay(240, 240, headless=True) as display:
        board = stand_in_board(get_board("clue"), display, Controls(get_board("clue")))
        assert (board.board_id, board.DISPLAY) == ("clue_nrf52840_express", display)
        assert repr(board.BUTTON_A) == "board.BUTTON_A" and not hasattr(board, "BUTTON_OUT")
        saved = {name: sys.modules.get(name) for name in ("board", "keypad", "analogio")}
        with installed(board):
            import board as got
            import analogio
            assert got is board and analogio.AnalogIn is AnalogIn
        assert {name: sys.modules.get(name) for name in saved} == saved


# ---- --keys: the grammar and unknown names -----------------------------------------------------

def test_script_grammar():
    clue = get_board("clue")
    assert parse("b*2, a  hold:b a+b hold1.6:a double:b", clue) == [
        Gesture(("b",), TAP_MS, 1), Gesture(("b",), TAP_MS, 1), Gesture(("a",), TAP_MS, 1),
        Gesture(("b",), HOLD_MS, 1), Gesture(("a", "b"), TAP_MS, 1), Gesture(("a",), 1600, 1),
        Gesture(("b",), TAP_MS, 2)]
    assert parse("hold:a+b*2", clue) == [Gesture(("a", "b"), HOLD_MS, 1)] * 2
    assert parse("A B", clue) == parse("a b", clue)
    for bad, words in (("b*x", "bad repeat"), ("b*0", "bad repeat"), ("hold0:b", "bad hold"),
                       ("holdx:b", "bad hold"), ("tap:b", "unknown gesture"),
                       ("a+a", "different buttons"), ("a+", "unknown button ''")):
        with pytest.raises(ValueError, match=words):
            parse(bad, clue)


def test_taps_are_apart_longer_than_a_double_tap():
    from patience.boards.gestures import DOUBLE_MS, HOLD_MS as FIRMWARE_HOLD_MS
    assert GAP_MS > DOUBLE_MS and TAP_MS < FIRMWARE_HOLD_MS < HOLD_MS


@pytest.mark.parametrize("board, wrong", [("pybadge", "boot"), ("pygamer", "d0"), ("clue", "start"),
                                          ("feather-tft", "a"), ("feather-reverse-tft", "right"),
                                          ("pyportal", "a")])
def test_unknown_button_names_per_board_one_line_exit_2(board, wrong, capsys):
    assert sim.main(["--headless", "--board", board, "--keys", wrong]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("patience-sim: error: --keys: ")
    if NAMES[board]:
        assert "unknown button %r" % wrong in err and err.rstrip().endswith(NAMES[board])
    else:
        assert "the pyportal has no buttons" in err


# ---- what the window says ----------------------------------------------------------------------

@pytest.mark.parametrize("name", sorted(BOARDS))
def test_each_legend_names_only_its_boards_buttons(name):
    board = BOARDS[name]
    named = [word for line in legend(board).splitlines() if "--keys" in line
             for word in line.split("--keys")[1].split()]
    assert named == NAMES[name].split()
    parts = {control.part for control in board.controls}
    assert {line.split()[0] for line in legend(board).splitlines() if "--keys" in line} == parts
    assert {word.partition("=")[2] for word in hint(board).split() if "=" in word} == parts


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_window_keys_work_each_control(name):
    import pygame
    from host_sim.simulator.window import Keyboard
    board = BOARDS[name]
    with CountingDisplay(board.width, board.height, headless=True) as display:
        controls = Controls(board)
        keyboard = Keyboard(display, controls)
        for control in board.controls:
            for constant, _ in control.keys:
                key = getattr(pygame, constant)
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0))
                keyboard.pump()
                assert controls.held == [control.name], constant
                pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0))
                keyboard.pump()
                assert controls.held == []


# ---- two tracebacks gone -----------------------------------------------------------------------

class SlowToStart(CountingDisplay):
    """Lets Blinka's refresh thread run between __new__, which lists the
    display in displayio.displays, and CountingDisplay.__init__."""

    def __init__(self, *args, **kwargs):
        time.sleep(0.004)                               # the thread looks every millisecond
        super().__init__(*args, **kwargs)


def test_many_displays_made_while_the_refresh_thread_runs_raise_nothing():
    import displayio
    assert displayio.background_thread.is_alive()
    errors = []
    hook, threading.excepthook = threading.excepthook, errors.append
    try:
        for _ in range(25):
            SlowToStart(160, 128, headless=True).close()
            CountingDisplay(160, 128, headless=True, auto_refresh=True).close()
    finally:
        threading.excepthook = hook
    assert [str(error.exc_value) for error in errors] == []
    assert displayio.background_thread.is_alive()


DUMP = [sys.executable, "-m", "host_sim.simulator.cli", "--headless", "--game", "agnes",
        "--deal", "7", "--dump"]


def test_dump_into_a_closed_pipe_exits_quietly(tmp_path):
    read, write = os.pipe()
    os.close(read)                                  # the reader is gone before a line is written
    try:
        done = subprocess.run(DUMP + ["--save", str(tmp_path / "s.nvm")], cwd=REPO,
                              stdout=write, stderr=subprocess.PIPE, text=True, timeout=60)
    finally:
        os.close(write)
    assert done.stderr == "" and done.returncode == sim.BROKEN_PIPE


def test_dump_piped_into_head_prints_no_traceback(tmp_path):
    command = " ".join(DUMP + ["--save", str(tmp_path / "s.nvm"), "|", "head", "-n", "2"])
    done = subprocess.run(["bash", "-c", command], cwd=REPO, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0 and done.stderr == ""
    assert len(done.stdout.splitlines()) == 2


def test_the_window_plays_the_firmwares_notes_and_scripts_are_silent(monkeypatch):
    """pygame's dummy audio driver takes the sounds: the click and the four
    notes of the tune are the firmware's, as square waves of their pitch."""
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    from host_sim.simulator import sound
    from host_sim.simulator.boards import get_board
    from patience.boards.sound import CLICK, TUNE
    assert sound.for_board(get_board("feather-tft")) is None
    ear = sound.for_board(get_board("pybadge"))
    assert ear is not None
    lengths = [round(note.get_length() * 1000) for note, _ in ear.tune_notes]
    assert lengths == [millis for _, millis in TUNE]
    assert round(ear.click_sound.get_length() * 1000) == CLICK[0][1]
    steps = []
    ear.tune(steps.append)
    assert steps == [0, 1, 2, 3]
    wave = sound._square(TUNE[0][0], 10)
    assert wave[0] == sound.VOLUME and wave[sound.RATE // TUNE[0][0] // 2] == -sound.VOLUME
    with on_board("pybadge", game="agnes", deal=1) as simulated:
        assert simulated.app.sound is None          # headless: silent

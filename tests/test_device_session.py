"""The whole app on the VM's stand-in PyBadge, through code.py and its buttons:
it runs within a fixed heap, resumes its save in a fresh VM, and allocates
little per button press (see tests/vm/session.py and board_lib/vmsession.py).

The heaps come from firmware/budget.json, which bench/device_memory.py
writes from its measurements: the session passes at the heap it says the game
needs, the sheet staying on the drive, and a little above the heap from which
it says the card sheet stays in RAM; what it measured keeps within the
ceilings. A per-press limit that fails is listed in OVER_TODAY (none is) and
runs as a strict xfail: when a change brings it within its limit the test
reports XPASS and fails, and its entry goes.
"""

import ast

import pytest

import vm
from vm import session
from host_sim.budget import figures

pytestmark = pytest.mark.vm

BUDGET = figures()
PY_HEAP_KB = BUDGET["sheet_in_ram_py"] + 2  # the sheet in RAM (screens/start.py's check)
MPY_HEAP_KB = BUDGET["sheet_in_ram_mpy"] + 2
SMALL_HEAP_KB = {False: BUDGET["needed_py"], True: BUDGET["needed_mpy"]}  # the sheet on the drive
TABLE_LIMIT = 256  # bytes per press on the table
PANEL_LIMIT = 1024  # bytes per press on the title, menus and panels
LIMITS = {"table-cursor": TABLE_LIMIT, "table-pickup": TABLE_LIMIT,
          "table-putdown": TABLE_LIMIT, "table-deal": TABLE_LIMIT, "table-undo": TABLE_LIMIT,
          "table-home": TABLE_LIMIT, "table-to-notice": PANEL_LIMIT,
          "title": PANEL_LIMIT, "menu-open": PANEL_LIMIT, "menu": PANEL_LIMIT,
          "statistics": PANEL_LIMIT, "deal-entry": PANEL_LIMIT, "notices": PANEL_LIMIT}
# kind: what it allocates at most (firmware from .py), bytes
OVER_TODAY = {}
STEPS = ["title", "title: browse", "deal eagle-wing", "play eagle-wing",
         "menu: hint, undo, redo, brightness", "statistics", "deal number", "help",
         "menu: game", "deal agnes", "play agnes", "menu: game", "deal glenwood",
         "play glenwood", "menu: game", "deal chessboard", "play chessboard", "rest: saved",
         "resume", "play on"]


@pytest.fixture(autouse=True)
def _needs_vm():
    vm.require_vm()


@pytest.mark.parametrize("compiled, heap_kb", [(False, PY_HEAP_KB), (True, MPY_HEAP_KB)],
                         ids=["py", "mpy"])
def test_session_fits_and_resumes_its_save(compiled, heap_kb):
    played = session.play(heap_kb, compiled)
    assert [name for _, name, _ in played.steps] == STEPS
    assert played.sheets == ["Bitmap", "Bitmap"]  # the card sheet fitted in RAM
    assert played.games[0] == played.games[1]  # part 2 resumed part 1's game


@pytest.mark.parametrize("compiled", [False, True], ids=["py", "mpy"])
def test_with_less_heap_the_sheet_stays_on_the_drive_and_the_session_fits(compiled):
    played = session.play(SMALL_HEAP_KB[compiled], compiled, ram_sheet=False)
    assert [name for _, name, _ in played.steps] == STEPS
    assert played.sheets == ["OnDiskBitmap", "OnDiskBitmap"]
    assert played.games[0] == played.games[1]


LARGE_SHEET_GAMES = """
import gc
from patience.screens.app import App
RAN = []
App.run = lambda self: RAN.append(self) or self.begin()  # built as code.py builds it: first screen, no loop
from patience.boards import prepare
prepare().run()
app = RAN[0]
print("SHEET", type(app.art.bitmap).__name__)
for name in ("eagle-wing", "agnes", "glenwood", "chessboard"):
    app.play(name)
    for button in (4, 4, 5, 1, 6, 1, 0, 3, 4, 5, 1, 1, 7, 0, 3, 3, 2, 2):  # ... Start, Start
        app.screen.press(button)
        app.display.refresh()
    app.title(name)
print("PLAYED")
"""
# heaps round the one from which the sheet check first loads the large sheet into RAM
LARGE_SHEET_HEAPS_KB = {
    compiled: range(switch - 5, switch + 5)
    for compiled, switch in ((False, BUDGET["large_sheet_in_ram_py"]),
                             (True, BUDGET["large_sheet_in_ram_mpy"]))}


@pytest.mark.parametrize("compiled", [False, True], ids=["py", "mpy"])
def test_the_sheet_check_leaves_room_for_the_large_sheet(compiled):
    """The room screens/start.py keeps beside a sheet in RAM was measured with
    the small sheet; on a CLUE (240x240: the large sheet, 16.5 KB in RAM,
    and larger panels) every heap where the check loads the sheet into RAM
    also plays the four games, moves, the menu and back to the title."""
    sheets = []
    for heap_kb in LARGE_SHEET_HEAPS_KB[compiled]:
        out = vm.run(LARGE_SHEET_GAMES, heap_kb, compiled, board="clue_nrf52840_express",
                     whole_app=True)
        assert out.rstrip().endswith("PLAYED")
        sheets += [line.split()[1] for line in out.splitlines() if line.startswith("SHEET")]
    # the heaps straddle the switch (when the firmware shrinks, lower them)
    assert sheets[0] == "OnDiskBitmap" and sheets[-1] == "Bitmap"


@pytest.fixture(scope="module")
def presses():
    vm.require_vm()  # module fixtures come before the autouse one
    return session.play(512, measure=True).presses


def test_the_session_presses_every_kind_of_button(presses):
    assert set(LIMITS) <= set(presses)
    assert presses["table-pickup"][2] >= 10 and presses["table-deal"][2] >= 5


def _limit_case(kind):
    over = OVER_TODAY.get(kind)
    marks = pytest.mark.xfail(strict=True, reason=f"{kind}: {over} bytes, limit "
                              f"{LIMITS[kind]}") if over else ()
    return pytest.param(kind, marks=marks, id=kind)


@pytest.mark.parametrize("kind", [_limit_case(kind) for kind in sorted(LIMITS)])
def test_allocation_per_press(presses, kind):
    most, total, count = presses[kind]
    print(f"{kind}: at most {most} bytes a press, {total // count} on average ({count} presses)")
    assert most <= LIMITS[kind]


TITLE_PANELS = """
import board, gc, keypad, vmctl
from patience.screens.app import App
keys = keypad.ShiftRegisterKeys(clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT,
                                latch=board.BUTTON_LATCH, key_count=8, value_when_pressed=True)
app = App(board.DISPLAY, keys)
def tap(name, button):  # bytes allocated from the press to the release, as on a board
    gc.collect()
    gc.disable()
    before = gc.mem_alloc()
    vmctl.press(button)
    app.tick()
    vmctl.advance(30)
    vmctl.release(button)
    app.tick()
    vmctl.advance(30)
    print(name, gc.mem_alloc() - before - 2 * 16)  # two Events, 16 B each more than a board's
    gc.enable()
B, A, DOWN = 0, 1, 5
for _ in range(4):
    tap("title", DOWN)      # to OPTIONS
tap("open", A)
for _ in range(5):
    tap("panel", DOWN)      # through the options
tap("panel", B)             # closed
tap("title", DOWN)          # to HELP
tap("open", A)
for _ in range(5):
    tap("panel", DOWN)      # through the list of help pages, round to the first game
tap("open", A)              # its rules
for _ in range(5):
    tap("page", DOWN)       # a screenful at a time, round to the first
"""


def test_presses_in_a_panel_over_the_title_allocate_within_the_limit():
    """The session opens its panels over a game; over the title each press
    in the options or the help list redrew the whole title under the
    panel: 1.8 KB a press, now only what the panel draws. A help page
    draws its lines from its texts, not strings cut for them."""
    rows = [line.split() for line in vm.script_lines(vm.run(TITLE_PANELS, 192))]
    panel = [int(used) for name, used in rows if name == "panel"]
    assert len(panel) == 11 and max(panel) <= PANEL_LIMIT, rows
    assert max(int(used) for name, used in rows if name == "title") <= PANEL_LIMIT, rows
    pages = [int(used) for name, used in rows if name == "page"]
    assert len(pages) == 5 and max(pages) <= PANEL_LIMIT, rows


def test_the_app_starts_under_strict_displayio():
    """Nothing on any screen of the session is drawn wrong by a board (the
    felt's scale, coordinates, tiles): the stand-ins raise if it were."""
    vm.run(session.script(1), 512)


@pytest.mark.parametrize("compiled", [False, True], ids=["py", "mpy"])
def test_the_firmwares_names_fit_in_one_pool(compiled):
    """Every name the session interns stays on the heap for good, in pools
    that double (see vmrun): on a board the firmware's first 1,260 names
    take 8.8 KB of pools, the next 1,280 another 9 KB at once. Here the
    session's names must fit in the one pool of 1,280 the VM leaves them,
    so that the heap figures stay a board's (one more pool would be 18 KB)."""
    names, pools = session.names(compiled)
    print(f"the session interns {names} names ({'.mpy' if compiled else '.py'})")
    assert pools == 7  # the VM's six, filled as a board's, and the firmware's one


IDLE_MINUTE = """
import vmctl, vmheap
from patience.screens.app import App
RAN = []
App.run = lambda self: RAN.append(self) or self.begin()  # built as code.py builds it, no loop
from patience.boards import prepare
prepare().run()
app = RAN[0]
app.play("eagle-wing", 5)
app.refresh()
def idle():  # the App's loop with nothing pressed: a tick every 10 ms
    vmctl.advance(10)
    app.tick()
for _ in range(3000):  # 30 s: the spare TileGrids made, the deal saved
    idle()
print("IDLE", vmheap.allocated(idle, 6000))  # a minute
"""


@pytest.mark.parametrize("board", ["pybadge", "pygamer", "clue_nrf52840_express",
                                   "adafruit_feather_esp32s3_reverse_tft"])
def test_a_minute_of_idle_allocates_nothing(board):
    """No press, no garbage: the keys are read into events kept for it
    (boards.events.Reader), as keypad's get() would make one every call."""
    out = vm.run(IDLE_MINUTE, 128, True, board=board, whole_app=True)
    assert out.split("IDLE")[1].split() == ["0"]


DOCSTRING_MOST = 512  # bytes


def _long_docstrings():
    from support import FIRMWARE
    for path in sorted(FIRMWARE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef)):
                doc = ast.get_docstring(node, clean=False)
                if doc and len(doc.encode()) > DOCSTRING_MOST:
                    yield f"{path.relative_to(FIRMWARE)}: {getattr(node, 'name', 'module')}"


def test_no_firmware_docstring_needs_a_large_piece_of_heap():
    """From .py the board's compiler holds each docstring whole, in one piece
    of heap, while it compiles the module: a 1.5 KB one was the piece a
    broken-up heap could not find in a game. Longer notes are comments."""
    assert list(_long_docstrings()) == []


HOLES = """
import gc
source = {source!r}
keep = [None] * 400
count = 0
try:
    while True:  # fill the heap with pieces of 600 bytes
        keep[count] = bytearray(600)
        count += 1
except MemoryError:
    pass
for i in range(0, count, 2):  # and free every other one
    keep[i] = None
gc.collect()
try:
    compile(source, "module.py", "exec")
    print("compiled")
except MemoryError:
    print("no room")
"""


def test_a_long_docstring_needs_one_piece_and_comments_do_not():
    """The fact the docstring limit rests on, on the VM's compiler (the same
    lexer as CircuitPython's): with the heap in 600-byte pieces a module
    with a 1,000-byte docstring does not compile; the same words as
    comments do."""
    words = "word " * 200
    as_docstring = f'"""{words}"""\nX = 1\n'
    as_comments = "".join(f"# {words[i:i + 70]}\n" for i in range(0, len(words), 70)) + "X = 1\n"
    out = [vm.run(HOLES.format(source=source), 48).strip() for source in (as_docstring, as_comments)]
    assert out == ["no room", "compiled"]


FILL_THE_HEAP_IN_PLAY = """
import vmsession
BALLAST = []
_report = vmsession._report
def report(name):  # once a game is under way, the heap is made full
    if name == "play eagle-wing":
        app = vmsession._Run.app
        print("IN PLAY", app.player.game.done, app.keeper.dirty)  # dirty: moves not saved yet
        try:
            while True:
                BALLAST.append(bytearray(64))
        except MemoryError:
            pass
    yield from _report(name)
vmsession._report = report
"""


def _fill_the_heap_in_play(nvm, compiled, heap_kb):
    """Run part 1 until the heap is made full in the first game; check that
    the App saved the game on screen and said so; return what it printed."""
    import patience
    from patience.saves.store import Store
    with pytest.raises(vm.VMMemoryError) as failed:
        vm.run(FILL_THE_HEAP_IN_PLAY + session.script(1, save_to=nvm),
               heap_kb, compiled, whole_app=True)
    out = failed.value.out
    assert "OUT OF MEMORY. YOUR GAME IS SAVED: PRESS RESET TO PLAY ON." in out
    (filled,) = [line.split() for line in out.splitlines() if line.startswith("IN PLAY")]
    assert int(filled[2]) > 0 and filled[3] == "True"  # moves not saved yet when it filled
    # the game on screen when the App gave up, as the session saw it (it may
    # have gone on a few presses, in the garbage they freed), not as the
    # keeper held it: it is the one in the NVM
    (on_screen,) = [line.split()[1:] for line in out.splitlines() if line.startswith("GAME ")]
    saved = Store(bytearray(nvm.read_bytes())).load()
    (game,) = [patience.load_game(blob) for blob in saved.games if blob is not None]
    assert [game.name, str(game.seed), str(game.done), game.state.hex()] == on_screen
    return out


@pytest.mark.parametrize("compiled, heap_kb", [(False, PY_HEAP_KB), (True, MPY_HEAP_KB)],
                         ids=["py", "mpy"])
def test_out_of_memory_in_a_game_saves_it_and_says_so(tmp_path, compiled, heap_kb):
    """With the heap full during a game, the next press fails; the App lets
    go of its screens, their art and their code, saves the game in play and
    says so, and the game is there, moves and all, after a restart: nothing
    lost. From .py the save's code is compiled then, in what was let go."""
    out = _fill_the_heap_in_play(tmp_path / "nvm.bin", compiled, heap_kb)
    assert ("FROM .PY FILES" in out) == (not compiled)


@pytest.mark.parametrize("heap_kb", [PY_HEAP_KB - 1, PY_HEAP_KB, PY_HEAP_KB + 4])
def test_out_of_memory_saves_the_game_wherever_the_heap_lies(tmp_path, heap_kb):
    """The same in eight heap layouts, from .py, at three heaps: the
    session's script names an NVM file 0 to 7 blocks of 16 bytes longer,
    and everything allocated after it lies that much further up. A
    collection can find a stale pointer to part of the screen on the C
    stack (the collector cannot tell it from a live one) and so free
    nothing: before the App collected first, and before it emptied the
    screen's groups (then a stale pointer holds one piece), in some of
    these layouts it ran out again while letting go, and the game was not
    saved."""
    for blocks in range(8):
        _fill_the_heap_in_play(tmp_path / ("n" * 16 * blocks + ".bin"), False, heap_kb)


@pytest.mark.parametrize("compiled, heaps_kb", [(False, range(84, 96)),
                                                (True, range(70, 84, 2))], ids=["py", "mpy"])
def test_a_session_that_runs_out_of_memory_keeps_its_game(compiled, heaps_kb):
    """Below the heap the whole session needs, it runs out somewhere (on the
    title, in a game, in a panel): wherever that is, the game in play is
    saved and the player told so. (Or already the start runs out, before
    any game: the screen says so, and the board waits. Or the start had too
    little heap to read the saves, and said so: from .py, below the heap
    where the session runs out in a game, saves are off from the start, and
    a start that cannot read them shows the title and leaves the NVM as it
    was, the saved game kept for a start with more heap. Or the last save
    found no room for its record, told the player so and keeps the game to
    save again: the session's rest then ends with it unsaved.)"""
    saved, start = "OUT OF MEMORY. YOUR GAME IS SAVED: PRESS RESET TO PLAY ON.", "Not enough memory"
    off = "OUT OF MEMORY, AND THE GAME COULD NOT BE SAVED. PRESS RESET. (saves off)"
    unread = "saves off: the title, the NVM left as it was"  # part 2 could not resume
    told_unsaved = "the last save ran out of memory and said so"
    endings = []
    for heap_kb in heaps_kb:
        try:
            session.play(heap_kb, compiled, ram_sheet=False)
        except vm.VMError as failed:
            lines = failed.out.splitlines()
            told = [line for line in lines if "OUT OF MEMORY" in line]
            told += [start for line in lines if line.startswith(start)]
            ending = told[0] if told else f"{heap_kb} KB: {failed}"[:300]
            if "SAVES off" in lines and "COULD NOT BE SAVED" in ending:
                ending += " (saves off)"  # nothing was kept to lose, and the player was told
            elif "SAVES off" in lines and not told and "_print_game" in failed.traceback:
                ending = unread  # the session's part 2 found no game on screen to play on
            elif "the rest did not save" in str(failed) and "save.failed_memory" in str(failed):
                ending = told_unsaved
            endings.append(ending)
    if compiled:  # from .py saves are on only where the whole session fits
        assert saved in endings  # when the firmware shrinks so far that all pass, lower the heaps
    assert endings and set(endings) <= {saved, start, off, unread, told_unsaved}


START_AND_WAIT = """
import vmctl
class Waiting(Exception):
    pass
def stop():
    raise Waiting()
vmctl.on_sleep(stop)  # boards.wait() sleeps forever (the App's loop would sleep too)
try:
    import code
except Waiting:
    print("waiting")
"""


def test_too_little_memory_to_start_says_so_on_the_screen():
    out = vm.run(START_AND_WAIT, 64)
    assert ("Not enough memory to start. From .py files the game needs about %d KB"
            % BUDGET["needed_py"]) in out
    assert out.rstrip().endswith("waiting")


@pytest.mark.parametrize("compiled, heaps_kb", [(False, range(19, 35)), (True, range(12, 28))],
                         ids=["py", "mpy"])
def test_any_heap_too_small_to_start_says_not_enough_memory(compiled, heaps_kb):
    """From the smallest heap that runs code.py's first lines: on the screen
    when there is room to draw it, else as the error that CircuitPython's
    terminal shows; never a bare allocation failure, never blamed on the
    buttons (which once caught the MemoryError as a pin fault)."""
    told = "Not enough memory to start."
    for heap_kb in heaps_kb:
        try:
            out = vm.run(START_AND_WAIT, heap_kb, compiled)
        except vm.VMMemoryError as failed:
            assert f"MemoryError: {told}" in failed.traceback, f"{heap_kb} KB"
        else:
            assert told in out and out.rstrip().endswith("waiting"), f"{heap_kb} KB"
            assert "Buttons failed" not in out


CODE_PY_START = """
source = open("code.py").read()
exec(source[:source.index("from patience")])  # code.py's lines before the game's import
import micropython
print("LEVEL", micropython.opt_level())
exec(compile("def broken():\\n    return 1 // 0\\n", "broken.py", "exec"))
try:
    broken()
except ZeroDivisionError as error:
    import sys
    sys.print_exception(error)
"""


def test_code_py_has_the_board_compile_py_files_without_line_numbers():
    """What compiles after code.py's start keeps no line-number tables (2-3 KB
    less heap in a game from .py, as patience-flash's .mpy files): the
    optimisation level is 3 and a traceback names no line of its own."""
    out = vm.run(CODE_PY_START, 64)
    assert "LEVEL 3" in out
    assert 'File "broken.py", line 2' not in out and "ZeroDivisionError" in out

"""The firmware is type-checked against CircuitPython's own API.

mypy runs over ``firmware/`` (settings in ``mypy-firmware.ini``) with the
``circuitpython-stubs`` package, so a call that does not exist on the board
fails here rather than on the device. Blinka, which the simulator uses,
provides ``board``/``displayio``/``keypad`` too, and more than the board
has, so mypy must not see it: it runs from a venv of its own that holds only
mypy, the stubs and the two typed helpers the stubs and the firmware import.
That venv is made once and kept in the user's cache directory, keyed by the
pinned versions below; a first run takes about 15 s, later ones 2 to 5 s.

Outside CI a machine without PyPI skips these tests, saying why; under CI
(CI=true) that is a failure instead.
"""

import ast
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CONFIG = ROOT / "mypy-firmware.ini"

# mypy and CircuitPython's API, installed with their dependencies.
PINNED = ("mypy==2.4.1", "circuitpython-stubs==10.3.1")
# Typed packages that are installed without their dependencies (which pull
# in Blinka): circuitpython_typing is what the stubs import ReadableBuffer
# and friends from; adafruit_imageload is the library the firmware imports
# (the same version as pyproject.toml), its source read by mypy
# (follow_untyped_imports in mypy-firmware.ini).
PINNED_NO_DEPS = ("adafruit-circuitpython-typing==1.13.0",
                  "adafruit-circuitpython-imageload==1.24.8")
# The stubs' generic `board` has no pins or DISPLAY; mypy sees `board` as this
# board's (circuitpython_setboard). The board profiles get `board` as a
# parameter, which mypy cannot check: test_profile_pins_exist_on_the_board
# checks their pins on each board instead.
BOARD = "pybadge"
# Bump when the way the venv is made changes, to make a new one.
RECIPE = "1"

_KEY = hashlib.sha256(repr((PINNED, PINNED_NO_DEPS, BOARD, RECIPE,
                            tuple(sys.version_info[:2]))).encode()).hexdigest()[:12]


def _in_ci():
    return os.environ.get("CI", "").lower() in ("true", "1", "yes")


def _cache_root():
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(Path.home(), ".cache")
    return Path(base) / "circuit-patience"


def _venv_python(venv):
    if os.name == "nt":
        return venv / "Scripts" / "python.exe"
    return venv / "bin" / "python"


def _clean_env():
    """The environment without anything that would show mypy other packages."""
    env = dict(os.environ)
    for name in ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "MYPYPATH",
                 "VIRTUAL_ENV", "PIP_REQUIRE_VIRTUALENV"):
        env.pop(name, None)
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    return env


def _run(args, **kwargs):
    return subprocess.run([str(a) for a in args], capture_output=True, text=True,
                          env=_clean_env(), **kwargs)


_SET_BOARD = r"""
import pathlib, sys
import board_definitions
text = pathlib.Path(board_definitions.__path__[0], sys.argv[1], "__init__.pyi").read_text()
# The board stubs still name displayio.Display, which CircuitPython 9 moved to
# busdisplay.BusDisplay (displayio's stub no longer exports it), leaving
# board.DISPLAY untyped; name the class it is.
if "displayio.Display\n" in text:
    text = text.replace("displayio.Display\n", "busdisplay.BusDisplay\n")
    text = text.replace("import busio\n", "import busdisplay\nimport busio\n", 1)
import importlib.util
target = pathlib.Path(importlib.util.find_spec("circuitpython_setboard").origin)
target = target.parent.parent / "board-stubs" / "__init__.pyi"
target.write_text(text)
"""


def _build(venv):
    """Make the venv at ``venv``; return None, or why it could not be made."""
    steps = (
        [sys.executable, "-m", "venv", venv],
        [_venv_python(venv), "-m", "pip", "install", "-q", *PINNED],
        [_venv_python(venv), "-m", "pip", "install", "-q", "--no-deps", *PINNED_NO_DEPS],
        [_venv_python(venv), "-c", _SET_BOARD, BOARD],
    )
    for step in steps:
        try:
            done = _run(step, timeout=600)
        except (OSError, subprocess.TimeoutExpired) as error:
            return "%s: %s" % (" ".join(map(str, step)), error)
        if done.returncode != 0:
            output = (done.stdout + done.stderr).strip().splitlines()
            return "%s exited %d:\n%s" % (" ".join(map(str, step)), done.returncode,
                                         "\n".join(output[-15:]))
    return None


@pytest.fixture(scope="session")
def mypy_python():
    """The python of a venv with only mypy and circuitpython-stubs in it."""
    root = _cache_root()
    venv = root / ("firmware-types-" + _KEY)
    python = _venv_python(venv)
    if not (venv / "ready").is_file():
        root.mkdir(parents=True, exist_ok=True)
        building = Path(tempfile.mkdtemp(prefix=".building-", dir=root))
        try:
            problem = _build(building / "venv")
            if problem is None:
                (building / "venv" / "ready").write_text(" ".join(PINNED + PINNED_NO_DEPS) + "\n")
                shutil.rmtree(venv, ignore_errors=True)
                try:
                    os.replace(building / "venv", venv)
                except OSError:  # another run got there first
                    if not (venv / "ready").is_file():
                        raise
        finally:
            shutil.rmtree(building, ignore_errors=True)
        if problem is not None:
            message = ("could not make the type-checking venv (pip and PyPI are "
                       "needed once): " + problem)
            if _in_ci():
                pytest.fail(message)
            print(message)
            pytest.skip(message)
    return python


def _mypy(python, *args):
    return _run([python, "-m", "mypy", "--config-file", CONFIG,
                 "--cache-dir", python.parent.parent / "mypy-cache", *args],
                cwd=ROOT, timeout=300)


def test_firmware_uses_only_the_circuitpython_api(mypy_python):
    done = _mypy(mypy_python)
    output = (done.stdout + done.stderr).strip()
    print(output)
    assert done.returncode == 0, (
        "mypy (mypy-firmware.ini, circuitpython-stubs, board %s) found problems in "
        "firmware/:\n%s" % (BOARD, output))
    assert "no issues found" in output


# A firmware-like module: every line marked BAD uses something CircuitPython
# lacks; everything else is the real API and must pass.
_BAD_MODULE = '''\
"""Like code.py, with calls the board does not have."""

import board
import displayio
import keypad
import time

keys = keypad.ShiftRegisterKeys(clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT,
                                latch=board.BUTTON_LATCH, key_count=8,
                                value_when_pressed=True)
group = displayio.Group(scale=2)
board.DISPLAY.auto_refresh = False
board.DISPLAY.root_group = group
board.DISPLAY.show(group)  # BAD: gone since CircuitPython 9
board.NOT_A_PIN  # BAD


def draw(x=0):
    """Unannotated, like the firmware: checked all the same."""
    palette = displayio.Palette(2)
    palette.make_transparent(0)
    grid = displayio.TileGrid(displayio.Bitmap(8, 8, 2), pixel_shader=palette, x=x)
    group.append(grid)
    grid.hidden = True
    grid.not_a_method()  # BAD
    keys.events.get_all()  # BAD
    time.sleep(0.01)
    return time.ticks_ms()  # BAD: MicroPython's, not CircuitPython's
'''


def test_the_check_catches_calls_the_board_lacks(mypy_python, tmp_path):
    module = tmp_path / "bad_firmware.py"
    module.write_text(_BAD_MODULE)
    expected = {n for n, line in enumerate(_BAD_MODULE.splitlines(), 1) if "# BAD" in line}
    done = _mypy(mypy_python, module)
    output = (done.stdout + done.stderr).strip()
    print(output)
    flagged = {int(n) for n in re.findall(r"^[^\n]*bad_firmware\.py:(\d+): error:",
                                          output, re.MULTILINE)}
    assert done.returncode == 1, output
    assert flagged == expected, (
        "expected errors on lines %s, got them on %s:\n%s"
        % (sorted(expected), sorted(flagged), output))


# Board pins. The profiles in patience/boards.py take the `board` module as a
# parameter (so tests can pass a fake), which leaves mypy nothing to check
# their pin names against. This reads them from the source instead and looks
# each one up in the circuitpython-stubs definitions of every board the
# profile is for.

def _names_defined(stub):
    """The names a board stub declares (pins, DISPLAY, I2C(), ...)."""
    return (set(re.findall(r"^(\w+)\s*:", stub, re.MULTILINE))
            | set(re.findall(r"^def (\w+)\(", stub, re.MULTILINE)))


def _pins_used(function):
    """The ``board.X`` names in a profile function and in the functions of its
    module that it calls, however deep."""
    source = Path(sys.modules[function.__module__].__file__).read_text()
    defs = {node.name: node for node in ast.parse(source).body
            if isinstance(node, ast.FunctionDef)}
    names, seen, todo = set(), set(), [function.__name__]
    while todo:
        name = todo.pop()
        if name in seen or name not in defs:
            continue
        seen.add(name)
        for node in ast.walk(defs[name]):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                    and node.value.id == "board"):
                names.add(node.attr)
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                todo.append(node.func.id)
    return names


@pytest.fixture(scope="session")
def board_definitions(mypy_python):
    done = _run([mypy_python, "-c",
                 "import board_definitions; print(board_definitions.__path__[0])"])
    assert done.returncode == 0, done.stderr
    return Path(done.stdout.strip())


def _profile_ids():
    from host_sim.flash.drive import supported_boards
    return sorted(supported_boards())


# Board folders (= board_id) read in CircuitPython's own sources, ports/*/boards/:
# atmel-samd/boards/pybadge (adafruit/circuitpython @c358219e; the PyBadge LC and
# the EdgeBadge run this build: Adafruit_CircuitPython_PyBadger pybadge.py says the
# builds cannot be told apart; there is no edgebadge folder), atmel-samd/boards/pygamer
# (@cd78f69e), nordic/boards/clue_nrf52840_express, espressif/boards/
# adafruit_feather_esp32s{2,3}_tft and _reverse_tft (mirrors of adafruit/circuitpython
# in the public index). circuitpython-stubs keeps a stale edgebadge stub, so the
# stubs alone cannot settle this.
CIRCUITPYTHON_BOARDS = {
    "pybadge", "pygamer", "clue_nrf52840_express", "adafruit_feather_esp32s2_tft",
    "adafruit_feather_esp32s3_tft", "adafruit_feather_esp32s2_reverse_tft",
    "adafruit_feather_esp32s3_reverse_tft",
}


def test_every_profile_is_a_board_id_circuitpython_has():
    unknown = set(_profile_ids()) - CIRCUITPYTHON_BOARDS
    assert not unknown, "no CircuitPython build reports board_id %s" % ", ".join(sorted(unknown))


@pytest.mark.parametrize("board_id", _profile_ids())
def test_profile_pins_exist_on_the_board(board_id, board_definitions):
    from patience import boards
    stub = board_definitions / board_id / "__init__.pyi"
    assert stub.is_file(), "circuitpython-stubs has no board %r" % board_id
    function = boards.profile(board_id)
    used = _pins_used(function)
    assert used, "found no board.X in %s.%s" % (function.__module__, function.__name__)
    used.add("DISPLAY")  # boards.build gives the App board.DISPLAY
    missing = used - _names_defined(stub.read_text())
    assert not missing, "%s.%s uses board.%s, which %s does not have" % (
        function.__module__, function.__name__, ", board.".join(sorted(missing)), board_id)

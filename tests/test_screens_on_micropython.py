"""The firmware's screens on a real MicroPython VM, with a stand-in displayio.

The same button presses must leave the same game on MicroPython as on
CPython, and the screens must not use anything MicroPython lacks.
"""

import importlib.util
import random
from pathlib import Path

import pytest

import mpvm
from support import FIRMWARE

STUBS = Path(__file__).parent / "vm_stubs"
PRESSES = {"eagle-wing": 11, "agnes": 12, "glenwood": 13, "chessboard": 14}


def _presses(seed, count=300):
    rng = random.Random(seed)
    return [rng.choice((0, 1, 1, 1, 3, 4, 5, 6, 7, 4, 7)) for _ in range(count)] + [2, 5, 1]


def _cpython_run(name, deal, presses):
    """The same script on CPython, through Blinka's real displayio."""
    spec = importlib.util.spec_from_file_location("keypad_script", STUBS / "keypad_script.py")
    keypad_script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(keypad_script)
    from patience.screens.app import App
    display, keys = keypad_script.Display(160, 128), keypad_script.ScriptKeys()
    app = App(display, keys, root=str(FIRMWARE), game=name, deal=deal)
    for key in presses:
        keys.press(key)
        app.tick()
    return str(app.game), display.refreshes


@pytest.fixture(scope="module")
def vm():
    mpvm.require_node_for_tests()
    with mpvm.MicroPythonVM(heap_kb=256) as machine:
        machine.install_tree(FIRMWARE / "patience", "/lib/patience")
        machine.install_tree(STUBS, "/lib")
        machine.mkdir("/sheets")
        machine.write_file("/sheets/small.bmp", (FIRMWARE / "sheets" / "small.bmp").read_bytes())
        for lang in (FIRMWARE / "lang").glob("*.bin"):
            machine.write_file("/lang/" + lang.name, lang.read_bytes())
        yield machine


@pytest.mark.parametrize("name", sorted(PRESSES))
def test_button_session_ends_the_same_on_micropython(vm, name):
    presses = _presses(PRESSES[name])
    vm.run(f"""
import keypad_script
from patience.screens.app import App
display, keys = keypad_script.Display(160, 128), keypad_script.ScriptKeys()
app = App(display, keys, game={name!r}, deal=77)
for key in {presses!r}:
    keys.press(key)
    app.tick()
""")
    on_vm = vm.run("print(app.game)\nprint(display.refreshes)").rstrip("\n").rsplit("\n", 1)
    expected, refreshes = _cpython_run(name, 77, presses)
    assert on_vm[0] == expected
    assert int(on_vm[1]) == refreshes == len(presses) + 1

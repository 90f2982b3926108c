"""The firmware's screens on a real MicroPython VM, on the stand-in PyBadge.

The same button presses must leave the same game on MicroPython as on
CPython (through Blinka's displayio), with one refresh per press, and the
screens must not use anything MicroPython or the stand-in displayio refuses.
"""

import random

import pytest

import vm
from support import FIRMWARE

from host_sim.simulator.keys import ScriptKeys

pytestmark = pytest.mark.vm

PRESSES = {"eagle-wing": 11, "agnes": 12, "glenwood": 13, "chessboard": 14}
HEAP_KB = 224  # sameness, not memory: tests/test_device_session.py holds the heap
# Hints here come from the engine's heuristic alone, on both sides: the
# board's search is checked on the VM by test_device_session (a hint in a
# whole session) and test_solver_on_vm (its answers equal the host's).
NO_SEARCH = """
def no_search(game):
    return "unknown", None, False
"""
VM_SCRIPT = NO_SEARCH + """
import board, keypad, vmctl
from patience.screens.app import App
keys = keypad.ShiftRegisterKeys(clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT,
                                latch=board.BUTTON_LATCH, key_count=8, value_when_pressed=True)
app = App(board.DISPLAY, keys, game={name!r}, deal=77, advise=no_search)
for key in {presses!r}:
    vmctl.tap(key)
    app.tick()
print(app.game)
print(board.DISPLAY.refreshes)
"""


def _presses(seed, count=300):
    rng = random.Random(seed)
    return [rng.choice((0, 1, 1, 1, 3, 4, 5, 6, 7, 4, 7)) for _ in range(count)] + [2, 5, 1]


class _Display:
    """What the App needs of board.DISPLAY; counts refreshes, draws nothing."""

    def __init__(self, width, height):
        self.width, self.height = width, height
        self.root_group = None
        self.auto_refresh = True
        self.brightness = 1.0
        self.refreshes = 0

    def refresh(self):
        self.refreshes += 1


def _cpython_run(name, deal, presses):
    """The same presses on CPython, through Blinka's real displayio."""
    from patience.screens.app import App
    display, keys = _Display(160, 128), ScriptKeys()
    found = {}
    exec(NO_SEARCH, found)  # pylint: disable=exec-used  # the same function as on the VM
    app = App(display, keys, root=str(FIRMWARE), game=name, deal=deal, advise=found["no_search"])
    for key in presses:
        keys.press_number(key)
        app.tick()
    return str(app.game), display.refreshes


@pytest.mark.parametrize("name", sorted(PRESSES))
def test_button_session_ends_the_same_on_micropython(name):
    vm.require_vm()
    presses = _presses(PRESSES[name])
    out = vm.run(VM_SCRIPT.format(name=name, presses=presses), HEAP_KB)
    *on_vm, refreshes = vm.script_lines(out)
    expected, cpython_refreshes = _cpython_run(name, 77, presses)
    assert "\n".join(on_vm) == expected
    assert int(refreshes) == cpython_refreshes >= len(presses) + 1  # moves slide in frames

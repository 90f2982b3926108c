"""The device hint on the fixed-heap 32-bit MicroPython VM (micropython-cp32).

The VM runs ``solver.hint`` with the device budget (``DEVICE_NODES``
positions, a ``HashTable`` of ``DEVICE_SLOTS`` and a ``Workspace`` of
``DEVICE_DEPTH``, both made once) in a 112 KB heap, from the firmware's .py
sources, on positions at the start, in the middle and near the end of a won
line of each game and on a lost deal; its answers (verdict, action, stuck,
positions stored) must be exactly the host's, since both run the same code.
Skipped, saying why, where the VM is absent (see tests/vm).
"""

import patience
from patience.solver import search as solver
from host_sim.tools.solving import play
from patience.screens.advice import device_hint

import vm
from solver_cases import READ_CASES, along_lines, write_cases

LOST = ("chessboard", 12)

SCRIPT = """
import gc
import patience
from patience.solver import search as solver
gc.collect()  # table and workspace need 16 KB and 5 KB in one piece: make them early, once
work = solver.Workspace(solver.DEVICE_DEPTH)
table = solver.HashTable(solver.DEVICE_SLOTS)
""" + READ_CASES + """
for name, deal, played, g in cases({cases!r}):
    h = solver.hint(g, solver.DEVICE_NODES, table, max_depth=solver.DEVICE_DEPTH, work=work)
    print(h.verdict, h.action, h.stuck, h.nodes)
"""


def _cases():
    return [(LOST[0], LOST[1], [])] + along_lines(
        (lambda n: 0, lambda n: n // 2, lambda n: n - 5))


def _host_answer(name, deal, actions):
    game = patience.new_game(name, seed=deal)
    for action in actions:
        play(game, action)
    hint = solver.hint(game, solver.DEVICE_NODES, solver.HashTable(solver.DEVICE_SLOTS),
                       max_depth=solver.DEVICE_DEPTH, work=solver.Workspace(solver.DEVICE_DEPTH))
    return "%s %s %s %s" % (hint.verdict, hint.action, hint.stuck, hint.nodes)


def test_device_hints_on_the_vm_match_the_host(tmp_path):
    vm.require_vm()
    cases = _cases()
    listed = tmp_path / "cases.txt"
    write_cases(listed, cases)
    answers = vm.script_lines(vm.run(SCRIPT.format(cases=str(listed)), 112))
    assert answers == [_host_answer(*case) for case in cases]
    assert answers[0].startswith("lost ") and all(a.startswith("won ") for a in answers[1:4])


IN_THE_GAME = """
import board, keypad
from patience.screens.app import App
keys = keypad.ShiftRegisterKeys(clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT,
                                latch=board.BUTTON_LATCH, key_count=8, value_when_pressed=True)
app = App(board.DISPLAY, keys, game="eagle-wing", deal=2)
app.player.hint()
app.player.draw()
print(app.player.hinted)
print(app.player.status)
"""


def test_the_hint_in_a_game_on_the_vm_follows_a_winning_line():
    vm.require_vm()
    # room for the search besides the game (in a tighter heap a MemoryError
    # may stop it, and the hint falls back on a useful move: never a claim)
    hinted, status = vm.script_lines(vm.run(IN_THE_GAME, 256))[-2:]
    game = patience.new_game("eagle-wing", seed=2)
    verdict, action, _ = device_hint(game)
    assert verdict == "won" and hinted == str(action)
    assert status == "HINT: A WINNING MOVE (A PLAYS IT)"

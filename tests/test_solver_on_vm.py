"""The device hint on the fixed-heap 32-bit MicroPython VM (micropython-cp32).

The VM runs ``solver.hint`` with the device budget (``DEVICE_NODES``
positions, a ``HashTable`` of ``DEVICE_SLOTS`` and a ``Workspace`` of
``DEVICE_DEPTH``, both made once) in a 112 KB heap, from the firmware's .py
sources, on positions at the start, in the middle and near the end of a won
line of each game and on a lost deal; its answers (verdict, action, stuck,
positions stored) must be exactly the host's, since both run the same code.
Skipped, saying why, where the VM is absent (see tests/vm).
"""

import pytest

import patience
from patience.solver import search as solver
from host_sim.tools.solving import play
from patience.screens.advice import device_hint

import vm
from solver_cases import READ_CASES, along_lines, write_cases

pytestmark = pytest.mark.vm

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
app.player.do("hint")
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
    verdict, line, _ = device_hint(game)
    assert verdict == "won" and hinted == str(tuple(line[:3]))   # the line's first move
    assert status == "HINT: A WINNING MOVE (A PLAYS IT)"


PYBADGE_HEAP_KB = 140  # a PyBadge leaves 130-145 KB (docs/device.md)
HINT_IN_EACH_GAME = """
import vmsession
_report = vmsession._report
def report(name):  # in each game of the session, the hint for deal 2 of Eagle Wing
    if name.startswith("play "):
        import patience
        print("HINT", name, vmsession._Run.app.advise(patience.new_game("eagle-wing", seed=2))[0])
    yield from _report(name)
vmsession._report = report
"""


def test_on_a_pybadges_heap_the_boards_search_answers_in_every_game():
    """From .mpy files, with the whole game on a PyBadge's heap (broken up),
    the hint's own search runs in each game and finds deal 2 of Eagle Wing
    won: the table is the largest the heap gives in one piece, so a search
    runs even where no large piece is free."""
    vm.require_vm()
    from vm import session
    out = vm.run(HINT_IN_EACH_GAME + session.script(1), PYBADGE_HEAP_KB, True, whole_app=True)
    hints = [line.split()[-1] for line in out.splitlines() if line.startswith("HINT ")]
    assert hints == ["won"] * len(patience.games.GAMES)
    assert out.splitlines()[-1] == "DONE"   # and the session played on to its end


def test_without_16_kb_in_one_piece_the_search_takes_a_smaller_table(monkeypatch):
    """The table is the largest of 16, 8 and 4 KB the heap gives; with not
    even 4 KB the hint cannot say, and the search's code is let go."""
    import sys
    import types
    from patience.screens import advice
    from patience.solver.tables import HashTable
    made = []

    def heap_with_pieces_up_to(most_bytes):
        def make(slots):
            if 8 * slots > most_bytes:
                raise MemoryError("memory allocation failed, allocating %d bytes" % (8 * slots))
            made.append(slots)
            return HashTable(slots)
        return types.SimpleNamespace(HashTable=make, DEVICE_SLOTS=solver.DEVICE_SLOTS)

    assert advice._table(heap_with_pieces_up_to(10000)).capacity() == 768   # 8 KB: 1,024 slots
    assert advice._table(heap_with_pieces_up_to(5000)).capacity() == 384    # 4 KB
    assert made == [1024, 512]
    with pytest.raises(MemoryError):
        advice._table(heap_with_pieces_up_to(4000))
    table = advice._table
    monkeypatch.setattr(advice, "_table", lambda search: table(heap_with_pieces_up_to(0)))
    # (this module's advice: a test before may have let go of patience.screens)
    assert advice.device_hint(patience.new_game("eagle-wing", seed=2)) == ("unknown", None, False)
    assert "patience.solver.search" not in sys.modules


PICK = """
import vmheap
from patience.solver.winnable import is_winnable, pick
pick("agnes", 1, "/")  # the module and the file's first use (the drive's root, as the App)
picked = [pick("agnes", number, "/") for number in (1, 2, 3, 999999999)]
print("PICKED", *picked)
print("MARKED", all(is_winnable("agnes", deal, "/") for deal in picked))
print("ALLOCATED", vmheap.allocated(lambda: pick("agnes", 123456789, "/")))
"""


def test_winnable_deals_only_picks_on_the_vm_and_allocates_nothing_but_the_file():
    """The board reads the whole list twice, a byte at a time, to choose
    among the marked deals evenly: nothing is made but the open file."""
    vm.require_vm()
    out = vm.run(PICK, 48)
    picked = next(line.split()[1:] for line in out.splitlines() if line.startswith("PICKED"))
    assert len(set(picked)) == 4 and "MARKED True" in out
    allocated = int(next(line.split()[1] for line in out.splitlines()
                         if line.startswith("ALLOCATED")))
    assert allocated < 400, allocated  # the file object and its buffer, not a byte per deal

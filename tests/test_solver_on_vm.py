"""The device hint on the fixed-heap 32-bit MicroPython VM (micropython-cp32).

The VM runs ``solver.hint`` with the device budget (``DEVICE_NODES``
positions, a ``HashTable`` of ``DEVICE_SLOTS``, ``DEVICE_DEPTH``) in a 96 KB
heap, from the firmware's .py sources, on positions at the start, in the
middle and near the end of a won line of each game and on a lost deal; its
answers (verdict, action, positions stored) must be exactly the host's,
since both run the same code. Skipped, saying why, where the VM is absent
(it lives outside the repository: ../shared/tools, or MICROPYTHON_CP32).
"""

import os
import subprocess
from pathlib import Path

import pytest

import patience
from patience.core import solver
from host_sim.tools.solving import play, solve_deal

ROOT = Path(__file__).resolve().parents[1]
VM = Path(os.environ.get("MICROPYTHON_CP32", ROOT.parent / "shared" / "tools" / "micropython-cp32"))
CASES = (("eagle-wing", 2), ("agnes", 260), ("glenwood", 3), ("chessboard", 4))
LOST = ("chessboard", 12)

# Reads one case a line: "name deal action action ...", an action "deal"
# or "src.n.dst" (a file rather than a literal: compiling big literals
# would take the heap the table needs).
SCRIPT = """
import gc
import patience
from patience.core import solver
gc.collect()  # the table needs 16 KB in one piece: make it early, once
table = solver.HashTable(solver.DEVICE_SLOTS)
with open({cases!r}) as cases:
    for text in cases:
        words = text.split()
        g = patience.new_game(words[0], seed=int(words[1]))
        for word in words[2:]:
            g.deal() if word == "deal" else g.move(*[int(x) for x in word.split(".")])
        h = solver.hint(g, solver.DEVICE_NODES, table, max_depth=solver.DEVICE_DEPTH)
        print(h.verdict, h.action, h.stuck, h.nodes)
"""


def _cases():
    found = [(LOST[0], LOST[1], [])]
    for name, deal in CASES:
        line = solve_deal(name, deal, seconds=60).line
        found += [(name, deal, line[:played]) for played in (0, len(line) // 2, len(line) - 5)]
    return found


def _host_answer(name, deal, actions):
    game = patience.new_game(name, seed=deal)
    for action in actions:
        play(game, action)
    hint = solver.hint(game, solver.DEVICE_NODES, solver.HashTable(solver.DEVICE_SLOTS),
                       max_depth=solver.DEVICE_DEPTH)
    return "%s %s %s %s" % (hint.verdict, hint.action, hint.stuck, hint.nodes)


def test_device_hints_on_the_vm_match_the_host(tmp_path):
    if not VM.is_file():
        reason = "micropython-cp32 not found at %s (set MICROPYTHON_CP32)" % VM
        print(reason)
        pytest.skip(reason)
    cases = _cases()
    listed = tmp_path / "cases.txt"
    listed.write_text("".join("%s %d %s\n" % (name, deal, " ".join(
        a if a == "deal" else "%d.%d.%d" % a for a in actions)) for name, deal, actions in cases))
    script = tmp_path / "hints.py"
    script.write_text(SCRIPT.format(cases=str(listed)))
    done = subprocess.run([str(VM), "-X", "heapsize=96k", str(script)],
                          env={"MICROPYPATH": str(ROOT / "firmware")},
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    answers = done.stdout.splitlines()
    assert answers == [_host_answer(*case) for case in cases]
    assert answers[0].startswith("lost ") and all(a.startswith("won ") for a in answers[1:4])

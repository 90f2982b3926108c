"""The device hint on a fixed-heap 32-bit MicroPython VM: heap and time.

Run: python bench/solver_device.py [--heap 96] [--nodes N] [--slots S] [--depth D]
Needs ../shared/tools/micropython-cp32 (or MICROPYTHON_CP32=path); see
/work/shared/tools/README.md. For positions at the start, a third of the way
into and near the end of a won line of each game, the VM runs
``solver.hint(game, nodes, table, max_depth=depth, work=workspace)`` from
the .py sources, with the table (``HashTable(slots)``) and workspace made
once at the start, and prints the verdict, positions stored, milliseconds,
and the live heap at its peak above what the game already held (collected
every 25 positions), plus the heap taken by importing the solver and by the
table and workspace. A board (SAMD51) is slower than this VM. Asserts
nothing. ``tests/test_solver_on_vm.py`` uses ``vm_path``, ``write_cases``
and ``run_vm``.
"""

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from host_sim.tools.solving import solve_deal  # noqa: E402
from patience.core.solver import DEVICE_DEPTH, DEVICE_NODES, DEVICE_SLOTS  # noqa: E402

CASES = (("eagle-wing", 2), ("agnes", 260), ("glenwood", 3), ("chessboard", 4))

# Reads one case a line: "name deal action action ...", an action "deal" or
# "src.n.dst" (a file rather than a literal: compiling big literals would
# take the heap the table needs).
READ_CASES = """
def cases(path):
    with open(path) as listed:
        for text in listed:
            words = text.split()
            g = patience.new_game(words[0], seed=int(words[1]))
            for word in words[2:]:
                g.deal() if word == "deal" else g.move(*[int(x) for x in word.split(".")])
            yield words[0], int(words[1]), len(words) - 2, g
"""

VM_SCRIPT = """
import gc, time
gc.collect()
start = gc.mem_alloc()
import patience
from patience.core import solver
gc.collect()
imported = gc.mem_alloc()
table = solver.HashTable({slots})
work = solver.Workspace({depth})
gc.collect()
print("import solver+engine %d B, table and workspace %d B" % (imported - start,
                                                              gc.mem_alloc() - imported))
peak = [0, 0]
class Probe:
    def clear(self):
        table.clear()
    def capacity(self):
        return table.capacity()
    def visit(self, key):
        peak[1] += 1
        if not peak[1] % 25:
            gc.collect()
            peak[0] = max(peak[0], gc.mem_alloc())
        return table.visit(key)
""" + READ_CASES + """
for name, deal, played, g in cases({cases!r}):
    gc.collect()
    base = gc.mem_alloc()
    peak[0] = base
    h = solver.hint(g, {nodes}, Probe(), max_depth={depth}, work=work)
    t = time.ticks_ms()
    h = solver.hint(g, {nodes}, table, max_depth={depth}, work=work)
    ms = time.ticks_diff(time.ticks_ms(), t)
    print("%-11s %9d %7d  %-8s %7d %8d %9d" % (name, deal, played, h.verdict, h.nodes, ms,
                                            peak[0] - base))
"""


def vm_path():
    """The micropython-cp32 program (it may not exist)."""
    return Path(os.environ.get("MICROPYTHON_CP32",
                               ROOT.parent / "shared" / "tools" / "micropython-cp32"))


def write_cases(path, cases):
    """Write ``(name, deal, actions)`` cases in the form ``READ_CASES`` reads."""
    Path(path).write_text("".join("%s %d %s\n" % (name, deal, " ".join(
        a if a == "deal" else "%d.%d.%d" % a for a in actions)) for name, deal, actions in cases))


def run_vm(script, heap_kb):
    """Run a script's text on the VM with the firmware on its path."""
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as handle:
        handle.write(script)
    try:
        return subprocess.run([str(vm_path()), "-X", "heapsize=%dk" % heap_kb, handle.name],
                              env={"MICROPYPATH": str(ROOT / "firmware")},
                              capture_output=True, text=True, timeout=600)
    finally:
        os.unlink(handle.name)


def positions():
    """(game, deal, actions played first) for each case: start, a third, near the end."""
    found = []
    for name, deal in CASES:
        line = solve_deal(name, deal, seconds=60).line
        for played in (0, len(line) // 3, len(line) - 12):
            found.append((name, deal, line[:played]))
    return found


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--heap", type=int, default=96, help="VM heap in KB (default 96)")
    parser.add_argument("--nodes", type=int, default=DEVICE_NODES)
    parser.add_argument("--slots", type=int, default=DEVICE_SLOTS)
    parser.add_argument("--depth", type=int, default=DEVICE_DEPTH)
    args = parser.parse_args(argv)
    if not vm_path().is_file():
        print("micropython-cp32 not found at %s (set MICROPYTHON_CP32): nothing to run"
              % vm_path())
        return 1
    with tempfile.TemporaryDirectory() as folder:
        listed = os.path.join(folder, "cases.txt")
        write_cases(listed, positions())
        script = VM_SCRIPT.format(slots=args.slots, nodes=args.nodes, depth=args.depth,
                                  cases=listed)
        print("heap %d KB, budget %d positions, table %d slots, depth %d"
              % (args.heap, args.nodes, args.slots, args.depth))
        print("%-11s %9s %7s  %-8s %7s %8s %9s" % ("game", "deal", "played", "verdict",
                                               "nodes", "ms", "peak B"))
        done = run_vm(script, args.heap)
    print(done.stdout + done.stderr, end="")
    return done.returncode


if __name__ == "__main__":
    sys.exit(main())

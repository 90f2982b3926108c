"""The device hint on a fixed-heap 32-bit MicroPython VM: heap and time.

Run: python bench/solver_device.py [--heap 96] [--nodes N] [--slots S] [--depth D]
Needs ../shared/tools/micropython-cp32 (or MICROPYTHON_CP32=path); see
/work/shared/tools/README.md. For positions at the start, a third of the way
into and near the end of a won line of each game, the VM runs
``solver.hint(game, nodes, HashTable(slots), max_depth=depth)`` from the .py
sources and prints the verdict, positions stored, milliseconds, and the
live heap at its peak above what the game already held (collected every
25 positions), plus the heap taken by importing the solver and by the
table. A board (SAMD51) is slower than this VM. Asserts nothing.
"""

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from host_sim.tools.solving import solve_deal  # noqa: E402
from patience.core.solver import DEVICE_DEPTH, DEVICE_NODES, DEVICE_SLOTS  # noqa: E402

CASES = (("eagle-wing", 2), ("agnes", 260), ("glenwood", 3), ("chessboard", 4))

VM_SCRIPT = """
import gc, time
gc.collect()
start = gc.mem_alloc()
import patience
from patience.core import solver
gc.collect()
imported = gc.mem_alloc()
table = solver.HashTable({slots})
gc.collect()
print("import solver+engine %d B, table %d B" % (imported - start, gc.mem_alloc() - imported))
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
for name, deal, actions in {cases!r}:
    g = patience.new_game(name, seed=deal)
    for a in actions:
        g.deal() if a == "deal" else g.move(*a)
    gc.collect()
    base = gc.mem_alloc()
    peak[0] = base
    h = solver.hint(g, {nodes}, Probe(), max_depth={depth})
    t = time.ticks_ms()
    h = solver.hint(g, {nodes}, table, max_depth={depth})
    ms = time.ticks_diff(time.ticks_ms(), t)
    print("%-11s %9d %7d  %-8s %7d %8d %9d" % (name, deal, len(actions), h.verdict, h.nodes, ms,
                                            peak[0] - base))
"""


def vm_path():
    """The micropython-cp32 program, or None."""
    import os
    path = Path(os.environ.get("MICROPYTHON_CP32", ROOT.parent / "shared" / "tools" / "micropython-cp32"))
    return path if path.is_file() else None


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
    vm = vm_path()
    if vm is None:
        print("micropython-cp32 not found (../shared/tools or MICROPYTHON_CP32): nothing to run")
        return 1
    script = VM_SCRIPT.format(slots=args.slots, nodes=args.nodes, depth=args.depth,
                              cases=positions())
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as handle:
        handle.write(script)
    print("heap %d KB, budget %d positions, table %d slots, depth %d"
          % (args.heap, args.nodes, args.slots, args.depth))
    print("%-11s %9s %7s  %-8s %7s %8s %9s" % ("game", "deal", "played", "verdict", "nodes",
                                           "ms", "peak B"))
    done = subprocess.run([str(vm), "-X", "heapsize=%dk" % args.heap, handle.name],
                          env={"MICROPYPATH": str(ROOT / "firmware")},
                          capture_output=True, text=True, timeout=600)
    print(done.stdout + done.stderr, end="")
    return done.returncode


if __name__ == "__main__":
    sys.exit(main())

"""The device hint on a fixed-heap 32-bit MicroPython VM: heap and time.

Run: python bench/solver_device.py [--heap 96] [--nodes N] [--slots S] [--depth D]
Needs the fixed-heap VM (tests/vm says where it is looked for). For
positions at the start, a third of the way into and near the end of a won line of each game, the VM runs
``solver.hint(game, nodes, table, max_depth=depth, work=workspace)`` from
the .py sources, with the table (``HashTable(slots)``) and workspace made
once at the start, and prints the verdict, positions stored, milliseconds,
and the live heap at its peak above what the game already held (collected
every 25 positions), plus the heap taken by importing the solver and by the
table and workspace. A board (SAMD51) is slower than this VM. Asserts
nothing.
"""

import argparse
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
import vm  # noqa: E402  (tests/ on the path first)
from solver_cases import READ_CASES, along_lines, write_cases  # noqa: E402
from patience.solver.search import DEVICE_DEPTH, DEVICE_NODES, DEVICE_SLOTS  # noqa: E402

VM_SCRIPT = """
import gc, utime  # the VM's own clock (the stand-in time and supervisor follow a scripted one)
gc.collect()
start = gc.mem_alloc()
import patience
from patience.solver import search as solver
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
    t = utime.ticks_ms()
    h = solver.hint(g, {nodes}, table, max_depth={depth}, work=work)
    ms = utime.ticks_diff(utime.ticks_ms(), t)
    print("%-11s %9d %7d  %-8s %7d %8d %9d" % (name, deal, played, h.verdict, h.nodes, ms,
                                            peak[0] - base))
"""


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--heap", type=int, default=96, help="VM heap in KB (default 96)")
    parser.add_argument("--nodes", type=int, default=DEVICE_NODES)
    parser.add_argument("--slots", type=int, default=DEVICE_SLOTS)
    parser.add_argument("--depth", type=int, default=DEVICE_DEPTH)
    args = parser.parse_args(argv)
    if vm.missing_reason():
        print("%s: nothing to run" % vm.missing_reason())
        return 1
    with tempfile.TemporaryDirectory() as folder:
        listed = os.path.join(folder, "cases.txt")
        write_cases(listed, along_lines(
            (lambda n: 0, lambda n: n // 3, lambda n: n - 12)))
        script = VM_SCRIPT.format(slots=args.slots, nodes=args.nodes, depth=args.depth,
                                  cases=listed)
        print("heap %d KB, budget %d positions, table %d slots, depth %d"
              % (args.heap, args.nodes, args.slots, args.depth))
        print("%-11s %9s %7s  %-8s %7s %8s %9s" % ("game", "deal", "played", "verdict",
                                               "nodes", "ms", "peak B"))
        print(vm.run(script, args.heap), end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())

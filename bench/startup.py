"""From power-on to pictures: the time to the first frame and to the title.

Run: python bench/startup.py [--runs 5]. On the fixed-heap VM (tests/vm) on
its stand-in PyBadge, firmware as .py (compiled at start, as a board does
with .py files) and as .mpy: the milliseconds from the start of code.py's
work (``patience.boards.build``) to the first refresh (the loading screen)
and to the last one of the start (the title), the median of ``--runs``.
The VM runs natively on this machine's CPU; a SAMD51 at 120 MHz is far
slower (docs/device.md). Asserts nothing.
"""

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
import vm  # noqa: E402  (tests/ on the path first)

SCRIPT = """
import utime  # the VM's own clock (the stand-in time follows a scripted one)
import board
from patience.saves.store import Store
marks = []
display = board.DISPLAY
shown = display.refresh
def refresh(*args, **kwargs):
    marks.append(utime.ticks_ms())
    return shown(*args, **kwargs)
display.refresh = refresh
start = utime.ticks_ms()
from patience.boards import build
build(board, store=Store(None)).begin()  # as App.run starts it
print(utime.ticks_diff(marks[0], start), utime.ticks_diff(marks[-1], start))
"""


def measure(compiled, runs):
    """Median (first frame ms, title ms) over ``runs`` fresh VMs."""
    firsts, titles = [], []
    for _ in range(runs):
        first, title = vm.script_lines(vm.run(SCRIPT, 256, compiled))[-1].split()
        firsts.append(int(first))
        titles.append(int(title))
    return statistics.median(firsts), statistics.median(titles)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="VM starts per row (default 5)")
    args = parser.parse_args(argv)
    reason = vm.missing_reason()
    if reason:
        sys.exit("cannot run: %s" % reason)
    print("%-6s %16s %10s" % ("files", "first frame ms", "title ms"))
    for compiled in (False, True):
        first, title = measure(compiled, args.runs)
        print("%-6s %16d %10d" % (".mpy" if compiled else ".py", first, title))
    return 0


if __name__ == "__main__":
    sys.exit(main())

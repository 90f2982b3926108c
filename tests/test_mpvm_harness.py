"""Tests for tests.mpvm: the real 32-bit MicroPython VM harness.

Skipped locally when Node.js/npm are missing; under CI=true they fail instead.
"""

import json

import pytest

import mpvm
from mpvm import MicroPythonError, MicroPythonVM, MicroPythonVMError

XORSHIFT32 = """
x ^= (x << 13) & 0xFFFFFFFF
x ^= x >> 17
x ^= (x << 5) & 0xFFFFFFFF
"""

# Same shape, but every intermediate value stays below 2**30 (mask, then shift).
XORSHIFT30 = """
x ^= (x & 0x1FFFF) << 13
x ^= x >> 17
x ^= (x & 0x1FFFFFF) << 5
"""


@pytest.fixture(scope="module")
def vm():
    """One VM shared by the tests of this module."""
    mpvm.require_node_for_tests()
    with MicroPythonVM(heap_kb=128) as machine:
        yield machine


def test_print_returns_stdout(vm):
    assert vm.run("print(1+1)") == "2\n"


def test_state_persists_between_runs(vm):
    vm.run("kept = 41")
    assert vm.run("print(kept + 1)") == "42\n"


def test_exception_becomes_micropython_error(vm):
    with pytest.raises(MicroPythonError, match="boom") as info:
        vm.run("print('before')\nraise ValueError('boom')")
    assert info.value.exc_type == "ValueError"
    assert "Traceback" in info.value.traceback
    assert info.value.out == "before\n"
    assert vm.run("print('still alive')") == "still alive\n"


def test_is_micropython_on_32_bits(vm):
    assert vm.run("import sys; print(sys.implementation.name)") == "micropython\n"
    assert vm.run("print(sys.maxsize)") == f"{2**31 - 1}\n"


def test_const_works(vm):
    out = vm.run("from micropython import const\n_X = const(7)\nprint(_X * 6)")
    assert out == "42\n"


def test_alloc_of_plain_arithmetic_is_zero(vm):
    assert vm.measure_alloc("x = 1 + 1", setup="x = 0") == 0


def test_alloc_of_bytearray_counts_its_bytes(vm):
    assert vm.measure_alloc("b = bytearray(100)", setup="b = None") >= 100


@pytest.mark.parametrize("expr,boxed", [
    ("(k << 29) + ((k << 29) - 1)", False),   # 2**30 - 1: small int
    ("(k << 29) + (k << 29)", True),          # 2**30: heap object
    ("-(k << 29) - (k << 29)", False),        # -2**30: small int
    ("-(k << 29) - (k << 29) - 1", True),     # -2**30 - 1: heap object
])
def test_small_int_limit_is_31_bit_signed(vm, expr, boxed):
    nbytes = vm.measure_alloc(f"y = {expr}", setup="k = 1\ny = 0")
    assert (nbytes > 0) == boxed, nbytes


def test_xorshift32_allocates_but_30_bit_does_not(vm):
    big = vm.measure_alloc(XORSHIFT32, setup="x = 2463534242", repeat=100)
    small = vm.measure_alloc(XORSHIFT30, setup="x = 123456789", repeat=100)
    assert big > 100 * 32, big
    assert small == 0
    assert vm.run("print(x < (1 << 30))") == "True\n"


def test_live_heap_returns_after_collect(vm):
    base = vm.live_heap()
    vm.run("junk = [bytearray(500) for _ in range(20)]")
    assert vm.live_heap() >= base + 20 * 500
    vm.run("del junk")
    assert vm.live_heap() < base + 1000


def test_heap_growth_is_detected():
    mpvm.require_node_for_tests()
    with MicroPythonVM(heap_kb=16) as small:
        assert not small.heap_grew()
        small.run("tmp = [bytearray(1000) for _ in range(40)]")
        assert small.heap_grew()


def test_install_tree_and_import(vm, tmp_path):
    pkg = tmp_path / "tinypkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("from .core import double\n")
    (pkg / "core.py").write_text("def double(n):\n    return 2 * n\n")
    (pkg / "sub" / "__init__.py").write_text("NAME = 'sub'\n")
    (pkg / "notes.txt").write_text("not copied")
    written = vm.install_tree(pkg, "/lib/tinypkg")
    assert "/lib/tinypkg/sub/__init__.py" in written
    assert not any(p.endswith(".txt") for p in written)
    assert vm.run("import tinypkg, tinypkg.sub\nprint(tinypkg.double(21), tinypkg.sub.NAME)") == "42 sub\n"


def test_unload_then_reimport_sees_new_code(vm, tmp_path):
    (tmp_path / "relo").mkdir()
    (tmp_path / "relo" / "__init__.py").write_text("V = 1\n")
    vm.install_tree(tmp_path / "relo", "/lib/relo")
    assert vm.run("import relo; print(relo.V)") == "1\n"
    (tmp_path / "relo" / "__init__.py").write_text("V = 2\n")
    vm.install_tree(tmp_path / "relo", "/lib/relo")
    vm.unload("relo")
    assert vm.run("import relo; print(relo.V)") == "2\n"


def test_timeout_kills_a_stuck_vm():
    mpvm.require_node_for_tests()
    with MicroPythonVM(heap_kb=16) as stuck:
        with pytest.raises(MicroPythonVMError, match="did not answer"):
            stuck.run("while True:\n    pass", timeout=0.5)
        with pytest.raises(MicroPythonVMError, match="not running"):
            stuck.run("pass")


def test_package_version_is_pinned_exactly():
    manifest = json.loads((mpvm.HERE / "package.json").read_text())
    lock = json.loads((mpvm.HERE / "package-lock.json").read_text())
    assert manifest["dependencies"][mpvm.PACKAGE_NAME] == mpvm.PACKAGE_VERSION
    locked = lock["packages"][f"node_modules/{mpvm.PACKAGE_NAME}"]["version"]
    assert locked == mpvm.PACKAGE_VERSION
    assert "node_modules/" in (mpvm.HERE / ".gitignore").read_text().split()


def _no_node(monkeypatch, ci):
    """Pretend node/npm are missing, with CI set or unset."""
    monkeypatch.setattr(mpvm.shutil, "which", lambda name: None)
    if ci is None:
        monkeypatch.delenv("CI", raising=False)
    else:
        monkeypatch.setenv("CI", ci)


def test_missing_node_skips_outside_ci(monkeypatch):
    _no_node(monkeypatch, None)
    with pytest.raises(pytest.skip.Exception, match="node and npm not found"):
        mpvm.require_node_for_tests()


def test_missing_node_fails_under_ci(monkeypatch):
    _no_node(monkeypatch, "true")
    with pytest.raises(pytest.fail.Exception, match="CI must provide Node"):
        mpvm.require_node_for_tests()

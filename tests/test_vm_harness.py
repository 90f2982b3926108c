"""The VM harness (tests/vm): a fixed heap on a 32-bit VM with CircuitPython's
ints and floats, errors that carry the VM's traceback, .py and .mpy firmware,
heap measuring and the search for the smallest heap.
"""

import pytest

import vm

pytestmark = pytest.mark.vm

XORSHIFT32 = """
def step():
    global x
    x ^= (x << 13) & 0xFFFFFFFF
    x ^= x >> 17
    x ^= (x << 5) & 0xFFFFFFFF
"""
# Same shape, but every intermediate value stays below 2**30 (mask, then shift).
XORSHIFT30 = """
def step():
    global x
    x ^= (x & 0x1FFFF) << 13
    x ^= x >> 17
    x ^= (x & 0x1FFFFFF) << 5
"""


@pytest.fixture(autouse=True)
def _needs_vm():
    vm.require_vm()


def test_print_returns_stdout():
    assert vm.run("print(1 + 1)") == "2\n"


def test_exception_carries_the_vm_traceback():
    with pytest.raises(vm.VMError, match="ValueError: boom") as info:
        vm.run("print('before')\ndef f():\n    raise ValueError('boom')\nf()")
    assert info.value.exc_type == "ValueError"
    assert 'vmscript.py", line 3, in f' in info.value.traceback
    assert info.value.out == "before\n"
    assert not isinstance(info.value, vm.VMMemoryError)


def test_the_heap_is_fixed_and_memory_error_is_told_apart():
    assert vm.run("b = bytearray(40 * 1024)\nprint(len(b))", heap_kb=48) == "40960\n"
    with pytest.raises(vm.VMMemoryError, match="MemoryError"):
        vm.run("b = bytearray(40 * 1024)", heap_kb=32)


def test_a_stuck_script_times_out():
    with pytest.raises(vm.VMTimeout, match="did not finish"):
        vm.run("print('going')\nwhile True:\n    pass", timeout=1)


def test_32_bit_with_31_bit_small_ints_and_30_bit_floats():
    out = vm.run("""
import sys, vmheap
k = 1
def boxed(f):
    return vmheap.allocated(f) > 0
print(sys.implementation.name, sys.maxsize == 2**31 - 1)
print(boxed(lambda: (k << 29) + ((k << 29) - 1)), boxed(lambda: (k << 29) + (k << 29)))
print(boxed(lambda: -(k << 29) - (k << 29)), boxed(lambda: -(k << 29) - (k << 29) - 1))
print(262144.0 + 0.09 == 262144.0, boxed(lambda: k * 0.5))
""")
    assert out.split("\n") == ["micropython True", "False True", "False True", "True False", ""]


def test_xorshift32_allocates_but_30_bit_does_not():
    big = vm.run("import vmheap\nx = 2463534242" + XORSHIFT32 + "print(vmheap.allocated(step, 100))")
    small = vm.run("import vmheap\nx = 123456789" + XORSHIFT30 + "print(vmheap.allocated(step, 100))")
    assert int(big) > 100 * 32 and int(small) == 0


def test_live_heap_and_allocation_are_measured():
    out = vm.run("""
import vmheap
base = vmheap.live()
kept = [bytearray(500) for _ in range(20)]
print(vmheap.live() - base >= 20 * 500, vmheap.allocated(lambda: bytearray(100)))
x = 5
def arithmetic():
    global x
    x = (x * 3 + 1) & 0xFFFF
print(vmheap.allocated(arithmetic, 100))
""")
    assert out.split() == ["True", "128", "0"]  # 16 B object + 100 B in 16-byte blocks


def test_firmware_from_py_and_from_mpy():
    where = "import patience, adafruit_imageload as a\nprint(patience.__file__, a.__file__)"
    assert vm.run(where) == "patience/__init__.py lib/adafruit_imageload/__init__.py\n"
    assert vm.run(where, compiled=True) == \
        "patience/__init__.mpy lib/adafruit_imageload/__init__.mpy\n"
    drive = vm.drive(compiled=True)
    assert vm.drive(compiled=True) == drive  # compiled once, then cached
    assert (drive / "code.py").is_file()  # code.py stays source, as installed


@pytest.mark.parametrize("compiled", [False, True])
def test_the_drives_imageload_part_loads_the_sheets_and_no_other_format(compiled):
    """The drive holds of adafruit_imageload what patience-flash installs:
    the game's sheets load as start.py loads them, the GIF loader is not there."""
    out = vm.run("""
import displayio, adafruit_imageload
for sheet in ("/sheets/small.bmp", "/sheets/large.bmp"):
    bitmap, palette = adafruit_imageload.load(sheet, bitmap=displayio.Bitmap,
                                              palette=displayio.Palette)
    print(bitmap.width > 0, len(palette))
try:
    import adafruit_imageload.gif
except ImportError:
    print("no gif loader")
""", heap_kb=200, compiled=compiled)
    assert vm.script_lines(out) == ["True 4", "True 4", "no gif loader"]


def test_the_script_gets_exactly_its_heap_in_one_block():
    assert vm.footprint() > 20 * 1024  # the stand-ins: C code and flash on a board
    out = vm.run("""
import gc, micropython, vmheap
gc.collect()
print(gc.mem_free(), vmheap.FOOTPRINT == gc.mem_alloc() - vmheap.live())
""", heap_kb=40)
    free, counted_apart = out.split()
    assert int(free) <= 40 * 1024 < int(free) + 1024 and counted_apart == "True"


def test_minimal_heap_finds_the_kilobyte():
    found = vm.minimal_heap("b = bytearray(30 * 1024)", low_kb=8, high_kb=64)
    assert 31 <= found <= 36  # 30 KB, its object, and compiling the script itself
    assert vm.passes("b = bytearray(30 * 1024)", found)
    assert not vm.passes("b = bytearray(30 * 1024)", found - 1)


def test_missing_vm_skips_saying_why(monkeypatch, capsys):
    monkeypatch.setenv("MICROPYTHON_CP32", "/nowhere/micropython-cp32")
    assert vm.find_vm() is None
    with pytest.raises(pytest.skip.Exception, match="micropython-cp32 not found"):
        vm.require_vm()
    assert "skipping MicroPython VM tests" in capsys.readouterr().out

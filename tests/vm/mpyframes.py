"""What a call takes from CircuitPython's pystack, read from .mpy files.

CircuitPython builds with MICROPY_ENABLE_PYSTACK (py/circuitpy_mpconfig.h):
a call of a bytecode function takes its frame from a fixed block, the
pystack (CIRCUITPY_PYSTACK_SIZE, 1,536 bytes on CircuitPython 9, 2,048 on
10), and "RuntimeError: pystack exhausted" ends the program when it runs
out. The figures (MicroPython 1.27's py/, which CircuitPython's follows):

- a frame is ``offsetof(mp_code_state_t, state)`` (fun_bc, ip, sp,
  n_state and exc_sp_idx as two uint16, old_globals: 20 bytes on a 32-bit
  board) plus ``n_state`` words (locals and value stack) plus
  ``n_exc_stack`` mp_exc_stack_t entries (handler, val_sp, prev_exc: 12
  bytes), rounded up to MICROPY_PYSTACK_ALIGN, 8 (``fun_bc_call`` in
  py/objfun.c, ``mp_pystack_alloc`` in py/pystack.c);
- calling a bound-method *object* (``f = obj.method; f()``, ``getattr(obj,
  name)()``; not ``obj.method()``, which the compiler calls with self)
  copies self and the arguments into a pystack array of ``1 + n_args +
  2 * n_kw`` words (``mp_call_method_self_n_kw``, py/objboundmeth.c);
- a call with ``*args`` or ``**kwargs`` builds its argument array there
  too (``mp_call_prepare_args_n_kw_var``, py/runtime.c);
- a generator's frame is part of the generator object, on the heap
  (``gen_wrap_call``, py/objgenerator.c): it takes no pystack.

``read(path, static)`` lists the functions of one .mpy file (MicroPython
1.27's format 6, py/persistentcode.c) with the two numbers from each
bytecode prelude (``MP_BC_PRELUDE_SIG_DECODE_INTO``, py/bc.h). A .mpy names
common names ("main", "get", "__init__", "<listcomp>") by their number in
MicroPython's fixed table of static names; ``static_names(identifiers)``
learns those numbers from mpy-cross itself, by compiling a function of
each name.
"""

from __future__ import annotations

import keyword
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

WORD = 4  # bytes in an mp_obj_t on a 32-bit board
CODE_STATE = 20  # offsetof(mp_code_state_t, state), 32-bit, no STACKLESS or SETTRACE
EXC_ENTRY = 12  # sizeof(mp_exc_stack_t), 32-bit
ALIGN = 8  # MICROPY_PYSTACK_ALIGN (py/mpconfig.h default)
SCOPE_GENERATOR = 0x01  # MP_SCOPE_FLAG_GENERATOR (py/runtime0.h)
_OBJ_NO_PAYLOAD = (0, 1, 2, 3, 4)  # fun table, None, False, True, Ellipsis
_OBJ_NULL_ENDED = (5, 6)  # str, bytes: their bytes and a 0
_OBJ_TUPLE = 10


def aligned(n_bytes: int) -> int:
    """What mp_pystack_alloc takes for ``n_bytes``."""
    return (n_bytes + ALIGN - 1) & ~(ALIGN - 1)


def frame_bytes(n_state: int, n_exc_stack: int) -> int:
    """A bytecode function's frame on the pystack."""
    return aligned(CODE_STATE + WORD * n_state + EXC_ENTRY * n_exc_stack)


def array_bytes(words: int) -> int:
    """An argument array the runtime puts on the pystack."""
    return aligned(WORD * words)


@dataclass
class Function:
    """One function of a .mpy file, as its bytecode prelude says."""

    path: tuple  # names from the module down: ("Class", "method"), ("f", "<listcomp>")
    n_state: int
    n_exc_stack: int
    generator: bool

    @property
    def frame(self) -> int:
        """Bytes of pystack a call takes (0 for a generator: heap)."""
        return 0 if self.generator else frame_bytes(self.n_state, self.n_exc_stack)


class _Reader:
    def __init__(self, data: bytes):
        self.data, self.at = data, 0

    def byte(self) -> int:
        self.at += 1
        return self.data[self.at - 1]

    def uint(self) -> int:
        value = 0
        while True:
            byte = self.byte()
            value = (value << 7) | (byte & 0x7F)
            if not byte & 0x80:
                return value

    def skip(self, count: int) -> None:
        self.at += count


def _uint_at(data: bytes, at: int) -> tuple[int, int]:
    value = 0
    while True:
        byte = data[at]
        at += 1
        value = (value << 7) | (byte & 0x7F)
        if not byte & 0x80:
            return value, at


def _prelude(code: bytes) -> tuple[int, int, int, int]:
    """(n_state, n_exc_stack, scope_flags, offset of the code info)."""
    at = 0
    z = code[at]
    at += 1
    n_state, n_exc, flags = (z >> 3) & 0xF, (z >> 2) & 1, 0
    n = 0
    while z & 0x80:
        z = code[at]
        at += 1
        n_state |= (z & 0x30) << (2 * n)
        n_exc |= (z & 0x02) << n
        flags |= ((z & 0x40) >> 6) << n
        n += 1
    return n_state + 1, n_exc, flags, at


def _name_index(code: bytes, at: int) -> int:
    """The simple_name's index in the qstr table: first in the code info,
    after the prelude's size (MP_BC_PRELUDE_SIZE_DECODE_INTO)."""
    while code[at] & 0x80:
        at += 1
    return _uint_at(code, at + 1)[0]


_PROBE_TAIL = (("<lambda>", "lambda: 0"), ("<listcomp>", "[_ for _ in ()]"),
               ("<genexpr>", "(_ for _ in ())"), ("<dictcomp>", "{_: 0 for _ in ()}"),
               ("<setcomp>", "{_ for _ in ()}"))


def static_names(mpy_cross: str, identifiers) -> dict[int, str]:
    """{number: name} of MicroPython's static names among ``identifiers``
    (and the names the compiler gives lambdas and comprehensions)."""
    names = sorted(n for n in set(identifiers) if n.isidentifier() and not keyword.iskeyword(n))
    lines = [f"def {name}():\n    pass" for name in names] + [code for _, code in _PROBE_TAIL]
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / "probe.py").write_text("\n".join(lines) + "\n")
        subprocess.run([mpy_cross, "probe.py"], cwd=folder, check=True)
        found = read(Path(folder) / "probe.mpy")
    table = {}
    for function, name in zip(found[1:], names + [name for name, _ in _PROBE_TAIL]):
        token = function.path[-1]
        if isinstance(token, int):
            table[token] = name
    return table


def read(path: Path, static: dict | None = None) -> list[Function]:
    """Every function (module body and class bodies too) of a .mpy file;
    a static name not in ``static`` stays its number."""
    reader = _Reader(Path(path).read_bytes())
    if reader.byte() != ord("M") or reader.byte() != 6:
        raise ValueError(f"{path}: not a MicroPython .mpy of format 6")
    reader.skip(2)
    n_qstr, n_obj = reader.uint(), reader.uint()
    qstrs = []
    for _ in range(n_qstr):
        head = reader.uint()
        if head & 1:  # a static name, by its number
            qstrs.append(head >> 1 if static is None else static.get(head >> 1, head >> 1))
            continue
        start = reader.at
        reader.skip((head >> 1) + 1)
        qstrs.append(reader.data[start:reader.at - 1].decode())
    for _ in range(n_obj):
        _skip_object(reader)
    found: list[Function] = []
    _raw_code(reader, qstrs, None, found)
    return found


def _skip_object(reader: _Reader) -> None:
    kind = reader.byte()
    if kind in _OBJ_NO_PAYLOAD:
        return
    length = reader.uint()
    if kind == _OBJ_TUPLE:
        for _ in range(length):
            _skip_object(reader)
    else:
        reader.skip(length + (kind in _OBJ_NULL_ENDED))


def _raw_code(reader: _Reader, qstrs: list, parent: tuple | None, found: list) -> None:
    head = reader.uint()
    if head & 3:
        raise ValueError("native code in a .mpy: only bytecode is read here")
    start = reader.at
    reader.skip(head >> 3)
    code = reader.data[start:reader.at]
    n_state, n_exc, flags, info = _prelude(code)
    path = () if parent is None else parent + (qstrs[_name_index(code, info)],)
    found.append(Function(path, n_state, n_exc, bool(flags & SCOPE_GENERATOR)))
    for _ in range(reader.uint() if head & 4 else 0):
        _raw_code(reader, qstrs, path, found)

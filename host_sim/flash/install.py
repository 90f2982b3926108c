"""patience-flash, part 3: install a tree onto a drive without losing anything.

Ownership: the drive keeps ``.patience-manifest.json`` (path -> sha256 and
size of every file patience-flash installed, plus version information).  A
file on the drive is *ours* when the manifest lists it with its current hash
(or when it already holds exactly the bytes we would write); anything else
-- saves, settings.toml, the user's own libraries, a file the user edited --
is *foreign* and is never overwritten or deleted unless the user says so.

A foreign file where the game puts one of its own files (an older game
copied by hand, a module the user edited), or a foreign .py that would be
imported instead of one of the game's .mpy files, *blocks* the install:
writing the rest would leave a mix of two versions of the game, so the plan
is refused, naming every such file, and nothing is written.  With
``--replace-game`` the game's files replace them (and such a .py is
removed); with ``--replace-code`` only code.py may be replaced.  code.py is
first saved as ``code.py.bak-<n>`` (it may be the user's own project).
Libraries in lib/ that patience-flash did not install are never replaced:
they are left whole, for circup to update.

Safety: every new file is first written beside its target under a
temporary name, flushed, fsynced and read back; only when all of them are
on the drive are they renamed over the old ones (os.replace), obsolete files
of ours removed, and the manifest written the same way, last.  A full drive
or any other OSError while writing removes the temporary files and leaves
the previous install exactly as it was.

CircuitPython's import looks for ``name.py`` before ``name.mpy`` in a folder
(py/builtinimport.c, stat_file_py_or_mpy) and for a package folder before
either, so switching between .py and .mpy installs removes the other kind of
file we installed before; a foreign .py beside our .mpy is reported because
it wins.
"""

import errno
import hashlib
import json
import os
import shutil
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from host_sim import first_free

from .drive import FlashError

MANIFEST = ".patience-manifest.json"
TMP_SUFFIX = ".patience-tmp"
FORMAT = 1
FOREIGN = "not installed by patience-flash, or changed since"  # why a game file blocks


def sha256(data):
    return hashlib.sha256(data).hexdigest()


def file_sha256(path):
    """The hash of a file on the drive; FlashError if it cannot be read."""
    try:
        return sha256(Path(path).read_bytes())
    except OSError as err:
        raise FlashError(f"cannot read {path} on the drive: {err.strerror}; nothing written "
                         "(check the drive, or copy that file away)") from None


# ---------------------------------------------------------------- manifest


def safe_rel(rel):
    """True for a plain relative drive path such as "patience/engine.py"."""
    if not isinstance(rel, str) or not rel or "\\" in rel or ":" in rel:
        return False
    parts = PurePosixPath(rel).parts
    return not rel.startswith("/") and ".." not in parts and "." not in parts


def read_manifest(drive):
    """(manifest dict, warnings); an empty manifest if none or unreadable."""
    path = Path(drive) / MANIFEST
    if not path.exists():
        return {"files": {}}, []
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        files = data["files"]
        assert isinstance(files, dict)
    except (OSError, ValueError, KeyError, TypeError, AssertionError):
        return {"files": {}}, [f"{MANIFEST} is unreadable: treating every file on the drive "
                               "as yours (nothing will be replaced or removed)"]
    good = {k: v for k, v in files.items()
            if safe_rel(k) and isinstance(v, dict) and isinstance(v.get("sha256"), str)}
    warnings = [] if len(good) == len(files) else [f"{MANIFEST}: ignored bad entries"]
    return {**data, "files": good}, warnings


def manifest_bytes(owned, about):
    """The manifest text: ``about`` (versions) plus the owned files."""
    body = {"format": FORMAT, "tool": "patience-flash", **about,
            "files": {rel: owned[rel] for rel in sorted(owned)}}
    return (json.dumps(body, indent=1, sort_keys=False) + "\n").encode()


def entry(data):
    return {"sha256": sha256(data), "size": len(data)}


# ---------------------------------------------------------------- the plan


@dataclass
class Plan:
    """What an install will do; nothing on the drive changes while planning."""

    writes: list = field(default_factory=list)  # (rel, data, "new" | "update" | "replace" | OVER_SAMPLE)
    same: list = field(default_factory=list)  # rel already holding our bytes
    removes: list = field(default_factory=list)  # obsolete rel of ours, old .py replaced
    left: list = field(default_factory=list)  # messages: foreign files left alone
    warnings: list = field(default_factory=list)
    refusals: list = field(default_factory=list)
    backup: tuple = None  # ("code.py", "code.py.bak-<n>")
    kept: list = field(default_factory=list)  # the user's game files replaced or removed ...
    kept_in: str = None  # ... copied first into this folder on the computer
    owned: dict = field(default_factory=dict)  # manifest files after install
    code_txt: bool = False  # a code.txt on the drive, which CircuitPython runs instead
    blocking: dict = field(default_factory=dict)  # rel of a foreign game file -> why it blocks

    @property
    def bytes_to_write(self):
        return sum(len(data) for _rel, data, _kind in self.writes)


def install_order(rel):
    """Libraries first, code.py last: the order files are swapped in."""
    return (rel == "code.py", not rel.startswith("lib/"), rel)


def lib_name(rel):
    """Library name of a path under lib/ ("lib/x/y.py" -> "x"), else None."""
    parts = rel.split("/")
    if parts[0] != "lib" or len(parts) < 2:
        return None
    return parts[1].rsplit(".", 1)[0] if len(parts) == 2 else parts[1]


def _state(path, recorded, data):
    """"missing", "same", "ours" or "foreign" for one target path."""
    if not path.exists():
        return "missing"
    if not path.is_file():
        return "foreign"
    current = file_sha256(path)
    if current == sha256(data):
        return "same"
    if recorded and recorded.get("sha256") == current:
        return "ours"
    return "foreign"


def _lib_paths(drive, name):
    """Files on the drive that belong to library ``name`` in lib/."""
    lib = Path(drive) / "lib"
    found = [p for p in (lib / f"{name}.py", lib / f"{name}.mpy") if p.is_file()]
    if (lib / name).is_dir():
        found += [p for p in (lib / name).rglob("*")
                  if p.is_file() and not p.name.endswith(TMP_SUFFIX)]
    return found


def blocked_libraries(drive, files, old):
    """Libraries we ship that the drive already has from someone else."""
    blocked = set()
    for name in sorted({lib_name(rel) for rel in files} - {None}):
        for path in _lib_paths(drive, name):
            rel = path.relative_to(drive).as_posix()
            ours = old.get(rel, {}).get("sha256")
            current = file_sha256(path)
            if current != ours and (rel not in files or sha256(files[rel]) != current):
                blocked.add(name)
                break
    return blocked


def _next_backup(drive):
    """The name code.py is kept under on the drive: the first free code.py.bak-<n>."""
    return Path(first_free(str(Path(drive) / "code.py.bak-{n}"))).name


def plan_install(drive, files, manifest, replace_code=False, replace_game=False):
    """The Plan for putting ``files`` onto ``drive`` given its manifest.

    ``replace_code`` lets a foreign code.py be replaced, ``replace_game``
    every foreign game file (lib/ excepted); any other foreign game file
    blocks the install: the plan then has one refusal that names them all."""
    drive = Path(drive)
    old = manifest.get("files", {})
    plan = Plan()
    blocked = blocked_libraries(drive, files, old)
    for name in sorted(blocked):
        plan.left.append(f"lib/{name}: already on the drive, not installed by patience-flash "
                         "(circup?): left as is, update it with circup")
    for rel in sorted(files, key=install_order):
        if lib_name(rel) in blocked:
            continue
        folder = _file_for_folder(drive, rel)
        if folder is not None:
            refusal = (f"{folder} on the drive is a file where the game needs a folder: "
                       "nothing written; move it off the drive and run patience-flash again")
            if refusal not in plan.refusals:
                plan.refusals.append(refusal)
            continue
        replace = replace_game or (replace_code and rel == "code.py")
        _plan_file(plan, drive, rel, files[rel], old.get(rel), replace)
    _plan_obsolete(plan, drive, files, old, blocked)
    _plan_shadows(plan, drive, files, replace_game)
    plan.code_txt = (drive / "code.txt").is_file()
    if plan.blocking:
        plan.refusals.append(_blocking_refusal(plan, drive))
    return plan


def _file_for_folder(drive, rel):
    """The first folder on the way to ``rel`` that is a file on the drive, or None."""
    parts = rel.split("/")[:-1]
    for end in range(1, len(parts) + 1):
        folder = "/".join(parts[:end])
        if (drive / folder).exists() and not (drive / folder).is_dir():
            return folder
    return None


# The code.py a freshly formatted CIRCUITPY drive holds: CircuitPython writes
# it in filesystem_init (supervisor/shared/filesystem.c), empty on the builds
# that leave out optional contents. Nobody's work: the game goes over it.
SAMPLE_CODE = (b'print("Hello World!")\n', b"")
OVER_SAMPLE = "over CircuitPython's sample"


def _is_sample_code(drive, rel):
    return rel == "code.py" and (drive / rel).is_file() and \
        (drive / rel).read_bytes() in SAMPLE_CODE


def _plan_file(plan, drive, rel, data, recorded, replace):
    """Plan one game file; a foreign one is replaced if ``replace``, else it
    blocks (CircuitPython's sample code.py is replaced without a copy)."""
    state = _state(drive / rel, recorded, data)
    if state == "foreign" and _is_sample_code(drive, rel):
        plan.writes.append((rel, data, OVER_SAMPLE))
        plan.owned[rel] = entry(data)
    elif state == "same":
        plan.same.append(rel)
        plan.owned[rel] = entry(data)
    elif state in ("missing", "ours"):
        plan.writes.append((rel, data, "new" if state == "missing" else "update"))
        plan.owned[rel] = entry(data)
    elif not (drive / rel).is_file():
        plan.refusals.append(f"{rel} on the drive is a folder where the game needs a file: "
                             "nothing written; move it off the drive and run patience-flash "
                             "again")
    elif replace:
        if rel == "code.py":
            plan.backup = ("code.py", _next_backup(drive))
        else:
            plan.kept.append(rel)
        plan.writes.append((rel, data, "replace"))
        plan.owned[rel] = entry(data)
    else:
        plan.blocking[rel] = FOREIGN


def _blocking_refusal(plan, drive):
    """The refusal that names every blocking file, counted per top folder,
    and says what to do."""
    paths = list(plan.blocking)
    if paths == ["code.py"]:
        return ("code.py on the drive was not installed by patience-flash (or was edited): "
                "nothing written; run again with --replace-code to keep it as "
                f"{_next_backup(drive)} and install the game")
    one = len(paths) == 1
    them = "it" if one else "them"
    backup = f", code.py as {_next_backup(drive)} on the drive" if "code.py" in paths else ""
    return (
        f"{per_top_folder(paths)} on the drive: {'a game file' if one else 'game files'} "
        f"{FOREIGN}; the new game would run with {them} and may not start: nothing written. "
        f"Move {them} off the drive (keep a copy of anything you changed; the saves are in "
        "the board's memory, not in files) and run patience-flash again, or run again with "
        f"--replace-game to replace {them} (a copy kept on this computer{backup}); "
        f"--dry-run lists {them}"
    )


def per_top_folder(paths):
    """``code.py, lang/ (2 files), sheets/small.bmp``: ``paths`` named by top
    folder, a folder holding one of them by that file's path."""
    tops = {}
    for rel in paths:
        tops.setdefault(rel.split("/")[0], []).append(rel)
    names = [rels[0] if len(rels) == 1 else f"{top}/ ({len(rels):,} files)"
             for top, rels in tops.items()]
    return ", ".join(sorted(names, key=lambda name: ("/" in name, name)))


def _plan_obsolete(plan, drive, files, old, blocked):
    for rel in sorted(set(old) - set(files)):
        path = drive / rel
        if not path.is_file():
            continue
        unmodified = file_sha256(path) == old[rel]["sha256"]
        if lib_name(rel) in blocked and unmodified:
            plan.owned[rel] = old[rel]  # inside a library we leave alone
        elif unmodified:
            plan.removes.append(rel)
        elif _hidden_mpy(rel, files):
            continue  # it would be imported instead of our .mpy: _plan_shadows
        else:
            plan.left.append(f"{rel}: no longer part of the game but edited since: left as is")


def _hidden_mpy(rel, files):
    """The game's .mpy that a .py at ``rel`` would hide, or None: CircuitPython
    imports name.py before name.mpy (lib/ is left to blocked_libraries)."""
    if rel.startswith("lib/") or not rel.endswith(".py"):
        return None
    mpy = rel[:-3] + ".mpy"
    return mpy if mpy in files else None


def _plan_shadows(plan, drive, files, replace_game):
    """A foreign .py beside one of our .mpy files blocks, or is removed."""
    for rel in sorted(r for r in files if r.endswith(".mpy")):
        source = rel[:-4] + ".py"
        if not _hidden_mpy(source, files) or source in plan.removes:
            continue
        if not (drive / source).is_file():
            continue
        if replace_game:
            plan.removes.append(source)
            plan.kept.append(source)
        else:
            plan.blocking[source] = f"{FOREIGN}; CircuitPython imports it before {rel}"


# ---------------------------------------------------------------- space


def block_size(drive):
    try:
        return max(os.statvfs(drive).f_frsize, 512)
    except (AttributeError, OSError):
        return 4096


def on_drive(sizes, block):
    """Bytes files of these sizes take on a drive of ``block``-byte blocks."""
    return sum(-(-size // block) * block for size in sizes)


def bytes_needed(plan, drive, manifest_size):
    """Bytes the staged files take while the old ones are still there."""
    block = block_size(drive)
    sizes = [len(data) for _rel, data, _kind in plan.writes] + [manifest_size]
    if plan.backup:
        sizes.append((Path(drive) / plan.backup[0]).stat().st_size)
    new_dirs = {str(PurePosixPath(rel).parent) for rel, _d, _k in plan.writes}
    extra = sum(block for d in new_dirs if d != "." and not (Path(drive) / d).is_dir())
    return on_drive(sizes, block) + extra


def check_space(plan, drive, manifest_size):
    """(needed, free); FlashError if the staged files cannot fit."""
    needed = bytes_needed(plan, drive, manifest_size)
    free = shutil.disk_usage(drive).free
    if needed > free:
        raise FlashError(
            f"not enough space on {drive}: {needed:,} bytes needed (new files are written "
            f"beside the old ones first), {free:,} free: nothing written; "
            f"{either(_ways_to_room(plan, drive, needed - free))}"
        )
    return needed, free


def _ways_to_room(plan, drive, short):
    """What makes the ``short`` bytes the install lacks: freeing space; moving
    the old game's files off, when the blocks they hold are enough; .mpy
    files, when .py modules are to be written."""
    ways = ["free some space"]
    rels = [rel for rel, _data, kind in plan.writes if kind != "new"] + plan.removes
    if on_drive(((Path(drive) / rel).stat().st_size for rel in rels), block_size(drive)) >= short:
        ways.append(f"move the old game's {', '.join(_tops(rels))} off the drive first "
                    "(the saves are in the board's memory, not in files) and run again")
    if any(rel.endswith(".py") and rel != "code.py" for rel, _data, _kind in plan.writes):
        ways.append("use --mpy-cross for smaller files")
    return ways


def either(ways):
    """``a``, ``a, or b``, ``a, b, or c``: ways to choose from, in words."""
    return ", or ".join(part for part in (", ".join(ways[:-1]), ways[-1]) if part)


def _tops(rels):
    """The files and folders on the drive's top level (a library's folder in
    lib/) that hold ``rels``."""
    return sorted({"/".join(rel.split("/")[:2 if rel.startswith("lib/") else 1]) for rel in rels})


# ---------------------------------------------------------------- writing


def write_bytes(path, data):
    """Write, flush and fsync one file (tests replace this to fake a full drive)."""
    with open(path, "wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())


def _sync_dir(path):
    try:
        fd = os.open(path, os.O_RDONLY)
    except (OSError, AttributeError):
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def temp_name(path):
    return path.with_name(f".{path.name}{TMP_SUFFIX}")


class Stager:
    """Temporary files and new folders of one install, for commit or undo."""

    def __init__(self, drive):
        self.drive = Path(drive)
        self.temps = []  # (temp path, final path)
        self.dirs = []

    def _mkdirs(self, folder):
        missing = []
        while not folder.exists():
            missing.append(folder)
            folder = folder.parent
        for path in reversed(missing):
            path.mkdir()
            self.dirs.append(path)

    def stage(self, rel, data):
        """Write ``data`` beside ``rel`` under a temporary name and verify it."""
        final = self.drive / rel
        self._mkdirs(final.parent)
        temp = temp_name(final)
        self.temps.append((temp, final))
        write_bytes(temp, data)
        if file_sha256(temp) != sha256(data):
            raise OSError(errno.EIO, "read back differs from what was written")

    def discard(self):
        """Remove every temporary file and new folder: the drive is as before."""
        for temp, _final in self.temps:
            try:
                temp.unlink(missing_ok=True)
            except OSError:
                pass
        for folder in reversed(self.dirs):
            try:
                folder.rmdir()
            except OSError:
                pass
        self.temps, self.dirs = [], []

    def commit(self):
        """Rename every temporary file over its target, in staging order."""
        total = len(self.temps)
        for done, (temp, final) in enumerate(self.temps):
            try:
                os.replace(temp, final)
            except OSError as err:
                self.temps, self.dirs = self.temps[done:], []
                self.discard()
                raise FlashError(
                    f"replacing {final.relative_to(self.drive).as_posix()} failed: "
                    f"{err.strerror or err}; {done} of {total} files were already "
                    "replaced: run patience-flash again to finish", code=1
                ) from None
        for folder in {final.parent for _t, final in self.temps}:
            _sync_dir(folder)
        self.temps, self.dirs = [], []


def cleanup_leftovers(drive, paths):
    """Remove temporary files an interrupted run left in the folders of ``paths``."""
    folders = {Path(drive)} | {(Path(drive) / rel).parent for rel in paths}
    for folder in folders:
        if folder.is_dir():
            for path in folder.glob(f".*{TMP_SUFFIX}"):
                path.unlink(missing_ok=True)


def keep_copies(plan, drive):
    """Copy the user's game files that ``plan`` replaces or removes into
    ``plan.kept_in`` on this computer (their paths as on the drive), before
    the drive changes; FlashError, with nothing written, if a copy fails."""
    folder = plan.kept_in
    for rel in plan.kept:
        target = Path(folder) / rel
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(Path(drive) / rel, target)
        except OSError as err:
            raise FlashError(f"could not keep a copy of {rel} in {folder}: "
                             f"{err.strerror or err}: nothing written") from None


def apply_plan(plan, drive, manifest_data):
    """Carry out ``plan``; the manifest is written last.  Returns bytes written."""
    drive = Path(drive)
    stager = Stager(drive)
    staging = [(plan.backup[1], (drive / plan.backup[0]).read_bytes())] if plan.backup else []
    staging += [(rel, data) for rel, data, _kind in plan.writes]
    for rel, data in staging:
        try:
            stager.stage(rel, data)
        except OSError as err:
            stager.discard()
            why = "the drive is full" if err.errno == errno.ENOSPC else (err.strerror or str(err))
            raise FlashError(f"writing {rel} failed: {why}; the previous install is intact "
                             "(nothing was replaced)", code=1) from None
        except BaseException:  # Ctrl-C: leave the drive as it was, then stop
            stager.discard()
            raise
    stager.commit()
    _remove_obsolete(plan, drive)
    _write_manifest(drive, manifest_data)
    return sum(len(data) for _rel, data in staging) + len(manifest_data)


def _remove_obsolete(plan, drive):
    for rel in plan.removes:
        path = drive / rel
        try:
            path.unlink()
        except OSError as err:
            plan.warnings.append(f"could not remove {rel}: {err.strerror or err}")
            continue
        folder = path.parent
        while folder.parent != drive and folder != drive:  # top folders (lib/) stay
            try:
                folder.rmdir()  # only succeeds when empty
            except OSError:
                break
            folder = folder.parent


def _write_manifest(drive, data):
    stager = Stager(drive)
    try:
        stager.stage(MANIFEST, data)
    except OSError as err:
        stager.discard()
        raise FlashError(f"writing {MANIFEST} failed: {err.strerror or err}; the game files are "
                         "installed: run patience-flash again to record them", code=1) from None
    stager.commit()
    _sync_dir(drive)

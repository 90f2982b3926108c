"""Tests of patience-flash (host_sim/flash*.py) on fake CIRCUITPY drives.

A drive is a tmp_path folder with a boot_out.txt; the firmware is a small
fake tree (code.py importing adafruit_imageload, a patience package, one
sheet) unless a test uses the repository's own firmware/.  Nothing here
needs a board, a network or a real mpy-cross.
"""

import errno
import os
import re
import shutil
import sys
import zipfile
from pathlib import Path

import pytest

from host_sim.budget import pair

from host_sim.flash import cli as flash, drive as flash_drive, install as flash_install, tree as flash_tree

REPO = Path(__file__).resolve().parent.parent
BOOT_OUT = ("Adafruit CircuitPython 9.2.1 on 2024-11-20; Adafruit PyBadge with samd51j19\n"
            "Board ID:pybadge\nUID:0123456789AB\n")
MANIFEST = ".patience-manifest.json"


# ---------------------------------------------------------------- helpers


def make_firmware(root, version=1):
    """A small firmware tree; ``version`` changes the engine's bytes."""
    root = Path(root)
    (root / "patience" / "__pycache__").mkdir(parents=True, exist_ok=True)
    (root / "sheets").mkdir(exist_ok=True)
    (root / "code.py").write_text("import adafruit_imageload\nimport patience\n")
    (root / "patience" / "__init__.py").write_text("from .engine import Game\n")
    (root / "patience" / "engine.py").write_text(f"class Game:\n    VERSION = {version}\n")
    (root / "patience" / "cards.py").write_text("RANKS = 13\n")
    (root / "patience" / "__pycache__" / "engine.cpython-311.pyc").write_bytes(b"junk")
    (root / "sheets" / "small.bmp").write_bytes(b"BM" + bytes(range(256)) * 4)
    return root


def make_drive(root, boot_out=BOOT_OUT):
    root = Path(root)
    root.mkdir(parents=True, exist_ok=True)
    if boot_out is not None:
        (root / "boot_out.txt").write_text(boot_out)
    return root


def snapshot(root):
    """Every file's bytes and every folder under ``root``."""
    root = Path(root)
    return {p.relative_to(root).as_posix(): (p.read_bytes() if p.is_file() else "dir")
            for p in sorted(root.rglob("*"))}


def run(capsys, *args):
    """patience-flash with ``args`` (no drive discovery); (code, stdout, stderr)."""
    code = flash.run([str(a) for a in args], finder=lambda: [])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(autouse=True)
def computer(tmp_path, monkeypatch):
    """This computer's data folder (where --replace-game keeps copies): in tmp_path."""
    folder = tmp_path / "computer"
    monkeypatch.setattr(flash, "data_folder", lambda: str(folder))
    return folder


@pytest.fixture
def fw(tmp_path):
    return make_firmware(tmp_path / "fw")


@pytest.fixture
def drive(tmp_path):
    return make_drive(tmp_path / "CIRCUITPY")


# an install onto the drive, then the same into a bundle (made in the current folder)
TO_DRIVE_OR_BUNDLE = pytest.mark.parametrize("where", [
    pytest.param(lambda drive: ["--to", drive], id="to"),
    pytest.param(lambda _drive: ["--bundle", "game.zip"], id="bundle"),
])


def install(capsys, fw, drive, *more):
    return run(capsys, "--firmware", fw, "--to", drive, *more)


def install_seen(capsys, monkeypatch, fw, drive, *more):
    """An install with stdout and stderr in one stream, as a terminal shows
    them; (code, lines)."""
    monkeypatch.setattr(sys, "stderr", sys.stdout)
    code, out, _err = install(capsys, fw, drive, *more)
    return code, out.splitlines()


def fake_mpy_cross(folder, version_line):
    """An executable that prints ``version_line`` and 'compiles' to C, the
    source name it was given (-s) on a line, its -O option on the next,
    then the source."""
    script = Path(folder) / "mpy-cross"
    script.write_text(
        f"#!{sys.executable} -S\n"
        "import sys\n"
        "args = sys.argv[1:]\n"
        "if args == ['--version']:\n"
        f"    print({version_line!r})\n"
        "    sys.exit(0)\n"
        "out = args[args.index('-o') + 1]\n"
        "data = open(args[-1], 'rb').read()\n"
        "name = args[args.index('-s') + 1].encode()\n"
        "level = ''.join(a for a in args if a.startswith('-O')).encode()\n"
        "open(out, 'wb').write(b'C\\x06' + name + b'\\n' + level + b'\\n' + data)\n"
    )
    script.chmod(0o755)
    return script


# ---------------------------------------------------------------- first install


def test_first_install_copies_everything_and_writes_manifest(capsys, fw, drive):
    code, out, err = install(capsys, fw, drive)
    assert code == 0, err
    for rel in ("code.py", "patience/__init__.py", "patience/engine.py", "sheets/small.bmp"):
        assert (drive / rel).read_bytes() == (fw / rel).read_bytes()
    assert not (drive / "patience" / "__pycache__").exists()
    lib, left = flash_tree.library_part("adafruit_imageload")
    for rel, data in lib.items():
        assert (drive / rel).read_bytes() == data
    assert left and not [rel for rel in left if (drive / "lib/adafruit_imageload" / rel).exists()]
    manifest, warnings = flash_install.read_manifest(drive)
    assert not warnings
    assert manifest["circuitpython"] == "9.2.1" and manifest["board_id"] == "pybadge"
    assert manifest["mpy_cross"] is None and "adafruit_imageload" in manifest["libraries"]
    for rel, entry in manifest["files"].items():
        assert entry["sha256"] == flash_install.file_sha256(drive / rel)
        assert entry["size"] == (drive / rel).stat().st_size
    assert "boot_out.txt" not in manifest["files"]
    assert "write  code.py (new" in out and "copying .py files" in out
    assert "done:" in out and "bytes free" in out
    assert not list(drive.rglob("*.patience-tmp"))


def test_second_run_changes_nothing(capsys, fw, drive):
    install(capsys, fw, drive)
    before = snapshot(drive)
    code, out, _err = install(capsys, fw, drive)
    assert code == 0 and "up to date" in out
    assert snapshot(drive) == before


# ---------------------------------------------------------------- library parts

# What the game does with adafruit_imageload (patience/screens/start.py): load
# each sheet, a .bmp, into a displayio Bitmap and Palette; the drive paths of
# the library's modules that imports, one a line.
BMP_LOAD = """
import os, sys
import host_sim.simulator.display  # Blinka's environment, as the simulator sets it
import displayio
import adafruit_imageload
for sheet in sys.argv[1:]:
    adafruit_imageload.load(sheet, bitmap=displayio.Bitmap, palette=displayio.Palette)
packages = os.path.dirname(os.path.dirname(adafruit_imageload.__file__))
for name, module in sorted(sys.modules.items()):
    if name.partition(".")[0] == "adafruit_imageload":
        print("lib/" + os.path.relpath(module.__file__, packages).replace(os.sep, "/"))
"""


def test_the_imageload_part_installed_holds_every_module_a_bmp_load_imports():
    """The sheets loaded as the game loads them, in a fresh CPython: every
    module of the library that imports is in the part patience-flash
    installs, and the other loaders are not."""
    import subprocess
    sheets = sorted(str(p) for p in (REPO / "firmware" / "sheets").glob("*.bmp"))
    done = subprocess.run([sys.executable, "-c", BMP_LOAD, *sheets], cwd=REPO, text=True,
                          capture_output=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    loaded = {line for line in done.stdout.splitlines() if line.startswith("lib/")}
    kept, left = flash_tree.library_part("adafruit_imageload")
    assert "lib/adafruit_imageload/bmp/__init__.py" in loaded and sheets
    assert loaded <= set(kept), loaded - set(kept)
    assert {"gif.py", "png.py", "jpg.py", "pnm/"} <= set(left)


def test_an_install_says_in_one_line_what_of_imageload_it_left_out(capsys, fw, drive):
    code, out, err = install(capsys, fw, drive)
    assert code == 0, err
    said = [line for line in out.splitlines() if line.startswith("lib/adafruit_imageload: ")]
    assert len(said) == 1 and said[0].endswith(" (the game loads .bmp sheets only)"), said
    for loader in ("gif.py", "png.py", "jpg.py", "pnm/"):
        assert loader in said[0]
        assert not (drive / "lib/adafruit_imageload" / loader).exists()
    assert (drive / "lib/adafruit_imageload/bmp/indexed.py").is_file()


def test_a_bundle_leaves_the_same_loaders_out(capsys, fw, tmp_path):
    code, out, err = run(capsys, "--firmware", fw, "--bundle", tmp_path / "game.zip")
    assert code == 0, err
    assert "lib/adafruit_imageload: left out " in out
    with zipfile.ZipFile(tmp_path / "game.zip") as archive:
        names = set(archive.namelist())
    assert "lib/adafruit_imageload/bmp/__init__.py" in names
    assert not [n for n in names if n.startswith(("lib/adafruit_imageload/gif",
                                                  "lib/adafruit_imageload/pnm/"))]


def test_a_library_part_keeps_what_its_modules_import_as_they_load(tmp_path, monkeypatch):
    """Imports at a module's top level (in a try too) are followed; one in a
    function runs only when it is called, so its module is left out; a
    folder left out whole is named once."""
    package = tmp_path / "adafruit_fake"
    (package / "loaders").mkdir(parents=True)
    (package / "extra").mkdir()
    (package / "__init__.py").write_text(
        "try:\n    from .types import T\nexcept ImportError:\n    pass\n"
        "def load(kind):\n    from . import heavy\n    from .loaders import one\n")
    (package / "types.py").write_text("from . import shared\n")
    (package / "shared.py").write_text("X = 1\n")
    (package / "heavy.py").write_text("Y = 2\n")
    (package / "loaders" / "__init__.py").write_text("")
    (package / "loaders" / "one.py").write_text("from ..shared import X\n")
    (package / "extra" / "__init__.py").write_text("")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setitem(flash_tree.LIBRARY_PARTS, "adafruit_fake",
                        (("__init__.py", "loaders/"), "the fake needs its loaders only"))
    flash_tree.library_files.cache_clear()  # both cache what they found, by name
    flash_tree.library_part.cache_clear()
    try:
        kept, left = flash_tree.library_part("adafruit_fake")
    finally:
        flash_tree.library_files.cache_clear()
        flash_tree.library_part.cache_clear()
    assert sorted(kept) == ["lib/adafruit_fake/" + rel for rel in (
        "__init__.py", "loaders/__init__.py", "loaders/one.py", "shared.py", "types.py")]
    assert left == ["extra/", "heavy.py"]
    assert flash_tree.left_out_note("adafruit_fake", left) == (
        "lib/adafruit_fake: left out extra/, heavy.py (the fake needs its loaders only)")


# ---------------------------------------------------------------- upgrade


def test_upgrade_keeps_saves_settings_and_user_files(capsys, tmp_path, drive):
    fw1 = make_firmware(tmp_path / "fw1", version=1)
    assert install(capsys, fw1, drive)[0] == 0
    mine = {
        "save.dat": b"\x00\x01save\xff",
        "settings.toml": b'CIRCUITPY_WIFI_SSID = "home"\n',
        "lib/my_lib.py": b"print('mine')\n",
        "patience/my_notes.txt": b"notes\n",
    }
    for rel, data in mine.items():
        (drive / rel).write_bytes(data)
    (drive / "patience/.engine.py.patience-tmp").write_bytes(b"half")  # a pulled cable
    fw2 = make_firmware(tmp_path / "fw2", version=2)
    (fw2 / "patience" / "cards.py").unlink()  # no longer shipped
    (fw2 / "patience" / "deal.py").write_text("DEALS = 1\n")  # new
    code, out, err = install(capsys, fw2, drive)
    assert code == 0, err
    for rel, data in mine.items():
        assert (drive / rel).read_bytes() == data
    assert (drive / "patience/engine.py").read_bytes() == (fw2 / "patience/engine.py").read_bytes()
    assert (drive / "patience/deal.py").is_file()
    assert not (drive / "patience/cards.py").exists()
    assert "write  patience/engine.py (update" in out and "remove patience/cards.py" in out
    files = flash_install.read_manifest(drive)[0]["files"]
    assert "patience/cards.py" not in files and "save.dat" not in files
    assert not list(drive.rglob("*.patience-tmp"))


def test_edited_files_block_an_upgrade_until_replace_game(capsys, tmp_path, drive):
    fw1 = make_firmware(tmp_path / "fw1", version=1)
    install(capsys, fw1, drive)
    (drive / "patience/engine.py").write_text("# my fix\n")
    (drive / "patience/cards.py").write_text("RANKS = 14  # my change\n")
    fw2 = make_firmware(tmp_path / "fw2", version=2)
    (fw2 / "patience" / "cards.py").unlink()
    before = snapshot(drive)
    code, _out, err = install(capsys, fw2, drive)
    assert code == 2 and snapshot(drive) == before  # no new code beside the edited engine
    assert err.count("\n") == 1 and err.startswith(
        "patience-flash: error: patience/engine.py on the drive: a game file not installed by "
        "patience-flash, or changed since; the new game would run with it and may not start: "
        "nothing written. Move it off the drive")
    assert "--replace-game to replace it" in err and "cards.py" not in err  # that one is no
    code, out, err = install(capsys, fw2, drive, "--replace-game")  # longer part of the game
    assert code == 0, err
    assert (drive / "patience/engine.py").read_bytes() == (fw2 / "patience/engine.py").read_bytes()
    assert "write  patience/engine.py (replace" in out
    assert (drive / "patience/cards.py").read_text() == "RANKS = 14  # my change\n"
    assert "left   patience/cards.py: no longer part of the game but edited since" in out


def test_a_foreign_game_file_blocks_the_install_until_moved_off(capsys, monkeypatch, fw, drive):
    (drive / "sheets").mkdir()
    (drive / "sheets/small.bmp").write_bytes(b"junk")
    before = snapshot(drive)
    code, lines = install_seen(capsys, monkeypatch, fw, drive)
    assert code == 2 and snapshot(drive) == before
    assert lines[-1].startswith("patience-flash: error: sheets/small.bmp on the drive: a game "
                                "file not installed by patience-flash, or changed since")
    assert "Move it off the drive" in lines[-1] and "run patience-flash again" in lines[-1]
    (drive / "sheets/small.bmp").unlink()  # doing what it says
    code, lines = install_seen(capsys, monkeypatch, fw, drive)
    assert code == 0 and lines[-1].startswith("done: ")
    assert (drive / "sheets/small.bmp").read_bytes() == (fw / "sheets/small.bmp").read_bytes()


def test_an_edited_installed_file_is_named_last_on_every_run(capsys, monkeypatch, fw, drive):
    install(capsys, fw, drive)
    (drive / "patience/cards.py").write_text("RANKS = 14  # my change\n")
    (drive / "patience/engine.py").write_text("# my fix\n")
    for more in (["--dry-run"], [], []):
        code, lines = install_seen(capsys, monkeypatch, fw, drive, *more)
        assert code == 2
        assert lines[-1].startswith("patience-flash: error: patience/ (2 files) on the drive: "
                                    "game files not installed by patience-flash, or changed "
                                    "since")
        assert "Move them off the drive" in lines[-1]
    assert (drive / "patience/cards.py").read_text() == "RANKS = 14  # my change\n"


def test_many_blocking_files_are_counted_per_folder_and_listed_in_the_dry_run(
        capsys, monkeypatch, fw, drive):
    (drive / "patience").mkdir()
    for n in range(7):
        (fw / "patience" / f"m{n}.py").write_text(f"N = {n}\n")
        (drive / "patience" / f"m{n}.py").write_text("mine\n")
    (drive / "sheets").mkdir()
    (drive / "sheets/small.bmp").write_bytes(b"junk")
    code, lines = install_seen(capsys, monkeypatch, fw, drive)
    assert code == 2 and len(lines) == 2  # the board, then the refusal
    assert lines[-1].startswith("patience-flash: error: patience/ (7 files), sheets/small.bmp on "
                                "the drive: game files")
    code, lines = install_seen(capsys, monkeypatch, fw, drive, "--dry-run")
    assert code == 2
    for n in range(7):
        assert f"  blocks patience/m{n}.py (not installed by patience-flash, or changed since)" \
            in lines
    assert lines[-1].startswith("patience-flash: error: patience/ (7 files), sheets/small.bmp")


def test_a_game_copied_by_hand_is_refused_whole_then_replaced_with_replace_game(
        capsys, tmp_path, drive, computer):
    """An older game copied with cp -r: no manifest, many files differ."""
    old = make_firmware(tmp_path / "old", version=1)
    fw = make_firmware(tmp_path / "fw", version=2)
    for root, mark in ((old, "old"), (fw, "new")):
        (root / "code.py").write_text(f"import adafruit_imageload\nimport patience  # {mark}\n")
        (root / "patience" / "cards.py").write_text(f"RANKS = 13  # {mark}\n")
        (root / "lang").mkdir()
        for name in ("en.bin", "fr.bin"):
            (root / "lang" / name).write_bytes(mark.encode() * 10)
    (drive / "code.py").write_bytes((old / "code.py").read_bytes())
    for folder in ("patience", "sheets", "lang"):
        shutil.copytree(old / folder, drive / folder)
    (drive / "settings.toml").write_text('CIRCUITPY_WIFI_SSID = "home"\n')
    (drive / "lib").mkdir()
    (drive / "lib" / "my_lib.py").write_text("MINE = 1\n")
    before = snapshot(drive)
    refusal = ("patience-flash: error: code.py, lang/ (2 files), patience/ (2 files) on the "
               "drive: game files not installed by patience-flash, or changed since")
    for more in ([], ["--dry-run"]):  # the dry run ends as the real run does
        code, out, err = install(capsys, fw, drive, *more)
        assert code == 2 and snapshot(drive) == before
        assert err.count("\n") == 1 and err.startswith(refusal)
        assert "Move them off the drive" in err and "--replace-game to replace them" in err
        assert ("--replace-game to replace them (a copy kept on this computer, code.py as "
                "code.py.bak-1 on the drive); --dry-run lists them") in err
    assert "  blocks lang/en.bin (" in out and "  blocks patience/engine.py (" in out
    code, _out, err = install(capsys, fw, drive, "--replace-code")  # code.py alone will not do
    assert code == 2 and snapshot(drive) == before
    assert err.startswith("patience-flash: error: lang/ (2 files), patience/ (2 files) on the")
    code, out, err = install(capsys, fw, drive, "--replace-game", "--dry-run")
    assert code == 0 and snapshot(drive) == before and not computer.exists()
    assert re.search(r"  would copy   patience/cards\.py to .*computer/replaced/", out)
    code, out, err = install(capsys, fw, drive, "--replace-game")
    assert code == 0, err
    kept = list((computer / "replaced").iterdir())
    assert len(kept) == 1 and f"  copy   lang/en.bin to {kept[0]} (this computer)" in out
    for rel in ("patience/engine.py", "patience/cards.py", "lang/en.bin"):
        assert (kept[0] / rel).read_bytes() == before[rel], rel   # the old files, on the computer
    assert not (kept[0] / "code.py").exists()                     # that one is on the drive
    for rel in ("code.py", "patience/engine.py", "patience/cards.py", "lang/en.bin"):
        assert (drive / rel).read_bytes() == (fw / rel).read_bytes(), rel
    assert (drive / "code.py.bak-1").read_bytes() == (old / "code.py").read_bytes()
    assert (drive / "settings.toml").read_text() == 'CIRCUITPY_WIFI_SSID = "home"\n'
    assert (drive / "lib" / "my_lib.py").read_text() == "MINE = 1\n"
    assert "save   code.py as code.py.bak-1" in out and "write  lang/fr.bin (replace" in out
    code, out, _err = install(capsys, fw, drive)
    assert code == 0 and "up to date" in out


def test_code_txt_is_named_last_as_it_runs_instead_of_the_game(capsys, monkeypatch, fw, drive):
    (drive / "code.txt").write_text("print('hello')\n")
    for more in (["--dry-run"], []):  # the dry run ends as the real run does
        code, lines = install_seen(capsys, monkeypatch, fw, drive, *more)
        assert code == 3 and lines[-1].startswith("patience-flash: warning: code.txt on the drive")


def test_foreign_library_is_left_whole(capsys, fw, drive):
    circup = drive / "lib" / "adafruit_imageload"
    circup.mkdir(parents=True)
    (circup / "__init__.mpy").write_bytes(b"C\x06circup")
    code, out, _err = install(capsys, fw, drive)
    assert code == 0
    assert sorted(p.name for p in circup.iterdir()) == ["__init__.mpy"]
    assert "lib/adafruit_imageload: already on the drive" in out


# ---------------------------------------------------------------- dry run


def test_dry_run_writes_nothing(capsys, tmp_path, drive):
    fw1 = make_firmware(tmp_path / "fw1", version=1)
    before = snapshot(drive)
    code, out, _err = install(capsys, fw1, drive, "--dry-run")
    assert code == 0 and "would write  code.py" in out and "nothing written" in out
    assert snapshot(drive) == before
    install(capsys, fw1, drive)
    fw2 = make_firmware(tmp_path / "fw2", version=2)
    before = snapshot(drive)
    code, out, _err = install(capsys, fw2, drive, "--dry-run")
    assert code == 0 and "would write  patience/engine.py (update" in out
    assert "would write 1 file (" in out                  # one file, in the singular
    assert snapshot(drive) == before


# ---------------------------------------------------------------- failures


def _fail_on(monkeypatch, nth):
    """Make the nth file write fail half way with ENOSPC."""
    real = flash_install.write_bytes
    calls = []

    def write(path, data):
        calls.append(Path(path).name)
        if len(calls) == nth:
            with open(path, "wb") as handle:
                handle.write(data[: len(data) // 2])
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real(path, data)

    monkeypatch.setattr(flash_install, "write_bytes", write)
    return calls


def test_full_drive_half_way_keeps_previous_install(capsys, monkeypatch, tmp_path, drive):
    fw1 = make_firmware(tmp_path / "fw1", version=1)
    install(capsys, fw1, drive)
    (drive / "save.dat").write_bytes(b"save")
    fw2 = make_firmware(tmp_path / "fw2", version=2)
    (fw2 / "code.py").write_text("import adafruit_imageload\nimport patience  # v2\n")
    (fw2 / "patience" / "deal.py").write_text("DEALS = 2\n")
    (fw2 / "patience" / "sub").mkdir()
    (fw2 / "patience" / "sub" / "x.py").write_text("X = 1\n")
    before = snapshot(drive)
    calls = _fail_on(monkeypatch, 3)  # deal.py, engine.py, then sub/x.py in a new folder
    code, _out, err = install(capsys, fw2, drive)
    assert code == 1
    assert calls == [".deal.py.patience-tmp", ".engine.py.patience-tmp", ".x.py.patience-tmp"]
    assert snapshot(drive) == before  # byte for byte, no temp files, no new folders
    assert "failed: the drive is full" in err and "previous install is intact" in err
    assert "writing patience/sub/x.py failed" in err


def test_a_failed_write_lists_no_file_as_written(capsys, monkeypatch, fw, drive):
    _fail_on(monkeypatch, 5)
    code, lines = install_seen(capsys, monkeypatch, fw, drive)
    assert code == 1 and lines[-1].startswith("patience-flash: error: writing ")
    assert not [line for line in lines if line.startswith("  write ")]


def test_full_drive_on_first_install_leaves_drive_as_it_was(capsys, monkeypatch, fw, drive):
    before = snapshot(drive)
    _fail_on(monkeypatch, 5)
    code, _out, err = install(capsys, fw, drive)
    assert code == 1 and "previous install is intact" in err
    assert snapshot(drive) == before


def test_manifest_write_failure_then_rerun_recovers(capsys, monkeypatch, tmp_path, drive):
    install(capsys, make_firmware(tmp_path / "fw1", 1), drive)
    fw2 = make_firmware(tmp_path / "fw2", 2)
    real = flash_install.write_bytes

    def write(path, data):
        if MANIFEST in Path(path).name:
            raise OSError(errno.EIO, "Input/output error")
        real(path, data)

    monkeypatch.setattr(flash_install, "write_bytes", write)
    code, _out, err = install(capsys, fw2, drive)
    assert code == 1 and "run patience-flash again" in err
    monkeypatch.setattr(flash_install, "write_bytes", real)
    code, out, _err = install(capsys, fw2, drive)
    assert code == 0 and "0 files written" in out
    files = flash_install.read_manifest(drive)[0]["files"]
    assert files["patience/engine.py"]["sha256"] == flash_install.file_sha256(
        fw2 / "patience/engine.py")


def test_not_enough_space_refused_before_writing(capsys, monkeypatch, fw, drive):
    usage = flash_install.shutil.disk_usage(drive)
    monkeypatch.setattr(flash_install.shutil, "disk_usage",
                        lambda _p: usage._replace(free=1000))
    before = snapshot(drive)
    code, _out, err = install(capsys, fw, drive)
    assert code == 2 and "not enough space" in err and "nothing written" in err
    assert err.endswith("free some space, or use --mpy-cross for smaller files\n")
    assert snapshot(drive) == before


def test_short_of_space_with_mpy_cross_is_not_told_to_use_it(capsys, monkeypatch, fw, drive,
                                                             tmp_path):
    tool = fake_mpy_cross(tmp_path, "CircuitPython 9.2.1 on 2024-11-20; mpy-cross emitting mpy v6")
    usage = flash_install.shutil.disk_usage(drive)
    monkeypatch.setattr(flash_install.shutil, "disk_usage",
                        lambda _p: usage._replace(free=1000))
    code, _out, err = install(capsys, fw, drive, "--mpy-cross", tool)
    assert code == 2 and "not enough space" in err and snapshot(drive) == {
        "boot_out.txt": BOOT_OUT.encode()}
    assert err.endswith("nothing written; free some space\n") and "--mpy-cross" not in err


def test_a_dry_run_short_of_space_shows_the_plan_then_the_problem(capsys, monkeypatch, fw,
                                                                   drive):
    usage = flash_install.shutil.disk_usage(drive)
    monkeypatch.setattr(flash_install.shutil, "disk_usage",
                        lambda _p: usage._replace(free=1000))
    before = snapshot(drive)
    code, _out, err = install(capsys, fw, drive)
    code_dry, out, err_dry = install(capsys, fw, drive, "--dry-run")
    assert code_dry == code == 2 and err_dry == err and snapshot(drive) == before
    assert "would write  code.py (new" in out and "would write  patience/engine.py (new" in out
    assert "not enough space" in err_dry and "dry run: would write" not in out


def test_an_upgrade_short_of_space_says_moving_the_old_game_off_would_do(capsys, monkeypatch,
                                                                         tmp_path, drive):
    assert install(capsys, make_firmware(tmp_path / "v1"), drive)[0] == 0
    newer = make_firmware(tmp_path / "v2", version=2)
    (newer / "sheets" / "small.bmp").write_bytes(b"BM" + bytes(range(256)) * 8)  # all updated
    plan = flash_install.plan_install(drive, flash_tree.build_tree(newer, None)[0],
                                      flash_install.read_manifest(drive)[0])
    needed = flash_install.bytes_needed(plan, drive, 4096)
    usage = flash_install.shutil.disk_usage(drive)
    monkeypatch.setattr(flash_install.shutil, "disk_usage",
                        lambda _p: usage._replace(free=needed - 1))
    before = snapshot(drive)
    code, _out, err = install(capsys, newer, drive)
    assert code == 2 and "nothing written" in err
    assert "move the old game's patience, sheets off the drive first" in err
    assert snapshot(drive) == before
    monkeypatch.setattr(flash_install.shutil, "disk_usage", lambda _p: usage._replace(free=100))
    code, _out, err = install(capsys, newer, drive)         # far too little: moving would not do
    assert code == 2 and "not enough space" in err and "move the old game" not in err


def test_moving_the_old_game_off_is_offered_for_the_blocks_its_files_hold(capsys, monkeypatch,
                                                                          tmp_path, drive):
    """Small files each hold a whole block of the drive: moving them off frees
    the blocks, more than their bytes."""
    assert install(capsys, make_firmware(tmp_path / "v1"), drive)[0] == 0
    newer = make_firmware(tmp_path / "v2", version=2)
    plan = flash_install.plan_install(drive, flash_tree.build_tree(newer, None)[0],
                                      flash_install.read_manifest(drive)[0])
    old = [drive / rel for rel, _data, kind in plan.writes if kind == "update"]
    block = flash_install.block_size(drive)
    held = sum(-(-path.stat().st_size // block) * block for path in old)
    assert sum(path.stat().st_size for path in old) < held  # blocks, not bytes
    manifest_size = len(flash.manifest_bytes(plan.owned, flash.about(
        {"libraries": ["adafruit_imageload"], "mpy_cross": None},
        flash_drive.read_board(drive))))
    needed = flash_install.bytes_needed(plan, drive, manifest_size)
    usage = flash_install.shutil.disk_usage(drive)
    monkeypatch.setattr(flash_install.shutil, "disk_usage",
                        lambda _p: usage._replace(free=needed - held))
    code, _out, err = install(capsys, newer, drive)
    assert code == 2 and "not enough space" in err
    assert f"{needed:,} bytes needed" in err and f"{needed - held:,} free" in err
    assert "move the old game's patience off the drive first" in err


# ---------------------------------------------------------------- refusals


@pytest.mark.parametrize("boot_out", [None, "hello\n", ""])
def test_not_a_circuitpython_drive_refused(capsys, fw, tmp_path, boot_out):
    folder = make_drive(tmp_path / "USB", boot_out)
    (folder / "photo.jpg").write_bytes(b"jpeg")
    before = snapshot(folder)
    code, _out, err = install(capsys, fw, folder)
    assert code == 2 and "not a CircuitPython drive" in err
    assert err.count("\n") == 1
    assert snapshot(folder) == before


def test_a_missing_drive_folder_is_said_not_to_exist(capsys, fw, tmp_path):
    code, _out, err = install(capsys, fw, tmp_path / "gone")
    assert code == 2 and f"{tmp_path / 'gone'} does not exist" in err
    assert "not a folder" not in err and not (tmp_path / "gone").exists()


def test_a_file_given_as_the_drive_is_not_a_folder(capsys, fw, tmp_path):
    (tmp_path / "notes.txt").write_text("notes\n")
    code, _out, err = install(capsys, fw, tmp_path / "notes.txt")
    assert code == 2 and "notes.txt is not a folder" in err


def test_circuitpython_8_refused(capsys, fw, tmp_path):
    folder = make_drive(tmp_path / "CIRCUITPY",
                        "Adafruit CircuitPython 8.2.10 on 2024-02-14; Adafruit PyBadge with "
                        "samd51j19\nBoard ID:pybadge\n")
    before = snapshot(folder)
    code, _out, err = install(capsys, fw, folder)
    assert code == 2 and "CircuitPython 8.2.10" in err and "9 or newer" in err
    assert snapshot(folder) == before


def test_unknown_board_warns_but_installs(capsys, fw, tmp_path):
    folder = make_drive(tmp_path / "CIRCUITPY",
                        "Adafruit CircuitPython 10.0.0-beta.2 on 2025-06-01; Raspberry Pi "
                        "Pico with rp2040\nBoard ID:raspberry_pi_pico\n")
    code, _out, err = install(capsys, fw, folder)
    assert code == 0 and "raspberry_pi_pico" in err and "warning" in err
    assert (folder / "code.py").is_file()


@pytest.mark.parametrize("board_id", ["pyportal", "pyportal_titano", "pyportal_pynt"])
def test_a_touch_only_board_is_refused_as_the_game_cannot_be_played_there(capsys, fw,
                                                                          tmp_path, board_id):
    folder = make_drive(tmp_path / "CIRCUITPY",
                        "Adafruit CircuitPython 9.2.1 on 2024-11-20; Adafruit PyPortal with "
                        f"samd51j20\nBoard ID:{board_id}\n")
    before = snapshot(folder)
    for more in (["--dry-run"], []):  # the dry run ends as the real run does
        code, out, err = install(capsys, fw, folder, *more)
        assert code == 2 and out == "" and err.count("\n") == 1 and snapshot(folder) == before
        assert err.startswith(f"patience-flash: error: board '{board_id}' (Adafruit PyPortal) "
                              "has a touch screen and no buttons")
        assert "nothing written; it plays on pybadge, pygamer, clue_nrf52840_express" in err


def test_foreign_code_py_needs_replace_code_and_is_backed_up(capsys, fw, drive):
    (drive / "code.py").write_text("print('my project')\n")
    before = snapshot(drive)
    code, _out, err = install(capsys, fw, drive)
    assert code == 2 and "--replace-code" in err and "code.py.bak-1" in err
    assert snapshot(drive) == before
    code, out, err = install(capsys, fw, drive, "--replace-code")
    assert code == 0, err
    assert (drive / "code.py.bak-1").read_text() == "print('my project')\n"
    assert (drive / "code.py").read_bytes() == (fw / "code.py").read_bytes()
    assert "save   code.py as code.py.bak-1" in out
    (drive / "code.py").write_text("print('edited again')\n")  # edited after install
    code, _out, _err = install(capsys, fw, drive, "--replace-code")
    assert code == 0
    assert (drive / "code.py.bak-1").read_text() == "print('my project')\n"
    assert (drive / "code.py.bak-2").read_text() == "print('edited again')\n"


@pytest.mark.parametrize("sample", ['print("Hello World!")\n', ""])
def test_the_code_py_of_a_new_drive_is_replaced_without_asking(capsys, fw, drive, sample):
    """CircuitPython writes that code.py when it formats the drive
    (supervisor/shared/filesystem.c): the first install must not stop on it."""
    (drive / "code.py").write_text(sample)
    code, out, err = install(capsys, fw, drive)
    assert code == 0, err
    assert (drive / "code.py").read_bytes() == (fw / "code.py").read_bytes()
    assert "write  code.py (over CircuitPython's sample" in out
    assert not list(drive.glob("code.py.bak-*"))


def test_a_code_py_a_little_different_from_the_sample_is_the_users(capsys, fw, drive):
    (drive / "code.py").write_text('print("Hello World!")\nprint("mine")\n')
    code, _out, err = install(capsys, fw, drive)
    assert code == 2 and "--replace-code" in err


def test_a_folder_without_code_py_is_named_as_given_or_as_the_default(capsys, monkeypatch,
                                                                      tmp_path, drive):
    folder = tmp_path / "some"
    folder.mkdir()
    code, _out, err = install(capsys, folder, drive)
    assert code == 2 and err.count("\n") == 1
    assert snapshot(drive) == {"boot_out.txt": BOOT_OUT.encode()}
    assert f"{folder / 'code.py'} is missing: nothing to install" in err
    assert f"{folder}, given with --firmware, is not the game's firmware folder" in err
    assert "give the folder with --firmware" not in err
    code, _out, err = install(capsys, tmp_path / "gone", drive)
    assert code == 2 and f"{tmp_path / 'gone'}, given with --firmware, does not exist" in err
    (tmp_path / "a_file").write_text("not a folder\n")
    code, _out, err = install(capsys, tmp_path / "a_file", drive)
    assert code == 2 and "given with --firmware, is a file, not a folder" in err
    monkeypatch.setattr(flash, "default_firmware", lambda: folder)
    code, _out, err = run(capsys, "--to", drive)
    assert code == 2 and f"{folder} is this repository's firmware folder, taken as no " \
        "--firmware was given" in err and "with --firmware DIR" in err
    assert "given with --firmware," not in err


@TO_DRIVE_OR_BUNDLE
def test_an_install_without_the_repository_says_where_the_firmware_comes_from(
        capsys, monkeypatch, tmp_path, drive, where):
    """`pip install .` copies the code, not firmware/: say what to do instead."""
    monkeypatch.setattr(flash, "default_firmware", lambda: tmp_path / "site-packages" / "firmware")
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, *where(drive))
    assert code == 2 and out == "" and err.count("\n") == 1
    assert err.startswith(f"patience-flash: error: no firmware folder at {tmp_path}")
    assert "`pip install -e .` in the clone" in err and "with --firmware DIR" in err
    assert err.endswith("nothing written\n")
    assert snapshot(drive) == {"boot_out.txt": BOOT_OUT.encode()}
    assert not (tmp_path / "game.zip").exists()


@TO_DRIVE_OR_BUNDLE
def test_a_library_not_installed_here_is_named_and_nothing_written(capsys, monkeypatch, fw,
                                                                   tmp_path, drive, where):
    (fw / "code.py").write_text("import adafruit_nowhere_lib\nimport patience\n")
    monkeypatch.chdir(tmp_path)
    code, _out, err = run(capsys, "--firmware", fw, *where(drive))
    assert code == 2 and err == (
        "patience-flash: error: the firmware imports adafruit_nowhere_lib, not installed "
        "here: pip install adafruit-circuitpython-nowhere-lib first, nothing written\n")
    assert snapshot(drive) == {"boot_out.txt": BOOT_OUT.encode()}
    assert not (tmp_path / "game.zip").exists()


def test_no_drive_found_says_how_to_use_to(capsys, fw):
    code, _out, err = run(capsys, "--firmware", fw)
    assert code == 2 and "no CIRCUITPY drive found" in err and "--to" in err


# ---------------------------------------------------------------- bundle


def test_bundle_zip_holds_the_tree(capsys, fw, tmp_path):
    out_zip = tmp_path / "out" / "patience.zip"
    out_zip.parent.mkdir()
    code, out, err = run(capsys, "--firmware", fw, "--bundle", out_zip)
    assert code == 0, err
    with zipfile.ZipFile(out_zip) as archive:
        names = archive.namelist()
        assert archive.read("code.py") == (fw / "code.py").read_bytes()
        assert archive.read("sheets/small.bmp") == (fw / "sheets/small.bmp").read_bytes()
        manifest = archive.read(MANIFEST).decode()
    assert {"code.py", "patience/__init__.py", "patience/engine.py", "patience/cards.py",
            "sheets/small.bmp", "lib/adafruit_imageload/__init__.py", MANIFEST} <= set(names)
    assert not [n for n in names if "__pycache__" in n or n == "boot_out.txt"]
    assert '"patience/engine.py"' in manifest
    assert list(out_zip.parent.iterdir()) == [out_zip]
    first = out_zip.read_bytes()
    run(capsys, "--firmware", fw, "--bundle", out_zip)
    assert out_zip.read_bytes() == first  # reproducible


def test_a_bundle_says_what_to_delete_and_keep_before_copying_it_by_hand(capsys, fw, tmp_path):
    """Copied over an older game, an old name.py is imported before the new
    name.mpy, and the zip's code.py replaces the user's."""
    code, out, err = run(capsys, "--firmware", fw, "--bundle", tmp_path / "py.zip")
    assert code == 0, err
    last = out.splitlines()[-1]
    assert "keep a copy of your own code.py (the zip's replaces it)" in last
    assert "delete the old game's patience/ first" in last
    tool = fake_mpy_cross(tmp_path, "CircuitPython 9.2.1 on 2024-11-20; mpy-cross emitting mpy v6")
    code, out, err = run(capsys, "--firmware", fw, "--bundle", tmp_path / "mpy.zip",
                         "--mpy-cross", tool)
    assert code == 0, err
    assert ("delete the old game's patience/ and lib/adafruit_imageload/ first"
            in out.splitlines()[-1])


# ---------------------------------------------------------------- mpy-cross


def test_matching_mpy_cross_compiles_all_but_code_py(capsys, fw, drive, tmp_path):
    install(capsys, fw, drive)  # a .py install first
    tool = fake_mpy_cross(tmp_path, "CircuitPython 9.2.1 on 2024-11-20; mpy-cross emitting mpy v6")
    code, out, err = install(capsys, fw, drive, "--mpy-cross", tool)
    assert code == 0, err
    assert (drive / "code.py").read_bytes() == (fw / "code.py").read_bytes()
    # named as the board names the file it loads (its __file__): one name kept, not two
    assert (drive / "patience/engine.mpy").read_bytes().startswith(b"C\x06patience/engine.mpy\n")
    # -O3: no line-number tables, less of the board's heap for code
    assert (drive / "patience/engine.mpy").read_bytes().split(b"\n")[1] == b"-O3"
    assert (drive / "lib/adafruit_imageload/__init__.mpy").read_bytes().startswith(
        b"C\x06/lib/adafruit_imageload/__init__.mpy\n")
    assert not list((drive / "patience").glob("*.py"))  # no .py left to shadow the .mpy
    assert not list((drive / "lib").rglob("*.py"))
    assert "compiled with CircuitPython 9.2.1" in out
    assert "remove patience/engine.py (replaced by patience/engine.mpy)" in out
    assert "no longer part of the game" not in out
    assert flash_install.read_manifest(drive)[0]["mpy_cross"].startswith("CircuitPython 9.2.1")
    code, _out, _err = install(capsys, fw, drive)  # and back to .py
    assert code == 0
    assert (drive / "patience/engine.py").is_file() and not (drive / "patience/engine.mpy").exists()


@pytest.mark.parametrize("line, words", [
    ("CircuitPython 10.0.0 on 2025-08-01; mpy-cross emitting mpy v6.3", "major version"),
    ("MicroPython v1.24.1 on 2024-11-29; mpy-cross emitting mpy v6.3", "MicroPython's"),
    ("mpy-cross something else", "not a CircuitPython mpy-cross"),
])
def test_wrong_mpy_cross_refused(capsys, fw, drive, tmp_path, line, words):
    tool = fake_mpy_cross(tmp_path, line)
    before = snapshot(drive)
    code, _out, err = install(capsys, fw, drive, "--mpy-cross", tool)
    assert code == 2 and words in err and "nothing written" in err
    assert snapshot(drive) == before


def test_a_copy_that_cannot_be_kept_stops_replace_game_before_anything_is_written(
        capsys, fw, drive, computer):
    (drive / "patience").mkdir()
    (drive / "patience/engine.py").write_text("# my edit\n")
    computer.write_text("a file where the folder would go")
    before = snapshot(drive)
    code, _out, err = install(capsys, fw, drive, "--replace-game")
    assert code == 2 and snapshot(drive) == before
    assert err.startswith("patience-flash: error: could not keep a copy of patience/engine.py")
    assert err.rstrip().endswith("nothing written") and err.count("\n") == 1


def test_a_foreign_py_that_would_hide_the_mpy_blocks_until_replace_game(capsys, fw, drive,
                                                                        tmp_path, computer):
    (drive / "patience").mkdir()
    (drive / "patience/cards.py").write_text("RANKS = 99\n")
    tool = fake_mpy_cross(tmp_path, "CircuitPython 9.1.0 on 2024-07-10; mpy-cross emitting mpy v6")
    before = snapshot(drive)
    code, out, err = install(capsys, fw, drive, "--mpy-cross", tool, "--dry-run")
    assert code == 2 and snapshot(drive) == before
    assert ("  blocks patience/cards.py (not installed by patience-flash, or changed since; "
            "CircuitPython imports it before patience/cards.mpy)") in out
    code, _out, err = install(capsys, fw, drive, "--mpy-cross", tool)
    assert code == 2 and snapshot(drive) == before and err.count("\n") == 1
    assert err.startswith("patience-flash: error: patience/cards.py on the drive: a game file")
    code, out, err = install(capsys, fw, drive, "--mpy-cross", tool, "--replace-game")
    assert code == 0, err
    assert not (drive / "patience/cards.py").exists() and (drive / "patience/cards.mpy").is_file()
    assert "remove patience/cards.py (replaced by patience/cards.mpy)" in out
    kept, = (computer / "replaced").iterdir()              # the removed .py, on the computer
    assert (kept / "patience/cards.py").read_text() == "RANKS = 99\n"


# ---------------------------------------------------------------- boot_out.txt


def test_parse_boot_out():
    info = flash_drive.parse_boot_out(BOOT_OUT)
    assert info.version == (9, 2, 1) and info.board_id == "pybadge"
    assert info.board_name == "Adafruit PyBadge"
    info = flash_drive.parse_boot_out(
        "\ufeffAdafruit CircuitPython 9.2.0-beta.1-5-gabc on 2024-10-01; Adafruit CLUE "
        "nRF52840 Express with nRF52840\r\nBoard ID:clue_nrf52840_express\r\n")
    assert info.version_text == "9.2.0-beta.1-5-gabc"
    assert info.board_id == "clue_nrf52840_express"
    assert flash_drive.parse_boot_out("MicroPython v1.22.0 on 2024-01-01\n") is None
    info = flash_drive.parse_boot_out("Adafruit CircuitPython 9.0.0 on 2024-03-19; X with y\n")
    assert info.board_id == "" and flash_drive.check_board(info)


# ---------------------------------------------------------------- discovery


def test_find_drives_from_fake_mounts(tmp_path):
    media = make_drive(tmp_path / "media" / "ann" / "CIRCUITPY")
    spaced = make_drive(tmp_path / "My Disks" / "CIRCUITPY1")
    by_device = make_drive(tmp_path / "mnt" / "board")
    make_drive(tmp_path / "media" / "ann" / "CIRCUITPY2", boot_out=None)  # no boot_out
    make_drive(tmp_path / "media" / "ann" / "USBSTICK")
    device = tmp_path / "dev" / "sdc1"
    device.parent.mkdir()
    device.write_bytes(b"")
    labels = tmp_path / "by-label"
    labels.mkdir()
    (labels / "CIRCUITPY").symlink_to(device)
    spaced_field = str(spaced).replace(" ", "\\040")
    mounts = "\n".join([
        "/dev/sda2 / ext4 rw,relatime 0 0",
        f"/dev/sdb1 {media} vfat rw,nosuid 0 0",
        f"/dev/sdd1 {spaced_field} vfat rw 0 0",
        f"{device} {by_device} vfat rw 0 0",
        f"/dev/sde1 {tmp_path / 'media' / 'ann' / 'CIRCUITPY2'} vfat rw 0 0",
        f"/dev/sdf1 {tmp_path / 'media' / 'ann' / 'USBSTICK'} vfat rw 0 0",
        "proc /proc proc rw 0 0",
    ])
    found = flash_drive.find_drives(mounts_text=mounts, places=[media], by_label_dir=labels)
    assert found == [media, spaced, by_device]
    assert flash_drive.pick_drive([media]) == media
    with pytest.raises(flash_drive.FlashError, match="choose one with --to"):
        flash_drive.pick_drive(found)
    assert flash_drive.find_drives(mounts_text="", places=[], by_label_dir=labels) == []


def test_a_second_drive_named_as_macos_names_it_is_found(tmp_path):
    """macOS mounts a second CIRCUITPY drive as /Volumes/CIRCUITPY 1."""
    second = make_drive(tmp_path / "Volumes" / "CIRCUITPY 1")
    make_drive(tmp_path / "Volumes" / "CIRCUITPY backup")
    make_drive(tmp_path / "Volumes" / "Macintosh HD")
    volumes = str(tmp_path / "Volumes")
    assert flash_drive.usual_places("ann", (volumes,)) == [second]
    mounts = f"/dev/disk4s1 {str(second).replace(' ', chr(92) + '040')} msdos rw 0 0\n"
    assert flash_drive.find_drives(mounts_text=mounts, places=[],
                                   by_label_dir=tmp_path / "none") == [second]


def test_install_without_to_uses_the_found_drive(capsys, fw, drive):
    code = flash.run(["--firmware", str(fw)], finder=lambda: [drive])
    out, _err = capsys.readouterr()
    assert code == 0 and f"at {drive}" in out and (drive / "code.py").is_file()


def test_manifest_paths_outside_the_drive_are_ignored(tmp_path, drive):
    (drive / MANIFEST).write_text(
        '{"files": {"../outside.txt": {"sha256": "x"}, "/etc/passwd": {"sha256": "x"}, '
        '"patience/a.py": {"sha256": "y", "size": 1}}}')
    manifest, warnings = flash_install.read_manifest(drive)
    assert list(manifest["files"]) == ["patience/a.py"] and warnings
    (drive / MANIFEST).write_text("{not json")
    manifest, warnings = flash_install.read_manifest(drive)
    assert manifest["files"] == {} and warnings


def test_a_refusal_after_a_spoilt_manifest_says_why_in_both_runs(capsys, fw, drive):
    """The game's own files look hand-copied once the manifest is unreadable:
    the warning that explains it comes with the refusal, not only in --dry-run."""
    code, _out, err = install(capsys, fw, drive)
    assert code == 0, err
    (drive / MANIFEST).write_text("garbage\n")
    (fw / "patience" / "engine.py").write_text("# a newer engine\n")
    for extra in ((), ("--dry-run",)):
        code, _out, err = install(capsys, fw, drive, *extra)
        assert code == 2 and "not installed by patience-flash" in err
        assert f"{MANIFEST} is unreadable" in err
        assert err.index("is unreadable") < err.index("not installed by patience-flash")


def test_requirements_go_only_into_a_firmware_folder(capsys, tmp_path):
    folder = tmp_path / "project"
    folder.mkdir()
    (folder / "requirements.txt").write_text("numpy==1.26\n")
    code, _out, err = run(capsys, "--write-requirements", "--firmware", folder)
    assert code == 2 and "nothing to install" in err and err.count("\n") == 1
    assert (folder / "requirements.txt").read_text() == "numpy==1.26\n"
    code, _out, err = run(capsys, "--write-requirements", "--firmware", tmp_path / "nope")
    assert code == 2 and "is missing" in err


def test_mpy_cross_given_as_a_relative_path_is_that_file(capsys, fw, drive, tmp_path,
                                                         monkeypatch):
    """./mpy-cross is the file in this folder, not a program of that name on PATH."""
    tool = fake_mpy_cross(tmp_path, "CircuitPython 9.2.1 on 2024-11-20; mpy-cross emitting mpy v6")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))  # no mpy-cross on PATH at all
    code, out, err = install(capsys, fw, drive, "--mpy-cross", "./" + tool.name)
    assert code == 0, err
    assert "compiled with CircuitPython 9.2.1" in out


def test_a_bundle_never_writes_over_a_file_of_the_users(capsys, fw, tmp_path):
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    notes = out_dir / "notes.txt"
    notes.write_text("my important notes\n")
    (out_dir / "game.zip.part").write_text("mine too\n")
    for extra in ((), ("--dry-run",)):
        code, out, err = run(capsys, "--firmware", fw, "--bundle", notes, *extra)
        assert code == 2 and "exists and is no bundle" in err and "nothing written" in err
        assert out == "" and notes.read_text() == "my important notes\n"
    code, _out, err = run(capsys, "--firmware", fw, "--bundle", out_dir / "game.zip")
    assert code == 0, err
    code, _out, err = run(capsys, "--firmware", fw, "--bundle", out_dir / "game.zip")
    assert code == 0, err  # its own bundle it may write again
    backup = out_dir / "backup.zip"  # a drive's backup holds a manifest too, and more
    with zipfile.ZipFile(out_dir / "game.zip") as bundle, zipfile.ZipFile(backup, "w") as archive:
        for name in bundle.namelist():
            archive.writestr(name, bundle.read(name))
        archive.writestr("lib/mylib.py", "# mine\n")
    kept = backup.read_bytes()
    code, _out, err = run(capsys, "--firmware", fw, "--bundle", backup)
    assert code == 2 and "exists and is no bundle" in err and backup.read_bytes() == kept
    backup.unlink()
    assert (out_dir / "game.zip.part").read_text() == "mine too\n"
    assert sorted(p.name for p in out_dir.iterdir()) == ["game.zip", "game.zip.part", "notes.txt"]


@pytest.mark.skipif(os.name == "nt", reason="file modes and the umask are POSIX's")
@pytest.mark.parametrize("umask, mode", [(0o077, 0o600), (0o022, 0o644), (0o002, 0o664)])
def test_a_bundle_gets_the_mode_the_umask_gives_any_new_file(capsys, fw, tmp_path, umask, mode):
    old = os.umask(umask)
    try:
        code, _out, err = run(capsys, "--firmware", fw, "--bundle", tmp_path / "game.zip")
    finally:
        os.umask(old)
    assert code == 0, err
    assert (tmp_path / "game.zip").stat().st_mode & 0o777 == mode


def test_a_bundle_that_cannot_be_written_says_so_in_one_line(capsys, fw, tmp_path, monkeypatch):
    def refuse(*_args):
        raise OSError(errno.EROFS, "Read-only file system")
    monkeypatch.setattr(os, "replace", refuse)
    monkeypatch.setattr(os, "unlink", refuse)  # as on a read-only folder: no cleaning up either
    code, out, err = run(capsys, "--firmware", fw, "--bundle", tmp_path / "game.zip")
    assert code == 1 and err.count("\n") == 1
    assert "cannot write" in err and "Read-only file system; nothing written" in err
    assert "add " not in out and not (tmp_path / "game.zip").exists()


@pytest.mark.parametrize("name", ["", ".", "/"])
def test_a_bundle_needs_a_file_name(capsys, fw, name):
    code, _out, err = run(capsys, "--firmware", fw, "--bundle", name)
    assert code == 2 and "is no file name" in err and err.count("\n") == 1


def test_a_bundle_named_as_a_folder_or_in_a_missing_one_is_a_usage_error(capsys, fw, tmp_path):
    code, _out, err = run(capsys, "--firmware", fw, "--bundle", tmp_path)
    assert code == 2 and f"e.g. --bundle {tmp_path / 'patience.zip'}" in err
    code, _out, err = run(capsys, "--firmware", fw, "--bundle", tmp_path / "nope" / "x.zip")
    assert code == 2 and f"the folder {tmp_path / 'nope'} does not exist" in err
    assert err.count("\n") == 1 and not (tmp_path / "nope").exists()


def test_requirements_dry_run_writes_nothing(capsys, fw):
    before = snapshot(fw)
    code, out, _err = run(capsys, "--write-requirements", "--dry-run", "--firmware", fw)
    assert code == 0 and "would write" in out and "adafruit_imageload" in out
    assert "nothing written" in out and snapshot(fw) == before


@pytest.mark.parametrize("blocked", ["patience", "lib", "lib/adafruit_imageload"])
def test_a_file_where_a_game_folder_goes_is_named_and_nothing_written(capsys, fw, drive,
                                                                     blocked):
    (drive / blocked).parent.mkdir(parents=True, exist_ok=True)
    (drive / blocked).write_text("hi\n")
    before = snapshot(drive)
    code, _out, err = install(capsys, fw, drive)
    assert code == 2 and err.count("\n") == 1
    assert f"{blocked} on the drive is a file where the game needs a folder" in err
    assert "nothing written" in err and snapshot(drive) == before


def test_an_unreadable_file_on_the_drive_stops_the_install(capsys, fw, drive, monkeypatch):
    """As a file that cannot be read: one line, nothing written."""
    assert install(capsys, fw, drive)[0] == 0
    before = {p: p.read_bytes() for p in drive.rglob("*") if p.is_file()}
    real = Path.read_bytes

    def read_bytes(path):
        if path.parent == drive and path.name == "code.py":
            raise PermissionError(13, "Permission denied")
        return real(path)
    monkeypatch.setattr(Path, "read_bytes", read_bytes)
    (fw / "code.py").write_text("print('new')\n")
    code, _out, err = install(capsys, fw, drive)
    monkeypatch.undo()
    assert code == 2 and "cannot read" in err and err.count("\n") == 1
    assert {p: p.read_bytes() for p in drive.rglob("*") if p.is_file()} == before


# ---------------------------------------------------------------- the real firmware


def _heap_note(out):
    return next(line for line in out.splitlines() if line.startswith("copying .py files"))


# (from .py, from .mpy) KB for each sheet, as bench/device_memory.py measured them
SMALL_SHEET = pair("sheet_in_ram")
LARGE_SHEET = pair("large_sheet_in_ram")
NEEDED = pair("needed")


@pytest.mark.parametrize("board", ["pybadge", "clue_nrf52840_express"])
def test_the_heap_notice_gives_the_figures_of_the_boards_own_sheet(capsys, fw, tmp_path, board):
    """A CLUE's large card sheet takes more heap than a PyBadge's: the note
    quotes the figures of the sheet the board found shows, and not the other's."""
    drive = make_drive(tmp_path / "CIRCUITPY", BOOT_OUT.replace("pybadge", board))
    code, out, _err = install(capsys, fw, drive)
    assert code == 0
    note = _heap_note(out)
    (py_sheet, mpy_sheet), other = ((LARGE_SHEET, SMALL_SHEET) if board.startswith("clue")
                                    else (SMALL_SHEET, LARGE_SHEET))
    sheet = "the CLUE's large card sheet" if board.startswith("clue") else "the card sheet"
    assert f"takes about {NEEDED[0]} KB of heap, {py_sheet} KB to keep {sheet} in RAM" in note
    assert f"need about {NEEDED[1]} KB ({mpy_sheet} KB with the sheet in RAM)" in note
    assert f" {other[0]} KB" not in note and f" {other[1]} KB" not in note


def test_a_bundles_heap_notice_gives_the_figures_of_both_sheets(capsys, fw, tmp_path):
    """A bundle knows no board: the notice names both sheets' figures."""
    code, out, _err = run(capsys, "--bundle", tmp_path / "game.zip", "--firmware", fw)
    assert code == 0
    note = _heap_note(out)
    assert f"{SMALL_SHEET[0]} KB to keep the card sheet in RAM ({LARGE_SHEET[0]} KB on a CLUE" in note
    assert f"({SMALL_SHEET[1]} KB with the sheet in RAM, {LARGE_SHEET[1]} KB on a CLUE)" in note


@pytest.mark.parametrize("board", ["pybadge", "clue_nrf52840_express"])
def test_an_mpy_install_says_what_heap_it_needs(capsys, fw, tmp_path, board):
    """With --mpy-cross the tool quotes the .mpy figures for the board it finds."""
    in_ram = (LARGE_SHEET if board.startswith("clue") else SMALL_SHEET)[1]
    drive = make_drive(tmp_path / "CIRCUITPY", BOOT_OUT.replace("pybadge", board))
    tool = fake_mpy_cross(tmp_path, "CircuitPython 9.2.1 on 2024-11-20; mpy-cross emitting mpy v6")
    code, out, _err = install(capsys, fw, drive, "--mpy-cross", tool)
    assert code == 0
    note = next(line for line in out.splitlines() if line.startswith("compiled with"))
    assert f"needs about {NEEDED[1]} KB of heap, {in_ram} KB to keep" in note


def test_requirements_txt_matches_firmware_imports():
    firmware = REPO / "firmware"
    expected = flash_tree.requirements_text(flash_tree.scan_firmware_libraries(firmware))
    actual = (firmware / "requirements.txt").read_text(encoding="utf-8")
    assert actual == expected, ("firmware/requirements.txt is out of date: run "
                                "`patience-flash --write-requirements`")


def test_install_real_firmware_tree(capsys, drive):
    firmware = REPO / "firmware"
    if not (firmware / "code.py").is_file():
        pytest.skip("firmware/code.py not written yet")
    code, _out, err = run(capsys, "--to", drive)
    assert code == 0, err
    shipped = [p.relative_to(firmware).as_posix() for p in firmware.rglob("*")
               if p.is_file() and "__pycache__" not in p.parts
               and (p.suffix == ".py" or p.parent.name == "sheets")]
    for rel in shipped:
        assert (drive / rel).read_bytes() == (firmware / rel).read_bytes(), rel
    for name in flash_tree.scan_firmware_libraries(firmware):
        assert (drive / "lib" / name).exists() or (drive / "lib" / f"{name}.py").exists()
    files = flash_install.read_manifest(drive)[0]["files"]
    assert set(shipped) <= set(files)


def test_library_no_longer_imported_is_removed_but_lib_stays(capsys, tmp_path, drive):
    install(capsys, make_firmware(tmp_path / "fw1"), drive)
    (drive / "lib" / "my_lib.py").write_text("MINE = 1\n")
    fw2 = make_firmware(tmp_path / "fw2")
    (fw2 / "code.py").write_text("import patience\n")
    code, out, _err = install(capsys, fw2, drive)
    assert code == 0 and "remove lib/adafruit_imageload/__init__.py" in out
    assert not (drive / "lib" / "adafruit_imageload").exists()
    assert (drive / "lib" / "my_lib.py").read_text() == "MINE = 1\n"


def test_an_install_whose_reader_went_away_still_goes_to_its_end(fw, drive):
    """As ``patience-flash | head -1`` when head has gone: every file lands."""
    import subprocess
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}  # as a user runs it
    read, write = os.pipe()
    os.close(read)
    try:
        done = subprocess.run([sys.executable, "-m", "host_sim.flash.cli", "--firmware", str(fw),
                               "--to", str(drive)], stdout=write, stderr=subprocess.PIPE,
                              text=True, cwd=REPO, env=env, timeout=60)
    finally:
        os.close(write)
    assert done.returncode == 0 and "Traceback" not in done.stderr
    engine = Path("patience", "engine.py")
    assert (drive / engine).read_bytes() == (fw / engine).read_bytes()
    assert (drive / MANIFEST).is_file()

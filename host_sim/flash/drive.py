"""patience-flash, part 1: find the CIRCUITPY drive and read its boot_out.txt.

A CircuitPython board shows up as a USB drive named CIRCUITPY whose
``boot_out.txt`` starts with a line such as::

    Adafruit CircuitPython 9.2.1 on 2024-11-20; Adafruit PyBadge with samd51j19
    Board ID:pybadge

Discovery looks, in this order, at the mount table (``/proc/mounts`` on
Linux: any mount point named CIRCUITPY, CIRCUITPY1, ... or "CIRCUITPY 1",
as macOS names a second one, or the device that /dev/disk/by-label/CIRCUITPY
points to), at the usual mount folders (/media/$USER, /run/media/$USER,
/mnt, /Volumes) and, on Windows, at every drive letter whose volume label
is CIRCUITPY.  Only folders holding a ``boot_out.txt`` count.  Every source
is a parameter, so tests can fake it.
"""

import getpass
import os
import re
import sys
from dataclasses import dataclass
from pathlib import Path

VOLUME = "CIRCUITPY"
MIN_MAJOR = 9


def supported_boards():
    """Board ids (the "Board ID:" line) the firmware has a profile for: its
    own table.  Any other id only draws a warning (the firmware shows a
    message on boards it cannot drive)."""
    from patience.boards import FEW_BUTTONS, SHIFT_REGISTER
    return tuple(SHIFT_REGISTER) + tuple(FEW_BUTTONS)


def touch_only_boards():
    """Board ids the firmware knows have a touch screen and no buttons."""
    from patience.boards import TOUCH_ONLY
    return TOUCH_ONLY


_LINE1 = re.compile(
    r"^Adafruit CircuitPython (\d+)\.(\d+)\.(\d+)(\S*) on (\S+); (.*?)(?: with (.+))?$"
)


class FlashError(Exception):
    """A problem to report in one line; ``code`` is the exit status."""

    def __init__(self, message, code=2):
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class BoardInfo:
    """What boot_out.txt says about the board."""

    version: tuple  # (major, minor, micro)
    version_text: str  # as written, e.g. "9.2.1-beta.1"
    board_name: str
    board_id: str  # "" when boot_out.txt has no Board ID line

    @property
    def major(self):
        return self.version[0]


def parse_boot_out(text):
    """BoardInfo from the text of boot_out.txt, or None if it is not one."""
    lines = text.lstrip("\ufeff").splitlines()
    if not lines:
        return None
    match = _LINE1.match(lines[0].strip())
    if not match:
        return None
    major, minor, micro, suffix, _date, name, _chip = match.groups()
    board_id = ""
    for line in lines[1:]:
        if line.startswith("Board ID:"):
            board_id = line[len("Board ID:"):].strip()
    version = (int(major), int(minor), int(micro))
    return BoardInfo(version, f"{major}.{minor}.{micro}{suffix}", name.strip(), board_id)


def read_board(drive):
    """BoardInfo of the drive at ``drive``; FlashError if it is not one."""
    drive = Path(drive)
    if not drive.exists():
        raise FlashError(f"{drive} does not exist: check the path and that the board is "
                         "plugged in, or leave out --to to let patience-flash find the "
                         f"{VOLUME} drive")
    if not drive.is_dir():
        raise FlashError(f"{drive} is not a folder: give the CIRCUITPY drive with --to PATH")
    boot_out = drive / "boot_out.txt"
    try:
        text = boot_out.read_text(encoding="utf-8", errors="replace")
    except OSError:
        raise FlashError(
            f"{drive} is not a CircuitPython drive (no boot_out.txt): nothing written"
        ) from None
    info = parse_boot_out(text)
    if info is None:
        raise FlashError(
            f"{boot_out} does not start with 'Adafruit CircuitPython X.Y.Z on ...': "
            "not a CircuitPython drive, nothing written"
        )
    return info


def check_board(info):
    """Refuse CircuitPython older than MIN_MAJOR and a board the game cannot
    be played on (touch screen, no buttons); return a list of warnings."""
    if info.major < MIN_MAJOR:
        raise FlashError(
            f"the board runs CircuitPython {info.version_text}; Circuit Patience needs "
            f"{MIN_MAJOR} or newer: update CircuitPython first, nothing written"
        )
    if not info.board_id:
        return ["boot_out.txt names no Board ID: cannot tell whether the game supports "
                f"this board ({info.board_name}); installing anyway"]
    if info.board_id in touch_only_boards():
        raise FlashError(
            f"board '{info.board_id}' ({info.board_name}) has a touch screen and no buttons, "
            "and the game is played with buttons: nothing written; it plays on "
            f"{', '.join(supported_boards())}"
        )
    if info.board_id not in supported_boards():
        return [f"board '{info.board_id}' ({info.board_name}) is not one the game knows: "
                "installing anyway; the game will show a message if it cannot run there"]
    return []


# ---------------------------------------------------------------- discovery


def _unescape_mount(field):
    """/proc/mounts writes space, tab, newline, backslash as octal escapes."""
    return re.sub(r"\\([0-7]{3})", lambda m: chr(int(m.group(1), 8)), field)


def _is_volume_name(name):
    """CIRCUITPY, or a second drive's name: CIRCUITPY1 (Linux desktops) or
    "CIRCUITPY 1" (macOS)."""
    return re.fullmatch(VOLUME + r"( ?\d+)?", name) is not None


def mounts_from_text(text, label_devices=()):
    """Mount points in a /proc/mounts text that look like CIRCUITPY.

    A mount point counts if its last part is CIRCUITPY (or CIRCUITPY1,
    "CIRCUITPY 1", ..., as desktops name a second drive) or if its device
    is one of
    ``label_devices`` (the devices labelled CIRCUITPY).
    """
    found = []
    labelled = {os.path.realpath(d) for d in label_devices}
    for line in text.splitlines():
        fields = line.split()
        if len(fields) < 2:
            continue
        device, mount = _unescape_mount(fields[0]), _unescape_mount(fields[1])
        if _is_volume_name(os.path.basename(mount.rstrip("/"))):
            found.append(Path(mount))
        elif device.startswith("/") and os.path.realpath(device) in labelled:
            found.append(Path(mount))
    return found


def _labelled_devices(by_label_dir):
    base = Path(by_label_dir)
    try:
        return [str(p) for p in base.iterdir() if _is_volume_name(p.name)]
    except OSError:
        return []


USUAL_PLACES = ("/media/{user}", "/run/media/{user}", "/media", "/mnt", "/Volumes")


def usual_places(user, bases=USUAL_PLACES):
    """Folders named like a CIRCUITPY drive in the usual mount folders."""
    places = []
    for base in bases:
        try:
            places += [p for p in Path(base.format(user=user)).iterdir()
                       if _is_volume_name(p.name)]
        except OSError:
            continue
    return places


def windows_drives():
    """Drive roots whose volume label is CIRCUITPY (Windows only)."""
    if os.name != "nt":
        return []
    import ctypes  # pylint: disable=import-outside-toplevel

    kernel = ctypes.windll.kernel32
    kernel.SetErrorMode(1)  # no "insert a disk" pop-ups for empty card readers
    mask = kernel.GetLogicalDrives()
    found = []
    for index in range(26):
        if not mask & (1 << index):
            continue
        root = f"{chr(65 + index)}:\\"
        label = ctypes.create_unicode_buffer(261)
        if kernel.GetVolumeInformationW(root, label, len(label), None, None, None, None, 0):
            if label.value == VOLUME:
                found.append(Path(root))
    return found


def find_drives(mounts_text=None, places=None, by_label_dir="/dev/disk/by-label"):
    """Every CIRCUITPY drive mounted now that holds a boot_out.txt.

    ``mounts_text`` defaults to /proc/mounts (empty where there is none) and
    ``places`` to the usual mount folders plus Windows drive letters; pass
    them to test without a board.
    """
    if mounts_text is None:
        try:
            mounts_text = Path("/proc/mounts").read_text(encoding="utf-8", errors="replace")
        except OSError:
            mounts_text = ""
    if places is None:
        places = usual_places(_user()) + windows_drives()
    candidates = mounts_from_text(mounts_text, _labelled_devices(by_label_dir)) + list(places)
    drives, seen = [], set()
    for path in candidates:
        key = os.path.realpath(path)
        if key not in seen and (Path(path) / "boot_out.txt").is_file():
            seen.add(key)
            drives.append(Path(path))
    return drives


def _user():
    try:
        return getpass.getuser()
    except (KeyError, OSError):
        return os.environ.get("USER", "")


def pick_drive(drives):
    """The one drive found, or a FlashError that says how to use --to."""
    if len(drives) == 1:
        return drives[0]
    if not drives:
        example = "E:\\" if sys.platform == "win32" else "/media/$USER/CIRCUITPY"
        raise FlashError(
            f"no {VOLUME} drive found (a mounted drive named {VOLUME} with a boot_out.txt): "
            f"plug the board in and wait for the drive, or name its folder with "
            f"--to PATH (e.g. --to {example}), or use --bundle out.zip to copy by hand"
        )
    names = ", ".join(str(d) for d in drives)
    raise FlashError(f"{len(drives)} {VOLUME} drives found ({names}): choose one with --to PATH")

"""Desktop side of Circuit Patience: the simulator, the flashing tool and the
host tools, each in its own subpackage."""

import os
import sys
from pathlib import Path

FIRMWARE = Path(__file__).resolve().parent.parent / "firmware"
"""This repository's firmware folder: what goes onto the CIRCUITPY drive."""


def no_firmware_here(folder, option):
    """The error when ``folder`` (FIRMWARE) does not exist: these tools were
    installed with ``pip install .``, which copies the code but not the
    clone's firmware folder (its sprite sheets, texts and code.py);
    ``option`` is the command's way to name a firmware folder."""
    return (f"no firmware folder at {folder}: this copy was installed without the "
            "repository, and the game's files come from a clone of it; run the command "
            "from an editable install (`pip install -e .` in the clone) or give the "
            f"clone's firmware folder with {option}")


def data_folder():
    """This computer's folder for the game's own files (the simulator's save,
    the copies patience-flash keeps): XDG, macOS or Windows."""
    if sys.platform == "win32":
        base = os.environ.get("APPDATA") or os.path.expanduser("~")
    elif sys.platform == "darwin":
        base = os.path.expanduser("~/Library/Application Support")
    else:
        base = os.environ.get("XDG_DATA_HOME") or os.path.expanduser("~/.local/share")
    return os.path.join(base, "circuit-patience")


def first_free(template):
    """``template``, a path holding ``{n}``, with the smallest n from 1 that
    names nothing yet (``save.nvm.unread-{n}``, ``code.py.bak-{n}``)."""
    number = 1
    while os.path.exists(template.replace("{n}", str(number))):
        number += 1
    return template.replace("{n}", str(number))

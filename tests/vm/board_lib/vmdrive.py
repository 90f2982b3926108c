"""The stand-in CIRCUITPY drive: absolute paths the firmware opens ("/sheets/
small.bmp") are read below the firmware folder named by the environment
variable VM_ROOT, as on a board where that folder's files sit at the drive's
root. ``install()`` puts this ``open`` in builtins; ``host_open`` is the
VM's own, for the stand-ins' files (the NVM file).
"""

import builtins
import os

host_open = open
ROOT = os.getenv("VM_ROOT") or ""


def drive_open(path, mode="r"):
    """open(), with "/..." meaning the drive root."""
    if ROOT and isinstance(path, str) and path.startswith("/"):
        path = ROOT + path
    return host_open(path, mode)


def install():
    builtins.open = drive_open

"""The heap figures of the drive's budget.json, in KB from .py files and
from .mpy: the ceilings the game keeps within and what the VM measured
(bench/device_memory.py writes the file; docs/device.md says what each
figure means). The sheet check and the out-of-memory lines read one each."""


def figure(root, name):
    """Figure ``name`` of budget.json on the drive at ``root``, or None when
    the file cannot be read (a half-copied install)."""
    import json
    try:
        with open(root + "/budget.json") as file:
            return json.load(file)[name]
    except (OSError, ValueError, KeyError):
        return None

"""The heap figures of the firmware's budget.json (written by
bench/device_memory.py: what the VM measured, and the ceilings), in KB,
for the host tools and the tests."""

import json
from pathlib import Path

from host_sim import FIRMWARE


def figures(firmware=FIRMWARE):
    """{name: KB} of ``firmware``/budget.json: ``needed_py``, ``ceiling_mpy``,
    ``sheet_in_ram_py`` ... (docs/device.md says what each means)."""
    return json.loads((Path(firmware) / "budget.json").read_text(encoding="utf-8"))


def pair(name, firmware=FIRMWARE):
    """(from .py, from .mpy) of figure ``name``, e.g. pair("needed")."""
    found = figures(firmware)
    return found[name + "_py"], found[name + "_mpy"]

"""Desktop side of Circuit Patience: the simulator, the flashing tool and the
host tools, each in its own subpackage."""

from pathlib import Path

FIRMWARE = Path(__file__).resolve().parent.parent / "firmware"
"""This repository's firmware folder: what goes onto the CIRCUITPY drive."""

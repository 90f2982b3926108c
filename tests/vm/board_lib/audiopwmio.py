"""audiopwmio for the VM: only on the CLUE (ports/nordic builds it; the
SAMD51 and ESP32-S3 builds leave it out)."""

import vmaudio
import vmboards

if not vmboards.BOARD_ID.startswith("clue"):
    raise ImportError("no module named 'audiopwmio'")


class PWMAudioOut(vmaudio.Out):
    """PWM audio on ``left_channel``."""

    def __init__(self, left_channel, *, right_channel=None, quiescent_value=0x8000):
        super().__init__(left_channel)

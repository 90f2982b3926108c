"""audioio for the VM: only on the SAMD51 boards (their DAC drives the speaker).

The nRF52840 (CLUE) and ESP32-S3 builds have no audioio module
(ports/nordic, ports/espressif mpconfigport.mk: CIRCUITPY_AUDIOIO = 0).
"""

import vmaudio
import vmboards

if vmboards.NVM_KIND != "flash" or vmboards.BOARD_ID.startswith("clue"):
    raise ImportError("no module named 'audioio'")


class AudioOut(vmaudio.Out):
    """The DAC output on ``left_channel``."""

    def __init__(self, left_channel, *, right_channel=None, quiescent_value=0x8000):
        super().__init__(left_channel)

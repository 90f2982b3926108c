"""The boards the stand-ins can be: the one chosen by the environment
variable VM_BOARD (default ``pybadge``), its screen, pins and NVM kind.

Pins per board from each board's pins.c (adafruit/circuitpython, jepler @
4c61d61b ports/*/boards/*/pins.c); names in one tuple are one
physical pin (the same object). NVM kinds: ``flash`` (SAMD51, nRF52840:
memory-mapped, erased flash reads 0xFF) and ``esp32`` (one NVS blob: reads
0x00 when never written, every access allocates 8 KB on the heap).
"""

import os

# board_id: (width, height, NVM kind, pins)
BOARDS = {
    "pybadge": (160, 128, "flash", (
        ("BUTTON_CLOCK",), ("BUTTON_OUT",), ("BUTTON_LATCH",), ("SPEAKER", "A0"),
        ("SPEAKER_ENABLE",), ("D0",), ("D1",), ("D2",))),
    "pygamer": (160, 128, "flash", (
        ("BUTTON_CLOCK",), ("BUTTON_OUT",), ("BUTTON_LATCH",), ("SPEAKER", "A0"),
        ("SPEAKER_ENABLE",), ("D0",), ("D1",), ("D2",), ("JOYSTICK_X",), ("JOYSTICK_Y",))),
    "clue_nrf52840_express": (240, 240, "flash", (
        ("BUTTON_A", "D5"), ("BUTTON_B", "D11"), ("SPEAKER",), ("A0", "D12"),
        ("D0",), ("D1",), ("D2",))),
    "adafruit_feather_esp32s3_tft": (240, 135, "esp32", (
        ("BUTTON", "BOOT0"), ("D1",), ("D2",), ("A0",))),
    "adafruit_feather_esp32s3_reverse_tft": (240, 135, "esp32", (
        ("BUTTON", "BOOT0", "D0"), ("D1",), ("D2",), ("A0",))),
    "pyportal": (320, 240, "flash", (("SPEAKER", "A0"), ("SPEAKER_ENABLE",))),
}

BOARD_ID = os.getenv("VM_BOARD") or "pybadge"
if BOARD_ID not in BOARDS:
    raise ImportError("VM_BOARD %r: the stand-ins know %s" % (BOARD_ID, " ".join(BOARDS)))
WIDTH, HEIGHT, NVM_KIND, PINS = BOARDS[BOARD_ID]

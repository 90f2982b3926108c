"""The boards the simulator can pretend to be.

``BOARDS[name]`` gives the screen size and which sprite sheet suits it
(``"small"`` = /sheets/small.bmp for 160x128 and 240x135, ``"large"`` =
/sheets/large.bmp for 240x240 and 320x240, as in patience/screens/sheets.py).

Every simulated board gets the PyBadge's eight buttons (host_sim.simulator.keys),
whatever buttons the real one has.
"""

from collections import namedtuple

Board = namedtuple("Board", "name board_id width height sheet description")

BOARDS = {
    b.name: b for b in (
        Board("pybadge", "pybadge", 160, 128, "small", "Adafruit PyBadge, 160x128 ST7735R"),
        Board("pygamer", "pygamer", 160, 128, "small", "Adafruit PyGamer, 160x128 ST7735R"),
        Board("clue", "clue_nrf52840_express", 240, 240, "large", "Adafruit CLUE, 240x240 ST7789"),
        Board("feather-tft", "adafruit_feather_esp32s3_tft", 240, 135, "small",
              "Adafruit Feather ESP32-S3 TFT, 240x135 ST7789"),
        Board("pyportal", "pyportal", 320, 240, "large", "Adafruit PyPortal, 320x240 ILI9341"),
    )
}

DEFAULT_BOARD = "pybadge"


def get_board(name):
    """The Board called ``name``; ValueError lists the known names."""
    try:
        return BOARDS[name.strip().lower()]
    except (KeyError, AttributeError):
        raise ValueError("unknown board %r: choose from %s"
                         % (name, ", ".join(BOARDS))) from None

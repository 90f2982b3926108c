"""How each board's CircuitPython writes ``microcontroller.nvm``, step by step.

Every slice assignment to ``microcontroller.nvm`` is one ``set_bytes`` call
in CircuitPython (shared-bindings/nvm/ByteArray.c), and each port carries
it out differently (adafruit/circuitpython, ports/*/common-hal/nvm/ByteArray.c):

- SAMD51 (PyBadge, PyGamer, PyPortal): the 8 KB NVM is one flash block. The
  whole block is read, patched, erased, and its sixteen 512-byte pages are
  programmed again, even for one byte (``_flash_write``). Power lost after
  the erase leaves every byte 0xFF until the pages are back.
- nRF52840 (CLUE): two 4 KB pages; each page the slice touches is copied,
  patched, erased and programmed again (``nrf_nvm_safe_flash_page_write``,
  in two half-page writes under the SoftDevice). The other page is untouched.
- ESP32-S2/S3 (Feather TFT and Reverse TFT): one 8 KB blob in NVS. A write reads the blob
  into an 8 KB buffer on the heap, erases the namespace (``nvs_erase_all``),
  then writes the blob again (``nvs_set_blob``, ``nvs_commit``); power lost in
  between leaves no blob, which reads as 0x00. Reads load the whole blob too.

A model turns one slice write into those physical steps so that tests can
cut the power after any step (``write(image, start, data, steps=N)``) and
the simulator's NVM file wears like the board's (``erases``).
"""


class PowerCut(Exception):
    """The power went off part-way through a write."""


class Model:
    """A board's NVM: ``size`` bytes reading ``erased`` when new."""

    def __init__(self, name, boards, erased, erase_unit, program_unit):
        self.name = name
        self.boards = boards
        self.size = 8192
        self.erased = erased
        self.erase_unit = erase_unit      # bytes erased at once
        self.program_unit = program_unit  # bytes programmed at once

    def steps(self, image, start, data):
        """The physical steps of writing ``data`` at ``start``, in order:
        (erased bytes, ((offset, bytes), ...)) per unit the write touches."""
        new = bytearray(image)
        new[start:start + len(data)] = data
        first = start // self.erase_unit * self.erase_unit
        last = start + len(data)
        for unit in range(first, last, self.erase_unit):
            programs = [(at, bytes(new[at:at + self.program_unit]))
                        for at in range(unit, unit + self.erase_unit, self.program_unit)]
            yield unit, programs

    def write(self, image, start, data, steps=None):
        """Write ``data`` into ``image`` at ``start`` as the board does; with
        ``steps``, lose power after that many erases and programs (PowerCut).
        Returns (erases, programs) carried out."""
        done = erases = programs = 0
        for unit, writes in self.steps(image, start, data):
            for step in [None] + writes:
                if steps is not None and done >= steps:
                    raise PowerCut("power lost after %d steps" % done)
                if step is None:
                    image[unit:unit + self.erase_unit] = bytes((self.erased,)) * self.erase_unit
                    erases += 1
                else:
                    at, chunk = step
                    image[at:at + len(chunk)] = chunk
                    programs += 1
                done += 1
        return erases, programs


SAMD51 = Model("samd51", ("pybadge", "pygamer", "pyportal"), 0xFF, 8192, 512)
NRF52840 = Model("nrf52840", ("clue",), 0xFF, 4096, 2048)
ESP32 = Model("esp32", ("feather-tft", "feather-reverse-tft"), 0x00, 8192, 8192)
MODELS = {model.name: model for model in (SAMD51, NRF52840, ESP32)}


def model_for(board_name):
    """The NVM model of a simulated board (SAMD51 when unknown)."""
    for model in MODELS.values():
        if board_name in model.boards:
            return model
    return SAMD51

"""microcontroller for the VM: Pin objects and ``nvm``.

``Pin``: an opaque pin that can be claimed once (CircuitPython
shared-bindings/microcontroller/Pin.c assert_pin_free: ``ValueError: %q in
use``) and freed by the object's deinit.

``nvm``: 8,192 bytes (CIRCUITPY_INTERNAL_NVM_SIZE: tyeth/circuitpython @
492f6e90 ports/atmel-samd/mpconfigport.h; adafruit @ 169ab5d6
ports/nordic/mpconfigport.h; adafruit @ 11327cd1 ports/espressif/mpconfigport.h)
read and written like a bytearray, with the binding's rules
(yannickmayannick/circuitpython @ d64ce00b shared-bindings/nvm/ByteArray.c
nvm_bytearray_subscr): slices of step 1 only, a same-length buffer on the
right, ints 0-255; reading a slice makes a new bytearray. On the ESP32
boards every read and write first allocates the whole 8 KB blob on the heap
(tyeth @ 91cf8fb8 ports/espressif/common-hal/nvm/ByteArray.c get_bytes:
gc_alloc then gc_free; here the buffer is left for the collector) and a
never-written NVM reads 0x00; on SAMD51/nRF52840 erased flash reads 0xFF.
The environment variable VM_NVM names a file holding the starting bytes
(``vmctl.save_nvm`` writes such a file). The storage itself is flash on a
board; here it is a bytearray made before the firmware runs.
"""

import os

from micropython import const

import vmboards
from vmargs import get_index

_SIZE = const(8192)


class Pin:
    """A pin of the stand-in board."""

    def __init__(self, name):
        self._n = name
        self._c = False  # claimed

    def __repr__(self):
        return "board." + self._n

    def _claim(self):
        if self._c:
            raise ValueError("%s in use" % self._n)
        self._c = True

    def _free(self):
        self._c = False


class _ByteArray:
    """microcontroller.nvm."""

    def __init__(self, esp32, data):
        self._d = data
        self._e = esp32
        self._w = 0  # slice and byte writes so far

    def __len__(self):
        return _SIZE

    def __getitem__(self, index):
        self._blob()
        if isinstance(index, int):
            return self._d[get_index(index, _SIZE, "nvm")]
        return self._d[_start(index):_stop(index)]

    def __setitem__(self, index, value):
        self._blob()
        if isinstance(index, int):
            if not isinstance(value, int) or not 0 <= value <= 255:
                raise ValueError("nvm: bytes must be 0-255")
            self._d[get_index(index, _SIZE, "nvm")] = value
        else:
            self._write(index, value)
        self._w += 1

    def _write(self, index, value):
        start, stop = _start(index), _stop(index)
        if not (isinstance(value, bytes) or isinstance(value, bytearray)
                or isinstance(value, memoryview)):
            raise NotImplementedError("nvm: array/bytes required on right side")
        if len(value) != stop - start:
            raise ValueError("nvm: Slice and value different lengths.")
        self._d[start:stop] = value

    def _blob(self):
        if self._e:
            bytearray(_SIZE)  # get_bytes: the whole NVS blob on the heap


def _start(index):
    """Where a step-1 slice starts, clipped like a sequence slice (no tuple
    is made: the binding allocates nothing but the bytes it returns)."""
    if index.step not in (None, 1):
        raise NotImplementedError("nvm: only slices with step=1 (aka None) are supported")
    return _clip(0 if index.start is None else index.start, 0)


def _stop(index):
    return _clip(_SIZE if index.stop is None else index.stop, _start(index))


def _clip(at, low):
    return min(_SIZE, max(low, at + _SIZE if at < 0 else at))


def _initial(esp32):
    """The starting bytes: the VM_NVM file's, else erased flash."""
    data = bytearray(_SIZE)
    path = os.getenv("VM_NVM")
    if path:
        with open(path, "rb") as file:
            if file.readinto(data) != _SIZE or file.read(1):
                raise ValueError("VM_NVM file %s does not hold %d bytes" % (path, _SIZE))
    elif not esp32:
        for at in range(_SIZE):
            data[at] = 0xFF
    return data


_ESP32 = vmboards.NVM_KIND == "esp32"
nvm = _ByteArray(_ESP32, _initial(_ESP32))

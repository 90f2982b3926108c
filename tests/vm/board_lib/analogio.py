"""analogio for the VM: AnalogIn reading a level a test sets per pin.

``vmctl.set_analog("JOYSTICK_X", 65535)``; unset pins read 32768 (a
centred stick). The pin is claimed until deinit, as on a board.
"""

LEVELS = {}  # pin name -> 16-bit reading, set by vmctl.set_analog


class AnalogIn:
    """An analog input on ``pin``; ``value`` is 0-65535."""

    def __init__(self, pin):
        pin._claim()
        self._pin = pin

    @property
    def value(self):
        return LEVELS.get(self._pin._n, 32768)

    @property
    def reference_voltage(self):
        return 3.3

    def deinit(self):
        self._pin._free()

    def __enter__(self):
        return self

    def __exit__(self, *args):
        self.deinit()

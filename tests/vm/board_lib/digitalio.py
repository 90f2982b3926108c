"""digitalio for the VM: a pin claimed as an output (the speaker's enable)."""


class DigitalInOut:
    """One pin; ``switch_to_output`` and ``value`` as on a board."""

    def __init__(self, pin):
        pin._claim()
        self._pin = pin
        self._c = bytearray(16)  # digitalio_digitalinout_obj_t past its base
        self.value = False

    def switch_to_output(self, value=False, drive_mode=None):
        self.value = value

    def deinit(self):
        self._pin._free()

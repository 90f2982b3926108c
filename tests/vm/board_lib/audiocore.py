"""audiocore for the VM: RawSample as CircuitPython makes it.

It keeps a reference to the buffer (the C object plays from it in place) and
refuses what shared-bindings/audiocore/RawSample.c refuses: a buffer that is
not a bytearray or an array. ``sample_rate`` can be set, as on a board.
"""

import array


class RawSample:
    """Samples in ``buffer`` played at ``sample_rate`` Hz."""

    def __init__(self, buffer, *, channel_count=1, sample_rate=8000):
        if not isinstance(buffer, (bytearray, array.array)):
            raise ValueError("sample_source buffer must be a bytearray or array of type 'h', 'H', 'b' or 'B'")
        self._b = buffer
        self._c = bytearray(16)  # audioio_rawsample_obj_t past its base
        self.channel_count = channel_count
        self.sample_rate = sample_rate

    def deinit(self):
        self._b = None

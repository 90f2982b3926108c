"""What audioio.AudioOut and audiopwmio.PWMAudioOut share in the VM.

The output claims its pin until deinit and remembers what it plays, so that
a test can hear (``vmctl.notes()``) which notes a session played.
"""

NOTES = []  # (sample_rate, looping) of every play() since the start


class Out:
    """An audio output on ``pin``: play(sample, loop=), stop(), playing."""

    def __init__(self, pin):
        pin._claim()
        self._pin = pin
        self._c = bytearray(48)  # the C object past its base
        self.playing = False

    def play(self, sample, *, loop=False):
        NOTES.append((sample.sample_rate, loop))
        self.playing = True

    def stop(self):
        self.playing = False

    def deinit(self):
        self._pin._free()

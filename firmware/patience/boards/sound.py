"""Clicks and the winning tune on a board's own speaker.

PyBadge and PyGamer drive a small amplifier from the DAC (``audioio``),
switched on only while a sound plays (``SPEAKER_ENABLE``); the CLUE's
buzzer plays the same samples through ``audiopwmio``. One square wave is
made once and a note only sets its sample rate: this code allocates
nothing for a sound (the nRF52840's PWM audio makes a buffer while a note
plays). Without a speaker, or working audio, the game plays in silence.
"""

import time

from micropython import const

CLICK = ((1760, 12),)  # a card taken or put down: a short high tick (Hz, ms)
TUNE = ((523, 110), (659, 110), (784, 110), (1047, 300))  # a win: C E G C
WAVE_STEPS = const(16)  # samples a period
_MIDDLE = const(32768)
_SWING = const(6000)  # quiet: a fifth of the DAC's range


class Sound:
    """Notes on an audio output (``play(sample, loop=)``, ``stop()``)."""

    def __init__(self, out, enable=None):
        import array
        from audiocore import RawSample
        half = WAVE_STEPS // 2
        self.wave = array.array("H", [_MIDDLE + _SWING] * half + [_MIDDLE - _SWING] * half)
        self.sample = RawSample(self.wave, sample_rate=8000)  # it plays from self.wave
        self.out = out
        self.enable = enable

    def click(self):
        """The tick of a card taken or put down."""
        self.play(CLICK)

    def tune(self, on_note=None):
        """The winning tune; ``on_note(i)`` is called before its note i."""
        self.play(TUNE, on_note)

    def play(self, notes, on_note=None):
        """Each (Hz, ms) note in turn, the amplifier on meanwhile."""
        if self.enable is not None:
            self.enable.value = True
        for step in range(len(notes)):  # no enumerate: a click allocates nothing
            hertz, millis = notes[step]
            if on_note is not None:
                on_note(step)
            self.sample.sample_rate = hertz * WAVE_STEPS
            self.out.play(self.sample, loop=True)
            time.sleep(millis / 1000)
            self.out.stop()
        if self.enable is not None:
            self.enable.value = False


def for_board(board):
    """The board's Sound, or None without a speaker or working audio."""
    pin = getattr(board, "SPEAKER", None)
    if pin is None:
        return None
    try:
        enable = None
        if hasattr(board, "SPEAKER_ENABLE"):
            import digitalio
            enable = digitalio.DigitalInOut(board.SPEAKER_ENABLE)
            enable.switch_to_output(value=False)
        return Sound(_audio_out(pin), enable)
    except (ImportError, ValueError, RuntimeError, MemoryError):
        return None


def _audio_out(pin):
    """The DAC's AudioOut where there is one (SAMD51), else PWM audio (nRF52840)."""
    try:
        import audioio
    except ImportError:
        import audiopwmio
        return audiopwmio.PWMAudioOut(pin)
    return audioio.AudioOut(pin)

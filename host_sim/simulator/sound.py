"""The firmware's sounds through pygame, for a simulated board with a speaker.

The notes are the firmware's own (patience.boards.sound: the click, the
winning tune, the square wave); this module only plays them on the
desktop's audio. Headless runs make no sound: the simulator gives the App
no sound object then. ``for_board(board)`` is None for a board without a
speaker, or when the desktop has no audio device (a note says so).
"""

import sys
from array import array

SPEAKERS = ("pybadge", "pygamer", "clue")  # boards with a speaker or buzzer
RATE = 22050  # samples a second
VOLUME = 3000  # of 32767: quiet, like the boards' small speakers


def _square(hertz, millis):
    """A square wave of ``hertz`` lasting ``millis`` ms, as 16-bit samples."""
    period = max(2, RATE // hertz)
    half = period // 2
    count = RATE * millis // 1000
    return array("h", (VOLUME if i % period < half else -VOLUME for i in range(count)))


class PygameSound:
    """click() and tune(on_note) as the firmware's Sound, heard on the desktop."""

    def __init__(self, mixer, notes):
        self.mixer = mixer
        click, tune = notes
        self.click_sound = mixer.Sound(buffer=_square(*click[0]).tobytes())
        self.tune_notes = [(mixer.Sound(buffer=_square(hertz, millis).tobytes()), millis)
                           for hertz, millis in tune]

    def click(self):
        self.click_sound.play()

    def tune(self, on_note=None):
        import pygame  # pylint: disable=import-outside-toplevel
        for step, (sound, millis) in enumerate(self.tune_notes):
            if on_note is not None:
                on_note(step)
            sound.play()
            pygame.time.wait(millis)


def for_board(board):
    """The sounds of ``board`` (a boards.Board) on this desktop, or None."""
    if board.name not in SPEAKERS:
        return None
    from patience.boards.sound import CLICK, TUNE  # pylint: disable=import-outside-toplevel
    import pygame  # pylint: disable=import-outside-toplevel
    try:
        pygame.mixer.init(frequency=RATE, size=-16, channels=1)
    except pygame.error as err:
        print("patience-sim: no sound (%s)" % err, file=sys.stderr)
        return None
    return PygameSound(pygame.mixer, (CLICK, TUNE))

"""The words on screen, in the player's language, read from the drive as needed.

``Words(path)`` opens a language file made by words/build.py (``/lang/en.bin``,
``/lang/fr.bin``) and keeps it open; ``get(key)`` reads one text and
``fill(key, *values)`` puts values in its ``{0}``, ``{1}`` ... A text costs
RAM only while a screen draws it. A key the file lacks comes back as
itself, so a missing word shows instead of failing.
"""

# Texts name buttons as marks, ``[A]``, ``[START]``, ``[UP]`` ...;
# ``named(text, mode)`` puts in what this board calls them in that input
# mode (``buttons``, set by the App from screens.controls.names), so a CLUE
# says ``A HOLD`` where a PyBadge says ``B``.

from micropython import const

_SLOTS = const(512)
_TABLE = const(4)    # the slot table follows the 4-byte header
_KEY_MAX = const(32)
_TEXT_START = const(64)
# the marks of the eight buttons in texts, by button number (input.buttons)
_MARKS = ("[B]", "[A]", "[START]", "[SELECT]", "[RIGHT]", "[DOWN]", "[UP]", "[LEFT]")


def key_hash(key):
    """The slot hash words/build.py uses (small ints only)."""
    h = 5381
    for char in key:
        h = ((h * 33) ^ ord(char)) & 0xFFFF
    return h


class Words:
    """One language file, open; ``use(path)`` switches to another."""

    def __init__(self, path):
        self.file = None
        self.two = bytearray(2)
        self.key = bytearray(_KEY_MAX + 1)
        self.buffer = memoryview(bytearray(_TEXT_START))  # grows to the longest text read
        self.buttons = None  # per input mode, the board's name of each button
        self.edition = 0  # counts the files used: a text kept from another edition is stale
        self.use(path)

    def use(self, path):
        """Read the words from ``path`` from now on; ``OSError(path)`` if it
        cannot be read or is not a language file (the words before stay)."""
        try:
            file = open(path, "rb")
        except OSError:
            raise OSError(path) from None
        if file.read(4) != b"PW\x01\x00":
            file.close()
            raise OSError(path)
        if self.file is not None:
            self.file.close()
        self.file = file
        self.edition += 1

    def get(self, key):
        """The text of ``key``."""
        slot = key_hash(key) % _SLOTS
        for _ in range(_SLOTS):
            offset = self._u16(_TABLE + 2 * slot)
            if not offset:
                break
            if self._is_key(offset, key):
                length = self._u16(offset + 1 + len(key))
                return self._text(length)
            slot = (slot + 1) % _SLOTS
        return key

    def named(self, text, mode):
        """``text`` with its button marks named as this board's buttons in
        ``mode``; a button the board has not there is left out of a choice
        of two ("[LEFT]/[RIGHT]"), and elsewhere makes the text ""."""
        if self.buttons is None or "[" not in text:
            return text
        names = self.buttons[mode]
        for button in range(8):
            mark = _MARKS[button]
            if mark in text:
                if names[button] is not None:
                    text = text.replace(mark, names[button])
                elif mark + "/" in text:
                    text = text.replace(mark + "/", "")
                elif "/" + mark in text:
                    text = text.replace("/" + mark, "")
                else:
                    return ""
        return text

    def fill(self, key, *values):
        """The text of ``key`` with ``values`` in its {0}, {1} ..."""
        return self.get(key).format(*values)

    def _text(self, length):
        """The next ``length`` bytes of the file as text: read into the
        kept buffer, so that only the string is made."""
        if length > len(self.buffer):
            self.buffer = memoryview(bytearray(length))
        view = self.buffer[:length]
        self.file.readinto(view)
        return str(view, "utf-8")

    def _u16(self, at):
        file = self.file
        file.seek(at)
        file.readinto(self.two)
        return self.two[0] | self.two[1] << 8

    def _is_key(self, offset, key):
        """True when the entry at ``offset`` is ``key`` (compared without allocating)."""
        file = self.file
        file.seek(offset)
        file.readinto(self.key)
        if self.key[0] != len(key):
            return False
        at = 1
        for char in key:
            if self.key[at] != ord(char):
                return False
            at += 1
        return True

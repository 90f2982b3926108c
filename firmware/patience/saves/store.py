"""The persistent store: settings, statistics and games in progress in NVM.

``Store(microcontroller.nvm)``; ``store.load()`` gives a ``Saved`` (see
``records``), defaults when there is nothing (good) to load;
``store.save(saved)`` returns True or False. What to tell the player, as a
word key (words/*.txt) and its values: ``store.problem`` (why saves are
off, when ``store.enabled`` is False) and ``store.notice`` (what went wrong
loading or saving, None when nothing did).
"""

# The NVM is split into two slots (its halves, at most 4096 bytes each). Each
# save writes a whole record into the slot NOT holding the newest valid
# record, so the newest good record is never written over; loading takes the
# valid record with the newest sequence number. The NVM is read once, in one
# slice, when the store starts (an ESP32 loads its whole NVS blob into an 8 KB
# heap buffer for every access), and each save is one slice write (each write
# is an erase cycle of the whole NVM on a SAMD51 and an ESP32, of a 4 KB page
# on an nRF52840: docs/saves.md says what a power cut can cost on each).
#
# Record (little-endian)::
#
#     0    magic b"PS"
#     2    format version (1)
#     3    0 (reserved)
#     4    sequence number: 16 bits, compared by serial-number arithmetic
#     6    payload length L
#     8    payload (layout in records.py)
#     8+L  CRC-16 of bytes 0 .. 8+L, magic included
#
# The header layout and the CRC place are the same in every format version,
# so an intact record of another version is told apart from a damaged one; a
# torn record fails its CRC and the other slot loads.

from .model import Saved
from ..core.gamefile import crc16, put16
from .records import payload_size, write_payload
from .slots import DAMAGED, EMPTY, FORMAT, HEADER, MAGIC, VALID, newer


class Store:
    """Saves and loads a ``Saved`` in two alternating NVM slots.

    ``Store(nvm)`` reads the NVM, or opens ``image``, its bytes read
    before (slots.read; record_reader.py checks the NVM and unpacks them: only
    the start needs it, and a save loads none of it);
    ``Store(nvm, memo)`` takes up where a store that gave ``memo()`` left
    off, without reading it again (the keeper keeps only that between
    saves, so that this module can be let go).
    """

    def __init__(self, nvm, memo=None, image=None):
        self.nvm = nvm
        self.enabled = False
        self.problem = None  # type: tuple  # (word key, values...)
        self.notice = None  # type: tuple
        self.dropped_undo = 0   # undo steps left out of the last save
        self.dropped_redo = 0   # redo steps left out of the last save
        self.slot_size = 0
        # per slot (filled in by record_reader.py at the start, then by each save):
        self.states = [EMPTY, EMPTY]
        self.seqs = [None, None]  # its record's sequence number
        self.lens = [0, 0]  # its record's payload length
        self.newest = -1  # the slot of the newest valid record, -1 for none
        self.opened = None  # the Saved read at the start (record_reader.py), until load()
        if nvm is None:
            self.problem = ("save.off_no_nvm",)
        elif memo is not None:
            self.slot_size, self.newest, self.seqs[0], self.seqs[1] = memo
            self.enabled = True
        else:
            from .record_reader import open_store  # only the start reads: its own module
            open_store(self, image)

    def load(self):
        """The newest saved ``Saved`` (read when the store started), or
        defaults (see ``notice``); given once."""
        saved, self.opened = self.opened, None
        return saved or Saved()

    # -- writing ---------------------------------------------------------

    def save(self, saved):
        """Write ``saved``; True when done. False: saves are off or failed
        (then ``notice`` says why; the previous save stays loadable)."""
        if not self.enabled:
            return False
        size = self.slot_size
        try:
            buf = bytearray(min(size, HEADER + payload_size(saved) + 2))
            end, self.dropped_undo, self.dropped_redo = \
                write_payload(saved, buf, HEADER, len(buf) - 2)
        except MemoryError:
            self.notice = ("save.failed_memory",)
            return False
        target = 1 - self.newest if self.newest >= 0 else 0
        seq = (self._latest_seq() + 1) & 0xFFFF
        buf[0] = MAGIC[0]
        buf[1] = MAGIC[1]
        buf[2] = FORMAT
        buf[3] = 0
        put16(buf, 4, seq)
        put16(buf, 6, end - HEADER)
        put16(buf, end, crc16(buf, 0, end))
        base = target * size
        self.states[target] = DAMAGED
        try:
            self.nvm[base:base + end + 2] = memoryview(buf)[0:end + 2]
        except (OSError, RuntimeError) as error:
            print("save failed:", error)
            self.notice = ("save.failed",)
            return False
        self.states[target] = VALID
        self.seqs[target] = seq
        self.lens[target] = end - HEADER
        self.newest = target
        return True

    def _latest_seq(self):
        """The sequence number to follow: the newest valid record's, or with
        none valid the newest readable in either slot (0 if none), so that a
        damaged record never looks newer than the next save."""
        if self.newest >= 0:
            return self.seqs[self.newest]
        latest = 0
        for seq in self.seqs:
            if seq is not None and newer(seq, latest):
                latest = seq
        return latest

    def memo(self):
        """What a later ``Store(nvm, memo)`` needs to save on from here."""
        return self.slot_size, self.newest, self.seqs[0], self.seqs[1]

    def take_notice(self):
        """The notice (or None), cleared so that it is shown once."""
        notice, self.notice = self.notice, None
        return notice

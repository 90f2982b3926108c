"""The tables and lists a solver search works in.

``ExactTable`` (host) is the set of the keys seen, kept whole. ``HashTable``
(device) is one preallocated bytearray of 8-byte slots holding two
independent 30-bit hashes of each key (four 15-bit polynomial hashes, every
step below 2**30 so nothing allocates on a board); two different keys share
both with a chance of about 2**-60. ``Workspace`` holds the search's lists,
made once. Each table has ``visit(key)`` (True if new), ``clear()`` and
``capacity()``.
"""

from micropython import const

UNLIMITED = const(1 << 29)
_ROOM = const(256)           # stack and log entries made at once when unbounded
_PRIME_A = const(32749)      # hash lanes: (lane * multiplier + byte) % prime
_PRIME_B = const(32719)


class ExactTable:
    """The set of keys seen, kept whole (host)."""

    def __init__(self):
        self.keys = set()

    def clear(self):
        """Forget every key."""
        self.keys = set()

    def capacity(self):
        """As many keys as memory allows."""
        return UNLIMITED

    def visit(self, key):
        """Remember ``key``; True if it is new."""
        keys = self.keys
        size = len(keys)
        keys.add(key)
        return len(keys) != size

    def __len__(self):
        return len(self.keys)


class HashTable:
    """A fixed set of ``slots`` keys (a power of two) as hash pairs, in one
    preallocated bytearray of 8 bytes per slot; open addressing."""

    def __init__(self, slots):
        self.mask = slots - 1
        self.data = bytearray(8 * slots)
        self.count = 0

    def clear(self):
        """Forget every key (the memory stays allocated)."""
        data = self.data
        for i in range(len(data)):
            data[i] = 0
        self.count = 0

    def capacity(self):
        """How many keys it holds before probing gets slow (three quarters)."""
        return (self.mask + 1) * 3 // 4

    def visit(self, key):
        """Remember ``key``; True if it is new."""
        a = b = c = d = 0
        for byte in key:
            a = (a * 32719 + byte) % _PRIME_A
            b = (b * 31337 + byte) % _PRIME_B
            c = (c * 30011 + byte) % _PRIME_A
            d = (d * 29989 + byte) % _PRIME_B
        first = (a << 15 | b) + 1    # never 0, which marks an empty slot
        second = c << 15 | d
        data = self.data
        slot = first & self.mask
        while True:
            at = 8 * slot
            stored = data[at] | data[at + 1] << 8 | data[at + 2] << 16 | data[at + 3] << 24
            if not stored:
                _put30(data, at, first)
                _put30(data, at + 4, second)
                self.count += 1
                return True
            if stored == first and second == (data[at + 4] | data[at + 5] << 8
                                              | data[at + 6] << 16 | data[at + 7] << 24):
                return False
            slot = (slot + 1) & self.mask

    def __len__(self):
        return self.count


def _put30(data, at, value):
    """Store a value below 2**30 in four bytes, low byte first."""
    data[at] = value & 255
    data[at + 1] = (value >> 8) & 255
    data[at + 2] = (value >> 16) & 255
    data[at + 3] = value >> 24


class Workspace:
    """The lists a search works in, made once and used again: the undo log,
    the untried moves of every position on the line (a child's go right
    above what is left of its parent's) and where each depth's begin and
    end. They grow by doubling when full and never shrink, so a device that
    keeps one (with its table) does not cut its heap into pieces."""

    def __init__(self, depth=UNLIMITED):
        room = min(depth, _ROOM) + 1
        self.log = [0] * room
        self.pending = [0] * (8 * room)
        self.starts = [0] * room
        self.ends = [0] * room

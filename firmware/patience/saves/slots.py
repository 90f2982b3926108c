"""What the store's two halves (store.py writing, record_reader.py reading) agree
on: how large a slot is, a record's header, the state a slot can be in,
the order of sequence numbers; and the one read of the NVM."""

from micropython import const

SLOT_MAX = const(4096)  # the NVM's two halves are the slots, this size at most
SLOT_MIN = const(512)

MAGIC = b"PS"
FORMAT = const(1)
HEADER = const(8)

EMPTY = const(0)     # never written (all 0x00 or all 0xFF header)
VALID = const(1)     # intact record of this format
DAMAGED = const(2)   # anything else
FOREIGN = const(3)   # intact record of another format version


def newer(a, b):
    """True when sequence number a comes after b (16-bit serial arithmetic)."""
    return 0 < ((a - b) & 0xFFFF) < 0x8000


def read(nvm):
    """Both slots' bytes, read from ``nvm`` in one slice; None when the
    heap has no room for them."""
    try:
        return nvm[0:2 * min(len(nvm) // 2, SLOT_MAX)]
    except MemoryError:
        return None

"""What the store's two halves (store.py writing, opening.py reading) agree
on: a record's header, the state a slot can be in, the order of sequence
numbers."""

from micropython import const

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

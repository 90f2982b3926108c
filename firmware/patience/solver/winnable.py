"""Which deals are proved winnable: ``winnable/<game>.bin`` on the drive.

Each file holds 1,024 bytes, one bit per deal 1..8192: bit ``(d-1) % 8`` of
byte ``(d-1) // 8`` is set when the host solver won deal d and its line won
on the engine (``patience-solve --bitsets``; the time limit used is in
docs/solver.md). A clear bit means "not proved", not "lost".
"""

from micropython import const

LAST_DEAL = const(8192)
_BYTE = bytearray(1)   # the one byte read; made once


def is_winnable(name, deal, root=""):
    """True when deal ``deal`` of game ``name`` is marked proved winnable.

    Reads one byte of ``root + "winnable/" + name + ".bin"``; False for a
    deal outside 1..8192 or when the file is missing.
    """
    if not 1 <= deal <= LAST_DEAL:
        return False
    try:
        with open(root + "winnable/" + name + ".bin", "rb") as bits:
            bits.seek((deal - 1) >> 3)
            if bits.readinto(_BYTE) != 1:
                return False
    except OSError:
        return False
    return bool(_BYTE[0] >> ((deal - 1) & 7) & 1)


def pick(name, start, root=""):
    """The first deal marked winnable at or after deal ``start`` (1..8192),
    going round to deal 1 after 8192; None when no deal is marked or the
    file is missing. Reads one byte at a time, so nothing is allocated."""
    start = (start - 1) % LAST_DEAL
    try:
        with open(root + "winnable/" + name + ".bin", "rb") as bits:
            for step in range(LAST_DEAL // 8 + 1):
                at = (start >> 3) + step
                bits.seek(at % (LAST_DEAL // 8))
                if bits.readinto(_BYTE) != 1:
                    return None
                found = _BYTE[0] if step else _BYTE[0] >> (start & 7) << (start & 7)
                for bit in range(8):
                    if found >> bit & 1:
                        return (at % (LAST_DEAL // 8)) * 8 + bit + 1
    except OSError:
        pass
    return None

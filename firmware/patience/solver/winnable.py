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


def pick(name, number, root=""):
    """A deal marked winnable, chosen by ``number`` (the caller's random
    deal number) so that every marked deal is as likely as any other: the
    marked deal at place ``number`` mod their count, counted from deal 1;
    None when no deal is marked or the file is missing. Reads one byte at a
    time, so nothing is allocated."""
    try:
        with open(root + "winnable/" + name + ".bin", "rb") as bits:
            count = _marked(bits, -1)
            return _marked(bits, number % count) if count else None
    except OSError:
        return None


def _marked(bits, place):
    """With ``place`` < 0 the count of the deals marked in ``bits``; else
    the deal marked at ``place`` (from 0), or None."""
    bits.seek(0)
    count = 0
    for at in range(LAST_DEAL // 8):
        if bits.readinto(_BYTE) != 1:
            break
        byte = _BYTE[0]
        if not byte:
            continue
        for bit in range(8):
            if byte >> bit & 1:
                if count == place:
                    return 8 * at + bit + 1
                count += 1
    return count if place < 0 else None

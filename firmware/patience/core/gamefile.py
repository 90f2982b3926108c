"""Games as bytes: the save format that ``to_bytes`` writes (gameread.py
reads it back: only a resume needs that half).

Layout (little-endian): b"CP", version, the game's save NUMBER, deal number (4 bytes),
the position (``Game.state``), done and recorded history counts (2 bytes
each), ``recorded`` history entries of 4 bytes, then a CRC-16 of all of it.
"""

from micropython import const

MAGIC = b"CP"
VERSION = const(1)
HEADER = const(8)


# -- CRC-16/CCITT-FALSE and 16-bit fields, shared with the store (records) ---

_CRC_HI = None
_CRC_LO = None


def _crc_tables():
    global _CRC_HI, _CRC_LO
    hi = bytearray(256)
    lo = bytearray(256)
    for i in range(256):
        crc = i << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) & 0xFFFF if crc & 0x8000 else (crc << 1) & 0xFFFF
        hi[i] = crc >> 8
        lo[i] = crc & 0xFF
    _CRC_HI, _CRC_LO = hi, lo


def crc16(data, start, stop, crc=0xFFFF):
    """CRC-16/CCITT-FALSE of data[start:stop]: table-driven, small ints only."""
    if _CRC_HI is None:
        _crc_tables()
    hi = _CRC_HI
    lo = _CRC_LO
    for i in range(start, stop):
        j = (crc >> 8) ^ data[i]
        crc = (((crc & 0xFF) ^ hi[j]) << 8) | lo[j]
    return crc


def put16(out, at, value):
    """Write a 16-bit value, little-endian."""
    out[at] = value & 0xFF
    out[at + 1] = (value >> 8) & 0xFF


def get16(data, at):
    """Read a 16-bit value, little-endian."""
    return data[at] | data[at + 1] << 8


def dump(game):
    """The bytes of a game: position, whole history (redo part too), CRC."""
    state_len = len(game.state)
    hist_at = HEADER + state_len + 4
    out = bytearray(hist_at + 4 * game.recorded + 2)
    out[0:2] = MAGIC
    out[2] = VERSION
    out[3] = game.rules.NUMBER
    seed = game.seed
    for i in range(4):
        out[4 + i] = (seed >> (8 * i)) & 0xFF
    out[HEADER:HEADER + state_len] = game.state
    put16(out, HEADER + state_len, game.done)
    put16(out, HEADER + state_len + 2, game.recorded)
    out[hist_at:hist_at + 4 * game.recorded] = game.history[:4 * game.recorded]
    put16(out, len(out) - 2, crc16(out, 0, len(out) - 2))
    return bytes(out)

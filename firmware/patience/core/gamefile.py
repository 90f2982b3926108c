"""Games as bytes: the save format that ``to_bytes`` writes (game_reader.py
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

def crc16(data, start, stop, crc=0xFFFF):
    """CRC-16/CCITT-FALSE of data[start:stop], a byte at a time with no
    table (the polynomial's shifts, worked out per byte; small ints only)."""
    for i in range(start, stop):
        x = (crc >> 8) ^ data[i]
        x ^= x >> 4
        crc = ((crc << 8) ^ (x << 12) ^ (x << 5) ^ x) & 0xFFFF
    return crc


def put16(out, at, value):
    """Write a 16-bit value, little-endian."""
    out[at] = value & 0xFF
    out[at + 1] = (value >> 8) & 0xFF


def get16(data, at):
    """Read a 16-bit value, little-endian."""
    return data[at] | data[at + 1] << 8


def size(game):
    """Bytes of the game's ``dump``."""
    return HEADER + len(game.state) + 6 + 4 * game.recorded


def dump(game):
    """The bytes of a game: position, whole history (redo part too), CRC."""
    out = bytearray(size(game))
    dump_into(game, out, 0)
    return bytes(out)


def dump_into(game, out, at):
    """Write the game's ``dump`` bytes into ``out`` at ``at``, with no copy
    made (a save writes the game on the table straight into its record);
    returns where they end."""
    state_len = len(game.state)
    counts = at + HEADER + state_len
    end = at + size(game)
    out[at:at + 2] = MAGIC
    out[at + 2] = VERSION
    out[at + 3] = game.rules.NUMBER
    seed = game.seed
    for i in range(4):
        out[at + 4 + i] = (seed >> (8 * i)) & 0xFF
    out[at + HEADER:counts] = game.state
    put16(out, counts, game.done)
    put16(out, counts + 2, game.recorded)
    history = memoryview(game.history)
    out[counts + 4:end - 2] = history[:4 * game.recorded]
    put16(out, end - 2, crc16(out, at, end - 2))
    return end

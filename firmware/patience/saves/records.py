"""What the store keeps, as bytes: a ``Saved`` (see kept.py) packed.

``write_payload`` packs one into a buffer, trimming undo history when the
games do not fit (opening.py checks and unpacks such bytes at the start).
Only a save needs this module (the keeper lets it go between saves).
"""

# Payload layout, format 1 (little-endian; readers skip fields they do not
# know and use defaults for fields that are missing, so fields can be added
# at the end of a section without a new format)::
#
#     settings length S (1 byte), then S bytes:
#         last game's NUMBER, language (0 en, 1 fr), brightness 0-255,
#         flags (bit 0: winnable deals only, bit 1: sound off)
#     game count G (1), stat field count F (1), then G x F counters (2 bytes):
#         played, won, current streak, best streak, best score
#     G times: blob length (2 bytes, 0 = no game in progress), blob
#
# Trimming (trimming.py) drops redo steps first, then the OLDEST undo steps:
# the position is unchanged and undo still works back through every step kept.

from micropython import const

from ..core.gamefile import HEADER as BLOB_HEADER, put16
from ..games import state_len
from .kept import COUNTER_MAX, GAME_COUNT, STATS_FIELDS

SETTINGS_LEN = const(4)



# -- packing --------------------------------------------------------------

def fixed_size():
    """Payload bytes besides the game blobs."""
    return 1 + SETTINGS_LEN + 2 + 2 * GAME_COUNT * STATS_FIELDS + 2 * GAME_COUNT


def payload_size(saved):
    """Bytes ``write_payload`` needs for ``saved`` with no history left out."""
    size = fixed_size()
    for game in saved.games:
        if isinstance(game, (bytes, bytearray)):
            size += len(game)
        elif game is not None:
            size += BLOB_HEADER + len(game.state) + 6 + 4 * game.recorded
    return size


def _blob_of(game):
    """A game entry as bytes: None, a blob, or anything with to_bytes()."""
    if game is None or isinstance(game, (bytes, bytearray)):
        return game
    return game.to_bytes()


def write_payload(saved, out, at, stop):
    """Pack ``saved`` into out[at:stop]; returns (end, undo dropped, redo dropped).

    Games whose blobs do not fit lose history (see trimming.py): first the
    redo steps of all games, then undo steps, shared so that short histories
    are kept whole and the longest are cut. A game that cannot fit even
    without history (only on a store smaller than the minimum) is left out.
    """
    s = saved.settings
    out[at] = SETTINGS_LEN
    out[at + 1] = s.last_game & 0xFF
    out[at + 2] = s.language & 0xFF
    out[at + 3] = max(0, min(255, s.brightness))
    out[at + 4] = (1 if s.winnable_only else 0) | (0 if s.sound else 2)
    p = at + 1 + SETTINGS_LEN
    out[p] = GAME_COUNT
    out[p + 1] = STATS_FIELDS
    p += 2
    for g in range(GAME_COUNT):
        for value in saved.stats[g].fields():
            put16(out, p, max(0, min(COUNTER_MAX, value)))
            p += 2
    blobs = [_blob_of(saved.games[g]) for g in range(GAME_COUNT)]
    room = stop - p - 2 * GAME_COUNT
    need = 0
    for blob in blobs:
        if blob is not None:
            need += len(blob)
    if need > room:  # rare: only then is the trimming code loaded
        from .trimming import write_trimmed  # pylint: disable=import-outside-toplevel
        return write_trimmed(blobs, room, s.last_game if state_len(s.last_game) else 0, out, p)
    for blob in blobs:
        size = 0 if blob is None else len(blob)
        put16(out, p, size)
        if size:
            out[p + 2:p + 2 + size] = blob
        p += 2 + size
    return p, 0, 0

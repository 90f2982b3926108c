"""What the store keeps, as bytes: a ``Saved`` (see model.py) packed.

``write_payload`` packs one into a buffer, trimming undo history when the
games do not fit (record_reader.py checks and unpacks such bytes at the start).
Only a save needs this module (the keeper lets it go between saves).
"""

# Payload layout, format 1 (little-endian; readers skip fields they do not
# know and use defaults for fields that are missing, so fields can be added
# at the end of a section without a new format)::
#
#     settings length S (1 byte), then S bytes:
#         last game's NUMBER, language (0 en, 1 fr), brightness 0-255,
#         flags (bit 0: winnable deals only, bit 1: sound off),
#         then G bytes, what each game's deal has counted for (model.Saved.deals)
#     game count G (1), stat field count F (1), then G x F counters (2 bytes):
#         played, won, current streak, best streak, best score
#     G times: blob length (2 bytes, 0 = no game in progress), blob
#
# Trimming (history_trim.py) drops redo steps first, then the OLDEST undo steps:
# the position is unchanged and undo still works back through every step kept.

from ..core.gamefile import dump_into, put16, size as dump_size
from ..games import state_len
from .model import COUNTER_MAX, GAME_COUNT, STATS_FIELDS

SETTINGS_LEN = 4 + GAME_COUNT  # the four settings, then the deals' bytes
_BLOB = (bytes, bytearray)  # a game entry already in bytes (made once, not per test)



# -- packing --------------------------------------------------------------

def fixed_size():
    """Payload bytes besides the game blobs."""
    return 1 + SETTINGS_LEN + 2 + 2 * GAME_COUNT * STATS_FIELDS + 2 * GAME_COUNT


def payload_size(saved):
    """Bytes ``write_payload`` needs for ``saved`` with no history left out."""
    size = fixed_size()
    for game in saved.games:
        if game is not None:
            size += _size_of(game)
    return size


def _size_of(game):
    """Bytes of a game entry that is not None: a blob or a live game."""
    return len(game) if isinstance(game, _BLOB) else dump_size(game)


def _blob_of(game):
    """A game entry as bytes: None, a blob, or anything with to_bytes()."""
    if game is None or isinstance(game, _BLOB):
        return game
    return game.to_bytes()


def write_payload(saved, out, at, stop):
    """Pack ``saved`` into out[at:stop]; returns (end, undo dropped, redo dropped).

    Games whose blobs do not fit lose history (see history_trim.py): first the
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
    out[at + 5:at + 5 + GAME_COUNT] = saved.deals
    p = at + 1 + SETTINGS_LEN
    out[p] = GAME_COUNT
    out[p + 1] = STATS_FIELDS
    p += 2
    for g in range(GAME_COUNT):
        for value in saved.stats[g].fields():
            put16(out, p, max(0, min(COUNTER_MAX, value)))
            p += 2
    games = saved.games
    room = stop - p - 2 * GAME_COUNT
    need = 0
    for game in games:
        if game is not None:
            need += _size_of(game)
    if need > room:  # rare: only then is the trimming code loaded
        from .history_trim import write_trimmed  # pylint: disable=import-outside-toplevel
        blobs = [_blob_of(game) for game in games]
        return write_trimmed(blobs, room, s.last_game if state_len(s.last_game) else 0, out, p)
    for game in games:
        size = 0 if game is None else _size_of(game)
        put16(out, p, size)
        if isinstance(game, _BLOB):
            out[p + 2:p + 2 + size] = game
        elif size:
            dump_into(game, out, p + 2)  # the game on the table: no blob made
        p += 2 + size
    return p, 0, 0

"""What the store keeps, as bytes: a ``Saved`` (see kept.py) packed and unpacked.

``write_payload`` packs one into a buffer, trimming undo history when the
games do not fit; ``check_payload`` walks packed bytes without allocating;
``read_payload`` unpacks them. Only a save or the start needs this module
(the keeper lets it go between saves).

Payload layout, format 1 (little-endian; readers skip fields they do not
know and use defaults for fields that are missing, so fields can be added
at the end of a section without a new format)::

    settings length S (1 byte), then S bytes:
        last game's NUMBER, language (0 en, 1 fr), brightness 0-255,
        flags (bit 0: winnable deals only, bit 1: sound off)
    game count G (1), stat field count F (1), then G x F counters (2 bytes):
        played, won, current streak, best streak, best score
    G times: blob length (2 bytes, 0 = no game in progress), blob

``trim_history(blob, max_len)`` cuts a game blob down to ``max_len`` bytes by
dropping redo steps, then the OLDEST undo steps: the position is unchanged
and undo still works back through every step kept.
"""

from micropython import const

from ..core.gamefile import crc16, get16, put16
from ..games import GAMES, number, state_len
from .kept import COUNTER_MAX, GAME_COUNT, LANGUAGES, STATS_FIELDS, Saved

SETTINGS_LEN = const(4)

# Game blobs (see gamefile.py): 8 header bytes, the position, done and
# recorded counts (2 bytes each), 4 bytes per history step, CRC-16.
_BLOB_HEADER = const(8)
_BLOB_MAGIC0 = const(0x43)  # "C"
_BLOB_MAGIC1 = const(0x50)  # "P"
_BLOB_VERSION = const(1)


def blob_floor(number):
    """Bytes of a game blob with no history at all (0 for an unknown game)."""
    size = state_len(number)
    return _BLOB_HEADER + size + 4 + 2 if size else 0


# -- game blobs -----------------------------------------------------------

def blob_info(blob):
    """(state length, done, recorded) of a game blob; ValueError if malformed.

    Checks the header and that the length matches the counts; the CRC is
    checked by ``trim_history`` (and by ``load_game``), not here.
    """
    length = len(blob)
    if length < _BLOB_HEADER + 6 or blob[0] != _BLOB_MAGIC0 or blob[1] != _BLOB_MAGIC1:
        raise ValueError("not a saved game")
    if blob[2] != _BLOB_VERSION:
        raise ValueError("saved game has version %d, not %d" % (blob[2], _BLOB_VERSION))
    size = state_len(blob[3])
    if not size:
        raise ValueError("saved game names unknown game number %d" % blob[3])
    counts = _BLOB_HEADER + size
    if length < counts + 6:
        raise ValueError("saved game is truncated (%d bytes)" % length)
    done = get16(blob, counts)
    recorded = get16(blob, counts + 2)
    if done > recorded or length != counts + 6 + 4 * recorded:
        raise ValueError("saved game is damaged (history counts)")
    return size, done, recorded


def trim_into(blob, keep, out, at):
    """Write ``blob`` keeping ``keep`` history steps into ``out`` at ``at``.

    Redo steps go first (the farthest ones first), then the oldest undo
    steps. Returns (end offset, undo steps dropped, redo steps dropped).
    Copies through memoryviews: no copy of the blob is made.
    """
    size, done, recorded = blob_info(blob)
    counts = _BLOB_HEADER + size
    if keep >= recorded:
        end = at + len(blob)
        out[at:end] = blob
        return end, 0, 0
    if keep < 0:
        keep = 0
    new_done = done if keep >= done else keep
    first = done - new_done          # oldest undo steps dropped
    src = memoryview(blob)
    dst = memoryview(out)
    dst[at:at + counts] = src[0:counts]
    put16(out, at + counts, new_done)
    put16(out, at + counts + 2, keep)
    hist = counts + 4
    dst[at + hist:at + hist + 4 * keep] = src[hist + 4 * first:hist + 4 * (first + keep)]
    end = at + hist + 4 * keep
    put16(out, end, crc16(out, at, end))
    return end + 2, first, recorded - done - (keep - new_done)


def trim_history(blob, max_len):
    """(blob of at most ``max_len`` bytes, history steps dropped).

    Drops redo steps first, then the oldest undo steps; the position is
    unchanged and undo works back through every kept step, stopping at the
    position reached after the dropped steps. Returns the blob itself when
    it already fits. ValueError when the blob is damaged or ``max_len`` is
    below the size of the position alone.
    """
    size, done, recorded = blob_info(blob)
    if len(blob) <= max_len:
        return blob, 0
    end = len(blob) - 2
    if crc16(blob, 0, end) != get16(blob, end):
        raise ValueError("saved game is damaged (checksum mismatch)")
    floor = _BLOB_HEADER + size + 6
    if max_len < floor:
        raise ValueError("a saved game needs at least %d bytes, not %d" % (floor, max_len))
    keep = (max_len - floor) // 4
    out = bytearray(floor + 4 * keep)
    trim_into(blob, keep, out, 0)
    return bytes(out), recorded - keep


# -- packing --------------------------------------------------------------

def fixed_size():
    """Payload bytes besides the game blobs."""
    return 1 + SETTINGS_LEN + 2 + 2 * GAME_COUNT * STATS_FIELDS + 2 * GAME_COUNT


def _share(wants, total, first):
    """Split ``total`` among ``wants`` (max-min fair); leftovers from ``first`` on."""
    count = len(wants)
    got = [0] * count
    left = total
    while left > 0:
        hungry = 0
        for i in range(count):
            if got[i] < wants[i]:
                hungry += 1
        if hungry == 0:
            break
        each = left // hungry
        if each == 0:
            for k in range(count):
                i = (first + k) % count
                if left and got[i] < wants[i]:
                    got[i] += 1
                    left -= 1
            break
        for i in range(count):
            give = min(each, wants[i] - got[i])
            got[i] += give
            left -= give
    return got


def payload_size(saved):
    """Bytes ``write_payload`` needs for ``saved`` with no history left out."""
    size = fixed_size()
    for game in saved.games:
        if isinstance(game, (bytes, bytearray)):
            size += len(game)
        elif game is not None:
            size += _BLOB_HEADER + len(game.state) + 6 + 4 * game.recorded
    return size


def _blob_of(game):
    """A game entry as bytes: None, a blob, or anything with to_bytes()."""
    if game is None or isinstance(game, (bytes, bytearray)):
        return game
    return game.to_bytes()


def write_payload(saved, out, at, stop):
    """Pack ``saved`` into out[at:stop]; returns (end, undo dropped, redo dropped).

    Games whose blobs do not fit lose history (see ``trim_into``): first the
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
    undo_dropped = redo_dropped = 0
    keeps = None
    if need > room:
        current = s.last_game if state_len(s.last_game) else 0
        keeps, blobs = _plan(blobs, room, current)
    for g in range(GAME_COUNT):
        blob = blobs[g]
        if blob is None:
            put16(out, p, 0)
            p += 2
            continue
        if keeps is None:
            put16(out, p, len(blob))
            out[p + 2:p + 2 + len(blob)] = blob
            p += 2 + len(blob)
            continue
        end, undo, redo = trim_into(blob, keeps[g], out, p + 2)
        put16(out, p, end - p - 2)
        p = end
        undo_dropped += undo
        redo_dropped += redo
    return p, undo_dropped, redo_dropped


def _plan(blobs, room, first):
    """History steps to keep per game so that the blobs fit in ``room``.

    Returns (keeps, blobs): blobs that are malformed or cannot fit even
    without history are replaced by None.
    """
    done = [0] * GAME_COUNT
    redo = [0] * GAME_COUNT
    floor = 0
    blobs = list(blobs)
    for g in range(GAME_COUNT):
        if blobs[g] is None:
            continue
        try:
            size, done[g], recorded = blob_info(blobs[g])
        except ValueError:
            blobs[g] = None
            continue
        redo[g] = recorded - done[g]
        floor += _BLOB_HEADER + size + 6
    for k in range(GAME_COUNT - 1, -1, -1):
        if floor <= room:
            break
        g = (first + k) % GAME_COUNT    # smaller than the minimum store:
        if blobs[g] is not None:        # leave games out, the current one last
            floor -= _BLOB_HEADER + state_len(blobs[g][3]) + 6
            blobs[g] = None
            done[g] = redo[g] = 0
    steps = (room - floor) // 4
    total_done = sum(done)
    if total_done >= steps:
        return _share(done, steps, first), blobs
    extra = _share(redo, steps - total_done, first)
    return [done[g] + extra[g] for g in range(GAME_COUNT)], blobs


def check_payload(data, at, stop):
    """True when data[at:stop] has the payload structure (no allocation)."""
    if at >= stop:
        return False
    p = at + 1 + data[at]
    if p + 2 > stop:
        return False
    count = data[p]
    fields = data[p + 1]
    p += 2 + 2 * count * fields
    for _ in range(count):
        if p + 2 > stop:
            return False
        p += 2 + get16(data, p)
    return p == stop


def read_payload(data, at, stop):
    """A ``Saved`` from data[at:stop] (checked by ``check_payload`` first)."""
    saved = Saved()
    s = saved.settings
    length = data[at]
    p = at + 1
    if length >= 4:
        s.last_game = data[p] if state_len(data[p]) else number(GAMES[0])
        s.language = data[p + 1] if data[p + 1] < len(LANGUAGES) else 0
        s.brightness = data[p + 2]
        s.winnable_only = bool(data[p + 3] & 1)
        s.sound = not data[p + 3] & 2
    p += length
    count = data[p]
    fields = data[p + 1]
    p += 2
    for g in range(count):
        if g < GAME_COUNT:
            stats = saved.stats[g]
            values = [get16(data, p + 2 * f) if f < fields else 0 for f in range(STATS_FIELDS)]
            stats.played, stats.won, stats.streak, stats.best_streak, stats.best_score = values
        p += 2 * fields
    view = memoryview(data)
    for g in range(count):
        length = get16(data, p)
        if g < GAME_COUNT and length:
            saved.games[g] = bytes(view[p + 2:p + 2 + length])
        p += 2 + length
    return saved

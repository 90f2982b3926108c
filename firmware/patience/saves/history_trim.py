"""Trimming history when the games do not fit: a game blob cut down to
fewer undo and redo steps, and how many steps each game keeps.

records.write_payload loads it only when the games outgrow the slot, so
that most saves compile less from .py; a blob keeps its position and undo
still works back through every step kept.
"""

from ..core.gamefile import HEADER as BLOB_HEADER, MAGIC, VERSION, crc16, get16, put16
from ..games import state_len
from .model import GAME_COUNT


def blob_floor(number):
    """Bytes of a game blob with no history at all (0 for an unknown game)."""
    size = state_len(number)
    return BLOB_HEADER + size + 4 + 2 if size else 0


# -- game blobs -----------------------------------------------------------

def blob_info(blob):
    """(state length, done, recorded) of a game blob; ValueError if malformed.

    Checks the header and that the length matches the counts; the CRC is
    checked by ``trim_history`` (and by ``load_game``), not here.
    """
    length = len(blob)
    if length < BLOB_HEADER + 6 or blob[0] != MAGIC[0] or blob[1] != MAGIC[1]:
        raise ValueError("not a saved game")
    if blob[2] != VERSION:
        raise ValueError("saved game has version %d, not %d" % (blob[2], VERSION))
    size = state_len(blob[3])
    if not size:
        raise ValueError("saved game names unknown game number %d" % blob[3])
    counts = BLOB_HEADER + size
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
    counts = BLOB_HEADER + size
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
    floor = BLOB_HEADER + size + 6
    if max_len < floor:
        raise ValueError("a saved game needs at least %d bytes, not %d" % (floor, max_len))
    keep = (max_len - floor) // 4
    out = bytearray(floor + 4 * keep)
    trim_into(blob, keep, out, 0)
    return bytes(out), recorded - keep


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
        floor += BLOB_HEADER + size + 6
    for k in range(GAME_COUNT - 1, -1, -1):
        if floor <= room:
            break
        g = (first + k) % GAME_COUNT    # smaller than the minimum store:
        if blobs[g] is not None:        # leave games out, the current one last
            floor -= BLOB_HEADER + state_len(blobs[g][3]) + 6
            blobs[g] = None
            done[g] = redo[g] = 0
    steps = (room - floor) // 4
    total_done = sum(done)
    if total_done >= steps:
        return _share(done, steps, first), blobs
    extra = _share(redo, steps - total_done, first)
    return [done[g] + extra[g] for g in range(GAME_COUNT)], blobs


def write_trimmed(blobs, room, first, out, p):
    """Write the game ``blobs`` (None for no game) into ``out`` from ``p``,
    each with its length, trimmed so that together they fit in ``room``
    (leftover steps go to the games from ``first`` on); returns (end, undo
    steps dropped, redo steps dropped)."""
    keeps, blobs = _plan(blobs, room, first)
    undo_dropped = redo_dropped = 0
    for g in range(GAME_COUNT):
        blob = blobs[g]
        if blob is None:
            put16(out, p, 0)
            p += 2
            continue
        end, undo, redo = trim_into(blob, keeps[g], out, p + 2)
        put16(out, p, end - p - 2)
        p = end
        undo_dropped += undo
        redo_dropped += redo
    return p, undo_dropped, redo_dropped

"""Reading the saves when the board starts: which of the store's two slots
holds the newest good record, what to tell the player about the other, and
that record's payload (layout in records.py) unpacked into a ``Saved``.

Only the start needs this (store.Store reads the NVM once, then imports
this module); the keeper lets it go with the rest of the save code, and a
save compiles none of it.
"""

from ..core.gamefile import crc16, get16
from ..games import GAMES, number, state_len
from .model import GAME_COUNT, LANGUAGES, STATS_FIELDS, Saved
from .slots import (DAMAGED, EMPTY, FOREIGN, FORMAT, HEADER, MAGIC, SLOT_MAX, SLOT_MIN, VALID,
                    newer, read)


def open_store(store, image):
    """Open ``store`` (a store.Store) on its NVM, read now unless ``image``
    holds its bytes: its slot size, its slots' states and the newest
    ``Saved`` (``store.load()`` gives it), or the problem that turns saves off."""
    size = len(store.nvm)
    if size < 2 * SLOT_MIN:
        store.problem = ("save.off_small", size, 2 * SLOT_MIN)
        return
    store.slot_size = min(size // 2, SLOT_MAX)
    if image is None:
        image = read(store.nvm)  # the one read
    if image is None:
        store.problem = ("save.off_memory",)
        return
    store.enabled = True
    store.opened = open_slots(store, image)


def open_slots(store, image):
    """Classify both slots of ``image`` (the NVM's two slots, read once)
    into ``store``, choose the newest valid one, and return its ``Saved``
    (defaults when there is none)."""
    for slot in (0, 1):
        _classify(store, image, slot)
    _choose(store)
    slot = store.newest
    if slot < 0:
        return Saved()
    start = slot * store.slot_size + HEADER
    return read_payload(image, start, start + store.lens[slot])


def _classify(store, image, slot):
    """Set the state, sequence number and payload length of a slot. A
    damaged record keeps the number its header holds, whichever of its
    bytes were hit (the best guess of whether it was the newer one), unless
    its header starts as an erased one: then it has none."""
    base = slot * store.slot_size
    length = get16(image, base + 6)
    store.seqs[slot] = get16(image, base + 4)
    store.lens[slot] = length
    state = DAMAGED
    if image[base] == MAGIC[0] and image[base + 1] == MAGIC[1]:
        end = base + HEADER + length
        if end + 2 <= base + store.slot_size and crc16(image, base, end) == get16(image, end):
            if image[base + 2] != FORMAT:
                state = FOREIGN
            elif check_payload(image, base + HEADER, end):
                state = VALID
    else:
        first = image[base]
        if first == 0 or first == 0xFF:
            state = EMPTY
            store.seqs[slot] = None  # never written (or erased): no number
            for i in range(base + 1, base + HEADER):
                if image[i] != first:
                    state = DAMAGED
    store.states[slot] = state


def _choose(store):
    """Find the newest valid slot and the notice for the player."""
    states, seqs = store.states, store.seqs
    a, b = states[0] == VALID, states[1] == VALID
    if a and b:
        store.newest = 1 if newer(seqs[1], seqs[0]) else 0
    elif a or b:
        good = 0 if a else 1
        store.newest = good
        other = 1 - good
        if states[other] == DAMAGED:
            if seqs[other] is not None and newer(seqs[other], seqs[good]):
                store.notice = ("save.last_damaged",)
            else:
                store.notice = ("save.older_damaged",)
        elif states[other] == FOREIGN and newer(seqs[other], seqs[good]):
            store.notice = ("save.other_version",)
    else:
        store.newest = -1
        if DAMAGED in states:
            store.notice = ("save.damaged_afresh",)
        elif FOREIGN in states:
            store.notice = ("save.version_afresh",)


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
    deals = min(length - 4, GAME_COUNT)  # none in a save from before they were kept
    if deals > 0:
        saved.deals[:deals] = data[p + 4:p + 4 + deals]
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

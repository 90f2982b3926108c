"""The NVM store: round trips, damage and power cuts, trimming, the file NVM.

Every single-byte corruption, every truncation and a power cut at every
byte of a save leave the previous save loadable; trimmed game blobs load
with the same position and undo back through exactly the kept steps.
"""

import binascii
import contextlib
import io
import random
import textwrap

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import patience
from patience.games import number
from host_sim.simulator.nvm_models import ESP32, NRF52840, SAMD51, PowerCut
import vm
from host_sim.simulator.nvm_file import FileNVM
from patience.saves.model import COUNTER_MAX, GAME_COUNT, Saved, Settings, Stats
from patience.core.gamefile import crc16
from patience.saves.records import fixed_size
from patience.saves.history_trim import blob_floor, trim_history
from patience.saves.slots import DAMAGED, EMPTY, FOREIGN, HEADER, SLOT_MIN, VALID, newer
from patience.saves.store import Store



# -- helpers --------------------------------------------------------------

def play(name, seed, steps, undo_rate=0.1, redo_tail=True):
    """A game after ``steps`` random actions, undos included (and a few
    undos at the end so that the history has redo steps)."""
    rng = random.Random(seed)
    g = patience.new_game(name, seed=seed)
    for _ in range(steps):
        if rng.random() < undo_rate and g.undo():
            continue
        moves = g.moves()
        if moves and (rng.random() < 0.8 or not g.can_deal()):
            g.move(*rng.choice(moves))
        elif not g.deal() and not g.undo():
            break
    if redo_tail:
        for _ in range(rng.randrange(4)):
            g.undo()
    return g


def sample(seed, steps=40, games=True):
    """A Saved with random settings, stats and (optionally) games."""
    rng = random.Random(seed)
    saved = Saved(Settings(rng.randrange(4), rng.randrange(2), rng.randrange(256),
                           rng.random() < 0.5),
                  [Stats(*(rng.randrange(COUNTER_MAX + 1) for _ in range(5)))
                   for _ in range(GAME_COUNT)],
                  deals=bytearray(rng.randrange(8) for _ in range(GAME_COUNT)))
    if games:
        saved.games = [play(name, seed * 10 + i + 1, rng.randrange(steps + 1)).to_bytes()
                       if rng.random() < 0.85 else None
                       for i, name in enumerate(patience.games.GAMES)]
    return saved


def flat(saved):
    """Everything in a Saved as plain values, for comparing."""
    s = saved.settings
    return ((s.last_game, s.language, s.brightness, bool(s.winnable_only)),
            [stats.fields() for stats in saved.stats],
            [None if g is None else bytes(g) for g in saved.games], bytes(saved.deals))


def record_len(nvm, slot, slot_size=4096):
    """Bytes used by the record in a slot (header, payload, CRC)."""
    base = slot * slot_size
    return HEADER + (nvm[base + 6] | nvm[base + 7] << 8) + 2


def restamp(nvm, slot, seq=None, version=None):
    """Change a record's sequence number or version and fix its CRC."""
    base = slot * 4096
    if seq is not None:
        nvm[base + 4], nvm[base + 5] = seq & 0xFF, seq >> 8
    if version is not None:
        nvm[base + 2] = version
    end = record_len(nvm, slot) - 2
    crc = crc16(nvm, base, base + end)
    nvm[base + end], nvm[base + end + 1] = crc & 0xFF, crc >> 8


def two_saves(first=1, second=2, steps=40):
    """An 8 KB NVM holding save ``first`` in slot A and ``second`` in slot B."""
    nvm = bytearray(8192)
    store = Store(nvm)
    a, b = sample(first, steps), sample(second, steps)
    assert store.save(a) and store.save(b)
    return nvm, a, b


class ModelNVM:
    """A board's NVM (see host_sim.simulator.nvm_models) that loses power
    after ``steps`` erase and program steps (None: never)."""

    def __init__(self, model, image=None, steps=None):
        self.model = model
        self.image = bytearray(image) if image is not None else \
            bytearray([model.erased]) * model.size
        self.steps = steps
        self.done = 0

    def __len__(self):
        return len(self.image)

    def __getitem__(self, index):
        return self.image[index]

    def __setitem__(self, index, value):
        left = None if self.steps is None else self.steps - self.done
        try:
            erases, programs = self.model.write(self.image, index.start, bytes(value), left)
        except PowerCut:
            self.done = self.steps
            raise
        self.done += erases + programs


# -- small parts ----------------------------------------------------------

def test_crc_is_crc16_ccitt_false():
    data = b"xx123456789yy"
    assert crc16(data, 2, 11) == 0x29B1          # the standard check value
    assert crc16(data, 0, 0) == 0xFFFF
    assert crc16(b"\x00" * 4, 0, 4) != crc16(b"\x00" * 3 + b"\x01", 0, 4)


@given(st.binary(max_size=300), st.integers(0, 0xFFFF))
def test_crc_agrees_with_the_standard_crc_ccitt_on_any_bytes(data, start):
    # binascii.crc_hqx is CRC-CCITT (polynomial 0x1021, no reflection)
    assert crc16(b"ab" + data, 2, 2 + len(data), start) == binascii.crc_hqx(data, start)


def test_a_fresh_game_is_exactly_the_smallest_blob():
    for name in patience.games.GAMES:
        game = patience.new_game(name, seed=1)
        assert blob_floor(number(name)) == len(game.to_bytes())


def test_serial_numbers_wrap():
    assert newer(1, 0) and newer(0, 0xFFFF) and newer(5, 0xFFF0) and newer(0x7FFF, 0)
    assert not newer(0, 1) and not newer(0xFFFF, 0) and not newer(3, 3)
    assert not newer(0x8000, 0)


def test_minimum_slot_holds_four_games_without_history():
    """A slot of SLOT_MIN holds a record of every game in progress, each
    trimmed of all its history."""
    record = HEADER + fixed_size() + sum(blob_floor(g) for g in range(GAME_COUNT)) + 2
    assert record <= SLOT_MIN


# -- round trips ----------------------------------------------------------

def test_fresh_nvm_loads_defaults_without_notice():
    for fill in (0x00, 0xFF):
        store = Store(bytearray([fill]) * 8192)
        assert store.enabled and store.problem is None
        assert store.states == [EMPTY, EMPTY]
        assert flat(store.load()) == flat(Saved())
        assert store.notice is None


@pytest.mark.parametrize("name", patience.games.GAMES)
def test_round_trip_in_every_game(name):
    nvm = bytearray(8192)
    index = patience.games.GAMES.index(name)
    game = play(name, 7, 120)
    saved = sample(3, games=False)
    saved.settings.last_game = index
    saved.games[index] = game.to_bytes()
    assert Store(nvm).save(saved)
    store = Store(nvm)
    loaded = store.load()
    assert store.notice is None
    assert flat(loaded) == flat(saved)
    restored = patience.load_game(loaded.games[index])
    assert restored.state == game.state
    assert (restored.done, restored.recorded) == (game.done, game.recorded)
    while game.undo():
        assert restored.undo() and restored.state == game.state
    assert not restored.undo()


def test_round_trip_all_at_once_and_slots_alternate():
    nvm = bytearray(8192)
    store = Store(nvm)
    for n in range(5):
        saved = sample(n)
        assert store.save(saved)
        assert store.states[n % 2] == VALID
        again = Store(nvm)
        assert flat(again.load()) == flat(saved) and again.notice is None


def test_values_out_of_range_are_saturated_or_corrected():
    nvm = bytearray(8192)
    saved = Saved(Settings(last_game=3, language=1, brightness=999, winnable_only=True),
                  [Stats(70000, -3, 1, 2, 3) for _ in range(GAME_COUNT)])
    assert Store(nvm).save(saved)
    loaded = Store(nvm).load()
    assert loaded.settings.brightness == 255
    assert loaded.stats[0].fields() == (COUNTER_MAX, 0, 1, 2, 3)
    saved.settings = Settings(last_game=9, language=7)
    assert Store(nvm).save(saved)
    loaded = Store(nvm).load()
    assert (loaded.settings.last_game, loaded.settings.language) == (0, 0)


def test_stats_record_saturates():
    stats = Stats(played=COUNTER_MAX, won=COUNTER_MAX, streak=COUNTER_MAX)
    stats.record(True, 52)
    assert stats.fields() == (COUNTER_MAX, COUNTER_MAX, COUNTER_MAX, COUNTER_MAX, 52)
    stats.record(False, 10)
    assert stats.streak == 0 and stats.best_score == 52 and stats.best_streak == COUNTER_MAX
    fresh = Stats()
    fresh.record(True, 52)
    fresh.record(True, 52)
    fresh.record(False, 40)
    assert fresh.fields() == (3, 2, 0, 2, 52)


def test_game_objects_are_accepted_in_place_of_blobs():
    nvm = bytearray(8192)
    game = play("agnes", 4, 50)
    saved = Saved(games=[None, game, None, None])
    assert Store(nvm).save(saved)
    assert Store(nvm).load().games[1] == game.to_bytes()


# -- damage -----------------------------------------------------------------

def test_every_single_byte_corruption_is_detected():
    nvm, older, newest = two_saves(steps=25)
    used = record_len(nvm, 1)
    assert used > 300
    for at in range(used):
        for mask in (0x01, 0x80, 0xFF):
            damaged = bytearray(nvm)
            damaged[4096 + at] ^= mask
            store = Store(damaged)
            assert store.states[0] == VALID and store.states[1] == DAMAGED, (at, mask)
            assert flat(store.load()) == flat(older), (at, mask)
            assert store.notice, (at, mask)


def test_every_truncation_is_detected():
    nvm, older, newest = two_saves(steps=25)
    used = record_len(nvm, 1)
    for fill in (0x00, 0xFF):
        for cut in range(used):
            damaged = bytearray(nvm)
            damaged[4096 + cut:8192] = bytes([fill]) * (4096 - cut)
            store = Store(damaged)
            assert store.states[1] != VALID, (fill, cut)
            assert flat(store.load()) == flat(older), (fill, cut)
        whole = bytearray(nvm)
        whole[4096 + used:8192] = bytes([fill]) * (4096 - used)
        assert flat(Store(whole).load()) == flat(newest)


def test_damaged_newest_gets_the_next_save_and_the_good_slot_is_kept():
    nvm, older, newest = two_saves()
    nvm[4096 + 20] ^= 0x10
    store = Store(nvm)
    assert flat(store.load()) == flat(older)
    assert store.notice == ("save.last_damaged",)
    slot_a = bytes(nvm[:4096])
    third = sample(3)
    assert store.save(third)
    assert bytes(nvm[:4096]) == slot_a
    again = Store(nvm)
    assert flat(again.load()) == flat(third) and again.notice is None


def test_damaged_older_slot_still_loads_the_newest():
    nvm, older, newest = two_saves()
    nvm[30] ^= 0x04
    store = Store(nvm)
    assert flat(store.load()) == flat(newest)
    assert store.notice == ("save.older_damaged",)
    assert store.take_notice() and store.notice is None


def test_both_slots_damaged_gives_defaults_and_a_notice():
    nvm, older, newest = two_saves()
    nvm[30] ^= 1
    nvm[4096 + 30] ^= 1
    store = Store(nvm)
    assert flat(store.load()) == flat(Saved())
    assert store.notice == ("save.damaged_afresh",)
    assert store.save(sample(5))
    again = Store(nvm)
    assert flat(again.load()) == flat(sample(5))
    # the save outnumbers the damaged slot: no false "last save was damaged"
    assert again.notice == ("save.older_damaged",)


def test_record_of_another_format_is_skipped():
    nvm, older, newest = two_saves()
    restamp(nvm, 1, version=2)                  # a later format, intact
    store = Store(nvm)
    assert store.states == [VALID, FOREIGN]
    assert flat(store.load()) == flat(older)
    assert store.notice == ("save.other_version",)
    restamp(nvm, 0, version=2)
    store = Store(nvm)
    assert flat(store.load()) == flat(Saved())
    assert store.notice == ("save.version_afresh",)


def test_write_failure_keeps_the_previous_save():
    nvm, older, newest = two_saves()

    class Failing(ModelNVM):
        def __setitem__(self, index, value):
            raise RuntimeError("Unable to write to nvm.")

    store = Store(Failing(SAMD51, nvm))
    assert not store.save(sample(9))
    assert store.notice == ("save.failed",)
    assert flat(Store(nvm).load()) == flat(newest)


# -- power cuts -------------------------------------------------------------

def _cut_everywhere(model, image, before, after):
    """Save ``after`` over an NVM holding ``before``, losing power after each
    erase or program step of the board's port; count what each reboot finds.
    Every reboot loads ``before``, ``after`` or (when the cut left nothing
    readable) the defaults, never a damaged record, and the next save works."""
    found = {"before": 0, "after": 0, "nothing": 0}
    whole = ModelNVM(model, image)
    Store(whole).save(after)
    for steps in range(whole.done):
        cut = ModelNVM(model, image, steps)
        with pytest.raises(PowerCut):
            Store(cut).save(after)
        rebooted = Store(cut.image)
        loaded = flat(rebooted.load())
        kind = next(k for k, v in (("before", before), ("after", after), ("nothing", Saved()))
                    if loaded == flat(v))
        found[kind] += 1
        if kind == "nothing" and flat(before) != flat(Saved()):
            assert rebooted.notice is None or "damaged" in rebooted.notice[0]
        assert rebooted.save(after) and flat(Store(cut.image).load()) == flat(after)
    return found


def _three_saves(model):
    """Cuts during a first save, one into the empty slot and one over the older record."""
    image = bytearray([model.erased]) * model.size
    first, second, third = sample(11, 20), sample(12, 20), sample(13, 20)
    results = [_cut_everywhere(model, image, Saved(), first)]
    nvm = ModelNVM(model, image)
    Store(nvm).save(first)
    results.append(_cut_everywhere(model, nvm.image, first, second))
    Store(nvm).save(second)
    results.append(_cut_everywhere(model, nvm.image, second, third))
    return results


def test_power_cut_on_an_nrf52840_never_loses_the_previous_save():
    # each slot is its own 4 KB page: erase, then two half-page writes
    for cuts in _three_saves(NRF52840):
        assert cuts == {"before": 2, "after": 1, "nothing": 0}


def test_power_cut_on_a_samd51_loses_every_save_between_erase_and_first_page():
    # 17 steps a save: the erase of the whole 8 KB block, then its 16 pages of
    # 512 bytes. Slot A's record is in page 0, slot B's in page 8.
    first, into_empty, over_older = _three_saves(SAMD51)
    assert into_empty == {"before": 8, "after": 7, "nothing": 2}   # cut after the erase: all 0xFF
    assert over_older == {"before": 1, "after": 15, "nothing": 1}


def test_power_cut_on_an_esp32_between_erase_and_blob_loses_every_save():
    # nvs_erase_all, then nvs_set_blob of all 8 KB: between them no blob (reads 0x00)
    first, into_empty, over_older = _three_saves(ESP32)
    assert into_empty == over_older == {"before": 1, "after": 0, "nothing": 1}


def test_sequence_numbers_wrap_around():
    nvm = bytearray(8192)
    saves = [sample(20 + n, 10) for n in range(5)]
    store = Store(nvm)
    store.save(saves[0])
    store.save(saves[1])
    restamp(nvm, 0, seq=0xFFFE)
    restamp(nvm, 1, seq=0xFFFF)
    store = Store(nvm)
    assert flat(store.load()) == flat(saves[1])
    for n in (2, 3, 4):
        assert store.save(saves[n])
        again = Store(nvm)
        assert flat(again.load()) == flat(saves[n]) and again.notice is None
    assert [nvm[4] | nvm[5] << 8, nvm[4096 + 4] | nvm[4096 + 5] << 8] == [2, 1]


# -- no NVM, small NVM, full NVM ----------------------------------------------

@pytest.mark.parametrize("nvm, problem", [(None, ("save.off_no_nvm",)),
                                          (bytearray(256), ("save.off_small", 256, 1024))])
def test_saves_off_without_enough_nvm(nvm, problem):
    store = Store(nvm)
    assert not store.enabled
    assert store.problem == problem
    assert flat(store.load()) == flat(Saved())
    assert store.save(sample(1)) is False
    assert store.notice is None
    if nvm is not None:
        assert nvm == bytearray(256)


def _check_restored(game, blob):
    """The blob holds the game's position and the newest part of its history."""
    restored = patience.load_game(blob)
    original = patience.load_game(game.to_bytes())
    assert restored.state == original.state
    assert restored.done <= original.done
    counts = (restored.done, restored.recorded)
    for _ in range(restored.done):
        assert restored.undo() and original.undo()
        assert restored.state == original.state
    assert not restored.undo()
    return counts


def test_long_histories_are_trimmed_to_fit_and_positions_kept():
    games = [play(name, 31 + i, 700 if i != 3 else 30, undo_rate=0.02)
             for i, name in enumerate(patience.games.GAMES)]
    saved = Saved(Settings(last_game=2), games=[g.to_bytes() for g in games])
    assert sum(len(b) for b in saved.games) > 4096
    for size in (8192, 1024):
        nvm = bytearray(size)
        store = Store(nvm)
        assert store.save(saved)
        assert store.dropped_undo > 0
        assert record_len(nvm, 0, size // 2) <= size // 2
        loaded = Store(nvm).load()
        restored = [_check_restored(g, b) for g, b in zip(games, loaded.games)]
        kept = sum(recorded for done, recorded in restored)
        assert sum(g.recorded for g in games) - kept == store.dropped_undo + store.dropped_redo
        assert sum(g.done for g in games) - sum(done for done, _ in restored) \
            == store.dropped_undo
        if size == 8192:   # the short history (chessboard, 30 steps) is kept whole
            assert restored[3][1] == games[3].recorded


def test_redo_steps_go_before_undo_steps():
    game = play("glenwood", 5, 200, undo_rate=0.0, redo_tail=False)
    for _ in range(20):
        game.undo()
    redo = game.recorded - game.done
    assert redo >= 20 and game.done > 5
    blob = game.to_bytes()
    trimmed, dropped = trim_history(blob, len(blob) - 4 * (redo - 5))
    restored = patience.load_game(trimmed)
    assert dropped == redo - 5
    assert (restored.done, restored.recorded) == (game.done, game.done + 5)
    original = patience.load_game(blob)
    for _ in range(5):                      # the nearest redo steps are the ones kept
        assert restored.redo() and original.redo()
        assert restored.state == original.state
    assert not restored.redo()
    trimmed, dropped = trim_history(blob, len(blob) - 4 * (redo + 5))
    restored = patience.load_game(trimmed)
    assert dropped == redo + 5
    assert (restored.done, restored.recorded) == (game.done - 5, game.done - 5)


# -- trim_history -----------------------------------------------------------

@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(patience.games.GAMES), seed=st.integers(1, 10**6),
       steps=st.integers(0, 160), undo_rate=st.sampled_from([0.0, 0.1, 0.3]),
       cut=st.floats(0, 1))
def test_trim_history_keeps_position_and_newest_undo(name, seed, steps, undo_rate, cut):
    game = play(name, seed, steps, undo_rate)
    blob = game.to_bytes()
    floor = blob_floor(patience.games.GAMES.index(name))
    max_len = floor + int(cut * (len(blob) - floor + 8))
    trimmed, dropped = trim_history(blob, max_len)
    if len(blob) <= max_len:
        assert (trimmed, dropped) == (blob, 0)
    keep = min(game.recorded, (max_len - floor) // 4)
    assert len(trimmed) == floor + 4 * keep
    assert dropped == game.recorded - keep
    restored = patience.load_game(trimmed)
    assert restored.state == game.state
    assert restored.done == min(game.done, keep)
    assert restored.recorded == keep
    # redo goes through the kept redo steps, as in the original
    ahead = patience.load_game(trimmed)
    original = patience.load_game(blob)
    while ahead.redo():
        assert original.redo() and ahead.state == original.state
    # undo goes back exactly the kept steps, through the same positions
    for _ in range(restored.done):
        assert restored.undo() and game.undo()
        assert restored.state == game.state
    assert not restored.undo()
    assert restored.state == game.state


def test_trim_history_refuses_damage_and_impossible_sizes():
    blob = play("chessboard", 2, 60).to_bytes()
    floor = blob_floor(3)
    with pytest.raises(ValueError, match="at least"):
        trim_history(blob, floor - 1)
    bad = bytearray(blob)
    bad[20] ^= 1
    with pytest.raises(ValueError, match="checksum"):
        trim_history(bytes(bad), floor)
    with pytest.raises(ValueError):
        trim_history(blob[:-4], floor)
    with pytest.raises(ValueError):
        trim_history(b"XX" + blob[2:], floor)


# -- the file NVM -------------------------------------------------------------

def test_file_nvm_is_created_and_persists(tmp_path):
    path = tmp_path / "nvm.bin"
    nvm = FileNVM(path)
    assert len(nvm) == 8192 and path.stat().st_size == 8192
    assert path.read_bytes() == b"\xff" * 8192
    store = Store(nvm)
    assert store.states == [EMPTY, EMPTY] and store.notice is None
    saved = sample(8)
    assert store.save(saved)
    assert path.stat().st_size == 8192
    again = Store(FileNVM(path))
    assert flat(again.load()) == flat(saved)
    nvm[5] = 7
    assert FileNVM(path)[5] == 7
    assert FileNVM(path)[4:6] == bytearray([path.read_bytes()[4], 7])
    assert nvm.erases == 2                      # a SAMD51 erases all 8 KB for each write


def test_a_save_file_that_cannot_be_written_whole_is_not_left_behind(tmp_path, monkeypatch):
    """A full disk: the message says why, and no empty file blocks the next run."""
    import builtins
    import errno
    real_open = builtins.open

    class FullDisk:
        def __init__(self, held):
            self.held = held

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.held.close()

        def write(self, data):
            raise OSError(errno.ENOSPC, "No space left on device")

    def opening(path, mode="r", *args, **kwargs):
        held = real_open(path, mode, *args, **kwargs)
        return FullDisk(held) if mode == "xb" else held

    monkeypatch.setattr(builtins, "open", opening)
    path = tmp_path / "s.nvm"
    with pytest.raises(OSError, match="cannot create NVM file .*No space left on device"):
        FileNVM(path)
    assert not path.exists()


def test_file_nvm_refuses_bad_paths_and_writes(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(OSError, match="cannot create NVM file"):
        FileNVM(blocker / "nvm.bin")
    with pytest.raises(OSError, match="cannot create NVM file"):
        FileNVM(tmp_path / "missing" / "nvm.bin")
    with pytest.raises(IsADirectoryError, match="is a folder"):
        FileNVM(tmp_path)
    with pytest.raises(ValueError, match="has 1 bytes, not 8192"):
        FileNVM(blocker)
    nvm = FileNVM(tmp_path / "esp.bin", ESP32)
    assert len(nvm) == 8192 and nvm[0:4] == bytearray(4)      # a new ESP32 NVM reads 0x00
    with pytest.raises(ValueError, match="different lengths"):
        nvm[0:4] = b"abc"
    with pytest.raises(ValueError, match="between 0 and 255"):
        nvm[0] = 256
    with pytest.raises(IndexError):
        nvm[8192] = 1
    (tmp_path / "esp.bin").unlink()
    (tmp_path / "esp.bin").mkdir()
    with pytest.raises(OSError, match="cannot write NVM file"):
        nvm[0:2] = b"ab"


# -- on the MicroPython VM ----------------------------------------------------

_VM_SCRIPT = """
import patience
from patience.saves.store import Store
from patience.saves.model import Saved, Settings, Stats
nvm = bytearray({size})
store = Store(nvm)
saved = store.load()
games = []
for i, name in enumerate(patience.games.GAMES):
    g = patience.new_game(name, seed=i + 11)
    for k in range({steps}):
        m = g.moves()
        if m:
            g.move(*m[(k * 7) % len(m)])
        elif not g.deal():
            break
    for k in range(i):
        g.undo()
    games.append(g.to_bytes())
saved.games = games
saved.settings = Settings(2, 1, 77, True)
saved.stats = [Stats(i, i + 1, i + 2, 1000 * i, 52 - i) for i in range(4)]
print(store.save(saved), store.dropped_undo, store.dropped_redo)
store.save(saved)
for at in range(0, len(nvm), 64):  # a row at a time: the VM's heap is small
    print(''.join('%02x' % b for b in nvm[at:at + 64]))
again = Store(nvm)
loaded = again.load()
print(again.notice, loaded.settings.language, loaded.stats[3].best_streak,
      [len(b) for b in loaded.games])
"""


def _cpython_output(script):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(script, {})
    return out.getvalue()


@pytest.mark.vm
@pytest.mark.parametrize("size", [8192, 1024])
def test_store_gives_the_same_bytes_on_micropython(size):
    vm.require_vm()
    script = textwrap.dedent(_VM_SCRIPT).format(size=size, steps=120)
    expected = _cpython_output(script)
    assert vm.run(script, 128) == expected
    dropped = int(expected.split()[1])
    assert (dropped > 0) == (size == 1024)      # the small one had to trim


@pytest.mark.vm
@pytest.mark.parametrize("size, trims", [(8192, False), (1024, True)])
def test_only_a_save_that_must_trim_loads_the_trimming_code(size, trims):
    """Trimming is rare: a save whose games fit compiles less (from .py)."""
    vm.require_vm()
    script = textwrap.dedent(_VM_SCRIPT).format(size=size, steps=120).replace(
        "print(store.save(saved)", "import sys\nprint('patience.saves.history_trim' in sys.modules)\n"
        "print(store.save(saved)")
    script += "print('patience.saves.history_trim' in sys.modules)\n"
    lines = vm.run(script, 128).splitlines()
    assert (lines[0], lines[-1]) == ("False", str(trims))


@pytest.mark.vm
def test_a_save_writes_live_games_into_the_record_without_copies_on_micropython():
    """The game on the table is written straight into the record: no blob
    of it is made (before, two copies of each game for every save)."""
    vm.require_vm()
    setup = textwrap.dedent(_VM_SCRIPT).format(size=8192, steps=120).replace(
        "games.append(g.to_bytes())", "games.append(g)")
    measure = ("import vmheap\nprint(vmheap.allocated(lambda: store.save(saved)), "
               "8 + store.lens[store.newest] + 2)\n")
    allocated, record = map(int, vm.run(setup + measure, 128).split()[-2:])
    print(f"store.save allocates {allocated} bytes for a {record}-byte record of live games")
    assert allocated < record + 400  # the record, the store, two views a game (was + 2 copies)


@pytest.mark.vm
def test_save_allocates_little_on_micropython():
    vm.require_vm()
    setup = textwrap.dedent(_VM_SCRIPT).format(size=8192, steps=120)
    measure = ("import vmheap\nprint(vmheap.allocated(lambda: store.save(saved)), "
               "8 + store.lens[store.newest] + 2)\n")
    plain, plain_record = map(int, vm.run(setup + measure, 128).split()[-2:])
    trimming, trimmed_record = map(int, vm.run(setup.replace("(8192)", "(1024)") + measure,
                                               128).split()[-2:])
    print(f"store.save allocates {plain} bytes for a {plain_record}-byte record, "
          f"{trimming} for {trimmed_record} when trimming")
    # the record it writes, and little more (no slot-sized buffer is kept between saves)
    assert plain < plain_record + 1500 and trimming < trimmed_record + 2000


def test_a_damaged_mark_of_format_in_the_newest_record_says_the_last_save_was_damaged():
    nvm, older, _newest = two_saves()
    nvm[4096 + 2] ^= 0x09                       # the format byte of the newer record
    store = Store(nvm)
    assert flat(store.load()) == flat(older)
    assert store.notice == ("save.last_damaged",)


@pytest.mark.parametrize("other, rewrites", [("damaged", True), ("another version", False)])
def test_a_start_writes_over_a_damaged_record_never_over_another_versions(other, rewrites):
    from patience.saves.keeper import Keeper
    nvm, _older, _newest = two_saves()
    nvm[4096 + 20] ^= 0x10                      # the newer record: damaged
    if other == "damaged":
        nvm[20] ^= 0x10                         # the older one too: nothing loads
    else:
        restamp(nvm, 0, version=2)              # the older: a save of another version
    keeper = Keeper(Store(nvm))
    assert keeper.dirty == rewrites             # the App saves soon only when dirty
    before = bytes(nvm[:4096])
    keeper.save()
    assert (bytes(nvm[:4096]) != before) == rewrites

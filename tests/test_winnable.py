"""The winnable-deal bitsets (firmware/winnable/<game>.bin) and their reader.

Each file marks deals 1..8192 proved winnable; for a sample of marked deals
the solver's line is found again and replayed on the engine to a win. The
reader reads one byte; the writer puts bit (d-1) % 8 of byte (d-1) // 8.
"""

import os
import random

import pytest

import patience
import patience.games
from patience.solver.winnable import is_winnable, pick
from host_sim import FIRMWARE
from host_sim.tools import solve
from host_sim.tools.solvability import BITSET_BYTES, bitset
from host_sim.tools.solving import play, solve_deal

ROOT = str(FIRMWARE) + "/"


def _marked(name):
    data = (FIRMWARE / "winnable" / (name + ".bin")).read_bytes()
    assert len(data) == BITSET_BYTES
    return [d for d in range(1, 8193) if data[(d - 1) // 8] >> ((d - 1) % 8) & 1]


@pytest.mark.slow
@pytest.mark.parametrize("name", patience.games.GAMES)
def test_marked_deals_replay_to_a_win(name):
    marked = _marked(name)
    assert marked, "no deal of %s is marked" % name
    for deal in random.Random(name).sample(marked, 2):
        assert is_winnable(name, deal, ROOT)
        line = solve_deal(name, deal, seconds=60).line
        game = patience.new_game(name, seed=deal)
        for action in line:
            assert play(game, action)
        assert game.is_won()


@pytest.mark.parametrize("name", patience.games.GAMES)
def test_the_reader_agrees_with_the_file(name):
    marked = set(_marked(name))
    for deal in random.Random(7).sample(range(1, 8193), 300):
        assert is_winnable(name, deal, ROOT) == (deal in marked)
    assert not is_winnable(name, 0, ROOT) and not is_winnable(name, 8193, ROOT)


def test_no_file_means_not_proved(tmp_path):
    assert not is_winnable("agnes", 5, str(tmp_path) + "/")


def test_the_bit_layout():
    bits = bitset([1, 8, 9, 8192])
    assert len(bits) == 1024
    assert bits[0] == 0b10000001 and bits[1] == 0b00000001 and bits[1023] == 0b10000000
    assert sum(bin(b).count("1") for b in bits) == 4


def test_the_command_writes_the_won_deals(tmp_path):
    with open(tmp_path / "log", "w") as log:
        assert solve.main(["glenwood", "--deals", "1-6", "--max-nodes", "4000",
                           "--bitsets", str(tmp_path / "winnable")], out=log) == 0
    won = [d for d in range(1, 7) if solve_deal("glenwood", d, max_nodes=4000).verdict == "won"]
    assert won and (tmp_path / "winnable" / "glenwood.bin").read_bytes() == bitset(won)
    root = str(tmp_path) + "/"
    assert [d for d in range(1, 7) if is_winnable("glenwood", d, root)] == won


def test_a_partial_run_keeps_what_earlier_runs_proved(tmp_path):
    """--bitsets updates: deals not solved in this run, or unknown within its
    limits, keep their marks; only a proof (won or lost) changes one."""
    folder = tmp_path / "winnable"
    folder.mkdir()
    earlier = [2, 3, 4, 5, 6, 7000]
    (folder / "glenwood.bin").write_bytes(bitset(earlier))
    with open(tmp_path / "log", "w") as log:
        assert solve.main(["glenwood", "--deals", "1-6", "--max-nodes", "200",
                           "--bitsets", str(folder)], out=log) == 0
    verdicts = {d: solve_deal("glenwood", d, max_nodes=200).verdict for d in range(1, 7)}
    assert set(verdicts.values()) >= {"won", "unknown"}  # the case worth testing
    marked = [d for d in range(1, 7) if is_winnable("glenwood", d, str(tmp_path) + "/")]
    assert marked == [d for d in range(1, 7) if verdicts[d] == "won"
                      or (verdicts[d] == "unknown" and d in earlier)]
    assert is_winnable("glenwood", 7000, str(tmp_path) + "/")  # not in this run: kept


def test_more_jobs_than_deals_or_cores_start_no_more_processes(monkeypatch):
    import multiprocessing
    from host_sim.tools.solvability import solve_many
    sizes = []
    context = multiprocessing.get_context("spawn")
    pool = context.Pool

    def counting_pool(self, workers, **kwargs):
        sizes.append(workers)
        return pool(workers, **kwargs)
    monkeypatch.setattr(type(context), "Pool", counting_pool)
    rows = list(solve_many(["glenwood"], [1, 2], 1.0, jobs=10000, max_nodes=200))
    assert sorted(row.deal for row in rows) == [1, 2] and sizes == [min(2, os.cpu_count() or 1)]


def test_a_file_that_is_not_a_bitset_stops_the_run_before_any_search(tmp_path, capsys):
    folder = tmp_path / "winnable"
    folder.mkdir()
    (folder / "agnes.bin").write_bytes(b"not a bitset")
    assert solve.main(["agnes", "--deals", "1-2", "--bitsets", str(folder)]) == 2
    assert "12 bytes, not 1024" in capsys.readouterr().err
    assert (folder / "agnes.bin").read_bytes() == b"not a bitset"


def test_pick_chooses_every_marked_deal_as_often(tmp_path):
    """It took the next marked deal after a random one, so a deal after a
    long gap in the list came up far more often than one after a short gap."""
    (tmp_path / "winnable").mkdir()
    (tmp_path / "winnable" / "agnes.bin").write_bytes(bitset([5, 6, 700, 8192]))
    root = str(tmp_path) + "/"
    assert [pick("agnes", number, root) for number in range(1, 9)] == \
        [6, 700, 8192, 5, 6, 700, 8192, 5]
    assert pick("agnes", 999_999_999, root) == 8192                # 999,999,999 mod 4 = 3
    assert pick("glenwood", 1, root) is None                      # no file
    (tmp_path / "winnable" / "glenwood.bin").write_bytes(bitset([]))
    assert pick("glenwood", 1, root) is None                      # nothing marked


@pytest.mark.skipif(not os.path.isdir("/proc/self"),
                    reason="needs Linux's /proc/self, a folder no user can make files in")
def test_a_folder_that_cannot_be_written_stops_the_run_before_any_search(capsys):
    assert solve.main(["agnes", "--deals", "1-2", "--bitsets", "/proc/self"]) == 2
    assert capsys.readouterr().err.startswith("patience-solve: error: --bitsets: cannot write in")
    assert solve.main(["agnes", "--deals", "1-2", "--csv", "/proc/self/deals.csv"]) == 2
    assert capsys.readouterr().err.startswith("patience-solve: error: --csv: cannot write in")


@pytest.mark.skipif(not os.path.isfile("/proc/version"),
                    reason="needs Linux's /proc/version, a file no user can write")
def test_a_results_file_that_cannot_be_written_stops_the_run_before_any_search(
        tmp_path, capsys, monkeypatch):
    csv = tmp_path / "deals.csv"
    csv.symlink_to("/proc/version")                  # in a folder that takes new files
    assert solve.main(["agnes", "--deals", "1-2", "--csv", str(csv)]) == 2
    assert capsys.readouterr().err.startswith(
        "patience-solve: error: --csv: cannot write %s: " % csv)
    (tmp_path / "winnable").mkdir()
    (tmp_path / "winnable" / "agnes.bin").symlink_to("/proc/version")
    monkeypatch.setattr(solve, "read_bitset", lambda path: bytes(BITSET_BYTES))  # a bitset
    assert solve.main(["agnes", "--deals", "1-2", "--bitsets", str(tmp_path / "winnable")]) == 2
    assert capsys.readouterr().err.startswith(
        "patience-solve: error: --bitsets: cannot write %s: " % (tmp_path / "winnable" / "agnes.bin"))


def test_a_write_that_fails_after_the_search_is_one_line_and_keeps_the_table(
        tmp_path, capsys, monkeypatch):
    def full_disk(rows, folder):
        raise OSError(28, "No space left on device")  # from a flush: no file name in it
    monkeypatch.setattr(solve, "write_bitsets", full_disk)
    assert solve.main(["agnes", "--deals", "1-2", "--max-nodes", "200",
                       "--bitsets", str(tmp_path / "winnable")]) == 1
    out, err = capsys.readouterr()
    assert "agnes" in out                                       # the results were printed
    assert err.count("\n") == 1 and "No space left on device" in err and "Errno" not in err
    assert "cannot write %s" % (tmp_path / "winnable") in err

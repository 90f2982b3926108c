"""The sound solver and patience-solve: lines that win on the engine, proofs
of loss, budgets, bad input, and the hint that leaves the game untouched."""

import errno
import io
import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import patience
import patience.games
from patience.solver import agnes_moves as solver_agnes, rules as solver_rules, search as solver, stock as solver_stock
from patience.core.names import card_name
from patience.screens import helppage
from patience.solver.position import Position
from patience.solver.facts import facts_for
from host_sim.tools import solve, solving, steps
from host_sim.tools.solvability import Row, write_csv
from test_solver_moves import walk

COMMAND = [sys.executable, "-m", "host_sim.tools.solve"]  # patience-solve, run from ROOT
ROOT = Path(__file__).resolve().parents[1]

# Deals decided in well under a second (deal: verdict).
QUICK = {
    "eagle-wing": {2: "won"},
    "agnes": {260: "won", 3: "lost"},
    "glenwood": {3: "won"},
    "chessboard": {4: "won", 12: "lost"},
}


def _run(*argv):
    out = io.StringIO()
    status = solve.main(list(argv), out=out)
    return status, out.getvalue().splitlines()


@pytest.mark.parametrize("name", patience.games.GAMES)
def test_the_printed_line_wins_on_the_engine(name):
    deal = min(d for d, verdict in QUICK[name].items() if verdict == "won")
    status, lines = _run(name, "--deal", str(deal), "--format", "actions")
    assert status == 0
    assert lines[-1].startswith("won ")
    game = patience.new_game(name, seed=deal)
    for text in lines[:-1]:
        assert not game.is_won()
        assert solving.play(game, solving.parse_action(text)), text
    assert game.is_won()
    assert "%d actions" % (len(lines) - 1) in lines[-1]


@pytest.mark.parametrize("name, deal", [(n, d) for n in QUICK for d, v in QUICK[n].items()
                                        if v == "lost"])
def test_a_lost_deal_is_proved_lost(name, deal):
    outcome = solving.solve_deal(name, deal, seconds=30)
    assert outcome.verdict == "lost" and outcome.line is None
    assert outcome.nodes > 1


def test_a_deck_deals_like_its_deal_number():
    game = patience.new_game("glenwood", seed=3)
    deck = _deck_of(game)
    status, lines = _run("glenwood", "--deck", ",".join(card_name(c) for c in deck),
                         "--format", "actions")
    assert status == 0 and lines[-1].startswith("won ")
    assert solving.wins("glenwood", [solving.parse_action(t) for t in lines[:-1]], deck=deck)


# A step as printed: a press on the stock, or cards from one pile to another.
CARD = r"(?:[A2-9JQK]|10)[♣♦♥♠]"
STEP = re.compile(r"(\d+)\. (?:deal a row|deal from the stock: %s|turn the waste back into "
                  r"the stock|((?:%s )+)from (the \w+|\w+ \d+) to (the \w+|\w+ \d+))$"
                  % (CARD, CARD))


def _steps_and_actions(name, deal):
    """The printed steps and actions of a deal's line (the last line, the verdict, left off)."""
    status, said = _run(name, "--deal", str(deal))
    assert status == 0 and said[-1].startswith("won ")
    status, actions = _run(name, "--deal", str(deal), "--format", "actions")
    assert status == 0 and actions[-1].startswith("won ")
    return said[:-1], [solving.parse_action(text) for text in actions[:-1]]


@pytest.mark.parametrize("name", patience.games.GAMES)
def test_each_step_says_the_action_of_the_same_number(name):
    deal = min(d for d, verdict in QUICK[name].items() if verdict == "won")
    said, actions = _steps_and_actions(name, deal)
    assert len(said) == len(actions)
    names = steps.pile_names(patience.games.rules_for(name))
    game = patience.new_game(name, seed=deal)
    for number, (text, action) in enumerate(zip(said, actions), 1):
        found = STEP.match(text)
        assert found and int(found.group(1)) == number, text
        if action == solving.DEAL:
            assert found.group(2) is None, text
        else:
            src, n, dst = action
            cards = " ".join(steps.card_text(card) for card in game.cards(src)[-n:])
            assert (found.group(2), found.group(3), found.group(4)) == (
                cards + " ", names[src], names[dst]), text
        assert solving.play(game, action)
    assert game.is_won()


def test_glenwood_deal_3_starts_as_a_player_reads_the_table():
    said, _ = _steps_and_actions("glenwood", 3)
    # the 7 of spades tops the rightmost reserve; the starred foundation is the first
    assert said[:3] == ["1. 7♠ from reserve 4 to foundation 1",
                        "2. 7♦ from reserve 1 to foundation 2",
                        "3. 8♦ from reserve 1 to foundation 2"]
    assert any(re.match(r"\d+\. deal from the stock: %s$" % CARD, text) for text in said)
    assert any(re.match(r"\d+\. (%s ){2,}from tableau \d to tableau \d$" % CARD, text)
               for text in said), "no group moved between tableau piles"


def test_the_first_format_actions_line_is_the_engines_action():
    status, lines = _run("glenwood", "--deal", "3", "--format", "actions")
    outcome = solving.solve_deal("glenwood", 3, seconds=10)
    assert status == 0 and lines[0] == "drag 13 1 2"
    assert lines[:-1] == [solving.format_action(action) for action in outcome.line]


def test_agnes_presses_deal_a_row_onto_tableau_piles_1_to_7():
    said, actions = _steps_and_actions("agnes", 260)
    presses = [text for text, action in zip(said, actions) if action == solving.DEAL]
    assert presses and all(text.endswith(". deal a row") for text in presses)
    assert not any("waste" in text or "from the stock" in text for text in said)
    assert {name for name in steps.pile_names(patience.games.rules_for("agnes"))
            if name.startswith("tableau")} == {"tableau %d" % n for n in range(1, 8)}


def test_eagle_wing_steps_name_the_trunk_and_the_wings():
    said, actions = _steps_and_actions("eagle-wing", 8)  # its line takes the trunk's last card
    trunk = [text for text, action in zip(said, actions) if action != solving.DEAL
             and action[0] == 10]
    assert trunk and all(" from the trunk to " in text for text in trunk)
    assert any(re.search(r" to wing [1-8]$", text) for text in said)
    assert not any("tableau" in text or "reserve" in text for text in said)


def test_ascii_names_suits_by_letter_and_ten_as_10():
    status, lines = _run("glenwood", "--deal", "3", "--ascii")
    assert status == 0 and lines[0] == "1. 7s from reserve 4 to foundation 1"
    assert all(line.isascii() for line in lines)
    assert [steps.card_text(card, plain=True) for card in (0x01, 0x1A, 0x2C, 0x3D)] == [
        "Ac", "10d", "Qh", "Ks"]
    assert steps.card_text(0x1A) == "10♦"


def test_an_output_without_suit_symbols_gets_the_letters():
    """As ``patience-solve ... > file`` where files are cp1252 (Windows)."""
    out = io.TextIOWrapper(io.BytesIO(), encoding="cp1252")
    assert solve.main(["glenwood", "--deal", "3"], out=out) == 0
    out.seek(0)
    assert out.read().startswith("1. 7s from reserve 4 to foundation 1\n")


@pytest.mark.parametrize("name", patience.games.GAMES)
def test_piles_are_called_what_the_games_help_calls_them(name):
    """Each kind's name is in the Help's legend of the map (rules.<game>.2),
    and the letter of each kind is on the map."""
    from host_sim.simulator.cli import firmware_dir
    from patience.screens.words import Words
    words = Words(firmware_dir() + "/lang/en.bin")
    rules = patience.games.rules_for(name)
    legend = words.get("rules.%s.2" % name)
    map_letters = "".join(helppage.pile_map(words, rules))
    for kind in set(rules.KINDS):
        called = steps.kind_name(name, kind).upper()
        assert re.search(r"\b%s" % called, legend), (called, legend)
        assert words.get("help.letters")[kind] in map_letters


def test_piles_of_a_kind_are_numbered_as_the_screen_reads():
    glenwood = steps.pile_names(patience.games.rules_for("glenwood"))
    assert [glenwood[p] for p in (6, 11, 12, 13)] == ["reserve %d" % n for n in (1, 2, 3, 4)]
    assert glenwood[2] == "foundation 1" and glenwood[1] == "the waste"
    chessboard = steps.pile_names(patience.games.rules_for("chessboard"))
    # the top row holds two tableau piles, left (pile 0) and right (pile 1); then row by row
    assert [chessboard[p] for p in (0, 1, 2, 4, 13)] == [
        "tableau 1", "tableau 2", "tableau 3", "tableau 4", "tableau 10"]
    assert steps.pile_names(patience.games.rules_for("eagle-wing"))[10] == "the trunk"


def _deck_of(game):
    """The deck Glenwood's deal takes cards from (docs/rules.md: reserves in
    rounds, tableau, then the stock from its top)."""
    reserves = [game.cards(p) for p in (6, 11, 12, 13)]
    deck = [reserves[i % 4][i // 4] for i in range(12)]
    deck += [game.cards(p)[0] for p in (7, 8, 9, 10)]
    deck += list(reversed(game.cards(0)))
    return bytes(card & 0x3F for card in deck)


def test_a_budget_too_small_answers_unknown():
    status, lines = _run("chessboard", "--deal", "2", "--max-nodes", "50")
    assert status == 3 and lines == [lines[-1]]
    assert lines[-1].startswith("unknown ")
    assert int(lines[-1].split()[1]) <= 51


@pytest.mark.parametrize("argv, words", [
    (["klondike", "--deal", "3"], "unknown game"),
    (["agnes", "--deal", "0"], "not a deal number"),
    (["agnes", "--deal", "1000000000"], "not a deal number"),
    (["agnes", "--deals", "5-2"], "empty"),
    (["agnes", "--deck", "Ac,2c"], "52 cards"),
    (["agnes", "--deck", ",".join(["Ac"] * 52)], "twice"),
    (["agnes", "--deck", ",".join(["Zz"] * 52)], "not a card"),
    (["agnes", "--deal", "x"], "x is not a deal number"),
    (["agnes", "--deal", "1e3"], "1e3 is not a deal number"),
    (["agnes"], "required"),
    (["glenwood", "--deal", "3", "--strict"], "agnes only"),
    (["all", "--deal", "3"], "needs --deals"),
    (["agnes", "--deals", "8190-8193", "--bitsets", "x"], "8192"),
    (["agnes", "--deals", "1-"], "not a deal number or range"),
    (["agnes", "--deals", "\u00b2"], "not a deal number or range"),
    (["agnes", "--deals", "1,000"], "commas separate deals here: write '1,000' as 1000"),
    (["agnes", "--deals", "1-999999999"], "at most 1,000,000 deals"),
    (["agnes", "--deals", "0-3"], "error: --deals: 0 is not a deal number"),
    (["agnes", "--deals", "1,1000000000"], "error: --deals: 1000000000 is not a deal number"),
    (["agnes", "--deal", "3", "--time-limit", "inf"], "finite"),
    (["agnes", "--deal", "3", "--time-limit", "nan"], "finite"),
    (["agnes", "--deal", "3", "--max-nodes", "0"], "positive"),
    (["agnes", "--deals", "1-2", "--progress", "0"], "--progress must be positive, not 0"),
    (["agnes", "--deals", "1-2", "--progress", "-2"], "--progress must be positive, not -2"),
    (["agnes", "--deals", "1-2", "--jobs", "0"], "--jobs must be positive, not 0"),
    (["agnes", "--deals", "1-2", "--csv", "/no/such/folder/x.csv"], "existing folder"),
    (["agnes", "--deals", "1-2", "--csv", "/"], "existing folder"),
    (["agnes", "--deals", "1-2", "--bitsets", __file__], "not a folder"),
    (["agnes", "--deal", "3", "--format", "moves"], "invalid choice: 'moves'"),
    (["agnes", "--deal", "3", "--format", "actions", "--ascii"], "--ascii is for the steps"),
    (["agnes", "--deals", "1-2", "--ascii"], "--ascii is for one deal"),
    (["agnes", "--deals", "1-2", "--format", "steps"], "--format is for one deal"),
])
def test_bad_input_gets_one_line_and_exit_2(argv, words, capsys):
    assert solve.main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("patience-solve: error: ")
    assert words in lines[0]


@pytest.mark.parametrize("given, words", [
    (["--csv", "x.csv"], "--csv needs --deals"),
    (["--bitsets", "winnable"], "--bitsets needs --deals"),
    (["--csv", "x.csv", "--bitsets", "winnable"], "--csv and --bitsets need --deals"),
])
def test_outputs_of_many_deals_without_deals_name_only_what_was_given(given, words, capsys,
                                                                      tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert solve.main(["agnes", "--deal", "5"] + given) == 2
    said = capsys.readouterr().err
    assert words in said
    assert [option for option in ("--csv", "--bitsets") if option in said] == \
        [option for option in ("--csv", "--bitsets") if option in given]
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("source", ["--deal", "--deck"])
@pytest.mark.parametrize("given, words", [
    (["--jobs", "4"], "--jobs needs --deals"),
    (["--jobs", "1"], "--jobs needs --deals"),
    (["--progress", "5"], "--progress needs --deals"),
    (["--jobs", "2", "--progress", "5"], "--jobs and --progress need --deals"),
    (["--csv", "x.csv", "--progress", "5", "--jobs", "2"],
     "--jobs, --progress and --csv need --deals"),
])
def test_options_of_a_run_of_deals_are_refused_with_one_deal(source, given, words, capsys,
                                                               tmp_path, monkeypatch):
    """--jobs and --progress, as --csv and --bitsets, do nothing for one
    deal: refused, not silently ignored."""
    monkeypatch.chdir(tmp_path)
    deck = ",".join(card_name(c) for c in _deck_of(patience.new_game("glenwood", seed=3)))
    source = ["--deal", "1"] if source == "--deal" else ["--deck", deck]
    assert solve.main(["agnes"] + source + given + ["--max-nodes", "10"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("patience-solve: error: ")
    assert words + " (a run of deals" in lines[0]
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("argv, verdict, status", [
    (["agnes", "--deal", "260"], "won", 0),
    (["agnes", "--deal", "3"], "lost", 1),
    (["chessboard", "--deal", "2", "--max-nodes", "50"], "unknown", 3),
])
def test_one_deal_exits_with_a_status_per_verdict(argv, verdict, status):
    got, lines = _run(*argv)
    assert lines[-1].split()[0] == verdict and got == status


def test_one_deck_exits_with_a_status_per_verdict_too():
    deck = ",".join(card_name(c) for c in _deck_of(patience.new_game("glenwood", seed=3)))
    assert _run("glenwood", "--deck", deck, "--max-nodes", "5")[0] == 3
    assert _run("glenwood", "--deck", deck)[0] == 0


def test_help_says_what_one_deal_prints_the_exit_status_and_what_bitsets_do(capsys):
    with pytest.raises(SystemExit) as done:
        solve.main(["--help"])
    assert done.value.code == 0
    text = " ".join(capsys.readouterr().out.split())  # as wrapped for any terminal width
    for words in ('"won" (the line wins on the engine)', '"lost" (the whole tree searched',
                  '"unknown" (--time-limit or --max-nodes spent first)',
                  "exit status: one deal, 0 won, 1 lost, 3 unknown; --deals, 0 done, 1 a --csv",
                  "2 bad command line",
                  "5 the output could not be written",
                  "130 stopped by Ctrl-C (--deals: the table, --csv and --bitsets of the deals",
                  "update DIR/<game>.bin (DIR and the file are made if missing)",
                  "set the bits of the deals won, clear those proved lost, keep every other bit",
                  "--jobs N with --deals:", "--progress N with --deals:"):
        assert words in text, words
    assert "write DIR/<game>.bin of the won deals" not in text


def test_a_line_into_a_closed_pipe_stops_quietly():
    """As ``patience-solve ... | head -3`` when head has gone: no traceback."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}  # as a user runs it
    read, write = os.pipe()
    os.close(read)
    try:
        done = subprocess.run(COMMAND + ["eagle-wing", "--deal", "2"], stdout=write,
                              stderr=subprocess.PIPE, text=True, cwd=ROOT, env=env, timeout=60)
    finally:
        os.close(write)
    assert done.stderr == "" and done.returncode == 141


FULL_DISK_SAID = "patience-solve: error: cannot write the output: No space left on device\n"


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full, a full disk")
def test_an_output_that_cannot_be_written_is_one_line_not_a_solver_failure():
    """As ``patience-solve agnes --deal 260 > file`` on a full disk."""
    with open("/dev/full", "w") as full:
        done = subprocess.run(COMMAND + ["agnes", "--deal", "260"], stdout=full,
                              stderr=subprocess.PIPE, text=True, cwd=ROOT, timeout=60)
    assert done.stderr == FULL_DISK_SAID and done.returncode == solve.OUTPUT_FAILED == 5


class _FullDisk(io.StringIO):
    """An output on a full disk: every write fails."""

    def write(self, text):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def test_the_results_files_are_written_even_when_the_output_cannot_be(tmp_path, capsys):
    csv = tmp_path / "deals.csv"
    assert solve.main(["glenwood", "--deals", "1-3", "--max-nodes", "4000", "--csv", str(csv),
                       "--bitsets", str(tmp_path / "winnable")], out=_FullDisk()) == 5
    assert capsys.readouterr().err == FULL_DISK_SAID
    assert [line.split(",")[1] for line in csv.read_text().splitlines()[1:]] == ["1", "2", "3"]
    assert any((tmp_path / "winnable" / "glenwood.bin").read_bytes())  # glenwood 3 is won


def _start(*argv):
    """patience-solve in a process group of its own, as a shell starts it."""
    return subprocess.Popen(COMMAND + list(argv), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, cwd=ROOT, start_new_session=True)


def _ctrl_c(process, first=(), pause=0):
    """SIGINT to the processes ``first``, ``pause`` seconds, then Ctrl-C as
    a terminal sends it, to every process of the group; the output, the
    errors and the exit status."""
    for pid in first:
        os.kill(pid, signal.SIGINT)
    time.sleep(pause)
    os.killpg(process.pid, signal.SIGINT)
    out, err = process.communicate(timeout=15)
    return out, err, process.returncode


def _nobody(_process):
    return []


def _main_process(process):
    return [process.pid]


def _workers(process):
    """The processes ``process`` started (Linux's /proc)."""
    with open("/proc/%d/task/%d/children" % (process.pid, process.pid)) as children:
        return [int(pid) for pid in children.read().split()]


STOPPED_SAID = "stopped by Ctrl-C after %d of %d deals: the table counts those only"


@pytest.mark.parametrize("jobs, first, pause", [
    ("1", _nobody, 0), ("2", _nobody, 0),
    ("2", _main_process, 0),  # as timeout -s INT: the main process, then the group (it again)
    pytest.param("2", _workers, 0.5,  # time for a worker that does not ignore it to say so
                 marks=pytest.mark.skipif(not os.path.exists("/proc/self/task/%d/children"
                                                             % os.getpid()),
                                          reason="needs Linux's /proc/PID/task/PID/children")),
])
def test_ctrl_c_in_a_run_of_deals_prints_and_writes_the_deals_done(jobs, first, pause,
                                                                   tmp_path):
    csv = tmp_path / "deals.csv"
    running = _start("agnes", "--deals", "1-50", "--time-limit", "0.3", "--jobs", jobs,
                     "--progress", "1", "--csv", str(csv))
    assert running.stderr.readline() == "1 of 50 deals done\n"
    out, err, status = _ctrl_c(running, first(running), pause)
    assert status == 130 and "Traceback" not in err and "KeyboardInterrupt" not in err
    lines = out.splitlines()
    done = int(lines[-1].split()[4])
    assert 1 <= done < 50 and lines[-1] == STOPPED_SAID % (done, 50)
    assert lines[2].split()[:2] == ["agnes", str(done)]          # the table of those done
    assert len(csv.read_text().splitlines()) == 1 + done         # and their rows


def test_ctrl_c_on_one_deal_is_one_line():
    running = _start("agnes", "--deal", "1", "--time-limit", "60")  # unknown after 10 s
    time.sleep(2)  # into the search
    assert _ctrl_c(running) == ("", "patience-solve: stopped by Ctrl-C\n", 130)


@pytest.fixture
def ctrl_c_restored():
    """SIGINT answered as in a terminal during the test (a test worker of
    pytest-xdist ignores it), and after the test as before it, however the
    test ends."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)


@pytest.mark.usefixtures("ctrl_c_restored")
def test_a_second_ctrl_c_does_not_cut_short_the_writing_of_the_deals_done(monkeypatch, tmp_path):
    def stopped_after_one(*_args):
        yield Row("agnes", 1, "unknown", 10, 0.1, 150.0)
        os.kill(os.getpid(), signal.SIGINT)

    def written_while_ctrl_c_again(rows, path):
        os.kill(os.getpid(), signal.SIGINT)
        write_csv(rows, path)
    monkeypatch.setattr(solve, "solve_many", stopped_after_one)
    monkeypatch.setattr(solve, "write_csv", written_while_ctrl_c_again)
    csv = tmp_path / "deals.csv"
    status, lines = _run("agnes", "--deals", "1-2", "--csv", str(csv))
    assert status == 130 and lines[-1] == STOPPED_SAID % (1, 2)
    assert csv.read_text().splitlines()[1:] == ["agnes,1,unknown,10,0.100,150"]


@pytest.mark.usefixtures("ctrl_c_restored")
def test_a_first_ctrl_c_while_the_deals_are_written_cuts_nothing_short(monkeypatch, tmp_path):
    def written_while_ctrl_c(rows, path):
        os.kill(os.getpid(), signal.SIGINT)  # every deal done: the run is whole
        write_csv(rows, path)
    monkeypatch.setattr(solve, "write_csv", written_while_ctrl_c)
    csv = tmp_path / "deals.csv"
    status, lines = _run("glenwood", "--deals", "1-3", "--max-nodes", "2000", "--csv", str(csv))
    assert status == 0 and lines[2].split()[:2] == ["glenwood", "3"]
    assert len(csv.read_text().splitlines()) == 4
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # answered again


@pytest.mark.usefixtures("ctrl_c_restored")
def test_ctrl_c_before_the_first_deal_leaves_an_earlier_csv_as_it_was(monkeypatch, tmp_path):
    def stopped_at_once(*_args):
        os.kill(os.getpid(), signal.SIGINT)
        yield Row("agnes", 1, "unknown", 10, 0.1, 150.0)
    monkeypatch.setattr(solve, "solve_many", stopped_at_once)
    csv = tmp_path / "deals.csv"
    csv.write_text("game,deal\nold,1\n")
    status, lines = _run("agnes", "--deals", "1-2", "--csv", str(csv))
    assert status == 130
    assert lines == ["stopped by Ctrl-C before any deal was done: nothing written"]
    assert csv.read_text() == "game,deal\nold,1\n"


def test_a_winnable_list_cut_short_in_the_writing_keeps_the_old_one(monkeypatch, tmp_path):
    from host_sim.tools import solvability
    old = bytes(range(256)) * 4
    (tmp_path / "agnes.bin").write_bytes(old)

    def stopped(_part, _path):
        raise KeyboardInterrupt
    monkeypatch.setattr(solvability.os, "replace", stopped)
    with pytest.raises(KeyboardInterrupt):
        solvability.write_bitsets([Row("agnes", 1, "lost", 10, 0.1, 150.0)], str(tmp_path))
    assert (tmp_path / "agnes.bin").read_bytes() == old


def test_many_deals_print_a_table_per_game():
    status, lines = _run("all", "--deals", "2-4", "--max-nodes", "3000")
    assert status == 0
    header = lines[1].split()
    assert header[:5] == ["game", "deals", "won", "lost", "unknown"]
    rows = {line.split()[0]: line.split() for line in lines[2:]}
    assert sorted(rows) == sorted(patience.games.GAMES)
    for row in rows.values():
        assert row[1] == "3" and sum(int(x) for x in row[2:5]) == 3
    assert rows["glenwood"][2] == "3"


def test_strict_agnes_lines_keep_to_the_strict_rules():
    outcome = solving.solve_deal("agnes", 260, seconds=30, strict=True)
    assert outcome.verdict == "won"
    game = patience.new_game("agnes", seed=260)
    for action in outcome.line:
        if action != "deal":
            src, _, dst = action
            assert game.kind(src) != patience.FOUNDATION
            assert game.kind(dst) == patience.FOUNDATION or game.card(dst) & 15 != game.base
        assert solving.play(game, action)
    assert game.is_won()


# -- the hint ----------------------------------------------------------------

def _midgame(name, deal, steps):
    """A game some moves in, with a few undone so that there is a redo list."""
    game = patience.new_game(name, seed=deal)
    line = solving.solve_deal(name, deal, seconds=30).line
    for action in line[:steps]:
        solving.play(game, action)
    game.undo()
    game.undo()
    return game


@pytest.mark.parametrize("name", patience.games.GAMES)
def test_a_hint_leaves_the_game_as_it_was_and_leads_to_a_win(name):
    deal = min(d for d, verdict in QUICK[name].items() if verdict == "won")
    game = _midgame(name, deal, 12)
    before = game.to_bytes()
    hint = solver.hint(game, 20000)
    assert game.to_bytes() == before and game.redo() and game.undo()
    assert hint.verdict == "won" and not hint.stuck
    assert solving.play(game, hint.action)
    assert solving.full_hint(game, 30).verdict == "won"


# Agnes deal 238 as a player left it after hints taken one at a time, each
# searched afresh (a resume between them): the search then swung Ah Kh
# between piles 9 and 11, each way "a winning move".
AGNES_238_SWUNG = [(9, 1, 2), (7, 1, 10), (11, 1, 10), (8, 1, 11), (11, 2, 9), (11, 1, 5),
                   (10, 3, 11), "deal", (9, 1, 1), (9, 3, 8), (9, 1, 1), (11, 5, 9), (9, 3, 5),
                   (9, 2, 11)]


def _swung_agnes():
    """(the game at AGNES_238_SWUNG's end, the positions it went through)."""
    game = patience.new_game("agnes", seed=238)
    been = {bytes(game.state)}
    for action in AGNES_238_SWUNG:
        assert solving.play(game, action)
        been.add(bytes(game.state))
    return game, been


@pytest.mark.slow
def test_hints_searched_afresh_each_time_move_on_instead_of_round_a_loop():
    game, been = _swung_agnes()
    for _ in range(12):
        hint = solving.full_hint(game)
        assert hint.verdict == "won"
        assert solving.play(game, hint.action)
        assert bytes(game.state) not in been, "the hint went back to an earlier position"
        been.add(bytes(game.state))


@pytest.mark.slow
def test_the_device_hint_takes_the_last_move_back_only_when_nothing_else_wins():
    game, _ = _swung_agnes()
    hint = solver.hint(game, 20000)
    assert hint.verdict == "won" and hint.action != (11, 2, 9)  # Ah Kh back onto pile 9
    assert solving.play(game, hint.action) and solving.full_hint(game).verdict == "won"


def test_a_hint_that_finds_no_win_looks_twice_and_no_more():
    game = patience.new_game("agnes", seed=2)
    assert solving.play(game, game.moves()[0])    # a position behind it: two looks
    hint = solving.full_hint(game, max_nodes=2000)
    assert hint.verdict == "unknown" and 2000 < hint.nodes <= 4000


def _winning_firsts(pos):
    """The moves from ``pos`` after which a search wins without coming back;
    None when a search ran out of nodes before it knew."""
    found = []
    for code in pos.facts.moves(pos):
        table = solver.ExactTable()
        table.visit(pos.key())
        pos.play(code)
        verdict = solver.search(pos, table, 5000)[0]
        while pos.steps:
            pos.undo()
        if verdict == solver.UNKNOWN:
            return None
        if verdict == solver.WON:
            found.append(code)
    return found


@pytest.mark.parametrize("name, deal, end, several", [
    ("chessboard", 2, None, True),   # the last position with more than one winning first move
    ("glenwood", 1, 106, False)])    # two moves, one of them the only way to win
def test_a_move_put_last_is_tried_after_the_others_and_still_tried(name, deal, end, several):
    line = solving.solve_deal(name, deal).line
    for stop in ([end] if end else range(len(line) - 1, 0, -1)):
        game = patience.new_game(name, seed=deal)
        for action in line[:stop]:
            assert solving.play(game, action)
        pos = Position(game, facts_for(name))
        wins = _winning_firsts(pos)
        if wins is not None and len(pos.facts.moves(pos)) > 1 and (len(wins) > 1) == several:
            break
    assert wins is not None and len(pos.facts.moves(pos)) > 1 and (len(wins) > 1) == several
    solver.search(pos, solver.ExactTable(), 5000)
    later = pos.line(1)[0]  # the first move the search takes when nothing is put last
    while pos.steps:
        pos.undo()
    assert solver.search(pos, solver.ExactTable(), 50000, later=later)[0] == solver.WON
    assert (pos.line(1)[0] != later) == several


def test_a_hint_on_a_lost_game_says_lost_and_stuck():
    game = patience.new_game("chessboard", seed=12)
    hint = solver.hint(game, 20000)
    assert hint.verdict == "lost" and hint.action is None
    assert hint.stuck == bool(game.moves())


def test_a_hint_with_a_tiny_budget_says_unknown():
    game = patience.new_game("chessboard", seed=2)
    hint = solver.hint(game, 10, solver.HashTable(64))
    assert hint.verdict == "unknown" and hint.action is None and not hint.stuck


def test_the_device_table_finds_what_the_exact_table_finds():
    for name, deals in QUICK.items():
        for deal, verdict in deals.items():
            game = patience.new_game(name, seed=deal)
            result = solver.solve(game, 12000, solver.HashTable(16384))
            assert result.verdict == verdict, (name, deal)


# -- the prunings ---------------------------------------------------------

# Per mode: (module, rule, what the rule answers when switched off).
PRUNINGS = {
    ("eagle-wing", False): [(solver_stock, "safe_eagle_wing", False)],
    ("glenwood", False): [(solver_stock, "safe_glenwood", False)],
    ("chessboard", False): [(solver_rules, "safe_chessboard", False)],
    ("agnes", True): [(solver_agnes, "safe_agnes_strict", False)],
    ("agnes", False): [(solver_agnes, "run_could_use", True),
                       (solver_agnes, "whole_piles_move", True)],
}
WON_DEALS = {"eagle-wing": (1, 2), "glenwood": (1, 3), "chessboard": (4, 6), "agnes": (260, 238)}
LOST_DEALS = {"eagle-wing": (12,), "glenwood": (), "chessboard": (12, 14, 16), "agnes": (3,)}


def _positions(name, strict):
    """Games to judge: near the end of won lines and a few random moves
    off them, part way through random play, and small lost deals."""
    rng = random.Random(5)
    found = [patience.new_game(name, seed=deal) for deal in LOST_DEALS[name]]
    for deal in WON_DEALS[name]:
        line = solving.solve_deal(name, deal, seconds=30, strict=strict).line
        for back in (8, 24, 40):
            game = patience.new_game(name, seed=deal)
            for action in line[:max(0, len(line) - back)]:
                solving.play(game, action)
            for _ in range(back // 8):
                moves = game.moves()
                if moves:
                    game.move(*rng.choice(moves))
            found.append(game)
    found += [walk(name, seed, 40 + 3 * seed) for seed in range(1, 13)]
    return found


def _verdict(game, strict):
    position = Position(game, facts_for(game.name, strict))
    forced = len(position.facts.moves(position)) == 1
    return solver.search(position, solver.ExactTable(), 12000)[0], forced


@pytest.mark.slow
@pytest.mark.parametrize("name, strict", sorted(PRUNINGS))
def test_prunings_never_change_a_verdict(name, strict, monkeypatch):
    judged = [(game, _verdict(game, strict)) for game in _positions(name, strict)]
    for module, rule, answer in PRUNINGS[name, strict]:
        monkeypatch.setattr(module, rule, lambda *args, answer=answer: answer)
    compared = set()
    for game, (verdict, forced) in judged:
        without = _verdict(game, strict)[0]
        if "unknown" not in (verdict, without):
            assert without == verdict
            compared.add((verdict, forced))
    assert {"won", "lost"} <= {verdict for verdict, _ in compared}
    assert (name, strict) == ("agnes", False) or ("won", True) in compared


@pytest.mark.parametrize("deal", ["0", "1000000000", "-5", "1e3", "seven", "\u00b2"])
def test_a_bad_deal_number_gets_the_simulators_words(deal, capsys):
    """patience-solve and patience-sim take deal numbers by one rule."""
    from host_sim.simulator import cli as sim
    assert solve.main(["agnes", "--deal", deal]) == 2
    solver_says = capsys.readouterr().err.split("error: ", 1)[1]
    assert sim.main(["--headless", "--game", "agnes", "--deal", deal]) == 2
    assert capsys.readouterr().err.split("error: ", 1)[1] == solver_says
    assert "deals go from 1 to 999,999,999" in solver_says


def test_game_names_and_deal_numbers_are_read_as_the_simulator_reads_them():
    status, lines = _run(" Agnes", "--deal", " 1,000", "--max-nodes", "10")
    assert status == 3 and lines[-1].startswith("unknown "), lines


def test_without_room_for_the_whole_winning_line_a_hint_keeps_its_first_step(monkeypatch):
    whole = solver.line_bytes

    def tight(codes, stock):
        if len(codes) > 1:
            raise MemoryError("memory allocation failed")
        return whole(codes, stock)
    monkeypatch.setattr(solver, "line_bytes", tight)
    hint = solver.hint(patience.new_game("eagle-wing", seed=2), 20000)
    assert hint.verdict == "won" and tuple(hint.line) == hint.action


@pytest.mark.parametrize("name", patience.games.GAMES)
def test_a_hints_whole_line_played_step_by_step_wins(name):
    """The line a player's hints follow: three bytes a step, a press on
    the stock as (stock, 0, stock)."""
    deal = min(d for d, verdict in QUICK[name].items() if verdict == "won")
    game = _midgame(name, deal, 12)
    line = solver.hint(game, 20000).line
    for at in range(0, len(line), 3):
        src, n, dst = line[at:at + 3]
        assert solving.play(game, (src, n, dst) if n else "deal")
    assert game.is_won()


def test_a_failure_in_the_solver_is_not_read_as_a_verdict(monkeypatch, capsys):
    def broken(*_args, **_kwargs):
        raise RuntimeError("a bug")
    monkeypatch.setattr(solve, "solve_deal", broken)
    assert solve.main(["agnes", "--deal", "238"]) == solve.CRASHED
    err = capsys.readouterr().err
    assert "RuntimeError: a bug" in err and "not a verdict" in err

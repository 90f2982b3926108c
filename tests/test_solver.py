"""The host solver: saved winning lines, a fresh solve, limits and the CLI."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
import patience
from host_sim.tools import solver

WINS = json.loads((Path(__file__).parent / "golden" / "wins.json").read_text())
ROOT = Path(__file__).resolve().parent.parent


def test_every_game_has_a_saved_win():
    assert sorted(WINS) == sorted(patience.games.GAMES)
    for entry in WINS.values():
        assert isinstance(entry["seed"], int)
        assert all(isinstance(token, str) for token in entry["actions"])


@pytest.mark.parametrize("name", patience.games.GAMES)
def test_saved_win_replays_to_a_won_game(name):
    entry = WINS[name]
    g = patience.new_game(name, seed=entry["seed"])
    last = len(entry["actions"]) - 1
    for index, token in enumerate(entry["actions"]):
        action = solver.parse_action(token)
        if action == "deal":
            assert g.deal(), token
        else:
            assert g.move(*action), token
        assert g.is_won() == (index == last)
    assert g.is_won()
    assert g.score == 52


def test_solve_finds_a_win_on_an_easy_saved_deal():
    seed = WINS["glenwood"]["seed"]
    actions = solver.solve("glenwood", seed, max_nodes=20000, time_limit=10)
    assert actions is not None
    g = solver.replay("glenwood", seed, actions)
    assert g.is_won()


def test_search_reports_nodes_and_time():
    seed = WINS["eagle-wing"]["seed"]
    result = solver.search("eagle-wing", seed, max_nodes=20000, time_limit=10)
    assert result.won and not result.exhausted
    assert 1 < result.nodes <= 20000
    assert result.seconds >= 0
    assert solver.wins("eagle-wing", seed, result.actions)


def test_tiny_node_budget_finds_nothing():
    # Chessboard deal 24 needs thousands of positions; 100 are not enough.
    result = solver.search("chessboard", 24, max_nodes=100)
    assert result.actions is None
    assert result.nodes <= 100
    assert not result.exhausted
    assert solver.solve("chessboard", 24, max_nodes=100) is None


def test_time_limit_stops_the_search():
    result = solver.search("chessboard", 24, max_nodes=10 ** 9, time_limit=0.0)
    assert result.actions is None
    assert result.nodes <= 256


def test_find_winnable_yields_only_wins():
    seed = WINS["glenwood"]["seed"]
    found = list(solver.find_winnable("glenwood", [seed], max_nodes=20000, time_limit=10))
    assert [s for s, _ in found] == [seed]
    assert solver.wins("glenwood", seed, found[0][1])


def test_actions_round_trip_as_text():
    actions = [(6, 1, 3), "deal", (11, 2, 2)]
    text = solver.format_actions(actions)
    assert text == "6:1:3 deal 11:2:2"
    assert solver.parse_actions(text) == actions
    with pytest.raises(ValueError):
        solver.parse_action("6:1")


def test_parse_seeds():
    assert solver.parse_seeds("3") == [3]
    assert solver.parse_seeds("1-4") == [1, 2, 3, 4]
    assert solver.parse_seeds("1,5,9-10") == [1, 5, 9, 10]
    with pytest.raises(ValueError):
        solver.parse_seeds("5-1")


def test_replay_names_a_refused_action():
    with pytest.raises(ValueError, match="action 0"):
        solver.replay("chessboard", 1, [(3, 1, 0)])


def test_cli_prints_a_line_per_seed(capsys):
    seed = WINS["glenwood"]["seed"]
    seeds = "%d-%d" % (seed, seed + 2)
    assert solver.main(["glenwood", "--seeds", seeds, "--max-nodes", "3000"]) == 0
    lines = capsys.readouterr().out.splitlines()
    per_seed = [line for line in lines if line.startswith("glenwood deal ")]
    assert [int(line.split()[2].rstrip(":")) for line in per_seed] == [seed, seed + 1, seed + 2]
    for line in per_seed:
        assert ("won" in line) != ("not found" in line)
        assert "nodes" in line and "time" in line and "length" in line
    assert "won, nodes" in per_seed[0]


def test_cli_actions_as_a_module():
    seed = WINS["eagle-wing"]["seed"]
    out = subprocess.run(
        [sys.executable, "-m", "host_sim.tools.solver", "eagle-wing", "--seeds", str(seed),
         "--max-nodes", "20000", "--actions"],
        cwd=ROOT, capture_output=True, text=True, timeout=60, check=True).stdout
    lines = out.splitlines()
    assert lines[0].startswith("eagle-wing deal %d: won" % seed)
    tokens = lines[1].split()
    assert int(lines[0].rsplit("length ", 1)[1]) == len(tokens)
    assert solver.wins("eagle-wing", seed, solver.parse_actions(tokens))

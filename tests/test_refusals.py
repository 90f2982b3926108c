"""Every refused move says why, in a line that fits the status bar.

Random play on many deals of each game; at every position each way of
taking n cards from a pile and putting them on another is tried. The
engine must refuse exactly what the independent oracle refuses, each
refusal gets a rule code and, in English and in French, a non-empty line of
at most 40 characters (the 160-pixel screen's status bar); and over all the
games every rule code of patience.core.problems is met.
"""

import random

import pytest

import patience
from oracle import Oracle
from patience.core import problems as codes
from patience.screens.refusals import reason
from patience.screens.words import Words
from host_sim.simulator.cli import firmware_dir
from test_oracle_agreement import random_deck

pytestmark = pytest.mark.slow

STATUS_COLUMNS = 160 // 4
DEALS = 6
ACTIONS = 50
ALL_CODES = {value for name, value in vars(codes).items() if name.isupper()}


class KeptWords(Words):
    """The language file's words, each read from it once: the lines are the
    same, and the million refusals here need not read the file each time."""

    def __init__(self, path):
        super().__init__(path)
        self.kept = {}

    def get(self, key):
        if key not in self.kept:
            self.kept[key] = super().get(key)
        return self.kept[key]


@pytest.fixture(scope="module")
def languages():
    return [KeptWords("%s/lang/%s.bin" % (firmware_dir(), lang)) for lang in ("en", "fr")]


def _check_position(game, oracle, languages, seen):
    legal = oracle.legal_moves()
    for src in range(game.pile_count):
        for n in range(1, game.size(src) + 2):
            for dst in range(game.pile_count):
                if dst == src:
                    continue
                problem = game.problem(src, n, dst)
                assert (problem == 0) == ((src, n, dst) in legal), (src, n, dst, problem)
                if problem:
                    seen.add(problem)
                    for words in languages:
                        line = reason(words, game, problem, src, n, dst)
                        assert 0 < len(line) <= STATUS_COLUMNS, (problem, line)


def _play(name, deal, languages, seen):
    deck = random_deck(deal)
    game = patience.new_game(name, deck=deck)
    oracle = Oracle(name, deck)
    rng = random.Random(deal)
    for _ in range(ACTIONS):
        _check_position(game, oracle, languages, seen)
        moves = sorted(oracle.legal_moves())
        if moves and (rng.random() < 0.8 or not oracle.can_press_stock()):
            move = rng.choice(moves)
            assert game.move(*move) and oracle.play(*move)
        elif oracle.can_press_stock():
            assert game.deal() and oracle.press_stock()
        else:
            return


@pytest.fixture(scope="module")
def seen(languages):
    found = {}
    for name in patience.games.GAMES:
        found[name] = set()
        for deal in range(1, DEALS + 1):
            _play(name, deal, languages, found[name])
    return found


def test_each_game_refuses_as_the_oracle_and_says_why(seen):
    assert all(seen.values())


def test_every_rule_code_is_met_in_play(seen):
    met = set().union(*seen.values())
    assert met == ALL_CODES, "never met: %s" % sorted(ALL_CODES - met)

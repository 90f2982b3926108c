"""Deal number 1 of each game is pinned: the shuffle must never change."""

from pathlib import Path

import pytest
import patience

GOLDEN = Path(__file__).parent / "golden"


@pytest.mark.parametrize("name", patience.games.GAMES)
def test_deal_one_matches_the_golden_dump(name):
    expected = (GOLDEN / f"deal1-{name}.txt").read_text()
    assert str(patience.new_game(name, seed=1)) + "\n" == expected

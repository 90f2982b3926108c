"""A short button-mashing run (bench/fuzz.py runs the long one)."""

import pytest

from mashing import mash
from patience.saves.store import Store


@pytest.mark.slow
def test_mashing_buttons_never_breaks_the_game_or_the_screen():
    counts, failure = mash(3000, seed=7, store=Store(bytearray(8192)))
    assert failure is None
    assert len(counts["deals"]) >= 3 and counts["title"] > 0 and counts["panels"] > 0

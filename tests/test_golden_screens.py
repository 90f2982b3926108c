"""The opening screen of each game, pixel for pixel, at 160x128 and 240x240.

The PNGs in golden/screens were looked at by eye before they were kept.
To renew them after a deliberate change of the art or layout:
``patience-sim --headless --board B --game G --deal 1 --shot tests/golden/screens/G-B.png``
"""

from pathlib import Path

import pygame
import pytest

import patience
from screens import running

GOLDEN = Path(__file__).parent / "golden" / "screens"



@pytest.mark.parametrize("board", ["pybadge", "clue"])
@pytest.mark.parametrize("name", patience.games.GAMES)
def test_opening_screen_matches_golden(name, board):
    expected = pygame.image.load(str(GOLDEN / f"{name}-{board}.png"))
    with running(name, 1, board) as s:
        frame = s.display.frame()
        assert frame.get_size() == expected.get_size()
        assert pygame.image.tobytes(frame, "RGB") == pygame.image.tobytes(expected, "RGB")

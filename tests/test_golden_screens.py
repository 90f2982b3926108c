"""The opening screen of each game, pixel for pixel, at 160x128 and 240x240.

The PNGs in golden/screens were looked at by eye before they were kept.
To renew them after a deliberate change of the art or layout:
``patience-sim --headless --board B --game G --deal 1 --shot tests/golden/screens/G-B.png``
(the French ones: ``--lang fr`` and the keys in FRENCH, on a fresh ``--save`` file)
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


# French screens at 160x128: (golden file, game or None for the title, keys)
FRENCH = [("fr-title-pybadge", None, ""), ("fr-menu-pybadge", "glenwood", "start"),
          ("fr-help-eagle-wing-pybadge", "eagle-wing", "start" + " down" * 10 + " a")]


@pytest.mark.parametrize("golden, game, keys", FRENCH)
def test_french_screens_match_golden(golden, game, keys):
    expected = pygame.image.load(str(GOLDEN / f"{golden}.png"))
    with running(game, 1 if game else None, language="fr") as s:
        if keys:
            s.press(keys)
        frame = s.display.frame()
        assert pygame.image.tobytes(frame, "RGB") == pygame.image.tobytes(expected, "RGB")

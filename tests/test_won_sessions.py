"""A known deal of each game played to the won screen with buttons only.

The key scripts in golden/win-keys.json were made by ``python -m
host_sim.tools.autoplay GAME DEAL`` (the solver's line steered with the D-pad);
here they go through the real input path: ScriptKeys, App.tick, screens.
"""

import json
from pathlib import Path

import pytest

from screens import running

WINS = json.loads((Path(__file__).parent / "golden" / "win-keys.json").read_text())


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(WINS))
def test_key_script_wins_and_shows_the_won_screen(name):
    deal, keys = WINS[name]["deal"], WINS[name]["keys"]
    with running(name, deal) as s:
        s.press(keys)
        assert s.app.game.is_won() and s.app.game.score == 52
        assert "YOU WON!" in s.panel()
        assert s.status().startswith("%s DEAL %d  52/52" % (name.upper().replace("-", " "), deal))
        s.press("a")                                   # A on the won screen: a new deal
        assert s.panel() is None and s.app.game.score < 52 and s.app.game.seed != deal


def test_undo_after_winning_goes_back_a_step():
    deal, keys = WINS["glenwood"]["deal"], WINS["glenwood"]["keys"]
    with running("glenwood", deal) as s:
        s.press(keys)
        s.press("select")
        assert s.panel() is None and s.app.game.score == 51

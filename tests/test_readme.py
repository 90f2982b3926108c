"""The README's engine example runs as written, and does what it says."""

import re
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def test_the_engine_in_five_lines_runs_and_moves_a_card(capsys):
    text = README.read_text(encoding="utf-8")
    code = re.search(r"## The engine in five lines\n\n```python\n(.*?)```", text, re.S).group(1)
    names = {}
    exec(code, names)  # pylint: disable=exec-used
    game = names["g"]
    assert capsys.readouterr().out.count("\n") == game.pile_count + 1  # a line a pile, then one
    assert game.done == 1 and game.to_bytes() == names["data"]          # moved, undone, redone

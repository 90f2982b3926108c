"""The engine on a real 32-bit MicroPython VM: same games, no allocation.

One VM run per check covers all four games (tests/vm; skipped, saying why,
where the VM is absent).
"""

import random

import pytest

import patience
import vm

from support import GAME_PART_WAY as SETUP

pytestmark = pytest.mark.vm

HEAP_KB = 128
SEEDS = (1, 2, 999_999_999, 123_456_789)


@pytest.fixture(scope="module", autouse=True)
def _needs_vm():
    vm.require_vm()


def _sections(script):
    """Run ``script``; its output split at lines "== <game>"."""
    found, name = {}, None
    for line in vm.run(script, HEAP_KB).splitlines():
        if line.startswith("== "):
            name = line[3:]
            found[name] = []
        else:
            found[name].append(line)
    return found


def _script(name, seed):
    """A whole random game as a list of actions: (src, n, dst) or 'deal'."""
    rng = random.Random(seed)
    g = patience.new_game(name, seed=seed)
    actions = []
    for _ in range(400):
        moves = g.moves()
        if moves and (rng.random() < 0.85 or not g.can_deal()):
            action = rng.choice(moves)
            g.move(*action)
        elif g.deal():
            action = "deal"
        else:
            break
        actions.append(action)
        if rng.random() < 0.05:
            g.undo()
            actions.append("undo")
    return g, actions


@pytest.fixture(scope="module")
def deals():
    script = "import patience\n" + "".join(
        f"print('== {name}')\n" + "".join(f"print(patience.new_game({name!r}, seed={seed}))\n"
                                          for seed in SEEDS)
        for name in patience.games.GAMES)
    return _sections(script)


@pytest.mark.parametrize("name", patience.games.GAMES)
def test_same_deals_on_micropython(deals, name):
    expected = "\n".join(str(patience.new_game(name, seed=seed)) for seed in SEEDS)
    assert "\n".join(deals[name]) == expected


PLAY = """
import binascii
def play(g, actions):
    for at in range(0, len(actions), 3):
        src, n, dst = actions[at], actions[at + 1], actions[at + 2]
        if src == 255:
            g.deal()
        elif src == 254:
            g.undo()
        else:
            assert g.move(src, n, dst)
    print(g)
    print(binascii.hexlify(g.to_bytes()).decode())
"""


def _encoded(actions):
    """Actions as bytes, three a step: (src, n, dst), deal 255, undo 254."""
    return bytes(b for a in actions
                 for b in ((255, 0, 0) if a == "deal" else (254, 0, 0) if a == "undo" else a))


@pytest.fixture(scope="module")
def whole_games():
    script, games = "import patience\n" + PLAY, {}
    for name in patience.games.GAMES:
        games[name], actions = _script(name, 5)
        script += (f"print('== {name}')\n"
                   f"play(patience.new_game({name!r}, seed=5), {_encoded(actions)!r})\n")
    return games, _sections(script)


@pytest.mark.parametrize("name", patience.games.GAMES)
def test_whole_game_ends_the_same_on_micropython(whole_games, name):
    games, out = whole_games
    *shown, blob = out[name]
    assert "\n".join(shown) == str(games[name])
    assert bytes.fromhex(blob) == games[name].to_bytes()


@pytest.fixture(scope="module")
def allocations():
    script = "import vmheap\n"
    for name in patience.games.GAMES:
        script += SETUP.format(name=name) + f"""
def moves():
    g.move(src, n, dst)
    g.undo()
    g.redo()
    g.undo()
def deal():
    g.deal()
    g.undo()
print('== {name}')
print(vmheap.allocated(moves, 20), vmheap.allocated(deal, 20))
"""
    return _sections(script)


@pytest.mark.parametrize("name", patience.games.GAMES)
def test_move_undo_redo_deal_allocate_nothing(allocations, name):
    assert allocations[name] == ["0 0"]

"""The engine on a real 32-bit MicroPython VM: same games, no allocation.

Skipped outside CI when Node.js is missing; CI must have it.
"""

import random
from pathlib import Path

import pytest

import patience
import mpvm

from support import GAME_PART_WAY as SETUP

FIRMWARE = Path(__file__).resolve().parents[1] / "firmware"


@pytest.fixture(scope="module")
def vm():
    mpvm.require_node_for_tests()
    with mpvm.MicroPythonVM(heap_kb=128) as machine:
        machine.install_tree(FIRMWARE / "patience", "/lib/patience")
        machine.run("import patience")
        yield machine


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


@pytest.mark.parametrize("name", patience.GAMES)
def test_same_deals_on_micropython(vm, name):
    for seed in (1, 2, 999_999_999, 123_456_789):
        out = vm.run(f"print(patience.new_game({name!r}, seed={seed}))")
        assert out.rstrip("\n") == str(patience.new_game(name, seed=seed))


@pytest.mark.parametrize("name", patience.GAMES)
def test_whole_game_ends_the_same_on_micropython(vm, name):
    g, actions = _script(name, 5)
    vm.run(f"g = patience.new_game({name!r}, seed=5)")
    steps = "\n".join("g.deal()" if a == "deal" else "g.undo()" if a == "undo"
                      else "assert g.move(%d, %d, %d)" % a for a in actions)
    vm.run(steps)
    assert vm.run("print(g)").rstrip("\n") == str(g)
    assert bytes.fromhex(vm.run("print(''.join('%02x' % b for b in g.to_bytes()))").strip()) \
        == g.to_bytes()


@pytest.mark.parametrize("name", patience.GAMES)
def test_move_undo_redo_deal_allocate_nothing(vm, name):
    setup = SETUP.format(name=name)
    assert vm.measure_alloc("g.move(src, n, dst)\ng.undo()\ng.redo()\ng.undo()",
                            setup=setup, repeat=20) == 0
    assert vm.measure_alloc("g.deal()\ng.undo()", setup=setup, repeat=20) == 0

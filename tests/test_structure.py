"""The firmware's structure: every registered game is whole, and rooms import
in one direction with no cycles (function-level imports included)."""

import ast
import json
from pathlib import Path

import pytest

import patience
from patience.solver.facts import facts_for
from patience import games
from oracle import Oracle
from support import ALL_CARDS

FIRMWARE = Path(__file__).resolve().parents[1] / "firmware"
GOLDEN = Path(__file__).resolve().parent / "golden"
RULES_API = ("NAME", "NUMBER", "KINDS", "REDEALS", "DEAL_ROW", "FIRST_FOUNDATION",
             "FLIP_AFTER_MOVE", "REFILL_FROM", "REVERSE_HOME", "COLUMNS", "ROWS", "LAYOUT",
             "deal", "stock_works", "pick_problem", "drop_problem")
# Save ids already written to players' boards: they may never change.
SHIPPED_NUMBERS = {"eagle-wing": 0, "agnes": 1, "glenwood": 2, "chessboard": 3}


@pytest.mark.parametrize("name", patience.games.GAMES)
def test_a_registered_game_has_every_part(name):
    rules = patience.games.rules_for(name)
    missing = [part for part in RULES_API if not hasattr(rules, part)]
    assert not missing, "%s's rules module lacks %s" % (name, ", ".join(missing))
    assert rules.__name__.endswith("." + name.replace("-", "_")) and rules.NAME == name
    assert len(rules.LAYOUT) == 3 * len(rules.KINDS), "one (column, row, fan) per pile"
    assert (GOLDEN / ("deal1-%s.txt" % name)).is_file(), "no golden deal 1 (tests/golden)"
    wins = json.loads((GOLDEN / "win-keys.json").read_text())
    assert name in wins, "no won session in tests/golden/win-keys.json"
    assert Oracle(name, bytes(ALL_CARDS)), "the rules oracle (tests/oracle.py) lacks it"
    try:
        facts_for(name)
    except ValueError:
        pytest.fail("the solver (patience/solver/facts.py) has no move generator for it")
    assert (FIRMWARE / "winnable" / (name + ".bin")).is_file(), \
        "no winnable-deal list: patience-solve %s --deals 1-8192 --bitsets firmware/winnable" % name


def test_save_numbers_are_unique_and_shipped_ones_never_change():
    numbers = [games.number(name) for name in patience.games.GAMES]
    assert len(set(numbers)) == len(numbers)
    for name, number in SHIPPED_NUMBERS.items():
        assert games.number(name) == number, "%s was saved as game %d" % (name, number)
        assert games.name_of(number) == name
    assert games.name_of(max(numbers) + 1) is None and games.state_len(200) == 0


def test_unknown_game_is_refused_by_name():
    with pytest.raises(ValueError, match="unknown game 'klondike': choose one of eagle-wing"):
        patience.games.rules_for("klondike")


# -- imports --------------------------------------------------------------

# Which rooms a room may import from (lifetimes, the table of what each
# moment loads, is everyone's; so is the package root).
ALLOWED = {
    "core": {"core", "lifetimes"},
    "input": {"input"},
    "lifetimes": set(),
    "games": {"core", "games", "lifetimes"},
    "saves": {"core", "games", "saves", "lifetimes"},
    "solver": {"core", "solver"},
    "screens": {"core", "games", "input", "saves", "screens", "solver", "lifetimes"},
    "boards": {"boards", "input", "screens", "saves", "core", "lifetimes"},
    "": {"core", "games", "lifetimes"},
}


def _module_name(path):
    parts = path.relative_to(FIRMWARE).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _modules():
    return {_module_name(path): path for path in (FIRMWARE / "patience").rglob("*.py")}


def _nodes(tree):
    """Every node of ``tree``, in functions and in ``if _TYPING:`` blocks too."""
    for node in ast.iter_child_nodes(tree):
        yield node
        yield from _nodes(node)


def _imports(name, path, known):
    """Firmware modules ``name`` imports anywhere in its file (relative
    imports resolved; ``from pkg import sub`` counts as importing ``pkg.sub``)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in _nodes(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name in known)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")
                parent = parent[:len(parent) - node.level + 1]
                base = ".".join(parent + ([node.module] if node.module else []))
            for alias in node.names:
                sub = base + "." + alias.name
                found.add(sub if sub in known else base)
    return {module for module in found if module in known and module != name}


def _graph():
    known = _modules()
    return {name: _imports(name, path, known) for name, path in known.items()}


def test_no_import_cycles_in_the_firmware():
    graph = _graph()
    state = {}

    def visit(module, trail):
        state[module] = "open"
        for nxt in sorted(graph[module]):
            if state.get(nxt) == "open":
                cycle = trail[trail.index(nxt):] + [nxt]
                pytest.fail("import cycle: " + " -> ".join(cycle))
            if nxt not in state:
                visit(nxt, trail + [nxt])
        state[module] = "done"

    for module in sorted(graph):
        if module not in state:
            visit(module, [module])


def _room(module):
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def test_rooms_import_only_what_they_may():
    wrong = ["%s imports %s" % (module, other)
             for module, others in sorted(_graph().items()) for other in sorted(others)
             if _room(other) and _room(other) not in ALLOWED[_room(module)]]
    assert not wrong, "\n".join(wrong)


def test_the_import_check_sees_function_level_imports():
    graph = _graph()
    assert "patience.core.hints" in graph["patience.core.engine"]      # inside Game.hint()
    assert "patience.screens.menu" in graph["patience.screens.play"]   # inside open_menu()
    assert "patience.screens.deals" in graph["patience.screens.play"]  # inside Player._won
    assert "patience.screens.actions" in graph["patience.screens.play"]  # by Player.do
    assert "patience.screens.art" in graph["patience.screens.start"]


def test_the_app_and_the_player_do_not_import_each_other():
    """The Player knows the App only as its host (play.py's notes)."""
    graph = _graph()
    assert "patience.screens.play" not in graph["patience.screens.app"]
    assert "patience.screens.app" not in graph["patience.screens.play"]


# -- what each moment loads and lets go of -------------------------------

def _let_go(names):
    """The full names of what a moment names (lifetimes.MOMENTS)."""
    from patience.lifetimes import ROOMS
    room, named = None, False
    for name in list(names) + ["lib"]:
        if name in ROOMS:
            if room and room != "lib" and not named:
                yield "patience." + room
            room, named = name, False
        else:
            named = True
            yield name if room == "lib" else "patience.%s.%s" % (room, name)


def test_every_module_a_moment_lets_go_of_is_there():
    from patience.lifetimes import MOMENTS
    known = set(_modules()) | {"adafruit_imageload"}
    named = {name for names in MOMENTS.values() for name in _let_go(names)}
    assert all(len(moment) <= 10 and moment.isidentifier() for moment in MOMENTS), \
        "a moment's name a board interns: at most 10 characters, a name"
    assert named and not named - known, "no such module: %s" % sorted(named - known)
    games = {name for name in known if name.startswith("patience.games.")}
    assert games == set(_let_go(MOMENTS["catalog"])), "lifetimes.MOMENTS['catalog'] names every game"


def _calls(path):
    for node in _nodes(ast.parse(path.read_text())):
        if isinstance(node, ast.Call):
            yield node


def test_only_the_lifetimes_table_lets_modules_go():
    """Nothing but lifetimes.let_go touches sys.modules, and each call of it
    names a moment of its table (a name it does not know raises)."""
    from patience.lifetimes import MOMENTS, let_go
    for name, path in _modules().items():
        source = path.read_text()
        if name == "patience.lifetimes":
            continue
        assert "sys.modules" not in source and "__import__" not in source, name
        for call in _calls(path):
            if getattr(call.func, "id", None) == "let_go":
                moment = call.args[0]
                assert isinstance(moment, ast.Constant) and moment.value in MOMENTS, \
                    "%s: let_go(%s)" % (name, ast.unparse(moment))
    with pytest.raises(KeyError):
        let_go("no such moment")


def test_a_moment_let_go_loads_again_on_its_next_import():
    import sys
    from patience.lifetimes import let_go
    from patience.screens import deals
    from patience import solver
    from patience.solver import search  # noqa: F401
    assert "patience.screens.deals" in sys.modules
    let_go("deals")
    assert "patience.screens.deals" not in sys.modules
    import patience.screens
    assert not hasattr(patience.screens, "deals")
    from patience.screens import deals as again
    assert again is not deals and again.random_deal() > 0
    let_go("hint")  # a whole room: the package and what is loaded of it
    assert not [name for name in sys.modules if name.startswith("patience.solver")]
    assert not hasattr(patience, "solver") and solver.__name__ == "patience.solver"


def test_every_action_a_menu_or_notice_names_is_there():
    """The Start menu and the notices name the player's actions (Player.do):
    each is a Player method or a function of actions.py (the hint of
    advice.py, the help of helppage.py), never both, so that a press on an
    item always does it."""
    import inspect
    from patience.screens import actions, advice, deals, helppage, notices, play
    named = {action for _, action in play._START_MENU if action}
    for table in (notices._STUCK, notices._FINISH, deals._WON):
        named.update(action for action in table.values() if action)
    named.update(("ask_new_deal", "undo"))  # advice.no_win's
    methods = {name for name, _ in inspect.getmembers(play.Player, inspect.isfunction)}
    for action in sorted(named):
        module = {"hint": advice, "help": helppage}.get(action, actions)
        found = [action in methods, callable(getattr(module, action, None))]
        assert found.count(True) == 1, (action, found)

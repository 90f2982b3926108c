"""Solving on the host: a deal or a live game, a time limit, checked lines.

``solve_deal(name, deal=N | deck=bytes)`` runs the firmware's sound search
(``patience.solver``) with an exact table and a CPU-time limit and
returns an ``Outcome``; a won deal's line is shortened and replayed on a
fresh engine game before it is returned, so every line handed out wins.
``full_hint(game)`` is the host-budget hint for a live game (the simulator's).

Actions are the engine's: ``(src, n, dst)`` or ``"deal"``; as text
``drag SRC N DST`` or ``deal`` (``format_action``/``parse_action``), pile
numbers as in docs/rules.md; ``steps.py`` says them in a player's words.
"""

import collections
import itertools
import sys
import time

import patience
from patience.solver import search as solver
from patience.solver.moves import unfold
from patience.solver.position import Position
from patience.solver.facts import facts_for

DEAL = solver.DEAL
_LOOK_FIRST_PER_SECOND = 8000   # positions per second of limit for the looks: about a quarter


class Outcome(collections.namedtuple("Outcome",
                                     "verdict line nodes seconds bytes_per_position")):
    """One search: verdict, line (engine actions, won only), nodes (positions
    stored), seconds (CPU), bytes_per_position (the table's memory per key)."""

    __slots__ = ()

    def summary(self):
        """``won 1234 positions 0.52 s 61 actions`` and the like."""
        text = "%s %d positions %.2f s" % (self.verdict, self.nodes, self.seconds)
        if self.line is not None:
            text += " %d actions" % len(self.line)
        return text


def format_action(action):
    """``deal`` or ``drag SRC N DST``."""
    return DEAL if action == DEAL else "drag %d %d %d" % tuple(action)


def parse_action(text):
    """The action a line of text names; ValueError if none."""
    words = text.split()
    if words == [DEAL]:
        return DEAL
    if len(words) == 4 and words[0] == "drag" and all(w.isdigit() for w in words[1:]):
        return tuple(int(w) for w in words[1:])
    raise ValueError("not an action: %r (expected 'deal' or 'drag SRC N DST')" % text)


def play(game, action):
    """Play one action on an engine game; True if it was accepted."""
    return game.deal() if action == DEAL else game.move(*action)


def new_game(name, deal=None, deck=None):
    """A fresh engine game of a deal number or a deck."""
    return patience.new_game(name, seed=deal, deck=deck)


def wins(name, line, deal=None, deck=None):
    """True when ``line`` played on a fresh game wins it, every action accepted."""
    game = new_game(name, deal, deck)
    for action in line:
        if not play(game, action):
            return False
    return game.is_won()


def deadline_in(seconds):
    """``out_of_time`` for the search: True once ``seconds`` of CPU time
    have passed (None: never)."""
    if seconds is None:
        return None
    end = time.process_time() + seconds
    return lambda: time.process_time() > end


def solve_game(game, seconds=None, max_nodes=None, strict=False, shorten_line=True, seen=()):
    """Search from a live game's position (the game is only read):
    ``(verdict, move ints, nodes, cpu seconds, bytes per position)``; a
    won line is made shorter (``shorter_line``) unless ``shorten_line`` is
    False. A line never passes through the positions keyed in ``seen``."""
    started = time.process_time()
    table = _TableAfter(seen)
    look_first = None if seconds is None else int(seconds * _LOOK_FIRST_PER_SECOND)
    result = solver.solve(game, max_nodes or sys.maxsize, table, deadline_in(seconds),
                          strict, look_first)
    spent = time.process_time() - started
    per = bytes_per_key(table)
    codes = result.codes()
    if result.verdict == solver.WON and shorten_line:
        codes = shorter_line(game, codes, table, result.strict, seen)
    return result.verdict, codes, result.nodes, spent, per


class _TableAfter(solver.ExactTable):
    """The exact table, holding from each start (``clear``) the keys
    ``seen``: to the search those positions are visited already."""

    def __init__(self, seen):
        self.seen = seen
        super().__init__()
        self.clear()

    def clear(self):
        super().clear()
        self.keys.update(self.seen)


def bytes_per_key(table, sample=2000):
    """Memory the exact table holds per key: its set's share plus the size
    of a key (the mean of the first ``sample`` keys)."""
    keys = table.keys
    if not keys:
        return 0.0
    sizes = [sys.getsizeof(key) for key in itertools.islice(keys, sample)]
    return sys.getsizeof(keys) / len(keys) + sum(sizes) / len(sizes)


def solve_deal(name, deal=None, deck=None, seconds=None, max_nodes=None, strict=False,
               shorten_line=True):
    """Solve a fresh deal; an ``Outcome`` whose line (if won) is checked on
    the engine (and made shorter first unless ``shorten_line`` is False)."""
    game = new_game(name, deal, deck)
    verdict, codes, nodes, spent, per = solve_game(game, seconds, max_nodes, strict,
                                                   shorten_line)
    line = None
    if verdict == solver.WON:
        line = [solver.action_of(code) for code in unfold(codes)]
        if not wins(name, line, deal, deck):
            raise AssertionError("%s %s: the line found does not win on the engine"
                                 % (name, deal if deck is None else "deck"))
    return Outcome(verdict, line, nodes, spent, per)


SIM_HINT_NODES = 30000   # a look of the simulator's hint (two at most): about a second, the same answer each time


def full_hint(game, seconds=None, max_nodes=SIM_HINT_NODES, strict=False):
    """The host-budget hint, a ``solver.Hint`` (verdict, next action of a
    winning line, stuck); the game is only read. With ``seconds`` None the
    answer depends on the position and the game's history alone.

    It looks first for a line that never goes back to a position the game
    has been in, so that hints followed one at a time (with the search
    redone in between, as after a resume) always move on rather than round
    a loop of winnable positions; only when there is none does it look
    again through them (the way on may start by going back), with a budget
    of its own: a hint that finds no win searches up to twice ``max_nodes``
    (the first look, held off those positions, can need the whole budget
    where the second wins at once)."""
    earlier = earlier_keys(game, strict)
    verdict, codes, nodes, _, _ = solve_game(game, seconds, max_nodes, strict, seen=earlier)
    if verdict != solver.WON and earlier:
        verdict, codes, more, _, _ = solve_game(game, seconds, max_nodes, strict)
        nodes += more
    action = line = None
    if verdict == solver.WON and codes:
        action = solver.action_of(unfold(codes)[0])
        line = solver.line_bytes(codes, game.stock)
    stuck = verdict == solver.LOST and (game.can_deal() or bool(game.moves()))
    return solver.Hint(verdict, action, stuck, nodes, line)


def earlier_keys(game, strict=False):
    """The solver's keys of the positions ``game`` went through before its
    present one (the game is only read: its history is undone on a copy)."""
    copy = patience.load_game(game.to_bytes())
    facts = facts_for(game.name, strict)
    keys = []
    while copy.undo():
        keys.append(Position(copy, facts).key())
    return keys


# -- shorter lines -------------------------------------------------------

_SHORTEST_WITHIN = 400000   # stored positions up to which a won line is redone


def shorter_line(game, codes, table, strict=False, seen=()):
    """A winning line no longer than ``codes``: the shortest through the
    positions the search stored (when it stored few enough) but not those
    in ``seen``, then with detours cut (``shorten``)."""
    if len(table) <= _SHORTEST_WITHIN:
        codes = shortest_within(game, table.keys, strict, seen) or codes
    return shorten(game, codes, strict)


def shortest_within(game, allowed, strict=False, seen=()):
    """The shortest winning line from ``game`` that stays inside the
    positions whose keys are in ``allowed`` and not in ``seen`` (breadth
    first), or None.

    It may find none: a generator's forced move home depends on the order
    of interchangeable piles, so the search may have stored the children
    of an equivalent position rather than of the one reached here."""
    pos = Position(game, facts_for(game.name, strict))
    root = pos.key()
    parents = dict.fromkeys(seen)  # as if reached already: never gone through
    parents[root] = None
    frontier = [(_snapshot(pos), root)]
    while frontier:
        reached = []
        for snapshot, key in frontier:
            _restore(pos, snapshot)
            for code in pos.facts.moves(pos):
                pos.play(code)
                child = pos.key()
                if child in allowed and child not in parents:
                    parents[child] = (key, code)
                    if pos.won():
                        return _line_to(parents, child)
                    reached.append((_snapshot(pos), child))
                pos.undo()
        frontier = reached
    return None


def _snapshot(pos):
    """A solver position as a value (``_restore`` goes back to it)."""
    return tuple(pos.piles), bytes(pos.counts), bytes(pos.where)


def _restore(pos, snapshot):
    """Put a solver position back to a ``_snapshot`` (its undo log empty)."""
    piles, counts, where = snapshot
    pos.piles = list(piles)
    pos.counts = bytearray(counts)
    pos.where = bytearray(where)
    pos.homed = sum(pos.counts[:4])
    pos.steps = 0


def _line_to(parents, key):
    """The moves from the root to ``key`` along ``parents``."""
    line = []
    while parents[key] is not None:
        key, code = parents[key]
        line.append(code)
    line.reverse()
    return line

def shorten(game, codes, strict=False):
    """A winning line of move ints no longer than ``codes`` (which win from
    ``game``'s position): wherever one generated move reaches a later
    position of the line, the detour between is cut; repeated while it
    shrinks. Positions are compared exactly (not up to symmetry), so the
    rest of the line still applies."""
    line = list(codes)
    while True:
        shorter = _cut_detours(Position(game, facts_for(game.name, strict)), line)
        if len(shorter) >= len(line):
            return line
        line = shorter


def _exact(pos):
    return b"\xfe".join(pos.piles) + bytes(pos.counts)


def _cut_detours(pos, line):
    """One pass of ``shorten``."""
    later = {_exact(pos): 0}
    for index, code in enumerate(line):
        pos.play(code)
        later[_exact(pos)] = index + 1
    while pos.steps:
        pos.undo()
    shorter = []
    at = 0
    while at < len(line):
        best, best_at = line[at], at + 1
        for code in pos.facts.moves(pos):
            pos.play(code)
            reached = later.get(_exact(pos), -1)
            pos.undo()
            if reached > best_at:
                best, best_at = code, reached
        pos.play(best)
        shorter.append(best)
        at = best_at
    return shorter

"""Is this position won or lost? A sound depth-first search with a budget."""

# ``solve(game, max_nodes, table)`` searches from the game's current position
# (any position: mid-game, base set or not, redeals used, Agnes cards on the
# foundations) and never changes the game: it reads it once into a
# ``Position``. It answers ``WON`` with a winning line, ``LOST`` when the
# whole tree was searched (a proof: the only moves left out are those
# ``rules`` proves unnecessary), or ``UNKNOWN`` when the node budget
# or ``out_of_time()`` stopped it first.
#
# The search is iterative (no recursion, so any depth) and remembers every
# position it has seen in a table, by ``Position.key`` (the canonical form),
# so each position is expanded once; a position seen before, on this line or
# another, is not searched again. That is sound: when the search ends without
# a win, every position reachable from the start has been expanded.
#
# Tables (``tables``): ``ExactTable`` (host) keeps the keys
# themselves, so "lost" is an exact proof; ``HashTable`` (device) keeps two
# 30-bit hashes of each key, so its "lost" is a proof up to the chance that
# two positions share both (about slots / 2**60 per look-up).

from micropython import const

from .moves import PRESS, move_code, move_parts, unfold
from .position import Position
from .facts import facts_for
# HashTable is here for the device to make its table from.
from .tables import UNLIMITED as _UNLIMITED, ExactTable, HashTable, Workspace  # noqa: F401

WON = "won"
LOST = "lost"
UNKNOWN = "unknown"
DEAL = "deal"
_CHECK_EVERY = const(1023)   # nodes between two calls of out_of_time()
DEVICE_NODES = const(1000)   # the device hint's budget (see docs/solver.md for its cost)
DEVICE_SLOTS = const(2048)   # its table: 16 KB, room for 1,536 positions
DEVICE_DEPTH = const(150)    # its longest line


def action_of(code):
    """The engine action of a move int: ``(src, n, dst)`` or ``"deal"``."""
    return DEAL if code == PRESS else move_parts(code)


class Result:
    """What ``solve`` found: ``verdict``, ``nodes`` (positions stored),
    ``strict`` (True when a win keeps to strict Agnes) and, when won, the
    line: ``codes()`` as move ints, ``line()`` as engine actions."""

    def __init__(self, verdict, position, nodes, strict):
        self.verdict = verdict
        self.position = position if verdict == WON else None
        self.nodes = nodes
        self.strict = strict

    def codes(self):
        """The winning line as search steps (None unless won)."""
        return self.position.line() if self.position else None

    def line(self):
        """The winning line as engine actions (None unless won)."""
        if not self.position:
            return None
        return [action_of(code) for code in unfold(self.position.line())]

    def first_action(self):
        """The first action of the winning line (None unless won with one)."""
        position = self.position
        return action_of(unfold(position.line(1))[0]) if position and position.steps else None


def solve(game, max_nodes, table=None, out_of_time=None, strict=False, look_first=None,
          max_depth=_UNLIMITED, work=None):
    """Search from the game's position; a ``Result``. The game is only read.

    ``table`` defaults to a new ``ExactTable``; a ``HashTable`` must have
    room for ``max_nodes`` keys. ``strict`` (Agnes) plays as quagnes does.
    ``max_depth`` bounds the line's length (see ``search``); ``work`` is a
    ``Workspace`` to reuse (default: a new one).
    """
    # Before the whole search come quick looks for a win, ``look_first``
    # nodes in all (default a quarter of ``max_nodes``; see ``_looks``); only
    # a win ends a look, the verdict otherwise comes from the whole search.
    if table is None:
        table = ExactTable()
    if work is None:
        work = Workspace(max_depth)
    max_nodes = min(max_nodes, table.capacity())
    if look_first is None:
        look_first = max_nodes // 4
    nodes = 0
    later = taking_back(game)
    for rules, first, budget in _looks(game, strict, look_first):
        if min(budget, max_nodes - nodes) < 2:
            continue
        table.clear()
        position = Position(game, facts_for(game.name, rules), work.log)
        if first is not None:
            position.play(first)
        verdict, found = search(position, table, min(budget, max_nodes - nodes),
                                out_of_time, max_depth, work, later)
        nodes += found
        if verdict == WON:
            return Result(WON, position, nodes, rules)
    table.clear()
    position = Position(game, facts_for(game.name, strict), work.log)
    verdict, found = search(position, table, max_nodes - nodes, out_of_time, max_depth, work,
                            later)
    return Result(verdict, position, nodes + found, strict)


def taking_back(game):
    """The move int that takes the game's last step back when that step
    moved cards (history entries: see core/engine.py), else -1. A hint
    tries it after every other move, so that it moves the game on rather
    than back and forth, and still finds it when it is the only way on."""
    at = 4 * game.done - 4
    history = game.history
    if at < 0 or history[at] & 3:  # no step yet, or the stock's
        return -1
    return move_code(history[at + 2], history[at + 3], history[at + 1])


def _looks(game, strict, nodes):
    """The quick looks for a win before the whole search, as ``(strict
    rules?, first move or None, nodes)``.

    Agnes under the full rules looks under the strict rules first: a strict
    line wins under the full rules too, and strict trees are small. A game
    whose base is not chosen yet (Glenwood, Chessboard) gives each first
    move an equal share, best first: a bad first card home can hide every
    win behind a huge lost subtree.
    """
    if game.name == "agnes" and not strict:
        return [(True, None, nodes)]
    if game.base:
        return []
    position = Position(game, facts_for(game.name, strict))
    firsts = position.facts.moves(position)
    return [(strict, code, nodes // len(firsts)) for code in reversed(firsts)]


def search(pos, table, max_nodes, out_of_time=None, max_depth=_UNLIMITED, work=None, later=-1):
    """Depth-first search from ``pos``: ``(verdict, nodes)``.

    On ``WON`` ``pos`` is left at the won position (``pos.line()`` is the
    line); otherwise it is back where it started. Positions ``max_depth``
    moves deep are not expanded; if that happened the answer is
    ``UNKNOWN`` rather than ``LOST``. ``work``: the ``Workspace`` whose
    lists it uses (default: a new one).
    """
    # The move ``later``, if ``pos`` has it, is tried after all the others.
    if pos.won():
        return WON, 0
    if max_nodes < 1:
        return UNKNOWN, 0
    visit = table.visit
    moves = pos.facts.moves
    visit(pos.key())
    if work is None:
        work = Workspace(max_depth)
    pending = work.pending
    starts = work.starts
    ends = work.ends
    starts[0] = 0
    ends[0] = _put(pending, 0, moves(pos))
    at = ends[0] - 1  # ``later`` to the front, the others in order: moves are taken from the end
    while at >= 0 and pending[at] != later:
        at -= 1
    while at > 0:
        pending[at] = pending[at - 1]
        at -= 1
        pending[at] = later
    nodes = 1
    depth = 0
    cut = False
    while depth >= 0:
        end = ends[depth]
        if end == starts[depth]:
            if depth:
                pos.undo()
            depth -= 1
            continue
        end -= 1
        ends[depth] = end
        pos.play(pending[end])
        if not visit(pos.key()):
            pos.undo()
            continue
        nodes += 1
        depth += 1
        if pos.homed == 52:
            return WON, nodes
        if nodes >= max_nodes or (
                not nodes & _CHECK_EVERY and out_of_time is not None and out_of_time()):
            for _ in range(depth):
                pos.undo()
            return UNKNOWN, nodes
        if depth == len(ends):
            starts.extend([0] * depth)
            ends.extend([0] * depth)
        starts[depth] = end
        if depth < max_depth:
            ends[depth] = _put(pending, end, moves(pos))
        else:
            ends[depth] = end
            cut = True
    return UNKNOWN if cut else LOST, nodes


def _put(pending, at, found):
    """Copy the moves ``found`` into ``pending`` from ``at``; the new end."""
    end = at + len(found)
    if end > len(pending):
        pending.extend([0] * max(len(pending), len(found)))
    pending[at:end] = found
    return end


class Hint:
    """What to tell a player: ``verdict``; ``action``, the next action of a
    winning line, and ``line``, the whole line as ``line_bytes`` (won
    only); ``stuck``, True when the game is lost although some action is
    still legal; ``nodes``, the positions stored."""

    def __init__(self, verdict, action, stuck, nodes, line=None):
        self.verdict = verdict
        self.action = action
        self.stuck = stuck
        self.nodes = nodes
        self.line = line


def line_bytes(codes, stock):
    """A winning line kept small for the player to follow: three bytes an
    action, ``src, n, dst``, and a press on the stock as ``stock, 0,
    stock`` (as the engine's history writes it)."""
    steps = unfold(codes)
    line = bytearray(3 * len(steps))  # one piece, made once
    at = 0
    for code in steps:
        if code == PRESS:
            line[at] = line[at + 2] = stock
        else:
            line[at], line[at + 1], line[at + 2] = move_parts(code)
        at += 3
    return line


def hint(game, max_nodes, table=None, out_of_time=None, max_depth=_UNLIMITED, work=None):
    """An honest hint from any position of a live game, which is only read.

    The device passes a small ``max_nodes``, a ``HashTable`` and a
    ``Workspace(max_depth)`` it keeps (made once, early, with room for
    ``max_nodes`` and ``max_depth``) and ``max_depth``; the host a large
    budget. Running out of memory gives ``UNKNOWN``.
    """
    try:
        result = solve(game, max_nodes, table, out_of_time, max_depth=max_depth, work=work)
        action = result.first_action()
    except MemoryError:
        return Hint(UNKNOWN, None, False, 0)
    stuck = result.verdict == LOST and (game.can_deal() or bool(game.moves()))
    line = None
    if action:
        try:
            line = line_bytes(result.codes(), game.stock)
        except MemoryError:  # its first step alone is still an honest hint
            line = line_bytes(result.position.line(1), game.stock)
    return Hint(result.verdict, action, stuck, result.nodes, line)

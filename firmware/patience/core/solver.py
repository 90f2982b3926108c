"""Is this position won or lost? A sound depth-first search with a budget.

``solve(game, max_nodes, table)`` searches from the game's current position
(any position: mid-game, base set or not, redeals used, Agnes cards on the
foundations) and never changes the game: it reads it once into a
``Position``. It answers ``WON`` with a winning line, ``LOST`` when the
whole tree was searched (a proof: the only moves left out are those
``solver_rules`` proves unnecessary), or ``UNKNOWN`` when the node budget
or ``out_of_time()`` stopped it first.

The search is iterative (no recursion, so any depth) and remembers every
position it has seen in a table, by ``Position.key`` (the canonical form),
so each position is expanded once; a position seen before, on this line or
another, is not searched again. That is sound: when the search ends without
a win, every position reachable from the start has been expanded.

Tables: ``ExactTable`` (host) keeps the keys themselves, so "lost" is an
exact proof. ``HashTable`` (device) is one preallocated bytearray of
8-byte slots holding two independent 30-bit hashes of each key; two
different positions could share both (chance about slots / 2**60 per
look-up), so its "lost" is a proof up to that chance.
"""

from micropython import const

from .position import PRESS, Position, move_parts
from .solver_rules import facts_for

WON = "won"
LOST = "lost"
UNKNOWN = "unknown"
DEAL = "deal"
_CHECK_EVERY = const(1023)   # nodes between two calls of out_of_time()
_UNLIMITED = const(1 << 29)
_PRIME_A = const(32749)      # hash lanes: (lane * multiplier + byte) % prime
_PRIME_B = const(32719)      # stays below 2**30: a small int on the board


def action_of(code):
    """The engine action of a move int: ``(src, n, dst)`` or ``"deal"``."""
    return DEAL if code == PRESS else move_parts(code)


class ExactTable:
    """The set of keys seen, kept whole (host)."""

    def __init__(self):
        self.keys = set()

    def clear(self):
        """Forget every key."""
        self.keys = set()

    def capacity(self):
        """As many keys as memory allows."""
        return _UNLIMITED

    def visit(self, key):
        """Remember ``key``; True if it is new."""
        keys = self.keys
        size = len(keys)
        keys.add(key)
        return len(keys) != size

    def __len__(self):
        return len(self.keys)


class HashTable:
    """A fixed set of ``slots`` keys (a power of two) as hash pairs, in one
    preallocated bytearray of 8 bytes per slot; open addressing."""

    def __init__(self, slots):
        self.mask = slots - 1
        self.data = bytearray(8 * slots)
        self.count = 0

    def clear(self):
        """Forget every key (the memory stays allocated)."""
        data = self.data
        for i in range(len(data)):
            data[i] = 0
        self.count = 0

    def capacity(self):
        """How many keys it holds before probing gets slow (three quarters)."""
        return (self.mask + 1) * 3 // 4

    def visit(self, key):
        """Remember ``key``; True if it is new."""
        a = b = c = d = 0
        for byte in key:
            a = (a * 32719 + byte) % _PRIME_A
            b = (b * 31337 + byte) % _PRIME_B
            c = (c * 30011 + byte) % _PRIME_A
            d = (d * 29989 + byte) % _PRIME_B
        first = (a << 15 | b) + 1    # never 0, which marks an empty slot
        second = c << 15 | d
        data = self.data
        slot = first & self.mask
        while True:
            at = 8 * slot
            stored = data[at] | data[at + 1] << 8 | data[at + 2] << 16 | data[at + 3] << 24
            if not stored:
                _put30(data, at, first)
                _put30(data, at + 4, second)
                self.count += 1
                return True
            if stored == first and second == (data[at + 4] | data[at + 5] << 8
                                              | data[at + 6] << 16 | data[at + 7] << 24):
                return False
            slot = (slot + 1) & self.mask

    def __len__(self):
        return self.count


def _put30(data, at, value):
    """Store a value below 2**30 in four bytes, low byte first."""
    data[at] = value & 255
    data[at + 1] = (value >> 8) & 255
    data[at + 2] = (value >> 16) & 255
    data[at + 3] = value >> 24


class Result:
    """What ``solve`` found: ``verdict``, ``line`` (engine actions, when
    won), ``nodes`` (positions stored), ``codes`` (the line as move ints)
    and ``strict`` (True when the line keeps to strict Agnes)."""

    def __init__(self, verdict, codes, nodes, strict):
        self.verdict = verdict
        self.codes = codes
        self.line = [action_of(code) for code in codes] if verdict == WON else None
        self.nodes = nodes
        self.strict = strict


def solve(game, max_nodes, table=None, out_of_time=None, strict=False, strict_first=None):
    """Search from the game's position; a ``Result``. The game is only read.

    ``table`` defaults to a new ``ExactTable``; a ``HashTable`` must have
    room for ``max_nodes`` keys. ``strict`` (Agnes) plays as quagnes does.
    Agnes under the full rules first looks for a strict win with
    ``strict_first`` of the nodes (default a quarter): such a line wins
    under the full rules too, and strict searches are short.
    """
    if table is None:
        table = ExactTable()
    max_nodes = min(max_nodes, table.capacity())
    phases = [(strict, max_nodes)]
    if game.name == "agnes" and not strict:
        phases.insert(0, (True, max_nodes // 4 if strict_first is None else strict_first))
    nodes = 0
    for rules, budget in phases:
        table.clear()
        position = Position(game, facts_for(game.name, rules))
        verdict, codes, found = search(position, table, min(budget, max_nodes - nodes),
                                       out_of_time)
        nodes += found
        if verdict == WON:
            break
    return Result(verdict, codes, nodes, rules)


def search(pos, table, max_nodes, out_of_time=None):
    """Depth-first search from ``pos``: ``(verdict, move ints, nodes)``.

    On ``WON`` ``pos`` is left at the won position; otherwise it is back
    where it started.
    """
    visit = table.visit
    moves = pos.facts.moves
    path = []
    if pos.won():
        return WON, path, 0
    visit(pos.key())
    nodes = 1
    stack = [moves(pos)]
    while stack:
        todo = stack[-1]
        if not todo:
            stack.pop()
            if path:
                path.pop()
                pos.undo()
            continue
        code = todo.pop()
        pos.play(code)
        if not visit(pos.key()):
            pos.undo()
            continue
        nodes += 1
        path.append(code)
        if pos.homed == 52:
            return WON, path, nodes
        if nodes >= max_nodes or (
                not nodes & _CHECK_EVERY and out_of_time is not None and out_of_time()):
            while path:
                path.pop()
                pos.undo()
            return UNKNOWN, path, nodes
        stack.append(moves(pos))
    return LOST, path, nodes


class Hint:
    """What to tell a player: ``verdict``; ``action``, the next action of a
    winning line (won only); ``stuck``, True when the game is lost although
    some action is still legal; ``nodes``, the positions stored."""

    def __init__(self, verdict, action, stuck, nodes):
        self.verdict = verdict
        self.action = action
        self.stuck = stuck
        self.nodes = nodes


def hint(game, max_nodes, table=None, out_of_time=None):
    """An honest hint from any position of a live game, which is only read.

    The device passes a small ``max_nodes`` and a ``HashTable`` it keeps
    (made once, with room for ``max_nodes``); the host a large budget.
    """
    result = solve(game, max_nodes, table, out_of_time)
    action = result.line[0] if result.verdict == WON and result.line else None
    stuck = result.verdict == LOST and (game.can_deal() or bool(game.moves()))
    return Hint(result.verdict, action, stuck, result.nodes)

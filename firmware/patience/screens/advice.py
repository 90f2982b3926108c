"""Hints that tell the truth, on the board: the solver's search with the
board's small budget (``DEVICE_NODES`` positions in a table of at most 16
KB) finds the next move of a winning line, or proves that no line wins;
when it can say neither (budget spent, or too little memory) the caller
falls back on the engine's heuristic hint. The solver is let go of
afterwards: a hint is rare, and its code and table would otherwise hold
the heap the game needs.
"""

# The search needs its code (16.4 KB from .mpy; compiling it from .py takes
# far more for a moment), its lists (7.2 KB) and a table in one piece. A
# board's heap in a game is broken up (its largest free piece 11-37 KB at
# 130-145 KB of heap, on the VM), so the table is the largest of 16, 8 and
# 4 KB that the heap can give: a smaller table holds fewer positions, which
# only makes "cannot say" likelier, never a wrong answer.

import gc

from micropython import const

from ..core.modules import forget

UNKNOWN = "unknown"
_NEEDS_FROM_MPY = const(32 * 1024)  # free heap to try: code, lists, the 4 KB table, room to spare
_NEEDS_FROM_PY = const(64 * 1024)   # the same while the solver compiles
_FEWEST_SLOTS = const(512)          # the smallest table: 4 KB, 384 positions


def device_hint(game):
    """A ``solver.Hint``-like answer ``(verdict, line, stuck)``, ``line``
    the winning line as ``search.line_bytes`` (None unless won); the game
    is only read. Without room for the search the answer is unknown."""
    gc.collect()
    needs = _NEEDS_FROM_PY if __file__.endswith(".py") else _NEEDS_FROM_MPY
    if getattr(gc, "mem_free", lambda: needs)() < needs:   # CPython has no mem_free
        return UNKNOWN, None, False
    table = work = None
    try:
        from ..solver import search
        table = _table(search)
        work = search.Workspace(search.DEVICE_DEPTH)
        found = search.hint(game, search.DEVICE_NODES, table, max_depth=search.DEVICE_DEPTH,
                            work=work)
        return found.verdict, found.line, found.stuck
    except MemoryError:
        return UNKNOWN, None, False
    finally:
        table = work = None  # let go before forgetting: a full heap must have room for that
        forget(__name__.rpartition(".screens")[0] + ".solver")
        gc.collect()


def _table(search):
    """The largest device table the heap holds in one piece (MemoryError
    when not even the smallest fits)."""
    slots = search.DEVICE_SLOTS
    while True:
        try:
            return search.HashTable(slots)
        except MemoryError:
            if slots <= _FEWEST_SLOTS:
                raise
            slots //= 2

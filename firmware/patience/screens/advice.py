"""Hints that tell the truth, on the board: the solver's search with the
board's small budget (``DEVICE_NODES`` positions in a 16 KB table) finds the
next move of a winning line, or proves that no line wins; when it can say
neither (budget spent, or too little memory: see ``NEEDS``) the caller falls back on the
engine's heuristic hint. The solver is let go of afterwards: a hint is rare,
and its code and table would otherwise hold the heap the game needs.
"""

import gc

from ..core.modules import forget

UNKNOWN = "unknown"
NEEDS = 64 * 1024   # free heap a search needs: its code (16 KB, more while compiling
                    # from .py), table and lists (23 KB), and room to spare


def device_hint(game):
    """A ``solver.Hint``-like answer ``(verdict, action, stuck)``; the game
    is only read. Without room for the search the answer is unknown."""
    gc.collect()
    if getattr(gc, "mem_free", lambda: NEEDS)() < NEEDS:   # CPython has no mem_free
        return UNKNOWN, None, False
    try:
        from ..solver import search
        table = search.HashTable(search.DEVICE_SLOTS)
        work = search.Workspace(search.DEVICE_DEPTH)
        found = search.hint(game, search.DEVICE_NODES, table, max_depth=search.DEVICE_DEPTH,
                            work=work)
        return found.verdict, found.action, found.stuck
    except MemoryError:
        return UNKNOWN, None, False
    finally:
        forget(__name__.rpartition(".screens")[0] + ".solver")
        gc.collect()

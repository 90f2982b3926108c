"""Hints that tell the truth, on the board: the solver's search with the
board's small budget (``DEVICE_NODES`` positions in a table of at most 16
KB) finds the next move of a winning line, or proves that no line wins;
when it can say neither (budget spent, or too little memory) the caller
falls back on the engine's heuristic hint. The solver is let go of
afterwards: a hint is rare, and its code and table would otherwise hold
the heap the game needs.
"""

# ``hint`` is the Start menu's Hint (Player.do loads this module for it);
# ``kept_step`` follows a winning line found before, so that a hint on it
# needs no search.

# The search needs its code, its lists and a table in one piece (compiling
# it from .py takes far more for a moment). A board's heap in a game is
# broken up, so the table is the largest of 16, 8 and 4 KB that the heap
# can give: a smaller table holds fewer positions, which only makes "cannot
# say" likelier, never a wrong answer.

import gc

from micropython import const

from ..input import buttons
from ..lifetimes import let_go
from .notices import Question, texts

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
        table = work = None  # let go first: a full heap must have room for what follows
        let_go("hint")
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


def kept_step(player):
    """Where in the winning line a hint found before (``player``'s ``line``,
    reached at ``line_state`` after ``line_done`` steps) the next action
    is, once the steps played since that were the line's own are counted
    off (played with A on a hint or by hand: each is checked against the
    game's history, the steps taken back and played again): its index in
    the line, or -1 when the game has left the line or there is none."""
    line, game = player.line, player.game
    since = game.done - player.line_done if line is not None else -1
    if since < 0:
        return -1
    for _ in range(since):
        game.undo()
    on = player.line_state == game.state
    step = player.line_step
    history = game.history
    for _ in range(since):
        # the step the game redoes next (its history entry: flags, src, dst,
        # n; see core/engine.py) against the line's next (src, n, dst)
        at, entry = 3 * step, 4 * game.done
        on = on and at < len(line)
        if on and line[at + 1]:  # a move
            on = (history[entry] & 3 == 0 and history[entry + 1] == line[at]
                  and history[entry + 2] == line[at + 2] and history[entry + 3] == line[at + 1])
        elif on:  # a press on the stock
            on = history[entry] & 3 != 0
        if on:
            step += 1
        game.redo()
    if not on or 3 * step >= len(line):
        return -1
    player.line_step, player.line_done = step, game.done
    player.line_state[:] = game.state
    return 3 * step


def hint(player):
    """Frame the next move of a winning line when a search finds one, or
    say that no line wins (offering undo), or else frame a move worth
    making or the stock; the next press of A plays what is framed."""
    # The search can take seconds: the status line says it is thinking. A
    # winning line found is kept: while the player follows it (with A or
    # by hand), the next hint is its next step, found at once (a new
    # search might find another line, one that starts by taking the last
    # step back, or none within its budget).
    game = player.game
    at = kept_step(player)
    if at < 0:
        player.table.status.line(0, player.words.get("status.thinking"))
        player.host.refresh()
        verdict, line, stuck = player.host.advise(game)
        if verdict == "lost":
            no_win(player, stuck)
            return
        player.line = line or None  # None unless won
        player.line_step = at = 0 if line else -1
        player.line_state = bytearray(game.state)
        player.line_done = game.done
    won = player.line is not None
    action = _line_action(player.line, at) if at >= 0 else None
    if action is None:
        action = game.hint() or ("deal" if game.can_deal() else None)
    if action == "deal":
        player.table.show_hint(game.stock)
        player.hinted = game.stock
        player.say("status.win_deal" if won else "status.hint_deal")
    elif action is not None:
        src, n, dst = action
        player.table.show_hint(src, n - 1, dst)
        player.hinted = action
        player.say("status.win_move" if won else "status.hint_move")
    else:
        player.say("status.hint_none")


def _line_action(line, at):
    """The kept line's action at ``at``: ``(src, n, dst)`` or "deal"."""
    return (line[at], line[at + 1], line[at + 2]) if line[at + 1] else "deal"


def no_win(player, stuck):
    """A search proved that no line wins from here: say so, and offer a new
    deal (asking first when it counts this one as lost), undo (when a move
    was made) and playing on."""
    lines = ["lost.title", "", "lost.stuck" if stuck else "lost.why", "lost.why2", "", "won.new"]
    actions = {buttons.A: "ask_new_deal", buttons.B: None}
    if player.game.done:
        lines.append("won.undo")
        actions[buttons.SELECT] = "undo"
    Question(player.panel, texts(player.panel, lines + ["lost.back"]), actions, player)

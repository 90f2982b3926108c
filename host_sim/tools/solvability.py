"""Many deals at once: the solvability table and the winnable-deal bitsets.

``solve_many(names, deals, seconds, jobs)`` solves every (game, deal) with
a CPU-time limit per deal, in ``jobs`` processes, and yields a ``Row`` per
deal as they finish; ``table(rows)`` sums them up per game (won, lost,
unknown, median and 95th-percentile time and positions, positions per
second, bytes per stored position); ``write_csv`` keeps every row.
``write_bitsets(rows, folder)`` writes
``<game>.bin``: bit ``(d-1) % 8`` of byte ``(d-1) // 8`` is set when deal d
(1..8192) was won, its line replayed to a win on the engine.
"""

import collections
import math
import multiprocessing
import os
import signal

from .solving import solve_deal

BITSET_DEALS = 8192
BITSET_BYTES = BITSET_DEALS // 8


Row = collections.namedtuple("Row", "name deal verdict nodes seconds bytes_per_position")
Row.__doc__ = "One deal's result, small enough to send between processes."


def solve_row(task):
    """Solve one ``(name, deal, seconds, max_nodes, strict)``; a ``Row``
    (the line of a won deal is checked on the engine by ``solve_deal``, as
    found: no time goes into making it shorter)."""
    name, deal, seconds, max_nodes, strict = task
    outcome = solve_deal(name, deal, seconds=seconds, max_nodes=max_nodes, strict=strict,
                         shorten_line=False)
    return Row(name, deal, outcome.verdict, outcome.nodes, outcome.seconds,
               outcome.bytes_per_position)


def solve_many(names, deals, seconds, jobs=1, strict=False, max_nodes=None):
    """Yield a ``Row`` for every game and deal, in the order they finish."""
    tasks = [(name, deal, seconds, max_nodes, strict) for name in names for deal in deals]
    if jobs <= 1:
        for task in tasks:
            yield solve_row(task)
        return
    workers = min(jobs, len(tasks), os.cpu_count() or 1)  # --jobs 10000 starts no 10,000
    answer = signal.signal(signal.SIGINT, signal.SIG_IGN)  # the workers start ignoring it
    try:
        pool = multiprocessing.get_context("spawn").Pool(workers, initializer=ignore_ctrl_c,
                                                         maxtasksperchild=50)
    finally:
        signal.signal(signal.SIGINT, answer)
    with pool:
        yield from pool.imap_unordered(solve_row, tasks)  # closed early: the workers ended


def ignore_ctrl_c():
    """In a worker: Ctrl-C reaches every process of the terminal's group,
    and only the main process answers it (it keeps the rows done and ends
    the workers). The first workers inherit SIGINT ignored from the start; a
    worker the pool starts later to replace one ignores it from here."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def percentile(values, fraction):
    """The value below which ``fraction`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(fraction * len(ordered)) - 1)]


HEADER = ("game", "deals", "won", "lost", "unknown", "median s", "p95 s",
          "median pos", "p95 pos", "pos/s", "B/pos")


def summary(name, rows):
    """The table row of one game as a tuple of strings (``HEADER`` order)."""
    verdicts = [row.verdict for row in rows]
    seconds = [row.seconds for row in rows]
    nodes = [row.nodes for row in rows]
    spent = sum(seconds)
    stored = sum(nodes)
    memory = sum(row.bytes_per_position * row.nodes for row in rows)
    return (name, str(len(rows)), str(verdicts.count("won")), str(verdicts.count("lost")),
            str(verdicts.count("unknown")), "%.2f" % percentile(seconds, 0.5),
            "%.2f" % percentile(seconds, 0.95), str(percentile(nodes, 0.5)),
            str(percentile(nodes, 0.95)), "%.0f" % (stored / spent if spent else 0),
            "%.0f" % (memory / stored if stored else 0))


def table(rows):
    """The solvability table as lines of text, one row per game."""
    names = []
    for row in rows:
        if row.name not in names:
            names.append(row.name)
    lines = [HEADER] + [summary(name, [r for r in rows if r.name == name]) for name in names]
    widths = [max(len(line[i]) for line in lines) for i in range(len(HEADER))]
    return ["  ".join(cell.rjust(width) if i else cell.ljust(width)
                      for i, (cell, width) in enumerate(zip(line, widths)))
            for line in lines]


def write_csv(rows, path):
    """One line per deal: game, deal, verdict, positions, CPU seconds, bytes
    per stored position; in game and deal order."""
    lines = ["game,deal,verdict,positions,seconds,bytes_per_position\n"]
    for row in sorted(rows, key=lambda r: (r.name, r.deal)):
        lines.append("%s,%d,%s,%d,%.3f,%.0f\n" % (row.name, row.deal, row.verdict, row.nodes,
                                                  row.seconds, row.bytes_per_position))
    _write_whole(path, "".join(lines).encode())


def _write_whole(path, data):
    """``data`` into ``path`` whole or not at all: written beside it, then
    put in its place (a file cut short never takes the old one's place); a
    path that is no plain file (a pipe, /dev/stdout) is written straight."""
    if os.path.exists(path) and not os.path.isfile(path):
        with open(path, "wb") as out:
            out.write(data)
        return
    part = path + ".part"
    with open(part, "wb") as out:
        out.write(data)
    os.replace(part, path)


def bitset(deals_won):
    """The 1,024-byte bitset of the won deal numbers (1..8192)."""
    bits = bytearray(BITSET_BYTES)
    for deal in deals_won:
        _mark(bits, deal, True)
    return bytes(bits)


def _mark(bits, deal, won):
    if not 1 <= deal <= BITSET_DEALS:
        raise ValueError("deal %d is outside 1..%d" % (deal, BITSET_DEALS))
    if won:
        bits[(deal - 1) // 8] |= 1 << ((deal - 1) % 8)
    else:
        bits[(deal - 1) // 8] &= ~(1 << ((deal - 1) % 8))


def bitset_path(folder, name):
    return os.path.join(folder, name + ".bin")


def read_bitset(path):
    """The bitset in ``path`` (none marked if there is no such file);
    ValueError if the file is not a bitset."""
    try:
        with open(path, "rb") as held:
            bits = held.read()
    except FileNotFoundError:
        return bytes(BITSET_BYTES)
    if len(bits) != BITSET_BYTES:
        raise ValueError("%s has %d bytes, not %d: not a winnable-deal bitset"
                         % (path, len(bits), BITSET_BYTES))
    return bits


def write_bitsets(rows, folder):
    """Update ``folder/<game>.bin`` for each game in ``rows``: a deal found
    won is marked, one proved lost is unmarked, and every other deal (not
    solved here, or unknown within the limits) keeps its mark, so that a
    partial or hurried run never drops what an earlier run proved; the paths."""
    os.makedirs(folder, exist_ok=True)
    written = []
    for name in sorted({row.name for row in rows}):
        path = bitset_path(folder, name)
        bits = bytearray(read_bitset(path))
        for row in rows:
            if row.name == name and row.verdict != "unknown":
                _mark(bits, row.deal, row.verdict == "won")
        _write_whole(path, bytes(bits))
        written.append(path)
    return written

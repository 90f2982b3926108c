"""Positions for the device hint on the VM, shared by tests/test_solver_on_vm.py
and bench/solver_device.py: a few quick won deals, the positions along their
lines, and the MicroPython text that rebuilds them from a file (a file rather
than a literal: compiling big literals would take the heap the table needs)."""

from pathlib import Path

from host_sim.tools.solving import solve_deal

CASES = (("eagle-wing", 2), ("agnes", 260), ("glenwood", 3), ("chessboard", 4))

# One case a line (a host file, not the drive's): "name deal action action ...", an action "deal" or "src.n.dst".
READ_CASES = """
from vmdrive import host_open as open  # the stand-in's own open reads the drive


def cases(path):
    with open(path) as listed:
        for text in listed:
            words = text.split()
            g = patience.new_game(words[0], seed=int(words[1]))
            for word in words[2:]:
                g.deal() if word == "deal" else g.move(*[int(x) for x in word.split(".")])
            yield words[0], int(words[1]), len(words) - 2, g
"""


def write_cases(path, cases):
    """Write ``(name, deal, actions)`` cases in the form ``READ_CASES`` reads."""
    Path(path).write_text("".join("%s %d %s\n" % (name, deal, " ".join(
        a if a == "deal" else "%d.%d.%d" % a for a in actions)) for name, deal, actions in cases))


def along_lines(fractions):
    """``(game, deal, actions played first)`` for each case and each point of
    its won line: ``fractions`` maps a line's length to the count played."""
    found = []
    for name, deal in CASES:
        line = solve_deal(name, deal, seconds=60).line
        found += [(name, deal, line[:played(len(line))]) for played in fractions]
    return found

"""The whole-app session on the VM, host side: run it, read it, size it.

The session itself (board_lib/vmsession.py) runs the real code.py on a
stand-in PyBadge in two VM processes: part 1 from fresh NVM through the
title, the four games, the menu and its panels, ending with a save; part 2
from part 1's NVM bytes, resuming the same game. ``play(heap_kb, compiled)``
runs both and returns a Session; ``minimal_heap(compiled, start_kb)`` finds,
for each part, the smallest heap from which every heap up to ``start_kb``
passes. tests/test_device_session.py and
bench/device_memory.py use these. Anything a board would draw wrong stops
the session (displayio.Misdrawn).
"""

from __future__ import annotations

import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import vm



class SessionFailed(AssertionError):
    """The session ran but did not end as it should."""


@dataclass
class Session:
    """What a session printed: heap per step, presses, the game carried over."""

    steps: list = field(default_factory=list)  # (part, step name, live bytes)
    presses: dict = field(default_factory=dict)  # kind -> (max, total, count)
    sheets: list = field(default_factory=list)  # the sheet's class, per part
    games: list = field(default_factory=list)  # the GAME line of each part

    def read(self, part: int, out: str) -> None:
        """Take in the output of one part (see vmsession for the lines)."""
        lines = out.splitlines()
        if not lines or lines[-1] != "DONE":
            raise SessionFailed(f"part {part} did not finish:\n{out}")
        for line in lines:
            word, _, rest = line.partition(" ")
            if word == "STEP":
                name, _, live = rest.rpartition(" ")
                self.steps.append((part, name, int(live)))
            elif word == "PRESS":
                kind, top, total, count = rest.rsplit(" ", 3)
                self._add_presses(kind, int(top), int(total), int(count))
            elif word == "SHEET":
                self.sheets.append(rest)
            elif word == "GAME":
                self.games.append(rest)

    def _add_presses(self, kind: str, top: int, total: int, count: int) -> None:
        seen = self.presses.get(kind, (0, 0, 0))
        self.presses[kind] = (max(seen[0], top), seen[1] + total, seen[2] + count)

    def peak_live(self) -> int:
        return max(live for _, _, live in self.steps)


def script(part: int, measure: bool = False, save_to: Path | None = None,
           ram_sheet: bool = True, layout: int = 0) -> str:
    """The VM script of one part. ``layout`` 1, 2, ... lays the heap out
    otherwise: a bytearray kept from the start (8, 24, 40 ... bytes) moves
    everything the firmware allocates up by that much."""
    ballast = f"_BALLAST = bytearray({16 * layout - 8})\n" if layout else ""
    return (f"{ballast}import vmsession\nvmsession.main({part}, measure={measure}, "
            f"save_to={str(save_to) if save_to else None!r}, ram_sheet={ram_sheet})\n")


def play(heap_kb: int, compiled: bool = False, measure: bool = False,
         ram_sheet: bool = True) -> Session:
    """Both parts at ``heap_kb``; SessionFailed unless part 2 resumes part 1's game."""
    session = Session()
    with tempfile.TemporaryDirectory() as folder:
        nvm = Path(folder) / "nvm.bin"
        for part, kwargs in ((1, {}), (2, {"nvm": nvm})):
            out = vm.run(script(part, measure, nvm if part == 1 else None, ram_sheet),
                         heap_kb, compiled, whole_app=True, **kwargs)
            session.read(part, out)
    if session.games[0] != session.games[1]:
        raise SessionFailed(f"part 2 resumed {session.games[1]!r}, part 1 saved {session.games[0]!r}")
    return session


def _pools(script: str, compiled: bool) -> tuple[int, int]:
    """(pools, names) of interned names the VM holds after ``script``."""
    out = vm.run(f"import micropython\n{script}micropython.qstr_info()\n", 512, compiled,
                 whole_app=True)
    line = [row for row in out.splitlines() if row.startswith("qstr pool:")][-1]
    fields = dict(part.strip().split("=") for part in line.split(":", 1)[1].split(","))
    return int(fields["n_pool"]), int(fields["n_qstr"])


def names(compiled: bool = False) -> tuple[int, int]:
    """(names part 1 interns, pools the VM then holds): for the whole app the
    VM's pools are filled as a board's (board_lib/vmrun.py), so 7 pools
    means the firmware's names fit in the one pool of 1,280."""
    _, before = _pools("", compiled)
    pools, after = _pools(script(1), compiled)
    return after - before, pools


def minimal_heap(compiled: bool, start_kb: int, ram_sheet: bool = True,
                 layout: int = 0) -> tuple[int, int]:
    """(part 1, part 2): for each part, the smallest heap in KB from which
    every heap up to ``start_kb`` passes (in heap ``layout``, see script)."""
    with tempfile.TemporaryDirectory() as folder:
        nvm = Path(folder) / "nvm.bin"
        vm.run(script(1, save_to=nvm), 512, compiled, whole_app=True)
        # part 1's script as play() runs it, saving to the same place: a
        # script that differs by a byte lays the heap out differently
        first = _passes_down_to(script(1, save_to=nvm, ram_sheet=ram_sheet, layout=layout),
                                start_kb, compiled=compiled)
        # each of those runs wrote its NVM there, the last one failing (a
        # game given up at its out-of-memory line): part 2 resumes the
        # session's own end, as play() does
        vm.run(script(1, save_to=nvm), 512, compiled, whole_app=True)
        second = _passes_down_to(script(2, ram_sheet=ram_sheet, layout=layout), start_kb,
                                 compiled=compiled, nvm=nvm)
    return first, second


def _passes_down_to(text: str, start_kb: int, **kwargs) -> int:
    """Tried 1 KB at a time downwards from ``start_kb``: the last heap that
    passes before the first that fails. Not a bisection: where the pieces of
    a broken-up heap fall, a heap can fail between two that pass."""
    vm.run(text, start_kb, whole_app=True, **kwargs)  # VMError if even that fails
    heap_kb = start_kb
    while heap_kb > 8 and vm.passes(text, heap_kb - 1, whole_app=True, **kwargs):
        heap_kb -= 1
    return heap_kb

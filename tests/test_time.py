"""Time on the board: milliseconds that wrap, never floats that lose precision."""

import re
from pathlib import Path

import pytest

import vm
from patience.input.ticks import ticks_add, ticks_diff
from screens import running

FIRMWARE = Path(__file__).resolve().parents[1] / "firmware"
WRAP = 1 << 29
DAY = 24 * 3600 * 1000


def test_no_time_monotonic_in_the_firmware():
    found = [f"{path.relative_to(FIRMWARE)}:{number}"
             for path in FIRMWARE.rglob("*.py")
             for number, line in enumerate(path.read_text().splitlines(), 1)
             if re.search(r"\bmonotonic\s*\(|from time import monotonic", line)]
    assert not found, "time.monotonic() loses precision after hours on a board: " + ", ".join(found)


def test_ticks_sums_across_the_wrap():
    assert ticks_diff(5, WRAP - 5) == 10
    assert ticks_diff(WRAP - 5, 5) == -10
    assert ticks_diff(ticks_add(WRAP - 16, 100), WRAP - 16) == 100
    assert 0 <= ticks_add(WRAP - 1, 1) < WRAP


@pytest.mark.parametrize("uptime", [WRAP - 200, 100 * DAY, 100 * DAY + 37], ids=["at the wrap", "100 days", "100 days+"])
def test_a_held_arrow_repeats_at_its_pace_at_any_uptime(clock, uptime):
    clock.set(uptime)
    with running("agnes", 2) as s:
        start = s.player.cursor
        s.keys.hold("right")
        s.app.tick()                                   # the press itself
        for _ in range(10):                            # 10 x 50 ms: 350 ms delay, then every 90
            clock.advance(50)
            s.app.tick()
        s.keys.hold("right", pressed=False)
        s.app.tick()
        clock.advance(5000)
        s.app.tick()
        assert s.player.cursor - start in (3, 4)       # 1 + repeats at 350, 450 (and 540)


HOLD_ON_VM = """
import board, keypad, vmctl
from patience.screens.app import App
# the firmware reads only supervisor.ticks_ms(), which wraps at 2**29 ms: the
# stand-in clock (12.4 days at most) set to the same ticks as {uptime} ms of uptime
target = {uptime} % {wrap}
vmctl.advance(target - vmctl.now() if target >= vmctl.now() else target + {wrap} - vmctl.now())
keys = keypad.ShiftRegisterKeys(clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT,
                                latch=board.BUTTON_LATCH, key_count=8, value_when_pressed=True)
app = App(board.DISPLAY, keys, game="agnes", deal=2)
start = app.player.cursor
vmctl.press(4)  # right
app.tick()
for _ in range(10):
    vmctl.advance(50)
    app.tick()
vmctl.release(4)
app.tick()
vmctl.advance(5000)
app.tick()
print(app.player.cursor - start)
"""


@pytest.mark.vm
@pytest.mark.parametrize("uptime", [WRAP - 200, 100 * DAY, 100 * DAY + 37], ids=["at the wrap", "100 days", "100 days+"])
def test_a_held_arrow_repeats_at_its_pace_on_the_vm_at_any_uptime(uptime):
    vm.require_vm()
    out = vm.script_lines(vm.run(HOLD_ON_VM.format(uptime=uptime, wrap=WRAP), 192))
    assert int(out[-1]) in (3, 4)

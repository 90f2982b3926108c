"""Shared test setup: headless SDL, quiet Blinka, paths."""

import gc
import os
import tempfile
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# The simulator's default save file goes to a throw-away data folder.
os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="patience-data-")

# CircuitPython's supervisor.ticks_ms() and terminalio, before any firmware module
# is imported.
from host_sim.simulator.clock import install  # noqa: E402
from host_sim.simulator.terminal_font import install as install_terminal_font  # noqa: E402

install()
install_terminal_font()

import pytest  # noqa: E402


@pytest.fixture
def clock():
    """The board clock, stopped: tests move it with ``clock.advance(ms)``."""
    from host_sim.simulator.clock import CLOCK
    CLOCK.freeze()
    yield CLOCK
    CLOCK.run()

import patience.games  # noqa: E402,F401  (patience.games.GAMES for the tests' parameters)


@pytest.fixture(autouse=True)
def _earlier_objects_left_out_of_collections():
    """The firmware collects garbage at every moment, as a board must; on
    CPython each collection would walk every object pytest, hypothesis and
    the earlier tests made. A test's collections walk only its own
    objects (what earlier tests left in cycles is kept, not collected)."""
    gc.freeze()
    yield

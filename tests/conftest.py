"""Shared test setup: headless SDL, quiet Blinka, paths."""

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

"""A simulated board in this process: the firmware's own start path on stand-ins.

``simulate(board, display, ...)`` makes the board's controls (controls.py)
and a stand-in ``board`` module with them and the display (standins.py),
installs the stand-in ``keypad``, ``analogio`` and ``board`` modules, and
starts the firmware as code.py would, through
``patience.boards.build(board, store=..., root=..., game=..., deal=...,
language=...)``: the loading screen, the board's input scheme (the
PyBadge's shift register, the PyGamer's joystick, the CLUE's two buttons'
gestures ...) and ``keys.attach(app)`` are the board's own::

    with simulate(get_board("clue"), display, store=store, root=root) as sim:
        sim.app            # the App, or None when the screen says why not
        sim.keys("b a a+b")  # a --keys script (script.py), in board time

Without ``window`` the board clock is frozen while it lasts (scripts move
it) and the board is silent; with ``window`` the window's keyboard works
the controls (window.py) and a board with a speaker clicks and plays its
tune through pygame (sound.py). Hint asks the host's full solver, where the
board makes a small search (patience.screens.advice).
"""

from contextlib import contextmanager

from .clock import install as install_clock
from .controls import Controls
from .script import Player, parse
from .standins import installed, stand_in_board


class Simulated:
    """The app on a simulated board, and a way to work its controls."""

    def __init__(self, app, controls, clock, display):
        self.app = app
        self.controls = controls
        self.clock = clock
        self.display = display

    def keys(self, script):
        """Play a --keys script for this board (ValueError for a bad one)."""
        self.play(parse(script, self.controls.board))

    def play(self, gestures):
        """Play parsed gestures in board time, the app ticking."""
        Player(self.controls, self.clock, self.tick).play(gestures)

    def press(self, name):
        """Tap one button (what host_sim.tools.autoplay's Driver asks of keys)."""
        self.keys(name)

    def tick(self):
        """The app's tick; without an app, the auto-refresh that shows why
        (on a board the display refreshes itself)."""
        if self.app is not None:
            self.app.tick()
        elif self.display.auto_refresh:
            self.display.refresh()


def full_solver_hint(game):
    """Hint from the host solver (``host_sim.tools.solving.full_hint``), in
    the form the firmware's ``App.advise`` gives: (verdict, line, stuck)."""
    from host_sim.tools.solving import full_hint  # pylint: disable=import-outside-toplevel
    found = full_hint(game)
    return found.verdict, found.line, found.stuck


def _firmware_build():
    from patience.boards import build  # pylint: disable=import-outside-toplevel
    return build


def _sound(board):
    from .sound import for_board  # pylint: disable=import-outside-toplevel
    return for_board(board)


@contextmanager
def simulate(board, display, window=False, build=None, **options):
    """The firmware started on ``board`` (a boards.Board) showing on
    ``display``; ``options`` (store, root, game, deal, language, sound) go to
    ``build`` (default ``patience.boards.build``). Yields a Simulated."""
    clock = install_clock()
    controls = Controls(board)
    froze = not window and not clock.frozen
    if window:
        from .window import Keyboard  # pylint: disable=import-outside-toplevel
        controls.reader = Keyboard(display, controls).pump
    elif froze:
        clock.freeze()  # scripted runs are repeatable: time moves as the script says
    if "sound" not in options:  # a window plays the board's sounds; scripts are silent
        options["sound"] = _sound(board) if window else None
    options.setdefault("advise", full_solver_hint)  # the desktop has the time for the whole search
    module = stand_in_board(board, display, controls)
    try:
        with installed(module):
            build = build or _firmware_build()
            app = build(module, **options)
            if app is not None:
                app.begin()  # the first screen, as App.run shows it on the board
            yield Simulated(app, controls, clock, display)
    finally:
        if froze:
            clock.run()

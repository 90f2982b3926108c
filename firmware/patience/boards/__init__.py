"""Board profiles: start the game with this board's screen and buttons.

``prepare()`` (what code.py calls) looks up ``board.board_id`` in
SHIFT_REGISTER and FEW_BUTTONS, sets up that board's buttons as an object whose ``events.get()``
gives the App the eight logical buttons of patience.input.buttons (wrapped in a
backlight dimmer), and returns the App; code.py lets go of this package
and runs it. Each profile lives in a small module imported only on its
own board (listed below).
"""

# - pybadge: PyBadge, PyBadge LC and EdgeBadge (eight buttons on a shift
#   register; all three run CircuitPython's ``pybadge`` build) and PyGamer
#   (four buttons there plus the joystick as the D-pad);
# - few_buttons: CLUE (two buttons), Feather ESP32-S2/S3 Reverse TFT (three)
#   and Feather ESP32-S2/S3 TFT (one); their control schemes are described
#   there.
#
# Boards with a speaker click and play a tune through the ``sound`` module.
# On any other board the screen (or, without one, the serial console) says
# which board it is and what is missing; nothing raises.

import gc

from ..lifetimes import let_go

# board_id (the "Board ID:" line of boot_out.txt) -> its profile function in
# pybadge.py (buttons on a shift register) ...
SHIFT_REGISTER = {
    "pybadge": "badge",  # also the PyBadge LC and the EdgeBadge
    "pygamer": "gamer",
}
# ... or in few_buttons.py
FEW_BUTTONS = {
    "clue_nrf52840_express": "two",
    "adafruit_feather_esp32s2_reverse_tft": "three",
    "adafruit_feather_esp32s3_reverse_tft": "three",
    "adafruit_feather_esp32s2_tft": "one",
    "adafruit_feather_esp32s3_tft": "one",
}
# boards with a screen but only touch for input
TOUCH_ONLY = ("pyportal", "pyportal_titano", "pyportal_pynt")

DRIVE = ""  # the CIRCUITPY drive's root: files are /sheets/..., /lang/...
NO_BUTTONS = "No buttons this game knows."
TOUCH = "Touch screens are not supported: no buttons."
NO_DISPLAY = "No built-in display (board.DISPLAY)."
NO_MEMORY = "Not enough memory to start."
FROM_PY = ("From .py files the game needs about %d KB of heap: put .mpy files on the board "
           "(patience-flash --mpy-cross).")


def profile(board_id):
    """The setup function ``f(board, display, clock=None) -> keys`` for a
    board id, or None for a board without a profile."""
    if board_id in SHIFT_REGISTER:
        from . import pybadge
        return getattr(pybadge, SHIFT_REGISTER[board_id])
    if board_id in FEW_BUTTONS:
        from . import few_buttons
        return getattr(few_buttons, FEW_BUTTONS[board_id])
    return None


def reason(board_id, display):
    """Why the game cannot start, or None when it can."""
    if display is None:
        return NO_DISPLAY
    if board_id in SHIFT_REGISTER or board_id in FEW_BUTTONS:
        return None
    return TOUCH if board_id in TOUCH_ONLY else NO_BUTTONS


def setup(board):
    """(keys, None) for this board, or (None, why not)."""
    board_id = getattr(board, "board_id", "unknown")
    display = getattr(board, "DISPLAY", None)
    why = reason(board_id, display)
    if why is not None:
        return None, why
    try:
        keys = profile(board_id)(board, display)
    except MemoryError:  # not the buttons' fault: prepare says so
        raise
    except Exception as error:  # pylint: disable=broad-except  # a pin missing or in use
        return None, "Buttons failed: %s" % error
    labels = getattr(board, "KEY_LABELS", None)  # the simulator's keys for the buttons
    if labels:
        keys.labels = labels
    return keys, None


def prepare(board=None):
    """The App for this board, ready to run; on a board it cannot drive,
    without the memory to build the App or with a game file missing, say
    why and wait forever (from its first screen on, App.run says so)."""
    if board is None:
        import board  # pylint: disable=import-outside-toplevel,redefined-outer-name
    try:
        app = build(board)
    except MemoryError as error:  # what was built is garbage now: room to say so
        app = None
        gc.collect()  # from here, not deep in the next allocation (see App._keep_only_the_games)
        try:
            _no_memory(board, error)
        except MemoryError:  # no room even for the message: CircuitPython's terminal shows this
            raise MemoryError(NO_MEMORY) from None
    except OSError as error:  # a game file the start reads: its sheet, its words
        from ..screens.stopped import MISSING, missing
        if missing(error) is None:
            raise
        app = None
        from .message import show
        show(getattr(board, "DISPLAY", None), getattr(board, "board_id", "unknown"),
             MISSING % missing(error), plays_on=False)
    if app is None and getattr(board, "DISPLAY", None) is not None:
        wait()  # keep the message on the screen
    return app


def _no_memory(board, error):
    print("MemoryError:", error)
    reason = NO_MEMORY
    if __file__.endswith(".py"):
        from ..screens.budget import figure
        needed = figure(DRIVE, "needed_py")
        if needed:
            reason += " " + FROM_PY % needed
    from .message import show
    show(getattr(board, "DISPLAY", None), getattr(board, "board_id", "unknown"), reason,
         plays_on=False)


def build(board, store=None, **options):
    """The App for ``board`` with its own buttons, or None once the screen
    (or the serial console) says why the game cannot start here.
    """
    # The loading screen shows before anything heavy is imported, and its bar
    # fills as the rest loads: the saves and the sheet first, while the heap
    # is still in one piece, then the app's code. ``store`` (default: one on
    # the board's NVM) and ``options`` (root, game, deal, language) go to the
    # App, and so does ``sound`` (default: the board's speaker, if any); the
    # simulator gives its own.
    board_id = getattr(board, "board_id", "unknown")
    display = getattr(board, "DISPLAY", None)
    if reason(board_id, display) is None:
        from .message import Loading
        loading = Loading(display)
    keys, why = setup(board)
    if keys is None:
        from .message import show
        show(display, board_id, why)
        return None
    # the saves read (one slice of the NVM) and the sheet in one piece
    # before compiling the app breaks up the heap
    if store is None:
        store = nvm_store()
    gc.collect()  # each collection here lets the next code compile low in the heap
    # start.py is let go now, loaded again for the App's start and let go
    # after it: kept, it would stay in the heap until the first game is built
    from ..screens import start
    options["art"] = start.load_art(start.size_for(display.width, display.height),
                                    options.setdefault("root", DRIVE))
    start = None
    let_go("start")
    loading.step()
    from ..screens.app import App
    gc.collect()
    loading.step()
    if "sound" not in options:
        from .sound import for_board
        options["sound"] = for_board(board)
    # its first screen shows once this code is let go (code.py runs it)
    app = App(display, keys, store=store, progress=loading.step, begin=False, **options)
    loading = None
    let_go("loading")
    attach = getattr(keys, "attach", None)
    if attach:
        attach(app)
    return app


def nvm_store():
    """The save store on this board's NVM (saves are off where there is none)."""
    try:
        import microcontroller  # pylint: disable=import-outside-toplevel
        nvm = microcontroller.nvm
    except (ImportError, AttributeError):
        nvm = None
    # its bytes first (8 KB in one piece), then the store's code, which
    # brings the engine's: from .py, compiled first, they left no such piece
    from ..saves.slots import read
    image = None if nvm is None else read(nvm)
    gc.collect()
    from ..saves.store import Store
    return Store(nvm, image=image)


def wait():
    """Idle forever (code.py ending would put the terminal back on screen)."""
    import time
    while True:
        time.sleep(1)

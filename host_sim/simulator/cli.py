"""patience-sim: run the Circuit Patience firmware in a desktop window.

The firmware's own ``patience.screens.app.App`` runs unchanged on Blinka's displayio:
a ``CountingDisplay`` (host_sim.simulator.display) stands in for ``board.DISPLAY`` and
``PygameKeys`` / ``ScriptKeys`` (host_sim.simulator.keys) for the PyBadge's keypad.

    patience-sim                                   # a window, title screen
    patience-sim --board clue --game agnes --deal 7
    patience-sim --headless --game agnes --deal 7 --keys "right*2 a down a" \\
                 --shot out.png --dump             # no window: script, picture, dump

Exit codes: 0 done (also window closed or Ctrl+C), 2 bad command line or no
display for a window, 1 anything else.
"""

import argparse
import os
import sys

from host_sim import FIRMWARE

from .boards import BOARDS, DEFAULT_BOARD, get_board
from .clock import install as install_clock
from .keys import BUTTONS, KEY_HELP, KEY_HINT, parse_script

PROG = "patience-sim"
FIRST_DEAL, LAST_DEAL = 1, 999_999_999  # as patience.core.dealing
NO_GAME_LINE = "no game on screen"
PRESS_MS = 100  # headless: board time between two scripted presses


class UsageError(Exception):
    """A bad command line: one line on stderr, exit code 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # argparse prints usage too; we keep to one line
        raise UsageError(message)


def firmware_dir():
    """The folder that stands in for the CIRCUITPY drive (holds sheets/)."""
    return str(FIRMWARE)


def game_names():
    from patience.games import GAMES  # pylint: disable=import-outside-toplevel
    return GAMES


def _deal(text):
    try:
        number = int(text.replace("_", "").replace(",", ""))
    except ValueError:
        raise argparse.ArgumentTypeError("deal must be a number from %d to %d, not %r"
                                         % (FIRST_DEAL, LAST_DEAL, text)) from None
    if not FIRST_DEAL <= number <= LAST_DEAL:
        raise argparse.ArgumentTypeError("deal must be from %d to %s, not %s"
                                         % (FIRST_DEAL, f"{LAST_DEAL:,}", text))
    return number


def _scale(text):
    try:
        scale = int(text)
    except ValueError:
        scale = 0
    if not 1 <= scale <= 12:
        raise argparse.ArgumentTypeError("scale must be a whole number from 1 to 12, not %r" % text)
    return scale


def build_parser():
    boards = ", ".join("%s (%dx%d)" % (b.name, b.width, b.height) for b in BOARDS.values())
    parser = _Parser(
        prog=PROG,
        description="Play Circuit Patience in a window: the same firmware code as on the board.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="keys in the window:\n" + "\n".join("  " + line for line in KEY_HELP.splitlines())
        + "\n\nboards: " + boards
        + "\n\nexample (no window):\n  %s --headless --game agnes --deal 7 "
          "--keys \"right*2 a\" --shot out.png --dump" % PROG,
    )
    parser.add_argument("--board", default=DEFAULT_BOARD, metavar="NAME",
                        help="board to simulate: %s (default %s)" % (", ".join(BOARDS), DEFAULT_BOARD))
    parser.add_argument("--game", metavar="NAME",
                        help="start straight into this game: %s" % ", ".join(game_names()))
    parser.add_argument("--deal", type=_deal, metavar="N",
                        help="deal number %d to %s (needs --game)" % (FIRST_DEAL, f"{LAST_DEAL:,}"))
    parser.add_argument("--lang", choices=("en", "fr"), default=None,
                        help="language of the game's texts (default: the saved setting, "
                             "English at first)")
    parser.add_argument("--headless", action="store_true",
                        help="no window: run --keys, then --shot/--dump, then exit")
    parser.add_argument("--keys", metavar="SCRIPT",
                        help="with --headless: buttons to press and release in turn, e.g. "
                             "\"right right a\" or \"right*2 a\"; buttons: %s" % " ".join(BUTTONS))
    parser.add_argument("--shot", metavar="FILE.png",
                        help="at the end, save the screen as a PNG at device resolution")
    parser.add_argument("--shot-scale", type=_scale, default=1, metavar="N",
                        help="with --shot: enlarge the picture N times (pixels stay sharp)")
    parser.add_argument("--dump", action="store_true",
                        help="at the end, print the game (the engine's text dump)")
    parser.add_argument("--scale", type=_scale, metavar="N",
                        help="window zoom (default: 4 for 160x128, 3 for 240x240 and 320x240)")
    parser.add_argument("--save", metavar="FILE", default=None,
                        help="file standing in for the board's NVM, where games, settings and "
                             "statistics are kept (default: %s); without --game and --deal "
                             "the last game resumes" % default_save_path())
    parser.add_argument("--root", metavar="DIR", default=None,
                        help="folder standing in for the CIRCUITPY drive (default: the repo's firmware/)")
    return parser


def _check_writable(path):
    """UsageError unless a file can be written at ``path`` (leaves no file)."""
    if os.path.isdir(path):
        raise UsageError("cannot write --shot %s: it is a folder" % path)
    existed = os.path.exists(path)
    try:
        with open(path, "ab"):
            pass
    except OSError as err:
        raise UsageError("cannot write --shot %s: %s" % (path, err.strerror or err)) from None
    if not existed:
        os.remove(path)


def parse_args(argv=None):
    """Checked options; UsageError for anything wrong."""
    args = build_parser().parse_args(argv)
    try:
        args.board = get_board(args.board)
    except ValueError as err:
        raise UsageError(str(err)) from None
    if args.game is not None:
        names = game_names()
        game = args.game.strip().lower()
        if game not in names:
            raise UsageError("unknown game %r: choose from %s" % (args.game, ", ".join(names)))
        args.game = game
    if args.deal is not None and args.game is None:
        raise UsageError("--deal needs --game")
    if args.keys is not None:
        if not args.headless:
            raise UsageError("--keys needs --headless (in a window, use the keyboard)")
        try:
            args.script = parse_script(args.keys)
        except ValueError as err:
            raise UsageError("--keys: %s" % err) from None
    else:
        args.script = []
    if args.shot is not None:
        _check_writable(args.shot)
    if args.root is not None and not os.path.isdir(args.root):
        raise UsageError("--root %s is not a folder" % args.root)
    args.store = open_store(args.save or default_save_path(), args.board.name)
    return args


def default_save_path():
    """The save file in the user's data folder (XDG, macOS or Windows)."""
    if sys.platform == "win32":
        base = os.environ.get("APPDATA") or os.path.expanduser("~")
    elif sys.platform == "darwin":
        base = os.path.expanduser("~/Library/Application Support")
    else:
        base = os.environ.get("XDG_DATA_HOME") or os.path.expanduser("~/.local/share")
    return os.path.join(base, "circuit-patience", "save.nvm")


def open_store(path, board_name=DEFAULT_BOARD):
    """The Store on a save file that wears like ``board_name``'s NVM, creating
    its folder; UsageError if unusable."""
    from patience.saves.store import Store  # pylint: disable=import-outside-toplevel
    from .nvm_file import FileNVM  # pylint: disable=import-outside-toplevel
    from .nvm_models import model_for  # pylint: disable=import-outside-toplevel
    try:
        os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        return Store(FileNVM(path, model_for(board_name)))
    except (OSError, ValueError) as err:
        raise UsageError("cannot use save file %s: %s" % (path, err)) from None


def _default_app_factory():
    from patience.screens.app import App  # pylint: disable=import-outside-toplevel
    return App


def main(argv=None, app_factory=None):
    """Run the simulator; returns the exit code.

    ``app_factory(display, keys, root=..., game=..., deal=...)`` makes the
    app (default: ``patience.screens.app.App``); tests pass a stand-in.
    """
    try:
        args = parse_args(argv)
    except UsageError as err:
        print("%s: error: %s" % (PROG, err), file=sys.stderr)
        return 2
    except SystemExit as stop:  # --help
        return stop.code if isinstance(stop.code, int) else 0

    # Before pygame, Blinka or the firmware are imported (display.py sets the rest).
    clock = install_clock()
    if args.headless:
        clock.freeze()  # scripted runs are repeatable: time moves per press
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    from .display import CountingDisplay, NoDisplayError, display_available  # pylint: disable=import-outside-toplevel
    if not args.headless and not display_available():
        print("%s: error: no display to open a window on (DISPLAY and WAYLAND_DISPLAY are "
              "unset); run with --headless (and --keys/--shot/--dump) instead" % PROG,
              file=sys.stderr)
        return 2

    board = args.board
    try:
        display = CountingDisplay(
            board.width, board.height, headless=args.headless, scale=args.scale,
            caption="Circuit Patience - %s %dx%d - %s" % (board.name, board.width, board.height,
                                                          KEY_HINT))
    except NoDisplayError as err:
        print("%s: error: %s; run with --headless instead" % (PROG, err), file=sys.stderr)
        return 2

    from .limits import BoardLimitError  # pylint: disable=import-outside-toplevel
    try:
        return _session(args, display, clock, app_factory)
    except BoardLimitError as err:
        print("%s: error: a board would not show this: %s" % (PROG, err), file=sys.stderr)
        return 1
    finally:
        display.close()


def _session(args, display, clock, app_factory):
    """Run the app on ``display`` as the options say; returns the exit code."""
    from .keys import PygameKeys, ScriptKeys  # pylint: disable=import-outside-toplevel
    board = args.board
    keys = ScriptKeys() if args.headless else PygameKeys(display)
    if app_factory is None:
        try:
            app_factory = _default_app_factory()
        except ImportError as err:
            print("%s: cannot load the firmware's app: %s" % (PROG, err), file=sys.stderr)
            return 1
    root = args.root if args.root is not None else firmware_dir()
    app = app_factory(display, keys, root=root, game=args.game, deal=args.deal,
                      store=args.store, language=args.lang)
    if args.headless:
        app.tick()  # whatever the app draws before any key
        for name in args.script:
            keys.press(name)
            app.tick()
            clock.advance(PRESS_MS)
    else:
        print("Circuit Patience simulator: %s %dx%d at %dx. Keys:\n%s"
              % (board.name, board.width, board.height, display.scale, KEY_HELP), flush=True)
        try:
            app.run()
        except KeyboardInterrupt:
            pass
        except SystemExit as stop:
            if stop.code not in (0, None):
                raise
    keeper = getattr(app, "keeper", None)
    if keeper is not None:
        keeper.save()  # what the idle timer would have saved on the board
    if args.shot is not None:
        try:
            display.save(args.shot, args.shot_scale)
        except (OSError, RuntimeError) as err:
            print("%s: error: cannot write --shot %s: %s" % (PROG, args.shot, err),
                  file=sys.stderr)
            return 2
    if args.dump:
        print(dump(app), flush=True)
    return 0


def dump(app):
    """The game as text, then where the cursor is, what is held and the status line."""
    game = getattr(app, "game", None)
    if game is None:
        return NO_GAME_LINE
    player = app.player
    held = player.held[1] if player.held else 0
    return "%s\ncursor: %d\nheld: %d\nstatus: %s" % (game, player.cursor, held, player.status)


if __name__ == "__main__":
    sys.exit(main())

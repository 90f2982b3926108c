"""patience-sim: run the Circuit Patience firmware in a desktop window.

The firmware starts as on the board, through ``patience.boards.build()``, on
Blinka's displayio: a ``CountingDisplay`` (display.py) stands in for
``board.DISPLAY`` and the board's own buttons (boards.py, controls.py) for
its keypad, worked by the window's keyboard or by a --keys script
(session.py, script.py).

    patience-sim                                   # a window, title screen
    patience-sim --board clue --game agnes --deal 7
    patience-sim --headless --game agnes --deal 7 --keys "right*5 a left*2 a" \\
                 --shot out.png --dump             # no window: script, picture, dump
    patience-sim --headless --board clue --keys "b a hold:b a+b" --dump

Exit codes: 0 done (also window closed or Ctrl+C), 2 bad command line or no
display for a window, 1 the game cannot start on that board (its screen says
why) or anything else, 141 the reader of the output went away (as a Unix
tool stopped by SIGPIPE), quietly.
"""

import argparse
import os
import sys
import time

from host_sim import FIRMWARE, data_folder, first_free, no_firmware_here
from host_sim.arguments import deal_argument, game_name
from host_sim.output import BROKEN_PIPE, quiet_stdout

from .boards import BOARDS, DEFAULT_BOARD, QUIT, get_board, hint, legend
from .clock import install as install_clock
from .script import parse

PROG = "patience-sim"
NO_GAME_LINE = "no game on screen"
KEYS_GRAMMAR = """\
--keys words, split by spaces or commas (the board's button names, as above):
  NAME          tap: pressed 0.1 s, let go; 0.4 s pass between gestures
  NAME+NAME     chord: both pressed, then both let go
  hold:NAME     held 0.6 s (held arrows repeat); holdS:NAME holds S seconds
  double:NAME   double tap: two taps 0.1 s apart
  WORD*N        the gesture N times
what taps, holds and chords do on the CLUE and the Feathers:
docs/controls.md."""


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


def _scale(text):
    try:
        scale = int(text)
    except ValueError:
        scale = 0
    if not 1 <= scale <= 12:
        raise argparse.ArgumentTypeError("scale must be a whole number from 1 to 12, not %r" % text)
    return scale


def _boards_help():
    """Each board's size and which keys work its buttons."""
    blocks = []
    for board in BOARDS.values():
        body = "\n".join("    " + line for line in legend(board).splitlines())
        blocks.append("  %s (%dx%d):\n%s" % (board.name, board.width, board.height, body))
    return "\n".join(blocks)


def build_parser():
    parser = _Parser(
        prog=PROG,
        description="Play Circuit Patience in a window: the same firmware code as on the board.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="boards and their keys in the window (and their --keys names):\n"
        + _boards_help() + "\n  " + QUIT + "\n\n" + KEYS_GRAMMAR
        + "\n\nexamples (no window; each its own --save, so that your own game is left "
          "alone):\n  %s --headless --save try.nvm --game agnes --deal 7 "
          "--keys \"right*5 a left*2 a\" --shot out.png --dump\n"
          "  %s --headless --save clue.nvm --board clue --keys \"b a hold:b a+b\" "
          "--shot menu.png" % (PROG, PROG),
    )
    parser.add_argument("--board", default=DEFAULT_BOARD, metavar="NAME",
                        help="board to simulate: %s (default %s)" % (", ".join(BOARDS), DEFAULT_BOARD))
    parser.add_argument("--game", metavar="NAME",
                        help="start straight into this game: %s" % ", ".join(game_names()))
    parser.add_argument("--deal", type=deal_argument, metavar="N",
                        help="deal number 1 to 999,999,999 (needs --game); a game of it in "
                             "the save that was played counts as lost, as New deal in the "
                             "menu would")
    parser.add_argument("--lang", choices=("en", "fr"), default=None,
                        help="language of the game's texts, kept in the save as the "
                             "setting (as Options > Language does; default: the saved "
                             "setting, English at first)")
    parser.add_argument("--headless", action="store_true",
                        help="no window: run --keys, then --shot/--dump, then exit")
    parser.add_argument("--keys", metavar="SCRIPT",
                        help="with --headless: the board's buttons to work in turn, e.g. "
                             "\"right*2 a\" or (CLUE) \"b hold:b a+b\" (see below)")
    parser.add_argument("--shot", metavar="FILE.png",
                        help="at the end, save the screen as a PNG at device resolution")
    parser.add_argument("--shot-scale", type=_scale, default=None, metavar="N",
                        help="with --shot: enlarge the picture N times (pixels stay sharp)")
    parser.add_argument("--dump", action="store_true",
                        help="at the end, print the game (the engine's text dump), the "
                        "cursor, what is held, the status line (on the title screen, its "
                        "lines) and an open panel's lines")
    parser.add_argument("--scale", type=_scale, metavar="N",
                        help="window zoom (default: 4 for 160x128, 3 for 240x240, 240x135 "
                             "and 320x240)")
    parser.add_argument("--save", metavar="FILE", default=None,
                        help="file standing in for the board's NVM, where games, settings and "
                             "statistics are kept (default: %s); without --game and --deal "
                             "the last game resumes" % default_save_path())
    parser.add_argument("--root", metavar="DIR", default=None,
                        help="folder standing in for the CIRCUITPY drive (default: the repo's firmware/)")
    return parser


def _check_writable(path):
    """UsageError unless a PNG file can be written at ``path`` (leaves no file)."""
    if os.path.isdir(path):
        raise UsageError("cannot write --shot %s: it is a folder" % path)
    if not path.lower().endswith(".png"):
        raise UsageError("--shot %s: the picture is a PNG; give a file name ending in .png"
                         % path)
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
        try:
            args.game = game_name(args.game)
        except ValueError as err:
            raise UsageError(str(err)) from None
    if args.deal is not None and args.game is None:
        raise UsageError("--deal needs --game")
    if args.keys is not None:
        if not args.headless:
            raise UsageError("--keys needs --headless (in a window, use the keyboard)")
        try:
            args.script = parse(args.keys, args.board)
        except ValueError as err:
            raise UsageError("--keys: %s" % err) from None
    else:
        args.script = []
    if args.shot is not None:
        _check_writable(args.shot)
    elif args.shot_scale is not None:
        raise UsageError("--shot-scale needs --shot (the picture it enlarges)")
    if args.root is None and not os.path.isdir(firmware_dir()):  # `pip install .`, not -e
        raise UsageError(no_firmware_here(firmware_dir(), "--root DIR"))
    if args.root is not None and not all(os.path.isdir(os.path.join(args.root, folder))
                                         for folder in ("sheets", "lang")):
        raise UsageError("--root %s is not a firmware folder (it needs sheets/ and lang/)"
                         % args.root)
    if args.save == "":
        raise UsageError("--save needs a file path")
    save = args.save or default_save_path()
    if args.shot is not None and os.path.abspath(args.shot) == os.path.abspath(save):
        raise UsageError("--shot %s is the save file: the picture would replace the saves"
                         % args.shot)
    args.store = open_store(save, args.board.name, make_folder=not args.save)
    return args


def default_save_path():
    """The save file in the user's data folder (XDG, macOS or Windows)."""
    return os.path.join(data_folder(), "save.nvm")


def open_store(path, board_name=DEFAULT_BOARD, make_folder=False):
    """The Store on a save file that wears like ``board_name``'s NVM;
    UsageError if unusable. Only the default file's folder is made: a
    folder given that does not exist is more likely a typo than a wish
    to start afresh with no saves."""
    from patience.saves.store import Store  # pylint: disable=import-outside-toplevel
    from .nvm_file import FileNVM  # pylint: disable=import-outside-toplevel
    from .nvm_models import model_for  # pylint: disable=import-outside-toplevel
    folder = os.path.dirname(os.path.abspath(path))
    if not make_folder and not os.path.isdir(folder):
        what = "is no folder" if os.path.exists(folder) else "does not exist"
        raise UsageError("cannot use save file %s: %s %s (nothing made; give a folder that"
                         " exists)" % (path, folder, what))
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError as err:
        raise UsageError("cannot use save file %s: cannot make its folder %s: %s"
                         % (path, folder, err.strerror or err)) from None
    try:
        nvm = FileNVM(path, model_for(board_name))
    except (OSError, ValueError) as err:  # an OSError's strerror: no "[Errno N]"
        raise UsageError("cannot use save file %s: %s"
                         % (path, getattr(err, "strerror", None) or err)) from None
    store = Store(nvm)  # reads only: nothing is written before the first save
    if store.enabled and not _holds_saves(nvm, store.slot_size):
        raise UsageError("cannot use save file %s: it holds no saves of this game (another"
                         " file?); it is left as it is: give another --save" % path)
    if store.notice is not None and store.notice[0] in _STARTS_AFRESH:
        _keep_a_copy(path, _STARTS_AFRESH[store.notice[0]])
    return store


# the store's notices when nothing could be loaded, and why, for the terminal
_STARTS_AFRESH = {"save.damaged_afresh": "both of its records are damaged",
                  "save.version_afresh": "its records are from another version of the game"}


def _keep_a_copy(path, why):
    """Copy a save file the game cannot read to a new ``<path>.unread-<n>``
    before the first save writes over it, and say so on the terminal."""
    import shutil  # pylint: disable=import-outside-toplevel
    copy = first_free(path + ".unread-{n}")
    try:
        shutil.copyfile(path, copy)
    except OSError as err:
        raise UsageError("cannot use save file %s: %s, and a copy of it cannot be kept (%s):"
                         " it is left as it is" % (path, why, err.strerror or err)) from None
    print("patience-sim: %s: %s; the game starts afresh, the file as it was is kept as %s"
          % (path, why, copy), file=sys.stderr)


def _holds_saves(nvm, slot_size):
    """True when a slot starts with a record of the game's (whole or damaged),
    or both are still blank, as on a new board."""
    from patience.saves.slots import HEADER, MAGIC  # pylint: disable=import-outside-toplevel
    headers = [bytes(nvm[at:at + HEADER]) for at in (0, slot_size)]
    if any(header.startswith(MAGIC) for header in headers):
        return True
    return all(header.strip(b"\x00") == b"" or header.strip(b"\xff") == b"" for header in headers)


def main(argv=None, build=None):
    """Run the simulator; returns the exit code.

    ``build(board, store=..., root=..., game=..., deal=..., language=...)``
    starts the firmware on the stand-in board (default:
    ``patience.boards.build``); tests pass a stand-in.
    """
    try:
        return _main(argv, build)
    except BrokenPipeError:
        quiet_stdout()
        return BROKEN_PIPE


def _main(argv, build):
    try:
        args = parse_args(argv)
    except UsageError as err:
        print("%s: error: %s" % (PROG, err), file=sys.stderr)
        return 2
    except SystemExit as stop:  # --help
        return stop.code if isinstance(stop.code, int) else 0

    install_clock()  # before pygame, Blinka or the firmware are imported (display.py sets the rest)
    if args.headless:
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
            board.width, board.height, headless=args.headless, lazy=args.headless, scale=args.scale,
            caption="Circuit Patience - %s %dx%d - %s" % (board.name, board.width, board.height,
                                                          hint(board)))
    except NoDisplayError as err:
        print("%s: error: %s; run with --headless instead" % (PROG, err), file=sys.stderr)
        return 2

    from .limits import BoardLimitError  # pylint: disable=import-outside-toplevel
    try:
        return _session(args, display, build)
    except BoardLimitError as err:
        print("%s: error: a board would not show this: %s" % (PROG, err), file=sys.stderr)
        return 1
    finally:
        display.close()


def _session(args, display, build):
    """Start the firmware on the simulated board and run it as the options say;
    returns the exit code."""
    from .session import simulate  # pylint: disable=import-outside-toplevel
    board = args.board
    root = args.root if args.root is not None else firmware_dir()
    if not args.headless:
        print("Circuit Patience simulator: %s %dx%d at %dx. Keys:\n%s\n%s"
              % (board.name, board.width, board.height, display.scale, legend(board), QUIT),
              flush=True)
    with simulate(board, display, window=not args.headless, build=build, store=args.store,
                  root=root, game=args.game, deal=args.deal, language=args.lang) as sim:
        if args.headless:
            sim.tick()  # whatever the app draws before any key
            sim.play(args.script)
        else:
            _run_window(sim)
    if sim.app is None:
        return _cannot_start(args, display)
    keeper = getattr(sim.app, "keeper", None)
    if keeper is not None:
        keeper.save()  # what the idle timer would have saved on the board
    return _finish(args, display, dump(sim.app))


def _run_window(sim):
    """The app's own main loop (or, when the game cannot start, the message)
    until the window is closed."""
    try:
        if sim.app is not None:
            sim.app.run()
        while True:
            sim.controls.pump()
            time.sleep(0.02)
    except KeyboardInterrupt:
        pass
    except SystemExit as stop:
        if stop.code not in (0, None):
            raise


def _cannot_start(args, display):
    """The screen says why the game cannot start here: --shot and --dump as
    usual, then exit 1."""
    code = _finish(args, display, NO_GAME_LINE)
    print("%s: the game does not start on the %s (its screen says why)" % (PROG, args.board.name),
          file=sys.stderr)
    return code or 1


def _finish(args, display, text):
    """--shot, then --dump (``text``); the exit code."""
    if args.shot is not None:
        try:
            display.save(args.shot, args.shot_scale or 1)
        except (OSError, RuntimeError) as err:
            print("%s: error: cannot write --shot %s: %s" % (PROG, args.shot, err),
                  file=sys.stderr)
            return 2
    if args.dump:
        try:
            print(text, flush=True)
        except BrokenPipeError:
            raise
        except OSError as err:  # a full disk: said once, not again at exit
            quiet_stdout()
            print("%s: error: cannot write --dump: %s" % (PROG, err.strerror), file=sys.stderr)
            return 2
    return 0


def dump(app):
    """The game as text, then where the cursor is, what is held and the
    status line (on the title screen, its lines); then the lines of a
    panel open on the screen."""
    game = getattr(app, "game", None)
    screen = getattr(app, "screen", None)
    panel = getattr(screen, "panel", None)
    shown = "".join("\npanel: " + line for line in
                    (_text_lines(app, panel.text, panel.box_columns, panel.box_rows)
                     if panel is not None and panel.overlay is not None else ()))
    if game is None:
        title = getattr(screen, "text", None)
        if title is not None and not screen.body.hidden:
            shown = "".join("\ntitle: " + line for line in
                            _text_lines(app, title, title.columns, title.rows)) + shown
        return NO_GAME_LINE + shown
    player = app.player
    held = player.held[1] if player.held else 0
    status = player.status.translate(_font_symbols())
    return "%s\ncursor: %d\nheld: %d\nstatus: %s%s" % (game, player.cursor, held, status, shown)


def _text_lines(app, text, columns, rows):
    """The non-blank lines of a Text's top left ``columns`` x ``rows`` cells,
    as the screen shows them."""
    from patience.screens import sheets  # pylint: disable=import-outside-toplevel
    grid, first = text.grid, sheets.FONT_FIRST_TILE[app.art.size]
    lines = ("".join(chr(32 + grid[column, row] - first) for column in range(columns))
             for row in range(rows))
    symbols = _font_symbols()
    return [line for line in (row.translate(symbols).strip() for row in lines) if line]


def _font_symbols():
    """The firmware font's suit characters (status lines name cards with
    them) and arrows as Unicode's."""
    from patience.screens import sheets  # pylint: disable=import-outside-toplevel
    suits = dict(zip(range(sheets.CHAR_SUIT, sheets.CHAR_SUIT + 4), "♣♦♥♠"))
    arrows = {sheets.CHAR_LEFT: "←", sheets.CHAR_RIGHT: "→", sheets.CHAR_UP: "↑",
              sheets.CHAR_DOWN: "↓", sheets.CHAR_HOLE: " "}
    return {**suits, **arrows}


if __name__ == "__main__":
    sys.exit(main())

"""patience-solve: is a deal won or lost? The solver's command line.

    patience-solve agnes --deal 238             # the winning line, then "won ..."
    patience-solve glenwood --deal 3 --format actions   # drag 13 1 2 ... for scripts
    patience-solve glenwood --deck Ac,2c,...    # 52 cards, the first dealt first
    patience-solve all --deals 1-1000 --time-limit 10 --jobs 2
    patience-solve all --deals 1-8192 --time-limit 1 --jobs 2 --bitsets firmware/winnable

One deal: the winning line, a numbered step a line in the player's words
(``1. 7♠ from reserve 4 to foundation 1``, piles named as the game's Help
names them; ``--format actions`` gives the engine's pile numbers for
scripts), checked on the engine before it is printed, and the verdict, as
EPILOG (the end of --help) says, with the exit codes. Many deals
(``--deals``): a table per game. ``--strict`` plays Agnes as quagnes does (no play from the
foundations, no top-rank card on a base card).
"""

import argparse
import contextlib
import math
import os
import signal
import sys
import tempfile
import traceback

import patience
import patience.games
from host_sim.arguments import checked_deal, deal_argument, game_name
from host_sim.output import BROKEN_PIPE, quiet_stdout
from patience.core.names import parse_card
from patience.solver.search import LOST, UNKNOWN, WON

from .solvability import (BITSET_DEALS, bitset_path, read_bitset, solve_many, table,
                          write_bitsets, write_csv)
from .solving import format_action, solve_deal
from .steps import SUIT_SYMBOLS, steps

PROG = "patience-solve"


class UsageError(Exception):
    """A bad command line: one line on stderr, exit code 2."""


class OutputError(Exception):
    """The results could not be written to the output: one line on stderr,
    exit code OUTPUT_FAILED."""


class _Output:
    """The stream the results are printed to, a failure to write raised as
    OutputError (not as a failure of the solver); BrokenPipeError, the
    reader gone away, as it is."""

    def __init__(self, stream):
        self.stream = stream

    def write(self, text):
        return self._guarded(self.stream.write, text)

    def flush(self):
        self._guarded(self.stream.flush)

    @staticmethod
    def _guarded(action, *args):
        try:
            return action(*args)
        except BrokenPipeError:
            raise
        except OSError as err:
            raise OutputError(err.strerror or err) from None


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # argparse would print the usage too
        raise UsageError(message)


MOST_DEALS = 1_000_000  # a run of --deals at most (each deal a search)

# exit status of one deal (--deal or --deck), so that a script can tell them apart
EXIT_OF_VERDICT = {WON: 0, LOST: 1, UNKNOWN: 3}
CRASHED = 4  # a bug: not to be read as a verdict
OUTPUT_FAILED = 5  # the results could not be written to the output (a full disk)
STOPPED = 130  # what a shell reports for a tool stopped by Ctrl-C (SIGINT)
MANY_DEALS_ONLY = ("--jobs", "--progress", "--csv", "--bitsets")  # with --deals only
ONE_DEAL_ONLY = ("--format", "--ascii")  # how the line of one deal is printed
STEPS, ACTIONS = "steps", "actions"  # the forms of the line (--format)

EPILOG = """\
one deal (--deal or --deck): the winning line, one numbered step a line as a
player would say it, piles named and numbered as on the game's Help map,
cards with suit symbols (with --ascii, as here, suit letters c d h s):
"1. 7s from reserve 4 to foundation 1", "12. deal from the stock: 9c"; with
--format actions one engine action a line, "drag SRC N DST" or "deal", pile
numbers as in docs/rules.md; then a last line: "won" (the line wins on the
engine), "lost" (the whole tree searched: a proof) or "unknown"
(--time-limit or --max-nodes spent first), with the positions stored and
the CPU seconds.

exit status: one deal, 0 won, 1 lost, 3 unknown; --deals, 0 done, 1 a --csv
or --bitsets file could not be written (the table is printed all the same);
2 bad command line (one line on stderr, nothing searched); 4 an error in the
solver itself (its traceback on stderr); 5 the output could not be written
(one line on stderr; --csv and --bitsets are written all the same); 130
stopped by Ctrl-C (--deals: the table, --csv and --bitsets of the deals done
first, none before the first); 141, quietly, when the reader of the output went away (as | head
does)."""


def _is_number(text):
    return text.isascii() and text.isdigit()  # not "²", which int() refuses


def _checked_deal(number):
    """``number`` if it is a deal number; a UsageError naming --deals if not."""
    try:
        return checked_deal(number)
    except ValueError as err:
        raise UsageError("--deals: %s" % err) from None


def parse_deals(text):
    """Deal numbers from ``"1-1000"``, ``"7"`` or ``"1,5,9-12"``."""
    deals = []
    for part in text.replace(" ", "").split(","):
        low, dash, high = part.partition("-")
        if not _is_number(low) or (dash and not _is_number(high)):
            raise UsageError("--deals: %r is not a deal number or range like 1-1000" % part)
        if "," in text and not dash and len(low) == 3 and low.startswith("0"):  # "1,000"
            raise UsageError("--deals: commas separate deals here: write %r as %s"
                             % (text, text.replace(",", "")))
        first, last = int(low), int(high or low)
        if last < first:
            raise UsageError("--deals: the range %r is empty" % part)
        _checked_deal(first)
        _checked_deal(last)
        if len(deals) + last - first + 1 > MOST_DEALS:
            raise UsageError("--deals: at most %s deals a run" % format(MOST_DEALS, ","))
        deals.extend(range(first, last + 1))
    return deals


def parse_deck(text):
    """52 card bytes from ``"Ac,2c,..."`` (the first dealt first)."""
    words = [w for w in text.replace(",", " ").split()]
    if len(words) != 52:
        raise UsageError("--deck needs 52 cards, got %d" % len(words))
    try:
        deck = bytes(parse_card(word) for word in words)
        patience.new_game("chessboard", deck=deck)  # checks duplicates
    except ValueError as err:
        raise UsageError("--deck: %s" % err) from None
    return deck


def _arguments(argv):
    parser = _Parser(prog=PROG, description=__doc__.splitlines()[0], epilog=EPILOG,
                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", help="%s, or all (with --deals)" % ", ".join(patience.games.GAMES))
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--deal", type=deal_argument, help="one deal number")
    source.add_argument("--deck", help="52 two-letter cards, comma-separated, first dealt first")
    source.add_argument("--deals", help="many deals: 1-1000 or 1,5,9-12 (a table per game)")
    parser.add_argument("--time-limit", type=float, default=10.0, metavar="S",
                        help="CPU seconds per deal (default 10)")
    parser.add_argument("--max-nodes", type=int, default=None, metavar="N",
                        help="positions to store per deal at most")
    parser.add_argument("--jobs", type=int, metavar="N",
                        help="with --deals: processes to search in (default 1)")
    parser.add_argument("--format", choices=(STEPS, ACTIONS),
                        help="one deal: the line as numbered steps in the game's words "
                        "(steps, the default) or as engine actions, drag SRC N DST (actions)")
    parser.add_argument("--ascii", action="store_true",
                        help="one deal: cards as 10d, Ks (suit letters c d h s), "
                        "not with suit symbols")
    parser.add_argument("--strict", action="store_true",
                        help="Agnes as quagnes plays it: no play from the foundations")
    parser.add_argument("--progress", type=int, metavar="N",
                        help="with --deals: say on stderr each time N more deals are done")
    parser.add_argument("--csv", metavar="FILE",
                        help="with --deals: also write one line per deal to FILE")
    parser.add_argument("--bitsets", metavar="DIR",
                        help="with --deals in 1..%d: update DIR/<game>.bin (DIR and the file "
                        "are made if missing): set the bits of the deals won, clear those "
                        "proved lost, keep every other bit" % BITSET_DEALS)
    return parser.parse_args(argv)


def _checked(args):
    """The games to solve; UsageError for anything wrong in ``args``."""
    try:
        args.game = game_name(args.game, others=("all",))
    except ValueError as err:
        raise UsageError(str(err)) from None
    names = list(patience.games.GAMES) if args.game == "all" else [args.game]
    if args.deals is None and args.game == "all":
        raise UsageError("'all' needs --deals")
    if args.strict and names != ["agnes"]:
        raise UsageError("--strict is for agnes only")
    if args.deals is None:
        _check_one_deal(args)
    else:
        _check_many_deals(args)
    if args.ascii and args.format == ACTIONS:
        raise UsageError("--ascii is for the steps, not --format actions (no cards named)")
    if not 0 < args.time_limit < math.inf:
        raise UsageError("--time-limit must be positive and finite, not %s" % args.time_limit)
    for option, value in (("--jobs", args.jobs), ("--max-nodes", args.max_nodes),
                          ("--progress", args.progress)):
        if value is not None and value < 1:
            raise UsageError("%s must be positive, not %d" % (option, value))
    args.jobs = args.jobs or 1
    if args.deck is not None:
        args.deck = parse_deck(args.deck)
    if args.deals is not None:
        args.deals = parse_deals(args.deals)
        if args.bitsets and max(args.deals) > BITSET_DEALS:
            raise UsageError("--bitsets covers deals 1..%d only" % BITSET_DEALS)
    _check_outputs(args, names)
    return names


def _check_one_deal(args):
    """UsageError naming the options given that only a run of --deals takes."""
    given = [option for option in MANY_DEALS_ONLY
             if getattr(args, option[2:]) is not None]
    if given:
        named = given[0] if len(given) == 1 else "%s and %s" % (", ".join(given[:-1]), given[-1])
        raise UsageError("%s %s --deals (a run of deals, e.g. --deals 1-100)"
                         % (named, "needs" if len(given) == 1 else "need"))


def _check_many_deals(args):
    """UsageError naming the first option given that only one deal takes."""
    for option in ONE_DEAL_ONLY:
        if getattr(args, option[2:]) not in (None, False):
            raise UsageError("%s is for one deal (--deal or --deck), not --deals" % option)


def _check_outputs(args, names):
    """Before any search: the files the results go to can be written."""
    if args.csv is not None:
        folder = os.path.dirname(args.csv) or "."
        if os.path.isdir(args.csv) or not os.path.isdir(folder):
            raise UsageError("--csv %s: not a file in an existing folder" % args.csv)
        _check_writable("--csv", folder)
        _check_file("--csv", args.csv)
    if args.bitsets is not None:
        if os.path.exists(args.bitsets) and not os.path.isdir(args.bitsets):
            raise UsageError("--bitsets %s: not a folder" % args.bitsets)
        try:
            os.makedirs(args.bitsets, exist_ok=True)
        except OSError as err:
            raise UsageError("--bitsets %s: %s" % (args.bitsets, err.strerror or err)) from None
        _check_writable("--bitsets", args.bitsets)
        for name in names:
            path = bitset_path(args.bitsets, name)
            try:
                read_bitset(path)
            except (OSError, ValueError) as err:
                raise UsageError("--bitsets: %s" % err) from None
            _check_file("--bitsets", path)


def _check_writable(option, folder):
    """UsageError unless a file can be made in ``folder`` (made and removed)."""
    try:
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as err:
        raise UsageError("%s: cannot write in %s: %s"
                         % (option, folder, err.strerror or err)) from None


def _check_file(option, path):
    """UsageError if ``path`` is a file that cannot be written (opened to
    append and closed, so that nothing in it changes)."""
    if not os.path.exists(path):
        return
    try:
        with open(path, "ab"):
            pass
    except OSError as err:
        raise UsageError("%s: cannot write %s: %s"
                         % (option, path, err.strerror or err)) from None


def _one(name, args, out):
    outcome = solve_deal(name, args.deal, args.deck, args.time_limit, args.max_nodes,
                         args.strict)
    for line in _printed_line(name, outcome.line or (), args, out):
        print(line, file=out)
    print(outcome.summary(), file=out)
    return EXIT_OF_VERDICT[outcome.verdict]


def _printed_line(name, line, args, out):
    """The lines that print ``line`` (engine actions) as ``args`` ask: steps,
    or actions for --format actions."""
    if args.format == ACTIONS:
        return [format_action(action) for action in line]
    plain = args.ascii or not _shows_suits(out.stream)
    return steps(name, line, args.deal, args.deck, plain)


def _shows_suits(stream):
    """False when ``stream`` has an encoding without the suit symbols (a
    Windows file in cp1252): the steps then name suits by letter."""
    encoding = getattr(stream, "encoding", None)
    if not encoding:
        return True  # a text buffer: no encoding to fail
    try:
        SUIT_SYMBOLS.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def _many(names, args, out):
    total = len(names) * len(args.deals)
    rows = _solved_rows(names, args, total)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # what was done is written and shown whole
    if not rows:  # stopped before the first deal: an earlier --csv is left as it was
        print("stopped by Ctrl-C before any deal was done: nothing written", file=out)
        return STOPPED
    written, failure = _save(rows, args)
    print("%d deals per game, %.3g CPU s each at most%s" % (
        len(args.deals), args.time_limit, ", strict" if args.strict else ""), file=out)
    for line in table(rows):
        print(line, file=out)
    for path in written:
        print("wrote", path, file=out)
    if failure:
        print("%s: error: %s (the table above has the results)" % (PROG, failure),
              file=sys.stderr)
    if len(rows) < total:
        print("stopped by Ctrl-C after %d of %d deals: the table counts those only"
              % (len(rows), total), file=out)
        return STOPPED
    return 1 if failure else 0


def _solved_rows(names, args, total):
    """The rows of every deal, or of those done when Ctrl-C stopped the run."""
    rows = []
    try:
        with contextlib.closing(solve_many(names, args.deals, args.time_limit, args.jobs,
                                           args.strict, args.max_nodes)) as solved:
            for row in solved:
                rows.append(row)
                if args.progress and not len(rows) % args.progress:
                    print("%d of %d deals done" % (len(rows), total), file=sys.stderr,
                          flush=True)
    except KeyboardInterrupt:
        pass  # the rows done are printed and written as a whole run's are
    return rows


def _save(rows, args):
    """Write --csv and --bitsets, before the table is printed (an output
    that cannot be written loses neither): the bitset files written, and
    what could not be written (None if all was)."""
    target = args.csv
    try:
        if args.csv:
            write_csv(rows, args.csv)
        target = args.bitsets
        written = write_bitsets(rows, args.bitsets) if args.bitsets else []
    except OSError as err:  # checked before the search: the disk filled, or it went away
        return [], "cannot write %s: %s" % (err.filename or target, err.strerror or err)
    return written, None


def main(argv=None, out=None):
    """The command; returns the exit status."""
    out = _Output(out or sys.stdout)
    previous_ctrl_c = signal.signal(signal.SIGINT, _stop_once)
    try:
        status = _main(argv, out)
        out.flush()  # a reader gone away shows here, not in Python's last flush at exit
        return status
    except KeyboardInterrupt:
        print("%s: stopped by Ctrl-C" % PROG, file=sys.stderr)
        return STOPPED
    except BrokenPipeError:
        quiet_stdout()
        return BROKEN_PIPE
    except OutputError as err:
        quiet_stdout()  # else Python's last flush at exit fails again, with a traceback
        print("%s: error: cannot write the output: %s" % (PROG, err), file=sys.stderr)
        return OUTPUT_FAILED
    except Exception:  # pylint: disable=broad-except  (exit 1 would read as "lost")
        traceback.print_exc()
        print("%s: error: the solver failed (a bug, not a verdict): please report the "
              "traceback above" % PROG, file=sys.stderr)
        return CRASHED
    finally:
        signal.signal(signal.SIGINT, previous_ctrl_c)


def _stop_once(_signal, _frame):
    """Ctrl-C: KeyboardInterrupt, then SIGINT ignored until ``main`` returns,
    so that a second one (``timeout -s INT`` sends two) cuts short neither
    the ending of the workers nor the printing and writing of what was done."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    raise KeyboardInterrupt


def _main(argv, out):
    """The command, printing its results to ``out``; returns the exit status."""
    try:
        args = _arguments(argv)
        names = _checked(args)
    except UsageError as err:
        print("%s: error: %s" % (PROG, err), file=sys.stderr)
        return 2
    if args.deals is None:
        return _one(names[0], args, out)
    return _many(names, args, out)


if __name__ == "__main__":
    sys.exit(main())

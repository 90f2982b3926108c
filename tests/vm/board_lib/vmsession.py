"""The whole-app session, VM side: the real code.py on the stand-in board,
played through its buttons.

``main(part, ...)`` runs firmware/code.py (``import code``) and drives it
from the main loop's idle sleep (vmclock's sleep hook): each time the App
waits, the session's script queues the next button tap, lets time pass, or
prints a report. It never calls a screen method; it reads the App (captured
at its first tick) only to plan where to press and to note the game on
screen. ``random`` is seeded, so a
session deals the same games every time.

Output lines:
    SHEET <class of the card sheet>          (Bitmap when it fits in RAM)
    SAVES on|off                             (off: the NVM could not be read,
                                             for want of memory)
    STEP <name> <live heap>                  after each step (the heap the
                                             firmware keeps, after gc.collect)
    GAME <name> <seed> <done> <state hex>    part 1 at its end, part 2 at start;
                                             on giving up in a game, the game
                                             last on screen (as the player saw
                                             it, not as the keeper holds it)
    PRESS <kind> <max> <total> <count>       with ``measure``: bytes allocated
                                             per press, as on a board
    DONE

Part 1 starts on fresh NVM: the title, each of the four games dealt and
played (moves by pick up and put down, deals from the stock, B to send
home, Select to undo), in the first game the menu (hint, undo, redo,
brightness), statistics, deal-number entry and help; switching games
through the menu; then a rest of 21 s so that the keeper saves, and the NVM
bytes go to the file ``save_to``. Part 2 starts from such a file (VM_NVM):
the App resumes the same game, which is played on. With ``ram_sheet`` a
session fails when the card sheet did not fit in RAM (the firmware then
draws from an OnDiskBitmap).

With ``measure`` each press is measured from the tap to the App's next idle
with the collector off, by kind: table presses ("table-..."; one that
brings up a notice counts as "table-to-notice"), "menu-open" (Start on
the table), presses inside a panel ("menu", "statistics", "deal-entry",
"notices", "title"), and actions that deal or leave a game ("start game",
"new deal", "menu <item>"), which build a new table or screen; the 16 bytes a keypad Event costs here beyond a
board's (see keypad) are taken off, so the figures are a board's.
"""

import binascii
import gc
import random
import sys

from micropython import const

import keypad
import vmctl
import vmheap

_PRESS = const(0)
_REPORT = const(1)
_WAIT = const(2)
_EVENT_SURPLUS = const(16)  # keypad.Event here 32 B, on a board 16 B
_SAVE_REST_MS = const(21000)  # the keeper saves after 20 s without a press
_APP_IDLE_MS = const(10)  # the App's main loop sleeps this long when idle (app._IDLE_SLEEP)
_LOOK_MS = const(500)  # a player's look at the table before dealing a row


class Done(Exception):
    """The script has run out: ends the firmware's main loop."""


K = None  # the firmware's button numbers (patience.input.buttons), once it runs


class _Run:
    app = None
    script = None
    base = 0  # live heap before code.py ran
    measure = False
    ram_sheet = True
    label = ""
    since = -1  # gc.mem_alloc() at the measured tap, or -1
    events = 0  # keypad.Event objects made before it
    presses = {}  # kind -> [max, total, count]
    on_screen = None  # the game on screen at the App's last idle (None on the title)


# ---------------------------------------------------------------- the driver


def main(part, measure=False, save_to=None, ram_sheet=True):
    """Run code.py with script ``part`` (1 or 2) driving it."""
    random.seed(1)
    _Run.script = (_part_one if part == 1 else _part_two)()
    _Run.measure = measure
    _Run.ram_sheet = ram_sheet
    vmctl.on_sleep(_idle)
    _Run.base = vmheap.live()
    try:
        import code  # noqa: F401  (firmware/code.py: prepare() and the App's loop)
    except Done:
        pass
    else:  # the App gave up (out of memory: it saved and said so)
        if save_to:
            vmctl.save_nvm(save_to)
        if _Run.on_screen is not None:
            _print_game(_Run.on_screen)
        raise MemoryError("code.py ended before the session did")
    _finish(part, save_to)


def _finish(part, save_to):
    if part == 1:
        _print_game()
    if save_to:
        vmctl.save_nvm(save_to)
    for kind in sorted(_Run.presses):
        top, total, count = _Run.presses[kind]
        print("PRESS", kind, top, total, count)
    print("DONE")


def _idle():
    """The App is idle: close a measured press, then feed the next item.
    Other sleeps (a click, the notes of a tune) are part of a press."""
    if vmctl.last_sleep() != _APP_IDLE_MS:
        return
    if _Run.since >= 0:
        _close_window()
    if _Run.app is None:
        _capture()
        return
    _Run.on_screen = _Run.app.game  # a reference: the game a player sees, not a copy
    while True:
        try:
            kind, label = next(_Run.script)
        except StopIteration:
            raise Done()
        if kind == _REPORT:
            print("STEP", label, vmheap.live() - _Run.base)
            continue
        if kind == _PRESS and _Run.measure:
            _open_window(label)
        return


def _capture():
    """Take the App from its next tick (App.tick is put back at once)."""
    app_class = sys.modules["patience.screens.app"].App
    tick = app_class.tick

    def capture(app):
        global K  # pylint: disable=global-statement
        _Run.app = app
        K = sys.modules["patience.input.buttons"]
        app_class.tick = tick
        sheet = type(app.art.bitmap).__name__
        print("SHEET", sheet)
        print("SAVES", "off" if app.keeper.memo is None else "on")  # off: too little heap
        if _Run.ram_sheet and sheet != "Bitmap":
            raise AssertionError("the card sheet did not fit in RAM: " + sheet)
        return tick(app)

    app_class.tick = capture


def _open_window(label):
    _Run.label = label
    gc.collect()
    gc.disable()
    _Run.events = keypad.Event.made
    _Run.since = gc.mem_alloc()


def _close_window():
    used = gc.mem_alloc() - _Run.since
    gc.enable()
    used -= _EVENT_SURPLUS * (keypad.Event.made - _Run.events)
    _Run.since = -1
    label = _Run.label
    if label.startswith("table") and _Run.app.player.panel.overlay is not None:
        label = "table-to-notice"  # the press brought up a notice (stuck, won, ...)
    kind = _Run.presses.get(label)
    if kind is None:
        _Run.presses[label] = [used, used, 1]
    else:
        kind[0] = max(kind[0], used)
        kind[1] += used
        kind[2] += 1


def _print_game(game=None):
    """The GAME line, in one small string: the script's own allocations
    must not be what a small heap fails on."""
    game = game or _Run.app.game
    print("GAME", game.name, game.seed, game.done, binascii.hexlify(game.state).decode())


# ---------------------------------------------------------------- script pieces


def _tap(key, label):
    vmctl.tap(key)
    yield _PRESS, label


def _report(name):
    yield _REPORT, name


def _player():
    """The Player on the table. The script looks it up at each use and never
    holds it (or its parts) across a tap: when the App lets go of its screens
    (out of memory) nothing but the firmware may keep them alive."""
    return _Run.app.player


def _overlay():
    return _Run.app.player.panel.overlay


def _goto(pile):
    """Move the cursor to ``pile``: up or down towards its row, left or right
    along it, and sideways when up or down brought it no nearer."""
    def centre(pile):
        layout, art = _player().table.layout, _player().table.art
        return layout.x[pile] + art.card_w // 2, layout.y[pile] + art.card_h // 2
    to_x, to_y = centre(pile)
    gap = None  # rows apart after the last up or down
    for _ in range(4 * _player().game.pile_count):
        if _player().cursor == pile or _overlay() is not None:
            return
        x, y = centre(_player().cursor)
        if y != to_y and (gap is None or abs(to_y - y) < gap):
            gap = abs(to_y - y)
            yield from _tap(K.DOWN if to_y > y else K.UP, "table-cursor")
        else:
            gap = None
            yield from _tap(K.RIGHT if to_x >= x else K.LEFT, "table-cursor")


def _move(src, n, dst):
    """Pick cards up from ``src`` (A takes the most, A again one fewer,
    down to ``n``) and put them down on ``dst``."""
    yield from _goto(src)
    if _player().cursor != src or _overlay() is not None:
        return
    yield from _tap(K.A, "table-pickup")
    while _player().held is not None and _player().held[1] > n:
        yield from _tap(K.A, "table-pickup")
    if _player().held is None:
        return
    yield from _goto(dst)
    yield from _tap(K.A, "table-putdown")
    if _player().held is not None:  # it could not go there: put it back
        yield from _tap(K.B, "table-putdown")


def _home():
    """Send a card home with B from the first pile that has one to send."""
    game = _player().game
    for pile in range(game.pile_count):
        if game.auto_target(pile) is not None:
            yield from _goto(pile)
            yield from _tap(K.B, "table-home")
            return


def _deal():
    """Deal from the stock, once the player has looked at the table for a
    moment: the App makes the next row's card TileGrids while the buttons
    are still (a third of a second), so that the deal allocates none."""
    game = _player().game
    if game.stock is not None and game.can_deal():
        yield from _goto(game.stock)
        yield from _pause(_LOOK_MS)
        yield from _tap(K.A, "table-deal")


def _pause(ms):
    """Let ``ms`` pass with the buttons still (the App idles through it)."""
    for _ in range(ms // _APP_IDLE_MS):
        yield _WAIT, ""


def _play(actions):
    """``actions`` turns of play: mostly moves, some deals, homes and undos."""
    for turn in range(actions):
        if _overlay() is not None:  # won or stuck: look at the table
            yield from _tap(K.B, "notices")
            return
        moves = _player().game.moves()
        if turn % 6 == 5:
            yield from _tap(K.SELECT, "table-undo")
        elif turn % 6 == 3:
            yield from _home()
        elif moves and turn % 4 != 2:
            src, n, dst = moves[turn % len(moves)]
            yield from _move(src, n, dst)
        else:
            yield from _deal()


def _menu(item, kind="menu", opened=False):
    """Open the Start menu (unless ``opened``), go down to ``item`` (its word
    key, or its place) and choose it."""
    if not opened:
        yield from _tap(K.START, "menu-open")
    wanted = item if isinstance(item, int) else [key for key, _ in _overlay().items].index(item)
    while _overlay().choice != wanted:
        yield from _tap(K.DOWN, kind)
    yield from _tap(K.A, "menu %s" % item)


def _choose_game(index):
    """On the title screen: go down to game ``index`` and play it."""
    for _ in range(8):
        if _Run.app.screen.choice == index:
            break
        yield from _tap(K.DOWN, "title")
    yield from _tap(K.A, "start game")


def _panels():
    """The menu's actions and its panels, in the game on the table."""
    yield from _menu("menu.hint")
    yield from _menu("menu.undo")
    yield from _menu("menu.redo")
    yield from _menu("menu.options")
    yield from _menu(0, opened=True)  # brightness
    yield from _tap(K.B, "menu")  # back to the Start menu
    yield from _tap(K.B, "menu")
    yield from _report("menu: hint, undo, redo, brightness")
    yield from _menu("menu.statistics")
    for key in (K.DOWN, K.DOWN, K.UP, K.A, K.B, K.B):  # the last B: back to the Start menu
        yield from _tap(key, "statistics")
    yield from _tap(K.B, "menu")
    yield from _report("statistics")
    yield from _menu("menu.number")
    for key in (K.LEFT, K.UP, K.UP, K.DOWN, K.RIGHT, K.UP):
        yield from _tap(key, "deal-entry")
    yield from _tap(K.A, "deal-entry deal")
    yield from _tap(K.A, "new deal")  # yes, count the deal on the table as lost: deals the number
    yield from _report("deal number")
    yield from _menu("menu.help")
    yield from _tap(K.A, "notices")
    yield from _report("help")


def _part_one():
    yield from _report("title")
    for key in (K.DOWN, K.DOWN, K.UP, K.UP):
        yield from _tap(key, "title")
    yield from _report("title: browse")
    names = sys.modules["patience.games"].GAMES
    for index in range(len(names)):
        if index:
            yield from _menu("menu.game")
            yield from _report("menu: game")
        yield from _choose_game(index)
        yield from _report("deal " + names[index])
        yield from _play(12)
        yield from _report("play " + names[index])
        if not index:
            yield from _panels()
    vmctl.advance(_SAVE_REST_MS)
    yield _WAIT, ""
    keeper = _Run.app.keeper
    if not keeper.in_nvm:  # the save failed (the player is told): part 2 would not resume it
        raise AssertionError("the rest did not save the game: %r" % ((keeper.notices, keeper.dirty, keeper.due, keeper.told_failures),))
    yield from _report("rest: saved")


def _part_two():
    _print_game()
    yield from _report("resume")
    yield from _play(8)
    yield from _report("play on")

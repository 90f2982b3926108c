"""A deal on the table from its first card to its last: the Player built
for a game, another deal, a restart, and a win.

Each is a moment (a game chosen, a menu item, the last card home), so this
module is loaded for it and let go of after (core.modules.rarely): the
presses in between need none of it.
"""

import random

import displayio

from .. import new_game
from ..input import buttons
from ..core.modules import rarely
from ..core.piles import TABLEAU
from .notices import Notice
from .status import StatusLine
from .text import Panel

# What the buttons do on the won notice: the player's actions, by name
_WON = {buttons.A: "new_deal", buttons.START: "open_menu", buttons.SELECT: "undo"}


def random_deal():
    """A deal number chosen at random."""
    return random.randint(1, 999999999)


def build(player, app, name, deal, game):
    """Make ``player`` (a new Player) the App's table: ``game``, else deal
    ``deal`` of ``name`` (a random one when None). Its ``arrived`` then
    shows a resumed game's end."""
    player.later = player.chosen = None
    player.app = app
    player.keeper = app.keeper
    player.words = app.words
    player.group = displayio.Group()
    player.panel = Panel(app, player.group)
    player.game = game or _deal(player, name, deal)
    player.table = rarely(__name__, "layout", "build", app.art, player.game, app.width,
                          app.height)
    player.status_line = StatusLine(app.words, player.table.status.columns)
    player.group.insert(0, player.table.group)  # under the panel
    _start(player)


def _deal(player, name, deal, into=None):
    game = new_game(name, seed=deal or _pick_deal(player, name), into=into)
    player.keeper.dealt(game)
    return game


def _pick_deal(player, name):
    """A random deal number; with "winnable deals only" on, one the
    solver won (any deal when none of this game is listed)."""
    deal = random_deal()
    if player.keeper.saved.settings.winnable_only:
        from ..solver.winnable import pick
        deal = pick(name, deal, player.app.root + "/") or deal
    return deal


def _winnable_notice(player):
    """With "winnable deals only" on, say so when this deal is on the
    list of deals the solver won."""
    game = player.game
    if not player.keeper.saved.settings.winnable_only or not game.seed:
        return ""
    from ..solver.winnable import is_winnable
    if is_winnable(game.name, game.seed, player.app.root + "/"):
        return player.words.fill("status.winnable", game.seed)
    return ""


def _start(player):
    # a game resumed: on the pile the last cards went to (the cursor itself
    # is not saved); a deal: where play usually starts
    player.cursor = player.game.last_pile()
    if player.cursor < 0:
        player.cursor = player.game.kinds.find(bytes((TABLEAU,)))
    player.held = None
    player.exact = False  # the player chose how many cards to hold
    player.hinted = None  # the hint's move (or the stock) that A plays next
    player.line = None  # a winning line found for a hint, to follow (see advice.hint)
    player.message = _winnable_notice(player)
    player.panel.close()
    player.draw()


def new_deal(player, deal=None, game=None):
    """Show ``game``, or deal another game of the same kind, on the same table."""
    player.keeper.finish(player.game)
    player.game = game or _deal(player, player.game.name, deal, into=player.game)
    player.table.set_game(player.game)
    _start(player)
    player.keeper.save_soon()


def restart(player):
    """Back to the start of this deal (counted as given up if played)."""
    game = player.game
    player.keeper.finish(game)
    while game.undo():
        pass
    other = new_game(game.name, seed=game.seed) if game.seed else game  # dealt again
    if other.state != game.state:  # its oldest steps were not kept
        game = player.game = other
        player.table.set_game(game)
    player.keeper.dealt(game, True)  # again: a won deal is not counted twice
    _start(player)
    player.after_change()
    player.keeper.save_soon()  # as for a new deal: a give-up may have been counted


def won(player, save=True):
    """The game is won (and counted: Player.after_change): saved at once
    (unless it was resumed so), a celebration, and the offer of a new deal."""
    game = player.game
    if save:
        player.keeper.save()
    player.draw()  # the score of the last card, before the celebration
    table, foundations = player.table, game.foundations

    def on_note(step):  # a frame round the next foundation, a step of the celebration
        table.show_hint(dst=foundations[step % len(foundations)])
        player.app.display.refresh()
    player.app.tune(on_note)
    table.show_hint()
    words = player.words
    Notice(player.panel, [words.get("won.title"), "", words.get("won.all"),
                          words.fill("won.deal", game.seed), "",
                          words.get("won.new"), words.get("won.menu"), words.get("won.undo")],
           _WON, player)

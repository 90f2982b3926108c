"""A deal on the table from its first card to its last: dealt or resumed,
another deal, a restart, and a win.

Each is a moment (a game chosen, a menu item, the last card home): the
App, the table's setup and the Start menu's actions import this module for
it and let it go after (lifetimes.MOMENTS["deals"]); the presses in
between need none of it.
"""

import random

from .. import new_game
from ..input import buttons
from ..core.piles import TABLEAU
from .notices import Notice

# What the buttons do on the won notice: the player's actions, by name
_WON = {buttons.A: "new_deal", buttons.START: "open_menu", buttons.SELECT: "undo"}


def random_deal():
    """A deal number chosen at random."""
    return random.randint(1, 999999999)


def resumed(keeper, name, deal):
    """The saved game of ``name``, unless a deal number is asked for: then
    the saved game counts as given up if it was played (and says so)."""
    game = keeper.resume(name)
    if deal and game is not None:
        keeper.give_up(game)
        return None
    return game


def dealt(keeper, root, name, deal, into=None):
    """Deal ``deal`` of ``name`` (a random one when None) and tell the keeper."""
    game = new_game(name, seed=deal or _pick_deal(keeper, root, name), into=into)
    keeper.dealt(game)
    return game


def _pick_deal(keeper, root, name):
    """A random deal number; with "winnable deals only" on, one the
    solver won (any deal when none of this game is listed)."""
    deal = random_deal()
    if keeper.saved.settings.winnable_only:
        from ..solver.winnable import pick
        deal = pick(name, deal, root + "/") or deal
    return deal


def winnable_notice(host, game):
    """With "winnable deals only" on, say so when this deal is on the
    list of deals the solver won."""
    if not host.keeper.saved.settings.winnable_only or not game.seed:
        return ""
    from ..solver.winnable import is_winnable
    if is_winnable(game.name, game.seed, host.root + "/"):
        return host.words.fill("status.winnable", game.seed)
    return ""


def start_pile(game):
    """Where the cursor starts: on the pile the last cards went to in a
    game resumed (the cursor itself is not saved), else where play
    usually starts."""
    pile = game.last_pile()
    return pile if pile >= 0 else game.kinds.find(bytes((TABLEAU,)))


def new_deal(player, deal=None, game=None):
    """Show ``game``, or deal another game of the same kind, on the same table."""
    keeper = player.keeper
    keeper.finish(player.game)
    game = game or dealt(keeper, player.host.root, player.game.name, deal, into=player.game)
    player.table.set_game(game)
    player.begin(game, winnable_notice(player.host, game), start_pile(game))
    keeper.save_soon()


def restart(player):
    """Back to the start of this deal (counted as given up if played)."""
    game = player.game
    player.keeper.finish(game)
    while game.undo():
        pass
    other = new_game(game.name, seed=game.seed) if game.seed else game  # dealt again
    if other.state != game.state:  # its oldest steps were not kept
        game = other
        player.table.set_game(game)
    player.keeper.dealt(game, True)  # again: a won deal is not counted twice
    player.begin(game, winnable_notice(player.host, game), start_pile(game))
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
        player.host.refresh()
    player.host.tune(on_note)
    table.show_hint()
    words = player.words
    Notice(player.panel, [words.get("won.title"), "", words.get("won.all"),
                          words.fill("won.deal", game.seed), "",
                          words.get("won.new"), words.get("won.menu"), words.get("won.undo")],
           _WON, player)

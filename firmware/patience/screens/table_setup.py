"""The table set up for a game chosen (or resumed at the start): the
Player (play.py) on the App's screen, with the game resumed or dealt.

Only that moment needs this: the App imports it and lets it go after
(lifetimes.MOMENTS["table_open"]).
"""

import gc

from ..lifetimes import let_go


def open_table(host, name, deal):
    """A Player on ``host``'s screen for game ``name``: deal ``deal``, else
    its saved game, else a random deal. Its ``arrived`` then shows a
    resumed game's end."""
    # the table's code compiled before the save is read, a collection after
    # each module: what it leaves lies low, less broken up
    from . import status  # noqa: F401
    gc.collect()
    from . import table  # noqa: F401
    gc.collect()
    from .play import Player
    gc.collect()
    from . import deals
    keeper = host.keeper
    game = deals.resumed(keeper, name, deal) or deals.dealt(keeper, host.root, name, deal)
    notice, cursor = deals.winnable_notice(host, game), deals.start_pile(game)
    deals = None
    let_go("deals")  # before the table is laid out: its room
    gc.collect()
    return Player(host, game, notice, cursor)

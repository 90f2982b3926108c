"""What the Start menu's items and the notices' answers do, beyond the
presses the table needs at every turn (those are the Player's own methods).

Each is a function of the player, run by ``Player.do`` for the moment of
its press: this module is loaded for it and let go of after (lifetimes).
"""

import gc

from ..input import buttons
from ..lifetimes import let_go
from .menu import Menu
from .notices import Notice, Question, texts


def ask_restart(player):
    ask_first(player, lambda: restart(player))


def restart(player):
    gc.collect()
    from . import deals
    deals.restart(player)
    let_go("deals")


def ask_new_deal(player):
    ask_first(player, lambda: new_deal(player))


def new_deal(player, number=None):
    """Another deal of this game: deal ``number``, else a random one."""
    gc.collect()
    from . import deals
    deals.new_deal(player, number)
    let_go("deals")


def ask_first(player, action):
    """``action`` at once, or after asking when it would count this deal as lost."""
    if not player.keeper.counts_as_lost(player.game):
        action()
        return
    confirm(player.panel, "ask.lost", action)


def confirm(panel, question, action):
    """Ask ``question`` (a word key); A runs ``action``, B keeps things as they are."""
    Question(panel, texts(panel, (question, "", "ask.yes", "ask.no")),
             {buttons.A: action, buttons.B: None})


def finish(player):
    """Yes to the rest played home: card by card, each sliding to its place
    (played here, not in deals.py: the win's notice comes at the end of
    this call, and a board's pystack is small)."""
    from ..core.hints import home_move
    game = player.game
    player.keeper.decline(game)  # no second offer on the way
    move = home_move(game)
    while move is not None and not game.is_won():
        player.draw()
        player.host.refresh()
        player.move(move[0], 1, move[1])
        move = home_move(game)


def enter_deal(player):
    """A deal number typed digit by digit, dealt (asking first when it
    would count this deal as lost)."""
    from .digits import DealEntry

    def deal(number):
        ask_first(player, lambda: new_deal(player, number))
    DealEntry(player.panel, player.game.seed, deal, player.reopen)


def peek(player):
    """Every card of the pile under the cursor, bottom first, by name;
    face-down cards as such, in a panel."""
    from ..core.cards import FACE_UP, rank, suit
    from .refusals import card_text
    panel, words = player.panel, player.words
    names = [card_text(words, rank(card), suit(card)) if card & FACE_UP else "--"
             for card in player.game.cards(player.cursor)]
    count = len(names)
    key = "peek.title" if count > 1 else "peek.one_card" if count else "peek.no_cards"
    rows = [" ".join(names[at:at + 8]) for at in range(0, count, 8)]
    lines = [words.fill(key, count)] + ([""] + rows if rows else [])
    Notice(panel, lines + ["", words.get("peek.any_button")], {})


def leave(player):
    """To the title screen, this game's name chosen."""
    player.host.title(player.game.name)


def statistics(player):
    from .statistics import Statistics
    Statistics(player.panel, player.keeper, player.game.name, player.reopen)


def options(player):
    from .options import Options
    items = Options(player.host).items()[:-1] + (("menu.back", player.reopen),)
    Menu(player.panel, items, player.keeper.save, "menu.options", back=player.reopen)

"""A winning line in a player's words, one numbered step a line.

    1. 2♦ from reserve 4 to foundation 1
    3. 7♠ 6♥ 5♣ from tableau 2 to tableau 5
    4. deal from the stock: 9♣
    5. turn the waste back into the stock
    6. deal a row                                    (Agnes)

``steps(name, line, deal=N | deck=bytes)`` replays the engine actions of
``line`` on a fresh game and says each; ``pile_names(rules)`` is what each
pile of a game is called; ``card_text(card)`` a card's name.
"""

# Piles are called what the game's Help calls them (its map's legend,
# rules.<game>.2 in words/rules.en.txt), so that a step names a pile the
# player has seen named: Eagle Wing's tableau piles are its wings and its
# reserve is the trunk. Piles of one kind are numbered from 1 in the order
# a player reads the screen (the rules module's LAYOUT: the top row first,
# each row left to right); a kind with one pile is "the" pile, unnumbered.
# Cards are named as the cards show them (A 2 .. 10 J Q K and the suit's
# symbol), or, ``plain``, with the suit's letter (c d h s), for an
# output that has no suit symbols.

import patience
from patience.core.cards import rank, suit
from patience.core.piles import KIND_NAMES, RESERVE, TABLEAU
from patience.solver.search import DEAL

RANK_TEXTS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUIT_SYMBOLS = "\u2663\u2666\u2665\u2660"  # clubs, diamonds, hearts, spades: ♣♦♥♠
SUIT_LETTERS = "cdhs"

# What a game's Help calls a kind of pile where it differs from the kind's name.
HELP_NAMES = {
    "eagle-wing": {TABLEAU: "wing", RESERVE: "trunk"},
}


def card_text(card, plain=False):
    """``10♦`` (``10d`` when ``plain``) for a card byte; face ignored."""
    suits = SUIT_LETTERS if plain else SUIT_SYMBOLS
    return RANK_TEXTS[rank(card) - 1] + suits[suit(card)]


def kind_name(name, kind):
    """What game ``name``'s Help calls a pile of ``kind``: ``wing``."""
    return HELP_NAMES.get(name, {}).get(kind, KIND_NAMES[kind])


def pile_names(rules):
    """Each pile's name, by pile number: ``foundation 1``, ``the trunk``."""
    kinds, layout = rules.KINDS, rules.LAYOUT
    reading_order = sorted(range(len(kinds)),
                           key=lambda pile: (layout[3 * pile + 1], layout[3 * pile]))
    names = [""] * len(kinds)
    for kind in set(kinds):
        piles = [pile for pile in reading_order if kinds[pile] == kind]
        called = kind_name(rules.NAME, kind)
        for number, pile in enumerate(piles, 1):
            names[pile] = "the " + called if len(piles) == 1 else "%s %d" % (called, number)
    return names


def steps(name, line, deal=None, deck=None, plain=False):
    """The steps of ``line`` (engine actions) played from the deal: ``1. ...``;
    ValueError if the engine refuses one."""
    game = patience.new_game(name, seed=deal, deck=deck)
    names = pile_names(game.rules)
    said = []
    for number, action in enumerate(line, 1):
        said.append("%d. %s" % (number, _play_said(game, action, names, plain)))
    return said


def _play_said(game, action, names, plain):
    """Play ``action`` on ``game``; what a player does for it."""
    if action == DEAL:
        return _press_said(game, plain)
    src, n, dst = action
    cards = game.cards(src)[-n:]  # as they lie: the deepest first
    if not game.move(src, n, dst):
        raise ValueError("the engine refuses drag %d %d %d" % action)
    return "%s from %s to %s" % (" ".join(card_text(c, plain) for c in cards),
                                 names[src], names[dst])


def _press_said(game, plain):
    """Press the stock; what the press does, as the Help says it."""
    redeal = game.size(game.stock) == 0
    if not game.deal():
        raise ValueError("the engine refuses a press on the stock")
    if game.rules.DEAL_ROW:
        return "deal a row"
    if redeal:
        return "turn the waste back into the stock"
    return "deal from the stock: " + card_text(game.card(game.waste), plain)

"""Test helpers: hand-built decks and positions for rule tests."""

from pathlib import Path

import patience
from patience.core.engine import Game
from patience.core.cards import FACE_UP
from patience.core.names import parse_card, card_name

FIRMWARE = Path(__file__).resolve().parents[1] / "firmware"
# Device code for a VM: game {name} part-way through, and a legal move (src, n, dst).
GAME_PART_WAY = """
import patience
g = patience.new_game({name!r}, seed=3)
for _ in range(30):
    m = g.moves()
    if m:
        g.move(*m[len(m) // 2])
    elif not g.deal():
        break
while not g.moves():
    g.undo()
src, n, dst = g.moves()[0]
"""
ALL_CARDS = [((i // 13) << 4) | (i % 13 + 1) for i in range(52)]


def deal_map(name):
    """For each (pile, index from bottom) of a fresh deal, the deck index."""
    game = patience.new_game(name, deck=bytes(ALL_CARDS))
    where = {}
    for pile in range(game.pile_count):
        for at, card in enumerate(game.cards(pile)):
            where[(pile, at)] = ALL_CARDS.index(card & 0x3F)
    return where


def hand_deck(name, piles):
    """A deck that deals the given cards: {pile: "Ac 2d" bottom first}.

    Cards not named fill the remaining places in a fixed order.
    """
    where = deal_map(name)
    deck = [None] * 52
    for pile, text in piles.items():
        for at, word in enumerate(text.split()):
            deck[where[(pile, at)]] = parse_card(word.rstrip("*"))
    spare = [c for c in ALL_CARDS if c not in deck]
    return bytes(c if c is not None else spare.pop(0) for c in deck)


def dealt(name, **piles):
    """A new game of ``name`` from a hand-built deck; keys are p<pile>."""
    return patience.new_game(name, deck=hand_deck(name, {int(k[1:]): v for k, v in piles.items()}))


def position(name, piles, base=0, spare_pile=0, redeals_used=0):
    """A game whose piles are exactly as given (mid-game positions).

    ``piles`` maps pile -> "Ac 2d*" (bottom first, ``*`` face down); all
    other cards go face down onto ``spare_pile``, under the named ones. The
    score is the number of cards on foundations, as the engine keeps it.
    """
    game = Game(patience.games.rules_for(name), 0)
    named = {}
    for pile, text in piles.items():
        named[pile] = [parse_card(w.rstrip("*")) | (0 if w.endswith("*") else FACE_UP)
                       for w in text.split()]
    named_cards = [c & 0x3F for cards in named.values() for c in cards]
    used = set(named_cards)
    assert len(used) == len(named_cards), "a card is named twice"
    named[spare_pile] = [c for c in ALL_CARDS if c not in used] + named.get(spare_pile, [])
    for pile, cards in named.items():
        for card in cards:
            game.put(pile, card)
    game.fix_base(base)
    game.use_redeals(redeals_used)
    return game


def names(game, pile):
    """The pile as text, bottom first, ``*`` marking face-down cards."""
    return " ".join(card_name(c) + ("" if c & FACE_UP else "*") for c in game.cards(pile))


def deck_names(deck):
    return " ".join(card_name(c) for c in deck)

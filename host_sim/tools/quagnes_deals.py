"""Agnes deals in quagnes' form, and quagnes run on them (host only).

quagnes (PyPI, GPL-3) solves Agnes with the rules ``move_to_empty_pile=
'none'``, ``move_same_suit=False``, face-down tableau cards: our strict
mode. Its deck file is 52 lines ``(rank, suit)``, rank 0-12 (we map A..K to
0..12; it only looks at ranks relative to the base card) and suit 0-3, where
suits of equal parity share a colour (0 clubs, 1 diamonds, 2 spades, 3
hearts). Its ``Agnes.play`` (read in its source, version 1.1.0) deals the
file's first card to the foundation as the base card, then the next 28 in
rounds (round i onto piles i..6, the last card of each pile face up), and
keeps the other 23 as the stock, dealt in file order. Ours deals deck[0..27]
in the same rounds, then deck[28] as the base, then the stock deck[29..51]
in order; so the two orders differ only in where the base card sits.
"""

import os
import tempfile
import time

import patience

_TO_QUAGNES_SUIT = (0, 1, 3, 2)  # ours: clubs, diamonds, hearts, spades
_BASE_AT = 28                    # where our deal takes the base card from
_ROW = range(5, 12)


def agnes_deck(game):
    """The 52 card bytes a fresh Agnes game was dealt from, deck[0] first
    (read through the public API: tableau rounds, base card, stock)."""
    deck = []
    for first in _ROW:
        for pile in range(first, 12):
            deck.append(game.cards(pile)[first - 5])
    deck.append(game.cards(1)[0])
    deck.extend(reversed(game.cards(0)))
    return bytes(card & 0x3F for card in deck)


def to_quagnes(deck):
    """Our deck order -> quagnes' list of ``(rank 0-12, suit)``."""
    order = [deck[_BASE_AT]] + list(deck[:_BASE_AT]) + list(deck[_BASE_AT + 1:])
    return [((card & 15) - 1, _TO_QUAGNES_SUIT[(card >> 4) & 3]) for card in order]


def from_quagnes(cards):
    """quagnes' list of ``(rank, suit)`` -> our deck bytes."""
    ours = bytes(_TO_QUAGNES_SUIT.index(suit) << 4 | (rank + 1) for rank, suit in cards)
    return ours[1:_BASE_AT + 1] + ours[:1] + ours[_BASE_AT + 1:]


def deck_file_text(cards):
    """quagnes' deck file for a list of ``(rank, suit)``."""
    return "".join("(%d, %d)\n" % card for card in cards)


def run_quagnes(deck, max_states=0):
    """quagnes on our deck: ``(verdict, states checked, seconds)``; the
    verdict is won, lost or unknown (``max_states`` reached)."""
    import quagnes
    handle, path = tempfile.mkstemp(suffix=".txt", text=True)
    try:
        with os.fdopen(handle, "w") as out:
            out.write(deck_file_text(to_quagnes(deck)))
        started = time.process_time()
        game = quagnes.Agnes(deck_filename=path, move_to_empty_pile="none",
                             move_same_suit=False, face_up=False, max_states=max_states)
        code = game.play()
        spent = time.process_time() - started
    finally:
        os.unlink(path)
    return {1: "won", 2: "lost", 3: "unknown"}[code], game.n_states_checked, spent


def deck_of_deal(deal):
    """Our deck for Agnes deal number ``deal``."""
    return agnes_deck(patience.new_game("agnes", seed=deal))

"""Cards by name: two characters, rank from ``A23456789TJQK`` then suit
from ``cdhs`` (``Ac``, ``Td``, ``Kh``, ``9s``).

For text: dumps, messages, the status line (rank letters), tests and host tools.
"""

from .cards import make, rank, suit

RANKS = "A23456789TJQK"
SUITS = "cdhs"


def card_name(card):
    """Two-letter name of a card byte, e.g. ``Td``; face ignored."""
    return RANKS[rank(card) - 1] + SUITS[suit(card)]


def parse_card(text):
    """The face-down card byte named by two letters, e.g. ``Kh``.

    Raises ValueError naming the text when it is not a card.
    """
    if len(text) == 2:
        rank_at = RANKS.find(text[0].upper())
        suit_at = SUITS.find(text[1].lower())
        if rank_at >= 0 and suit_at >= 0:
            return make(rank_at + 1, suit_at)
    raise ValueError("not a card: %r (expected rank A23456789TJQK then suit cdhs, e.g. Td)" % text)


def parse_deck(text):
    """A bytearray of the cards named in a space-separated string."""
    return bytearray(parse_card(word) for word in text.split())

"""Cards as single bytes: what a card byte means.

Bits 0-3 hold the rank (A=1 .. K=13), bits 4-5 the suit (0 clubs,
1 diamonds, 2 hearts, 3 spades), bit 7 is set when the card is face up.
Their two-letter names are in ``names``.
"""

from micropython import const

FACE_UP = const(0x80)


def rank(card):
    """Rank of a card byte, 1 (ace) to 13 (king)."""
    return card & 0x0F


def suit(card):
    """Suit of a card byte: 0 clubs, 1 diamonds, 2 hearts, 3 spades."""
    return (card >> 4) & 0x03


def is_red(card):
    """True for diamonds and hearts."""
    return 0 < suit(card) < 3


def make(rank_, suit_):
    """The face-down card byte of a rank (1-13) and a suit (0-3)."""
    return (suit_ << 4) | rank_


def next_rank(rank_):
    """The rank one above, king wrapping to ace."""
    return 1 if rank_ == 13 else rank_ + 1


def is_valid(card):
    """True when the byte (face bit ignored) is one of the 52 cards."""
    return not card & 0x40 and 1 <= (card & 0x0F) <= 13

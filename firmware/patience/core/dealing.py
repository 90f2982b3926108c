"""Dealing a new game: deal numbers to decks, deck checks, cards put in place.

Only a deal needs this module, so ``patience.new_game`` imports it for the
deal and lets it go afterwards (it is a few kilobytes of RAM on a board).

Deal numbers become decks through two multiply-with-carry generators with
base 2**15 whose state never reaches 2**30, so every integer stays a small
int on a 32-bit CircuitPython board and the same deal number gives the same
deck there and on CPython; then a Fisher-Yates shuffle.
"""

from micropython import const

from .cards import FACE_UP, is_valid, rank
from .engine import Game

FIRST_DEAL = const(1)
LAST_DEAL = const(999999999)
_MULT_A = const(32760)  # a * 2**15 - 1 and its half are both prime
_MULT_B = const(32730)
_LOW15 = const(0x7FFF)
_TOP30 = const(0x3FFFFFFF)  # 2**30 - 1, the largest small int


class Generator:
    """A deterministic 30-bit random source seeded by a deal number."""

    def __init__(self, seed):
        self.a = (seed >> 15) + 1
        self.b = (seed & _LOW15) + 1
        for _ in range(8):
            self.next()

    def next(self):
        """The next value, 0 <= value < 2**30."""
        self.a = _MULT_A * (self.a & _LOW15) + (self.a >> 15)
        self.b = _MULT_B * (self.b & _LOW15) + (self.b >> 15)
        return ((self.a & _LOW15) << 15) ^ (self.b & _LOW15)

    def below(self, bound):
        """An unbiased value 0 <= value < bound (bound >= 1)."""
        limit = (_TOP30 // bound) * bound
        value = self.next()
        while value >= limit:
            value = self.next()
        return value % bound


def check_deal_number(number):
    """Raise ValueError unless ``number`` is a deal number we can deal."""
    if not isinstance(number, int) or not FIRST_DEAL <= number <= LAST_DEAL:
        raise ValueError("deal number must be a whole number from %d to %d, not %r"
                         % (FIRST_DEAL, LAST_DEAL, number))


def shuffled_deck(number):
    """The 52 card bytes of deal ``number``, deck[0] dealt first."""
    check_deal_number(number)
    deck = bytearray(52)
    for index in range(52):
        deck[index] = ((index // 13) << 4) | (index % 13 + 1)
    rng = Generator(number)
    for top in range(51, 0, -1):
        other = rng.below(top + 1)
        deck[top], deck[other] = deck[other], deck[top]
    return deck


def checked_deck(deck):
    """The deck as 52 face-down card bytes, or ValueError saying what is wrong."""
    cards = bytearray(deck)
    if len(cards) != 52:
        raise ValueError("a deck needs 52 cards, this one has %d" % len(cards))
    seen = bytearray(64)
    for i in range(52):
        if not is_valid(cards[i]):
            raise ValueError("deck[%d] = %d is not a card byte" % (i, cards[i]))
        cards[i] &= 0x3F
        if seen[cards[i]]:
            from .names import card_name
            raise ValueError("deck has %s twice" % card_name(cards[i]))
        seen[cards[i]] = 1
    return cards


class Dealer:
    """What a game's ``deal(dealer, deck)`` uses to put the cards in place."""

    def __init__(self, game):
        self.game = game
        self.put = game.put
        self.turn_up = game.turn_up

    def base(self, foundation, card):
        """Deal the base card face up onto a foundation: it fixes the base
        rank and scores one point."""
        self.game.put(foundation, card | FACE_UP)
        self.game.fix_base(rank(card))

    def stock(self, deck, first):
        """The cards deck[first:] form the stock, face down, deck[first] on top."""
        for i in range(51, first - 1, -1):
            self.game.put(self.game.stock, deck[i])


def deal(rules, seed=None, deck=None, into=None):
    """A freshly dealt Game: deal number ``seed``, or the 52 bytes ``deck``;
    with ``into`` (a Game of these rules) that game is emptied and dealt,
    so that a new deal needs no second history buffer."""
    if (seed is None) == (deck is None):
        raise ValueError("give exactly one of seed=deal number or deck=52 cards")
    if deck is None:
        deck = shuffled_deck(seed)
    else:
        deck = checked_deck(deck)
        seed = 0
    if into is None:
        game = Game(rules, seed)
    else:
        game = into
        game.clear(seed)
    rules.deal(Dealer(game), deck)
    return game

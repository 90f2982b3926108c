"""Deal numbers to decks: a small PRNG and a Fisher-Yates shuffle.

The generator is two multiply-with-carry generators with base 2**15 whose
state never reaches 2**30, so every integer stays a small int on a 32-bit
CircuitPython board and the same deal number gives the same deck there and
on CPython.
"""

from micropython import const

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

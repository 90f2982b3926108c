"""An independent reference implementation of the four games.

Written from the games' rules specification alone (docs/rules.md of the
project brief, which settles what the help pages leave open, plus the
clarifications taken from Aisleriot's source that are quoted in the
docstrings below), so that the engine in ``firmware/patience`` can be
compared with it on many random deals. It does not import the engine; a
game it does not know raises ValueError, so a newly registered game fails
the agreement tests until it has an oracle too.

A card is a tuple ``(rank, suit, face_up)``: rank 1 (A) .. 13 (K), suit
0 clubs, 1 diamonds, 2 hearts, 3 spades. A pile is a Python list, bottom
card first, so ``pile[-1]`` is the top card. Pile numbers are the same as
the engine's.

Usage::

    o = Oracle("agnes", deck)        # deck: 52 card bytes, deck[0] dealt first
    o.legal_moves()                  # {(src, n, dst), ...}
    o.play(5, 1, 2)                  # True if legal (and then played)
    o.press_stock()                  # True if the stock could be pressed
"""

RED_SUITS = (1, 2)  # diamonds, hearts


def card_from_byte(byte):
    """The (rank, suit, face_up=False) card of an engine card byte."""
    rank = byte & 0x0F
    suit = (byte >> 4) & 0x03
    if not 1 <= rank <= 13:
        raise ValueError("card byte %#x has no rank 1..13" % byte)
    return (rank, suit, False)


def card_to_byte(card):
    """The engine card byte of a (rank, suit, face_up) card."""
    rank, suit, face_up = card
    return rank | (suit << 4) | (0x80 if face_up else 0)


def face_up(card):
    """The same card, face up."""
    return (card[0], card[1], True)


def face_down(card):
    """The same card, face down."""
    return (card[0], card[1], False)


def is_red(card):
    """True for diamonds and hearts."""
    return card[1] in RED_SUITS


def one_higher(rank):
    """The rank one above ``rank``, A after K (the wrap)."""
    return 1 if rank == 13 else rank + 1


def one_lower(rank):
    """The rank one below ``rank``, K below A (the wrap)."""
    return 13 if rank == 1 else rank - 1


class Oracle:
    """A game position and its rules; ``Oracle(name, deck)`` deals a game.

    ``Oracle("eagle-wing", deck)`` returns an ``EagleWing`` instance, and so
    on: the subclasses hold each game's rules, this class the common parts
    (piles, score, base, redeals left, stock handling).

    Attributes: ``piles`` (list of lists of cards), ``score``, ``base`` (a
    rank, 0 while unset), ``redeals_left``.
    """

    name = None
    pile_count = 0
    foundations = ()

    def __new__(cls, name=None, deck=None):
        if cls is Oracle:
            try:
                cls = _GAMES[name]
            except KeyError:
                raise ValueError("unknown game %r" % (name,)) from None
        return super().__new__(cls)

    def __init__(self, name, deck):
        if name != self.name:
            raise ValueError("this oracle plays %s, not %s" % (self.name, name))
        cards = [card_from_byte(b) for b in bytes(deck)]
        if len(cards) != 52 or len(set(cards)) != 52:
            raise ValueError("a deck is 52 different cards")
        self.piles = [[] for _ in range(self.pile_count)]
        self.score = 0
        self.base = 0
        self.redeals_left = 0
        self.deal(cards)

    # -- things every game shares ---------------------------------------

    def deal(self, deck):
        """Lay out the cards of ``deck`` (a list of 52 face-down cards)."""
        raise NotImplementedError

    def fill_stock(self, rest):
        """Put ``rest`` (deck order) face down on the stock, rest[0] on top."""
        self.piles[0] = [face_down(c) for c in reversed(rest)]

    def legal_moves(self):
        """The set of all legal moves (src, n, dst): every group that can be
        picked up, to every other pile that accepts it."""
        moves = set()
        for src, n in self.pickups():
            for dst in range(self.pile_count):
                if dst != src and self.accepts(src, n, dst):
                    moves.add((src, n, dst))
        return moves

    def pickups(self):
        """Every (src, n) whose top n cards can be picked up."""
        raise NotImplementedError

    def accepts(self, src, n, dst):
        """Whether pile ``dst`` takes the top ``n`` cards of pile ``src``
        (which are known to be a group that can be picked up)."""
        raise NotImplementedError

    def is_legal(self, src, n, dst):
        """True if moving the top ``n`` cards of ``src`` to ``dst`` is legal."""
        if not (0 <= src < self.pile_count and 0 <= dst < self.pile_count):
            return False
        return (src != dst and (src, n) in self.pickups()
                and self.accepts(src, n, dst))

    def play(self, src, n, dst):
        """Make the move if it is legal; return whether it was made."""
        if not self.is_legal(src, n, dst):
            return False
        self.apply_move(src, n, dst)
        return True

    def apply_move(self, src, n, dst):
        """Make a move already known to be legal (the game's own effects)."""
        raise NotImplementedError

    def can_press_stock(self):
        """True if pressing the stock would do something."""
        return False

    def press_stock(self):
        """Press the stock; return whether anything happened."""
        return False

    def won(self):
        """True once the game is won."""
        return self.score == 52

    def copy(self):
        """An independent copy of this position."""
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.piles = [list(p) for p in self.piles]
        return other

    def key(self):
        """A hashable summary of the position (for searches)."""
        return (tuple(tuple(p) for p in self.piles), self.redeals_left, self.base)

    def as_cards(self, i):
        """Pile ``i`` in the engine's encoding: bytes, bottom card first."""
        return bytes(card_to_byte(c) for c in self.piles[i])

    def foundation_accepts(self, pile, card):
        """The usual foundation rule: empty takes rank BASE; otherwise the
        foundation's suit, one higher than its top (A on K allowed)."""
        cards = self.piles[pile]
        if not cards:
            return card[0] == self.base
        top = cards[-1]
        return card[1] == top[1] and card[0] == one_higher(top[0])

    def turn_one_to_waste(self):
        """Eagle Wing / Glenwood stock: top card to the waste (pile 1), or,
        with the stock empty, the waste back to the stock (uses a redeal)
        so that the cards come out again in the same order."""
        stock, waste = self.piles[0], self.piles[1]
        if stock:
            waste.append(face_up(stock.pop()))
            return True
        if waste and self.redeals_left > 0:
            self.piles[0] = [face_down(c) for c in reversed(waste)]
            self.piles[1] = []
            self.redeals_left -= 1
            return True
        return False

    def can_turn_one_to_waste(self):
        """Whether ``turn_one_to_waste`` would do something."""
        return bool(self.piles[0]) or (bool(self.piles[1]) and self.redeals_left > 0)


# ---------------------------------------------------------------------------
# Eagle Wing
# ---------------------------------------------------------------------------

class EagleWing(Oracle):
    """Eagle Wing.

    Piles: 0 stock, 1 waste, 2-5 foundations, 6-9 tableau, 10 reserve (the
    trunk), 11-14 tableau.
    """

    name = "eagle-wing"
    pile_count = 15
    STOCK, WASTE, RESERVE = 0, 1, 10
    foundations = (2, 3, 4, 5)
    tableau = (6, 7, 8, 9, 11, 12, 13, 14)

    def deal(self, deck):
        """deck[0] face up then deck[1..12] face down to the reserve;
        deck[13..20] to the tableau; deck[21] to foundation 2 (the base);
        the rest is the stock. Score 1, two redeals."""
        self.piles[self.RESERVE] = [face_up(deck[0])] + [face_down(c) for c in deck[1:13]]
        for pile, card in zip(self.tableau, deck[13:21]):
            self.piles[pile] = [face_up(card)]
        self.piles[2] = [face_up(deck[21])]
        self.base = deck[21][0]
        self.fill_stock(deck[22:])
        self.score = 1
        self.redeals_left = 2

    def pickups(self):
        """Every (src, n) that can be picked up: the waste's top card, any
        face-up group of a tableau pile, the reserve's top when face up."""
        result = []
        if self.piles[self.WASTE]:
            result.append((self.WASTE, 1))
        reserve = self.piles[self.RESERVE]
        if reserve and reserve[-1][2]:
            result.append((self.RESERVE, 1))
        for pile in self.tableau:
            cards = self.piles[pile]
            n = 0
            while n < len(cards) and cards[-1 - n][2]:
                n += 1
                result.append((pile, n))
        return result

    def accepts(self, src, n, dst):
        """Whether ``dst`` takes the top ``n`` cards of ``src``."""
        group = self.piles[src][-n:]
        if dst in self.foundations:
            # Only the group's top card is checked; the group lands reversed.
            return self.foundation_accepts(dst, group[-1])
        if dst in self.tableau:
            if n != 1:
                return False
            cards = self.piles[dst]
            if not cards:
                return True
            top, card = cards[-1], group[0]
            return (len(cards) < 3 and card[1] == top[1]
                    and card[0] == one_lower(top[0]))
        return False

    def apply_move(self, src, n, dst):
        group = self.piles[src][-n:]
        del self.piles[src][-n:]
        if dst in self.foundations:
            self.piles[dst].extend(reversed(group))
            self.score += n
        else:
            self.piles[dst].extend(group)
        # The source tableau pile, if emptied, takes the reserve's top card.
        if src in self.tableau and not self.piles[src] and self.piles[self.RESERVE]:
            self.piles[src].append(face_up(self.piles[self.RESERVE].pop()))

    def can_press_stock(self):
        return self.can_turn_one_to_waste()

    def press_stock(self):
        return self.turn_one_to_waste()

    def won(self):
        """Stock, waste, reserve and all tableau piles empty."""
        return not any(self.piles[p] for p in (self.STOCK, self.WASTE, self.RESERVE) + self.tableau)


# ---------------------------------------------------------------------------
# Agnes
# ---------------------------------------------------------------------------

class Agnes(Oracle):
    """Agnes.

    Piles: 0 stock, 1-4 foundations, 5-11 tableau. Foundation cards stay
    in play.
    """

    name = "agnes"
    pile_count = 12
    STOCK = 0
    foundations = (1, 2, 3, 4)
    tableau = (5, 6, 7, 8, 9, 10, 11)

    def deal(self, deck):
        """28 cards in rounds onto piles 5..11, 6..11, ... 11, face down,
        tops turned up; deck[28] to foundation 1 (the base); 23 stock cards."""
        at = 0
        for first in range(7):
            for pile in self.tableau[first:]:
                self.piles[pile].append(face_down(deck[at]))
                at += 1
        for pile in self.tableau:
            self.piles[pile][-1] = face_up(self.piles[pile][-1])
        self.piles[1] = [face_up(deck[28])]
        self.base = deck[28][0]
        self.score = 1
        self.fill_stock(deck[29:])

    def group_ok(self, cards, n):
        """Whether the top ``n`` of ``cards`` form a group that can be picked
        up: deepest card face up; for each consecutive pair, the upper card
        the lower's colour and one rank lower (K on A unless BASE is A), and
        the lower card not of rank BASE. A single face-up card always is."""
        group = cards[-n:]
        if not group[0][2]:
            return False
        for lower, upper in zip(group, group[1:]):
            if is_red(lower) != is_red(upper):
                return False
            if lower[0] == self.base:
                return False
            if upper[0] != lower[0] - 1 and not (
                    upper[0] == 13 and lower[0] == 1 and self.base != 1):
                return False
        return True

    def pickups(self):
        """Every (src, n) that can be picked up."""
        result = []
        for pile in self.foundations:
            if self.piles[pile]:
                result.append((pile, 1))
        for pile in self.tableau:
            cards = self.piles[pile]
            for n in range(1, len(cards) + 1):
                if self.group_ok(cards, n):
                    result.append((pile, n))
        return result

    def accepts(self, src, n, dst):
        """Whether ``dst`` takes the top ``n`` cards of ``src``."""
        group = self.piles[src][-n:]
        cards = self.piles[dst]
        if dst in self.foundations:
            return n == 1 and self.foundation_accepts(dst, group[0])
        if dst in self.tableau:
            if not cards:
                return False
            top, deepest = cards[-1], group[0]
            return is_red(top) == is_red(deepest) and deepest[0] == one_lower(top[0])
        return False

    def apply_move(self, src, n, dst):
        group = self.piles[src][-n:]
        del self.piles[src][-n:]
        self.piles[dst].extend(group)
        if dst in self.foundations:
            self.score += n
        if src in self.foundations:
            self.score -= n
        if self.piles[src]:
            self.piles[src][-1] = face_up(self.piles[src][-1])

    def can_press_stock(self):
        return bool(self.piles[self.STOCK])

    def press_stock(self):
        """One card face up on each tableau pile, 5 to 11, while it lasts."""
        stock = self.piles[self.STOCK]
        if not stock:
            return False
        for pile in self.tableau:
            if not stock:
                break
            self.piles[pile].append(face_up(stock.pop()))
        return True

    def won(self):
        """All four foundations hold 13 cards."""
        return all(len(self.piles[p]) == 13 for p in self.foundations)


# ---------------------------------------------------------------------------
# Glenwood
# ---------------------------------------------------------------------------

class Glenwood(Oracle):
    """Glenwood.

    Piles: 0 stock, 1 waste, 2-5 foundations, 6 reserve, 7-10 tableau,
    11-13 reserves. Pile 2's first card (the player's choice) fixes BASE.
    """

    name = "glenwood"
    pile_count = 14
    STOCK, WASTE = 0, 1
    foundations = (2, 3, 4, 5)
    reserves = (6, 11, 12, 13)
    tableau = (7, 8, 9, 10)

    def deal(self, deck):
        """deck[0..11] face up in rounds to reserves 6, 11, 12, 13; deck[12..15]
        to tableau 7-10; 36 stock cards. No base, score 0, one redeal."""
        for at in range(12):
            self.piles[self.reserves[at % 4]].append(face_up(deck[at]))
        for pile, card in zip(self.tableau, deck[12:16]):
            self.piles[pile] = [face_up(card)]
        self.fill_stock(deck[16:])
        self.redeals_left = 1

    def base_chosen(self):
        """True once pile 2 has a card."""
        return bool(self.piles[2])

    def pickups(self):
        """Every (src, n) that can be picked up (see docs/rules.md)."""
        result = [(p, 1) for p in self.reserves if self.piles[p]]
        if self.base_chosen():
            if self.piles[self.WASTE]:
                result.append((self.WASTE, 1))
            for pile in self.tableau:
                size = len(self.piles[pile])
                if size:
                    result.append((pile, 1))
                    if size > 1:
                        result.append((pile, size))
        return result

    def accepts(self, src, n, dst):
        """Whether ``dst`` takes the top ``n`` cards of ``src``."""
        group = self.piles[src][-n:]
        whole_tableau_pile = src in self.tableau and n == len(self.piles[src])
        if dst in self.foundations:
            if n != 1:
                return False
            if not self.base_chosen():
                return dst == 2          # pile 2 while empty: any single card
            return self.foundation_accepts(dst, group[0])
        if dst in self.tableau:
            if src in self.tableau and not whole_tableau_pile:
                return False             # a tableau top with cards under it
            cards = self.piles[dst]
            if not cards:
                if src == self.WASTE:
                    return not any(self.piles[p] for p in self.reserves)
                return True
            top, deepest = cards[-1], group[0]
            return is_red(top) != is_red(deepest) and deepest[0] == one_lower(top[0])
        return False

    def apply_move(self, src, n, dst):
        group = self.piles[src][-n:]
        del self.piles[src][-n:]
        if dst == 2 and not self.piles[2]:
            self.base = group[0][0]
        self.piles[dst].extend(group)
        if dst in self.foundations:
            self.score += n

    def can_press_stock(self):
        return self.base_chosen() and self.can_turn_one_to_waste()

    def press_stock(self):
        if not self.base_chosen():
            return False
        return self.turn_one_to_waste()

    def won(self):
        """All four foundations hold 13 cards."""
        return all(len(self.piles[p]) == 13 for p in self.foundations)


# ---------------------------------------------------------------------------
# Chessboard
# ---------------------------------------------------------------------------

class Chessboard(Oracle):
    """Chessboard.

    Piles: tableau 0 1 2 4 5 7 8 10 11 13, foundations 3 6 9 12. No stock.
    The first card on any empty foundation fixes BASE.
    """

    name = "chessboard"
    pile_count = 14
    foundations = (3, 6, 9, 12)
    tableau = (0, 1, 2, 4, 5, 7, 8, 10, 11, 13)
    DEAL_ORDER = (0, 2, 5, 8, 11, 1, 4, 7, 10, 13)

    def deal(self, deck):
        """deck[0..49] face up in five rounds over DEAL_ORDER, then deck[50]
        to pile 0 and deck[51] to pile 1."""
        for at in range(50):
            self.piles[self.DEAL_ORDER[at % 10]].append(face_up(deck[at]))
        self.piles[0].append(face_up(deck[50]))
        self.piles[1].append(face_up(deck[51]))

    def pickups(self):
        """The top card of every non-empty tableau pile."""
        return [(p, 1) for p in self.tableau if self.piles[p]]

    def accepts(self, src, n, dst):
        """Whether ``dst`` takes the top card of ``src``."""
        card = self.piles[src][-1]
        cards = self.piles[dst]
        if dst in self.foundations:
            if not cards and not self.base:
                return True              # the first foundation card fixes BASE
            return self.foundation_accepts(dst, card)
        if dst in self.tableau:
            if not cards:
                return True
            top = cards[-1]
            return card[1] == top[1] and card[0] in (one_higher(top[0]), one_lower(top[0]))
        return False

    def apply_move(self, src, n, dst):
        card = self.piles[src].pop()
        if dst in self.foundations:
            if not self.base:
                self.base = card[0]
            self.score += 1
        self.piles[dst].append(card)

    def won(self):
        """All ten tableau piles empty."""
        return not any(self.piles[p] for p in self.tableau)


_GAMES = {cls.name: cls for cls in (EagleWing, Agnes, Glenwood, Chessboard)}

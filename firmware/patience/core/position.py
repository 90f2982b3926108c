"""The solver's own copy of a position: piles as bytes, play, take back, key.

A ``Position`` is read from a live ``Game`` through its public API only
(``cards``, ``kind``, ``base``, ``redeals_left``) and never touches it
again. Its piles are ``bytes`` of the engine's card bytes (face bit
included, bottom card first), indexed by the engine's pile numbers, so a
move found here is a move the engine takes as it is. ``play`` applies what
follows by itself in the engine (a face-down top turned up, an emptied
wing refilled from the trunk, the base fixed by the first card home) as
the game's ``facts`` (see ``solver_rules``) say; ``undo`` puts back the
piles it replaced, which it keeps in its log.

A move is one small int: ``src | n << 4 | dst << 10``; ``PRESS`` (0) is a
press on the stock.

``key()`` is the canonical form of the position as bytes: cards home per
suit (which foundation holds a suit does not matter), base, redeals left,
the piles whose place matters in order, then each set of interchangeable
piles sorted. Two positions with the same key are the same game up to the
order of interchangeable piles, so a search needs to see only one of them.
"""

from micropython import const

from .cards import FACE_UP
from .engine import FOUNDATION, TABLEAU

PRESS = const(0)
_BASE_SET = const(1 << 14)      # this move fixed the base
_REDEAL = const(1 << 15)        # the press turned the waste over
_BASE = const(4)                # counts[]: cards home per suit, base, redeals left
_REDEALS = const(5)
_SEPARATOR = b"\xff"            # never a card byte


def move_code(src, n, dst):
    """The int for moving the top ``n`` cards of ``src`` onto ``dst``."""
    return src | n << 4 | dst << 10


def move_parts(code):
    """``(src, n, dst)`` of a move int (not ``PRESS``)."""
    return code & 15, (code >> 4) & 63, (code >> 10) & 15


def is_press(entry):
    """True when a move int or undo-log entry is a press on the stock."""
    return entry & 0x3C0F == 0


class Position:
    """A searchable copy of a game's position (see the module docstring)."""

    def __init__(self, game, facts):
        count = game.pile_count
        self.facts = facts
        self.piles = [bytes(game.cards(p)) for p in range(count)]
        self.kinds = bytes(game.kind(p) for p in range(count))
        self.foundations = tuple(p for p in range(count) if self.kinds[p] == FOUNDATION)
        self.counts = bytearray(6)
        self.counts[_BASE] = game.base
        self.counts[_REDEALS] = game.redeals_left
        self.where = bytearray(4)   # the foundation holding each suit
        for pile in self.foundations:
            cards = self.piles[pile]
            if cards:
                suit = (cards[0] >> 4) & 3
                self.counts[suit] = len(cards)
                self.where[suit] = pile
        self.homed = sum(self.counts[:4])
        self.log = []

    # -- reading --------------------------------------------------------

    @property
    def base(self):
        """The base rank, 0 while unset."""
        return self.counts[_BASE]

    @property
    def redeals(self):
        """Redeals left."""
        return self.counts[_REDEALS]

    def pressed_last(self):
        """True at the root and right after a press on the stock."""
        return not self.log or is_press(self.log[-1][0])

    def won(self):
        """True when all 52 cards are home."""
        return self.homed == 52

    def home_targets(self):
        """``(found, default)``: ``found.get(card & 0x3F, default)`` is the
        foundation a card may go to now, or -1. While no base is set any
        card may start the first foundation the rules allow."""
        counts = self.counts
        if not counts[_BASE]:
            first = self.facts.first_foundation
            if first < 0:
                return {}, self.empty_foundation()
            return {}, -1 if self.piles[first] else first
        base = counts[_BASE] - 1
        found = {}
        for suit in range(4):
            home = counts[suit]
            if home < 13:
                found[suit << 4 | (base + home) % 13 + 1] = (
                    self.where[suit] if home else self.empty_foundation())
        return found, -1

    def empty_foundation(self):
        """The first empty foundation (there is one while a suit has none home)."""
        for pile in self.foundations:
            if not self.piles[pile]:
                return pile
        return -1

    def key(self):
        """The canonical form of the position (see the module docstring)."""
        piles = self.piles
        parts = [self.counts]
        fixed, groups = self.facts.layout(self)
        for pile in fixed:
            parts.append(piles[pile])
        for group in groups:
            parts.extend(sorted([piles[pile] for pile in group]))
        return _SEPARATOR.join(parts)

    def snapshot(self):
        """The position as a value (``restore`` goes back to it)."""
        return tuple(self.piles), bytes(self.counts), bytes(self.where)

    def restore(self, snapshot):
        """Go to a ``snapshot`` (the undo log starts empty)."""
        piles, counts, where = snapshot
        self.piles = list(piles)
        self.counts = bytearray(counts)
        self.where = bytearray(where)
        self.homed = sum(self.counts[:4])
        self.log = []

    # -- playing --------------------------------------------------------

    def play(self, code):
        """Play a move int or ``PRESS``; it must be legal."""
        if code == PRESS:
            self._press()
            return
        src = code & 15
        n = (code >> 4) & 63
        dst = code >> 10
        piles = self.piles
        source = piles[src]
        target = piles[dst]
        entry = [code, src, source, dst, target]
        kinds = self.kinds
        piles[dst] = target + source[-n:]
        left = source[:-n]
        if kinds[dst] == FOUNDATION:
            entry[0] |= self._arrive(source[-1], dst)
        if kinds[src] == FOUNDATION:
            self.counts[(source[-1] >> 4) & 3] -= 1
            self.homed -= 1
        if left:
            if not left[-1] & FACE_UP:
                left = left[:-1] + bytes((left[-1] | FACE_UP,))
        elif kinds[src] == TABLEAU:
            left = self._refill(entry)
        piles[src] = left
        self.log.append(entry)

    def _arrive(self, card, pile):
        """Count a card that went home; fix the base if it is the first."""
        suit = (card >> 4) & 3
        self.counts[suit] += 1
        self.homed += 1
        self.where[suit] = pile
        if self.counts[_BASE]:
            return 0
        self.counts[_BASE] = card & 15
        return _BASE_SET

    def _refill(self, entry):
        """The trunk's top card, face up, for an emptied wing pile (or
        nothing); the trunk as it was goes into the log ``entry``."""
        trunk = self.facts.refill_from
        if trunk < 0 or not self.piles[trunk]:
            return b""
        cards = self.piles[trunk]
        entry.append(trunk)
        entry.append(cards)
        self.piles[trunk] = cards[:-1]
        return bytes((cards[-1] | FACE_UP,))

    def _press(self):
        """Turn a stock card, deal a row, or turn the waste over."""
        piles = self.piles
        stock = piles[0]
        row = self.facts.deal_row
        if row:
            entry = [PRESS, 0, stock]
            for pile in row[:len(stock)]:
                entry.append(pile)
                entry.append(piles[pile])
                piles[pile] += bytes((stock[-1] | FACE_UP,))
                stock = stock[:-1]
        else:
            waste = piles[1]
            entry = [PRESS, 0, stock, 1, waste]
            if stock:
                piles[1] = waste + bytes((stock[-1] | FACE_UP,))
                stock = stock[:-1]
            else:
                stock = bytes(card & 0x7F for card in reversed(waste))
                piles[1] = b""
                self.counts[_REDEALS] -= 1
                entry[0] = _REDEAL
        piles[0] = stock
        self.log.append(entry)

    def undo(self):
        """Take back the last ``play``."""
        entry = self.log.pop()
        piles = self.piles
        for at in range(1, len(entry), 2):
            piles[entry[at]] = entry[at + 1]
        code = entry[0]
        if is_press(code):
            if code & _REDEAL:
                self.counts[_REDEALS] += 1
            return
        card = entry[2][-1]
        if self.kinds[entry[3]] == FOUNDATION:
            self.counts[(card >> 4) & 3] -= 1
            self.homed -= 1
            if code & _BASE_SET:
                self.counts[_BASE] = 0
        if self.kinds[entry[1]] == FOUNDATION:
            self.counts[(card >> 4) & 3] += 1
            self.homed += 1

"""The solver's own copy of a position: piles as bytes, play, take back, key."""

# A ``Position`` is read from a live ``Game`` through its public API only
# (``cards``, ``kind``, ``base``, ``redeals_left``) and never touches it
# again. Its piles are ``bytes`` of the engine's card bytes (face bit
# included, bottom card first), indexed by the engine's pile numbers, so a
# move found here is a move the engine takes as it is. ``play`` applies what
# follows by itself in the engine (a face-down top turned up, an emptied
# wing refilled from the trunk, the base fixed by the first card home) as
# the game's ``facts`` (see ``rules``) say; ``undo`` rebuilds the
# piles as they were.
#
# A move is one small int (``moves``); a step of presses then a move is
# played and taken back as one (``talon``). The undo log keeps one int per
# step (the move or the cards a press dealt, and flags for what happened by
# itself) in a list given by the caller or made for 64 steps; it doubles when
# full and never shrinks, so a device's heap is not cut up by it.
#
# ``key()`` is the canonical form of the position as bytes, made by the
# game's ``facts.key``: cards home per suit (which foundation holds a suit
# does not matter), base, redeals left, the piles whose place matters in
# order, then each set of interchangeable piles sorted, joined by a byte that
# is never a card. Two positions with the same key are the same game up to
# the order of interchangeable piles, so a search needs to see only one.

from micropython import const

from ..core.cards import FACE_UP
from ..core.piles import FOUNDATION, TABLEAU
from .moves import PRESS, is_press, move_parts
from .talon import REDEAL as _REDEAL, REDEALS as _REDEALS, face_up, put_back_turned, take_turned

_BASE_SET = const(1 << 14)      # this move fixed the base (the press flag is talon.REDEAL)
_FLIPPED = const(1 << 16)       # the source's new top card was turned up
_REFILLED = const(1 << 17)      # the trunk's top card refilled the source
_REFILL_DOWN = const(1 << 18)   # ... and it had been face down
_BASE = const(4)                # counts[]: cards home per suit, base, redeals left (5)


class Position:
    """A searchable copy of a game's position (see the module docstring)."""

    def __init__(self, game, facts, log=None):
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
        self.log = [0] * 64 if log is None else log
        self.steps = 0

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
        return not self.steps or is_press(self.log[self.steps - 1])

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
        return self.facts.key(self.piles, self.counts)

    def line(self, steps=None):
        """The steps played so far (the first ``steps`` of them), as move
        ints, ``PRESS`` and ``press_code`` steps (``unfold`` writes those
        out)."""
        log = self.log
        return [0 if is_press(log[at]) else log[at] & 0xFF03FFF
                for at in range(self.steps if steps is None else steps)]

    # -- playing --------------------------------------------------------

    def play(self, code):
        """Play a move int, ``PRESS`` or ``press_code`` step; it must be legal."""
        if code == PRESS:
            self._record(self._press())
            return
        if code >> 20:
            self._record(take_turned(self, code))
            return
        src = code & 15
        n = (code >> 4) & 63
        dst = (code >> 10) & 15
        piles = self.piles
        source = piles[src]
        piles[dst] += source[-n:]
        left = source[:-n]
        kinds = self.kinds
        if kinds[dst] == FOUNDATION:
            code |= self._arrive(source[-1], dst)
        if kinds[src] == FOUNDATION:
            self.counts[(source[-1] >> 4) & 3] -= 1
            self.homed -= 1
        if left:
            if not left[-1] & FACE_UP:
                left = left[:-1] + bytes((left[-1] | FACE_UP,))
                code |= _FLIPPED
        elif kinds[src] == TABLEAU and self.facts.refill_from >= 0:
            left, flags = self._refill()
            code |= flags
        piles[src] = left
        self._record(code)

    def _record(self, entry):
        """Add an undo-log entry, making room first if it is full."""
        if self.steps == len(self.log):
            self.log.extend([0] * len(self.log))
        self.log[self.steps] = entry
        self.steps += 1

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

    def _refill(self):
        """The new emptied wing pile and the log flags: the trunk's top
        card face up on it, if the trunk has one."""
        trunk = self.facts.refill_from
        cards = self.piles[trunk]
        if not cards:
            return b"", 0
        self.piles[trunk] = cards[:-1]
        flags = _REFILLED if cards[-1] & FACE_UP else _REFILLED | _REFILL_DOWN
        return bytes((cards[-1] | FACE_UP,)), flags

    def _press(self):
        """Turn a stock card, deal a row, or turn the waste over; the log entry."""
        piles = self.piles
        stock = piles[0]
        row = self.facts.deal_row
        if row:
            dealt = 0
            for pile in row:
                if stock:
                    piles[pile] += bytes((stock[-1] | FACE_UP,))
                    stock = stock[:-1]
                    dealt += 1
            piles[0] = stock
            return dealt << 4
        if stock:
            piles[1] += bytes((stock[-1] | FACE_UP,))
            piles[0] = stock[:-1]
            return 1 << 4
        piles[0] = bytes(card & 0x7F for card in reversed(piles[1]))
        piles[1] = b""
        self.counts[_REDEALS] -= 1
        return _REDEAL

    def land(self, card, dst):
        """Put one card on pile ``dst``; the log flags (it may fix the base)."""
        self.piles[dst] += bytes((card,))
        return self._arrive(card, dst) if self.kinds[dst] == FOUNDATION else 0

    def lift(self, entry, dst):
        """Take back the card ``land`` put on ``dst`` (``entry``: its log
        entry); the card."""
        card = self.piles[dst][-1]
        self.piles[dst] = self.piles[dst][:-1]
        self._leave_home(entry, dst, card)
        return card

    def _leave_home(self, entry, dst, card):
        """Uncount a card taken back from foundation ``dst`` (if it is one)."""
        if self.kinds[dst] == FOUNDATION:
            self.counts[(card >> 4) & 3] -= 1
            self.homed -= 1
            if entry & _BASE_SET:
                self.counts[_BASE] = 0

    def undo(self):
        """Take back the last ``play``."""
        self.steps -= 1
        entry = self.log[self.steps]
        if is_press(entry):
            self._unpress(entry)
        elif entry >> 20:
            put_back_turned(self, entry)
        else:
            self._unmove(entry)

    def _unmove(self, entry):
        """Take back a card move."""
        src, n, dst = move_parts(entry)
        piles = self.piles
        source = piles[src]
        target = piles[dst]
        if entry & _REFILLED:
            card = source[-1]
            piles[self.facts.refill_from] += bytes((card & 0x7F if entry & _REFILL_DOWN else card,))
            source = b""
        elif entry & _FLIPPED:
            source = source[:-1] + bytes((source[-1] & 0x7F,))
        card = target[-1]
        self._leave_home(entry, dst, card)
        if self.kinds[src] == FOUNDATION:
            self.counts[(card >> 4) & 3] += 1
            self.homed += 1
            self.where[(card >> 4) & 3] = src   # it may have started another pile meanwhile
        piles[src] = source + target[-n:]
        piles[dst] = target[:-n]

    def _unpress(self, entry):
        """Take back a press on the stock."""
        piles = self.piles
        if entry & _REDEAL:
            piles[1] = face_up(reversed(piles[0]))
            piles[0] = b""
            self.counts[_REDEALS] += 1
            return
        row = self.facts.deal_row or (1,)
        for index in range((entry >> 4) - 1, -1, -1):
            pile = row[index]
            piles[0] += bytes((piles[pile][-1] & 0x7F,))
            piles[pile] = piles[pile][:-1]

"""The game-agnostic engine: one position in one bytearray, moves, undo."""

# A position is ``state``: the 52 card bytes in pile order (pile 0 bottom
# first), then one byte per pile holding where that pile ends, then the
# variables BASE (rank, 0 while unset), REDEALS_USED and SCORE. Only this
# module reads or writes that layout; dealing, the screens and the tests use
# its methods (``put``, ``turn_up``, ``fix_base``, ``use_redeals``,
# ``differs``). A game's rules live in their own module (``rules``, see
# ``patience.games``); the engine moves cards, records history (4 bytes per
# step, preallocated) and undoes it.
#
# History entry: flags, src, dst, n. The low two bits of flags are the action
# (card move, stock press, redeal); the rest record what happened by itself
# after the step so that undo can take it back exactly.

from micropython import const

from .cards import FACE_UP, next_rank, rank
from .piles import STOCK, WASTE, FOUNDATION, TABLEAU
from .problems import FIRST_HOME, HOME_NEXT, NOTHING, STARTS_BASE, STOCK_DEALS, TAKES_NONE

_ACT_MOVE = const(0)
_ACT_DEAL = const(1)
_ACT_REDEAL = const(2)
_ACT_MASK = const(3)
_F_FLIP_SRC = const(0x04)    # the source's new top card was turned face up
_F_REFILL = const(0x08)      # a reserve card was dealt onto the emptied source
_F_REFILL_FLIP = const(0x10)  # ... and it had been face down
_F_BASE = const(0x20)        # this move fixed the base rank

_BASE = const(0)
_REDEALS_USED = const(1)
_SCORE = const(2)
_VAR_COUNT = const(3)
_HISTORY_START = const(256)  # entries preallocated; doubles when full


def _first_of(kinds, kind):
    """The first pile of a kind, or None when the game has none."""
    at = kinds.find(bytes((kind,)))
    return None if at < 0 else at


def state_size(pile_count):
    """Bytes in the ``state`` of a game with ``pile_count`` piles."""
    return 52 + pile_count + _VAR_COUNT


class Game:
    """A game in progress: its position, its rules and its history.

    ``Game(rules, seed)`` has empty piles; ``patience.new_game`` deals it.
    """

    def __init__(self, rules, seed):
        self.rules = rules
        self.name = rules.NAME
        self.kinds = rules.KINDS
        self.pile_count = len(rules.KINDS)
        self.stock = _first_of(rules.KINDS, STOCK)  # pile numbers, or None
        self.waste = _first_of(rules.KINDS, WASTE)
        self.seed = seed
        self.state = bytearray(state_size(self.pile_count))
        self._ends = 52
        self._vars = 52 + self.pile_count
        self.history = bytearray(4 * _HISTORY_START)
        self.done = 0      # history entries applied
        self.recorded = 0  # history entries kept (done .. recorded can be redone)
        self.foundations = tuple(i for i in range(self.pile_count)
                                 if self.kinds[i] == FOUNDATION)

    def clear(self, seed):
        """Empty piles and no history, for a new deal (number ``seed``)."""
        self.seed = seed
        state = self.state
        for at in range(len(state)):
            state[at] = 0
        self.done = self.recorded = 0

    # -- reading the position -------------------------------------------

    def kind(self, pile):
        """The kind of a pile: STOCK, WASTE, FOUNDATION, TABLEAU or RESERVE."""
        return self.kinds[self.check_pile(pile)]

    def check_pile(self, pile):
        """Return ``pile`` or raise ValueError when it is not a pile index."""
        if not isinstance(pile, int) or not 0 <= pile < self.pile_count:
            raise ValueError("pile must be 0 to %d in %s, not %r"
                             % (self.pile_count - 1, self.name, pile))
        return pile

    def start(self, pile):
        """Index in ``state`` of the pile's bottom card."""
        return self.state[self._ends + pile - 1] if pile else 0

    def end(self, pile):
        """Index in ``state`` just past the pile's top card."""
        return self.state[self._ends + pile]

    def size(self, pile):
        """Number of cards in a pile."""
        return self.end(pile) - self.start(pile)

    def card(self, pile, depth=0):
        """The card ``depth`` below the top of a pile (0 = the top card)."""
        return self.state[self.end(pile) - 1 - depth]

    def cards(self, pile):
        """The pile's card bytes, bottom card first."""
        self.check_pile(pile)
        return bytes(self.state[self.start(pile):self.end(pile)])

    @property
    def base(self):
        """The base rank, 1-13, or 0 while it is not fixed yet."""
        return self.state[self._vars + _BASE]

    @property
    def score(self):
        """Cards on the foundations."""
        return self.state[self._vars + _SCORE]

    @property
    def redeals_left(self):
        """How many more times the waste can be turned back into the stock."""
        return self.rules.REDEALS - self.state[self._vars + _REDEALS_USED]

    def is_won(self):
        """True when all 52 cards are on the foundations."""
        return self.score == 52

    def home_problem(self, foundation, card):
        """0 when ``card`` may go onto ``foundation`` by rank and suit, else
        why not (a code of core.problems)."""
        if self.size(foundation) == 0:
            if self.base == 0:
                first = self.rules.FIRST_FOUNDATION
                return 0 if first is None or first == foundation else FIRST_HOME
            return 0 if rank(card) == self.base else STARTS_BASE
        top = self.card(foundation)
        if (card & 0x30) == (top & 0x30) and rank(card) == next_rank(rank(top)):
            return 0
        return HOME_NEXT

    def differs(self, pile, earlier):
        """True when the pile's cards (for a foundation, also the base rank)
        differ from those in ``earlier``, a copy of ``state`` taken before."""
        ends = self._ends
        start = earlier[ends + pile - 1] if pile else 0
        end = earlier[ends + pile]
        if start != self.start(pile) or end != self.end(pile):
            return True
        state = self.state
        for i in range(start, end):
            if state[i] != earlier[i]:
                return True
        return self.kinds[pile] == FOUNDATION and earlier[self._vars + _BASE] != self.base

    # -- building a position (dealing, tests) ---------------------------

    def put(self, pile, card):
        """Put a card byte on top of a pile as it is dealt; a card put on a
        foundation scores. No history: for dealing and setting up positions."""
        state = self.state
        at = self.end(pile)
        for i in range(self.end(self.pile_count - 1), at, -1):
            state[i] = state[i - 1]
        state[at] = card
        for later in range(pile, self.pile_count):
            state[self._ends + later] += 1
        if self.kinds[pile] == FOUNDATION:
            self._add_score(1)

    def turn_up(self, pile):
        """Turn the pile's top card face up."""
        self.state[self.end(pile) - 1] |= FACE_UP

    def fix_base(self, rank_):
        """Set the base rank (1-13; 0 unsets it)."""
        self._set_var(_BASE, rank_)

    def use_redeals(self, count):
        """Count ``count`` redeals as used (0 to the game's REDEALS)."""
        self._set_var(_REDEALS_USED, count)

    # -- moves -----------------------------------------------------------

    def pick_problem(self, src, n):
        """0 when the top ``n`` cards of src may be taken, else why not (a
        code of core.problems)."""
        if n > self.size(src):
            return NOTHING
        if src == self.stock and self.rules.stock_works(self):
            return STOCK_DEALS
        return self.rules.pick_problem(self, src, n)  # a closed stock: the rules say why

    def movable(self, src):
        """How many cards on top of src may be taken at most (0: none)."""
        most = 0
        for n in range(1, self.size(src) + 1):
            if not self.pick_problem(src, n):
                most = n
        return most

    def drop_problem(self, src, n, dst):
        """0 when the top ``n`` cards of src (which may be taken) may go onto
        dst, else why not (a code of core.problems)."""
        kind = self.kinds[dst]
        if kind != FOUNDATION and kind != TABLEAU:
            return TAKES_NONE
        return self.rules.drop_problem(self, src, n, dst)

    def problem(self, src, n, dst):
        """0 when the move is allowed, else why not (a code of core.problems)."""
        return self.pick_problem(src, n) or self.drop_problem(src, n, dst)

    def is_legal(self, src, n, dst):
        """True when moving the top ``n`` cards of src onto dst is allowed."""
        return src != dst and not self.problem(src, n, dst)

    def moves(self):
        """Every legal card move as a list of (src, n, dst)."""
        found = []  # type: list[tuple[int, int, int]]
        self._walk_moves(found)
        return found

    def has_move(self):
        """True when some card move is legal (``moves()`` without the list)."""
        return self._walk_moves(None)

    def _walk_moves(self, found):
        """Append each legal move to ``found``; with None, stop at the first
        one and allocate nothing. True when there was one."""
        for src in range(self.pile_count):
            for n in range(1, self.size(src) + 1):
                if not self.pick_problem(src, n):
                    for dst in range(self.pile_count):
                        if dst != src and not self.drop_problem(src, n, dst):
                            if found is None:
                                return True
                            found.append((src, n, dst))
        return bool(found)

    def move(self, src, n, dst):
        """Play a card move; True if done, False (nothing changed) if refused."""
        self.check_pile(src)
        self.check_pile(dst)
        if not isinstance(n, int) or n < 1:
            raise ValueError("n must be a whole number of cards >= 1, not %r" % (n,))
        if not self.is_legal(src, n, dst):
            return False
        self._play(_ACT_MOVE, src, n, dst)
        self.recorded = self.done
        return True

    def can_deal(self):
        """True when a press on the stock would do something."""
        return self._stock_action() != 0

    def deal(self):
        """Press the stock: turn a card, deal a row or redeal. False if not."""
        action = self._stock_action()
        if not action:
            return False
        self._play(action - 1, self.stock, 0, self.stock)
        self.recorded = self.done
        return True

    def _stock_action(self):
        """1 + _ACT_DEAL or 1 + _ACT_REDEAL for what the stock does now, or 0."""
        if self.stock is None or not self.rules.stock_works(self):
            return 0
        if self.size(self.stock):
            return 1 + _ACT_DEAL
        if self.waste is not None and self.size(self.waste) and self.redeals_left > 0:
            return 1 + _ACT_REDEAL
        return 0

    def last_pile(self):
        """The pile the last step's cards went to (its move's destination),
        or the stock after a deal or redeal; -1 at the deal."""
        if self.done == 0:
            return -1
        at = 4 * self.done - 4
        return self.history[at + 2] if self.history[at] & _ACT_MASK == _ACT_MOVE else self.stock

    def auto_target(self, pile):
        """The foundation the pile's top card would go home to, or None."""
        self.check_pile(pile)
        if self.size(pile):
            for foundation in self.foundations:
                if self.is_legal(pile, 1, foundation):
                    return foundation
        return None

    # -- undo and redo ---------------------------------------------------

    def undo(self):
        """Take back the last step; False when at the deal."""
        if self.done == 0:
            return False
        self.done -= 1
        at = 4 * self.done
        history = self.history
        flags = history[at]
        n = history[at + 3]
        action = flags & _ACT_MASK
        if action == _ACT_MOVE:
            self._unmove(flags, history[at + 1], n, history[at + 2])
        elif action == _ACT_DEAL:
            self._undeal(n)
        else:
            self._set_var(_REDEALS_USED, self.state[self._vars + _REDEALS_USED] - 1)
            self._shift(self.stock, n, self.waste, True, FACE_UP)
        return True

    def redo(self):
        """Replay the next undone step; False when there is none."""
        if self.done == self.recorded:
            return False
        at = 4 * self.done
        history = self.history
        self._play(history[at] & _ACT_MASK, history[at + 1], history[at + 3], history[at + 2])
        return True

    # -- mechanics -------------------------------------------------------

    def _play(self, action, src, n, dst):
        """Carry out an action and record it at the current history slot.

        Room in the history is made first, so that running out of memory
        leaves the position untouched rather than half played.
        """
        self._make_room()
        if action == _ACT_MOVE:
            flags = self._do_move(src, n, dst)
        elif action == _ACT_DEAL:
            n = self._do_deal()
            flags = 0
        else:
            n = self.size(self.waste)
            self._set_var(_REDEALS_USED, self.state[self._vars + _REDEALS_USED] + 1)
            self._shift(self.waste, n, self.stock, True, 0)
            flags = 0
        self._record(action | flags, src, dst, n)

    def _do_move(self, src, n, dst):
        """Move cards and apply what follows by itself; returns the flags."""
        flags = 0
        self._shift(src, n, dst, self._turns_over(dst), FACE_UP)
        if self.kinds[dst] == FOUNDATION:
            self._add_score(n)
            if self.base == 0:
                self._set_var(_BASE, rank(self.card(dst)))
                flags |= _F_BASE
        if self.kinds[src] == FOUNDATION:
            self._add_score(-n)
        if self.size(src):
            if self.rules.FLIP_AFTER_MOVE and not self.card(src) & FACE_UP:
                self.state[self.end(src) - 1] |= FACE_UP
                flags |= _F_FLIP_SRC
        elif self.kinds[src] == TABLEAU and self.rules.REFILL_FROM is not None:
            flags |= self._refill(src)
        return flags

    def _turns_over(self, dst):
        """True when a group moved onto dst lands top card first."""
        return self.rules.REVERSE_HOME and self.kinds[dst] == FOUNDATION

    def _refill(self, pile):
        """Deal the reserve's top card face up onto an emptied pile."""
        reserve = self.rules.REFILL_FROM
        if not self.size(reserve):
            return 0
        flags = _F_REFILL if self.card(reserve) & FACE_UP else _F_REFILL | _F_REFILL_FLIP
        self._shift(reserve, 1, pile, False, FACE_UP)
        return flags

    def _unmove(self, flags, src, n, dst):
        """Undo a card move recorded with ``flags``."""
        if flags & _F_REFILL:
            self._shift(src, 1, self.rules.REFILL_FROM, False,
                        0 if flags & _F_REFILL_FLIP else FACE_UP)
        if flags & _F_FLIP_SRC:
            self.state[self.end(src) - 1] &= ~FACE_UP
        self._shift(dst, n, src, self._turns_over(dst), FACE_UP)
        if self.kinds[dst] == FOUNDATION:
            self._add_score(-n)
        if self.kinds[src] == FOUNDATION:
            self._add_score(n)
        if flags & _F_BASE:
            self._set_var(_BASE, 0)

    def _do_deal(self):
        """Turn one stock card onto the waste, or deal a row; returns cards dealt."""
        row = self.rules.DEAL_ROW
        if row is None:
            self._shift(self.stock, 1, self.waste, False, FACE_UP)
            return 1
        dealt = 0
        for pile in row:
            if self.size(self.stock):
                self._shift(self.stock, 1, pile, False, FACE_UP)
                dealt += 1
        return dealt

    def _undeal(self, n):
        """Put back the ``n`` cards of the last stock press."""
        row = self.rules.DEAL_ROW
        if row is None:
            self._shift(self.waste, 1, self.stock, False, 0)
            return
        for index in range(n - 1, -1, -1):
            self._shift(row[index], 1, self.stock, False, 0)

    def _make_room(self):
        """Double the history buffer when the next entry would not fit."""
        at = 4 * self.done
        if at + 4 > len(self.history):
            grown = bytearray(2 * len(self.history))
            grown[:at] = self.history
            self.history = grown

    def _record(self, flags, src, dst, n):
        """Write one history entry at slot ``done`` (room was made before)."""
        at = 4 * self.done
        history = self.history
        history[at] = flags
        history[at + 1] = src
        history[at + 2] = dst
        history[at + 3] = n
        self.done += 1

    def _set_var(self, var, value):
        self.state[self._vars + var] = value

    def _add_score(self, delta):
        self.state[self._vars + _SCORE] += delta

    def _shift(self, src, n, dst, reverse, face):
        """Move the top n cards of src onto dst, in place, allocating nothing.

        ``reverse`` turns the group over (the top card lands first);
        ``face`` is FACE_UP to turn the cards up, 0 to turn them down.
        """
        state = self.state
        end = self.end(src)  # just past the source's top card
        top = self.end(dst)  # ... and the destination's
        for i in range(end - n, end):
            state[i] = (state[i] & 0x7F) | face
        if reverse:
            self._reverse(end - n, end)
        ends = self._ends
        if src < dst:
            self._rotate(end - n, end, top)
            for pile in range(src, dst):
                state[ends + pile] -= n
        else:
            self._rotate(top, end - n, end)
            for pile in range(dst, src):
                state[ends + pile] += n

    def _rotate(self, first, middle, last):
        """Swap the runs state[first:middle] and state[middle:last]."""
        self._reverse(first, middle)
        self._reverse(middle, last)
        self._reverse(first, last)

    def _reverse(self, first, last):
        state = self.state
        last -= 1
        while first < last:
            state[first], state[last] = state[last], state[first]
            first += 1
            last -= 1

    # -- help and text ---------------------------------------------------

    def hint(self):
        """A move worth making, or None (see ``hints``)."""
        from .hints import best_move
        return best_move(self)

    def play_and_undo(self, src, n, dst, check, arg):
        """Play a legal move, call ``check(self, arg)``, take the move back.

        The redo list is left as it was; returns what ``check`` returned.
        Allocates nothing: no closure is needed, and the step the move
        writes over is kept in two small ints.
        """
        at = 4 * self.done
        kept = at + 4 <= len(self.history)  # else the history grows: nothing there yet
        if kept:
            old = self.history
            high, low = old[at] << 8 | old[at + 1], old[at + 2] << 8 | old[at + 3]
        recorded = self.recorded
        self._play(_ACT_MOVE, src, n, dst)
        result = check(self, arg)
        self.undo()
        if kept:
            history = self.history
            history[at], history[at + 1] = high >> 8, high & 0xFF
            history[at + 2], history[at + 3] = low >> 8, low & 0xFF
        self.recorded = recorded
        return result

    def __str__(self):
        from .game_text import describe
        return describe(self)

    def to_bytes(self):
        """The position and its whole history as bytes (see ``gamefile``)."""
        from .gamefile import dump
        return dump(self)

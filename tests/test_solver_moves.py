"""The solver's own moves agree with the engine on random positions.

For positions reached by random play (biased towards moves home, so that
late positions come up too), in every game and in strict Agnes:

- every move the solver's generator returns is legal in the engine, and a
  stock press is offered exactly when ``g.can_deal()`` (Agnes); in Eagle
  Wing and Glenwood every card the stock can turn up is offered, with the
  fewest presses, wherever it may go, and no press on its own;
- ``Position.play`` leaves the same position as the engine's move, and
  ``undo`` the one before;
- nothing is lost: every engine move the generator leaves out leads to a
  position with the same canonical key as one it returns or as the
  position itself (symmetry: a whole pile onto an empty pile, a base card
  to another empty foundation), or is
  an Eagle Wing group home (the same as its cards one by one), or an Agnes
  card out of a foundation that no run could use or a whole Agnes pile moved
  once the stock is empty, or (strict Agnes) is one
  the strict rules forbid; unless the generator returned a single safe move
  home.
"""

import pytest
import random

from hypothesis import given, settings, strategies as st

import patience
import patience.games
from patience import FOUNDATION
from patience.solver.moves import PRESS, move_code, move_parts, press_code
from patience.solver.position import Position
from patience.solver.facts import facts_for

MODES = [(name, False) for name in patience.games.GAMES] + [("agnes", True)]


def walk(name, seed, steps):
    """A game after ``steps`` random actions, moves home preferred."""
    rng = random.Random(seed)
    g = patience.new_game(name, seed=seed)
    for _ in range(steps):
        moves = g.moves()
        home = [m for m in moves if g.kind(m[2]) == FOUNDATION and g.kind(m[0]) != FOUNDATION]
        if home and rng.random() < 0.7:
            g.move(*rng.choice(home))
        elif moves and (rng.random() < 0.8 or not g.can_deal()):
            g.move(*rng.choice(moves))
        elif not g.deal():
            break
    return g


def _snapshot(pos):
    return list(pos.piles), bytes(pos.counts), pos.homed


def _engine_play(g, code):
    """Play a move int, PRESS or press_code step on the engine; the number
    of engine actions it took (0 if one was refused)."""
    if code == PRESS:
        return 1 if g.deal() else 0
    for _ in range(code >> 20):
        if not g.deal():
            return 0
    return (code >> 20) + 1 if g.move(*move_parts(code)) else 0


def _stock_steps(g):
    """{(presses, move): 1} for every engine move of a card from the waste
    after the fewest presses that turn that card up (the engine's own
    presses, until the stock comes round with no redeal left)."""
    found = {}
    seen = {g.card(1) & 0x3F} if g.size(1) else set()
    presses = 0
    while g.can_deal() and presses < 200:
        g.deal()
        presses += 1
        card = g.card(1) & 0x3F if g.size(1) else None
        if card is not None and card not in seen:
            seen.add(card)
            for move in g.moves():
                if move[0] == 1:
                    found[press_code(presses, move_code(*move))] = 1
    for _ in range(presses):
        g.undo()
    return found


def _key_after(pos, code):
    pos.play(code)
    key = pos.key()
    pos.undo()
    return key


def _forbidden_when_strict(g, src, n, dst):
    """Moves strict Agnes leaves out: out of a foundation, or a top-rank
    group onto a base card."""
    if g.kind(src) == FOUNDATION:
        return True
    return g.kind(dst) != FOUNDATION and (g.card(dst) & 15) == g.base


def _unhome_of_no_use(g, src, dst):
    """A card out of an Agnes foundation when no run of its colour could use
    it: every card that can be a run's deepest is at its position or
    above, and none is of the top rank (see ``_agnes_unhomes``)."""
    if g.kind(src) != FOUNDATION or g.kind(dst) == FOUNDATION:
        return False
    card = g.card(src)
    red = 0 < (card >> 4) & 3 < 3
    below = ((card & 15) - g.base) % 13
    for pile in range(g.pile_count):
        for n in range(1, g.size(pile) + 1):
            deepest = g.card(pile, n - 1)
            if g.kind(pile) != FOUNDATION and not g.pick_problem(pile, n) and \
                    (0 < (deepest >> 4) & 3 < 3) == red:
                position = ((deepest & 15) - g.base) % 13
                if position < below or position == 12:
                    return False
    return True


def _whole_pile_late(g, src, n):
    """An Agnes move of a whole pile once the stock is empty."""
    return not g.size(0) and g.kind(src) != FOUNDATION and n == g.size(src)


def _check(g, name, strict):
    facts = facts_for(name, strict)
    pos = Position(g, facts)
    before = _snapshot(pos)
    codes = facts.moves(pos)
    forced = (len(codes) == 1 and codes[0] != PRESS
              and g.kind(move_parts(codes[0])[2]) == FOUNDATION)
    stock = _stock_steps(g) if name in ("eagle-wing", "glenwood") else {}
    if name == "agnes":
        assert (PRESS in codes) == g.can_deal() or forced or (strict and not codes)
    else:
        assert PRESS not in codes
    legal = set(g.moves())
    for code in codes:
        assert code == PRESS or code in stock or move_parts(code) in legal, code
        pos.play(code)
        played = _engine_play(g, code)
        assert played
        assert _snapshot(pos) == _snapshot(Position(g, facts))
        for _ in range(played):
            g.undo()
        pos.undo()
        assert _snapshot(pos) == before
    if forced:
        return  # a safe move home: the only one needed
    if strict and not codes:
        return  # a blocked Agnes deal
    keys = {_key_after(pos, code) for code in codes} | {pos.key()}
    for src, n, dst in legal:
        if move_code(src, n, dst) in codes:
            continue
        if name == "eagle-wing" and n > 1 and g.kind(dst) == FOUNDATION:
            continue
        if strict and _forbidden_when_strict(g, src, n, dst):
            continue
        if name == "agnes" and (_unhome_of_no_use(g, src, dst) or _whole_pile_late(g, src, n)):
            continue
        assert _key_after(pos, move_code(src, n, dst)) in keys, (src, n, dst)
    for code in stock:
        assert code in codes or _key_after(pos, code) in keys, code


@pytest.mark.slow
@settings(max_examples=120, deadline=None)
@given(mode=st.sampled_from(MODES), seed=st.integers(1, 999_999_999),
       steps=st.integers(0, 160))
def test_generated_moves_match_the_engine(mode, seed, steps):
    name, strict = mode
    _check(walk(name, seed, steps), name, strict)


def _homes(pos):
    """Where each suit that has cards home lies."""
    return [pos.where[suit] if pos.counts[suit] else None for suit in range(4)]


@settings(max_examples=80, deadline=None)
@given(mode=st.sampled_from(MODES), seed=st.integers(1, 999_999_999),
       steps=st.integers(0, 150), undos=st.floats(0.0, 0.6))
def test_long_play_and_undo_match_the_engine(mode, seed, steps, undos):
    """Many steps of the solver's own moves (to and from the foundations
    more often than not), some taken back, stay the engine's position
    (what is home where included)."""
    name, strict = mode
    rng = random.Random(seed)
    g = walk(name, seed, rng.randrange(60))
    facts = facts_for(name, strict)
    pos = Position(g, facts)
    played = []
    for _ in range(steps):
        codes = facts.moves(pos)
        if played and (rng.random() < undos or not codes):
            pos.undo()
            for _ in range(played.pop()):
                g.undo()
        elif codes:
            homing = [c for c in codes if c and FOUNDATION in (g.kind(c & 15),
                                                               g.kind((c >> 10) & 15))]
            code = rng.choice(homing if homing and rng.random() < 0.6 else codes)
            pos.play(code)
            played.append(_engine_play(g, code))
            assert played[-1]
        fresh = Position(g, facts)
        assert _snapshot(pos) == _snapshot(fresh) and _homes(pos) == _homes(fresh)

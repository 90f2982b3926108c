"""Properties of random legal play, checked with hypothesis."""

import pytest
from hypothesis import example, given, settings, strategies as st
import patience

GAMES = patience.games.GAMES


def _all_triples(g):
    for src in range(g.pile_count):
        for n in range(1, len(g.cards(src)) + 2):
            for dst in range(g.pile_count):
                yield src, n, dst


def _fifty_two(g):
    cards = b"".join(g.cards(i) for i in range(g.pile_count))
    return len(cards) == 52 and len({c & 0x3F for c in cards}) == 52


def _play(g, choices):
    """Play choices (indices into moves, or -1 for the stock); record snapshots."""
    snapshots = [str(g)]
    for choice in choices:
        moves = g.moves()
        if choice < 0 or not moves:
            if not g.deal():
                continue
        else:
            assert g.move(*moves[choice % len(moves)])
        snapshots.append(str(g))
    return snapshots


@settings(max_examples=40, deadline=None)
@given(name=st.sampled_from(GAMES), seed=st.integers(1, 999_999_999),
       choices=st.lists(st.integers(-1, 50), max_size=60))
def test_random_play_keeps_52_cards_and_score(name, seed, choices):
    g = patience.new_game(name, seed=seed)
    for choice in choices:
        _play(g, [choice])
        assert _fifty_two(g)
        assert g.score == sum(len(g.cards(f)) for f in range(g.pile_count)
                              if g.kind(f) == patience.FOUNDATION)


@pytest.mark.slow
@settings(max_examples=25, deadline=None)
@given(name=st.sampled_from(GAMES), seed=st.integers(1, 999_999_999),
       choices=st.lists(st.integers(-1, 50), max_size=30))
def test_moves_is_exactly_the_legal_set(name, seed, choices):
    g = patience.new_game(name, seed=seed)
    _play(g, choices)
    legal = set(g.moves())
    assert len(legal) == len(g.moves())
    for triple in _all_triples(g):
        state, saved = bytes(g.state), g.to_bytes()
        done = g.move(*triple)
        assert done == (triple in legal), triple
        if done:
            assert g.undo() and bytes(g.state) == state
        else:
            assert g.to_bytes() == saved


@settings(max_examples=40, deadline=None)
@given(name=st.sampled_from(GAMES), seed=st.integers(1, 999_999_999),
       choices=st.lists(st.integers(-1, 50), max_size=80))
def test_undo_to_the_deal_restores_it_and_redo_replays(name, seed, choices):
    g = patience.new_game(name, seed=seed)
    deal_state = bytes(g.state)
    snapshots = _play(g, choices)
    end_state = bytes(g.state)
    for expected in reversed(snapshots[:-1]):
        assert g.undo()
        assert str(g) == expected
    assert bytes(g.state) == deal_state and not g.undo()
    while g.redo():
        pass
    assert bytes(g.state) == end_state


@settings(max_examples=30, deadline=None)
@given(name=st.sampled_from(GAMES), seed=st.integers(1, 999_999_999),
       choices=st.lists(st.integers(-1, 50), max_size=60), undos=st.integers(0, 10))
def test_save_and_load_round_trips(name, seed, choices, undos):
    g = patience.new_game(name, seed=seed)
    _play(g, choices)
    for _ in range(undos):
        g.undo()
    h = patience.load_game(g.to_bytes())
    assert str(h) == str(g) and h.moves() == g.moves() and h.to_bytes() == g.to_bytes()


def test_refused_move_changes_nothing_not_even_history():
    g = patience.new_game("chessboard", seed=9)
    g.move(*g.moves()[0])
    g.undo()
    before = g.to_bytes()
    assert not g.move(3, 1, 6)
    assert g.to_bytes() == before and g.redo()


@settings(max_examples=30, deadline=None)
@given(name=st.sampled_from(GAMES), seed=st.integers(1, 999_999_999),
       choices=st.lists(st.integers(-1, 50), max_size=300),
       other=st.integers(1, 999_999_999))
def test_a_deal_into_a_played_game_is_that_deal_afresh(name, seed, choices, other):
    """A new deal on the table reuses the old game's memory (history grown
    past its first size included) and is the same as a fresh deal."""
    old = patience.new_game(name, seed=seed)
    _play(old, choices)
    history = old.history
    dealt = patience.new_game(name, seed=other, into=old)
    fresh = patience.new_game(name, seed=other)
    assert dealt is old and dealt.history is history
    assert (str(dealt), dealt.seed, dealt.done, dealt.recorded) == (
        str(fresh), fresh.seed, 0, 0)
    assert not dealt.undo() and _fifty_two(dealt)


@settings(max_examples=60, deadline=None)
@given(name=st.sampled_from(GAMES), seed=st.integers(1, 999_999_999),
       choices=st.lists(st.integers(-1, 50), max_size=30))
# a lone card onto a card that may go home, then dug off it again, once went round
@example(name="chessboard", seed=167, choices=[40, -1, 13, 0])
def test_following_the_engines_hints_never_comes_back_to_a_position(name, seed, choices):
    """The hint a board falls back on when its search cannot decide: a
    player who follows it, move after move, never goes round in circles."""
    g = patience.new_game(name, seed=seed)
    _play(g, choices)
    seen = {bytes(g.state)}
    hint = g.hint()
    while hint is not None:
        assert g.move(*hint)
        assert bytes(g.state) not in seen, (hint, str(g))
        seen.add(bytes(g.state))
        hint = g.hint()

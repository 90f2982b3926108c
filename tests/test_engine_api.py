"""The engine's interface: deals, bad input, undo/redo, saves, text."""

import pytest
import patience
from patience.core.cards import rank, suit, is_red
from patience.core.names import card_name, parse_card, parse_deck
from patience.core.dealing import shuffled_deck
from patience.core.hints import best_from
from support import ALL_CARDS, position

GAMES = patience.games.GAMES


def test_card_bytes_name_and_parse_both_ways():
    for card in ALL_CARDS:
        assert parse_card(card_name(card)) == card
    assert parse_card("Td") == 0x1A and rank(0x1A) == 10 and suit(0x1A) == 1
    assert is_red(parse_card("Kh")) and not is_red(parse_card("9s"))
    assert card_name(parse_card("Ac") | 0x80) == "Ac"
    with pytest.raises(ValueError, match="not a card"):
        parse_card("1x")


def test_deal_numbers_are_reproducible_and_differ():
    assert shuffled_deck(1) == shuffled_deck(1)
    decks = {bytes(shuffled_deck(n)) for n in (1, 2, 3, 999_999_999, 123_456_789)}
    assert len(decks) == 5
    for n in (1, 500, 999_999_999):
        assert sorted(shuffled_deck(n)) == sorted(ALL_CARDS)


@pytest.mark.parametrize("bad", [0, -1, 1_000_000_000, 2**40, "7", 1.5])
def test_impossible_deal_numbers_are_refused(bad):
    with pytest.raises(ValueError, match="deal number"):
        patience.new_game("agnes", seed=bad)


def test_unknown_game_and_bad_decks_are_refused():
    with pytest.raises(ValueError, match="unknown game 'klondike'"):
        patience.new_game("klondike", seed=1)
    with pytest.raises(ValueError, match="52 cards"):
        patience.new_game("agnes", deck=bytes(ALL_CARDS[:51]))
    with pytest.raises(ValueError, match="twice"):
        patience.new_game("agnes", deck=bytes(ALL_CARDS[:51] + ALL_CARDS[:1]))
    with pytest.raises(ValueError, match="not a card byte"):
        patience.new_game("agnes", deck=bytes(ALL_CARDS[:51] + [0x0E]))
    with pytest.raises(ValueError, match="exactly one"):
        patience.new_game("agnes")


@pytest.mark.parametrize("name", GAMES)
def test_bad_pile_index_or_count_raises_and_changes_nothing(name):
    g = patience.new_game(name, seed=5)
    before = str(g)
    for src, n, dst in [(-1, 1, 2), (g.pile_count, 1, 2), (2, 1, 99)]:
        with pytest.raises(ValueError, match="pile must be"):
            g.move(src, n, dst)
    with pytest.raises(ValueError, match="n must be"):
        g.move(5, 0, 6)
    with pytest.raises(ValueError):
        g.cards(g.pile_count)
    assert str(g) == before


@pytest.mark.parametrize("name", GAMES)
def test_kinds_and_names_match_rules(name):
    g = patience.new_game(name, seed=1)
    assert g.name == name
    assert g.pile_count == {"eagle-wing": 15, "agnes": 12, "glenwood": 14, "chessboard": 14}[name]
    foundations = [i for i in range(g.pile_count) if g.kind(i) == patience.FOUNDATION]
    assert foundations == {"eagle-wing": [2, 3, 4, 5], "agnes": [1, 2, 3, 4],
                           "glenwood": [2, 3, 4, 5], "chessboard": [3, 6, 9, 12]}[name]


def test_new_move_clears_redo():
    g = patience.new_game("eagle-wing", seed=2)
    g.deal()
    g.deal()
    g.undo()
    assert g.redo() and not g.redo()
    g.undo()
    g.move(*g.moves()[0]) if g.moves() else g.deal()
    assert not g.redo()


def test_undo_at_the_deal_does_nothing():
    g = patience.new_game("glenwood", seed=2)
    assert not g.undo() and not g.redo()


def test_str_lists_piles_then_score_base_redeals():
    g = patience.new_game("agnes", deck=parse_deck(
        " ".join(card_name(c) for c in ALL_CARDS)))
    lines = str(g).splitlines()
    assert lines[5] == "5 tableau: Ac"
    assert lines[6] == "6 tableau: 2c* 8c"
    assert lines[-1] == "score 1, base 3, redeals left 0"


def test_auto_target_finds_the_foundation():
    g = patience.new_game("eagle-wing", seed=1)    # base 8; 8c on pile 6
    assert g.auto_target(6) == 3
    assert g.auto_target(7) is None and g.auto_target(1) is None


@pytest.mark.parametrize("name", GAMES)
def test_hint_is_legal_and_never_out_of_a_foundation(name):
    for seed in range(1, 30):
        g = patience.new_game(name, seed=seed)
        for _ in range(40):
            hint = g.hint()
            if hint is None:
                if not g.deal():
                    break
                continue
            assert hint in g.moves()
            assert g.kind(hint[0]) != patience.FOUNDATION
            whole_tableau = (g.kind(hint[0]) == patience.TABLEAU
                             and hint[1] == len(g.cards(hint[0])))
            assert not (whole_tableau and not g.cards(hint[2])
                        and g.kind(hint[2]) == patience.TABLEAU), hint
            g.move(*hint)


def test_chessboard_hint_digs_out_the_next_card_home():
    """No card can go home: the hint takes the cards over the next one off,
    onto piles that hide no card wanted home, and then sends it home."""
    g = patience.new_game("chessboard", seed=4)
    g.move(*next(m for m in g.moves() if m[2] in g.foundations))  # the player picks the base
    while g.hint()[2] in g.foundations:             # then all that can go home
        g.move(*g.hint())
    assert [card_name(c) for c in g.cards(0)] == ["Jh", "Ts", "9h", "Kc", "Qc"]
    assert card_name(g.cards(3)[-1]) == "8h"        # the 9h goes home next
    assert g.hint() == (0, 1, 4)                    # the Qc onto the Jc
    g.move(*g.hint())
    assert g.hint() == (0, 1, 4)                    # the Kc onto the Qc
    g.move(*g.hint())
    assert g.hint() == (0, 1, 3)                    # the 9h home


def test_b_builds_on_a_card_rather_than_fill_an_empty_pile_to_dig():
    """The 5h may go onto the 6h or onto an empty pile; moving it digs out
    the 3h (next home), and the 6h's pile hides the 6d (next home too).
    Empty piles are scarce: B builds, as it did before digs counted."""
    game = position("chessboard", {3: "Qh Kh Ah 2h", 6: "Qd Kd Ad 2d 3d 4d 5d",
                                   11: "3h 4h 5h", 5: "9c 3c Td 6d 6h"},
                    base=12, spare_pile=13)
    assert best_from(game, 11) == (1, 5)


# -- saves -------------------------------------------------------------------

def _played(name, seed, steps=25):
    g = patience.new_game(name, seed=seed)
    for _ in range(steps):
        moves = g.moves()
        if moves:
            g.move(*moves[len(moves) // 2])
        elif not g.deal():
            break
        if g.can_deal() and len(g.moves()) % 3 == 0:
            g.deal()
    g.undo()
    return g


@pytest.mark.parametrize("name", GAMES)
def test_save_round_trip_keeps_position_undo_and_redo(name):
    g = _played(name, 11)
    data = g.to_bytes()
    h = patience.load_game(data)
    assert str(h) == str(g) and h.to_bytes() == data
    assert h.redo() == g.redo() and str(h) == str(g)
    while g.undo():
        assert h.undo() and str(h) == str(g)
    assert not h.undo()


def test_fresh_position_is_small():
    for name in GAMES:
        assert len(patience.new_game(name, seed=1).to_bytes()) <= 96


def test_every_truncation_and_byte_flip_is_refused_with_a_reason():
    data = _played("eagle-wing", 4).to_bytes()
    for cut in range(len(data)):
        with pytest.raises(ValueError, match="truncated|damaged|not a saved game"):
            patience.load_game(data[:cut])
    for at in range(len(data)):
        broken = bytearray(data)
        broken[at] ^= 0x41
        with pytest.raises(ValueError):
            patience.load_game(bytes(broken))


def test_other_version_is_refused_by_name():
    data = bytearray(patience.new_game("agnes", seed=1).to_bytes())
    data[2] = 9
    with pytest.raises(ValueError, match="version 9"):
        patience.load_game(bytes(data))


def test_memory_error_while_history_grows_leaves_the_position_whole(monkeypatch):
    import patience.core.engine as engine
    g = patience.new_game("chessboard", seed=8)
    g.history = bytearray(4)                       # full after one step
    g.move(*g.moves()[0])
    before = (bytes(g.state), g.done, g.recorded)
    real = bytearray

    def no_memory(*args):
        if args and args[0] == 8:
            raise MemoryError
        return real(*args)
    monkeypatch.setattr(engine, "bytearray", no_memory, raising=False)
    with pytest.raises(MemoryError):
        g.move(*g.moves()[0])
    assert (bytes(g.state), g.done, g.recorded) == before
    monkeypatch.undo()
    assert g.undo() and str(g) == str(patience.new_game("chessboard", seed=8))


def test_trying_a_move_keeps_the_redo_list_even_where_the_history_must_grow():
    g = patience.new_game("chessboard", seed=8)
    g.history = bytearray(8)                       # room for two steps
    g.move(*g.moves()[0])
    g.move(*g.moves()[0])
    g.undo()                                       # one step to redo
    kept = (bytes(g.state), g.done, g.recorded, bytes(g.history))
    src, n, dst = g.moves()[-1]
    assert g.play_and_undo(src, n, dst, lambda game, pile: game.size(pile), dst) >= 1
    assert (bytes(g.state), g.done, g.recorded, bytes(g.history)) == kept
    g.redo()                                       # the history is full: a try makes it grow
    kept = (bytes(g.state), g.done, g.recorded)
    src, n, dst = g.moves()[-1]
    g.play_and_undo(src, n, dst, lambda game, pile: None, 0)
    assert (bytes(g.state), g.done, g.recorded) == kept and len(g.history) == 16
    assert g.undo() and g.undo() and not g.undo() and g.redo() and g.redo()


def test_a_deal_into_another_game_or_with_a_bad_number_is_refused_and_loses_nothing():
    old = patience.new_game("agnes", seed=3)
    assert old.move(*old.moves()[0])
    before = (str(old), old.done)
    with pytest.raises(ValueError, match="cannot deal glenwood into a game of agnes"):
        patience.new_game("glenwood", seed=4, into=old)
    with pytest.raises(ValueError):
        patience.new_game("agnes", seed=0, into=old)
    assert (str(old), old.done) == before

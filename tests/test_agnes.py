"""Agnes rules from docs/rules.md, each on a hand-built deck or position."""

import patience
from support import dealt, position, names

AG = "agnes"


def test_deal_in_rounds_tops_face_up_base_and_stock():
    g = dealt(AG, p5="Ac", p6="2c 3c", p11="4c 5c 6c 7c 8c 9c Tc", p1="Kh", p0="Qs Js")
    assert names(g, 5) == "Ac" and names(g, 6) == "2c* 3c"
    assert names(g, 11) == "4c* 5c* 6c* 7c* 8c* 9c* Tc"
    assert [g.size(p) for p in range(5, 12)] == [1, 2, 3, 4, 5, 6, 7]
    assert names(g, 1) == "Kh" and g.base == 13 and g.score == 1 and g.size(0) == 23


def test_stock_deals_a_row_onto_every_pile_even_empty_then_two():
    g = position(AG, {1: "5c", 5: "", 6: "9h"}, base=5)
    stock = g.size(0)
    g.deal()
    assert g.size(5) == 1 and g.size(0) == stock - 7
    assert all(c & 0x80 for p in range(5, 12) for c in g.cards(p)[-1:])


def test_last_deal_gives_two_cards_and_no_redeal():
    g = patience.new_game(AG, seed=3)
    dealt_counts = []
    while g.can_deal():
        before = g.size(0)
        g.deal()
        dealt_counts.append(before - g.size(0))
    assert dealt_counts == [7, 7, 7, 2]
    assert g.redeals_left == 0 and not g.deal()
    g.undo()
    assert g.size(0) == 2


def test_group_must_be_same_colour_descending():
    g = position(AG, {1: "5c", 5: "9h 8d 7h", 6: "9s 8h", 7: "Tc", 8: "Td"}, base=5)
    assert (5, 3, 8) in g.moves()              # 9h 8d 7h onto Td (red on red)
    assert (6, 2, 7) not in g.moves()          # 9s 8h mixes colours
    assert (5, 3, 7) not in g.moves()          # red run onto black ten
    assert g.move(5, 3, 8)
    assert names(g, 8) == "Td 9h 8d 7h"


def test_group_cannot_be_picked_across_a_base_rank_card():
    g = position(AG, {1: "5c", 5: "6h 5d 4h", 6: "7d"}, base=5)
    assert not g.move(5, 3, 6)                 # 6h 5d 4h: 4h lies on the base rank 5d
    assert (5, 2, 6) not in g.moves()          # 5d 4h: still across 5d
    assert (5, 1, 1) not in g.moves()


def test_a_card_may_go_onto_a_base_rank_card():
    g = position(AG, {1: "5c", 5: "5d", 6: "4h", 2: ""}, base=5)
    assert g.move(6, 1, 5)
    assert names(g, 5) == "5d 4h"


def test_king_on_ace_counts_as_descending_unless_base_is_ace():
    g = position(AG, {1: "5c", 5: "Ad Kh", 6: "2h"}, base=5)
    assert g.move(5, 2, 6)
    g = position(AG, {1: "Ac", 5: "Ad Kh", 6: "2h"}, base=1)
    assert not g.move(5, 2, 6)


def test_flip_after_move_and_undo_turns_it_back():
    g = position(AG, {1: "5c", 5: "Qs* 9h", 6: "Td"}, base=5)
    assert g.move(5, 1, 6)
    assert names(g, 5) == "Qs"
    g.undo()
    assert names(g, 5) == "Qs* 9h"


def test_foundation_card_comes_back_and_takes_its_point():
    g = position(AG, {1: "5c 6c", 5: "7s"}, base=5)
    assert g.score == 2
    assert g.move(1, 1, 5)
    assert names(g, 5) == "7s 6c" and g.score == 1


def test_foundation_gives_only_its_top_card():
    g = position(AG, {1: "5c 6c", 5: "8h", 6: "7h"}, base=5)
    assert not g.move(1, 2, 5)


def test_foundation_single_cards_base_then_suit_up_with_wrap():
    g = position(AG, {1: "Qc Kc", 5: "Ac", 6: "Qd", 7: "Qh Jh", 2: ""}, base=12)
    assert g.move(5, 1, 1)                     # Ac on Kc
    assert not g.move(7, 2, 2)                 # groups never go home
    assert g.move(6, 1, 2)


def test_empty_tableau_takes_nothing_by_hand():
    g = position(AG, {1: "5c", 5: "", 6: "9h"}, base=5)
    assert all(dst != 5 for _, _, dst in g.moves())


def test_won_when_the_last_card_goes_home():
    g = position(AG, {1: "Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc",
                      2: "Ad 2d 3d 4d 5d 6d 7d 8d 9d Td Jd Qd Kd",
                      3: "Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh",
                      4: "As 2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs", 5: "Ks"}, base=1, spare_pile=4)
    assert not g.is_won() and g.score == 51
    assert g.move(5, 1, 4)
    assert g.is_won() and g.score == 52
    g.undo()
    assert not g.is_won() and g.score == 51

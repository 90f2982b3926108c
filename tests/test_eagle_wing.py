"""Eagle Wing rules from docs/rules.md, each on a hand-built deck or position."""

import patience
from support import dealt, position, names

EW = "eagle-wing"


def test_deal_places_trunk_wings_base_and_stock():
    deck_cards = dealt(EW, p10="Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc",
                       p6="Ad", p14="8d", p2="5h", p0="Ks Qs")
    assert names(deck_cards, 10).split()[0] == "Ac"          # deck[0], face up, bottom
    assert names(deck_cards, 10).split()[1:] == [c + "*" for c in "2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc".split()]
    assert names(deck_cards, 6) == "Ad" and names(deck_cards, 14) == "8d"
    assert names(deck_cards, 2) == "5h" and deck_cards.base == 5 and deck_cards.score == 1
    assert deck_cards.size(0) == 30 and deck_cards.size(1) == 0
    assert all(not c & 0x80 for c in deck_cards.cards(0))
    assert deck_cards.redeals_left == 2


def test_stock_turns_top_card_then_redeals_twice_in_same_order():
    g = patience.new_game(EW, seed=7)
    order = []
    for _ in range(30):
        assert g.deal()
        order.append(g.cards(1)[-1])
    for redeal in range(2):
        assert g.can_deal() and g.deal()           # the redeal press
        assert g.size(1) == 0 and g.size(0) == 30 and g.redeals_left == 1 - redeal
        again = []
        for _ in range(30):
            g.deal()
            again.append(g.cards(1)[-1])
        assert again == order
    assert not g.can_deal() and not g.deal()


def test_tableau_takes_one_card_same_suit_one_lower_while_under_three():
    g = position(EW, {6: "9h", 7: "8h", 8: "8s", 9: "7h", 10: "2c*", 11: "Ks", 12: "As",
                      13: "Qh", 14: "Jh Th 9c", 2: "5d"}, base=5)
    assert g.move(7, 1, 6)                      # 8h on 9h
    assert names(g, 6) == "9h 8h"
    assert not g.move(8, 1, 6) or False         # 8s is not 7h of hearts
    assert g.move(9, 1, 6)                      # third card: 7h on 8h
    assert names(g, 6) == "9h 8h 7h"


def test_tableau_refuses_a_fourth_card():
    g = position(EW, {6: "9h 8h 7h", 7: "6h", 10: "2c*", 2: "5d"}, base=5)
    assert (7, 1, 6) not in g.moves()
    assert not g.move(7, 1, 6)
    assert names(g, 6) == "9h 8h 7h"


def test_king_goes_on_ace_of_its_suit():
    g = position(EW, {6: "As", 7: "Ks", 10: "2c*", 2: "5d"}, base=5)
    assert g.move(7, 1, 6)


def test_only_single_cards_go_to_the_tableau():
    g = position(EW, {6: "9h 8h", 7: "Ts", 10: "2c*", 11: "", 2: "5d"}, base=5)
    assert not g.move(6, 2, 7)


def test_emptied_wing_pile_is_refilled_from_trunk_face_up():
    g = position(EW, {6: "6d", 10: "Qc Jc* Tc*", 2: "5d"}, base=5)
    assert g.move(6, 1, 2)
    assert names(g, 6) == "Tc" and names(g, 10) == "Qc Jc*"
    assert g.undo()
    assert names(g, 6) == "6d" and names(g, 10) == "Qc Jc* Tc*"


def test_trunk_last_card_refills_and_can_be_picked_when_alone():
    g = position(EW, {6: "6d", 7: "7s", 10: "Qc", 2: "5d"}, base=5)
    assert g.move(10, 1, 7) is False               # Qc cannot go on 7s
    assert (10, 1, 2) not in g.moves()
    g2 = position(EW, {6: "", 7: "8d", 10: "7d", 2: "5d", 3: "5s"}, base=5)
    assert g2.move(10, 1, 7) or g2.move(10, 1, 6)


def test_trunk_cannot_be_picked_while_face_down_on_top():
    g = position(EW, {10: "Qc 5c*", 6: "", 2: "4d"}, base=5)
    assert all(src != 10 for src, _, _ in g.moves())


def test_empty_wing_pile_takes_any_card_once_trunk_is_empty():
    g = position(EW, {1: "Kd", 6: "", 10: "", 2: "5d"}, base=5)
    assert g.move(1, 1, 6)
    assert names(g, 6) == "Kd"


def test_foundation_takes_base_rank_when_empty_and_builds_up_in_suit_with_wrap():
    g = position(EW, {2: "Qd", 1: "Ks", 6: "Kd", 7: "Ad", 8: "Qs", 10: "2c*"}, base=12)
    assert not g.move(1, 1, 3)                    # Ks is not the base rank
    assert g.move(8, 1, 3)                        # Qs starts a foundation
    assert g.move(6, 1, 2)                        # Kd on Qd
    assert g.move(7, 1, 2)                        # Ad on Kd: wrap
    assert g.score == 4


def test_group_goes_home_top_card_first():
    g = position(EW, {2: "5d", 6: "8d 7d 6d", 10: "2c*"}, base=5)
    assert (6, 3, 2) in g.moves() and (6, 2, 2) in g.moves() and (6, 1, 2) in g.moves()
    assert g.move(6, 3, 2)
    assert names(g, 2) == "5d 6d 7d 8d"
    assert g.score == 4
    g.undo()
    assert names(g, 6) == "8d 7d 6d" and names(g, 2) == "5d"


def test_nothing_goes_onto_stock_waste_or_trunk_and_nothing_leaves_a_foundation():
    g = position(EW, {2: "5d", 6: "6d", 1: "9c", 10: "", 7: ""}, base=5)
    for src, n, dst in g.moves():
        assert dst not in (0, 1, 10) and src not in (2, 3, 4, 5)


def test_won_when_everything_is_home():
    g = position(EW, {2: "Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc",
                      3: "Ad 2d 3d 4d 5d 6d 7d 8d 9d Td Jd Qd Kd",
                      4: "Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh",
                      5: "As 2s 3s 4s 5s 6s 7s 8s 9s Ts", 11: "Ks Qs Js"}, base=1, spare_pile=5)
    assert not g.is_won()
    assert g.move(11, 3, 5)                       # the group goes home top card first
    assert g.is_won() and g.cards(5)[-1] & 0x3F == 0x3D

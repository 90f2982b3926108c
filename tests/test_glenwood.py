"""Glenwood rules from docs/rules.md, each on a hand-built deck or position."""

from patience.core import problems
from support import dealt, position, names

GW = "glenwood"


def test_deal_in_rounds_to_reserves_then_tableau_no_base():
    g = dealt(GW, p6="Ac 2c 3c", p11="4c 5c 6c", p12="7c 8c 9c", p13="Tc Jc Qc",
              p7="Kc", p10="Ad", p0="5s")
    assert names(g, 6) == "Ac 2c 3c" and names(g, 13) == "Tc Jc Qc"
    assert names(g, 7) == "Kc" and names(g, 10) == "Ad"
    assert g.size(0) == 36 and g.base == 0 and g.score == 0
    assert g.redeals_left == 1


def test_before_base_only_reserve_cards_move_and_stock_is_closed():
    g = dealt(GW, p6="Ac 2c 3c", p7="4d", p13="Tc Jc 3s")
    assert not g.can_deal() and not g.deal()
    assert g.pick_problem(0, 1) == problems.BASE_FIRST  # the player is told what opens it
    assert all(src in (6, 11, 12, 13) for src, _, _ in g.moves())
    assert g.move(13, 1, 7)                     # reserve card on tableau before base
    assert names(g, 7) == "4d 3s"


def test_first_card_on_pile_two_fixes_base_and_opens_the_stock():
    g = dealt(GW, p6="Ac 2c 9s", p7="4d")
    assert not g.move(6, 1, 3)                  # other foundations wait for pile 2
    assert g.move(6, 1, 2)
    assert g.base == 9 and g.score == 1 and g.can_deal()
    assert g.pick_problem(0, 1) == problems.STOCK_DEALS
    g.undo()
    assert g.base == 0 and not g.can_deal()


def test_other_foundations_take_base_rank_then_suit_up():
    g = position(GW, {2: "9s", 6: "9h", 7: "Ts", 8: "8h"}, base=9)
    assert not g.move(8, 1, 3)
    assert g.move(6, 1, 3)
    assert g.move(7, 1, 2)


def test_tableau_builds_down_alternating_colour_with_king_on_ace():
    g = position(GW, {2: "9s", 7: "Ad", 8: "Kc", 9: "Kh", 6: "5c"}, base=9)
    assert not g.move(9, 1, 7)                  # red on red
    assert g.move(8, 1, 7)


def test_top_of_a_longer_tableau_pile_only_goes_home_whole_pile_moves():
    g = position(GW, {2: "9s", 7: "Ad Kc", 8: "2s", 9: "", 6: "Ts"}, base=9)
    assert (7, 1, 9) not in g.moves() and (7, 1, 8) not in g.moves()
    assert g.move(7, 2, 8)                      # whole pile onto 2s (Ad red on black)
    assert names(g, 8) == "2s Ad Kc"
    assert g.move(8, 3, 9)                      # whole pile to an empty pile too
    assert not g.move(9, 3, 3)                  # whole piles never go home


def test_waste_card_on_empty_tableau_only_when_all_reserves_are_empty():
    g = position(GW, {2: "9s", 1: "Kd", 7: "", 11: "3c"}, base=9)
    assert not g.move(1, 1, 7)
    g = position(GW, {2: "9s", 1: "Kd", 7: ""}, base=9)
    assert g.move(1, 1, 7)


def test_reserve_card_to_empty_tableau_any_time():
    g = position(GW, {2: "9s", 7: "", 11: "3c 4h"}, base=9)
    assert g.move(11, 1, 7)


def test_one_redeal_after_base():
    g = dealt(GW, p6="Ac 2c 9s")
    g.move(6, 1, 2)
    for _ in range(36):
        g.deal()
    assert g.deal() and g.redeals_left == 0 and g.size(0) == 36
    for _ in range(36):
        g.deal()
    assert not g.can_deal()


def test_nothing_onto_stock_waste_or_reserves_and_nothing_from_foundations():
    g = position(GW, {2: "9s", 3: "9h", 1: "8c", 6: "7d"}, base=9)
    for src, _, dst in g.moves():
        assert dst not in (0, 1, 6, 11, 12, 13) and src not in (2, 3, 4, 5)

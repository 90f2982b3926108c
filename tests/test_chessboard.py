"""Chessboard rules from docs/rules.md, each on a hand-built deck or position."""

import patience
from support import dealt, position, names

CB = "chessboard"


def test_deal_five_rounds_then_two_extra():
    g = dealt(CB, p0="Ac 2c 3c 4c 5c 6c", p1="Ad 2d 3d 4d 5d 6d", p13="Ah 2h 3h 4h 5h")
    assert names(g, 0) == "Ac 2c 3c 4c 5c 6c" and names(g, 1) == "Ad 2d 3d 4d 5d 6d"
    assert names(g, 13) == "Ah 2h 3h 4h 5h"
    assert [g.size(p) for p in (0, 1, 2, 4, 5, 7, 8, 10, 11, 13)] == [6, 6] + [5] * 8
    assert g.base == 0 and g.score == 0 and not g.can_deal()


def test_first_foundation_card_is_anything_then_only_base_rank():
    g = dealt(CB, p0="Ac 2c 3c 4c 5c 7h", p1="Ad 2d 3d 4d 5d 6s", p2="Ah 2h 3h 4h 7s")
    assert g.move(1, 1, 9)                      # any card, any foundation: 6s
    assert g.base == 6
    assert not g.move(0, 1, 3)                  # 7h is not the base rank
    assert g.move(2, 1, 12) is False            # 7s must build on 6s, not start
    assert g.move(2, 1, 9)
    assert names(g, 9) == "6s 7s" and g.score == 2


def test_foundation_wraps_king_to_ace():
    g = position(CB, {3: "Qc Kc", 0: "Ac"}, base=12, spare_pile=13)
    assert g.move(0, 1, 3)


def test_tableau_same_suit_one_up_or_down_with_wrap():
    g = position(CB, {0: "5h", 1: "6h", 2: "4h", 4: "6s", 5: "Kd", 7: "Ad"}, spare_pile=13)
    assert g.move(1, 1, 0)                      # 6h on 5h: one up
    assert g.move(2, 1, 0) is False             # 4h on 6h: no
    assert not g.move(4, 1, 0)                  # wrong suit
    assert g.move(5, 1, 7)                      # Kd on Ad


def test_empty_tableau_takes_any_card_and_foundations_give_nothing():
    g = position(CB, {0: "", 1: "9c", 3: "Ac"}, base=1, spare_pile=13)
    assert g.move(1, 1, 0)
    assert all(src not in (3, 6, 9, 12) for src, _, _ in g.moves())


def test_won_when_ten_tableau_piles_are_empty():
    g = position(CB, {3: "Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc",
                      6: "Ad 2d 3d 4d 5d 6d 7d 8d 9d Td Jd Qd Kd",
                      9: "Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh",
                      12: "As 2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs", 13: "Ks"}, base=1, spare_pile=12)
    assert not g.is_won()
    assert g.move(13, 1, 12)
    assert g.is_won() and all(g.size(p) == 0 for p in range(14) if g.kind(p) == patience.TABLEAU)

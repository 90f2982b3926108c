"""Every game's layout fits every screen: long piles squeeze, never overlap."""

import pytest

import patience
from patience.screens.start import load_art, size_for
from patience.core.piles import FAN_NONE, FAN_DOWN, FAN_RIGHT
from patience.screens.layout import build, lay_out
from support import position, ALL_CARDS, FIRMWARE
from patience.core.names import card_name

SCREENS = [(160, 128), (240, 135), (240, 240), (320, 240)]


def reach(layout, pile):
    """The rectangle (x1, y1, x2, y2) a pile may ever cover."""
    x, y = layout.x[pile], layout.y[pile]
    wide = layout.room[pile] if layout.fan[pile] == FAN_RIGHT else layout.card_w
    tall = layout.room[pile] if layout.fan[pile] == FAN_DOWN else layout.card_h
    return x, y, x + wide, y + tall


def overlap(a, b):
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.fixture(scope="module", params=SCREENS, ids=lambda s: "%dx%d" % s)
def screen(request):
    width, height = request.param
    return width, height, load_art(size_for(width, height), root=str(FIRMWARE))


@pytest.mark.parametrize("name", patience.games.GAMES)
def test_pile_reaches_stay_on_screen_and_apart(name, screen):
    width, height, art = screen
    rules = patience.games.rules_for(name)
    layout = lay_out(rules, width, height, art.card_w, art.card_h, art.font_h + 2)
    assert len(rules.LAYOUT) == 3 * len(rules.KINDS)      # one place per pile
    rects = [reach(layout, p) for p in range(len(rules.LAYOUT) // 3)]
    for pile, rect in enumerate(rects):
        assert rect[0] >= 0 and rect[1] >= 0, (pile, rect)
        assert rect[2] <= width and rect[3] <= height - art.font_h - 2, (pile, rect)
        if layout.fan[pile] != FAN_NONE:
            assert layout.room[pile] >= (art.card_h if layout.fan[pile] == FAN_DOWN
                                         else art.card_w) + 2 * 7, pile
        for other in range(pile):
            assert not overlap(rect, rects[other]), (pile, other)


def _longest(name, pile):
    """A position with every card the game could ever stack on ``pile``.

    No game can put more than 52 cards on one pile; half of them face
    down is more than any deal leaves, so this bounds every real pile.
    """
    spare = 0 if pile else 1
    cards = " ".join(("%s*" if i < 20 else "%s") % c for i, c in
                     enumerate(card_name(c) for c in ALL_CARDS[:50]))
    return position(name, {pile: cards}, base=0, spare_pile=spare)


@pytest.mark.parametrize("name", patience.games.GAMES)
def test_longest_piles_render_inside_their_reach(name, screen):
    width, height, art = screen
    pool = [art.card_grid() for _ in range(52)]
    rules = patience.games.rules_for(name)
    for pile in range(len(rules.LAYOUT) // 3):
        if rules.LAYOUT[3 * pile + 2] == FAN_NONE:
            continue
        table = build(art, pool, _longest(name, pile), width, height)
        x1, y1, x2, y2 = reach(table.layout, pile)
        group = table.piles[pile]
        assert len(group) == 1 + 50
        for grid in group[1:]:
            gx, gy = group.x + grid.x, group.y + grid.y
            assert x1 <= gx and gx + art.card_w <= x2 and y1 <= gy and gy + art.card_h <= y2
        table.release()
        assert len(pool) == 52

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
    rules = patience.games.rules_for(name)
    for pile in range(len(rules.LAYOUT) // 3):
        if rules.LAYOUT[3 * pile + 2] == FAN_NONE:
            continue
        table = build(art, _longest(name, pile), width, height)
        x1, y1, x2, y2 = reach(table.layout, pile)
        grids = [table._grid(pile, depth) for depth in range(50)]
        assert len(set(map(id, grids))) == 50              # every card shows
        for grid in grids:
            assert x1 <= grid.x and grid.x + art.card_w <= x2
            assert y1 <= grid.y and grid.y + art.card_h <= y2


@pytest.mark.parametrize("name", patience.games.GAMES)
def test_a_table_makes_a_tilegrid_for_each_card_it_shows_and_a_few_spare(name, screen):
    """A pile shows its placeholder, top card or fan's bottom card on one
    TileGrid; only a fan's other cards take more, from a pool that keeps a
    few spare (an undo may show more cards), and one for each card of the
    next row in a game that deals its stock out in rows."""
    width, height, art = screen
    game = patience.new_game(name, seed=1)
    table = build(art, game, width, height)
    fans = [p for p in range(game.pile_count) if table.layout.fan[p] != FAN_NONE]
    shown_above = sum(max(0, game.size(p) - 1) for p in fans)
    grids = [layer for layer in table.group if type(layer).__name__ == "TileGrid"
             and layer.tile_width == art.card_w and layer.height == 1]
    assert len(grids) == game.pile_count + shown_above
    row = min(7, game.size(game.stock)) if name == "agnes" else 0  # Agnes deals rows of 7
    assert len(table.pool) == 3 + row
    assert not table.top_up()

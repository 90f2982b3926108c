"""The table laid out for a game: where its piles go on a screen, and the
Table made there (its piles' TileGrids, frames, badges, status line).

A game is laid out once, when its Player is made (play.py), so this module
is loaded for that moment and let go of after (lifetimes.MOMENTS["layout"]);
the Table and its Layout (table.py) keep what it worked out.
"""

# A game module declares ``COLUMNS``, ``ROWS`` and ``LAYOUT``: bytes of one
# (column, row, fan) triple per pile, fan being FAN_NONE (only the top card shows),
# FAN_DOWN or FAN_RIGHT. ``lay_out`` turns that into pixels for a screen and a
# card size: rows holding a downward fan share the height left over by the
# others, and every pile gets the room it may fill (up to the next pile or
# the screen edge), so a long pile squeezes instead of leaving its room.

import displayio
from micropython import const

from . import sheets
from ..core.piles import FAN_DOWN, FAN_RIGHT, STOCK, RESERVE
from .table import Frame, Layout, Table
from .text import Text

_MARGIN = const(1)


def place(rules, pile):
    """(column, row, fan) of a pile in its game's LAYOUT."""
    at = 3 * pile
    return rules.LAYOUT[at], rules.LAYOUT[at + 1], rules.LAYOUT[at + 2]


def lay_out(rules, width, height, card_w, card_h, status_h):
    """The Layout of a game's piles on a ``width`` x ``height`` screen,
    above a status line ``status_h`` pixels high."""
    count = len(rules.LAYOUT) // 3
    layout = Layout(card_w, card_h, count)
    tops = _row_tops(layout, rules, height - status_h)
    size = width // rules.COLUMNS  # a column's width
    for pile in range(count):
        column, row, fan = place(rules, pile)
        left = column * width // rules.COLUMNS
        layout.x[pile] = left + _MARGIN if fan == FAN_RIGHT else left + (size - card_w) // 2
        layout.y[pile] = tops[row]
        layout.fan[pile] = fan
    for pile in range(count):
        layout.room[pile] = _room(layout, rules, pile, width, tops)
    return layout


def _row_tops(layout, rules, usable):
    """Top y of each row; rows with a downward fan stretch."""
    stretch = bytearray(rules.ROWS)
    for at in range(0, len(rules.LAYOUT), 3):
        if rules.LAYOUT[at + 2] == FAN_DOWN:
            stretch[rules.LAYOUT[at + 1]] = 1
    fixed = layout.card_h + layout.gap
    total = fixed * (rules.ROWS - sum(stretch))  # the rows that keep their height
    step = max(0, usable - _MARGIN - total) // max(1, sum(stretch))  # and each that stretches
    if not sum(stretch) and total > usable - _MARGIN:
        fixed = (usable - _MARGIN) // rules.ROWS
    tops = []
    y = _MARGIN
    for row in range(rules.ROWS):
        tops.append(y)
        y += step if stretch[row] else fixed
    tops.append(usable + layout.gap)
    return tops


def _room(layout, rules, pile, width, tops):
    """How far a pile may spread: to the next pile or the screen edge."""
    column, row, fan = place(rules, pile)
    if fan == FAN_DOWN:
        return tops[row + 1] - layout.gap - layout.y[pile]
    if fan == FAN_RIGHT:
        limit = width
        for other in range(len(layout.x)):
            x, y, _ = place(rules, other)  # its column and row
            if y == row and x > column:
                limit = min(limit, layout.x[other])
        return limit - layout.gap - layout.x[pile]
    return layout.card_w


def build(art, game, width, height):
    """The Table of ``game`` on a ``width`` x ``height`` screen, drawn, its
    pool of spare card TileGrids full."""
    layout = lay_out(game.rules, width, height, art.card_w, art.card_h, art.font_h + 2 * _MARGIN)
    group = displayio.Group()
    bases = []
    for pile in range(game.pile_count):
        bases.append(art.card_grid(sheets.TILE_EMPTY, layout.x[pile], layout.y[pile], art.slot))
        group.append(bases[pile])
    cursor = Frame(art, art.cursor, group)
    # a hint's frames over the cursor's: its cards are often under the cursor
    hints = (Frame(art, art.hint, group), Frame(art, art.hint_to, group))
    # a count's Text on the stock and the reserves, over the frames
    badges = [Text(art, 2, 1, palette=art.panel) if kind in (STOCK, RESERVE) else None
              for kind in game.kinds]
    for badge in badges:
        if badge is not None:
            group.append(badge.grid)
    status = Text(art, (width - 2 * _MARGIN) // art.font_w, 1, _MARGIN,
                  height - art.font_h - _MARGIN)
    group.append(status.grid)
    table = Table(art, game, layout, group, bases, cursor, hints, badges, status)
    table.update(force=True)
    while table.top_up():
        pass
    return table

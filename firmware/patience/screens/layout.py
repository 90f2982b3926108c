"""Where piles go on a screen, worked out from each game's grid of piles."""

# A game module declares ``COLUMNS``, ``ROWS`` and ``LAYOUT``: bytes of one
# (column, row, fan) triple per pile, fan being FAN_NONE (only the top card shows),
# FAN_DOWN or FAN_RIGHT. ``Layout`` turns that into pixels for a screen and a
# card size: rows holding a downward fan share the height left over by the
# others, and every pile gets the room it may fill (up to the next pile or
# the screen edge), so a long pile squeezes instead of leaving its room.

from micropython import const

from ..core.piles import FAN_NONE, FAN_DOWN, FAN_RIGHT

_MARGIN = const(1)


def place(rules, pile):
    """(column, row, fan) of a pile in its game's LAYOUT."""
    at = 3 * pile
    return rules.LAYOUT[at], rules.LAYOUT[at + 1], rules.LAYOUT[at + 2]


class Layout:
    """Pixel places of a game's piles on a ``width`` x ``height`` screen."""

    def __init__(self, rules, width, height, card_w, card_h, status_h):
        self.card_w = card_w
        self.card_h = card_h
        self.gap = 2 if card_w < 20 else 3
        count = len(rules.LAYOUT) // 3
        self.x = [0] * count
        self.y = [0] * count
        self.fan = bytearray(count)
        self.room = [0] * count  # pixels a pile may cover, its card included
        tops = self._row_tops(rules, height - status_h)
        size = width // rules.COLUMNS  # a column's width
        for pile in range(count):
            column, row, fan = place(rules, pile)
            left = column * width // rules.COLUMNS
            self.x[pile] = left + _MARGIN if fan == FAN_RIGHT else left + (size - card_w) // 2
            self.y[pile] = tops[row]
            self.fan[pile] = fan
        for pile in range(count):
            self.room[pile] = self._room(rules, pile, width, tops)

    def _row_tops(self, rules, usable):
        """Top y of each row; rows with a downward fan stretch."""
        stretch = bytearray(rules.ROWS)
        for at in range(0, len(rules.LAYOUT), 3):
            if rules.LAYOUT[at + 2] == FAN_DOWN:
                stretch[rules.LAYOUT[at + 1]] = 1
        fixed = self.card_h + self.gap
        total = fixed * (rules.ROWS - sum(stretch))  # the rows that keep their height
        step = max(0, usable - _MARGIN - total) // max(1, sum(stretch))  # and each that stretches
        if not sum(stretch) and total > usable - _MARGIN:
            fixed = (usable - _MARGIN) // rules.ROWS
        tops = []
        y = _MARGIN
        for row in range(rules.ROWS):
            tops.append(y)
            y += step if stretch[row] else fixed
        tops.append(usable + self.gap)
        return tops

    def _room(self, rules, pile, width, tops):
        """How far a pile may spread: to the next pile or the screen edge."""
        column, row, fan = place(rules, pile)
        if fan == FAN_DOWN:
            return tops[row + 1] - self.gap - self.y[pile]
        if fan == FAN_RIGHT:
            limit = width
            for other in range(len(self.x)):
                other_column, other_row, _ = place(rules, other)
                if other_row == row and other_column > column:
                    limit = min(limit, self.x[other])
            return limit - self.gap - self.x[pile]
        return self.card_w

    def squeeze(self, pile, steps_before, steps_total):
        """Offset along the fan of a card whose wanted offset is steps_before.

        ``steps_total`` is the wanted offset of the pile's top card; when the
        pile would overflow its room every offset shrinks in proportion.
        """
        size = self.card_h if self.fan[pile] == FAN_DOWN else self.card_w
        room = self.room[pile] - size
        if steps_total <= room:
            return steps_before
        return steps_before * room // steps_total

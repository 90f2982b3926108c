"""Help on the device: a game's rules and this board's controls, to scroll.

``show_help(panel, keys, name, rules, back)`` opens one page: the game's
rules, then the board's controls; ``show_controls(panel, keys, back)``
the controls alone. Up and down scroll, B goes ``back()``, any other
button closes. The module is let go when the panel closes.
"""

# The rules: a map of the game's piles drawn from its LAYOUT, one letter a
# pile kind, then the paragraphs ``rules.<name>.1``, ``.2`` ... wrapped to
# the screen; the controls of the board in hand come from controls.py.

from . import buttons
from .sheets import CHAR_RIGHT
from .text import pad
from ..core.piles import FAN_RIGHT

class Reader:
    """Lines in a panel, a screenful at a time; up and down turn the page,
    B goes ``back()`` (the list it was opened from), other buttons close."""

    mode = buttons.LIST

    def __init__(self, panel, title, lines, back):
        self.panel = panel
        self.back = back
        self.title = title
        self.lines = lines
        self.top = 0
        words, width = panel.words, panel.columns - 2
        footer = words.named(words.get("help.scroll"), self.mode)
        if len(lines) <= panel.rows - 6:  # one page: nothing to scroll, only its close
            footer = footer.split("  ")[-1]
        # a blank line, then the footer: its parts a line each when too long
        self.footer = [""] + (footer.split("  ") if len(footer) > width else [footer])
        # the title and a blank line, the footer and the box's top and bottom rows stay
        self.shown = panel.rows - 4 - len(self.footer)
        self.draw()

    def draw(self):
        panel = self.panel
        width = panel.columns - 2
        window = self.lines[self.top:self.top + self.shown]
        window += [""] * (self.shown - len(window))
        where = "%d/%d" % (self._page(self.top), self._page(self._last()))
        title = pad(self.title, width - len(where)) + where
        panel.show(self, [title, ""] + window + self.footer, centre=False)

    def _last(self):
        """The top line of the last screenful."""
        return max(0, len(self.lines) - self.shown)

    def _page(self, top):
        step = self.shown - 1
        return -(-top // step) + 1

    def press(self, button):
        """Down and up turn a screenful (one line stays), round from the
        last to the first (a one-button board's plain press goes
        everywhere); B closes and goes ``back()``, other buttons close."""
        step, last = self.shown - 1, self._last()  # the last line stays in sight
        if button == buttons.DOWN:
            self.top = 0 if self.top >= last else min(last, self.top + step)
        elif button == buttons.UP:
            self.top = last if self.top <= 0 else max(0, self.top - step)
        elif not buttons.is_arrow(button):
            self.panel.close()
            if button == buttons.B:
                self.back()
            return
        self.draw()


def wrap(text, width):
    """``text`` cut into lines of at most ``width`` characters, at spaces
    (a longer word has a line of its own), and at each line break it holds.
    Each line is cut from the text once: no piece of a line is made."""
    lines = []
    for part in text.split("\n"):
        start = 0
        while len(part) - start > width:
            cut = part.rfind(" ", start, start + width + 1)
            if cut <= start:  # the word is longer than a line
                cut = part.find(" ", start + 1)
                if cut < 0:
                    break
            lines.append(part[start:cut])
            start = cut + 1
            while part[start:start + 1] == " ":  # no line starts with a space
                start += 1
        lines.append(part[start:])
    return lines


def pile_map(words, rules):
    """The game's piles where they lie on screen, one letter a kind (an
    arrow after a pile that spreads to the right)."""
    letters = words.get("help.letters")
    rows = [[" "] * (2 * rules.COLUMNS) for _ in range(rules.ROWS)]
    layout = rules.LAYOUT
    for pile, kind in enumerate(rules.KINDS):
        column, row, fan = layout[3 * pile], layout[3 * pile + 1], layout[3 * pile + 2]
        rows[row][2 * column] = letters[kind]
        if fan == FAN_RIGHT:
            rows[row][2 * column + 1] = chr(CHAR_RIGHT)
    for row in rows:
        while row and row[-1] == " ":  # not rstrip: it takes the arrow for a space
            row.pop()
    return ["".join(row) for row in rows]


def rules_lines(words, name, rules, width):
    """The map of the piles, then the rules' paragraphs, wrapped."""
    lines = [" " + line for line in pile_map(words, rules)]
    number = 1
    while True:
        key = "rules.%s.%d" % (name, number)
        text = words.get(key)
        if text == key:
            return lines
        lines.append("")
        lines += wrap(text, width)
        number += 1


def show_help(panel, keys, name, rules, back):
    """The rules of game ``name`` (its rules module), then the controls; B
    goes ``back()``."""
    from . import controls
    words, width = panel.words, panel.columns - 2
    lines = rules_lines(words, name, rules, width)
    lines += ["", words.get("controls.title")] + controls.wrapped(words, keys, width, wrap)
    Reader(panel, words.fill("help.rules_title", words.get("game." + name)), lines, back)


def show_controls(panel, keys, back):
    """This board's controls alone; B goes ``back()``."""
    from . import controls
    words = panel.words
    lines = controls.wrapped(words, keys, panel.columns - 2, wrap)
    Reader(panel, words.get("controls.title"), lines, back)


"""Help on the device: a game's rules and this board's controls, to scroll.

``show_help(panel, keys, name, rules, back)`` opens one page: the game's
rules, then the board's controls (``help(player)``: those of the game on
the table); ``show_controls(panel, keys, back)`` the controls alone. Up
and down scroll, B goes ``back()``, any other button closes. The module is
let go when the panel closes.
"""

# The rules: a map of the game's piles drawn from its LAYOUT, one letter a
# pile kind, then the paragraphs ``rules.<name>.1``, ``.2`` ... wrapped to
# the screen; the controls of the board in hand come from controls.py. A
# page keeps its texts whole and where each of its lines starts (Lines),
# not a string a line: a line is drawn from its text as it shows.

from ..input import buttons
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
        where = "%d/%d" % (self._page(self.top), self._page(self._last()))
        title = pad(self.title, width - len(where)) + where
        panel.show(self, [title, ""] + [""] * self.shown + self.footer, centre=False)
        lines = self.lines
        for row in range(min(self.shown, len(lines) - self.top)):
            lines.draw(self.top + row, panel, 2 + row)

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


class Lines:
    """``texts`` (paragraphs, or lines cut already; "" a blank line)
    wrapped to ``width``: where each line starts (its text and its first
    character, 3 bytes a line) is found once, where it ends as it is drawn."""

    def __init__(self, texts, width):
        self.texts = texts
        self.width = width
        self.starts = None
        self.starts = bytearray(3 * self._walk())  # counted first: made in one piece
        self._walk()

    def _walk(self):
        """Count the lines; note where each starts once ``starts`` is made."""
        count = 0
        starts = self.starts
        for index in range(len(self.texts)):
            text = self.texts[index]
            start = 0
            while start <= len(text):
                if starts is not None:
                    starts[3 * count] = index
                    starts[3 * count + 1] = start & 0xFF
                    starts[3 * count + 2] = start >> 8
                count += 1
                start = _next(text, _end(text, start, self.width))
        return count

    def __len__(self):
        return len(self.starts) // 3

    def __getitem__(self, line):
        """Line ``line`` as a string (the page draws none: see draw)."""
        if line < 0:
            line += len(self)
        if not 0 <= line < len(self):
            raise IndexError(line)
        text = self.texts[self.starts[3 * line]]
        start = self.starts[3 * line + 1] | self.starts[3 * line + 2] << 8
        return text[start:_end(text, start, self.width)]

    def draw(self, line, panel, at):
        """Line ``line`` as line ``at`` of the panel's box."""
        text = self.texts[self.starts[3 * line]]
        start = self.starts[3 * line + 1] | self.starts[3 * line + 2] << 8
        panel.part(at, text, start, _end(text, start, self.width))


def wrap(text, width):
    """``text`` cut into lines of at most ``width`` characters, at spaces
    (a longer word has a line of its own), and at each line break it holds."""
    lines = []
    start = 0
    while start <= len(text):
        end = _end(text, start, width)
        lines.append(text[start:end])
        start = _next(text, end)
    return lines


def _end(text, start, width):
    """Where the line of ``text`` from ``start`` ends: at a line break, at
    the last space within ``width`` (after a longer word), or at the end."""
    stop = text.find("\n", start)
    if stop < 0:
        stop = len(text)
    if stop - start <= width:
        return stop
    cut = text.rfind(" ", start, start + width + 1)
    if cut <= start:  # the word is longer than a line
        cut = text.find(" ", start + 1, stop)
    return stop if cut < 0 else cut


def _next(text, end):
    """Where the line after the one ending at ``end`` starts: past a line
    break, or past the spaces it was cut at (no line starts with one);
    past the end of ``text`` when there is none."""
    if end >= len(text):
        return end + 1
    end += 1
    if text[end - 1] == " ":
        while end < len(text) and text[end] == " ":
            end += 1
    return end


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


def rules_texts(words, name, rules):
    """The map of the piles, then the rules' paragraphs (a blank line before each)."""
    texts = [" " + line for line in pile_map(words, rules)]
    number = 1
    while True:
        key = "rules.%s.%d" % (name, number)
        text = words.get(key)
        if text == key:
            return texts
        texts.append("")
        texts.append(text)
        number += 1


def help(player):  # pylint: disable=redefined-builtin  # the menu item's name
    """The Start menu's HELP: this game's rules and the board's controls."""
    show_help(player.panel, player.host.keys, player.game.name, player.game.rules,
              player.reopen)


def show_help(panel, keys, name, rules, back):
    """The rules of game ``name`` (its rules module), then the controls; B
    goes ``back()``."""
    from . import controls
    words, width = panel.words, panel.columns - 2
    texts = rules_texts(words, name, rules)
    texts += ["", words.get("controls.title")] + controls.wrapped(words, keys, width, wrap)
    Reader(panel, words.fill("help.rules_title", words.get("game." + name)),
           Lines(texts, width), back)


def show_controls(panel, keys, back):
    """This board's controls alone; B goes ``back()``."""
    from . import controls
    words, width = panel.words, panel.columns - 2
    Reader(panel, words.get("controls.title"),
           Lines(controls.wrapped(words, keys, width, wrap), width), back)

"""The Start menu and every other declared list of items.

It is an overlay: it draws in the panel it is given (see text.Panel) and
calls the actions it is given; it knows nothing of the screen under it.
(Typing a deal number, the other list-like overlay, is digits.DealEntry.)
"""

from micropython import const

from ..input import buttons
from .sheets import CHAR_RIGHT

_ARROW_CELLS = const(2)  # an item's label follows the arrow's cell and a space
_SPACE = const(32)


class Menu:
    """Items ``(label, action)`` in a panel; up and down choose, A runs one,
    left and right step a setting back and forth, B goes ``back()`` (or
    just closes), Start closes. The arrow starts on item ``choice``."""
    # ``label`` is a word key or a function giving the text (a setting shows
    # its value). The menu closes, then ``action()`` runs (with a ``target``,
    # actions are names: the item is left in ``target.later`` for the target
    # to run once this press is handled, fewer calls deep, and a constant
    # list of items makes no functions when the menu opens); an action that
    # returns True keeps the menu open (a setting that cycles). A setting's label is a function and
    # its action takes a step: +1 (right), -1 (left) or 0 (A, on every
    # board), and the setting says what a step does (brightness goes up or
    # down and stops at the ends, and round on A; a choice of two just
    # changes); ``done()`` follows every action.
    # None as an action just closes the menu. Moving through the items
    # only moves the arrow: no strings are made.

    mode = buttons.LIST

    def __init__(self, panel, items, done=None, title="menu.title", target=None, choice=0,
                 back=None):
        self.panel = panel
        self.back = back
        self.items = items
        self.done = done
        self.title = title
        self.target = target
        self.choice = choice
        self.draw()

    def draw(self):
        get = self.panel.words.get
        lines = [""] * (len(self.items) + 2)  # the title, a blank line, the labels
        lines[0] = get(self.title)
        at = 2
        for label, _ in self.items:
            lines[at] = label() if callable(label) else get(label)
            at += 1
        self.panel.show(self, lines, centre=False, indent=_ARROW_CELLS)
        self._mark(self.choice, CHAR_RIGHT)

    def _mark(self, index, char):
        """``char`` in front of item ``index`` (below the title and a blank line)."""
        self.panel.cell(2 + index, 1, char)

    def press(self, button):
        if button == buttons.UP or button == buttons.DOWN:
            step = 1 if button == buttons.DOWN else -1
            self._mark(self.choice, _SPACE)
            self.choice = (self.choice + step) % len(self.items)
            self._mark(self.choice, CHAR_RIGHT)
        elif button == buttons.A:
            self.run(0)
        elif (button == buttons.LEFT or button == buttons.RIGHT) and \
                callable(self.items[self.choice][0]):
            self.run(1 if button == buttons.RIGHT else -1)
        elif button == buttons.B and self.back is not None:
            self.back()  # draws in the panel still open (closing it lets go of code)
        elif button == buttons.B or button == buttons.START:
            self.panel.close()

    def run(self, step):
        """Close, run the chosen item's action (a setting's with ``step``),
        and open again when it asks."""
        self.panel.close()
        label, action = self.items[self.choice]
        if self.target is not None:
            self.target.later = self.items[self.choice]
        elif action is not None and (action(step) if callable(label) else action()):
            self.draw()
        if self.done is not None:
            self.done()

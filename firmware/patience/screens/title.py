"""The title screen: choose a game, the options or the help."""

import displayio

from ..input import buttons
from ..games import GAMES
from .sheets import CHAR_RIGHT
from .text import Panel, Text, pad

_EXTRAS = ("menu.options", "menu.help")  # after the games


class Title:
    """A full-screen list of the games, OPTIONS and HELP; A starts the
    chosen game (``app.play``) or opens the options or the help in a panel,
    B goes back to the game in play. A line for the player from the saves
    (damaged, off) shows under the list."""

    game = None

    def __init__(self, app, selected=None):
        self.app = app
        self.choice = GAMES.index(selected) if selected in GAMES else 0
        self.text = None
        self.body = displayio.Group()  # holds the text block
        self.group = displayio.Group()
        self.group.append(self.body)
        self.panel = Panel(app, self.group)
        self.note = app.keeper.take_notice()  # (key, values...) or None
        self.draw()

    def input_mode(self):
        overlay = self.panel.overlay
        return buttons.LIST if overlay is None else overlay.mode

    def entries(self):
        """What the list holds: each game's title, then the extras, as word keys."""
        return tuple("game." + name for name in GAMES) + _EXTRAS

    def draw(self):
        get = self.app.words.get
        self.labels = labels = [get(key) for key in self.entries()]  # kept for up and down
        self.width = max(len(label) for label in labels) + 2
        lines = ["", get("title.name"), ""]
        for index in range(len(labels)):
            if index == len(GAMES):
                lines.append("")
            lines.append(self._entry(index))
        named = self.app.words.named
        keys = [named(get("title.choose"), buttons.LIST), named(get("title.play"), buttons.LIST)]
        if self.app.left is not None:
            keys.append(named(get("title.back"), buttons.LIST))
        widest = max(len(line) for line in keys)  # centred as one block, each from its left
        lines += [""] + [pad(line, widest) for line in keys]
        if self.note:
            lines += ["", self.app.words.fill(*self.note)]
        self._fit(max(len(line) for line in lines), len(lines))
        self.text.lines(lines, centre=True)
        self._cover()

    def _cover(self):
        """The list hides while a panel is open over it (its name and key
        lines would show round the panel's box)."""
        self.body.hidden = self.panel.overlay is not None

    def _entry(self, index):
        mark = chr(CHAR_RIGHT) + " " if index == self.choice else "  "
        return pad(mark + self.labels[index], self.width)

    def _choose(self, choice):
        """Move the mark to entry ``choice``, redrawing only the two lines."""
        old, self.choice = self.choice, choice
        for index in (old, choice):  # under the name, the extras after a blank line
            row = 3 + index + (index >= len(GAMES))
            self.text.line(row, self._entry(index), centre=True)

    def _fit(self, columns, rows):
        """A text block of ``columns`` x ``rows``, in the middle of the screen,
        under the panel (made anew when the words change its size)."""
        text = self.text
        if text is not None and text.columns == columns and text.rows == rows:
            return
        if text is not None:
            self.body.remove(text.grid)
        app, art = self.app, self.app.art
        self.text = Text(art, columns, rows, (app.width - columns * art.font_w) // 2,
                         (app.height - rows * art.font_h) // 2)
        self.body.append(self.text.grid)

    def press(self, button):
        if self.panel.overlay is not None:
            self.panel.overlay.press(button)  # it draws itself (a language the App redraws)
            self._cover()  # the list shows again once it is closed
            return True
        if button == buttons.UP or button == buttons.DOWN:
            step = 1 if button == buttons.DOWN else -1
            self._choose((self.choice + step) % (len(GAMES) + len(_EXTRAS)))
            return True
        if button == buttons.START and self.app.left is not None:
            button = buttons.B  # START closes a list: back to the game left
        if button == buttons.A or button == buttons.START:  # with no game left, START plays
            if self.choice < len(GAMES):
                self.app.play(GAMES[self.choice])
            elif _EXTRAS[self.choice - len(GAMES)] == "menu.options":
                self.options()
            else:
                self.help()
            self._cover()
            return True
        if button == buttons.B and self.app.left is not None:
            self.app.resume()
            return True
        return False

    def help(self, choice=0):
        """A list of the games' rules and the controls (the arrow on item
        ``choice``: the page B came back from)."""
        from .menu import Menu
        items = [("game." + name, self._rules_of(name)) for name in GAMES]
        items.append(("controls.title", self._controls))
        Menu(self.panel, items, None, "menu.help", choice=choice)

    def _rules_of(self, name):
        def show():
            from ..games import rules_for
            from .helppage import show_help
            show_help(self.panel, self.app.keys, name, rules_for(name),
                      lambda: self.help(GAMES.index(name)))
        return show

    def _controls(self):
        from .helppage import show_controls
        show_controls(self.panel, self.app.keys, lambda: self.help(len(GAMES)))

    def options(self):
        from .menu import Menu
        from .options import Options
        Menu(self.panel, Options(self.app).items(), self.app.keeper.save, "menu.options")

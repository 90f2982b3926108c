"""The title screen: choose a game, or the options."""

import displayio

from . import buttons
from ..games import GAMES
from .sheets import CHAR_RIGHT
from .text import Panel, Text, pad


class Title:
    """A full-screen list of the games and OPTIONS; A starts the chosen game
    (``app.play``) or opens the options in a panel, B goes back to the game
    in play."""

    game = None

    def __init__(self, app, selected=None):
        self.app = app
        self.choice = GAMES.index(selected) if selected in GAMES else 0
        self.text = None
        self.body = displayio.Group()  # holds the text block
        self.group = displayio.Group()
        self.group.append(self.body)
        self.panel = Panel(app.art, app.width, app.height, app.words, self.group)
        self.draw()

    def input_mode(self):
        overlay = self.panel.overlay
        return buttons.LIST if overlay is None else overlay.mode

    def entries(self):
        """What the list holds: the games' names, then None for OPTIONS."""
        return GAMES + (None,)

    def draw(self):
        get = self.app.words.get
        labels = [get("game." + name) if name else get("menu.options") for name in self.entries()]
        width = max(len(label) for label in labels) + 2
        lines = ["", get("title.name"), ""]
        for index, label in enumerate(labels):
            if index == len(GAMES):
                lines.append("")
            mark = chr(CHAR_RIGHT) + " " if index == self.choice else "  "
            lines.append(pad(mark + label, width))
        lines += ["", get("title.choose"), get("title.play")]
        if self.app.left is not None:
            lines.append(get("title.back"))
        self._fit(max(len(line) for line in lines), len(lines))
        self.text.lines(lines, centre=True)

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
            self.panel.overlay.press(button)
            self.draw()
            return True
        if button == buttons.UP or button == buttons.DOWN:
            step = 1 if button == buttons.DOWN else -1
            self.choice = (self.choice + step) % len(self.entries())
            self.draw()
            return True
        if button == buttons.A:
            name = self.entries()[self.choice]
            if name is None:
                self.options()
            else:
                self.app.play(name)
            return True
        if button == buttons.B and self.app.left is not None:
            self.app.resume()
            return True
        return False

    def options(self):
        from .menu import Menu
        from .options import Options
        Menu(self.panel, Options(self.app).items(), self.app.keeper.save, "menu.options")

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
        art = app.art
        columns, rows = app.width // art.font_w, app.height // art.font_h
        self.text = Text(art, columns, rows, 0, (app.height - rows * art.font_h) // 2)
        self.panel = Panel(art, app.width, app.height, app.words)
        self.group = displayio.Group()
        self.group.append(self.text.grid)
        self.group.append(self.panel.grid)
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
        self.text.lines(lines, centre=True)

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

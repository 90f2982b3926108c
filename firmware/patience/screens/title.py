"""The title screen: choose one of the games."""

import displayio

from . import buttons
from ..games import GAMES
from .sheets import CHAR_RIGHT
from .text import Text, pad


class Title:
    """A full-screen list of the games; A starts the chosen one (``app.play``),
    B goes back to the game in play."""

    game = None

    def __init__(self, app, selected=None):
        self.app = app
        self.choice = GAMES.index(selected) if selected in GAMES else 0
        art = app.art
        columns, rows = app.width // art.font_w, app.height // art.font_h
        self.text = Text(art, columns, rows, 0, (app.height - rows * art.font_h) // 2)
        self.group = displayio.Group()
        self.group.append(self.text.grid)
        self.draw()

    def input_mode(self):
        return buttons.LIST

    def draw(self):
        get = self.app.words.get
        lines = ["", get("title.name"), ""]
        titles = [get("game." + name) for name in GAMES]
        width = max(len(title) for title in titles) + 2
        for index, title in enumerate(titles):
            mark = chr(CHAR_RIGHT) + " " if index == self.choice else "  "
            lines.append(pad(mark + title, width))
        lines += ["", get("title.choose"), get("title.play")]
        if self.app.player is not None:
            lines.append(get("title.back"))
        self.text.lines(lines, centre=True)

    def press(self, button):
        if button == buttons.UP or button == buttons.DOWN:
            step = 1 if button == buttons.DOWN else -1
            self.choice = (self.choice + step) % len(GAMES)
            self.draw()
            return True
        if button == buttons.A:
            self.app.play(GAMES[self.choice])
            return True
        if button == buttons.B and self.app.player is not None:
            self.app.resume()
            return True
        return False

"""The title screen: choose one of the four games."""

import displayio

from .. import GAMES
from . import buttons
from .text import Text, pad
from .play import TITLES


class Title:
    """A full-screen list of the games; A starts a new deal of the chosen one."""

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

    def draw(self):
        lines = ["", "CIRCUIT PATIENCE", ""]
        for index, name in enumerate(GAMES):
            mark = chr(133) + " " if index == self.choice else "  "
            lines.append(pad(mark + TITLES[name], 13))
        lines += ["", "UP DOWN: CHOOSE", "A: PLAY"]
        if self.app.player is not None:
            lines.append("B: BACK TO GAME")
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

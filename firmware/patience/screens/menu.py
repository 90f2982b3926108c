"""The Start menu over the table, including choosing a deal by number."""

from . import buttons
from ..core.engine import STOCK
from .text import pad

ITEMS = ("RESUME", "HINT", "UNDO", "REDO", "RESTART DEAL", "NEW DEAL",
         "DEAL NUMBER", "GAME", "STATISTICS", "BRIGHTNESS", "HELP")
BRIGHTNESS = (64, 128, 192, 255)
_DIGITS = 9


class Menu:
    """The menu panel; it holds the buttons until an item closes it."""

    def __init__(self, player):
        self.player = player
        self.choice = 0
        self.digits = None  # a bytearray while a deal number is typed
        self.place = 0
        self.draw()

    def draw(self):
        if self.digits is not None:
            self._draw_number()
            return
        lines = ["", "MENU"]
        for index, item in enumerate(ITEMS):
            if item == "BRIGHTNESS":
                item += " %d%%" % (self.player.keeper.saved.settings.brightness * 100 // 255)
            lines.append(("> " if index == self.choice else "  ") + item)
        self.player.show_panel(self, [pad(line, 17) for line in lines])

    def _draw_number(self):
        number = "".join(str(d) for d in self.digits)
        marker = " " * self.place + chr(134)
        self.player.show_panel(self, ("", "DEAL NUMBER", "", number, marker, "",
                                      "LEFT RIGHT: DIGIT", "UP DOWN: CHANGE",
                                      "A: DEAL  B: BACK"))

    def press(self, button):
        if self.digits is not None:
            self._press_number(button)
        elif button == buttons.UP or button == buttons.DOWN:
            step = 1 if button == buttons.DOWN else -1
            self.choice = (self.choice + step) % len(ITEMS)
            self.draw()
        elif button == buttons.A:
            self._choose(ITEMS[self.choice])
        elif button == buttons.B or button == buttons.START:
            self.player.close_overlay()

    def _choose(self, item):
        player = self.player
        if item == "DEAL NUMBER":
            self.digits = bytearray(int(c) for c in "%09d" % player.game.seed)
            self.place = _DIGITS - 1
            self.draw()
            return
        if item == "BRIGHTNESS":
            settings = player.keeper.saved.settings
            at = BRIGHTNESS.index(settings.brightness) if settings.brightness in BRIGHTNESS else 3
            settings.brightness = BRIGHTNESS[(at + 1) % len(BRIGHTNESS)]
            player.app.set_brightness(settings.brightness)
            player.keeper.dirty = True
            self.draw()
            return
        player.close_overlay()
        self._act(player, item)
        player.keeper.save()

    def _act(self, player, item):
        """Carry out a menu item that closes the menu."""
        if item == "HINT":
            show_hint(player)
        elif item == "UNDO":
            player.undo()
        elif item == "REDO":
            player.redo()
        elif item == "RESTART DEAL":
            player.restart()
        elif item == "NEW DEAL":
            player.new_deal()
        elif item == "GAME":
            player.app.title(player.game.name)
        elif item == "STATISTICS":
            from .statistics import Statistics
            Statistics(player)
        elif item == "HELP":
            from .notices import show_help
            show_help(player)

    def _press_number(self, button):
        digits = self.digits
        if button == buttons.LEFT or button == buttons.RIGHT:
            self.place = (self.place + (1 if button == buttons.RIGHT else -1)) % _DIGITS
        elif button == buttons.UP or button == buttons.DOWN:
            digits[self.place] = (digits[self.place] + (1 if button == buttons.UP else 9)) % 10
        elif button == buttons.A:
            number = int("".join(str(d) for d in digits))
            if number:
                self.player.close_overlay()
                self.player.new_deal(number)
                return
            self.player.message = "DEALS ARE 1 TO 999999999"
        elif button == buttons.B:
            self.digits = None
        self.draw()


def show_hint(player):
    """Frame a move worth making, or point at the stock, or say there is none."""
    game = player.game
    move = game.hint()
    if move is not None:
        src, n, dst = move
        player.table.show_hint(src, n - 1, dst)
        player.message = "HINT: MOVE THE MARKED CARD"
    elif game.can_deal() and game.kinds[STOCK] == STOCK:
        player.table.show_hint(STOCK)
        player.message = "HINT: DEAL FROM THE STOCK"
    else:
        player.message = "NO USEFUL MOVE FOUND"

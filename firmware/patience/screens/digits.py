"""Typing a deal number, digit by digit: the Deal number panel.

Only that panel needs it: actions.enter_deal loads it, and the panel lets
go of it when it closes (text.Panel).
"""

from micropython import const

from ..input import buttons
from .sheets import CHAR_UP

_DIGITS = const(9)


class DealEntry:
    """A deal number typed digit by digit: left and right choose a digit, up
    and down change it, A calls ``deal(number)``, B calls ``back()``."""

    mode = buttons.DIGITS

    def __init__(self, panel, number, deal, back):
        self.panel = panel
        self.digits = bytearray(int(c) for c in "%09d" % number)
        self.place = _DIGITS - 1
        self.deal = deal
        self.back = back
        self.draw()

    def draw(self):
        get = self.panel.words.get
        self.panel.show(self, (get("number.title"), "", self._number(), self._marker(), "",
                               get("number.digit"), get("number.change"), get("number.keys")))

    def _number(self):
        return "".join(str(d) for d in self.digits)

    def _marker(self):
        return " " * self.place + chr(CHAR_UP) + " " * (_DIGITS - 1 - self.place)

    def press(self, button):
        digits = self.digits
        if button == buttons.LEFT or button == buttons.RIGHT:
            self.place = (self.place + (1 if button == buttons.RIGHT else -1)) % _DIGITS
        elif button == buttons.UP or button == buttons.DOWN:
            digits[self.place] = (digits[self.place] + (1 if button == buttons.UP else 9)) % 10
        elif button == buttons.A:
            number = int("".join(str(d) for d in digits))
            if number:
                self.panel.close()
                self.deal(number)
                return
            self.panel.say(self.panel.words.get("number.range"))
        elif button == buttons.B:
            self.back()
            return
        elif button == buttons.START:
            self.panel.close()
            return
        self.panel.line(2, self._number())  # only the number and its marker change
        self.panel.line(3, self._marker())

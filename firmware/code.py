"""Circuit Patience: start the games on this board's screen and buttons."""

import board
import keypad

from patience.app import App

keys = keypad.ShiftRegisterKeys(clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT,
                                latch=board.BUTTON_LATCH, key_count=8,
                                value_when_pressed=True)
App(board.DISPLAY, keys).run()

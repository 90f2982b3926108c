"""The board the firmware starts on in the simulator, and the modules its profiles import.

``stand_in_board(board, display, controls)`` is a ``board`` module as
CircuitPython has it on that board: ``board_id``, ``DISPLAY`` (the
CountingDisplay), the pins its profile asks for (controls.Pin), so
that ``patience.boards.build()`` picks the board's own input scheme, and
``KEY_LABELS``, the desktop keys the firmware's controls page names.

``installed(board_module)`` puts it into ``sys.modules`` with ``keypad``
(keys.Keys, keys.ShiftRegisterKeys, Event, EventQueue) and ``analogio``
(``AnalogIn``, the PyGamer's joystick) for as long as it lasts, then puts
back what was there. Blinka has a ``board`` and a ``keypad`` of its own for
Linux boards: while these stand-ins are installed, the firmware gets ours.
"""

import sys
import types
from contextlib import contextmanager

from . import keys
from .boards import key_labels


class AnalogIn:
    """``analogio.AnalogIn`` on a stand-in pin: ``value`` from 0 to 65535."""

    reference_voltage = 3.3

    def __init__(self, pin):
        if not hasattr(pin, "claim"):
            raise TypeError("pin must be the stand-in board's pin, not %r" % (pin,))
        pin.claim(self)
        self._pin = pin

    @property
    def value(self):
        return self._pin.level(0)

    def deinit(self):
        self._pin.free(self)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.deinit()


def _module(name, doc, **names):
    module = types.ModuleType(name, doc)
    module.__dict__.update(names)
    return module


def stand_in_board(board, display, controls):
    """The ``board`` module of ``board`` (a boards.Board) for the firmware."""
    return _module("board", "Stand-in for CircuitPython's board on " + board.description,
                   board_id=board.board_id, DISPLAY=display, KEY_LABELS=key_labels(board),
                   **controls.pins)


@contextmanager
def installed(board_module):
    """``board``, ``keypad`` and ``analogio`` stand-ins in sys.modules while it lasts."""
    modules = {
        "board": board_module,
        "keypad": _module("keypad", "Stand-in for CircuitPython's keypad", Keys=keys.Keys,
                          ShiftRegisterKeys=keys.ShiftRegisterKeys, Event=keys.Event,
                          EventQueue=keys.EventQueue),
        "analogio": _module("analogio", "Stand-in for CircuitPython's analogio",
                            AnalogIn=AnalogIn),
    }
    saved = {name: sys.modules.get(name) for name in modules}
    sys.modules.update(modules)
    try:
        yield
    finally:
        for name, module in saved.items():
            if module is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = module

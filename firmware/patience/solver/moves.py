"""Moves as small ints, as the solver stores them.

A move of the top ``n`` cards of pile ``src`` onto pile ``dst`` is
``src | n << 4 | dst << 10``; ``PRESS`` (0) is a press on the stock; a
step of ``presses`` presses and then a move keeps the presses in bits 20 and
up (``press_code``). Undo-log entries add flags in bits 14-18.
"""

from micropython import const

PRESS = const(0)


def move_code(src, n, dst):
    """The int for moving the top ``n`` cards of ``src`` onto ``dst``."""
    return src | n << 4 | dst << 10


def press_code(presses, code):
    """A step: ``presses`` presses on the stock, then the move ``code``."""
    return presses << 20 | code


def unfold(codes):
    """``codes`` with each press-then-move step written out as its presses
    (``PRESS``) and its move."""
    found = []
    for code in codes:
        found.extend([PRESS] * (code >> 20))
        found.append(code & 0x3FFF)
    return found


def move_parts(code):
    """``(src, n, dst)`` of a move int (not ``PRESS``)."""
    return code & 15, (code >> 4) & 63, (code >> 10) & 15


def is_press(entry):
    """True when a move int or undo-log entry is a press on the stock."""
    return entry & 0x3C0F == 0

"""The stock and the waste of the solver's ``Position``: a step of presses
and a move of the card they turn up, done at once.
"""

# ``take_turned(pos, code)`` leaves the stock and the waste as the code's
# presses would (going round once more, after the waste is turned over, when
# it needs more presses than the stock has cards) less the card it plays,
# which goes to the code's destination; it returns the log entry, with
# ``REDEAL`` when it went round. ``put_back_turned`` takes it back. A press
# code holds the number of presses in bits 20 and up (``position.press_code``).

from micropython import const

from ..core.cards import FACE_UP

REDEAL = const(1 << 15)   # log flag: the press turned the waste over
REDEALS = const(5)        # where Position.counts keeps the redeals left


def face_up(cards):
    """The cards (any iterable of card bytes) face up, as bytes."""
    return bytes([card | FACE_UP for card in cards])


def take_turned(pos, code):
    """Play a press code on ``pos``; its log entry."""
    piles = pos.piles
    stock = piles[0]
    waste = piles[1]
    turned = code >> 20
    if turned <= len(stock):   # this time through the stock
        card = stock[-turned] | FACE_UP
        piles[1] = waste + face_up(reversed(stock[len(stock) - turned + 1:]))
        piles[0] = stock[:len(stock) - turned]
    else:                      # to the end, the redeal, then from the top
        at = turned - len(stock) - 2
        order = waste + bytes(reversed(stock))
        card = order[at] | FACE_UP
        _lay(piles, order[:at] + order[at + 1:], at)
        pos.counts[REDEALS] -= 1
        code |= REDEAL
    return code | pos.land(card, (code >> 10) & 15)


def put_back_turned(pos, entry):
    """Take back the press code whose log entry is ``entry``."""
    piles = pos.piles
    card = pos.lift(entry, (entry >> 10) & 15)
    turned = entry >> 20
    if not entry & REDEAL:
        waste = piles[1]
        shown = len(waste) - turned + 1
        piles[0] += bytes([c & 0x7F for c in (card,) + tuple(reversed(waste[shown:]))])
        piles[1] = waste[:shown]
        return
    at = len(piles[1])
    rest = piles[1] + bytes(reversed(piles[0]))
    order = rest[:at] + bytes((card,)) + rest[at:]
    pos.counts[REDEALS] += 1
    _lay(piles, order, len(order) + at + 2 - turned)


def _lay(piles, order, shown):
    """The first ``shown`` cards of ``order`` face up on the waste, the rest
    face down in the stock (the next one on top)."""
    piles[1] = face_up(order[:shown])
    piles[0] = bytes([card & 0x7F for card in reversed(order[shown:])])

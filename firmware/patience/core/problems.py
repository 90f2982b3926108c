"""Why a move is refused: the codes the rules modules' ``pick_problem`` and
``drop_problem`` return (0: no problem, the move is allowed).

The screens turn a code into words for the player (screens/refusals.py), filling
in the cards the rule asks for from the position.
"""

from micropython import const

NOTHING = const(1)        # no card there
FACE_DOWN = const(2)      # the card is face down
STAYS_HOME = const(3)     # cards on a foundation stay there
BASE_FIRST = const(4)     # the base is not chosen yet (Glenwood)
NOT_A_RUN = const(5)      # the cards are not a run that moves together
ONLY_TOP = const(6)       # only the top card moves from there
TAKES_NONE = const(7)     # the destination takes no cards (stock, waste, reserve)
ONE_AT_A_TIME = const(8)  # only single cards go there
FIRST_HOME = const(9)     # the first card goes on the first foundation
STARTS_BASE = const(10)   # an empty foundation takes the base rank
HOME_NEXT = const(11)     # a foundation takes the next card of its suit
SUIT_BELOW = const(12)    # the same suit, one lower
COLOUR_BELOW = const(13)  # the same colour, one lower
OTHER_BELOW = const(14)   # the other colour, one lower
SUIT_NEXT = const(15)     # the same suit, one higher or one lower
PILE_FULL = const(16)     # the pile holds its most cards
STOCK_FILLS = const(17)   # empty piles are filled from the stock only
RESERVES_FIRST = const(18)  # a waste card waits until the reserves are empty
TOP_OR_WHOLE = const(19)  # from a longer pile: its top card home or all of it
TRUNK_CLOSED = const(20)  # the trunk's cards come out one by one
STOCK_DEALS = const(21)   # the stock is pressed to deal, not taken from

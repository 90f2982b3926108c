"""Which moves are worth making: the hint, how many cards a move takes,
the one-press smart move, and whether the rest is plainly won.
(Imported when first asked.)"""

from .cards import FACE_UP, next_rank, rank
from .piles import FOUNDATION, TABLEAU, WASTE, RESERVE


def best_move(game):
    """The most useful legal move, the first one on ties; None if none is."""
    best = None
    best_worth = 0
    for src, n, dst in game.moves():
        worth = _worth(game, src, n, dst)
        if worth > best_worth:
            best, best_worth = (src, n, dst), worth
    return best


def _worth(game, src, n, dst):
    """How useful a legal move is: 0 pointless, higher is better."""
    # 4: a card goes home (0 while the base is not fixed: the first card
    # home chooses it for the whole game, a choice left to a search that
    # wins, or to the player). 3: it turns a face-down card over, brings the
    # reserve into play or lets the next card go home. 2: it plays a card
    # from the waste or a reserve. 1: it empties a pile onto another pile,
    # or it digs (takes cards off a card that may go home), and either way
    # it covers no card that may go home. Moves out of a foundation, other
    # shuffles between piles and moves of a whole pile to an empty one are
    # worth nothing. Following the best move never leads back to a
    # position: moves worth 1 leave fewer cards over the cards that may go
    # home, or as many and one pile fewer; no move worth more is ever
    # undone (the score never falls, as no move out of a foundation is
    # worth anything; face-down, waste and reserve cards only grow by a
    # deal; a move worth 3 that lets a card go home is followed by that
    # move, worth 4).
    kinds = game.kinds
    if kinds[src] == FOUNDATION:
        return 0
    if kinds[dst] == FOUNDATION:
        return 4 if game.base else 0
    whole = n == game.size(src)
    refill = game.rules.REFILL_FROM
    if not whole and not game.card(src, n) & FACE_UP:
        return 3
    if whole and kinds[src] == TABLEAU and refill is not None and game.size(refill):
        return 3
    if not whole and game.play_and_undo(src, n, dst, _goes_home, src):
        return 3
    if kinds[src] == WASTE or kinds[src] == RESERVE:
        return 2
    if _hides_home_card(game, dst, 0):
        return 0
    if whole:
        return 1 if game.size(dst) else 0
    return 1 if _hides_home_card(game, src, n) else 0


def _hides_home_card(game, pile, start):
    """True when a face-up card of ``pile``, ``start`` cards from the top
    or deeper, may go home."""
    for depth in range(start, game.size(pile)):
        card = game.card(pile, depth)
        if card & FACE_UP:
            for foundation in game.foundations:
                if not game.home_problem(foundation, card):
                    return True
    return False


def _goes_home(game, pile):
    """True when the top card of ``pile`` may go to a foundation."""
    return game.auto_target(pile) is not None


def best_count(game, src, most, dst):
    """How many of the top ``most`` cards of src to move onto dst: the most
    useful count that may go there, 0 if none may.

    To a foundation: the longest group that goes home in order (a group
    lands top card first, so each card under the top must be the next of
    its suit). Elsewhere: the most useful count, the most cards on ties
    (they only differ where an empty pile takes any group).
    """
    home = game.kinds[dst] == FOUNDATION
    best = 0
    best_worth = -1
    for n in range(1, most + 1):
        if not game.is_legal(src, n, dst):
            continue
        if home:
            if n > 1 and not _in_order(game, src, n):
                break
            best = n
            continue
        worth = _worth(game, src, n, dst)
        if worth >= best_worth:
            best, best_worth = n, worth
    return best


def _in_order(game, src, n):
    """True when the top n cards of src, top first, climb one suit in order."""
    for depth in range(1, n):
        lower, upper = game.card(src, depth - 1), game.card(src, depth)
        if (lower & 0x30) != (upper & 0x30) or rank(upper) != next_rank(rank(lower)):
            return False
    return True


def best_from(game, src):
    """(n, dst): the best place for the cards on top of src: home first,
    then where they turn a card, free a card for home or build, then any
    pile that takes them (a taken pile before an empty one); None for a
    foundation's cards (they are home), or when no pile takes them, or
    only an empty one where nothing would change. Never home while the
    base is not fixed: the first card home chooses it, the player's choice."""
    most = 0 if game.kinds[src] == FOUNDATION else game.movable(src)
    if not most:
        return None
    for dst in game.foundations if game.base else ():  # home first: worth the most
        n = best_count(game, src, most, dst)
        if n:
            return n, dst
    best = None
    best_worth = 0
    for dst in range(game.pile_count):
        if dst == src or game.kinds[dst] == FOUNDATION:
            continue
        n = best_count(game, src, most, dst)
        if n:
            worth = _worth(game, src, n, dst)
            if game.size(dst):
                worth = 2 * worth + 1
            elif worth == 1:
                worth = 0  # a dig alone fills no empty pile: a taken pile that takes them first
            else:
                worth *= 2
            if worth > best_worth or best is None and not _changes_nothing(game, src, n, dst):
                best, best_worth = (n, dst), worth
    return best


def taken_anywhere(game, src):
    """True when some other pile takes cards from the top of src."""
    most = game.movable(src)
    for dst in range(game.pile_count):
        if dst != src and most and best_count(game, src, most, dst):
            return True
    return False


def _changes_nothing(game, src, n, dst):
    """True for a whole pile moved onto an empty pile of the same kind."""
    return (n == game.size(src) and not game.size(dst)
            and game.kinds[src] == game.kinds[dst])


def can_finish(game):
    """True when sending cards home one at a time wins from here (no card
    face down, nothing to redo). Tries it and takes it back."""
    if game.recorded != game.done:
        return False
    for i in range(52):
        if not game.state[i] & FACE_UP:
            return False
    played = 0
    move = home_move(game)
    while move is not None:
        game.move(move[0], 1, move[1])
        played += 1
        move = home_move(game)
    won = game.is_won()
    for _ in range(played):
        game.undo()
    game.recorded = game.done
    return won


def home_move(game):
    """(pile, foundation): the first card that may go home, or None."""
    for pile in range(game.pile_count):
        if game.kinds[pile] != FOUNDATION and game.size(pile):
            target = game.auto_target(pile)
            if target is not None:
                return pile, target
    return None

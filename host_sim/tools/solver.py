"""A host-only solver: depth-first search over the engine's own moves.

``solve(name, seed)`` plays deal ``seed`` of a game on a real engine game and
returns a list of actions that wins it from the deal, or None when no win
was found within the limits. An action is a card move ``(src, n, dst)`` or
the string ``"deal"`` (one press on the stock). Every line returned has been
replayed on a fresh game and checked with ``is_won()``.

The search is a depth-first search with a transposition table keyed on
``bytes(g.state)``; it backtracks with the engine's ``undo()`` (one game
object, no copies). Moves are ordered: cards going home first, then moves
that turn a face-down card or bring a reserve card into play, moves that
leave a card that can go home (or empty a pile), waste plays, moves that
make room for one of the former, then the rest; the stock press last. In
Glenwood and Chessboard, where the first card home fixes the base, each
first action gets an equal share of the node budget (``split_root``).
Moves that cannot help are not tried:

- a whole tableau pile onto an empty tableau pile (unless the emptied pile
  is refilled from a reserve);
- the same cards to a second empty pile of the same kind (empty piles of
  one kind are interchangeable);
- a card out of a foundation (Agnes), unless some group that would turn a
  face-down card could then be put on it;
- anything but a "safe" home move when one exists: a card that can go home
  and is of no further use on the tableau (see ``_safe_home``).

- in Agnes, "idle" tableau moves: those that do none of the above.

The pruning makes the search incomplete: "not found" does not mean that a
deal cannot be won. A line found is shortened (``shorten_line``) before it
is returned: wherever one action reaches a later position of the line
directly, the detour is cut out.

CLI: ``python -m host_sim.tools.solver GAME [--seeds 1-50] [--max-nodes N]
[--time-limit S] [--actions]``.
"""

import argparse
import sys
import time

import patience
import patience.games
from patience import FOUNDATION, RESERVE, STOCK, TABLEAU, WASTE
from patience.core.cards import FACE_UP, is_red, rank

DEAL = "deal"

# Move classes, in the order they are tried.
_HOME = 0        # a card (or Eagle Wing group) goes to a foundation
_REVEAL = 1      # turns a face-down card or brings a reserve card into play
_FREE = 2        # leaves a card that can go home on top, or empties a pile
_WASTE = 3       # plays the waste card
_ENABLE = 4      # leaves a card on top that lets another pile reveal or free
_OTHER = 5       # any other move between piles
_UNHOME = 6      # a card comes back out of a foundation (Agnes)


class Result:
    """What one search did: ``actions`` (None if not won), nodes, seconds.

    ``exhausted`` is True when the whole (pruned) tree was searched without
    a win, False when a win was found or a limit stopped the search.
    """

    def __init__(self, actions, nodes, seconds, exhausted):
        self.actions = actions
        self.nodes = nodes
        self.seconds = seconds
        self.exhausted = exhausted

    @property
    def won(self):
        return self.actions is not None

    def __repr__(self):
        return "Result(won=%r, nodes=%d, seconds=%.2f, length=%s)" % (
            self.won, self.nodes, self.seconds,
            len(self.actions) if self.actions is not None else "-")


# -- actions as text ------------------------------------------------------

def format_action(action):
    """``"deal"`` or ``"src:n:dst"``."""
    if action == DEAL:
        return DEAL
    return "%d:%d:%d" % tuple(action)


def format_actions(actions):
    """A winning line as space-separated tokens, e.g. ``6:1:3 deal 11:1:2``."""
    return " ".join(format_action(a) for a in actions)


def parse_action(token):
    """The action a token names; ValueError if it names none."""
    if token == DEAL:
        return DEAL
    parts = token.split(":")
    if len(parts) != 3:
        raise ValueError("not an action: %r (expected 'deal' or src:n:dst)" % token)
    return tuple(int(p) for p in parts)


def parse_actions(tokens):
    """Actions from a list of tokens or one space-separated string."""
    if isinstance(tokens, str):
        tokens = tokens.split()
    return [parse_action(t) for t in tokens]


def play(g, action):
    """Play one action on ``g``; True if the engine accepted it."""
    if action == DEAL:
        return g.deal()
    return g.move(*action)


def replay(name, seed, actions):
    """A fresh game of deal ``seed`` with ``actions`` played on it.

    Raises ValueError naming the first action the engine refuses.
    """
    g = patience.new_game(name, seed=seed)
    for index, action in enumerate(actions):
        if isinstance(action, str) and action != DEAL:
            action = parse_action(action)
        if not play(g, action):
            raise ValueError("%s deal %d: action %d (%s) is refused"
                             % (name, seed, index, format_action(action)))
    return g


def wins(name, seed, actions):
    """True when ``actions`` replayed on a fresh deal ``seed`` win the game."""
    try:
        return replay(name, seed, actions).is_won()
    except ValueError:
        return False


# -- move generation ------------------------------------------------------

class _Profile:
    """What the solver needs to know about a game beyond the engine API."""

    def __init__(self, g, unhome, idle):
        kinds = g.kinds
        self.name = g.name
        self.sources = tuple(p for p in range(g.pile_count)
                             if kinds[p] in (WASTE, TABLEAU, RESERVE)
                             or (kinds[p] == FOUNDATION and unhome and g.name == "agnes"))
        self.dests = tuple(p for p in range(g.pile_count) if kinds[p] in (FOUNDATION, TABLEAU))
        self.refill_from = g.rules.REFILL_FROM
        self.has_stock = any(kinds[p] == STOCK for p in range(g.pile_count))
        self.idle = idle


def _sizes(g, profile, src):
    """The group sizes worth asking ``can_pick`` about for ``src``."""
    size = g.size(src)
    if g.kinds[src] != TABLEAU:
        return (1,)
    if profile.name == "glenwood":
        return (1,) if size == 1 else (1, size)
    return range(1, size + 1)


def _position(g, card):
    """How far above the base a card is: 0 for the base rank .. 12."""
    return (rank(card) - g.base) % 13


def _home_counts(g):
    """Cards home per suit (0 clubs .. 3 spades)."""
    counts = [0, 0, 0, 0]
    for f in g.foundations:
        size = g.size(f)
        if size:
            counts[(g.card(f) >> 4) & 3] = size
    return counts


def _goes_home(g, card, counts):
    """True when ``card`` is the next card its suit's foundation takes."""
    return _position(g, card) == counts[(card >> 4) & 3]


def _safe_home(g, card, counts):
    """True when a card that can go home has no further use on the tableau.

    On the tableau a card holds cards one rank below it; the one of its
    own suit is home already, so it is safe to send home when the others
    that could lie on it are home too: there are none in Eagle Wing
    (building in suit), the other suit of its colour in Agnes, both suits
    of the other colour in Glenwood. In Chessboard a card also holds the
    next card of its suit, but that card can then go home itself. A
    base-rank card is never "safe": the card below it is the last of its
    suit.
    """
    position = _position(g, card)
    if position == 0:
        return False
    name = g.name
    if name in ("eagle-wing", "chessboard"):
        return True
    below = position - 1
    suit = (card >> 4) & 3
    if name == "agnes":
        return below < counts[3 - suit]  # clubs-spades, diamonds-hearts
    if name == "glenwood":
        if is_red(card):
            return below < counts[0] and below < counts[3]
        return below < counts[1] and below < counts[2]
    return False


def _pickable(g, profile):
    """For each pile, the group sizes ``can_pick`` allows there now."""
    def pick(game, src, n):
        return not game.pick_problem(src, n)
    kinds = g.kinds
    picks = [()] * g.pile_count
    for src in profile.sources:
        if not g.size(src):
            continue
        sizes = []
        for n in _sizes(g, profile, src):
            if pick(g, src, n):
                sizes.append(n)
            elif profile.name == "agnes" and kinds[src] == TABLEAU:
                break  # an Agnes run broken here stays broken below
        picks[src] = sizes
    return picks


def _unhome_helps(g, src, picks):
    """Agnes: would the card on top of foundation ``src``, put on the
    tableau, take a group whose move turns a face-down card over?"""
    card = g.card(src)
    red = is_red(card)
    want = (rank(card) - 2) % 13 + 1   # one rank lower, K below A
    for pile in range(g.pile_count):
        if g.kinds[pile] != TABLEAU:
            continue
        size = g.size(pile)
        for n in picks[pile]:
            if n == size:
                break
            deepest = g.card(pile, n - 1)
            if rank(deepest) == want and is_red(deepest) == red \
                    and not g.card(pile, n) & FACE_UP:
                return True
    return False


def ordered_actions(g, profile):
    """The actions worth trying in this position, best first."""
    kinds = g.kinds
    def drop(game, src, n, dst):
        return not game.drop_problem(src, n, dst)
    based = g.base != 0
    counts = _home_counts(g) if based else None
    refill = profile.refill_from
    picks = _pickable(g, profile)
    classed = []
    for src in profile.sources:
        size = g.size(src)
        if not size:
            continue
        ksrc = kinds[src]
        if ksrc == FOUNDATION and not _unhome_helps(g, src, picks):
            continue
        for n in picks[src]:
            whole = n == size
            # What taking the group does to its pile: turns a face-down
            # card or brings a reserve card into play (reveals), leaves a
            # card on top that can go home or empties the pile (frees);
            # ``near`` (a tie-break) is how far the card left on top is
            # from going home.
            reveals = frees = False
            near = 0
            if ksrc == RESERVE:
                reveals = True
            elif ksrc == TABLEAU:
                if whole:
                    reveals = refill is not None and g.size(refill) > 0
                    frees = True
                else:
                    under = g.card(src, n)
                    reveals = not under & FACE_UP
                    frees = based and _goes_home(g, under, counts)
                    if based:
                        near = (_position(g, under) - counts[(under >> 4) & 3]) % 13
            empty_home = empty_pile = False
            for dst in profile.dests:
                if dst == src or not drop(g, src, n, dst):
                    continue
                kdst = kinds[dst]
                dsize = g.size(dst)
                if kdst == FOUNDATION:
                    if ksrc == FOUNDATION:
                        continue
                    if dsize == 0:
                        if empty_home:
                            continue  # empty foundations are interchangeable
                        empty_home = True
                    action = (src, n, dst)
                    if based and n == 1 and _safe_home(g, g.card(src), counts):
                        return [action]
                    classed.append((_HOME, -n, action))  # Eagle Wing: big groups first
                    continue
                if dsize == 0:
                    if whole and ksrc == TABLEAU and not reveals:
                        continue  # a whole pile to an empty pile
                    if empty_pile:
                        continue  # empty piles are interchangeable
                    empty_pile = True
                if ksrc == FOUNDATION:
                    cls = _UNHOME
                elif reveals:
                    cls = _REVEAL
                elif frees:
                    cls = _FREE
                elif ksrc == WASTE:
                    cls = _WASTE
                elif _enables(g, profile, picks, counts, src, n, dst):
                    cls = _ENABLE
                elif profile.idle:
                    cls = _OTHER
                else:
                    continue
                classed.append((cls, near - n, (src, n, dst)))
    classed.sort(key=_class_key)
    actions = [item[2] for item in classed]
    if profile.has_stock and g.can_deal():
        actions.append(DEAL)
    return actions


def _enables(g, profile, picks, counts, src, n, dst):
    """True when, after moving n cards from src to dst (tableau to
    tableau, leaving cards on src), some group of a third pile could go
    onto src and so turn a face-down card, bring a reserve card into play,
    empty its pile or leave a card that can go home.

    The move changes only src and dst, so ``picks`` and ``counts`` still
    hold for the third piles.
    """
    if not n < g.size(src):
        return False
    def drop(game, src, n, dst):
        return not game.drop_problem(src, n, dst)
    kinds = g.kinds
    g.move(src, n, dst)
    try:
        for other in profile.sources:
            if other == src or other == dst or kinds[other] == FOUNDATION:
                continue
            size = g.size(other)
            for k in picks[other]:
                if not drop(g, other, k, src):
                    continue
                if kinds[other] == RESERVE or k == size:
                    return True
                if kinds[other] != TABLEAU:
                    continue
                under = g.card(other, k)
                if not under & FACE_UP or (counts is not None and _goes_home(g, under, counts)):
                    return True
        return False
    finally:
        g.undo()


def _class_key(item):
    return item[0], item[1]


# -- the search -----------------------------------------------------------

# Per game: may Agnes cards leave a foundation (when that can help); are
# "idle" tableau moves (that neither turn, free, empty, enable nor play
# home) tried at all; does each first action get its share of the budget.
DEFAULTS = {
    "eagle-wing": {"unhome": False, "idle": True, "split_root": False},
    "agnes": {"unhome": True, "idle": False, "split_root": False},
    "glenwood": {"unhome": False, "idle": True, "split_root": True},
    "chessboard": {"unhome": False, "idle": True, "split_root": True},
}


def search(name, seed, max_nodes=200000, time_limit=None, shorten=True, **options):
    """Search deal ``seed`` of ``name``; returns a ``Result``.

    ``max_nodes`` bounds the number of distinct positions visited;
    ``time_limit`` (seconds, or None) bounds the wall time. A line found
    is then made shorter (``shorten_line``) unless ``shorten`` is False.
    ``options`` override ``DEFAULTS[name]``.
    """
    started = time.perf_counter()
    g = patience.new_game(name, seed=seed)
    settings = dict(DEFAULTS[g.name], **options)
    dfs = _Search(g, _Profile(g, settings["unhome"], settings["idle"]), max_nodes,
                  None if time_limit is None else started + time_limit)
    if g.is_won():
        found = True
    elif settings["split_root"]:
        found = dfs.split_root()
    else:
        found = dfs.run(max_nodes)
    if not found:
        return Result(None, dfs.nodes, time.perf_counter() - started,
                      dfs.exhausted and not dfs.stopped)
    path = dfs.path
    line = shorten_line(name, seed, path) if shorten else list(path)
    if not wins(name, seed, line):
        raise AssertionError("%s deal %d: the line found does not replay to a win"
                             % (name, seed))
    return Result(line, dfs.nodes, time.perf_counter() - started, False)


class _Search:
    """Depth-first search on one game, backtracking with ``undo()``."""

    def __init__(self, g, profile, max_nodes, deadline):
        self.g = g
        self.profile = profile
        self.max_nodes = max_nodes
        self.deadline = deadline
        self.seen = {bytes(g.state)}
        self.nodes = 1
        self.path = []
        self.stopped = False     # the node budget or the time ran out
        self.exhausted = True    # every subtree searched was searched whole

    def run(self, budget, deadline=None):
        """Search from the current position, visiting at most ``budget``
        more positions (and never more than ``max_nodes`` in all), until
        ``deadline`` at the latest. True with the game won and ``path``
        holding the line; False with the game back where it was."""
        g = self.g
        profile = self.profile
        seen = self.seen
        path = self.path
        depth = len(path)
        limit = min(self.max_nodes, self.nodes + budget)
        if deadline is None or self.deadline is not None and self.deadline < deadline:
            deadline = self.deadline
        stack = [iter(ordered_actions(g, profile))]
        while stack:
            action = next(stack[-1], None)
            if action is None:
                stack.pop()
                if len(path) > depth:
                    path.pop()
                    g.undo()
                continue
            if not play(g, action):
                raise AssertionError("engine refused generated action %r" % (action,))
            key = bytes(g.state)
            if key in seen:
                g.undo()
                continue
            seen.add(key)
            self.nodes += 1
            path.append(action)
            if g.is_won():
                return True
            if self.nodes >= limit or (deadline is not None and not self.nodes & 255
                                       and time.perf_counter() > deadline):
                self.exhausted = False
                if self.nodes >= self.max_nodes or self.deadline is not None \
                        and time.perf_counter() > self.deadline:
                    self.stopped = True
                while len(path) > depth:
                    path.pop()
                    g.undo()
                return False
            stack.append(iter(ordered_actions(g, profile)))
        return False

    def split_root(self):
        """Search each first action's subtree in turn with an equal share
        of the nodes and time left, so that one bad first choice (the base
        card in Glenwood and Chessboard) cannot use them all."""
        g = self.g
        actions = ordered_actions(g, self.profile)
        for index, action in enumerate(actions):
            if self.stopped:
                return False
            play(g, action)
            key = bytes(g.state)
            if key in self.seen:
                g.undo()
                continue
            self.seen.add(key)
            self.nodes += 1
            self.path.append(action)
            if g.is_won():
                return True
            left = len(actions) - index
            share = (self.max_nodes - self.nodes) // left
            deadline = None
            if self.deadline is not None:
                now = time.perf_counter()
                deadline = now + (self.deadline - now) / left
            if self.run(max(share, 1), deadline):
                return True
            self.path.pop()
            g.undo()
        return False


def _all_actions(g):
    """Every legal action: the engine's card moves, then a stock press."""
    actions = g.moves()
    if g.can_deal():
        actions.append(DEAL)
    return actions


def shorten_line(name, seed, actions):
    """A winning line no longer than ``actions`` (which must win).

    Replays the line and, from each position on it, looks for one legal
    action that lands directly on a later position of the line, skipping
    the detour in between; repeats while the line shrinks.
    """
    line = list(actions)
    while True:
        shorter = _shortcut(name, seed, line)
        if len(shorter) >= len(line):
            return line
        line = shorter


def _shortcut(name, seed, line):
    g = patience.new_game(name, seed=seed)
    later = {bytes(g.state): 0}
    for i, action in enumerate(line):
        play(g, action)
        later[bytes(g.state)] = i + 1
    g = patience.new_game(name, seed=seed)
    shorter = []
    at = 0
    while at < len(line):
        best, best_at = line[at], at + 1
        for action in _all_actions(g):
            play(g, action)
            reached = later.get(bytes(g.state), -1)
            g.undo()
            if reached > best_at:
                best, best_at = action, reached
        play(g, best)
        shorter.append(best)
        at = best_at
    return shorter


def solve(name, seed, max_nodes=200000, time_limit=None):
    """A list of actions that wins deal ``seed`` of ``name``, or None."""
    return search(name, seed, max_nodes=max_nodes, time_limit=time_limit).actions


def find_winnable(name, seeds, max_nodes=200000, time_limit=None):
    """Yield ``(seed, actions)`` for each deal of ``seeds`` the solver wins."""
    for seed in seeds:
        actions = solve(name, seed, max_nodes=max_nodes, time_limit=time_limit)
        if actions is not None:
            yield seed, actions


# -- command line ---------------------------------------------------------

def parse_seeds(text):
    """Deal numbers from ``"1-50"``, ``"7"`` or ``"1,5,9-12"``."""
    seeds = []
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        if "-" in part:
            low, high = part.split("-", 1)
            low, high = int(low), int(high)
            if high < low:
                raise ValueError("empty seed range %r" % part)
            seeds.extend(range(low, high + 1))
        else:
            seeds.append(int(part))
    if not seeds:
        raise ValueError("no seeds in %r" % text)
    return seeds


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="python -m host_sim.tools.solver",
        description="Search for winning lines of patience deals.")
    parser.add_argument("game", choices=patience.games.GAMES)
    parser.add_argument("--seeds", default="1-50", metavar="SPEC",
                        help="deal numbers, e.g. 1-50 or 3,7,10-20 (default 1-50)")
    parser.add_argument("--max-nodes", type=int, default=200000, metavar="N",
                        help="positions to visit per deal at most (default 200000)")
    parser.add_argument("--time-limit", type=float, default=None, metavar="S",
                        help="seconds per deal at most (default: none)")
    parser.add_argument("--actions", action="store_true",
                        help="print each winning line as src:n:dst / deal tokens")
    args = parser.parse_args(argv)
    try:
        seeds = parse_seeds(args.seeds)
    except ValueError as error:
        parser.error(str(error))
    won = 0
    for seed in seeds:
        result = search(args.game, seed, max_nodes=args.max_nodes, time_limit=args.time_limit)
        if result.won:
            won += 1
            status, length = "won", str(len(result.actions))
        else:
            status, length = "not found", "-"
        print("%s deal %d: %s, nodes %d, time %.2fs, length %s"
              % (args.game, seed, status, result.nodes, result.seconds, length), flush=True)
        if args.actions and result.won:
            print("  " + format_actions(result.actions), flush=True)
    print("%s: won %d of %d deals" % (args.game, won, len(seeds)))
    return 0


if __name__ == "__main__":
    sys.exit(main())

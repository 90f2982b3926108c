"""The engine against the independent oracle (tests/oracle.py) on many deals.

For each game, many deals are played on the engine and the oracle side by
side. Before every action the two must agree on everything the public
interface shows: the set of legal moves, whether the stock can be pressed,
score, base, redeals left, won, and every pile byte for byte. A few random
illegal moves (near misses of legal ones, and random ones), and a stock press
when the stock cannot be pressed, must be refused by the engine without any
change. At the end of each game, undo is run all the way back (every
intermediate position checked, ending with the initial deal byte for byte)
and redo all the way forward (ending with the final position).

Two kinds of deals:

- random play: deal k is ``random_deck(k)``, the actions come from
  ``random.Random("<game>:<k>")``: the stock is pressed with chance
  PRESS_CHANCE (always when no move is legal), otherwise a legal move is
  chosen by policy POLICIES[k % 4] (uniform for half the deals);
- searched lines: a line of play found by a depth-first search with the
  oracle (most of them won games, so that full foundations, wins and long
  games are compared too); Agnes uses ``agnes_easy_deck`` there.

``bench/agreement.py`` runs the same driver on many more deals.
"""

import random

import pytest

import patience
from oracle import Oracle

# Chessboard games are short (random play soon leaves no legal move): more.
# bench/agreement.py plays the same on as many deals as asked.
GAMES_PER_VARIANT = {"eagle-wing": 40, "agnes": 40, "glenwood": 60, "chessboard": 400}
# Actions per random-play deal at most. Agnes's stock is gone after four
# presses, the rest is rearranging: fewer there.
MAX_ACTIONS = {"eagle-wing": 300, "agnes": 150, "glenwood": 300, "chessboard": 300}
# Deals per game replayed along a line found by searching with the oracle,
# and the number of positions each search may visit.
SEARCH_GAMES_PER_VARIANT = 4
SEARCH_BUDGET = 3000
ILLEGAL_TRIES_PER_ACTION = 2

# Chance of pressing the stock (when it can be pressed) instead of moving.
PRESS_CHANCE = {"eagle-wing": 0.25, "agnes": 0.15, "glenwood": 0.25, "chessboard": 0.0}


class Disagreement(AssertionError):
    """The engine and the oracle differ; the message is a full report.

    Attributes: ``name``, ``deck``, ``actions`` (made before the difference
    showed) and ``culprit`` (the action that was being tried, or None), so
    ``actions + [culprit]`` replays it.
    """

    def __init__(self, text, name=None, deck=None, actions=(), culprit=None):
        super().__init__(text)
        self.name, self.deck = name, deck
        self.actions, self.culprit = list(actions), culprit

    def script(self):
        """The actions that show the difference when replayed."""
        return self.actions + ([self.culprit] if self.culprit is not None else [])


class BadScript(Exception):
    """A scripted action that both the engine and the oracle refuse."""


def random_deck(k):
    """Deal number k: the 52 card bytes shuffled by random.Random(k)."""
    cards = [rank | (suit << 4) for suit in range(4) for rank in range(1, 14)]
    random.Random(k).shuffle(cards)
    return bytes(cards)


def engine_view(g, with_moves=True):
    """Everything the engine's public interface shows about its position
    (the legal moves only if ``with_moves``: they are the slow part)."""
    view = {
        "piles": tuple(bytes(g.cards(i)) for i in range(g.pile_count)),
        "can_deal": bool(g.can_deal()),
        "score": g.score,
        "base": g.base,
        "redeals_left": g.redeals_left,
        "won": bool(g.is_won()),
    }
    if with_moves:
        view["moves"] = frozenset(g.moves())
    return view


def oracle_view(o):
    """The same for the oracle (always with the legal moves)."""
    return {
        "piles": tuple(o.as_cards(i) for i in range(o.pile_count)),
        "can_deal": o.can_press_stock(),
        "score": o.score,
        "base": o.base,
        "redeals_left": o.redeals_left,
        "won": o.won(),
        "moves": frozenset(o.legal_moves()),
    }


def action_text(action):
    """``deal`` or ``move(src, n, dst)``."""
    return "deal" if action == "deal" else "move%r" % (action,)


def differences(engine, oracle):
    """Lines describing where two views differ (empty if they agree)."""
    lines = []
    for key in engine:               # the engine view may lack "moves"
        a, b = engine[key], oracle[key]
        if a == b:
            continue
        if key == "piles":
            for i, (pa, pb) in enumerate(zip(a, b)):
                if pa != pb:
                    lines.append("  pile %d: engine %s  oracle %s" % (i, pa.hex(" "), pb.hex(" ")))
            if len(a) != len(b):
                lines.append("  pile count: engine %d  oracle %d" % (len(a), len(b)))
        elif key == "moves":
            only_e = sorted(a - b)
            only_o = sorted(b - a)
            if only_e:
                lines.append("  moves only the engine allows: %s" % only_e)
            if only_o:
                lines.append("  moves only the oracle allows: %s" % only_o)
        else:
            lines.append("  %s: engine %r  oracle %r" % (key, a, b))
    return lines


def report(where, name, deck, actions, what, lines=()):
    """The text of a disagreement report."""
    text = ["%s: %s" % (where, what),
            "  deck (new_game(%r, deck=bytes.fromhex(...))): %s" % (name, deck.hex()),
            "  actions before it (%d): %s" % (len(actions), ", ".join(action_text(a) for a in actions) or "none")]
    text.extend(lines)
    return "\n".join(text)


def random_illegal(rng, o, legal):
    """A move (src, n, dst) not in ``legal`` (the sorted legal moves), or None.

    Half are near misses (a legal move with n or dst changed), half random;
    n may be 0 or one more than the pile holds.
    """
    count = o.pile_count
    legal_set = set(legal)
    for _ in range(10):
        if legal and rng.random() < 0.5:
            src, n, dst = rng.choice(legal)
            if rng.random() < 0.5:
                n += rng.choice((-1, 1))
            else:
                dst = rng.randrange(count)
        else:
            src = rng.randrange(count)
            dst = rng.randrange(count)
            n = rng.randrange(0, len(o.piles[src]) + 2)
        if (src, n, dst) not in legal_set:
            return (src, n, dst)
    return None


def engine_refuses(g, move):
    """True if the engine refuses ``move``: returns False, or (for n < 1,
    which is not a number of cards at all) raises ValueError."""
    try:
        return not g.move(*move)
    except ValueError:
        if move[1] < 1:
            return True
        raise


# How deal k chooses its moves: POLICIES[k % 4].
POLICIES = ("uniform", "uniform", "purposeful", "greedy")


def choose_move(rng, policy, o, legal, actions):
    """One of the ``legal`` moves (sorted list), chosen by ``policy``:

    - "uniform": any legal move, all equally likely;
    - "purposeful": the same, but leaving out foundation-to-foundation moves
      and the exact reverse of the last action, when something else is legal
      (uniform play in Agnes mostly shuffles the lone base card between
      empty foundations);
    - "greedy": like "purposeful", but a move to a foundation whenever there
      is one.
    """
    if policy == "uniform":
        return rng.choice(legal)
    last = actions[-1] if actions else None
    useful = [m for m in legal
              if not (m[0] in o.foundations and m[2] in o.foundations)
              and not (last != "deal" and last is not None and (m[0], m[2]) == (last[2], last[0]))]
    if policy == "greedy":
        home = [m for m in useful if m[2] in o.foundations]
        if home:
            return rng.choice(home)
    return rng.choice(useful or legal)


def search_line(name, deck, budget, rng):
    """A good line of play for ``deck``, found with the oracle alone.

    Random play seldom gets far (no Agnes, Glenwood or Chessboard game is
    ever won), so this depth-first search looks for a won game: moves to a
    foundation first, then the other moves in random order, then the stock;
    positions already seen are skipped; foundation-to-foundation moves are
    left out. Stops after ``budget`` positions; returns the actions leading
    to the best position found (won, else highest score).
    """
    start = Oracle(name, deck)
    seen = {start.key()}

    def options(o):
        moves = [m for m in sorted(o.legal_moves())
                 if not (m[0] in o.foundations and m[2] in o.foundations)]
        rng.shuffle(moves)
        moves.sort(key=lambda m: m[2] not in o.foundations)
        if o.can_press_stock():
            moves.append("deal")
        return iter(moves)

    best_path, best_score = [], start.score
    stack = [(start, [], options(start))]
    while stack and budget > 0:
        o, path, todo = stack[-1]
        action = next(todo, None)
        if action is None:
            stack.pop()
            continue
        child = o.copy()
        if action == "deal":
            child.press_stock()
        else:
            child.apply_move(*action)
        key = child.key()
        if key in seen:
            continue
        seen.add(key)
        budget -= 1
        child_path = path + [action]
        if child.score > best_score:
            best_path, best_score = child_path, child.score
        if child.won():
            return child_path
        stack.append((child, child_path, options(child)))
    return best_path


def agnes_easy_deck(k, swaps):
    """An Agnes deck that plays out straight to a win, then ``swaps`` random
    pairs of cards exchanged (0 swaps: always won by moving cards home).

    Random Agnes deals are seldom won even by search, and then full
    foundations and the end of the game would never be compared. The
    foundation order here is a random interleaving of the four suits from
    the base card; the tableau is dealt so that pile 5, then 6 from the top
    down, ... then 11 hold the next 28 cards, and the stock the last 23.
    """
    rng = random.Random("agnes-easy:%d" % k)
    base = rng.randint(1, 13)
    suits = [0, 1, 2, 3]
    rng.shuffle(suits)
    runs = {s: [(one_higher_n(base, i), s) for i in range(13)] for s in suits}
    order = [runs[suits[0]].pop(0)]
    while any(runs.values()):
        suit = rng.choice([s for s in suits if runs[s]])
        order.append(runs[suit].pop(0))
    # Deck index of the card dealt at (pile, height from the bottom).
    where, at = {}, 0
    for height in range(7):
        for pile in range(5 + height, 12):
            where[(pile, height)] = at
            at += 1
    deck = [None] * 52
    deck[28] = order[0]
    home_order = iter(order[1:29])
    for pile in range(5, 12):
        for height in range(pile - 5, -1, -1):
            deck[where[(pile, height)]] = next(home_order)
    deck[29:] = order[29:]
    for _ in range(swaps):
        i, j = rng.randrange(52), rng.randrange(52)
        deck[i], deck[j] = deck[j], deck[i]
    return bytes(rank | (suit << 4) for rank, suit in deck)


def one_higher_n(rank, n):
    """The rank n steps above ``rank`` with the wrap (K, A, 2, ...)."""
    return (rank - 1 + n) % 13 + 1


def deck_for(name, k, mode):
    """The deck of deal k: random_deck(k), except for Agnes searches."""
    if mode == "search" and name == "agnes":
        return agnes_easy_deck(k, swaps=k % 4)
    return random_deck(k)


def play_game(name, k, mode="random", max_actions=None,
              illegal_tries=ILLEGAL_TRIES_PER_ACTION, search_budget=SEARCH_BUDGET,
              deck=None, script=None):
    """Play deal k of ``name`` on the engine and the oracle side by side;
    raise Disagreement at the first difference. Returns (actions, score).

    ``mode`` "random": actions chosen with random.Random("<game>:<k>") and
    policy POLICIES[k % 4], up to ``max_actions`` (default MAX_ACTIONS). ``mode`` "search": the
    actions are a line found beforehand by ``search_line`` (mostly won
    games), however long. Given ``deck`` and ``script`` (a list of actions,
    "deal" or (src, n, dst)), that line is replayed instead; BadScript if
    an action is refused by both.
    """
    if deck is None:
        deck = deck_for(name, k, mode)
    rng = random.Random("%s:%d" % (name, k))
    policy = POLICIES[k % len(POLICIES)]
    if max_actions is None:
        max_actions = MAX_ACTIONS[name]
    if mode == "search" and script is None:
        script = search_line(name, deck, search_budget, random.Random("search:%s:%d" % (name, k)))
    if script is not None:
        max_actions = len(script)
    g = patience.new_game(name, deck=deck)
    o = Oracle(name, deck)
    actions = []
    history = []          # the oracle's view before each action, then the last
    where = ("%s, replayed line" % name if script is not None and mode != "search"
             else "%s, %s deal %d" % (name, mode, k))

    def fail(what, lines=(), culprit=None):
        raise Disagreement(report(where, name, deck, actions, what, lines),
                           name, deck, actions, culprit)

    def check(what, expected=None):
        """Compare the engine with the oracle's current view (full check), or
        with ``expected`` (a view recorded earlier; moves not compared)."""
        ev = engine_view(g, with_moves=expected is None)
        ov = oracle_view(o) if expected is None else expected
        lines = differences(ev, ov)
        if lines:
            fail(what, lines)
        return ov

    while True:
        view = check("positions differ")
        history.append(view)
        legal = sorted(view["moves"])

        # Illegal moves and presses must be refused and change nothing.
        for _ in range(illegal_tries):
            bad = random_illegal(rng, o, legal)
            if bad is None:
                continue
            if not engine_refuses(g, bad):
                fail("engine accepted illegal move%r" % (bad,), culprit=bad)
            if o.play(*bad):
                fail("oracle accepted its own illegal move%r" % (bad,), culprit=bad)
            check("illegal move%r changed the engine" % (bad,), view)
        if not view["can_deal"]:
            if g.deal():
                fail("engine dealt though it cannot", culprit="deal")
            check("refused deal changed the engine", view)

        if len(actions) == max_actions or view["won"]:
            break
        if script is not None:
            action = script[len(actions)]
        elif view["can_deal"] and (not legal or rng.random() < PRESS_CHANCE[name]):
            action = "deal"
        elif legal:
            action = choose_move(rng, policy, o, legal, actions)
        else:
            break
        if action == "deal":
            ok_e, ok_o = g.deal(), o.press_stock()
        else:
            ok_e, ok_o = g.move(*action), o.play(*action)
        if script is not None and not ok_e and not ok_o:
            raise BadScript("%s refused by both after %d actions" % (action_text(action), len(actions)))
        if not (ok_e and ok_o):
            fail("%s accepted: engine %r, oracle %r" % (action_text(action), bool(ok_e), bool(ok_o)),
                 culprit=action)
        actions.append(action)

    # Undo all the way back, then redo all the way forward.
    for step in range(len(actions) - 1, -1, -1):
        if not g.undo():
            fail("undo refused with %d actions still to undo" % (step + 1))
        check("after undoing back to before action %d" % step, history[step])
    if g.undo():
        fail("undo went past the initial deal")
    for step in range(1, len(actions) + 1):
        if not g.redo():
            fail("redo refused at action %d" % step)
        check("after redoing %d actions" % step, history[step])
    if g.redo():
        fail("redo went past the last action")
    check("after undoing everything and redoing it all")      # with the moves
    return len(actions), o.score


def shrink(error):
    """A shorter reproduction of a Disagreement: (script, report text).

    Replays ``error.script()`` without illegal-move probes, then drops one
    action at a time (last first) while some disagreement still shows.
    """
    def fails(script):
        try:
            play_game(error.name, 0, deck=error.deck, script=script, illegal_tries=0)
        except Disagreement as e:
            return e
        except BadScript:
            return None
        return None

    found = fails(error.script())
    if found is None:
        return error.script(), str(error)
    script = found.script()
    i = len(script) - 1
    while i >= 0:
        shorter = fails(script[:i] + script[i + 1:])
        if shorter is not None:
            found, script = shorter, shorter.script()
            i = min(i, len(script)) - 1
        else:
            i -= 1
    return script, str(found)


@pytest.mark.slow
@pytest.mark.parametrize("name", patience.games.GAMES)
def test_engine_agrees_with_oracle_random_play(name):
    total = 0
    for k in range(GAMES_PER_VARIANT[name]):
        total += play_game(name, k)[0]
    assert total > 0


@pytest.mark.slow
@pytest.mark.parametrize("name", patience.games.GAMES)
def test_engine_agrees_with_oracle_searched_lines(name):
    wins = 0
    for k in range(SEARCH_GAMES_PER_VARIANT):
        wins += play_game(name, k, mode="search")[1] == 52
    assert wins > 0          # the end of the game was compared at least once


def test_oracle_deals_as_rules_say():
    """Spot checks of the oracle itself against docs/rules.md, deck = A..K of
    clubs, diamonds, hearts, spades (deck index i is card i)."""
    ordered = bytes(rank | (suit << 4) for suit in range(4) for rank in range(1, 14))
    ew = Oracle("eagle-wing", ordered)
    assert ew.as_cards(10)[0] == 0x81 and len(ew.piles[10]) == 13      # Ac face up at bottom
    assert ew.as_cards(2) == bytes([0x80 | 0x19]) and ew.base == 9      # deck[21] = 9d
    assert ew.as_cards(0)[-1] == 0x1A and len(ew.piles[0]) == 30        # deck[22] = Td on top
    ag = Oracle("agnes", ordered)
    assert [len(ag.piles[p]) for p in range(5, 12)] == [1, 2, 3, 4, 5, 6, 7]
    assert ag.as_cards(5) == bytes([0x81]) and ag.as_cards(11)[-1] == 0x80 | 0x22  # deck[27] = 2h
    assert ag.base == 3 and ag.as_cards(0)[-1] == 0x24                  # deck[28] = 3h, deck[29] = 4h
    gw = Oracle("glenwood", ordered)
    assert gw.as_cards(6) == bytes([0x81, 0x85, 0x89]) and gw.as_cards(13)[-1] == 0x80 | 0x0C
    assert gw.base == 0 and not gw.can_press_stock()
    cb = Oracle("chessboard", ordered)
    assert cb.as_cards(0)[-1] == 0x80 | 0x3C and cb.as_cards(1)[-1] == 0x80 | 0x3D
    assert len(cb.piles[13]) == 5 and cb.as_cards(13)[0] == 0x80 | 0x0A  # deck[9] = Tc
    for k in range(20):
        assert sorted(random_deck(k)) == sorted(ordered)
        assert sorted(agnes_easy_deck(k, swaps=k % 4)) == sorted(ordered)

"""Engine numbers on CPython: save sizes, history cost, speed, allocation.

Run: python bench/engine.py [games-per-variant]. Prints a table; asserts
nothing (allocation on the device is measured by bench/memory.py on a real
MicroPython VM).
"""

import random
import sys
import time
import tracemalloc

import patience
import patience.games


def random_game(name, seed, steps, rng):
    """Play up to ``steps`` random legal steps; returns the game."""
    g = patience.new_game(name, seed=seed)
    for _ in range(steps):
        moves = g.moves()
        if moves and (rng.random() < 0.8 or not g.can_deal()):
            g.move(*rng.choice(moves))
        elif not g.deal():
            break
    return g


def speed(name, games):
    """(moves()+move()) pairs per second over random games."""
    rng = random.Random(1)
    pairs = 0
    started = time.perf_counter()
    for seed in range(1, games + 1):
        g = patience.new_game(name, seed=seed)
        for _ in range(200):
            moves = g.moves()
            if moves:
                g.move(*rng.choice(moves))
                pairs += 1
            elif not g.deal():
                break
    return pairs / (time.perf_counter() - started)


def allocated(action, repeat=200):
    """Bytes allocated per call of ``action`` that survive it (tracemalloc)."""
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    for _ in range(repeat):
        action()
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    return (after - before) / repeat


def step_allocations(name):
    """Allocation per move, undo and deal, measured on a game in progress."""
    g = random_game(name, 3, 30, random.Random(3))
    move = g.moves()[0] if g.moves() else None
    per_move = allocated(lambda: (g.move(*move), g.undo())) if move else 0.0
    per_deal = allocated(lambda: (g.deal(), g.undo())) if g.can_deal() else 0.0
    return per_move, per_deal


def main():
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 50
    print(f"{'game':<12}{'fresh save B':>13}{'hist B/step':>12}{'moves+move/s':>14}"
          f"{'alloc move+undo':>17}{'alloc deal+undo':>17}")
    for name in patience.games.GAMES:
        fresh = len(patience.new_game(name, seed=1).to_bytes())
        g = random_game(name, 2, 100, random.Random(2))
        per_step = (len(g.to_bytes()) - fresh) / max(1, g.recorded)
        per_move, per_deal = step_allocations(name)
        print(f"{name:<12}{fresh:>13}{per_step:>12.1f}{speed(name, games):>14.0f}"
              f"{per_move:>17.1f}{per_deal:>17.1f}")


if __name__ == "__main__":
    main()

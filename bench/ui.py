"""What each refresh sends to the screen, per kind of input, for every game.

Run: python bench/ui.py [presses-per-game] [board]. Plays a seeded random
button session per game in the headless simulator and prints, per kind of
input, the average and largest number of pixels refreshed, how many inputs
refreshed more than once (never expected) and the displayio objects alive.
A cursor step is an arrow press that moved only the cursor;
"cursor+status" one that also put the status line back after a message
(or showed one); a card move is a press that changed the position;
"panel" a press while a menu or notice was open; "screen" a press that
changed the whole screen (title, or the game chosen on it); "other" the
rest (a pick-up, a refused move, opening the menu). A card move slides
its cards in a few frames: "frames" and "px/frame" give the refreshes of a
card move and the pixels each sent on average ("extra refr" counts the
refreshes beyond one per input of the other kinds, never expected).
"""

import random
import sys

import displayio

import patience
import patience.games
from host_sim.simulator import cli as sim
from host_sim.simulator.boards import get_board
from host_sim.simulator.display import CountingDisplay
from host_sim.simulator.keys import ScriptKeys
from patience.screens.app import App

ARROWS = ("up", "down", "left", "right")


def count_objects(group):
    """TileGrids and Groups reachable from a group, the group included."""
    total = 1
    for layer in group:
        total += count_objects(layer) if isinstance(layer, displayio.Group) else 1
    return total


def kind_of(name, before, app, screen_before, panel_before, message_before):
    """What a press did, judged from the state before and after it."""
    if app.screen is not screen_before:
        return "screen"
    if app.game is not None and bytes(app.game.state) != before:
        return "card move"
    if panel_before:
        return "panel"
    if name in ARROWS and app.player.panel.overlay is None:
        return "cursor+status" if message_before or app.player.message else "cursor step"
    return "other"


def session(name, presses, board):
    """Stats for one game: {kind: [pixels, ...]}, objects alive, refreshes."""
    spec = get_board(board)
    keys = ScriptKeys()
    rng = random.Random(name)
    stats = {}
    alive = 0
    slides = []  # (frames, pixels) of each card move
    with CountingDisplay(spec.width, spec.height, headless=True) as display:
        app = App(display, keys, root=sim.firmware_dir(), game=name, deal=4)
        extra_refreshes = 0
        for _ in range(presses):
            button = rng.choice(ARROWS * 3 + ("a", "a", "a", "b", "select", "start"))
            before, screen = bytes(app.game.state) if app.game else b"", app.screen
            panel = app.player.panel.overlay is not None
            message = app.player.message
            refreshes, total = display.refreshes, display.total_pixels
            keys.press(button)
            app.tick()
            frames = display.refreshes - refreshes
            kind = kind_of(button, before, app, screen, panel, message)
            if kind == "card move":
                slides.append((frames, display.total_pixels - total))
            else:
                extra_refreshes += max(0, frames - 1)
            stats.setdefault(kind, []).append(display.last_pixels)
            if app.screen is not app.player:   # left the game: go back
                keys.press("b")
                app.tick()
            pool = app.player.table.pool if app.player is not None else ()
            alive = max(alive, count_objects(app.display.root_group) + len(pool))
    return stats, alive, extra_refreshes, slides


def main():
    presses = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    board = sys.argv[2] if len(sys.argv) > 2 else "pybadge"
    spec = get_board(board)
    card = 16 * 22 if spec.height <= 135 else 24 * 32
    print(f"board {board} ({spec.width}x{spec.height}), card area {card} px, {presses} presses per game")
    print(f"{'game':<12}{'kind':<13}{'inputs':>7}{'avg px':>9}{'max px':>9}{'avg cards':>10}"
          f"{'objects':>9}{'extra refr':>11}{'frames':>8}{'px/frame':>9}")
    for name in patience.games.GAMES:
        stats, alive, extra, slides = session(name, presses, board)
        frames = sum(f for f, _ in slides)
        slide = f"{frames / len(slides):>8.1f}{sum(p for _, p in slides) / frames:>9.0f}" \
            if frames else ""
        for kind in ("cursor step", "cursor+status", "card move", "panel", "screen", "other"):
            pixels = stats.get(kind, [])
            if pixels:
                average = sum(pixels) / len(pixels)
                print(f"{name:<12}{kind:<13}{len(pixels):>7}{average:>9.0f}{max(pixels):>9}"
                      f"{average / card:>10.2f}{alive:>9}{extra:>11}"
                      + (slide if kind == "card move" else ""))


if __name__ == "__main__":
    main()

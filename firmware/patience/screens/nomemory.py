"""Out of memory while playing: keep the game and tell the player.

App.run calls ``give_up`` when the heap has run out (most likely from .py
files on a board that leaves little heap), once it has let go of its
screens: that makes room to write the save. The board's terminal then
shows the error and what to do, and the App's loop ends.
"""

import displayio


def give_up(app, error):
    """Save the game in play and print the error and the way on."""
    show_terminal(app.display)
    saved = _save_all(app.keeper)
    words = app.words
    print("MemoryError:", error)
    print(words.get("memory.saved" if saved else "memory.not_saved"))
    if __file__.endswith(".py"):
        from .budget import figure
        needed = figure(app.root, "needed_py")
        if needed:
            print(words.fill("memory.from_py", needed))


def show_terminal(display):
    """Put CircuitPython's terminal on the screen, where print() writes."""
    try:
        display.root_group = displayio.CIRCUITPYTHON_TERMINAL
        display.auto_refresh = True
    except Exception:  # pylint: disable=broad-except  # older or host displayio
        pass


def _save_all(keeper):
    """True once everything the keeper holds is in the NVM."""
    if keeper.in_nvm and not keeper.dirty:
        return True  # nothing changed since a save that wrote: no code to load
    keeper.dirty = True  # whatever the last save did
    try:
        return keeper.save()
    except MemoryError:
        return False

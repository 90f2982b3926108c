"""The game stopped: the heap ran out, or a game file is missing or damaged.

App.run calls ``give_up`` once it has let go of its screens, which makes
room to write the save; the board's terminal then shows what happened and
what to do, and the App's loop ends. Screens raise ``OSError(path)`` for a
game file they cannot read (``missing`` finds the path); before the App
exists patience.boards shows ``MISSING`` itself.
"""

import displayio

MISSING = ("A game file is missing or damaged: %s. Put the game on the board again "
           "with patience-flash.")
SAVED = "Your games are saved."


def missing(error):
    """The path of the game file an OSError is about, or None for any other."""
    path = error.args[0] if error.args else None
    return path if isinstance(path, str) else None


def give_up(app, error):
    """Save the games and print what stopped the game and the way on."""
    show_terminal(app.display)
    saved = _save_all(app.keeper)
    if not isinstance(error, MemoryError):
        print(MISSING % missing(error))
        if saved:
            print(SAVED)
        return
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

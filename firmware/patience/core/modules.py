"""Code that only a moment needs: let go of it afterwards.

On a board a module's code stays in the heap while the module is loaded;
``forget`` drops a module so that its code is freed once nothing uses it,
and the next import loads it again (from .py that means compiling it again:
forget only what is rarely needed).
"""

import sys


def forget(name):
    """Let go of module ``name`` and its submodules."""
    below = name + "."  # made once: one string per loaded module would add up
    for loaded in [key for key in sys.modules if key == name or key.startswith(below)]:
        del sys.modules[loaded]
        parent, _, child = loaded.rpartition(".")
        holder = sys.modules.get(parent)
        if holder is not None and child in holder.__dict__:
            delattr(holder, child)

"""Code that only a moment needs: let go of it afterwards.

On a board a module's code stays in the heap while the module is loaded;
``forget`` drops a module so that its code is freed once nothing uses it,
and the next import loads it again (from .py that means compiling it again:
forget only what is rarely needed). ``rarely`` runs one function of a
module loaded for that moment.
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


def rarely(near, module, name, *args):
    """``name(*args)`` of ``module``, a sibling of the module named ``near``
    (give your ``__name__``), loaded for the call and let go of after,
    unless it was loaded before."""
    path = near.rpartition(".")[0] + "." + module
    loaded = path in sys.modules
    found = __import__(path, None, None, (name,))
    try:
        return getattr(found, name)(*args)
    finally:
        if not loaded:
            forget(path)

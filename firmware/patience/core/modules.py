"""Code that only a moment needs: let go of it afterwards.

On a board a module's code stays in the heap while the module is loaded;
``forget`` drops a module so that its code is freed once nothing uses it,
and the next import loads it again (from .py that means compiling it again:
forget only what is rarely needed).
"""

import sys


def _is_in(key, name):
    """True when module ``key`` is ``name`` or one of its submodules."""
    return key.startswith(name) and (len(key) == len(name) or key.startswith(".", len(name)))


def forget(name):
    """Let go of module ``name`` and its submodules (allocating nothing when
    none is loaded)."""
    for key in sys.modules:
        if _is_in(key, name):
            break
    else:
        return
    for loaded in [key for key in sys.modules if _is_in(key, name)]:
        del sys.modules[loaded]
        parent, _, child = loaded.rpartition(".")
        holder = sys.modules.get(parent)
        if holder is not None and child in holder.__dict__:
            delattr(holder, child)

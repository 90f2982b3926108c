"""Code that only a moment needs: let go of it afterwards.

On a board a module's code stays in the heap while the module is loaded;
``forget`` drops a module so that its code is freed once nothing uses it,
and the next import loads it again (from .py that means compiling it again:
forget only what is rarely needed). ``rarely`` runs one function of a
module loaded for that moment.
"""

import gc
import sys


def forget(name):
    """Let go of module ``name`` and its submodules."""
    below = name + "."  # made once: one string per loaded module would add up
    for key in [key for key in sys.modules if key == name or key.startswith(below)]:
        del sys.modules[key]
        first, _, last = key.rpartition(".")  # the package, and the module's name in it
        found = sys.modules.get(first)
        if found is not None and last in found.__dict__:
            delattr(found, last)


def rarely(near, module, name, *args):
    """``name(*args)`` of ``module``, a sibling of the module named ``near``
    (give your ``__name__``), loaded for the call and let go of after,
    unless it was loaded before. A collection comes before it loads and
    after it is let go: its code lies low, in the room that garbage left,
    and then what is made next does."""
    path = near.rpartition(".")[0] + "." + module
    if path in sys.modules:
        return getattr(sys.modules[path], name)(*args)
    gc.collect()
    try:
        return getattr(__import__(path, None, None, (name,)), name)(*args)
    finally:
        forget(path)
        gc.collect()

"""CPython stand-in for MicroPython's ``micropython`` module.

Only ``const`` is provided: on the device the compiler folds ``const(x)``
into a literal; on CPython it is the identity.
"""


def const(value):
    """Return ``value`` unchanged (MicroPython folds it at compile time)."""
    return value

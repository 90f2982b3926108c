"""Argument checks the stand-ins share, worded as MicroPython's C helpers
that CircuitPython's bindings call (py/argcheck.c mp_arg_validate_int_range,
py/obj.c mp_obj_get_int and mp_get_index).
"""


def integer(value, what):
    """mp_obj_get_int: an int, else TypeError."""
    if not isinstance(value, int):
        raise TypeError("%s must be an int, not %s" % (what, type(value).__name__))
    return value


def int_range(value, low, high, what):
    """mp_arg_validate_int_range: ``ValueError: %q must be %d-%d``."""
    if not low <= integer(value, what) <= high:
        raise ValueError("%s must be %d-%d" % (what, low, high))
    return value


def get_index(index, length, what):
    """mp_get_index: negative counts from the end; IndexError outside."""
    if integer(index, what) < 0:
        index += length
    if not 0 <= index < length:
        raise IndexError("%s index out of range" % what)
    return index

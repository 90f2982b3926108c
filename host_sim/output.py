"""The host commands' standard output when its reader goes away (``| head``):
they stop quietly with the status a shell gives a tool stopped by SIGPIPE."""

import os
import sys

BROKEN_PIPE = 141  # what a shell reports for a tool stopped by SIGPIPE


def quiet_stdout():
    """Point stdout at /dev/null: the reader is gone, and Python's last flush
    at exit would fail again."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # stdout is no real file (a test's capture)
        pass
    finally:
        os.close(devnull)

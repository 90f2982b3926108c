"""patience-sim: the firmware on Blinka's displayio, in a pygame window or headless.

Importing this package gives the firmware the board module Blinka lacks:
``supervisor`` (its millisecond clock, see clock.py). ``board``, ``keypad``
and ``analogio`` stand in for the simulated board's own while a session
runs (standins.py, session.py).
"""

from .clock import install

install()

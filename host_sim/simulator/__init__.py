"""patience-sim: the firmware's App on Blinka's displayio, in a pygame window or headless.

Importing this package gives the firmware the board modules Blinka lacks:
``supervisor`` (its millisecond clock, see clock.py).
"""

from .clock import install

install()

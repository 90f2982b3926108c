"""__future__ for the VM (bench/text_cost.py only).

CircuitPython has a built-in __future__ module (``from __future__ import
annotations`` is a no-op there); MicroPython 1.27 has none, and
adafruit_bitmap_font's modules start with that import.
"""

annotations = None

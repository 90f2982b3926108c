"""busdisplay for the VM: BusDisplay, the class of ``board.DISPLAY``.

Draws nothing; counts ``refresh()`` calls in ``refreshes``. Rules (tannewt/
circuitpython @ 3a1cff46 shared-bindings/busdisplay/BusDisplay.c; @ 22da23a1
shared-module/busdisplay/BusDisplay.c): brightness 0-1 (``ValueError:
brightness must be 0-1``); ``show()`` is gone (AttributeError); root_group is
a Group or None, and a Group already in a group or shown cannot be shown
(``ValueError: Group already used``). A shown group counts as being in a
group, so it cannot be appended elsewhere while shown.
"""

import displayio


class BusDisplay:
    """A display of ``width`` x ``height`` pixels with a backlight."""

    def __init__(self, width, height):
        self._size = width << 16 | height
        self._root = None
        self.auto_refresh = True
        self._bright = 1.0
        self.refreshes = 0

    @property
    def width(self):
        return self._size >> 16

    @property
    def height(self):
        return self._size & 0xFFFF

    @property
    def root_group(self):
        return self._root

    @root_group.setter
    def root_group(self, group):
        if group is not None and not isinstance(group, displayio.Group):
            raise TypeError("BusDisplay: root_group must be of type Group, not %s"
                            % type(group).__name__)
        if group is self._root:
            return
        if group is not None and group._joined():
            raise ValueError("BusDisplay: Group already used")
        if self._root is not None:
            self._root._join(False)
        if group is not None:
            group._join(True)
        self._root = group

    @property
    def brightness(self):
        return self._bright

    @brightness.setter
    def brightness(self, value):
        if not 0 <= value <= 1.0:
            raise ValueError("BusDisplay: brightness must be 0-1")
        self._bright = value

    def refresh(self, *, target_frames_per_second=None, minimum_frames_per_second=0):
        """Count a refresh (nothing is drawn)."""
        self.refreshes += 1
        return True

    def show(self, group):
        raise AttributeError(".show(x) removed. Use .root_group = x")

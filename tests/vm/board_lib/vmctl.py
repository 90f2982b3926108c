"""Test controls of the stand-in board: the clock, the buttons, the joystick
and the NVM bytes. Nothing here exists on a board.
"""

import analogio
import keypad
import microcontroller
import vmclock
import vmdrive

advance = vmclock.advance
now = vmclock.now
on_sleep = vmclock.on_sleep
last_sleep = vmclock.last_sleep


def keys(which=0):
    """The ``which``-th keypad scanner the firmware made."""
    return keypad._MADE[which]


def press(key, which=0):
    """Key ``key`` of scanner ``which`` goes down."""
    keys(which)._scan(key, True)


def release(key, which=0):
    keys(which)._scan(key, False)


def tap(key, which=0):
    """Down and up again, both queued before the firmware reads them."""
    press(key, which)
    release(key, which)


def set_analog(pin_name, value):
    """What an AnalogIn on that pin reads from now on (0-65535)."""
    analogio.LEVELS[pin_name] = value


def nvm_writes():
    """Writes to microcontroller.nvm so far (a slice counts once)."""
    return microcontroller.nvm._w


def save_nvm(path):
    """Write the NVM bytes to the file ``path`` (a later run's VM_NVM)."""
    with vmdrive.host_open(path, "wb") as file:
        file.write(microcontroller.nvm._d)


def notes():
    """(sample_rate, looping) of every sound played so far."""
    import vmaudio
    return vmaudio.NOTES

"""patience-flash: install the firmware onto a CIRCUITPY drive, safely."""

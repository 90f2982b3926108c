"""patience-sim: the firmware's App on Blinka's displayio, in a pygame window or headless."""

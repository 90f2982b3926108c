"""Scripted buttons with keypad's event interface, for VM runs."""


class Event:
    def __init__(self, key_number, pressed):
        self.key_number = key_number
        self.pressed = pressed
        self.released = not pressed
        self.timestamp = 0


class Events:
    def __init__(self):
        self.queue = []

    def get(self):
        return self.queue.pop(0) if self.queue else None


class ScriptKeys:
    def __init__(self):
        self.events = Events()

    def press(self, key_number):
        self.events.queue.append(Event(key_number, True))
        self.events.queue.append(Event(key_number, False))


class Display:
    def __init__(self, width, height):
        self.width = width
        self.height = height
        self.root_group = None
        self.auto_refresh = True
        self.refreshes = 0

    def refresh(self):
        self.refreshes += 1

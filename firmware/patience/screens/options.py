"""The Options menu: brightness, language, sound, winnable deals only.

Each item shows the setting's value and steps it when chosen (A to the
next value and round, right up and left down to the end); the menu stays
open. The settings are kept with the saves (keeper.set).
"""

from ..saves.model import LANGUAGES

_BRIGHTNESS = (64, 128, 192, 255)  # the backlight levels, of 255


class Options:
    """The options items for a Menu, acting on ``app``'s settings."""

    def __init__(self, app):
        self.app = app
        self.settings = app.keeper.saved.settings
        self.words = app.words

    def items(self):
        """(label, action) pairs for menu.Menu."""
        return ((self.brightness, self.next_brightness), (self.language, self.next_language),
                (self.sound, self.toggle_sound), (self.winnable, self.toggle_winnable),
                ("menu.back", None))

    def brightness(self):
        return self.words.fill("menu.brightness", self.settings.brightness * 100 // 255)

    def language(self):
        return self.words.fill("menu.language", self.words.get("lang.name"))

    def sound(self):
        return self.words.get("menu.sound_on" if self.settings.sound else "menu.sound_off")

    def winnable(self):
        return self.words.get("menu.winnable_on" if self.settings.winnable_only
                              else "menu.winnable_off")

    def next_brightness(self, step):
        level = self.settings.brightness
        last = len(_BRIGHTNESS) - 1
        at = _BRIGHTNESS.index(level) if level in _BRIGHTNESS else last
        at = (at + 1) % len(_BRIGHTNESS) if step == 0 else min(max(at + step, 0), last)
        if _BRIGHTNESS[at] != level:  # at an end, nothing changes and nothing is saved
            self.app.keeper.set("brightness", _BRIGHTNESS[at])
            self.app.set_brightness(_BRIGHTNESS[at])
        return True

    def next_language(self, step):
        self.app.set_language((self.settings.language + (step or 1)) % len(LANGUAGES))
        return True

    def toggle_sound(self, step):
        self.app.keeper.set("sound", not self.settings.sound)
        return True

    def toggle_winnable(self, step):
        self.app.keeper.set("winnable_only", not self.settings.winnable_only)
        return True

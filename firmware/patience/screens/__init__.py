"""What the player sees: the app and its key loop, the table, the title,
the menu and the panels, drawn with displayio from one sprite sheet."""

"""The input vocabulary the boards and the screens share: the game's eight
buttons and its input modes (``buttons``), and the board's clock with
wrap-safe arithmetic (``ticks``)."""

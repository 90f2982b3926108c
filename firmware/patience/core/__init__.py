"""The engine core: cards as bytes, one position in one bytearray, moves,
undo, deals, hints and the game file format. Knows nothing of screens,
boards or stores; the rules of each game come from ``patience.games``.
"""

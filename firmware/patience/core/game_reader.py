"""Reading a game back from the bytes ``to_bytes`` wrote (format in
gamefile.py): only resuming a game needs this half, so a save loads less.
Anything truncated, damaged or of another version is refused with a
ValueError that says why.
"""

from .cards import is_valid
from .gamefile import HEADER, MAGIC, VERSION, crc16, get16


def game_number(data):
    """The save id of the game in ``dump`` bytes; ValueError if the header is wrong."""
    if len(data) < HEADER + 2:
        raise ValueError("saved game is truncated (%d bytes)" % len(data))
    if data[0:2] != MAGIC:
        raise ValueError("not a saved game (wrong magic bytes)")
    if data[2] != VERSION:
        raise ValueError("saved game has version %d, this program reads version %d"
                         % (data[2], VERSION))
    return data[3]


def deal_number(data):
    """The deal number in ``dump`` bytes (0 for a game dealt from a deck)."""
    return data[4] | data[5] << 8 | data[6] << 16 | data[7] << 24


def read_into(game, data):
    """Fill a new, empty ``game`` of the saved kind from ``dump`` bytes, checked;
    ValueError says what is wrong."""
    _read_body(game, data)
    _check_position(game)


def _read_body(game, data):
    """Fill the game's state and history from data, checking sizes and CRC."""
    state_len = len(game.state)
    counts = HEADER + state_len
    if len(data) < counts + 6:
        raise ValueError("saved game is truncated (%d bytes)" % len(data))
    done, recorded = get16(data, counts), get16(data, counts + 2)
    expected = counts + 4 + 4 * recorded + 2
    if len(data) != expected:
        raise ValueError("saved game is %d bytes, its header says %d: truncated or damaged"
                         % (len(data), expected))
    if crc16(data, 0, expected - 2) != get16(data, expected - 2):
        raise ValueError("saved game is damaged (checksum mismatch)")
    if done > recorded:
        raise ValueError("saved game is damaged (history counts)")
    game.state[:] = data[HEADER:counts]
    if 4 * recorded > len(game.history):
        game.history = bytearray(4 * recorded + len(game.history))
    game.history[:4 * recorded] = data[counts + 4:counts + 4 + 4 * recorded]
    game.done, game.recorded = done, recorded


def _check_position(game):
    """Refuse a position that is not 52 distinct cards in valid piles."""
    seen = bytearray(64)
    for i in range(52):
        card = game.state[i]
        if not is_valid(card) or seen[card & 0x3F]:
            raise ValueError("saved game is damaged (card %d)" % i)
        seen[card & 0x3F] = 1
    last = 0
    for pile in range(game.pile_count):
        if game.end(pile) < last:
            raise ValueError("saved game is damaged (pile %d)" % pile)
        last = game.end(pile)
    if last != 52 or game.base > 13 or game.redeals_left < 0:
        raise ValueError("saved game is damaged (piles or variables)")
    on_foundations = sum(game.size(f) for f in game.foundations)
    if game.score != on_foundations:
        raise ValueError("saved game is damaged (score)")
    for at in range(0, 4 * game.recorded, 4):
        entry = game.history[at:at + 4]
        if entry[0] & 3 == 3 or entry[1] >= game.pile_count or entry[2] >= game.pile_count:
            raise ValueError("saved game is damaged (history step %d)" % (at // 4))

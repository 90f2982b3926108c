"""What the host commands take as a game and as a deal number: one rule and
one message for patience-sim and patience-solve."""

import argparse

# patience is imported when a name or number is read, not with this module
# (as the simulator's command line imports it)


def game_name(text, others=()):
    """The game ``text`` names, in any case and with spaces round it; or one
    of ``others`` (words the command takes besides, such as "all").
    ValueError naming the choices."""
    from patience.games import GAMES  # pylint: disable=import-outside-toplevel
    name = text.strip().lower()
    if name in GAMES or name in others:
        return name
    raise ValueError("unknown game %r: choose from %s" % (text, ", ".join(GAMES + tuple(others))))


def deal_number(text):
    """The deal number ``text`` gives: digits, with spaces round them and
    commas or underscores between ("7", "1,000", "1_000"). ValueError
    unless it is one."""
    digits = text.strip().replace(",", "").replace("_", "")
    if not (digits.isascii() and digits.isdigit()):  # not "²", "1e3" or "-5"
        raise not_a_deal(text.strip())
    return checked_deal(int(digits))


def checked_deal(number):
    """``number`` if it is a deal number, else ValueError."""
    from patience.core.dealing import FIRST_DEAL, LAST_DEAL  # pylint: disable=import-outside-toplevel
    if not FIRST_DEAL <= number <= LAST_DEAL:
        raise not_a_deal(str(number))
    return number


def not_a_deal(shown):
    """The ValueError for ``shown``, which is not a deal number."""
    from patience.core.dealing import FIRST_DEAL, LAST_DEAL  # pylint: disable=import-outside-toplevel
    return ValueError("%s is not a deal number: deals go from %d to %s"
                      % (shown, FIRST_DEAL, format(LAST_DEAL, ",")))


def _for_argparse(read):
    """``read`` as argparse's ``type=``: its ValueError becomes the one
    error line "argument --deal: ..." instead of a traceback."""
    def convert(text):
        try:
            return read(text)
        except ValueError as err:
            raise argparse.ArgumentTypeError(str(err)) from None
    return convert


game_argument = _for_argparse(game_name)
deal_argument = _for_argparse(deal_number)

"""What this board's buttons do, read from its own input scheme."""

# A board's keys object says how its buttons make the game's eight (see
# input.buttons): a few-button board's ``scheme``, ``chords`` and
# ``names``; an eight-button board perhaps the word for its D-pad (``pad``);
# either perhaps ``labels``, the desktop keys that stand for its buttons in
# the simulator. ``lines`` writes the help's controls page from that;
# ``names`` says what to call each of the eight in each input mode (A, B HOLD,
# A+B ...), so that texts name the buttons a player can press (see
# words.Words.named; ``speak`` makes the App's words with these names, at the
# start and when the language changes). Loaded only while a help page or
# the names are made.

from micropython import const

from ..input import buttons

# what a logical button does, as word keys (index: the button's number)
_DOES_IN_GAME = ("controls.b", "controls.a", "controls.start", "controls.select",
                 "controls.right", "controls.down", "controls.up", "controls.left")
_DOES_IN_LIST = ("controls.back", "controls.choose", "controls.close", "controls.select",
                 "controls.next", "controls.next", "controls.previous", "controls.previous")
_GESTURES = ("", "controls.hold", "controls.double", "controls.long")  # by scheme row
# an eight-button board's own names for its buttons
_EIGHT = ("B", "A", "START", "SELECT", "controls.key_right", "controls.key_down",
          "controls.key_up", "controls.key_left")
_NONE = const(255)


def speak(words, root, language, keys):
    """The words of ``language`` (an index of saves.model.LANGUAGES) from
    the drive at ``root``, with the names of the buttons of ``keys`` in
    them: ``words`` switched to it, or new Words when it is None."""
    from ..saves.model import LANGUAGES
    path = "%s/lang/%s.bin" % (root, LANGUAGES[language])
    if words is None:
        from .words import Words
        words = Words(path)
    else:
        words.use(path)
    words.buttons = names(words, keys)
    return words


def names(words, keys):
    """Per input mode (GAME, LIST, DIGITS), the name of each of the eight
    buttons on this board (None where no gesture makes it)."""
    get = words.get
    scheme = getattr(keys, "scheme", None)
    if scheme is None:
        eight = tuple(get(name) if "." in name else name for name in _EIGHT)
        return (eight, eight, eight)
    found = []
    for rows in scheme:
        named = [None] * 8
        for at, name in enumerate(keys.names):
            for gesture, row in enumerate(rows):
                if row is not None and row[at] != _NONE and named[row[at]] is None:
                    named[row[at]] = _gesture(get, name, gesture)
        for mask, button in enumerate(keys.chords):
            if button != _NONE and named[button] is None:
                named[button] = _chord(keys.names, mask)
        _plain_only(named)
        found.append(tuple(named))
    return tuple(found)


def _plain_only(named):
    """Where the two arrows of a pair are two gestures of one button (BOOT
    and BOOT DOUBLE TAP), only the plain one is named: every list and
    digit they step through goes round, so it reaches everything, and a
    text's "[UP]/[DOWN]" then names it alone (words.Words.named)."""
    for one, other in ((buttons.UP, buttons.DOWN), (buttons.LEFT, buttons.RIGHT)):
        if named[one] and named[other]:
            if named[one].startswith(named[other] + " "):
                named[one] = None
            elif named[other].startswith(named[one] + " "):
                named[other] = None


def lines(words, keys):
    """The controls page, a line a gesture: what each button does at the
    table and in lists."""
    get = words.get
    labels = getattr(keys, "labels", None) or {}
    scheme = getattr(keys, "scheme", None)
    out = [get("controls.in_game")]
    if scheme is None:  # eight buttons: each does one thing everywhere
        pad_name = _with_keys(get, get(getattr(keys, "pad", "controls.dpad")), labels.get("PAD"))
        out.append(words.fill("controls.line", pad_name, get("controls.move")))
        for button in (buttons.A, buttons.B, buttons.START, buttons.SELECT):
            name = _EIGHT[button]
            out.append(words.fill("controls.line", _with_keys(get, name, labels.get(name)),
                                  get(_DOES_IN_GAME[button])))
        return out
    for mode, does in ((buttons.GAME, _DOES_IN_GAME), (buttons.LIST, _DOES_IN_LIST)):
        if mode == buttons.LIST:
            out += ["", get("controls.in_lists")]
        for at, name in enumerate(keys.names):
            shown = _with_keys(get, name, labels.get(name))
            for gesture, row in enumerate(scheme[mode]):
                if row is not None and row[at] != _NONE:
                    out.append(words.fill("controls.line", _gesture(get, shown, gesture),
                                          get(does[row[at]])))
        for mask, button in enumerate(keys.chords):
            if button != _NONE and _two_bits(mask):
                out.append(words.fill("controls.line", _chord(keys.names, mask),
                                      get(does[button])))
    return out


def wrapped(words, keys, width, wrap):
    """``lines`` in lines of ``width``, cut by ``wrap(text, width)`` (the
    help's): a line too long breaks after the button's name, and what the
    button does follows, indented."""
    mark = words.get("controls.line").split("{1}")[0][3:].rstrip()  # ":", or " :"
    out = []
    for line in lines(words, keys):
        cut = line.find(mark + " ")
        if len(line) <= width or cut < 0:
            out += wrap(line, width)
        else:
            cut += len(mark)
            out += wrap(line[:cut], width)
            out += ["  " + part for part in wrap(line[cut + 1:], width - 2)]
    return out


def _gesture(get, name, gesture):
    """``A``, ``A HOLD``, ``BOOT DOUBLE TAP`` ..."""
    return name + " " + get(_GESTURES[gesture]) if gesture else name


def _chord(names_, mask):
    """``A+B``: the buttons of a chord."""
    return "+".join(name for at, name in enumerate(names_) if mask & 1 << at)


def _two_bits(mask):
    """True when exactly two buttons make the chord ``mask``."""
    rest = mask & (mask - 1)
    return rest and not rest & (rest - 1)


def _with_keys(get, name, keyboard):
    """A button's name, with the desktop keys that stand for it if any
    (``keyboard``: "X/SPACE"), named in the player's words."""
    if not keyboard:
        return name
    return name + " (" + "/".join(_key_name(get, key) for key in keyboard.split("/")) + ")"


def _key_name(get, key):
    """A desktop key's name in the player's words; a letter or digit as it is."""
    word = "controls.key_" + key.lower().replace(" ", "_")
    said = get(word)
    return key if said == word else said

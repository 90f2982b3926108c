"""Build the language files the firmware reads (host-only tool).

Each language's words live in text files here, ``<code>.txt`` for the
screens and ``rules.<code>.txt`` for the games' rules on the help pages (UTF-8):
one ``key = text`` a line, ``#`` comments and blank lines ignored, ``\\n`` in a
text for a line break, ``{0}``, ``{1}`` ... for the values a screen fills in.
``build()`` turns each into ``firmware/lang/<code>.bin``, which the firmware
reads a text at a time (patience/screens/words.py), so that words cost no
RAM while they are not on screen.

Layout of a .bin (little-endian)::

    0   b"PW", format 1, 0
    4   SLOTS two-byte offsets: slot hash(key) % SLOTS, then the next ones
        (0: empty); each points at an entry
        entry: key length (1 byte), key (ASCII), text length (2 bytes), text (UTF-8)

``hash`` is the firmware's own (small ints only): h = 5381, then for each
character h = ((h * 33) ^ code) & 0xFFFF.

    python words/build.py          # writes firmware/lang/*.bin
"""

import os
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(os.path.dirname(HERE), "firmware", "lang")
LANGUAGES = ("en", "fr")  # in the order of the language setting
SLOTS = 512
KEY_MAX = 32  # as patience/screens/words.py reads them
MAGIC = b"PW\x01\x00"


def key_hash(key):
    """The slot hash the firmware computes (patience/screens/words.py)."""
    h = 5381
    for char in key:
        h = ((h * 33) ^ ord(char)) & 0xFFFF
    return h


def parse(path):
    """{key: text} of a language file; ValueError names the line at fault."""
    words = {}
    with open(path, encoding="utf-8") as file:
        for number, line in enumerate(file, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            key, equals, text = line.partition("=")
            key = key.strip()
            if not equals or not key or not key.isascii() or len(key) > KEY_MAX:
                raise ValueError("%s:%d: expected key = text" % (path, number))
            if key in words:
                raise ValueError("%s:%d: %s is given twice" % (path, number, key))
            words[key] = text.strip().replace("\\n", "\n")
    return words


def encode(words):
    """The .bin bytes of {key: text}."""
    if len(words) > SLOTS * 3 // 4:
        raise ValueError("%d texts: more than the %d slots take" % (len(words), SLOTS * 3 // 4))
    table = [0] * SLOTS
    body = bytearray()
    start = len(MAGIC) + 2 * SLOTS
    for key in sorted(words):
        slot = key_hash(key) % SLOTS
        while table[slot]:
            slot = (slot + 1) % SLOTS
        table[slot] = start + len(body)
        text = words[key].encode("utf-8")
        body += bytes((len(key),)) + key.encode("ascii") + struct.pack("<H", len(text)) + text
    if start + len(body) > 0xFFFF:
        raise ValueError("language file over 64 KB")
    return MAGIC + struct.pack("<%dH" % SLOTS, *table) + bytes(body)


def words_of(code):
    """{key: text} of a language: its screens' words and its rules."""
    words = parse(os.path.join(HERE, code + ".txt"))
    rules = os.path.join(HERE, "rules." + code + ".txt")
    for key, text in parse(rules).items():
        if key in words:
            raise ValueError("%s: %s is given in %s.txt too" % (rules, key, code))
        words[key] = text
    return words


def build(out=OUT):
    """Write every language's .bin; returns their paths."""
    os.makedirs(out, exist_ok=True)
    paths = []
    for code in LANGUAGES:
        data = encode(words_of(code))
        path = os.path.join(out, code + ".bin")
        with open(path, "wb") as file:
            file.write(data)
        paths.append(path)
    return paths


if __name__ == "__main__":
    try:
        for written in build():
            print("wrote", written)
    except ValueError as error:
        sys.exit("words/build.py: %s" % error)

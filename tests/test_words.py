"""The words on screen: one file per language, every key in every language."""

import re
import sys
from pathlib import Path

import pytest

import patience
from patience.screens.words import Words, key_hash

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "words"))
import build as words_build  # noqa: E402  (words/build.py, the host tool)

KEY = re.compile(r"""["']((?:game|title|status|menu|number|stats|won|stuck|help|save|why|ask|"""
                 r"""sound|lang|finish|peek|controls|board|options|card|rules)\.[a-z0-9_.\-]+)["']""")


def _used_keys():
    """Word keys written in the firmware, and each game's title (not the
    beginnings of keys that the firmware completes, such as "controls.key_")."""
    keys = {"game." + name for name in patience.games.GAMES}
    for path in (ROOT / "firmware").rglob("*.py"):
        keys.update(key for key in KEY.findall(path.read_text()) if not key.endswith("_"))
    return keys


def test_language_files_are_built_from_the_word_lists(tmp_path):
    for path in words_build.build(tmp_path):
        name = Path(path).name
        assert Path(path).read_bytes() == (ROOT / "firmware" / "lang" / name).read_bytes(), \
            "firmware/lang/%s is stale: run python words/build.py" % name


@pytest.mark.parametrize("code", words_build.LANGUAGES)
def test_every_key_the_firmware_uses_has_a_text_in_every_language(code):
    words = words_build.words_of(code)
    missing = sorted(_used_keys() - set(words))
    assert not missing, "%s.txt lacks %s" % (code, ", ".join(missing))


def test_every_language_has_the_same_keys():
    keys = [set(words_build.words_of(code)) for code in words_build.LANGUAGES]
    assert all(k == keys[0] for k in keys[1:])


def test_the_firmware_reads_a_text_by_its_key():
    words = Words(str(ROOT / "firmware" / "lang" / "fr.bin"))
    assert words.get("menu.undo") == "ANNULER"
    assert words.fill("won.deal", 42) == "DONNE 42"
    assert words.get("game.chessboard") == "ÉCHIQUIER"
    assert words.get("no.such.key") == "no.such.key"          # shows instead of failing
    words.use(str(ROOT / "firmware" / "lang" / "en.bin"))
    assert words.get("menu.undo") == "UNDO"


def test_a_file_that_is_not_a_language_file_is_refused(tmp_path):
    bad = tmp_path / "x.bin"
    bad.write_bytes(b"nonsense")
    with pytest.raises(OSError, match="x.bin"):  # names the file: see screens/stopped.py
        Words(str(bad))


def test_the_firmware_and_the_builder_hash_alike():
    for key in ("menu.undo", "game.eagle-wing", "x"):
        assert key_hash(key) == words_build.key_hash(key)


def test_a_bad_word_list_is_refused_naming_the_line(tmp_path):
    bad = tmp_path / "xx.txt"
    bad.write_text("menu.undo = UNDO\nno equals sign here\n", encoding="utf-8")
    with pytest.raises(ValueError, match="xx.txt:2: expected key = text"):
        words_build.parse(bad)



@pytest.mark.parametrize("code", words_build.LANGUAGES)
def test_the_help_maps_letters_are_no_card_ranks(code):
    """The French map once marked Eagle Wing's trunk R and the waste D, the
    letters the same page and the status line give the king (roi) and the
    queen (dame): "R SUR A" read both ways."""
    words = words_build.words_of(code)
    ranks = words["card.ranks"].split(",")
    assert not set(words["help.letters"]) & set(ranks)
    assert len(set(words["help.letters"])) == len(words["help.letters"])   # a letter a kind

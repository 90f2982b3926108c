"""Learning the game on the device: each game's rules and the board's own
controls, scrollable, in English and French, fitting every screen.

Help is opened and scrolled through each board's real input (the simulated
board's buttons and the firmware's gesture code).
"""

import re

import pytest
from hypothesis import given, strategies as st

import patience
from host_sim.simulator.boards import BOARDS
from patience.input import buttons
from patience.screens import controls, helppage, sheet_setup, sheets
from screens import Session, on_board

LANGUAGES = ("en", "fr")
PLAYABLE = sorted(name for name in BOARDS if name != "pyportal")
# per board: (open the menu, next item / scroll down, choose) with its own buttons
GESTURES = {
    "pybadge": ("start", "down", "a"),
    "pygamer": ("start", "down", "a"),
    "clue": ("a+b", "b", "a"),
    "feather-reverse-tft": ("d1+d2", "d2", "d1"),
    "feather-tft": ("hold1.6:boot", "boot", "hold:boot"),
}
# per board: B in lists and questions (no, back), with its own buttons
BACK = {"pybadge": "b", "pygamer": "b", "clue": "hold:a", "feather-reverse-tft": "hold:d1",
        "feather-tft": "hold1.6:boot"}
# the words a controls line may hold before its colon, besides the buttons
GESTURE_WORDS = {"HOLD", "DOUBLE", "TAP", "LONG", "MAINTENU", "APPUI", "LONGTEMPS"}


def _open_help(simulated, board):
    """Start, down to HELP, A: the help page of the game on the table."""
    start, down, choose = GESTURES[board]
    simulated.keys(start)
    menu = simulated.app.player.panel.overlay
    wanted = [label for label, _ in menu.items].index("menu.help")
    simulated.keys(" ".join([down] * wanted + [choose]))
    reader = simulated.app.player.panel.overlay
    assert type(reader).__name__ == "Reader"  # helppage is imported anew each time
    return reader


def _shown(simulated):
    """The panel's lines as drawn (stripped)."""
    panel = simulated.app.screen.panel
    return [line.strip() for line in Session(simulated.app, None, simulated.display).text(panel.text)]


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", patience.games.GAMES)
@pytest.mark.parametrize("board", ["pybadge", "clue"])
def test_each_help_page_scrolls_to_its_end(board, game, lang):
    with on_board(board, game=game, deal=1, language=lang) as simulated:
        reader = _open_help(simulated, board)
        assert len(reader.lines) > reader.shown            # more than a screenful
        first = _shown(simulated)
        presses = 0
        while reader.top + reader.shown < len(reader.lines):
            simulated.keys(GESTURES[board][1])
            presses += 1
            assert presses <= len(reader.lines)
        shown = _shown(simulated)
        assert shown != first and reader.lines[-1].strip() in shown
        assert any(word in " ".join(shown) for word in ("A", "B"))  # the controls come last


_WORDS = st.lists(st.text(alphabet="ABCÉ'.:", min_size=1, max_size=14), max_size=12)
_PARAGRAPHS = st.lists(st.tuples(_WORDS, st.sampled_from((" ", "  "))).map(
    lambda words_gap: words_gap[1].join(words_gap[0])), min_size=1, max_size=3)


@given(paragraphs=_PARAGRAPHS, width=st.integers(4, 40))
def test_wrapped_help_keeps_every_word_in_order_within_the_width(paragraphs, width):
    """A paragraph's lines give back its words in order, none starts with a
    space, and a line is wider than the panel only when it is one word; a
    line break in the text always starts a new line."""
    from patience.screens.helppage import wrap
    assert wrap("\n".join(paragraphs), width) == [
        line for paragraph in paragraphs for line in wrap(paragraph, width)]
    for paragraph in paragraphs:
        lines = wrap(paragraph, width)
        assert " ".join(lines).split() == paragraph.split()
        for line in lines:
            assert len(line) <= width or " " not in line
            assert not line.startswith(" ")


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("board", PLAYABLE)
def test_what_a_button_does_is_never_broken_across_lines_of_the_controls_page(board, lang):
    """"SMART MOVE, PUT BACK" once wrapped as "... PUT" / "BACK": a line too
    long now breaks after the button's name, what it does indented whole."""
    with on_board(board, game="agnes", deal=1, language=lang) as simulated:
        app = simulated.app
        width = app.player.panel.columns - 2
        shown = controls.wrapped(app.words, app.keys, width, helppage.wrap)
        assert all(len(line) <= width for line in shown)
        broken = 0
        for line in controls.lines(app.words, app.keys):
            name, colon, does = line.partition(" : " if lang == "fr" else ": ")
            if does and len(line) > width:
                broken += 1
                at = shown.index(name + colon.rstrip())
                assert shown[at + 1] == "  " + does
            elif does:
                assert line in shown
        assert broken or board != "pybadge"                      # B's line is too long there


@pytest.mark.parametrize("board", PLAYABLE)
def test_the_controls_page_names_only_the_boards_buttons(board):
    with on_board(board, game="agnes", deal=1) as simulated:
        app = simulated.app
        keys = app.keys
        lines = controls.lines(app.words, keys)
        owned = set(getattr(keys, "names", None) or ("A", "B", "START", "SELECT"))
        if not hasattr(keys, "names"):
            owned |= set(app.words.get(getattr(keys, "pad", "controls.dpad")).split())
        said = set()
        for line in lines:
            if ":" not in line:
                continue
            before = re.sub(r"\([^)]*\)", " ", line.split(":")[0])
            named = set(re.split(r"[ +]+", before.strip())) - GESTURE_WORDS
            assert named <= owned, (line, named - owned)
            said |= named
        assert said == owned                                     # every button is told
        if board == "clue":
            assert not any("SELECT" in line or "START" in line for line in lines)


@pytest.mark.slow
@pytest.mark.parametrize("lang, colon", [("en", re.compile(r"[^ ]: [^ ]")),
                                         ("fr", re.compile(r"[^ ] : [^ ]"))])
@pytest.mark.parametrize("board", PLAYABLE)
def test_the_controls_lines_are_punctuated_as_their_language_wants(board, lang, colon):
    with on_board(board, game="agnes", deal=1, language=lang) as simulated:
        app = simulated.app
        told = [line for line in controls.lines(app.words, app.keys) if ":" in line]
        assert told and all(colon.search(line) for line in told), told


@pytest.mark.parametrize("board", PLAYABLE)
def test_the_simulator_names_its_keys_beside_the_buttons(board):
    with on_board(board, game="agnes", deal=1) as simulated:
        app = simulated.app
        text = " ".join(controls.lines(app.words, app.keys))
        for label in app.keys.labels.values():
            assert "(%s)" % label in text


@pytest.mark.parametrize("board, named", [
    ("pybadge", ("(FLÈCHES)", "(X/ESPACE)", "(Z/RETOUR ARRIÈRE/ÉCHAP)", "(ENTRÉE)",
                 "(TAB/MAJ)")),
    ("clue", ("(Z/GAUCHE)", "(X/DROITE)"))])
def test_the_simulators_keys_are_named_in_the_players_language(board, named):
    with on_board(board, game="agnes", deal=1, language="fr") as simulated:
        app = simulated.app
        text = " ".join(controls.lines(app.words, app.keys))
        for keys in named:
            assert keys in text
        assert not {"ARROW", "SPACE", "BACKSPACE", "ESC", "ENTER", "SHIFT", "LEFT",
                    "RIGHT"} & set(re.split(r"[ (/):]+", text))


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("board", PLAYABLE)
def test_every_text_fits_its_box_on_every_board(board, lang):
    """Each word file text, its buttons named as this board names them and
    its values as four digits (two for a count of cards held), fits the status bar (status and refusal
    lines) or a panel; the rules' paragraphs are wrapped to the panel."""
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "words"))
    import build as words_build
    with on_board(board, game="agnes", deal=1, language=lang) as simulated:
        app = simulated.app
        status_columns = app.player.table.status.columns  # a pixel in from each edge
        panel = app.screen.panel
        too_long = []
        for key, text in words_build.words_of(lang).items():
            if key.startswith(("rules.", "memory.")) or key == "status.deal":
                continue  # wrapped (memory.*: on the board's terminal); status.short instead
            on_status = key.startswith(("status.", "why.", "save."))
            limit = status_columns if on_status else panel.columns - 2
            for mode in (buttons.GAME,) if on_status else (buttons.GAME, buttons.LIST):
                value = "88" if key.startswith("status.holding") else "8888"
                filled = re.sub(r"\{\d\}", value, app.words.named(text, mode))
                # the help's footer takes a line a part when it is too long
                parts = filled.split("  ") if key == "help.scroll" else [filled]
                if max(len(part) for part in parts) > limit:
                    too_long.append("%s: %s" % (key, filled))
        assert not too_long
        reader = _open_help(simulated, board)
        assert all(len(line) <= panel.columns - 2 for line in reader.lines)


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("board", PLAYABLE)
def test_the_help_footer_is_whole_apart_from_the_text_and_clear_of_the_status_line(board, lang):
    """The footer names its buttons in full (a line a part where one line is
    too narrow), a blank line parts it from the rules, and the box's bottom
    row stays blank above the status line."""
    with on_board(board, game="eagle-wing", deal=1, language=lang) as simulated:
        _open_help(simulated, board)
        app = simulated.app
        footer = app.words.named(app.words.get("help.scroll"), buttons.LIST)
        parts = footer.split("  ")
        shown = _shown(simulated)
        assert shown[-1] == ""  # the box's bottom row
        if len(footer) <= app.screen.panel.columns - 2:
            assert shown[-2] == footer and shown[-3] == ""
        else:
            assert shown[-1 - len(parts):-1] == parts and shown[-2 - len(parts)] == ""
        panel = app.screen.panel
        assert panel.text.grid.y + panel.box_rows * app.art.font_h <= app.height - app.art.font_h


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("board", PLAYABLE)
def test_the_status_line_fits_with_the_longest_deal_number_and_score(board, lang):
    from types import SimpleNamespace
    from patience.screens.status import StatusLine
    with on_board(board, game="agnes", deal=1, language=lang) as simulated:
        app = simulated.app
        columns = app.width // app.art.font_w
        for name in patience.games.GAMES:
            rules = patience.new_game(name, seed=1).rules
            game = SimpleNamespace(rules=rules, name=name, seed=999_999_999, score=52,
                                   redeals_left=rules.REDEALS)
            line = StatusLine(app.words, columns).text(game, None)
            assert len(line) <= columns, line
            assert "999999999  52/52" in line                  # the number is never cut
            names = (app.words.get("game." + name), app.words.get("short." + name))
            assert line.startswith(names), line                # nor the game's name dropped
            if rules.REDEALS:
                assert line.endswith(" %d" % rules.REDEALS)


@pytest.mark.slow
@pytest.mark.parametrize("board", PLAYABLE)
def test_every_board_answers_no_to_a_question(board):
    """No way to win, the rest goes home, count this deal as lost?: each
    says how to answer no on this board, and that button closes it."""
    from patience.screens import actions, notices
    with on_board(board, game="chessboard", deal=12) as simulated:   # no line wins it
        player = simulated.app.player
        session = Session(simulated.app, None, simulated.display)
        dealt = bytes(player.game.state)
        asks = (lambda: player.do("hint"), lambda: notices.offer_finish(player),
                lambda: actions.confirm(player.panel, "ask.lost", lambda: player.do("new_deal")))
        for ask, line in zip(asks, ("PLAY ON", "NO, I WILL", "NO, KEEP PLAYING")):
            ask()
            assert any(shown.endswith(line) for shown in session.panel())
            simulated.keys(BACK[board])
            assert session.panel() is None and bytes(player.game.state) == dealt


@pytest.mark.parametrize("board, digit, change, keys", [
    ("pybadge", "LEFT/RIGHT: DIGIT", "UP/DOWN: CHANGE", "left up"),
    ("clue", "B: DIGIT", "B HOLD: CHANGE", "b hold:b"),
    ("feather-tft", "BOOT: DIGIT", "BOOT DOUBLE TAP: CHANGE", "boot double:boot")])
def test_deal_number_entry_says_how_to_choose_and_change_a_digit(board, digit, change, keys):
    with on_board(board, game="agnes", deal=1) as simulated:
        simulated.app.player.do("enter_deal")
        session = Session(simulated.app, None, simulated.display)
        assert digit in session.panel() and change in session.panel()
        simulated.keys(keys)                    # another digit, one up
        assert session.panel()[2] in ("000000011", "100000001")


def test_texts_name_the_buttons_each_board_has():
    with on_board("clue", game="agnes", deal=1) as simulated:
        words = simulated.app.words
        assert words.named("[B]  NO, I WILL", buttons.GAME) == "A HOLD  NO, I WILL"
        assert words.named("[START]  MENU", buttons.GAME) == "A+B  MENU"
        assert words.named("[SELECT]  UNDO", buttons.GAME) == ""     # the CLUE has no Select
    with on_board("feather-tft", game="agnes", deal=1) as simulated:
        simulated.keys("boot hold:boot")                            # next pile, take
        assert simulated.app.player.held is not None
        status = Session(simulated.app, None, simulated.display).status()
        assert status == "1 HELD"


def test_accented_capitals_draw_their_own_glyphs():
    """Every character of the French words has a glyph of its own, and each
    accented capital's pixels differ from its plain letter's."""
    import displayio
    import adafruit_imageload
    import sys
    from pathlib import Path
    from host_sim.simulator.cli import firmware_dir
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "words"))
    import build as words_build
    bitmap, _ = adafruit_imageload.load(firmware_dir() + sheet_setup.PATH[sheets.SMALL],
                                        bitmap=displayio.Bitmap, palette=displayio.Palette)
    w, h = sheet_setup.FONT_W[sheets.SMALL], sheet_setup.FONT_H[sheets.SMALL]
    per_row = bitmap.width // w

    def glyph(char):
        code = ord(char)
        if code > 255:
            code = sheets.FONT_ABOVE_LATIN1_CHAR[sheets.FONT_ABOVE_LATIN1.index(code)]
        tile = sheets.FONT_FIRST_TILE[sheets.SMALL] + code - 32
        x0, y0 = tile % per_row * w, tile // per_row * h
        return tuple(bitmap[x0 + x, y0 + y] for y in range(h) for x in range(w))

    used = set("".join(words_build.words_of("fr").values())) - {"\n"}
    lacking = sorted(c for c in used if ord(c) > 255 and ord(c) not in sheets.FONT_ABOVE_LATIN1)
    assert not lacking
    plain = {"É": "E", "È": "E", "Ê": "E", "Ë": "E", "À": "A", "Â": "A", "Ç": "C", "Ô": "O",
             "Î": "I", "Ï": "I", "Ù": "U", "Û": "U", "Œ": "O"}
    for accented in sorted(used & set(plain)):
        assert glyph(accented) != glyph(plain[accented]), accented
        assert any(glyph(accented)), accented


@pytest.mark.parametrize("board, choose", [
    ("pybadge", "UP/DOWN: MOVE"), ("clue", "B: MOVE"), ("feather-tft", "BOOT: MOVE"),
    ("feather-reverse-tft", "D0/D2: MOVE")])
def test_the_title_names_one_button_to_go_round_the_list_with(board, choose):
    """On one button its double tap is "up": the list goes round, so the
    title names the plain press alone, not "BOOT DOUBLE TAP/BOOT"."""
    with on_board(board) as simulated:
        screen = simulated.app.screen
        lines = [line.strip() for line in Session(simulated.app, None, simulated.display)
                 .text(screen.text)]
        assert choose in lines
        if board == "feather-tft":
            simulated.keys("boot")                                 # the plain press: down
            assert screen.choice == 1


def _button_columns(session, *does):
    """The column each of the panel's lines that ends with one of ``does``
    starts at."""
    rows = session.text(session.app.screen.panel.text)
    return [len(row) - len(row.lstrip()) for row in rows if row.endswith(does)]


@pytest.mark.parametrize("board", PLAYABLE)
def test_the_buttons_lines_of_a_centred_panel_start_in_one_column(board):
    """Once each was centred alone: "A  YES, GIVE IT UP" stood in from
    "B  NO, KEEP PLAYING". Now they line up: the question, statistics."""
    with on_board(board, game="eagle-wing", deal=1) as simulated:
        app = simulated.app
        session = Session(app, None, simulated.display)
        from patience.screens import actions
        actions.confirm(app.player.panel, "ask.lost", lambda: None)
        no = app.words.get("ask.no").split("  ")[-1]
        yes = app.words.get("ask.yes").split("  ")[-1]
        assert session.panel() is not None
        columns = _button_columns(session, yes, no)
        assert len(columns) == 2 and len(set(columns)) == 1, session.text(app.screen.panel.text)
        app.screen.panel.close()
        app.player.do("statistics")
        words = [app.words.get(key).split("  ")[-1] for key in
                 ("stats.keys_games", "stats.keys_reset", "stats.keys_back")]
        columns = _button_columns(session, *words)
        assert len(columns) == 3 and len(set(columns)) == 1, session.text(app.screen.panel.text)


@pytest.mark.parametrize("board", ["pybadge", "feather-tft"])
def test_the_help_goes_round_from_its_last_page_to_its_first(board):
    """The Feather TFT's footer names BOOT alone to scroll: past the last
    page it comes back to the first, and up from the first is the last."""
    with on_board(board, game="glenwood", deal=1) as simulated:
        reader = _open_help(simulated, board)
        assert any(line.startswith(("BOOT: SCROLL", "UP/DOWN: SCROLL")) for line in _shown(simulated))
        pages = reader._page(reader._last())
        assert pages > 2
        first = _shown(simulated)
        simulated.keys(" ".join([GESTURES[board][1]] * pages))
        assert reader.top == 0 and _shown(simulated) == first
        simulated.keys("double:boot" if board == "feather-tft" else "up")
        assert reader.top == reader._last()


@pytest.mark.parametrize("board", PLAYABLE)
def test_the_titles_button_lines_start_in_one_column(board):
    """"UP/DOWN: CHOOSE", "A: PLAY" and "B: BACK TO GAME" were centred each
    on its own: now they line up, as in the panels."""
    with on_board(board, game="agnes", deal=1) as simulated:
        app = simulated.app
        app.title("agnes")                                   # a game is left to go back to
        rows = Session(app, None, simulated.display).text(app.screen.text)
        ends = [app.words.get(key).split(":")[-1].strip()
                for key in ("title.choose", "title.play", "title.back")]
        columns = [len(row) - len(row.lstrip()) for row in rows if row.endswith(tuple(ends))]
        assert len(columns) == 3 and len(set(columns)) == 1, rows


def test_b_in_a_help_page_goes_back_to_the_list_it_came_from():
    """As in statistics and the options: B from the game's help brings the
    Start menu back on HELP, and from a page of the title's help list that
    list on the same page; A and Start still close."""
    from patience.screens.menu import Menu
    with on_board("pybadge", game="agnes", deal=3) as simulated:
        app = simulated.app
        _open_help(simulated, "pybadge")
        simulated.keys("down b")
        menu = app.player.panel.overlay
        assert isinstance(menu, Menu) and menu.items[menu.choice][0] == "menu.help"
        simulated.keys("a")                                      # the page again
        assert type(app.player.panel.overlay).__name__ == "Reader"
        simulated.keys("a")                                      # A closes it: no menu
        assert app.player.panel.overlay is None
    with on_board("pybadge") as simulated:
        app = simulated.app
        simulated.keys("down*5 a down*2 a")                      # HELP, then GLENWOOD's page
        assert type(app.screen.panel.overlay).__name__ == "Reader"
        simulated.keys("b")
        listed = app.screen.panel.overlay
        assert isinstance(listed, Menu) and listed.items[listed.choice][0] == "game.glenwood"
        simulated.keys("down*2 a b")                             # the controls' page and back
        assert app.screen.panel.overlay.choice == len(patience.games.GAMES)
        simulated.keys("b")                                      # the list closes: the title
        assert app.screen.panel.overlay is None and not app.screen.body.hidden


@pytest.mark.parametrize("board", ["pybadge", "clue"])
def test_a_help_page_of_one_screen_names_no_scrolling(board):
    """The controls alone fit one page: its footer names only the way back;
    a game's rules, pages long, name the scrolling too."""
    with on_board(board) as simulated:
        app = simulated.app
        app.screen._controls()
        words = app.words
        scroll, back = words.named(words.get("help.scroll"), buttons.LIST).split("  ")
        shown = _shown(simulated)
        assert back in shown and not any(scroll in line for line in shown)
        app.screen.panel.close()
        app.screen.help()
        app.screen.panel.overlay.press(buttons.A)                  # Eagle Wing's rules
        assert any(scroll in line for line in _shown(simulated))

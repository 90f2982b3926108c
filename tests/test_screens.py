"""What the player sees and does, through the real button path."""

import sys

import pytest

import patience
from host_sim.simulator.session import full_solver_hint
from host_sim.tools.solving import full_hint
from patience.screens.advice import device_hint
from patience.solver.winnable import is_winnable
from patience.screens import sheets
from patience.screens.sheets import CHAR_SUIT
from support import position
from screens import on_board, running


def test_opening_status_line_names_game_deal_score_and_redeals():
    with running("eagle-wing", 1) as s:
        assert s.status() == "EAGLE WING DEAL 1  1/52  REDEALS 2"
    with running("chessboard", 123456789) as s:
        assert s.status() == "CHESSBOARD DEAL 123456789  0/52"


def test_stock_and_reserves_wear_their_counts_and_the_trunk_shows_a_back():
    with running("eagle-wing", 1) as s:
        assert s.badge(0) == "30" and s.badge(10) == "13"
        assert s.shown_tiles(10) == [sheets.TILE_BACK]       # no face-up card showing
        assert s.badge(6) is None                              # the wing has none
    with running("glenwood", 1) as s:
        assert [s.badge(p) for p in (0, 6, 11, 12, 13)] == ["36", "3", "3", "3", "3"]
        assert s.slot_tile(2) == sheets.TILE_FOUNDATION_FIRST  # the base card goes here
        assert s.slot_tile(3) == sheets.TILE_FOUNDATION


def test_a_picks_up_and_puts_down_and_the_card_lands():
    with running("eagle-wing", 1) as s:        # base 8; 8c on pile 6
        s.press("a")
        assert s.player.held == (6, 1)
        s.press("up")                           # from the wing up to the top row
        assert s.player.cursor == 0
        s.press("right " * 3 + "a")             # over foundation 3 and drop
        g = s.app.game
        assert g.cards(3) == bytes([0x88]) and g.score == 2 and s.player.held is None
        assert s.status().endswith("2/52  REDEALS 2")


def test_refused_move_changes_neither_game_nor_table_but_says_so():
    with running("eagle-wing", 1) as s:
        s.press("a right")                      # hold 8c, cursor on Kc
        before, table = str(s.app.game), s.table_pixels()
        s.press("a")                            # 8c cannot go on Kc
        assert str(s.app.game) == before
        assert s.table_pixels() == table
        assert s.status() == "NEEDS Q" + chr(CHAR_SUIT)   # the queen of clubs would go
        assert s.player.held == (6, 1)          # still holding: choose another pile


def test_b_sends_home_and_trunk_refills_the_pile():
    with running("eagle-wing", 1) as s:
        s.press("b")
        g = s.app.game
        assert g.cards(3) == bytes([0x88]) and g.cards(6) == bytes([0x8A])   # Tc from the trunk
        s.press("right b")                      # Kc onto Ac frees a trunk card
        assert g.cards(11)[-1] & 0x3F == 0x0D and g.cards(7) == bytes([0x92])   # 2d refills
        s.press("b")                            # no pile takes 2d
        assert s.status() == "NO PILE TAKES THIS CARD" and g.score == 2


def _playing(s, game, cursor):
    s.player.game = game
    s.player.table.set_game(game)
    s.player.cursor = cursor


def test_b_builds_where_nothing_better_is_there_and_never_just_shifts_a_pile():
    game = position("chessboard", {0: "9c", 2: "Kd", 4: "8c"}, base=1, spare_pile=13)
    with running("chessboard", 1) as s:
        _playing(s, game, 0)
        s.press("b")                            # 9c builds on 8c, not onto an empty pile
        assert game.size(0) == 0 and game.cards(4)[-1] & 0x3F == 0x09
        s.press("down b")                       # Kd alone: an empty pile changes nothing
        assert game.size(2) == 1 and s.status() == "NO BETTER PLACE FOR THIS CARD"


def test_b_with_nowhere_for_a_run_says_so_of_these_cards():
    game = position("agnes", {1: "5c", 5: "9h 8d", 6: "Kc", 7: "Qs", 8: "Js", 9: "2c",
                              10: "3c", 11: "4c"}, base=5)
    with running("agnes", 1) as s:
        _playing(s, game, 5)
        s.press("b")
        assert game.size(5) == 2 and s.status() == "NO PILE TAKES THESE CARDS"


def test_b_leaves_a_foundations_card_home_and_says_a_takes_it():
    game = position("agnes", {1: "5c", 5: "9h", 6: "7h"}, base=5)
    with running("agnes", 1) as s:
        _playing(s, game, 1)
        s.press("b")
        assert game.cards(1) == bytes([0x85]) and s.status() == "HOME ALREADY: A TAKES IT BACK"


def test_select_undoes_and_menu_redoes():
    with running("eagle-wing", 1) as s:
        dealt = str(s.app.game)
        s.press("b")
        moved = str(s.app.game)
        s.press("select")
        assert str(s.app.game) == dealt
        s.press("select")
        assert s.status() == "NOTHING TO UNDO"
        s.choose("menu.redo")
        assert str(s.app.game) == moved and s.panel() is None


def test_select_with_cards_held_puts_them_back_and_undoes_nothing():
    with running("agnes", 7) as s:
        s.press("right right right right right a left left a")  # a move played
        moved = str(s.app.game)
        s.press("right a")                               # a card taken
        assert s.app.player.held is not None
        s.press("select")
        assert s.app.player.held is None and str(s.app.game) == moved
        assert s.status() == "PUT BACK: NOTHING MOVED"
        s.press("select")                                # now the undo
        assert str(s.app.game) != moved


def test_b_never_chooses_the_base_and_says_whose_choice_it_is():
    with running("glenwood", 7) as s:
        s.press("left b")                                # Ks: home is its only place
        game = s.app.game
        assert game.base == 0 and game.size(6) == 3
        assert s.status() == "PUT YOUR BASE CARD HOME WITH A"
        s.press("a")                                     # A takes it ...
        s.app.player.cursor = 2
        s.press("a")                                     # ... and puts it on pile 2
        assert game.base == 13 and s.status() != "PUT YOUR BASE CARD HOME WITH A"


@pytest.mark.parametrize("deal", range(1, 9))
def test_b_anywhere_on_a_fresh_chessboard_leaves_the_base_unset(deal):
    with running("chessboard", deal) as s:
        for pile in (0, 1, 2, 4, 5, 7, 8, 10, 11, 13):
            s.app.player.cursor = pile
            s.press("b")
            assert s.app.game.base == 0


def test_a_on_the_stock_deals_and_the_waste_shows_it():
    with running("eagle-wing", 1) as s:
        s.press("up a")
        g = s.app.game
        assert g.size(0) == 29 and g.size(1) == 1 and s.badge(0) == "29"


@pytest.mark.parametrize("button", ["a", "b"])
def test_glenwoods_closed_stock_says_the_base_comes_first(button):
    with running("glenwood", 1) as s:
        s.player.cursor = s.app.game.stock
        s.press(button)
        assert s.status() == "BASE FIRST: A RESERVE CARD ON THE STAR"
        assert s.app.game.size(0) == 36             # nothing dealt


def test_a_takes_the_longest_run_and_a_again_takes_one_fewer():
    game = position("agnes", {1: "5c", 5: "9h 8d 7h", 6: "Td", 7: "8h"}, base=5)
    with running("agnes", 1) as s:
        s.player.game = game
        s.player.table.set_game(game)
        s.player.cursor = 5
        s.press("a")
        assert s.player.held == (5, 3) and s.status().startswith("3 HELD")
        s.press("a")                            # on their own pile: one fewer
        assert s.player.held == (5, 2)
        s.press("a a")                          # then one, then put back
        assert s.player.held is None
        s.press("a right a")                    # all three onto the red ten
        assert game.cards(6)[-3:] == bytes([0xA9, 0x98, 0xA7]) and game.size(5) == 0


def test_a_puts_down_as_many_as_may_go_there():
    game = position("agnes", {1: "5c", 5: "9h 8d 7h", 7: "8h"}, base=5)
    with running("agnes", 1) as s:
        s.player.game = game
        s.player.table.set_game(game)
        s.player.cursor = 5
        s.press("a right right a")              # onto the eight of hearts only the seven fits
        assert game.cards(7) == bytes([0xA8, 0xA7]) and game.cards(5)[-1] == 0x98


def test_up_and_down_always_move_the_cursor_and_arrows_wrap_round():
    with running("eagle-wing", 1) as s:        # pile 6 starts the bottom row
        s.press("left")
        assert s.player.cursor == 14            # round to the far end of the row
        s.press("right")
        assert s.player.cursor == 6
        s.press("down")
        assert s.player.cursor == 0             # round from the bottom row to the top
        s.press("up up")
        assert s.player.cursor == 0             # two rows: up twice comes back


def test_hint_frames_the_next_move_of_a_winning_line():
    with running("eagle-wing", 1, advise=full_solver_hint) as s:   # the simulator's hint
        s.choose("menu.hint")
        src, n, dst = s.player.hinted
        table = s.player.table
        marks = [(m.grid.x, m.grid.y) for m in table.hints if not m.grid.hidden]
        assert marks == [(table.card_x(src, n - 1), table.card_y(src, n - 1)),
                         (table.card_x(dst, 0), table.card_y(dst, 0))]
        assert s.status().startswith("HINT: A WINNING MOVE")
        after = patience.load_game(s.app.game.to_bytes())
        assert after.move(src, n, dst) and full_hint(after).verdict == "won"
        s.press("left")
        assert all(m.grid.hidden for m in table.hints)


def test_a_hints_frames_show_over_the_cursor():
    """The hint's cards are often under the cursor (after A played the last
    hint the cursor is where they went)."""
    with running("eagle-wing", 1) as s:
        table = s.player.table
        layers = list(table.group)
        assert layers.index(table.cursor.grid) < min(layers.index(m.grid) for m in table.hints)


def test_the_boards_own_small_search_finds_a_winning_move_too():
    with running("eagle-wing", 2) as s:
        found = device_hint(patience.load_game(s.app.game.to_bytes()))
        s.choose("menu.hint")
        assert found[0] == "won" and s.player.hinted == tuple(found[1][:3])   # the line's first move
        assert s.status().startswith("HINT: A WINNING MOVE")
        assert "patience.solver.search" not in sys.modules   # let go of after the hint


def _counted_searches():
    """(the simulator's hint noting each position it searches from, the
    list of them)."""
    searches = []

    def counted(game):
        searches.append(bytes(game.state))
        return full_solver_hint(game)
    return counted, searches


@pytest.mark.slow
@pytest.mark.parametrize("name, deal", [("chessboard", 4), ("agnes", 260), ("eagle-wing", 74)])
def test_following_the_hints_wins_the_deal_from_one_search(name, deal):
    """A new search after each step could find a line that starts by taking
    that step back: these deals went round in circles so."""
    counted, searches = _counted_searches()
    with running(name, deal, advise=counted) as s:
        for _ in range(200):
            if s.panel() is not None:            # the rest plainly goes home: A plays it out
                s.press("a")
            if s.app.game.is_won():
                break
            s.choose("menu.hint")
            assert s.status().startswith("HINT: ")
            s.press("a")
        assert s.app.game.is_won() and len(searches) == 1


def test_a_step_off_the_winning_line_searches_again():
    counted, searches = _counted_searches()
    with running("eagle-wing", 1, advise=counted) as s:
        s.choose("menu.hint")
        s.press("a")
        s.choose("menu.hint")                    # on the line: no search
        assert len(searches) == 1
        s.press("select")                        # an undo leaves the line
        s.choose("menu.hint")
        assert len(searches) == 2 and searches[1] == bytes(s.app.game.state)


@pytest.mark.parametrize("name, deal", [("eagle-wing", 1), ("agnes", 102)])
def test_the_hinted_move_played_by_hand_keeps_the_winning_line(name, deal):
    """Agnes 102 went from a winning line to a lost position: after a step
    played by hand, a new search found no win and the hint fell back on
    dealing from the stock."""
    from host_sim.tools.autoplay import Driver
    counted, searches = _counted_searches()
    with running(name, deal, advise=counted) as s:
        line = None
        for _ in range(12):
            s.choose("menu.hint")
            line = line or bytes(s.player.line)
            hinted = s.player.hinted
            s.press("left")                      # the marks go: the move is played by hand
            Driver(s.app, s.keys).play("deal" if hinted == s.app.game.stock else hinted)
        assert len(searches) == 1 and s.player.line_step == 11   # counted off at the hints
        assert s.player.line == line and s.status() != "" and not s.app.game.is_won()


def test_without_an_answer_from_the_search_the_hint_is_a_useful_move():
    with running("agnes", 1) as s:
        assert device_hint(s.app.game)[0] == "unknown"
        s.choose("menu.hint")
        assert s.player.hinted == s.app.game.hint()
        assert s.status().startswith("HINT: MARKED MOVE")


@pytest.mark.parametrize("name", ["chessboard", "glenwood"])
def test_the_fallback_hint_leaves_the_choice_of_base_to_a_search_or_the_player(name):
    """The first card home fixes the base for the whole game (Chessboard 9
    and 10 were lost so): a hint found by no search sends no card home
    while the base is open, and sends one home first once it is fixed."""
    from patience.core.piles import FOUNDATION
    for deal in range(1, 40):
        game = patience.new_game(name, seed=deal)
        hinted = game.hint()
        assert hinted is None or game.kinds[hinted[2]] != FOUNDATION, deal
    game = patience.new_game(name, seed=9)
    game.move(*next(m for m in game.moves() if game.kinds[m[2]] == FOUNDATION))
    home = [m for m in game.moves() if game.kinds[m[2]] == FOUNDATION]
    assert game.base and (not home or game.hint() in home)


def test_a_hint_on_a_lost_deal_says_so_and_offers_a_new_deal_and_undo():
    with running("chessboard", 12) as s:        # the search proves it lost
        game = s.app.game
        dealt = bytes(game.state)
        s.choose("menu.hint")                    # at the deal: nothing to undo, none offered
        assert s.panel() == ["NO WAY TO WIN", "", "MOVES ARE LEFT, BUT NONE",
                             "CAN WIN FROM HERE", "", "A  NEW DEAL", "B  PLAY ON"]
        s.press("select")                        # not an answer here
        assert s.panel() is not None
        s.press("b")                             # play on: nothing changes
        assert s.panel() is None and bytes(game.state) == dealt
        src, n, dst = game.moves()[0]
        assert game.move(src, n, dst)
        s.choose("menu.hint")
        assert s.panel()[-3:] == ["A  NEW DEAL", "SELECT  UNDO", "B  PLAY ON"]
        s.press("select")                        # undo: back to the deal
        assert s.panel() is None and bytes(game.state) == dealt
        s.choose("menu.hint")
        s.press("a")                             # a new deal: nothing played, nothing asked
        assert s.panel() is None and s.app.game.seed != 12


def test_the_simulator_hints_with_the_full_solver():
    with on_board(game="chessboard", deal=12) as sim:
        assert sim.app.adviser is full_solver_hint


def test_a_plays_the_hinted_move_and_the_cursor_follows_the_cards():
    with running("eagle-wing", 1) as s:
        game = s.app.game
        s.choose("menu.hint")
        src, n, dst = s.player.hinted
        moved = game.cards(src)[-n:]
        s.press("a")
        assert game.cards(dst)[-n:] == moved and s.player.cursor == dst
        s.choose("menu.hint")
        src, n, dst = s.player.hinted
        s.press("right")                               # another press: the hint is gone
        hinted = patience.load_game(game.to_bytes())
        assert hinted.move(src, n, dst)
        s.press("a")                                   # A is A again, not the hint
        assert bytes(game.state) != bytes(hinted.state)


def test_deal_number_chosen_with_the_d_pad():
    with running("glenwood", 5) as s:
        s.choose("menu.number")
        assert s.panel()[2] == "000000005"
        s.press("left up up right down a")      # tens digit +2, units -1
        assert s.app.game.seed == 24 and s.status().startswith("GLENWOOD DEAL 24 ")


@pytest.mark.parametrize("item, back, label", [("menu.number", "b", "DEAL NUMBER"),
                                                ("menu.options", "up a", "OPTIONS"),
                                                ("menu.options", "b", "OPTIONS"),
                                                ("menu.statistics", "b", "STATISTICS")])
def test_back_from_a_menu_panel_puts_the_arrow_on_its_item(item, back, label):
    with running("glenwood", 5) as s:
        s.choose(item)
        s.press(back)                           # B, or Back ending the options
        arrowed = [line for line in s.text(s.app.screen.panel.text)
                   if chr(sheets.CHAR_RIGHT) in line]
        assert len(arrowed) == 1 and arrowed[0].endswith(label)
        s.press("a")                            # A runs that item again
        assert s.panel()[0] == s.app.words.get(item)


def test_left_and_right_step_a_setting_and_leave_other_items_be():
    with running("glenwood", 5) as s:
        s.choose("menu.options")                # the arrow on brightness, at 100%
        shown = lambda: [line for line in s.panel() if "BRIGHTNESS" in line]
        s.press("left")
        assert shown()[0].endswith("BRIGHTNESS: 75%")
        assert s.app.keeper.saved.settings.brightness == 192
        s.press("right right")
        assert shown()[0].endswith("BRIGHTNESS: 100%")  # right stops at the top ...
        kept = []
        s.app.keeper.set = lambda setting, value: kept.append(setting)
        s.press("right")
        del s.app.keeper.set
        assert kept == []                                # ... and a step there keeps nothing
        s.press("left left left left")
        assert shown()[0].endswith("BRIGHTNESS: 25%")   # left stops at the bottom
        s.press("a")
        assert shown()[0].endswith("BRIGHTNESS: 50%")   # A goes on to the next ...
        s.press("a a a")
        assert shown()[0].endswith("BRIGHTNESS: 25%")   # ... and round
        assert s.app.keeper.saved.settings.brightness == 64
        s.press("down right")
        assert s.app.words.get("lang.name") == "FRANÇAIS"
        s.press("b start")
        s.press("start right left")             # the Start menu: nothing to step
        assert s.panel()[0] == "MENU" and s.app.game.seed == 5


SPADE, DIAMOND = chr(CHAR_SUIT + 3), chr(CHAR_SUIT + 1)  # as the panel's text holds them


@pytest.mark.parametrize("keys, lines", [("right right right", ["4 CARDS, FROM THE BOTTOM", "",
                                                                "-- -- -- 5" + SPADE]),
                                         ("up right", ["ONE CARD", "", "9" + DIAMOND]),
                                         ("up right right", ["NO CARDS HERE"])])
def test_looking_at_a_pile_names_its_cards(keys, lines):
    with running("agnes", 8) as s:
        s.press(keys)
        s.choose("menu.peek")
        assert s.panel() == lines + ["", "ANY BUTTON: CLOSE"]
        s.press("select")                   # any button closes it
        assert s.panel() is None


@pytest.mark.parametrize("item, keys", [("menu.options", ""), ("menu.statistics", ""),
                                        ("menu.statistics", "a"),   # asking to reset
                                        ("menu.number", "up")])
def test_start_in_a_menu_panel_goes_back_to_the_table(item, keys):
    with running("glenwood", 5) as s:
        s.choose(item)
        s.press(keys)
        s.press("start")
        assert s.panel() is None and s.app.game.seed == 5


def test_game_item_goes_to_title_and_a_starts_another_game():
    with running("agnes", 3) as s:
        s.choose("menu.game")
        assert s.app.game is None
        s.press("down down a")                  # agnes -> glenwood -> chessboard
        assert s.app.game.name == "chessboard"


def test_a_screen_let_go_keeps_none_of_its_layers_and_the_felt_stays():
    """On a board a stale pointer on the C stack can hold a screen that was
    let go: it then holds that group alone, not the table or the title."""
    with running("agnes", 3) as s:
        felt = s.pixels(0, 1)[-1]                # the top right corner: no card there
        table = s.app.player.group
        s.choose("menu.game")
        title = s.app.screen.group
        assert s.pixels(0, 1)[-1] == felt
        s.press("down a")
        assert s.app.game.name == "glenwood"
        assert len(table) == 0 and len(title) == 0
        assert s.pixels(0, 1)[-1] == felt        # the felt came through both screens
        s.choose("menu.peek")   # the panels' grid moved to the new table
        assert s.app.panel_text.grid in s.app.player.group


def test_title_screen_lists_the_games():
    with running() as s:
        lines = s.text(s.app.screen.text)
        assert "CIRCUIT PATIENCE" in [line.strip() for line in lines]
        assert [line.strip()[-10:] for line in lines if "EAGLE" in line] == ["EAGLE WING"]
        s.press("down a")
        assert s.app.game.name == "agnes"


def test_start_on_the_title_plays_the_chosen_game_or_goes_back_to_the_one_left():
    with running() as s:
        s.press("down down start")
        assert s.app.game.name == "glenwood"
        s.choose("menu.game")
        assert s.app.game is None
        s.press("up start")                    # the game left, not the chosen one
        assert s.app.game.name == "glenwood" and s.panel() is None


@pytest.mark.parametrize("extra", ["down " * 4, "down " * 5])   # options, help
def test_a_panel_on_the_title_shows_alone_and_the_list_comes_back(extra):
    with running() as s:
        felt = s.pixels(0, 1)[0]
        title_rows = s.pixels(0, s.display.height // 4)
        s.press(extra + "a")
        panel = s.app.screen.panel
        art, grid = s.app.art, panel.text.grid
        left, right = grid.x, grid.x + panel.box_columns * art.font_w
        top, bottom = grid.y, grid.y + panel.box_rows * art.font_h
        frame = s.display.frame()
        stray = [(x, y) for y in range(frame.get_height()) for x in range(frame.get_width())
                 if not (left <= x < right and top <= y < bottom)
                 and tuple(frame.get_at((x, y))) != felt]
        assert not stray                        # no title text round the box
        s.press("b")
        assert s.panel() is None
        assert s.pixels(0, s.display.height // 4) == title_rows


def test_no_moves_left_is_announced():
    stuck = position("eagle-wing", {2: "5c", 1: "9d", 6: "Kh Qh Jh", 7: "Ks Qs Js",
                                    8: "Kd Qd Jd", 9: "Kc Qc Jc", 11: "Th 9h 8h",
                                    12: "Ts 9s 8s", 13: "Td 7d* 6d", 14: "Tc 9c 8c"},
                     base=5, spare_pile=10, redeals_used=2)
    with running("eagle-wing", 1) as s:
        s.player.game = stuck
        s.player.table.set_game(stuck)
        assert stuck.moves() == [] and not stuck.can_deal()
        s.player.after_change()
        s.app.display.refresh()
        assert "NO MOVES LEFT" in s.panel()
        s.press("b")
        assert s.panel() is None


def test_held_d_pad_repeats(clock):
    with running("agnes", 2) as s:
        start = s.player.cursor
        s.keys.hold("right")
        s.app.tick()                        # the press: one step
        clock.advance(360)
        s.app.tick()                        # held past the delay: a repeat
        clock.advance(100)
        s.app.tick()                        # and another
        s.keys.hold("right", pressed=False)
        s.app.tick()
        clock.advance(1000)
        s.app.tick()                        # let go: no more
        assert s.player.cursor == start + 3


def test_a_held_arrow_steps_a_setting_once_but_still_runs_down_a_list(clock):
    with running("agnes", 2) as s:
        s.choose("menu.options")            # the arrow on brightness, at 100%
        s.press("left left")                # 50%
        for arrow, repeats in (("right", False), ("down", True)):
            before = (s.app.keeper.saved.settings.brightness, s.app.screen.panel.overlay.choice)
            s.keys.hold(arrow)
            s.app.tick()                    # the press: one step
            for _ in range(10):
                clock.advance(100)
                s.app.tick()                # held a second
            s.keys.hold(arrow, pressed=False)
            s.app.tick()
            after = (s.app.keeper.saved.settings.brightness, s.app.screen.panel.overlay.choice)
            if repeats:
                assert after[1] != (before[1] + 1) % 5   # the arrow ran on past the next item
            else:
                assert after == (192, before[1])         # 50% -> 75% once, not on to 100%


def test_chessboard_move_onto_a_lower_pile_and_undo_with_every_card_shown():
    with running("chessboard", 77) as s:
        g = s.app.game
        table = s.player.table
        assert sum(table.extra) + g.pile_count - 4 == 52       # every card shows, the foundations empty
        src, n, dst = next(m for m in g.moves() if m[2] < m[0] and g.kind(m[2]) == patience.TABLEAU)
        assert g.move(src, n, dst)
        s.player.after_change()
        s.press("select")
        assert str(g) == str(patience.new_game("chessboard", seed=77))


def _inside(area, rects):
    x1, y1, x2, y2 = area
    return any(r[0] <= x1 and r[1] <= y1 and x2 <= r[2] and y2 <= r[3] for r in rects)


def test_cursor_step_redraws_two_card_areas_once():
    with running("agnes", 9) as s:
        for arrow in "right right down left up".split():
            refreshes = s.display.refreshes
            s.press(arrow)
            assert s.display.refreshes == refreshes + 1
            card = s.app.art.card_w * s.app.art.card_h
            assert s.display.last_pixels <= 2 * card


def test_card_move_redraws_only_the_piles_it_touched_and_the_way_between():
    from test_layout import reach
    with running("eagle-wing", 1) as s:
        layout = s.player.table.layout
        status = (0, s.display.height - s.app.art.font_h - 1, s.display.width, s.display.height)
        refreshes = s.display.refreshes
        s.press("b")                            # 8c slides from pile 6 home; Tc from the trunk
        assert s.display.refreshes == refreshes + 4          # three frames on the way, then one
        piles = [reach(layout, p) for p in (3, 6, 10)]
        way = (min(r[0] for r in piles), min(r[1] for r in piles),
               max(r[2] for r in piles), max(r[3] for r in piles))
        assert s.display.last_areas and all(_inside(a, [way, status]) for a in s.display.last_areas)
        card = s.app.art.card_w * s.app.art.card_h
        assert s.display.last_pixels <= 6 * card + s.display.width * s.app.art.font_h


def _at_each_refresh(s, look):
    """Call ``look()`` at every refresh of the display from now on; the list of what it said."""
    seen, refresh = [], s.display.refresh
    def spy(*args, **kwargs):
        seen.append(look())
        return refresh(*args, **kwargs)
    s.display.refresh = spy
    return seen


def test_a_card_sliding_home_passes_over_what_the_foundation_showed():
    with running("eagle-wing", 1) as s:         # 8c slides from pile 6 to foundation 3
        table = s.player.table
        base = table.bases[3]
        before = (base.x, base.y, base[0])      # the foundation's mark for the base rank
        seen = _at_each_refresh(s, lambda: ((base.x, base.y, base[0]), table._grid(3, 0)[0]))
        s.press("b")
        eight = sheets.TILE_FACE + 7            # the 8 of clubs
        assert seen[:3] == [(before, eight)] * 3  # on the way, the mark shows under the card
        assert seen[3][0][:2] == before[:2] and s.shown_tiles(3) == [eight]
        assert table.extra[3] == 0              # the card is back on the base, alone


def _apart(table):
    """The piles whose TileGrids do not lie together in the table group."""
    apart = []
    for pile, base in enumerate(table.bases):
        at = table.group.index(base)
        grids = [table.group[at + k] for k in range(table.extra[pile] + 1)]
        if grids != [table._grid(pile, depth) for depth in range(table.extra[pile], -1, -1)]:
            apart.append(pile)
    return apart


def test_a_sliding_card_passes_over_or_under_a_whole_pile_never_between_its_cards():
    with running("chessboard", 3) as s:
        seen = _at_each_refresh(s, lambda: _apart(s.player.table))
        game, made = s.app.game, 0
        while made < 10 and list(game.moves()):  # the moves that cross the most piles
            src, n, dst = max(game.moves(), key=lambda move: abs(move[2] - move[0]))
            s.player.move(src, n, dst)
            made += 1
        assert made >= 6 and len(seen) == made * 3  # three frames on the way of each
        assert not any(seen)


class _Ear:
    """A sound stand-in that remembers what the game played and, at each
    note of the tune, which pile the destination frame was round."""

    def __init__(self):
        self.heard = []
        self.app = None

    def click(self):
        self.heard.append("click")

    def tune(self, on_note):
        for step in range(4):
            on_note(step)
            frame = self.app.player.table.hints[1].grid
            self.heard.append(None if frame.hidden else (frame.x, frame.y))


def _win_keys(game):
    import json
    from pathlib import Path
    return json.loads((Path(__file__).parent / "golden" / "win-keys.json").read_text())[game]


def test_a_win_plays_the_tune_lighting_each_foundation_in_turn():
    ear = _Ear()
    win = _win_keys("chessboard")
    with running("chessboard", win["deal"], sound=ear) as s:
        ear.app = s.app
        s.press(win["keys"])
        table = s.player.table
        places = [(table.card_x(pile, 0), table.card_y(pile, 0)) for pile in s.app.game.foundations]
        assert s.app.game.is_won() and "YOU WON!" in s.panel()
        assert ear.heard[-4:] == places
        assert ear.heard.count("click") >= 52 and table.hints[1].grid.hidden


def test_sound_off_in_options_silences_clicks_and_the_tune():
    ear = _Ear()
    with running("eagle-wing", 3, sound=ear) as s:
        ear.app = s.app
        s.press("a")                                  # the stock deals: a click
        assert ear.heard == ["click"]
        s.app.keeper.set("sound", False)
        s.press("a b")                                # deal, take, put back: silence
        assert ear.heard == ["click"]


def test_winnable_deals_only_deals_one_the_solver_won_and_says_so():
    with running("eagle-wing", 1) as s:
        s.app.keeper.set("winnable_only", True)
        for _ in range(3):
            s.player.do("new_deal")
            deal = s.app.game.seed
            assert is_winnable("eagle-wing", deal, s.app.root + "/")
            assert s.status() == "DEAL %d CAN BE WON" % deal


def test_restart_goes_back_to_the_deal_and_keeps_the_moves_to_redo():
    with running("agnes", 5) as s:
        dealt = str(s.app.game)
        player = s.player
        for move in s.app.game.moves()[:2]:
            player.move(*move)
        played = str(s.app.game)
        player.do("restart")
        assert str(s.app.game) == dealt and s.app.game.done == 0
        while s.app.game.redo():
            pass
        assert str(s.app.game) == played


def test_restart_deals_afresh_when_the_oldest_steps_were_not_kept():
    with running("agnes", 5) as s:
        dealt = str(s.app.game)
        game = s.app.game
        game.move(*game.moves()[0])
        game.done = game.recorded = 0  # as after a save that had to drop history
        s.player.do("restart")
        assert str(s.app.game) == dealt and s.app.game.recorded == 0
        assert s.player.table.game is s.app.game  # the table shows the deal


def test_statistics_marks_the_games_with_the_arrows_its_footer_names():
    with running("agnes", 3) as s:
        s.choose("menu.statistics")
        up, down = chr(sheets.CHAR_UP), chr(sheets.CHAR_DOWN)
        assert s.panel()[1] == up + " AGNES " + down and "UP/DOWN  OTHER GAME" in s.panel()
        s.press("down")
        assert s.panel()[1] == up + " GLENWOOD " + down


def test_a_row_dealt_takes_spare_card_tilegrids_and_stillness_makes_them_again(clock):
    """A press takes the TileGrids of the cards it shows more from the
    table's pool (a game that deals rows keeps one for each card of the
    next row); once the buttons are still for a moment the pool is made
    full again, one TileGrid a tick, and not while presses come."""
    with running("agnes", 1) as s:
        table, game = s.player.table, s.app.game
        assert len(table.pool) == 3 + 7 and game.size(game.stock) == 23
        while s.player.cursor != game.stock:
            s.press("up")
        s.press("a")                                         # a row of seven dealt
        assert len(table.pool) == 3
        s.app.tick()
        assert len(table.pool) == 3                          # presses still come: none made
        clock.advance(300)
        for made in range(1, 8):                             # still: made again, one a tick
            s.app.tick()
            assert len(table.pool) == 3 + made
        s.app.tick()
        assert len(table.pool) == 3 + 7                      # and no more
        for _ in range(2):                                   # two more rows: 2 cards are left
            s.press("a")
            clock.advance(300)
            for _ in range(8):
                s.app.tick()
        assert game.size(game.stock) == 2 and len(table.pool) == 3 + 2

"""Nothing lost: resume after a restart, damaged saves, statistics."""

import json
import random
import re
from pathlib import Path

import pytest

import patience
from host_sim.simulator import cli as sim
from host_sim.tools.autoplay import Driver
from host_sim.simulator.nvm_file import FileNVM
from patience.saves.store import Store
from screens import running

BUTTONS = ("left", "right", "up", "down", "a", "a", "a", "b", "select")


def _store(path):
    return Store(FileNVM(path))


def _play(s, seed, moves=12):
    """Make real moves with the buttons (and some random presses between)."""
    rng = random.Random(seed)
    driver = Driver(s.app, s.keys)
    for _ in range(moves):
        legal = s.app.game.moves()
        if legal:
            driver.play(rng.choice(legal))
        elif s.app.game.can_deal():
            driver.play("deal")
        s.press(rng.choice(BUTTONS[:4]))


@pytest.mark.parametrize("name", patience.games.GAMES)
def test_resume_after_restart_keeps_position_and_undo_history(name, tmp_path):
    path = tmp_path / "save.nvm"
    with running(name, 31, store=_store(path)) as s:
        _play(s, name)
        s.app.tick()
        s.app.keeper.save()
        kept = s.app.game.to_bytes()
        steps = s.app.game.done
    assert steps > 3
    with running(store=_store(path)) as s:             # power back on: no game named
        assert s.app.game.to_bytes() == kept
        expected = patience.load_game(kept)
        for _ in range(steps):
            s.press("select")
            expected.undo()
            assert str(s.app.game) == str(expected)
        s.press("select")
        assert s.status() == "NOTHING TO UNDO" and s.app.game.done == 0


@pytest.mark.slow
@pytest.mark.parametrize("name", patience.games.GAMES)
def test_a_resumed_game_has_the_cursor_where_the_last_card_went(name, tmp_path):
    """Not on the first pile: on the pile the last cards went to (the stock
    after a deal), wherever the cursor was then (it is not saved); back at
    the deal, on the first tableau pile, as for a new deal."""
    path = tmp_path / "save.nvm"
    with running(name, 31, store=_store(path)) as s:
        Driver(s.app, s.keys).play(s.app.game.moves()[0])
        s.press("right")                               # the cursor moves on
        src, n, dst = s.app.game.moves()[-1]
        Driver(s.app, s.keys).play((src, n, dst))
        s.press("left")
        s.app.tick()
        s.app.keeper.save()
    with running(store=_store(path)) as s:             # power back on
        assert s.player.cursor == dst != s.app.game.kinds.find(bytes((patience.TABLEAU,)))
        s.press("select select")
        s.app.keeper.save()
    with running(store=_store(path)) as s:
        assert s.player.cursor == s.app.game.kinds.find(bytes((patience.TABLEAU,)))


def _no_room():
    raise MemoryError("memory allocation failed, allocating 337 bytes")


def _check_told(capsys, path, kept, saved):
    """What the App printed on giving up says ``saved`` (the NVM holds
    ``kept``, the game after a restart) or says it could not save."""
    out = capsys.readouterr().out
    assert "MemoryError: memory allocation failed, allocating 337 bytes" in out
    if saved:
        assert "OUT OF MEMORY. YOUR GAME IS SAVED" in out
        with running(store=_store(path)) as s:       # power back on
            assert s.app.game.to_bytes() == kept
    else:
        assert "THE GAME COULD NOT BE SAVED" in out


@pytest.mark.parametrize("saves_work", [True, False])
def test_out_of_memory_in_play_saves_the_game_and_says_so(tmp_path, capsys, saves_work):
    path = tmp_path / "save.nvm"
    with running("agnes", 7, store=_store(path)) as s:
        _play(s, "agnes", moves=3)
        kept = s.app.game.to_bytes()
        assert s.app.keeper.dirty                     # not saved yet: the buttons were busy
        if not saves_work:
            s.app.keeper.memo = None                  # as with saves off
        s.app.tick = _no_room
        s.app.run()                                   # returns: the loop has ended
        assert s.app.player is None and s.app.screen is None
    _check_told(capsys, path, kept, saves_work)


class _RefusesWrites(bytearray):
    """An NVM that reads but fails every write, as a worn-out flash would."""

    def __setitem__(self, index, value):
        raise OSError(5, "write failed")


@pytest.mark.parametrize("last_save_wrote", [True, False])
def test_out_of_memory_with_nothing_new_says_whether_the_nvm_has_it(tmp_path, capsys,
                                                                    last_save_wrote):
    """No move since the last save, and no room even to load the save code:
    the game is saved if that save wrote, and not if it failed (a failed
    save leaves the keeper with something still to save)."""
    path = tmp_path / "save.nvm"
    with running("agnes", 7, store=_store(path)) as s:
        _play(s, "agnes", moves=3)
        keeper = s.app.keeper
        if not last_save_wrote:
            keeper.nvm = _RefusesWrites(keeper.nvm[:])
        keeper.save()
        assert keeper.in_nvm == last_save_wrote and keeper.dirty != last_save_wrote
        kept = s.app.game.to_bytes()
        keeper.save = _no_room                       # not even the save code loads now
        s.app.tick = _no_room
        s.app.run()
    _check_told(capsys, path, kept, last_save_wrote)


def test_save_waits_for_still_buttons_then_writes(tmp_path, clock):
    path = tmp_path / "save.nvm"
    with running("eagle-wing", 1, store=_store(path)) as s:
        s.press("b")                                 # a card goes home: not saved yet
        assert s.app.keeper.dirty
        clock.advance(5000)
        s.app.tick()
        assert s.app.keeper.dirty
        clock.advance(15000)
        s.app.tick()
        assert not s.app.keeper.dirty
        assert patience.load_game(bytes(_store(path).load().games[0])).score == 2


def test_a_save_that_fails_is_tried_again_after_another_quiet_spell(tmp_path, clock):
    path = tmp_path / "save.nvm"
    with running("agnes", 7, store=_store(path)) as s:
        _play(s, "agnes", moves=3)
        kept = s.app.game.to_bytes()
        keeper = s.app.keeper
        working = keeper.nvm
        keeper.nvm = _RefusesWrites(working[:])      # the next write fails
        clock.advance(21000)
        s.app.tick()
        assert keeper.dirty and "NOT SAVED" in s.status()
        s.press("left")
        clock.advance(1000)
        s.app.tick()                                 # not at once again: no storm of writes
        clock.advance(20000)
        s.app.tick()                                 # failed again: said once
        assert keeper.dirty and "NOT SAVED" not in s.status()
        keeper.nvm = working
        clock.advance(21000)
        s.app.tick()
        assert not keeper.dirty
    with running(store=_store(path)) as s:           # power back on
        assert s.app.game.to_bytes() == kept


def test_a_game_chosen_on_the_title_is_the_one_a_restart_brings_back(tmp_path):
    path = tmp_path / "save.nvm"
    with running("agnes", 5, store=_store(path)) as s:
        _play(s, "agnes", moves=2)
        s.app.keeper.save()
        agnes = s.app.game.to_bytes()
    with running("eagle-wing", 7, store=_store(path)) as s:
        s.app.keeper.save()
        s.choose("menu.game")
        s.press("down a")                            # Agnes, its saved game resumed
        assert s.app.game.to_bytes() == agnes        # no move made: switched off now
    with running(store=_store(path)) as s:
        assert s.app.game.name == "agnes" and s.app.game.to_bytes() == agnes


def test_a_confirmed_restart_is_saved_at_once(tmp_path):
    path = tmp_path / "save.nvm"
    with running("agnes", 7, store=_store(path)) as s:
        _play(s, "agnes", moves=3)
        s.app.keeper.save()
        assert s.app.game.done > 0
        s.choose("menu.restart")
        assert "THIS DEAL WILL COUNT AS LOST" in s.panel()
        s.press("a")
        assert s.app.game.done == 0 and not s.app.keeper.dirty
    with running(store=_store(path)) as s:
        assert s.app.game.done == 0 and s.app.keeper.stats("agnes").played == 1


class _TellsWrites(FileNVM):
    """The simulator's NVM, noting each write in ``events`` (which the
    display's refreshes share)."""

    events: list

    def __setitem__(self, index, value):
        self.events.append("write")
        super().__setitem__(index, value)


@pytest.mark.parametrize("item", ["menu.new", "menu.restart"])
def test_another_deal_is_on_the_screen_before_the_flash_is_written(tmp_path, item):
    """The press that deals again refreshes the screen first and saves right
    after, in the same press: nothing waits for the quiet spell."""
    path = tmp_path / "save.nvm"
    nvm = _TellsWrites(path)
    nvm.events = events = []
    with running("agnes", 7, store=Store(nvm)) as s:
        _play(s, "agnes", moves=3)
        s.app.keeper.save()
        refresh = s.app.display.refresh
        s.app.display.refresh = lambda: (events.append("refresh"), refresh())[1]
        s.choose(item)
        events.clear()
        s.press("a")                                      # yes: this deal counts as lost
        assert s.app.game.done == 0 and not s.app.keeper.dirty
        assert events[0] == "refresh" and "write" in events
    with running(store=_store(path)) as s:
        assert s.app.game.done == 0 and s.app.keeper.stats("agnes").played == 1


def test_damaged_save_gives_a_notice_and_a_fresh_start(tmp_path):
    random.seed(2)                                   # the new game's random deal number
    path = tmp_path / "save.nvm"
    path.write_bytes(bytes(range(256)) * 32)         # 8192 bytes of nonsense
    with running(store=_store(path)) as s:
        assert s.app.game is None                    # nothing to resume: the title says so
        assert "SAVES DAMAGED: GAMES AND STATS RESET" in [
            line.strip() for line in s.text(s.app.screen.text)]
        s.press("a")
        assert s.app.game.name == "eagle-wing"
        assert "DAMAGED" not in s.status().upper()   # told once
        Driver(s.app, s.keys).play((s.app.game.moves() or ["deal"])[0])
        assert s.app.keeper.dirty and s.app.game.done == 1
        s.press("start a")                           # a menu action saves at once
        assert not s.app.keeper.dirty
        kept = s.app.game.to_bytes()
    with running(store=_store(path)) as s:
        assert s.app.game.to_bytes() == kept


def test_one_damaged_slot_falls_back_to_the_other_and_says_so(tmp_path):
    path = tmp_path / "save.nvm"
    with running("agnes", 4, store=_store(path)) as s:
        s.press("start a")                           # save 1 (slot A)
        first = s.app.game.to_bytes()
        s.press("down a start a")                    # save 2 (slot B), newer
    data = bytearray(path.read_bytes())
    data[4096 + 20] ^= 0xFF                          # damage the newer record
    path.write_bytes(bytes(data))
    with running(store=_store(path)) as s:
        assert s.app.game.to_bytes() == first
        assert "DAMAGED" in s.status().upper()


@pytest.mark.slow
@pytest.mark.parametrize("damaged", [0, 4096], ids=["older", "newer"])
def test_a_damaged_record_is_told_once_and_written_over(tmp_path, damaged):
    path = tmp_path / "save.nvm"
    with running("agnes", 4, store=_store(path)) as s:
        s.press("start a")                           # save 1 (slot A)
        s.press("down a start a")                    # save 2 (slot B), newer
    data = bytearray(path.read_bytes())
    data[damaged + 20] ^= 0xFF
    path.write_bytes(bytes(data))
    with running(store=_store(path)) as s:           # resumes: the game's save writes over it
        assert "DAMAGED" in s.status().upper()
        kept = s.app.game.to_bytes()
    for _ in range(2):
        with running(store=_store(path)) as s:
            assert "DAMAGED" not in s.status().upper()
            assert s.app.game.to_bytes() == kept


def test_no_nvm_means_saves_are_off_and_play_goes_on():
    with running("chessboard", 2, store=Store(None)) as s:
        assert "SAVES ARE OFF" in s.status().upper()
        s.press("right a")
        assert s.app.game is not None


def test_statistics_count_wins_and_give_ups_and_reset_asks_first(tmp_path):
    win = _golden_win("glenwood")
    with running("glenwood", win["deal"], store=_store(tmp_path / "s.nvm")) as s:
        s.press(win["keys"])
        s.press("a")                                  # won screen: new deal
        Driver(s.app, s.keys).play(s.app.game.moves()[0])
        played = s.app.game.seed
        s.choose("menu.new")                          # it would count as lost: asked first
        assert "THIS DEAL WILL COUNT AS LOST" in s.panel()
        s.press("b")                                  # no: the deal goes on
        assert s.app.game.seed == played and s.app.keeper.stats("glenwood").played == 1
        s.choose("menu.new")
        s.press("a")                                  # yes: this one is given up
        stats = s.app.keeper.stats("glenwood")
        assert (stats.played, stats.won, stats.streak, stats.best_streak, stats.best_score) \
            == (2, 1, 0, 1, 52)
        s.choose("menu.statistics")
        assert "PLAYED 2" in s.panel() and "WON 1 (50%)" in s.panel()
        s.press("a b")                               # reset? no
        assert "PLAYED 2" in s.panel()
        s.press("down")                              # the next game's
        assert "CHESSBOARD" in " ".join(s.panel())
        s.press("up a a")                            # back to Glenwood; reset? yes
        assert "PLAYED 0" in s.panel()


def test_a_reset_of_the_statistics_is_saved_at_once(tmp_path):
    """Reset with nothing else to save, then switched off: still reset."""
    win = _golden_win("glenwood")
    path = tmp_path / "s.nvm"
    with running("glenwood", win["deal"], store=_store(path)) as s:
        s.press(win["keys"])                         # won: counted and saved
        assert not s.app.keeper.dirty
        s.choose("menu.statistics")
        assert "PLAYED 1" in s.panel()
        s.press("a a")                               # reset? yes
        assert "PLAYED 0" in s.panel()
    with running(store=_store(path)) as s:
        assert s.app.keeper.stats("glenwood").played == 0


def test_unreadable_save_path_is_one_clear_line(capsys, tmp_path):
    assert sim.main(["--headless", "--save", "/proc/no/such/save.nvm"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot use save file /proc/no/such/save.nvm" in err
    assert "Errno" not in err and "/proc/no/such does not exist" in err
    typo = tmp_path / "savse" / "s.nvm"  # a typo must not start afresh, as if the saves were lost
    assert sim.main(["--headless", "--save", str(typo)]) == 2
    assert "does not exist" in capsys.readouterr().err and not typo.parent.exists()
    (tmp_path / "afile").write_text("mine\n")
    assert sim.main(["--headless", "--save", str(tmp_path / "afile" / "s.nvm")]) == 2
    assert "afile is no folder" in capsys.readouterr().err


def test_the_default_save_file_gets_its_folder(monkeypatch, tmp_path):
    default = tmp_path / "data" / "circuit-patience" / "save.nvm"
    monkeypatch.setattr(sim, "default_save_path", lambda: str(default))  # on any system
    assert sim.main(["--headless", "--game", "agnes", "--keys", "right a"]) == 0
    assert default.is_file()


def test_a_file_that_holds_no_saves_is_refused_and_left_as_it_is(tmp_path, capsys):
    path = tmp_path / "photo.bin"
    data = random.Random(3).randbytes(8192)          # a file given as --save by mistake
    path.write_bytes(data)
    assert sim.main(["--headless", "--save", str(path), "--keys", "a start a"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "holds no saves of this game" in err
    assert path.read_bytes() == data


def test_a_damaged_save_file_is_still_taken(tmp_path, capsys):
    path = tmp_path / "save.nvm"
    assert sim.main(["--headless", "--save", str(path), "--game", "agnes", "--deal", "4",
                     "--keys", "start a down a start a"]) == 0   # a record in each half
    data = bytearray(path.read_bytes())
    for at in (20, 4096 + 20):
        data[at] ^= 0xFF                             # both records damaged
    path.write_bytes(bytes(data))
    capsys.readouterr()
    assert sim.main(["--headless", "--save", str(path), "--dump"]) == 0
    out, err = capsys.readouterr()
    assert "title: SAVES DAMAGED: GAMES AND STATS RESET" in out.splitlines()
    copy = tmp_path / "save.nvm.unread-1"         # the damaged file, before the game wrote on
    assert copy.read_bytes() == bytes(data) and path.read_bytes() != bytes(data)
    assert err == ("patience-sim: %s: both of its records are damaged; the game starts "
                   "afresh, the file as it was is kept as %s\n" % (path, copy))
    seen = []
    for _ in range(3):   # each start writes over a damaged record: then nothing more is said
        assert sim.main(["--headless", "--save", str(path), "--dump"]) == 0
        seen.append("DAMAGED" in capsys.readouterr().out)
    assert seen == [True, False, False]   # the other record: "a damaged older save was skipped"
    assert not (tmp_path / "save.nvm.unread-2").exists()   # a copy only when nothing loads


def test_a_won_game_resumed_after_a_restart_is_not_counted_twice(tmp_path):
    win = _golden_win("chessboard")
    path = tmp_path / "s.nvm"
    with running("chessboard", win["deal"], store=_store(path)) as s:
        s.press(win["keys"])
    with running(store=_store(path)) as s:
        assert s.app.game.is_won() and "YOU WON!" in s.panel()
        s.press("a")                                  # the won panel again: A deals anew
        s.choose("menu.new")
        assert _counted(s, "chessboard") == (1, 1)


def test_a_save_made_before_the_games_registry_still_loads(tmp_path):
    """An NVM image written by main at bb84c53 (see tests/golden/saves)."""
    import shutil
    golden = Path(__file__).parent / "golden" / "saves"
    expected = json.loads((golden / "main-bb84c53.json").read_text())
    path = tmp_path / "old.nvm"
    shutil.copy(golden / "main-bb84c53.nvm", path)
    saved = _store(path).load()
    assert saved.settings.brightness == 128
    for name, game in expected["games"].items():
        loaded = patience.load_game(saved.games[patience.games.number(name)])
        assert (loaded.name, loaded.seed, loaded.done, loaded.recorded) == \
            (name, game["seed"], game["done"], game["recorded"])
        assert str(loaded) == game["text"]
        assert loaded.redo() == (game["recorded"] > game["done"])
    for name, fields in zip(patience.games.GAMES, expected["stats"]):
        assert list(saved.stats[patience.games.number(name)].fields()) == fields
    with running(store=_store(path)) as s:                # the last game played resumes
        assert s.app.game.name == "glenwood"
        assert str(s.app.game) == expected["games"]["glenwood"]["text"]


def _golden_win(name):
    """The deal and the keys that win it (tests/golden/win-keys.json)."""
    return json.loads((Path(__file__).parent / "golden" / "win-keys.json").read_text())[name]


def _won(s, name):
    """Win the deal on the table with the golden keys; (played, won) after."""
    s.press(_golden_win(name)["keys"])
    assert s.app.game.is_won()
    return _counted(s, name)


def _counted(s, name):
    stats = s.app.keeper.stats(name)
    return stats.played, stats.won


def test_a_win_undone_then_redone_after_a_power_cycle_counts_once(tmp_path):
    path = tmp_path / "s.nvm"
    with running("chessboard", _golden_win("chessboard")["deal"], store=_store(path)) as s:
        assert _won(s, "chessboard") == (1, 1)
        s.press("select")                             # the won panel's undo
        assert not s.app.game.is_won()
        s.app.keeper.save()
    with running(store=_store(path)) as s:            # power back on
        s.app.player.do("redo")
        assert s.app.game.is_won() and _counted(s, "chessboard") == (1, 1)


def test_a_won_deal_restarted_and_replayed_counts_once(tmp_path):
    with running("chessboard", _golden_win("chessboard")["deal"],
                 store=_store(tmp_path / "s.nvm")) as s:
        _won(s, "chessboard")
        s.press("select")
        s.choose("menu.restart")                      # a won deal: nothing to ask
        assert s.app.game.done == 0
        while s.app.game.redo():
            pass
        s.app.player.after_change()
        assert s.app.game.is_won() and _counted(s, "chessboard") == (1, 1)


def test_a_deal_given_up_by_a_restart_counts_again_when_won(tmp_path):
    with running("chessboard", _golden_win("chessboard")["deal"],
                 store=_store(tmp_path / "s.nvm")) as s:
        Driver(s.app, s.keys).play(s.app.game.moves()[0])
        s.choose("menu.restart")
        assert "THIS DEAL WILL COUNT AS LOST" in s.panel()
        s.press("a")
        assert _won(s, "chessboard") == (2, 1)


def _to_finish_offer(s):
    """Play the golden win until the game offers to play the rest home."""
    for key in _golden_win("glenwood")["keys"].split():
        s.press(key)
        if "THE REST GOES HOME" in (s.panel() or ()):
            return
    raise AssertionError("no offer to finish on the way")


def test_no_to_the_finish_offer_holds_after_a_power_cycle(tmp_path):
    path = tmp_path / "s.nvm"
    with running("glenwood", _golden_win("glenwood")["deal"], store=_store(path)) as s:
        _to_finish_offer(s)
        s.press("b")                                  # no, I will
        s.app.player.undo()
        s.app.keeper.save()
    with running(store=_store(path)) as s:            # power back on
        s.app.player.do("redo")
        assert s.app.player.panel.overlay is None     # not offered again
        s.choose("menu.restart")
        s.press("a")
        _to_finish_offer(s)                           # a restart starts the deal afresh


def test_the_finish_offer_comes_back_after_a_power_cycle(tmp_path):
    path = tmp_path / "s.nvm"
    with running("glenwood", _golden_win("glenwood")["deal"], store=_store(path)) as s:
        _to_finish_offer(s)
        s.app.keeper.save()                           # switched off with the offer showing
    with running(store=_store(path)) as s:            # power back on
        assert "THE REST GOES HOME" in s.panel()
        s.press("a")                                  # play it out
        assert s.app.game.is_won()


def test_a_played_out_win_undone_offers_the_rest_again_once_a_step_is_made():
    """Playing it out kept 'no more offers' for the deal: undone, the
    player was never offered it again. With a step to redo, Redo is the way."""
    with running("glenwood", _golden_win("glenwood")["deal"]) as s:
        _to_finish_offer(s)
        s.press("a")                                  # play it out: won
        assert s.app.game.is_won()
        s.press("select select")                      # the win's Undo, then one more
        game = s.app.game
        assert s.panel() is None and game.recorded > game.done  # Redo would win again
        flags, src, dst, n = game.history[4 * game.done:4 * game.done + 4]  # the undone step
        Driver(s.app, s.keys).play("deal" if flags & 3 else (src, n, dst))
        assert game.recorded == game.done             # made again by hand: nothing to redo
        assert "THE REST GOES HOME" in s.panel()


def test_redo_steps_a_save_leaves_out_are_told_on_the_status_line():
    with running("agnes", 5, store=Store(bytearray(1024))) as s:
        _play(s, "agnes", moves=120)                  # 4 bytes a step: more than half of 1 KB
        while s.app.game.undo():
            pass
        s.app.keeper.save()
        s.press("left")
        assert "REDO STEPS NOT KEPT" in s.status()
        s.app.keeper.dirty = True                     # as after a press that changed nothing
        s.app.keeper.save()                           # trims again: said once
        s.press("left")
        assert "NOT KEPT" not in s.status()


def test_undo_and_redo_steps_a_save_leaves_out_are_told_together():
    with running("agnes", 5, store=Store(bytearray(1024))) as s:
        _play(s, "agnes", moves=150)
        for _ in range(10):
            s.app.game.undo()
        s.app.keeper.save()
        s.press("left")
        assert re.search(r"NOT KEPT: 10 REDO, OLDEST \d+ UNDO", s.status())


class _NoRoomToPack:
    """A game entry that runs the save out of memory while it packs."""

    def __getattr__(self, name):
        raise MemoryError("memory allocation failed, allocating 376 bytes")


def _save_and_look(s, nvm, out_of_memory=False):
    """Save (with ``nvm``, maybe out of memory) and read the status line."""
    keeper = s.app.keeper
    keeper.nvm = nvm
    keeper.saved.games[3] = _NoRoomToPack() if out_of_memory else None
    keeper.dirty = True                               # as after a press that changed nothing
    keeper.save()
    s.press("left")
    return s.status()


def test_save_failures_of_two_kinds_taking_turns_are_each_told_once():
    with running("agnes", 5, store=Store(bytearray(8192))) as s:
        _play(s, "agnes", moves=3)
        working = s.app.keeper.nvm
        refusing = _RefusesWrites(working[:])
        seen = [_save_and_look(s, working, out_of_memory=True), _save_and_look(s, refusing),
                _save_and_look(s, working, out_of_memory=True), _save_and_look(s, refusing)]
        assert "OUT OF MEMORY" in seen[0] and "NOT SAVED" in seen[1]
        assert not any("SAVE" in line for line in seen[2:])
        assert "SAVE" not in _save_and_look(s, working)          # saves again
        assert "NOT SAVED" in _save_and_look(s, refusing)        # news: told again


def test_history_left_out_is_told_once_even_across_a_failed_save():
    with running("agnes", 5, store=Store(bytearray(1024))) as s:
        _play(s, "agnes", moves=150)                  # more than a 512-byte slot holds
        working = s.app.keeper.nvm
        assert "UNDO STEPS NOT KEPT" in _save_and_look(s, working)
        assert "NOT SAVED" in _save_and_look(s, _RefusesWrites(working[:]))
        assert "NOT KEPT" not in _save_and_look(s, working)      # trims as before: said
        assert "NOT SAVED" in _save_and_look(s, _RefusesWrites(working[:]))  # it had saved


def test_a_timed_save_that_fails_is_told_on_the_table_at_once(tmp_path, clock):
    with running("agnes", 7, store=_store(tmp_path / "s.nvm")) as s:
        _play(s, "agnes", moves=3)
        s.press("left")
        s.player.say("status.nothing")               # a line from the last press ...
        s.player.draw()
        s.app.keeper.nvm = _RefusesWrites(s.app.keeper.nvm[:])
        clock.advance(21000)
        s.app.tick()                                  # no press: the save fails
        assert "NOT SAVED" in s.status()              # ... gives way to the notice


def test_starting_the_deal_in_play_again_deals_it_afresh_and_counts_it_as_lost(tmp_path):
    path = tmp_path / "s.nvm"
    with running("agnes", 5, store=_store(path)) as s:
        _play(s, "agnes", moves=4)
        s.app.keeper.save()
    with running("agnes", 5, store=_store(path)) as s:   # patience-sim --game agnes --deal 5
        assert str(s.app.game) == str(patience.new_game("agnes", seed=5))
        assert _counted(s, "agnes") == (1, 0)
        assert s.status() == "DEAL 5 COUNTED AS LOST"


@pytest.mark.parametrize("lang, line", [("en", "DEAL 1 COUNTED AS LOST"),
                                        ("fr", "DONNE 1 COMPTÉE PERDUE")])
def test_starting_another_deal_counts_the_one_in_play_as_lost_and_says_so(tmp_path, lang, line):
    path = tmp_path / "s.nvm"
    with running("glenwood", 1, store=_store(path)) as s:
        _play(s, "glenwood", moves=4)
        assert s.app.game.done
        s.app.keeper.save()
    with running("glenwood", 2, store=_store(path), language=lang) as s:
        assert s.app.game.seed == 2 and s.app.game.done == 0
        assert _counted(s, "glenwood") == (1, 0)
        assert s.status() == line
        s.press("right")
        assert s.status() != line                         # told once


def test_starting_another_deal_over_an_untouched_one_counts_nothing(tmp_path):
    path = tmp_path / "s.nvm"
    with running("glenwood", 1, store=_store(path)) as s:
        s.app.keeper.save()
    with running("glenwood", 2, store=_store(path)) as s:
        assert _counted(s, "glenwood") == (0, 0)
        assert "LOST" not in s.status()


def test_a_stuck_chessboard_says_nothing_of_a_stock_and_a_resumed_dead_end_says_it_again(
        tmp_path):
    path = tmp_path / "s.nvm"
    with running("chessboard", 1, store=_store(path)) as s:
        game, rng = s.app.game, random.Random(1)
        while game.moves():                     # a line that leaves no move (6 of them)
            game.move(*rng.choice(game.moves()))
        s.player.after_change()
        assert s.panel()[:4] == ["NO MOVES LEFT", "", "NOTHING CAN MOVE", ""]
        assert "STOCK" not in " ".join(s.panel())    # Chessboard has none
        s.press("b")                                  # look at the table
        s.app.keeper.save()
    with running(store=_store(path)) as s:            # power back on
        assert s.app.game.name == "chessboard" and "NO MOVES LEFT" in s.panel()


def test_the_celebration_shows_the_last_cards_score():
    win = _golden_win("glenwood")
    with running("glenwood", win["deal"]) as s:
        seen = []
        s.app.tune = lambda on_note: seen.append(s.status())
        s.press(win["keys"])
        assert seen == ["GLENWOOD DEAL %d  52/52  REDEALS %d" % (win["deal"],
                                                                 s.app.game.redeals_left)]

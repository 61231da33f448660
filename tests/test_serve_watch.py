"""How ``serve`` notices a change (issue 16): :class:`GameWatch` looks at the stat of the
database file and the game's file, reads the game only when they changed, and follows the
current game unless it was given one."""

from __future__ import annotations

from conftest import PARTNERSHIPS

from scorekeeper.application.queries import GameWatch

HAND = ("hand", "--yes", "m=220 nat=1 mix=1 r=2 out h=15", "m=110 r=1 h=70")


def test_nothing_changed_after_a_read_until_a_hand_is_recorded(cli, db):
    assert cli("new", "classic", *PARTNERSHIPS).exit_code == 0
    watch = GameWatch(db)
    assert watch.changed()  # nothing read yet
    assert watch.read().game.totals == (0, 0)
    assert not watch.changed()
    assert not watch.changed()  # looking does not change anything
    assert cli("status").exit_code == 0  # reading the game changes no file
    assert not watch.changed()
    assert cli(*HAND).exit_code == 0
    assert watch.changed()
    assert watch.read().game.totals == (1305, 140)  # RULES.md EX-07
    assert not watch.changed()
    for change in (("undo",), ("redo",), ("edit", "1", "--side", "Cat & Dan", "h=20")):
        result = cli(*change, "--yes")
        assert result.exit_code == 0, result.output
        assert watch.changed(), change
        watch.read()
    assert watch.read().game.totals == (1305, 190)  # 70 left in hand became 20


def test_it_follows_the_current_game(cli, db):
    assert cli("new", "classic", *PARTNERSHIPS).exit_code == 0
    watch = GameWatch(db)
    assert watch.read().id == 1
    assert cli("new", "classic", "--team", "Us", "--team", "Them").exit_code == 0
    assert watch.changed()
    assert watch.read().id == 2
    assert watch.files()[1].name == "2.json"  # the new game's file is the one watched now
    assert cli("resume", "1").exit_code == 0
    assert watch.changed() and watch.read().id == 1
    assert cli("rematch").exit_code == 0
    assert watch.changed() and watch.read().id == 3


def test_a_game_given_by_id_is_the_one_read(cli, db):
    assert cli("new", "classic", *PARTNERSHIPS).exit_code == 0
    watch = GameWatch(db, 1)
    assert watch.read().id == 1
    assert cli("new", "classic", "--team", "Us", "--team", "Them").exit_code == 0
    assert watch.read().id == 1
    assert cli(*HAND, "--game", "1").exit_code == 0
    assert watch.changed() and watch.read().game.totals == (1305, 140)


def test_without_a_current_game_it_reads_none_until_one_starts(cli, db):
    watch = GameWatch(db)
    assert watch.read() is None
    assert not db.exists()  # reading created nothing
    assert not watch.changed()
    assert cli("new", "classic", *PARTNERSHIPS).exit_code == 0
    assert watch.changed() and watch.read().id == 1

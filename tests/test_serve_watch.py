"""How ``serve`` notices a change (issue 16): :class:`GameWatch` looks at the stat of the
database file and the game's file, reads the game only when they changed, and follows the
current game unless it was given one."""

from __future__ import annotations

import os

import pytest
from conftest import PARTNERSHIPS

from scorekeeper.application.queries import GameWatch
from scorekeeper.storage.database import game_file

HAND = ("hand", "--yes", "m=220 nat=1 mix=1 r=2 out h=15", "m=110 r=1 h=70")


@pytest.fixture
def settled_at_once(monkeypatch):
    """Every file's time vouches for it as soon as it is looked at (as on a fine clock, long
    after the change): the tests of what a change shows, apart from the coarse clock's."""
    monkeypatch.setattr("scorekeeper.storage.files._SETTLED_NS", -(10**18))


def test_nothing_changed_after_a_read_until_a_hand_is_recorded(cli, db, settled_at_once):
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


def test_without_a_current_game_it_reads_none_until_one_starts(cli, db, settled_at_once):
    watch = GameWatch(db)
    assert watch.read() is None
    assert not db.exists()  # reading created nothing
    assert not watch.changed()
    assert cli("new", "classic", *PARTNERSHIPS).exit_code == 0
    assert watch.changed() and watch.read().id == 1


def test_a_file_changed_within_the_clock_tick_is_read_until_its_time_is_settled(cli, db):
    """On a file system keeping whole seconds, a game file rewritten within the second, with
    the same size, and given back the inode just freed, keeps the stat of the version before
    (issue 18, red team round 15b): the watch reads the game again at each look until the
    file's time lies two seconds behind the look, so the second change is never missed."""
    assert cli("new", "classic", *PARTNERSHIPS).exit_code == 0
    assert cli("hand", "--yes", "m=50", "m=60").exit_code == 0
    watch = GameWatch(db)
    assert watch.read().game.totals == (50, 60)
    assert watch.changed()  # just written: its stat cannot yet vouch for it
    file = game_file(db, 1)
    before = os.stat(file)
    assert cli("edit", "1", "--yes", "--side", "Ann & Bob", "m=70").exit_code == 0
    os.utime(file, ns=(before.st_atime_ns, before.st_mtime_ns))  # the same second, as coarse
    assert watch.changed() and watch.read().game.totals == (70, 60)
    old = before.st_mtime_ns - 3 * 10**9
    os.utime(file, ns=(old, old))
    os.utime(db, ns=(old, old))
    assert watch.read().game.totals == (70, 60)
    assert not watch.changed()  # settled: its stat vouches for it now

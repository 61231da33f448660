"""Rotating backups, restoring one, the lock, and how files are written (issue 6, points 1, 3)."""

from __future__ import annotations

import json
import os
import stat

from conftest import game_doc
from filelock import FileLock

from scorekeeper.storage import database
from scorekeeper.storage.database import game_file


def new_game(cli):
    assert cli("new", "classic", "--team", "Ann", "--team", "Bob").exit_code == 0


def new(cli, *extra):
    result = cli("new", "classic", "--team", "A", "--team", "B", *extra)
    assert result.exit_code == 0, result.output


def hands_in(db) -> int:
    return len(game_doc(db)["hands"])


def backup_game(backup) -> dict:
    """Game 1 as a backup file keeps it."""
    return json.loads(backup.path.read_bytes())["games"]["1"]


def test_each_change_keeps_the_previous_version(cli, db):
    new_game(cli)
    assert database.list_backups(db) == []  # nothing existed before the first write
    first = game_doc(db)
    meta = json.loads(db.read_bytes())["meta"]
    assert cli("hand", "m=100 nat=1 out", "m=50").exit_code == 0
    backups = database.list_backups(db)
    assert len(backups) == 1 and backups[0].kind == "write"
    # The version of every file the hand replaced (the game's), and the database file's meta.
    assert backup_game(backups[0]) == first
    assert json.loads(backups[0].path.read_bytes())["meta"] == meta


def test_only_the_last_few_backups_are_kept(cli, db, monkeypatch):
    monkeypatch.setattr(database, "BACKUPS_KEPT", 3)
    new_game(cli)
    for _ in range(6):
        assert cli("hand", "m=50", "m=50").exit_code == 0
    backups = database.list_backups(db)
    assert len(backups) == 3
    # Newest first: the versions with 5, 4 and 3 hands (the file itself has 6).
    assert [len(json.loads(b.path.read_bytes())["games"]["1"]["hands"]) for b in backups] == [
        5,
        4,
        3,
    ]


def test_a_refused_command_makes_no_backup(cli, db):
    new_game(cli)
    assert cli("hand", "m=52", "-").exit_code == 1
    assert database.list_backups(db) == []


def test_restore_brings_back_a_version_and_keeps_the_one_it_replaces(cli, db):
    new_game(cli)
    for _ in range(3):
        assert cli("hand", "m=50", "m=50").exit_code == 0
    replaced = game_doc(db)
    listing = cli.json("backups")
    assert [b["hands"] for b in listing["backups"]] == [2, 1, 0]
    result = cli("backups", "restore", "2", "--yes")
    assert result.exit_code == 0, result.output
    assert hands_in(db) == 1
    assert cli.json("status")["teams"][0]["total"] == 50
    kept = database.list_backups(db)[0]
    assert kept.kind == "restore" and backup_game(kept) == replaced
    # Restoring the restore's own backup puts the three hands back.
    assert cli("backups", "restore", "1", "--yes").exit_code == 0
    assert hands_in(db) == 3


def test_restore_over_a_damaged_database_moves_it_aside(cli, db):
    new_game(cli)
    assert cli("hand", "m=50", "m=50").exit_code == 0
    db.write_bytes(b'{"games": {"1": {"hands": [')  # cut short
    assert cli("status").exit_code == 3
    assert cli("backups", "restore", "1", "--yes").exit_code == 0
    assert cli.json("status")["hands_played"] == 0
    damaged = [b for b in database.list_backups(db) if b.kind == "damaged"]
    assert len(damaged) == 1 and damaged[0].path.read_bytes() == b'{"games": {"1": {"hands": ['


def test_restore_refuses_a_number_that_is_not_listed(cli, db):
    new_game(cli)
    assert cli("hand", "m=50", "m=50").exit_code == 0
    before = game_file(db, 1).read_bytes()
    result = cli("backups", "restore", "5", "--yes")
    assert result.exit_code == 2 and "from 1 to 1" in result.stderr
    assert game_file(db, 1).read_bytes() == before


def test_restore_refuses_a_damaged_backup(cli, db):
    new_game(cli)
    assert cli("hand", "m=50", "m=50").exit_code == 0
    before = game_file(db, 1).read_bytes()
    database.list_backups(db)[0].path.write_bytes(b"\x00\x00")
    result = cli("backups", "restore", "1", "--yes")
    assert result.exit_code == 3 and "cannot be restored" in result.stderr
    assert game_file(db, 1).read_bytes() == before


def test_restoring_a_backup_without_a_terminal_needs_yes(cli, db):
    new(cli)
    assert cli("hand", "m=50", "m=50").exit_code == 0
    before = sorted(p.name for p in db.parent.rglob("*"))
    result = cli("backups", "restore", "1")
    assert result.exit_code == 2 and "--yes" in result.stderr
    assert sorted(p.name for p in db.parent.rglob("*")) == before


def test_no_backups_yet(cli, db):
    result = cli("backups")
    assert result.exit_code == 0 and "No backups" in result.stdout
    assert cli.json("backups")["backups"] == []


def test_a_busy_database_says_so_and_changes_nothing(cli, db, monkeypatch):
    new_game(cli)
    before = game_file(db, 1).read_bytes()
    monkeypatch.setattr(database, "LOCK_TIMEOUT", 0.2)
    with FileLock(str(db) + ".lock"):
        result = cli("hand", "m=50", "m=50")
    assert result.exit_code == 4
    assert "busy" in result.stderr and "try again" in result.stderr
    assert game_file(db, 1).read_bytes() == before
    assert cli("hand", "m=50", "m=50").exit_code == 0  # the lock is free again


def test_reading_does_not_wait_for_the_lock(cli, db, monkeypatch):
    new_game(cli)
    monkeypatch.setattr(database, "LOCK_TIMEOUT", 0.2)
    with FileLock(str(db) + ".lock"):
        assert cli("status").exit_code == 0


def test_writes_leave_no_temporary_files_and_keep_permissions(cli, db):
    new_game(cli)
    os.chmod(game_file(db, 1), 0o640)
    assert cli("hand", "m=50", "m=50").exit_code == 0
    assert stat.S_IMODE(game_file(db, 1).stat().st_mode) == 0o640
    assert not list(db.parent.glob(f".{db.name}*"))


def test_temporary_files_of_a_killed_command_are_cleared(cli, db):
    new_game(cli)
    stale = db.parent / f".{db.name}~abc123.tmp"
    stale.write_bytes(b'{"half": ')
    assert cli("hand", "m=50", "m=50").exit_code == 0
    assert not stale.exists()


def test_the_file_is_utf8_json(cli, db):
    assert cli("new", "classic", "--team", "Zoë ♠", "--team", "猫").exit_code == 0
    data = json.loads(game_file(db, 1).read_bytes().decode("utf-8"))
    assert [s["name"] for s in data["games"]["1"]["sides"]] == ["Zoë ♠", "猫"]


def test_restoring_the_backup_before_a_new_game_removes_it_and_never_reuses_its_id(cli, db):
    new_game(cli)
    assert cli("hand", "m=50", "m=50").exit_code == 0
    assert cli("new", "classic", "--team", "Cat", "--team", "Dan").exit_code == 0
    assert [g["game"] for g in cli.json("games")["games"]] == [2, 1]
    assert cli("backups", "restore", "1", "--yes").exit_code == 0  # the one before game 2
    assert [g["game"] for g in cli.json("games")["games"]] == [1]
    assert cli.json("status")["game"] == 1
    assert cli("new", "classic", "--team", "Eve", "--team", "Fay").exit_code == 0
    assert [g["game"] for g in cli.json("games")["games"]] == [3, 1]

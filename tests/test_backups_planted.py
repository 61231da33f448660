"""Files planted in a database's backups folder (README, "Backups", "Where data lives"): the
backups listed are those a restore takes by the same numbers, and nothing another database
keeps there is taken for a backup and removed."""

from __future__ import annotations

import pytest
from conftest import database_files, new_game, refused


def played(cli, db, hands: int):
    """A classic game of ``hands`` hands of 50 each; returns the backups folder."""
    new_game(cli)
    for _ in range(hands):
        assert cli("hand", "--yes", "m=50", "m=50").exit_code == 0
    return db.with_name(db.name + ".backups")


def test_a_file_of_spaces_is_listed_as_unreadable_and_numbered_as_restore_numbers_it(cli, db):
    # red team: a file of "\n" under a backup's name was left out of the listing but counted
    # by the restore, so every number after it restored the next backup ("removed meanwhile")
    folder = played(cli, db, 2)
    newest = max(p.name for p in folder.iterdir())
    planted = folder / (newest[:16] + "999999Z.json")  # the newest: listed first
    planted.write_text("\n")
    listed = cli.json("backups")["backups"]
    assert listed[0]["file"] == planted.name and listed[0]["error"]
    assert "is empty" in listed[0]["error"]
    said = refused(cli, db, "backups", "restore", "1", "--yes", code=3)
    assert "backup 1 cannot be restored" in said
    hands = cli.json("status")["hands_played"]
    assert listed[1]["hands"] == hands - 1
    assert cli("backups", "restore", "2", "--yes").exit_code == 0  # the one listed as 2
    assert cli.json("status")["hands_played"] == hands - 1


@pytest.mark.parametrize("name", ["20261208T000000.000000Z.json", "inner.json"])
def test_a_database_kept_in_the_backups_folder_is_refused_not_rotated_away(cli, db, name):
    # red team: a database made inside q.json.backups/ before q.json was, under a backup's
    # name, was listed as a backup of q.json and removed by its rotation; under any name, its
    # temporary files (".inner.json~x.tmp") were the clean-up's to remove
    folder = db.with_name(db.name + ".backups")
    folder.mkdir()
    inner = folder / name
    args = ["new", "classic", "--team", "In", "--team", "Out", "--db", str(inner)]
    assert cli(*args).exit_code == 0
    assert cli("hand", "--yes", "m=50", "m=60", "--db", str(inner)).exit_code == 0
    kept = database_files(inner)
    for command in (["new", "classic", "--team", "A", "--team", "B"], ["backups"]):
        said = refused(cli, db, *command, code=3)
        assert f"the backups folder {folder} of the database {db} holds another database" in said
    assert not db.exists() and database_files(inner) == kept
    assert cli.json("status", "--db", str(inner))["hands_played"] == 1


def test_a_restore_over_a_game_file_that_is_a_folder_says_to_move_it(cli, db):
    # red team: it said "the database .../1.json" and advised a restore ("backups --db
    # .../1.json"), the very command refused
    played(cli, db, 2)
    game = db.with_name(db.name + ".games") / "1.json"
    game.unlink()
    game.mkdir()
    result = cli("backups", "restore", "1", "--yes")
    assert result.exit_code == 3 and game.is_dir()
    assert result.stderr.strip() == (
        f"Error: {game} is not a plain file of at most 268,435,456 bytes (a folder, a link, a"
        " pipe), of which the restore cannot keep a copy before replacing it; nothing was"
        " changed: move it away, then restore again"
    )
    game.rmdir()
    assert cli("backups", "restore", "1", "--yes").exit_code == 0
    assert cli.json("status")["hands_played"] == 1


def test_a_backup_a_kill_left_pending_after_its_change_is_listed_and_restored_first(cli, db):
    # red team: a kill between storing a hand and putting its backup in place left backup 1
    # the state two changes back, and "backups restore 1" undid both
    folder = played(cli, db, 3)
    newest = max(p.name for p in folder.iterdir())  # the state before the third hand
    (folder / newest).rename(folder / f".{newest}~pending.tmp")  # as the kill left it
    listed = cli.json("backups")["backups"]
    assert listed[0]["file"] == newest and listed[0]["hands"] == 2
    assert cli("backups", "restore", "1", "--yes").exit_code == 0
    assert cli.json("status")["hands_played"] == 2


def test_a_backup_holding_a_game_beyond_the_bounds_is_listed_as_unreadable(cli, db):
    # red team: listed with its games and hands, then its restore refused; and a restore
    # refused so over an unreadable database file first kept a copy of that file aside
    import json

    folder = played(cli, db, 2)
    newest = max(folder.iterdir(), key=lambda p: p.name)
    data = json.loads(newest.read_bytes())
    data["games"]["1"]["hands"] *= 501  # 501 hands: a game holds at most 500
    planted = folder / "20990102T000000.000000Z.json"
    planted.write_text(json.dumps(data))
    listed = cli.json("backups")["backups"]
    assert listed[0]["file"] == planted.name and listed[0]["hands"] is None
    assert "at most 500 hands" in listed[0]["error"]
    db.write_text("garbage{")
    before = sorted(p.name for p in folder.iterdir())
    result = cli("backups", "restore", "1", "--yes")
    assert result.exit_code == 3 and "backup 1 cannot be restored" in result.stderr
    assert sorted(p.name for p in folder.iterdir()) == before  # nothing kept aside


def test_files_of_other_text_under_backups_names_take_no_place_among_the_ten(cli, db):
    # red team: ten files of spaces named for 2099, and one hand, let every real backup go
    from test_backup_order import ten_backups, write_backups

    before = ten_backups(cli, db)
    folder = db.with_name(db.name + ".backups")
    planted = [folder / f"2099010{i}T000000.000000Z.json" for i in range(10)]
    for i, path in enumerate(planted):
        path.write_text(" " if i % 2 else "not a backup {")
    assert cli("hand", "--yes", "m=50", "m=50").exit_code == 0
    real = [b["file"] for b in write_backups(cli) if not b["error"]]
    assert len(real) == 10 and real[1:] == [b["file"] for b in before[:9]]
    assert all(path.exists() for path in planted)  # never removed: listed, for you to look at


def test_the_listing_refuses_another_database_before_any_clean_up(cli, db):
    # red team: "backups" put this database's pending backup in place, and with it removed
    # the temporary files another database kept in the folder still needed, then refused
    folder = played(cli, db, 2)
    newest = max(p.name for p in folder.iterdir())
    (folder / newest).rename(folder / f".{newest}~pending.tmp")  # as a kill left it
    other = folder / "x.json"
    assert cli("new", "classic", "-t", "K", "-t", "L", "--db", str(other)).exit_code == 3
    (folder / "x.json.lock").write_text("")  # another database's lock, and a file it needs
    needed = folder / ".x.json~game-2-abcd1234.tmp"
    needed.write_text("{}")
    for command in (["backups"], ["backups", "restore", "1", "--yes"]):
        result = cli(*command)
        assert result.exit_code == 3 and "holds another database" in result.stderr
    assert needed.exists() and (folder / f".{newest}~pending.tmp").exists()  # nothing changed

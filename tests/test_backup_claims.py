"""A backup is checked as what it claims to be (issue 18, red team: a backup whose ``meta`` said
schema 1 while its tables had the schema-2 layout was "Restored", after which every command
refused the database).

Each claim of a backup's ``meta`` record is checked against the rest of it before anything is
put back: the schema against the migrations it lists and the tables it holds (a ``created``
table exists only in backups of schema 2), the next game id (ids up to 1,000,000,000; past the
largest every id was given, and a new game is refused, exit 1), the current game (a deleted or
missing game is not made current). A backup that fails is refused, exit 3, one line, nothing
changed; a restore never leaves a database the next command refuses.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import database_files

FIXTURES = Path(__file__).parent / "fixtures"
#: Every command that reads the database, each of which must work after a restore.
READERS = (("status",), ("games",), ("show",), ("stats",), ("backups",), ("export", "1"))


def newest_backup(cli, db) -> Path:
    name = cli.json("backups")["backups"][0]["file"]
    return db.with_name(db.name + ".backups") / name


def two_hands(cli) -> None:
    assert cli("new", "classic", "--team", "Ann", "--team", "Bob").exit_code == 0
    assert cli("hand", "--yes", "m=50", "m=50").exit_code == 0
    assert cli("hand", "--yes", "m=90", "m=50").exit_code == 0


def doctor(backup: Path, change) -> None:
    data = json.loads(backup.read_bytes())
    change(data)
    backup.write_text(json.dumps(data), encoding="utf-8")


def assert_refused_untouched(cli, db) -> None:
    before = database_files(db)
    result = cli("backups", "restore", "1", "--yes")
    assert result.exit_code == 3, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.stderr
    assert "Restored" not in result.output
    assert database_files(db) == before
    for command in READERS:
        assert cli(*command).exit_code == 0, command


def schema_one(data) -> None:
    data["meta"]["1"]["schema"] = 1


def schema_one_migrations(data) -> None:
    data["meta"]["1"]["schema"] = 1
    data["meta"]["1"]["migrations"] = ["m001_games_and_meta"]


def schema_one_created(data) -> None:
    data["meta"]["1"]["schema"] = 1
    del data["meta"]["1"]["migrations"]
    data["created"] = {"1": {"games": [2]}}


def migrations_unknown(data) -> None:
    data["meta"]["1"]["migrations"] = ["m002_one_file_per_game", "m001_games_and_meta"]


@pytest.mark.parametrize("change", [schema_one, schema_one_created, migrations_unknown])
def test_a_backup_whose_schema_disagrees_with_its_layout_is_refused(cli, db, change):
    two_hands(cli)
    doctor(newest_backup(cli, db), change)
    assert_refused_untouched(cli, db)


def test_a_backup_that_is_a_whole_schema_1_database_is_read_as_one(cli, db):
    # schema 1 and the one migration it lists agree, and a games table without a "created"
    # one is a schema-1 database's layout: it is put back as a whole database of schema 1
    # (the games it does not hold go away, kept in the restore's own backup)
    two_hands(cli)
    doctor(newest_backup(cli, db), schema_one_migrations)  # the one before the second hand
    assert cli("new", "classic", "--team", "Cy", "--team", "Di").exit_code == 0
    assert cli("backups", "restore", "2", "--yes").exit_code == 0
    assert json.loads(db.read_bytes())["meta"]["1"]["schema"] == 2
    for command in READERS:
        assert cli(*command).exit_code == 0, command
    assert [g["game"] for g in cli.json("games", "--all")["games"]] == [1]


def test_the_backups_list_says_such_a_backup_cannot_be_read(cli, db):
    two_hands(cli)
    doctor(newest_backup(cli, db), schema_one)
    rows = cli.json("backups")["backups"]
    assert rows[0]["error"] and rows[1].get("error") is None


def test_a_database_whose_schema_disagrees_with_its_migrations_is_refused_untouched(cli, db):
    two_hands(cli)
    data = json.loads(db.read_bytes())
    data["meta"]["1"]["schema"] = 1
    db.write_text(json.dumps(data), encoding="utf-8")
    before = database_files(db)
    result = cli("status")
    assert result.exit_code == 3 and "Traceback" not in result.output
    assert database_files(db) == before


def test_a_next_id_at_the_largest_game_id_leaves_a_usable_database(cli, db):
    two_hands(cli)
    doctor(newest_backup(cli, db), lambda d: d["meta"]["1"].update(next_id=10**9))
    assert cli("backups", "restore", "1", "--yes").exit_code == 0
    # the game numbered 1,000,000,000 is the last one a database can hold
    assert cli("new", "classic", "--team", "Cy", "--team", "Di").exit_code == 0
    assert cli.json("status")["game"] == 10**9
    for command in READERS:
        assert cli(*command).exit_code == 0, command
    before = database_files(db)
    result = cli("new", "classic", "--team", "Ed", "--team", "Fy")
    assert result.exit_code == 1, result.output
    assert "1,000,000,000" in result.stderr and "Traceback" not in result.output
    assert database_files(db) == before
    for command in READERS:
        assert cli(*command).exit_code == 0, command


def test_a_restored_current_game_is_never_a_deleted_one(cli, db):
    two_hands(cli)
    assert cli("new", "classic", "--team", "Cy", "--team", "Di").exit_code == 0
    assert cli("delete", "1", "--yes").exit_code == 0

    # the backup before the delete holds game 1 as it was; doctor it to a deleted game 1 that
    # is current: restored as it claims, the current game would be a deleted one
    def deleted_current(data):
        data["games"]["1"]["deleted"] = True
        data["meta"]["1"]["current"] = 1

    doctor(newest_backup(cli, db), deleted_current)
    assert cli("backups", "restore", "1", "--yes").exit_code == 0
    assert cli.json("games", "--all")["games"] == [] or all(
        g["game"] != 1 for g in cli.json("games", "--all")["games"]
    )
    status = cli("status")
    assert status.exit_code in (0, 1) and "Traceback" not in status.output
    assert json.loads(db.read_bytes())["meta"]["1"]["current"] is None
    for command in (("games",), ("stats",), ("backups",)):
        assert cli(*command).exit_code == 0, command


def test_a_restore_into_a_database_of_schema_1_keeps_its_games_in_a_backup(cli, db):
    import shutil

    shutil.copyfile(FIXTURES / "schema-1.json", db)
    games_before = json.loads(db.read_bytes())["games"]
    backup = db.with_name(db.name + ".backups")
    backup.mkdir()
    (backup / "20200101T000000.000000Z.json").write_text(
        json.dumps({"meta": {"1": {"schema": 2, "current": None, "next_id": 1}}, "games": {}}),
        encoding="utf-8",
    )
    assert cli("backups", "restore", "1", "--yes").exit_code == 0
    held = [
        json.loads(b.read_bytes()).get("games", {})
        for b in backup.iterdir()
        if b.name != "20200101T000000.000000Z.json"
    ]
    for key, doc in games_before.items():
        assert any(h.get(key, {}).get("hands") == doc["hands"] for h in held), key
    listed = {g["game"] for g in cli.json("games", "--all")["games"]}
    assert listed == {int(k) for k in games_before}


def test_a_database_file_of_schema_2_holding_games_is_refused_untouched(cli, db):
    # a schema-1 file whose schema was changed to 2: read as schema 2, its games table would be
    # ignored (no game listed) and dropped by the next change
    import shutil

    shutil.copyfile(FIXTURES / "schema-1.json", db)
    data = json.loads(db.read_bytes())
    data["meta"]["1"]["schema"] = 2
    db.write_text(json.dumps(data), encoding="utf-8")
    before = database_files(db)
    for command in (("games",), ("new", "classic", "--team", "A", "--team", "B")):
        result = cli(*command)
        assert result.exit_code == 3, result.output
        assert "schema and its tables disagree" in result.stderr
    assert database_files(db) == before


def test_a_restore_into_a_schema_1_database_it_cannot_update_keeps_that_file_aside(cli, db):
    import shutil

    shutil.copyfile(FIXTURES / "schema-1.json", db)
    data = json.loads(db.read_bytes())
    data["games"]["1"]["hands"] = data["games"]["1"]["hands"] * 300  # 600 hands: beyond bounds
    db.write_text(json.dumps(data), encoding="utf-8")
    original = db.read_bytes()
    assert cli("games").exit_code == 3  # refused untouched: it cannot be updated
    folder = db.with_name(db.name + ".backups")
    folder.mkdir()
    backup = {"meta": {"1": {"schema": 2, "current": None, "next_id": 1}}, "games": {}}
    (folder / "20200101T000000.000000Z.json").write_text(json.dumps(backup), encoding="utf-8")
    result = cli("backups", "restore", "1", "--yes")
    assert result.exit_code == 0, result.output
    kept = [f for f in folder.iterdir() if "-damaged" in f.name]
    assert [f.read_bytes() for f in kept] == [original]  # nothing of it is lost
    for command in READERS[:5]:
        assert cli(*command).exit_code in (0, 1), command


def test_a_backup_both_holding_a_game_and_saying_the_change_made_it_is_refused(cli, db):
    two_hands(cli)
    doctor(newest_backup(cli, db), lambda d: d.update(created={"1": {"games": [1]}}))
    assert_refused_untouched(cli, db)


def test_a_restore_into_a_schema_1_database_whose_games_folder_clashes_is_refused(cli, db):
    # red team: the file every other command refuses ("move that folder or the file away")
    # was taken for a damaged one, set aside and replaced, its record in no "before a
    # restore" backup
    import shutil

    shutil.copyfile(FIXTURES / "schema-1.json", db)
    assert cli("games").exit_code == 0  # updated: its games are game files now
    assert cli("hand", "--game", "1", "--yes", "m=50", "m=60").exit_code == 0
    shutil.copyfile(FIXTURES / "schema-1.json", db)  # an old copy put over the newer one
    before = {p.name: p.read_bytes() for p in db.parent.rglob("*") if p.is_file()}
    for command in (("games",), ("backups", "restore", "1", "--yes")):
        result = cli(*command)
        assert result.exit_code == 3, result.output
        assert "which the update would replace; nothing was changed" in result.stderr
    assert {p.name: p.read_bytes() for p in db.parent.rglob("*") if p.is_file()} == before

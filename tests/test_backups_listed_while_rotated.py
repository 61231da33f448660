"""``backups`` takes no lock, so another command may rotate a backup away while it lists them
(red team round 14: the listing then stopped with exit 3, "the system refused ... No such file
or directory", as if the database were unusable). A backup gone meanwhile is not listed; a
restore of one gone meanwhile says so."""

from __future__ import annotations

import json

import pytest
from conftest import new_game

import scorekeeper.storage.store as store


@pytest.fixture
def three_backups(cli, db):
    new_game(cli)
    for _ in range(3):
        assert cli("hand", "--yes", "m=50", "m=50").exit_code == 0
    return db.with_name(db.name + ".backups")


@pytest.mark.parametrize("at", ["stat", "read"])
def test_a_backup_rotated_away_while_listed_is_left_out(cli, db, three_backups, monkeypatch, at):
    real_list, real_read = store.list_backups, store.read_backup_tables
    listed = real_list(db)
    oldest = listed[-1].path

    def listing(path):
        found = real_list(path)
        if at == "stat":
            oldest.unlink()  # gone before the listing looks at its size
        return found

    def reading(path, database=None):
        if at == "read" and path == oldest:
            oldest.unlink()  # gone once its size was seen
        return real_read(path, database)

    monkeypatch.setattr(store, "list_backups", listing)
    monkeypatch.setattr(store, "read_backup_tables", reading)
    result = cli("--json", "backups")
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    files = [row["file"] for row in rows["backups"]]
    assert files == [b.path.name for b in listed[:-1]]
    assert [row["number"] for row in rows["backups"]] == [1, 2]
    assert all(row["error"] is None for row in rows["backups"])


def test_a_restore_of_a_backup_rotated_away_meanwhile_says_so(cli, db, three_backups, monkeypatch):
    real_read = store.read_backup_tables
    oldest = store.list_backups(db)[-1].path

    def reading(path, database=None):
        if path == oldest:
            oldest.unlink()
        return real_read(path, database)

    monkeypatch.setattr(store, "read_backup_tables", reading)
    result = cli("backups", "restore", "3", "--yes")
    assert result.exit_code == 1, result.output
    assert "was removed by another command meanwhile" in result.stderr


def test_a_restore_of_a_backup_rotated_away_once_chosen_says_so(
    cli, db, three_backups, monkeypatch
):
    # chosen (its contents read), then removed by another command's rotation before this
    # restore takes the lock: it was said to be "empty"
    real_restore = store.restore_backup
    before = {p: p.read_bytes() for p in db.parent.rglob("*") if p.is_file()}

    def restoring(database, backup):
        backup.unlink()
        del before[backup]
        return real_restore(database, backup)

    monkeypatch.setattr(store, "restore_backup", restoring)
    oldest = store.list_backups(db)[-1].path
    result = cli("backups", "restore", "3", "--yes")
    assert result.exit_code == 1, result.output
    assert result.stderr.strip() == (
        f"Error: the backup {oldest} was removed by another command meanwhile (the oldest make"
        " way for new ones); nothing was changed: list the backups again ('scorekeeper"
        " backups')"
    )
    after = {p: p.read_bytes() for p in db.parent.rglob("*") if p.is_file()}
    assert {p: b for p, b in after.items() if not p.name.endswith(".lock")} == {
        p: b for p, b in before.items() if not p.name.endswith(".lock")
    }

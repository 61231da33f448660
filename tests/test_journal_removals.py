"""A journal removes only what a backup keeps (issue 18: a doctored journal listed the removal
of a recorded game file, and the next command carried it out).

The only change that removes game files is a restore, which first keeps every file it replaces
or removes in a ``restore`` backup; its journal names that backup. The next command completes a
journal's removals only when the backups it names hold each removed game as it is, so no
journal, hand-written or cut short, can lose a recorded game.
"""

from __future__ import annotations

import json

import pytest

from scorekeeper.storage import files
from scorekeeper.storage.database import game_file

GAME = ("new", "classic", "--team", "Ann", "--team", "Bob")


def journal_of(db):
    return db.with_name(db.name + ".journal")


def two_games(cli) -> None:
    assert cli(*GAME).exit_code == 0
    assert cli("hand", "--yes", "m=50", "m=50").exit_code == 0
    assert cli(*GAME).exit_code == 0  # game 2: the backup before it holds no game 2


def backups(cli) -> list[dict]:
    return cli.json("backups")["backups"]


@pytest.mark.parametrize("kept", [None, [], ["BACKUP"]])
def test_a_journal_removing_a_recorded_game_no_backup_holds_is_refused_untouched(cli, db, kept):
    two_games(cli)
    listed = {"renames": [], "removals": [f"{db.name}.games/1.json"]}
    if kept is not None:  # a real backup, but one taken before game 1 had its hand
        oldest = backups(cli)[-1]["file"]
        listed["kept"] = [f"{db.name}.backups/{oldest}" if k == "BACKUP" else k for k in kept]
    text = json.dumps(listed)
    journal_of(db).write_text(text, encoding="utf-8")
    before = game_file(db, 1).read_bytes()
    for command in (("games",), ("status",), ("hand", "--yes", "m=50", "m=50")):
        result = cli(*command)
        assert result.exit_code == 3, (command, result.output)
        assert "journal" in result.stderr and "Traceback" not in result.output
    assert game_file(db, 1).read_bytes() == before
    assert journal_of(db).read_text(encoding="utf-8") == text


@pytest.mark.parametrize("name", ["../elsewhere.json", "{db}.games/1.json", "{db}", "/tmp/x.json"])
def test_a_journal_naming_a_backup_outside_the_backups_folder_is_refused(cli, db, name):
    two_games(cli)
    listed = {
        "renames": [],
        "removals": [f"{db.name}.games/2.json"],
        "kept": [name.format(db=db.name)],
    }
    journal_of(db).write_text(json.dumps(listed), encoding="utf-8")
    result = cli("games")
    assert result.exit_code == 3 and "journal" in result.stderr
    assert game_file(db, 2).exists()


def test_a_journal_may_never_remove_the_database_file(cli, db):
    two_games(cli)
    listed = {"renames": [], "removals": [db.name], "kept": []}
    journal_of(db).write_text(json.dumps(listed), encoding="utf-8")
    assert cli("games").exit_code == 3
    assert db.exists()


def test_a_restore_cut_short_after_its_commit_point_is_completed_by_the_next_command(
    cli, db, monkeypatch
):
    """The restore of the backup taken before game 2 removes game 2; killed once its journal is
    in place, the next command completes it, because the restore's own backup holds game 2."""
    two_games(cli)
    assert cli("hand", "--yes", "m=90", "m=50").exit_code == 0  # game 2 has a hand
    number = next(
        i for i, b in enumerate(backups(cli), 1) if b["kind"] == "write" and b["games"] == 0
    )
    with monkeypatch.context() as patch:  # stop right after the commit point, as a kill would
        patch.setattr(files, "complete_pending", lambda *args, **kwargs: True)
        assert cli("backups", "restore", str(number), "--yes").exit_code == 0
    listed = json.loads(journal_of(db).read_text(encoding="utf-8"))
    assert listed["removals"] == [f"{db.name}.games/2.json"]
    assert [k.split("/")[0] for k in listed["kept"]] == [f"{db.name}.backups"]
    assert game_file(db, 2).exists()  # not yet removed
    assert [g["game"] for g in cli.json("games")["games"]] == [1]  # completed
    assert not game_file(db, 2).exists() and not journal_of(db).exists()
    restore = next(b for b in backups(cli) if b["kind"] == "restore")
    kept = json.loads(db.with_name(db.name + ".backups").joinpath(restore["file"]).read_bytes())
    assert kept["games"]["2"]["hands"]  # the removed game, hand and all: the restore can be undone


def test_a_backup_is_synced_to_disk_before_it_is_put_in_place(cli, db, monkeypatch):
    """Issue 18: the backup's temporary file was never synced, so a crash of the system could
    leave a backup cut short that the list shows as valid."""
    import os
    from pathlib import Path

    if not Path("/proc/self/fd").is_dir():
        pytest.skip("needs /proc to name a synced file")
    two_games(cli)
    synced: list[str] = []
    real = os.fsync

    def fsync(fd):
        synced.append(os.readlink(f"/proc/self/fd/{fd}"))
        return real(fd)

    with monkeypatch.context() as patch:
        patch.setattr(os, "fsync", fsync)
        assert cli("hand", "--yes", "m=50", "m=50").exit_code == 0
    folder = str(db.with_name(db.name + ".backups"))
    assert any(name.startswith(folder + "/") for name in synced), synced  # the backup's data
    assert folder in synced  # and the folder that names it

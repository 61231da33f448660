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


def test_a_journal_replacing_a_recorded_game_no_backup_holds_is_refused_untouched(cli, db):
    """A journal renaming another game's file over game 1, naming no backup of game 1."""
    two_games(cli)
    forged = json.loads(game_file(db, 2).read_bytes())
    forged["games"] = {"1": forged["games"]["2"]}
    tmp = db.with_name(f".{db.name}~game-1-abcdefgh.tmp")
    tmp.write_text(json.dumps(forged), encoding="utf-8")
    listed = {"renames": [[tmp.name, f"{db.name}.games/1.json"]], "removals": [], "kept": []}
    journal_of(db).write_text(json.dumps(listed), encoding="utf-8")
    before = game_file(db, 1).read_bytes()
    result = cli("games")
    assert result.exit_code == 3 and "journal" in result.stderr
    assert game_file(db, 1).read_bytes() == before


@pytest.mark.parametrize("kind", ["symlink", "fifo", "list", "not json"])
def test_a_named_backup_that_is_no_plain_backup_holds_nothing(cli, db, kind):
    import os

    two_games(cli)
    folder = db.with_name(db.name + ".backups")
    name = "20990101T000000.000000Z.json"
    backup = folder / name
    if kind == "symlink":  # a link to the very file it would remove
        backup.symlink_to(os.path.relpath(game_file(db, 1), folder))
    elif kind == "fifo":
        os.mkfifo(backup)
    else:
        backup.write_text("[]" if kind == "list" else "{", encoding="utf-8")
    listed = {
        "renames": [],
        "removals": [f"{db.name}.games/1.json"],
        "kept": [f"{db.name}.backups/{name}"],
    }
    journal_of(db).write_text(json.dumps(listed), encoding="utf-8")
    result = cli("games")  # never waits on the pipe, never an internal error
    assert result.exit_code == 3 and "journal" in result.stderr, result.output
    assert "internal" not in result.output
    assert json.loads(game_file(db, 1).read_bytes())["games"]["1"]["hands"]


def test_a_backup_named_in_a_journal_is_a_backup_file_by_its_name(cli, db):
    """Any other name in the backups folder is not one ``backups`` lists: never accepted."""
    two_games(cli)
    folder = db.with_name(db.name + ".backups")
    (folder / "h.json").write_bytes(game_file(db, 1).read_bytes())
    listed = {
        "renames": [],
        "removals": [f"{db.name}.games/1.json"],
        "kept": [f"{db.name}.backups/h.json"],
    }
    journal_of(db).write_text(json.dumps(listed), encoding="utf-8")
    assert cli("games").exit_code == 3
    assert game_file(db, 1).exists()


def test_a_read_the_system_refuses_after_the_commit_point_is_a_warning(cli, db, monkeypatch):
    """Issue 18: an I/O error reading the journal back, once it is in place, said "Error" with
    exit 3 though the restore was stored; the next command completes it."""
    import errno
    from pathlib import Path

    two_games(cli)
    number = next(
        i for i, b in enumerate(backups(cli), 1) if b["kind"] == "write" and b["games"] == 0
    )
    real = files.read_plain

    def read_plain(file, limit):
        if Path(file).name.endswith(".journal") and Path(file).exists():
            raise OSError(errno.EIO, "Input/output error", str(file))
        return real(file, limit)

    with monkeypatch.context() as patch:
        patch.setattr(files, "read_plain", read_plain)
        result = cli("backups", "restore", str(number), "--yes")
    assert result.exit_code == 0, result.output
    assert "Warning" in result.stderr and "stored" in result.stderr
    assert [g["game"] for g in cli.json("games")["games"]] == [1]
    assert not game_file(db, 2).exists()


def test_a_removal_is_held_only_by_a_backup_that_is_never_rotated_away(cli, db):
    """Issue 18: a journal naming an ordinary (rotating) backup that held game 1 removed it,
    and ten changes later the backup was rotated away: the game was lost for good."""
    two_games(cli)
    folder = db.with_name(db.name + ".backups")
    name = "20990101T000000.000000Z.json"  # a rotating backup's name, holding game 1 as it is
    (folder / name).write_bytes(game_file(db, 1).read_bytes())
    listed = {
        "renames": [],
        "removals": [f"{db.name}.games/1.json"],
        "kept": [f"{db.name}.backups/{name}"],
    }
    journal_of(db).write_text(json.dumps(listed), encoding="utf-8")
    assert cli("games").exit_code == 3
    assert game_file(db, 1).exists()

"""Writes that fail, files in the way, and what a restore keeps (issue 18, points 2, 6, 7, 8, 9
and 10): one test per failure the red team found."""

from __future__ import annotations

import errno
import json
import os
import shutil
import stat
import tempfile
from pathlib import Path

import pytest
from conftest import database_files, game_doc, new_game

from scorekeeper.storage import backups as backups_module
from scorekeeper.storage.database import game_file, games_folder

FIXTURES = Path(__file__).parent / "fixtures"


def one_error_line(result) -> str:
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.stderr
    assert "unexpected internal error" not in result.stderr
    assert "Traceback" not in result.output
    return lines[0]


def listed_backups(cli) -> list[dict]:
    return cli.json("backups")["backups"]


def full_disk(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args, **kwargs):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(tempfile, "mkstemp", refuse)


# -- point 6: failed writes rotate the backups away; no warning when a backup cannot be kept --


def test_writes_a_full_disk_refuses_add_no_backup_and_change_nothing(cli, db, monkeypatch):
    new_game(cli)
    for points in range(50, 170, 10):  # more changes than the backups kept
        assert cli("hand", "--yes", f"m={points}", "m=50").exit_code == 0
    kept = listed_backups(cli)
    files = database_files(db)
    with monkeypatch.context() as patched:
        full_disk(patched)
        for _ in range(12):
            result = cli("hand", "--yes", "m=50", "m=50")
            assert result.exit_code == 3
            line = one_error_line(result)
            assert "No space left on device" in line and "nothing was changed" in line
    assert listed_backups(cli) == kept  # the history of backups is intact
    assert database_files(db) == files


def test_a_read_only_folder_is_a_clear_error(cli, db, monkeypatch):
    new_game(cli)

    def refuse(*args, **kwargs):
        raise OSError(errno.EROFS, os.strerror(errno.EROFS))

    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    result = cli("hand", "--yes", "m=50", "m=50")
    assert result.exit_code == 3
    assert "Read-only file system" in one_error_line(result)


def refusing(code: int):
    """A stand-in for a file operation that the system refuses with ``code``."""

    def refuse(*args, **kwargs):
        raise OSError(code, os.strerror(code))

    return refuse


@pytest.mark.parametrize(
    ("refused", "code", "warned"),
    [
        # the backup cannot be written (a full disk): one warning, the hand stored
        (("write_pending_backup",), errno.ENOSPC, ["Warning: no backup"]),
        # red team round 15b: an unreadable backups folder (chmod 000) gave a second warning
        # ("the system refused ..., after the hand was stored") from the rotation of the
        # backups after the change, which is only housekeeping
        (("write_pending_backup", "list_backups"), errno.EACCES, ["Warning: no backup"]),
        # a rotation refused keeps one backup more, and says so (red team round 16: a folder
        # that could not be listed kept backups without end, in silence)
        (("list_backups",), errno.EACCES, ["Warning: the change is stored, but the oldest"]),
    ],
)
def test_a_backup_the_system_refuses_is_one_warning_and_the_hand_stored(
    cli, db, monkeypatch, refused, code, warned
):
    new_game(cli)
    for name in refused:
        monkeypatch.setattr(backups_module, name, refusing(code))
    result = cli("hand", "--yes", "m=50", "m=50")
    assert result.exit_code == 0
    told = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(told) == len(warned), told
    assert all(line.startswith(start) for line, start in zip(told, warned, strict=True))
    assert len(game_doc(db)["hands"]) == 1


def test_a_backups_folder_that_is_a_file_is_named_so(cli, db):
    # red team round 15b: the warning said only "(File exists)"
    new_game(cli)
    folder = db.with_name(db.name + ".backups")
    shutil.rmtree(folder, ignore_errors=True)
    folder.write_text("not a folder")
    result = cli("hand", "--yes", "m=50", "m=50")
    assert result.exit_code == 0
    told = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(told) == 1 and "taken by a file that is not a folder" in told[0], told
    assert len(game_doc(db)["hands"]) == 1


# -- point 7: a 0-byte backup listed as valid --


def test_an_empty_backup_file_is_not_listed(cli, db):
    new_game(cli)
    assert cli("hand", "--yes", "m=50", "m=50").exit_code == 0
    before = listed_backups(cli)
    folder = db.with_name(db.name + ".backups")
    (folder / "29991231T235959.999999Z.json").write_bytes(b"")
    assert listed_backups(cli) == before


# -- point 8: another database whose name starts with this one's --


def test_a_database_never_clears_another_databases_temporary_files(cli, db):
    new_game(cli)
    other = db.with_name(db.name + ".b")
    assert cli("new", "classic", "--team", "X", "--team", "Y", "--db", str(other)).exit_code == 0
    theirs = [
        db.parent / f".{other.name}~abc123.tmp",
        db.parent / f".{other.name}~game-1-abc123.tmp",
        db.parent / f".{db.name}.b.abc123.tmp",
    ]
    for path in theirs:
        path.write_bytes(b"in flight")
    ours = db.parent / f".{db.name}~game-1-abc123.tmp"
    ours.write_bytes(b"left by a kill")
    assert cli("hand", "--yes", "m=50", "m=50").exit_code == 0
    assert all(path.exists() for path in theirs)
    assert not ours.exists()


# -- point 2: the backup kept before a restore holds every file it replaces --


def test_a_restore_of_the_schema_update_backup_can_be_undone(cli, db):
    shutil.copyfile(FIXTURES / "schema-1.json", db)
    old_games = {g["game"]: g["hands_played"] for g in cli.json("games", "--all")["games"]}
    # a hand and a game after the update
    current = cli.json("status")["game"]
    assert cli("hand", "--yes", "--note", "after the update", "m=50", "m=50", "-").exit_code == 0
    assert cli("new", "classic", "--team", "New", "--team", "Game").exit_code == 0
    newest = cli.json("status")["game"]
    assert newest not in old_games
    number = next(i for i, b in enumerate(listed_backups(cli), start=1) if b["kind"] == "migration")
    assert cli("backups", "restore", str(number), "--yes").exit_code == 0
    # the database is what the backup holds: the game made after it goes away (README)
    games = {g["game"]: g["hands_played"] for g in cli.json("games", "--all")["games"]}
    assert games == old_games
    # ... and the restore can be undone: the hand and the game come back
    assert cli("backups", "restore", "1", "--yes").exit_code == 0
    games = {g["game"]: g["hands_played"] for g in cli.json("games", "--all")["games"]}
    assert newest in games
    assert games[current] == old_games[current] + 1
    notes = [h["note"] for h in cli.json("show", str(current))["hands"]]
    assert notes[-1] == "after the update"


# -- point 9: files in the way --


def test_a_lock_file_that_is_a_folder_is_a_clear_error(cli, db):
    new_game(cli)
    db.with_name(db.name + ".lock").unlink()
    db.with_name(db.name + ".lock").mkdir()
    result = cli("hand", "--yes", "m=50", "m=50")
    assert result.exit_code == 3
    assert "lock" in one_error_line(result) and "folder" in result.stderr


def _fifo(path: Path) -> None:
    os.mkfifo(path)


def _socket(path: Path) -> None:
    import socket

    with socket.socket(socket.AF_UNIX) as bound:
        bound.bind(str(path))


@pytest.mark.parametrize("make", [_fifo, _socket], ids=["pipe", "socket"])
def test_a_lock_file_that_is_no_plain_file_is_refused_unopened(cli, db, make):
    # red team round 15b: a pipe (or a device) in the lock's place was taken as the lock,
    # and a socket was refused as if the folder were not writable
    new_game(cli)
    lock = db.with_name(db.name + ".lock")
    lock.unlink()
    make(lock)
    files = database_files(db)
    result = cli("hand", "--yes", "m=50", "m=50")
    assert result.exit_code == 3
    line = one_error_line(result)
    assert f"the lock file {lock} is not a plain file" in line and "nothing was changed" in line
    assert database_files(db) == files
    lock.unlink()
    assert cli("hand", "--yes", "m=50", "m=50").exit_code == 0


def test_a_lock_file_that_cannot_be_opened_is_a_clear_error(cli, db, monkeypatch):
    # a read-only lock file, or a read-only folder where it must be made
    new_game(cli)
    real = os.open

    def refuse(path, *args, **kwargs):
        if str(path).endswith(".lock"):
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))
        return real(path, *args, **kwargs)

    monkeypatch.setattr(os, "open", refuse)
    result = cli("hand", "--yes", "m=50", "m=50")
    assert result.exit_code == 3
    line = one_error_line(result)
    assert "lock file" in line and "Permission denied" in line


def test_a_games_folder_that_is_a_file_is_a_clear_error(cli, db):
    db.with_name(db.name + ".games").write_bytes(b"")
    result = cli("new", "classic", "--team", "A", "--team", "B")
    assert result.exit_code == 3
    assert "games folder" in one_error_line(result)


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/full"])
def test_a_database_that_is_a_device_is_refused_before_it_is_read(cli, device):
    for args in (("status",), ("new", "classic", "--team", "A", "--team", "B")):
        result = cli(*args, "--db", device)
        assert result.exit_code == 3
        assert "not a regular file" in one_error_line(result)


def test_an_unreadable_database_file_exits_3(cli, db, monkeypatch):
    from scorekeeper.storage import files

    new_game(cli)
    real = files.read_plain_version

    def unreadable(path, limit):
        if Path(path) == db:  # as the system refuses a file of mode 000 to all but root
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))
        return real(path, limit)

    monkeypatch.setattr(files, "read_plain_version", unreadable)
    result = cli("status")
    assert result.exit_code == 3
    assert "Permission denied" in one_error_line(result)


# -- point 10: a read-only database file written anyway --


@pytest.mark.parametrize("which", ["database", "game"])
def test_a_read_only_file_is_never_written_over(cli, db, which):
    new_game(cli)
    target = db if which == "database" else game_file(db, 1)
    os.chmod(target, 0o444)
    before = target.read_bytes()
    args = ("resume", "1") if which == "database" else ("hand", "--yes", "m=50", "m=50")
    if which == "database":
        assert cli("new", "classic", "--team", "C", "--team", "D").exit_code == 3
    result = cli(*args)
    if which == "game":
        assert result.exit_code == 3
        assert "read-only" in one_error_line(result)
    assert target.read_bytes() == before
    assert stat.S_IMODE(target.stat().st_mode) == 0o444


def test_a_next_id_past_the_file_names_is_refused_as_damaged(cli, db):
    new_game(cli)
    data = json.loads(db.read_bytes())
    data["meta"]["1"]["next_id"] = 10**18
    db.write_text(json.dumps(data))
    result = cli("new", "classic", "--team", "C", "--team", "D")
    assert result.exit_code == 3
    assert "meta" in one_error_line(result)
    assert sorted(p.name for p in games_folder(db).iterdir()) == ["1.json"]


def test_a_backup_a_kill_cut_short_is_cleared_and_never_listed(cli, db):
    new_game(cli)
    assert cli("hand", "--yes", "m=50", "m=50").exit_code == 0
    before = listed_backups(cli)
    folder = db.with_name(db.name + ".backups")
    stale = folder / ".20261201T000000.000000Z.json~abc123.tmp"
    stale.write_bytes(b'{"meta": ')
    assert listed_backups(cli) == before
    assert cli("hand", "--yes", "m=50", "m=50").exit_code == 0
    assert not stale.exists()


def test_a_change_refused_after_its_backup_failed_never_says_it_is_stored(cli, db, monkeypatch):
    # red team round 15: an almost-full disk, where the backup and then the journal of 'new'
    # cannot be written, said "nothing was changed" and then "the change itself is stored"
    new_game(cli)
    assert cli("hand", "--yes", "m=50", "m=50").exit_code == 0
    files = database_files(db)
    real = tempfile.mkstemp

    def journal_refused(*args, **kwargs):
        if "journal" in str(kwargs.get("prefix", "")) + str(args):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real(*args, **kwargs)

    def backup_refused(*args, **kwargs):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(backups_module, "write_pending_backup", backup_refused)
    monkeypatch.setattr(tempfile, "mkstemp", journal_refused)
    result = cli("new", "classic", "--team", "X", "--team", "Y")
    assert result.exit_code == 3
    line = one_error_line(result)  # the error alone: no warning that the change is stored
    assert "journal" in line and "No space left on device" in line
    assert "nothing was changed" in line
    assert database_files(db) == files


def test_a_backups_folder_that_is_a_file_is_said_so_when_listed(cli, db):
    # red team round 16: 'backups' said "No backups yet", and restore "there are no backups"
    new_game(cli)
    folder = db.with_name(db.name + ".backups")
    shutil.rmtree(folder, ignore_errors=True)
    folder.write_text("not a folder")
    for args in (("backups",), ("backups", "restore", "1", "--yes")):
        result = cli(*args)
        assert result.exit_code == 3
        assert "is not a folder (a file takes its name)" in one_error_line(result)

"""A games folder the system will not write (a read-only mount, a folder without write
permission) refuses every change before its commit point, the changes of several files too
(``new``, ``rematch``, ``delete`` of the current game, ``backups restore``): exit 3, one line
naming the folder, "nothing was changed", nothing stored, and every later command works
(issue 18, red team round 15b: they were reported stored, and every command after them
failed on a change it could not put in place)."""

from __future__ import annotations

import contextlib
import errno
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import database_files, new_game

from scorekeeper.storage.database import games_folder

CHANGES = [
    ("new", "classic", "--team", "X", "--team", "Y"),
    ("rematch",),
    ("delete", "1", "--yes"),
    ("backups", "restore", "1", "--yes"),
]


@contextlib.contextmanager
def read_only(folder: Path) -> Iterator[None]:
    """``folder`` read-only for this process: a read-only bind mount as root (whom permissions
    do not stop), else its write permission taken away. Skips where neither can be made."""
    if os.geteuid() != 0:
        folder.chmod(0o555)
        try:
            yield
        finally:
            folder.chmod(0o755)
        return
    mounted = subprocess.run(["mount", "--bind", str(folder), str(folder)], capture_output=True)
    if mounted.returncode != 0:
        pytest.skip(f"cannot make a read-only mount here: {mounted.stderr.decode().strip()}")
    try:
        remount = ["mount", "-o", "remount,bind,ro", str(folder), str(folder)]
        if subprocess.run(remount, capture_output=True).returncode != 0:
            pytest.skip("cannot remount read-only here")
        yield
    finally:
        subprocess.run(["umount", str(folder)], capture_output=True, check=True)


def one_error_line(result) -> str:
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.stderr
    assert "unexpected internal error" not in result.stderr and "Traceback" not in result.output
    return lines[0]


@pytest.mark.parametrize("change", CHANGES, ids=lambda c: c[0] if c[0] != "backups" else "restore")
def test_a_change_into_a_read_only_games_folder_is_refused_and_nothing_stored(cli, db, change):
    new_game(cli)
    assert cli("hand", "--yes", "m=50", "m=60").exit_code == 0
    assert cli("hand", "--yes", "m=70", "m=80").exit_code == 0  # a backup to restore
    before = database_files(db)
    listed = cli.json("games", "--all")
    with read_only(games_folder(db)):
        result = cli(*change)
        assert result.exit_code == 3, result.output
        line = one_error_line(result)
        assert "nothing was changed" in line and str(games_folder(db)) in line, line
        assert database_files(db) == before
        for look in (("status",), ("show",), ("games", "--all")):  # reads still work
            assert cli(*look).exit_code == 0, (look, cli(*look).output)
        assert cli.json("games", "--all") == listed
    assert database_files(db) == before
    after = cli(*change)  # the folder writable again: the change goes through
    assert after.exit_code == 0, after.output


def test_the_refusal_is_made_before_the_commit_point(cli, db, monkeypatch):
    """Where no folder can be made read-only: the system's answer for the games folder is
    refused as a read-only folder's would be, and the change refused the same way."""
    new_game(cli)
    folder = os.fspath(games_folder(db))
    real = os.access

    def access(path, mode, **kwargs):
        if os.fspath(path) == folder and mode & os.W_OK:
            return False
        return real(path, mode, **kwargs)

    before = database_files(db)
    with monkeypatch.context() as patched:
        patched.setattr(os, "access", access)
        result = cli("new", "classic", "--team", "X", "--team", "Y")
        assert result.exit_code == 3
        line = one_error_line(result)
        assert os.strerror(errno.EACCES) in line and "nothing was changed" in line
        assert database_files(db) == before
    assert cli.json("status")["game"] == 1


def test_a_stored_change_that_cannot_be_put_in_place_says_so(cli, db, monkeypatch):
    """A folder made read-only between the check and the renames (or a kill there, then the
    folder made read-only): the change is stored, its journal written; every command until the
    folder is writable again says what is stored, which file the system refuses, and what to
    do, never "cannot write" the database file."""
    from scorekeeper.storage import files

    new_game(cli)
    with read_only(games_folder(db)):
        with monkeypatch.context() as patched:
            patched.setattr(files, "check_folders_take", lambda folders, temporaries: None)
            made = cli("new", "classic", "--team", "X", "--team", "Y")
        assert made.exit_code == 0 and "the next command completes it" in made.stderr
        for command in (("status",), ("games",), ("backups",), ("hand", "--yes", "m=50", "m=60")):
            result = cli(*command)
            assert result.exit_code == 3, result.output
            line = one_error_line(result)
            assert "is stored but not yet in place" in line and str(games_folder(db)) in line
            assert f"cannot write {db}" not in line
    assert cli.json("status")["game"] == 2  # completed by the first command once writable
    assert cli("hand", "--yes", "m=50", "m=60").exit_code == 0


def test_a_games_folder_bound_from_elsewhere_is_refused_before_the_commit_point(cli, db):
    """A writable folder bound over the games folder (``mount --bind``) shares the device of
    the database's folder, yet a rename into it is refused (EXDEV): the change of several
    files is refused before its commit point (red team round 15b: it was reported stored,
    then every command failed)."""
    if os.geteuid() != 0:
        pytest.skip("needs root to bind a folder")
    new_game(cli)
    elsewhere = db.parent / "elsewhere"
    elsewhere.mkdir()
    folder = games_folder(db)
    for file in folder.iterdir():
        (elsewhere / file.name).write_bytes(file.read_bytes())
    bound = subprocess.run(["mount", "--bind", str(elsewhere), str(folder)], capture_output=True)
    if bound.returncode != 0:
        pytest.skip(f"cannot bind a folder here: {bound.stderr.decode().strip()}")
    try:
        before = database_files(db)
        result = cli("new", "classic", "--team", "X", "--team", "Y")
        assert result.exit_code == 3, result.output
        line = one_error_line(result)
        assert str(folder) in line and "nothing was changed" in line
        assert database_files(db) == before
        assert cli.json("status")["game"] == 1
    finally:
        subprocess.run(["umount", str(folder)], capture_output=True, check=True)


def test_a_schema_update_into_a_read_only_games_folder_names_it_and_keeps_no_backup(cli, db):
    """Red team round 15b: the update of a schema-1 file named a temporary file already gone
    ("the system refused (.db.json~game-1-....tmp: Invalid cross-device link)") and kept a
    "before a schema update" backup of a change that never happened."""
    import shutil

    fixtures = Path(__file__).parent / "fixtures"
    shutil.copyfile(fixtures / "schema-1.json", db)
    folder = games_folder(db)
    folder.mkdir()
    before = db.read_bytes()
    with read_only(folder):
        result = cli("status")
        assert result.exit_code == 3, result.output
        line = one_error_line(result)
        assert str(folder) in line and "nothing was changed" in line and ".tmp" not in line
        assert db.read_bytes() == before and list(folder.iterdir()) == []
        backups = db.with_name(db.name + ".backups")
        assert not backups.exists() or list(backups.iterdir()) == []
    assert cli("status").exit_code == 0  # the folder writable again: the update is made


def new_game_killed_after_its_commit_point(cli, monkeypatch) -> None:
    """``new`` as a kill right after its commit point leaves it: the journal written, neither
    the change nor its backup put in place, no backup let go."""
    from scorekeeper.storage import database, files

    with monkeypatch.context() as patched:
        patched.setattr(files, "_complete_committed", lambda path, durable: None)
        patched.setattr(files, "put_backups_in_place", lambda backups, durable: None)
        patched.setattr(database, "put_backups_in_place", lambda backups, durable: None)
        patched.setattr(database, "rotate_backups", lambda path, newest, kept: None)
        assert cli("new", "classic", "--team", "X", "--team", "Y").exit_code == 0


def test_a_change_completed_by_the_next_command_rotates_the_backups(cli, db, monkeypatch):
    """Red team round 15b: after a kill between the journal and the renames, the next command
    put the change and its backup in place but left one backup too many."""
    from scorekeeper.storage import files
    from scorekeeper.storage.backups import BACKUPS_KEPT

    new_game(cli)
    for points in range(50, 50 + 10 * (BACKUPS_KEPT + 2), 10):
        assert cli("hand", "--yes", f"m={points}", "m=50").exit_code == 0
    assert len(cli.json("backups")["backups"]) == BACKUPS_KEPT
    new_game_killed_after_its_commit_point(cli, monkeypatch)
    assert files.journal_file(db).exists()
    assert cli.json("status")["game"] == 2  # completed by the next command
    assert not files.journal_file(db).exists()
    assert len(cli.json("backups")["backups"]) == BACKUPS_KEPT


def test_a_reader_completing_a_change_warns_when_the_backups_cannot_be_let_go(cli, db, monkeypatch):
    """Red team round 17: a reader that completed a killed change with a backups folder it
    could not list kept one backup too many, in silence."""
    import errno

    from scorekeeper.storage import backups, database, files

    new_game(cli)
    new_game_killed_after_its_commit_point(cli, monkeypatch)

    def refused(*args, **kwargs):
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))

    with monkeypatch.context() as patched:
        patched.setattr(backups, "list_backups", refused)
        patched.setattr(database, "list_backups", refused)
        result = cli("status")
    assert result.exit_code == 0 and not files.journal_file(db).exists()
    told = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(told) == 1 and told[0].startswith("Warning: the change is stored, but the oldest")

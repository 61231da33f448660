"""What a command says matches what it stored, at and after its commit point (issue 18,
points 1 and 9, found again with inputs the first tests did not try):

- a Ctrl-C that arrives while the commit rename is being made (the signal lands during the
  system call, and is delivered once it returns) says the change is stored, and it is;
- a write the system refuses after the commit point (the journal is in place) leaves the change
  stored and says so, never "nothing was changed";
- a journal whose entries reach outside the database's own files is refused untouched;
- a system refusal anywhere (standard output on a full disk, a symbolic-link loop) is a clear
  line with exit 3 before the commit point and a warning with exit 0 after it, never
  "unexpected internal error".
"""

from __future__ import annotations

import errno
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.storage.database import game_file

SCRIPT = Path(sys.executable).with_name("scorekeeper")


def start(cli) -> None:
    assert cli("new", "classic", "--team", "Ann", "--team", "Bob").exit_code == 0


def games(cli) -> list[int]:
    return [g["game"] for g in cli.json("games")["games"]]


def interrupt_during(patch, name_ends: str) -> None:
    """Make the rename over a file whose name ends with ``name_ends`` take a Ctrl-C: the
    signal is sent while the rename is made, as a key pressed then would be."""
    real = os.replace

    def replace(src, dst, *args, **kwargs):
        real(src, dst, *args, **kwargs)
        if str(dst).endswith(name_ends):
            signal.raise_signal(signal.SIGINT)  # to this thread, as in the one-thread CLI

    patch.setattr(os, "replace", replace)


def test_a_ctrl_c_at_the_journals_rename_says_stored_and_the_game_is_there(cli, db, monkeypatch):
    start(cli)
    with monkeypatch.context() as patch:
        interrupt_during(patch, ".journal")
        result = cli("new", "classic", "--team", "Cat", "--team", "Dan")
    assert result.exit_code == 0, result.output
    assert "Interrupted after the game was stored" in result.stderr
    assert games(cli) == [2, 1]
    assert cli.json("status")["game"] == 2


def test_a_ctrl_c_at_a_hands_rename_says_stored_and_the_hand_is_there(cli, db, monkeypatch):
    start(cli)
    with monkeypatch.context() as patch:
        interrupt_during(patch, "1.json")
        result = cli("hand", "--yes", "m=50", "m=50")
    assert result.exit_code == 0, result.output
    assert "Interrupted after the hand was stored" in result.stderr
    assert len(cli.json("show")["hands"]) == 1


def test_a_refused_write_after_the_journal_leaves_the_change_stored(cli, db, monkeypatch):
    start(cli)
    real = os.replace

    def replace(src, dst, *args, **kwargs):
        if Path(dst) == db:  # the database file: put in place after the journal
            raise OSError(errno.EIO, "Input/output error", str(dst))
        real(src, dst, *args, **kwargs)

    with monkeypatch.context() as patch:
        patch.setattr(os, "replace", replace)
        result = cli("new", "classic", "--team", "Cat", "--team", "Dan")
    assert result.exit_code == 0, result.output
    assert "nothing was changed" not in result.output
    assert "the change is stored" in result.stderr and "next command completes it" in result.stderr
    assert games(cli) == [2, 1]  # the next command put the files in place
    assert cli.json("status")["game"] == 2
    assert not db.with_name(db.name + ".journal").exists()


@pytest.mark.parametrize(
    "entry",
    [
        {"renames": [["../outside.txt", "s.json.games/1.json"]], "removals": []},
        {"renames": [], "removals": ["VICTIM"]},
        {"renames": [], "removals": ["../victim.txt"]},
        {"renames": [[".scores.json~abc.tmp", "../victim.txt"]], "removals": []},
        {"renames": [[".scores.json~abc.tmp", "scores.json.backups/x.json"]], "removals": []},
    ],
)
def test_a_journal_reaching_outside_the_database_is_refused_untouched(cli, db, tmp_path, entry):
    start(cli)
    victim = tmp_path.parent / "victim.txt"
    victim.write_text("precious", encoding="utf-8")
    (tmp_path.parent / "outside.txt").write_text("other", encoding="utf-8")
    (tmp_path / ".scores.json~abc.tmp").write_text("other", encoding="utf-8")
    text = (
        json.dumps(entry).replace("VICTIM", str(victim)).replace("s.json.games", db.name + ".games")
    )
    journal = db.with_name(db.name + ".journal")
    journal.write_text(text, encoding="utf-8")
    game = game_file(db, 1).read_bytes()
    for command in (("games",), ("status",), ("new", "classic", "--team", "C", "--team", "D")):
        result = cli(*command)
        assert result.exit_code == 3, (command, result.output)
        assert "journal" in result.stderr and "Traceback" not in result.output
    assert victim.read_text(encoding="utf-8") == "precious"
    assert game_file(db, 1).read_bytes() == game and journal.read_text(encoding="utf-8") == text


def test_a_symbolic_link_loop_for_a_game_file_is_a_clear_refusal(cli, db):
    start(cli)
    file = game_file(db, 1)
    file.unlink()
    file.symlink_to(file.name)  # the file is a link to itself
    for command in (("new", "classic", "--team", "C", "--team", "D"), ("stats",), ("games",)):
        result = cli(*command)
        assert result.exit_code == 3, (command, result.output)
        assert str(file) in result.stderr and "internal error" not in result.output
    assert file.is_symlink()


@pytest.mark.skipif(not Path("/dev/full").exists() or not SCRIPT.exists(), reason="no /dev/full")
def test_standard_output_on_a_full_disk_after_the_hand_is_stored(tmp_path):
    env = {**os.environ, "SCOREKEEPER_DB": str(tmp_path / "s.json"), "SCOREKEEPER_LANG": "en"}

    def run(*args, out=subprocess.PIPE):
        return subprocess.run(
            [str(SCRIPT), *args], env=env, stdout=out, stderr=subprocess.PIPE, text=True
        )

    assert run("new", "classic", "--team", "Ann", "--team", "Bob").returncode == 0
    with open("/dev/full", "w") as full:
        stored = run("hand", "--yes", "m=100 h=5", "m=90 h=20", out=full)
        read = run("games", out=full)
    # stored: exit 0 (a script must not record it again) and a warning saying so
    assert stored.returncode == 0, stored.stderr
    assert "No space left on device" in stored.stderr and "the hand was stored" in stored.stderr
    assert json.loads(run("show", "--json").stdout)["hands"][0]
    # nothing stored: exit 3 and one error line
    assert read.returncode == 3, read.stderr
    assert read.stderr.startswith("Error: ") and "internal error" not in read.stderr


def test_a_journal_naming_a_link_or_a_folder_as_its_file_is_refused(cli, db, tmp_path):
    start(cli)
    outside = tmp_path.parent / "outside.json"
    outside.write_text("{}", encoding="utf-8")
    for kind in ("link", "folder"):
        source = tmp_path / f".{db.name}~game-4-{kind}.tmp"
        if kind == "link":
            source.symlink_to(outside)
        else:
            source.mkdir()
        journal = db.with_name(db.name + ".journal")
        entry = {"renames": [[source.name, f"{db.name}.games/4.json"]], "removals": []}
        journal.write_text(json.dumps(entry), encoding="utf-8")
        result = cli("games")
        assert result.exit_code == 3 and "journal" in result.stderr, result.output
        assert not game_file(db, 4).exists() and not game_file(db, 4).is_symlink()
        journal.unlink()
        source.unlink() if kind == "link" else source.rmdir()


def test_a_folder_that_cannot_be_synced_after_the_change_is_a_warning(cli, db, monkeypatch):
    import stat as modes

    start(cli)
    real = os.fsync

    def fsync(fd):
        if modes.S_ISDIR(os.fstat(fd).st_mode):
            raise OSError(errno.EIO, "Input/output error")
        real(fd)

    with monkeypatch.context() as patch:
        patch.setattr(os, "fsync", fsync)
        result = cli("hand", "--yes", "m=50", "m=50")
    assert result.exit_code == 0, result.output
    assert "could not be synced" in result.stderr and "the change is stored" in result.stderr
    assert len(cli.json("show")["hands"]) == 1


def test_an_index_whose_lines_are_out_of_order_still_lists_every_game(cli, db):
    for teams in (("A", "B"), ("C", "D"), ("E", "F")):
        assert cli("new", "classic", "--team", teams[0], "--team", teams[1]).exit_code == 0
    assert sorted(games(cli)) == [1, 2, 3]
    assert cli("games", "--all").exit_code == 0  # the index is written
    index = db.with_name(db.name + ".index.json")
    header, *lines = index.read_bytes().splitlines()
    index.write_bytes(b"\n".join([header, *reversed(lines)]) + b"\n")  # oldest first now
    listed = [g["game"] for g in cli.json("games", "--all")["games"]]
    assert sorted(listed) == [1, 2, 3]


def backup_names(db: Path) -> list[str]:
    folder = db.with_name(db.name + ".backups")
    return sorted(p.name for p in folder.iterdir()) if folder.is_dir() else []


def play_hands(cli, count: int) -> None:
    for _ in range(count):
        assert cli("hand", "--yes", "m=50", "m=50").exit_code == 0


@pytest.mark.parametrize("at", ["the backup's write", "the hand's rename, refused"])
def test_a_change_that_did_not_happen_adds_no_backup_and_drops_none(cli, db, monkeypatch, at):
    """A Ctrl-C once the backup a change keeps is written (pending: it is put in place only
    after the commit point), or a write the system refuses after it, leaves the backups as
    they were: the change did not happen, so the copy of the files as they still are is
    removed again and no older backup is rotated away (ten backups are kept: README,
    "Backups")."""
    from scorekeeper.storage import backups as backups_module

    start(cli)
    play_hands(cli, 11)  # eleven changes after the first: ten backups, the rotation full
    before = backup_names(db)
    assert len(before) == 10
    real = os.replace

    def replace(src, dst, *args, **kwargs):
        if at == "the hand's rename, refused" and Path(dst) == game_file(db, 1):
            raise OSError(errno.ENOSPC, "No space left on device", str(dst))
        real(src, dst, *args, **kwargs)

    real_pending = backups_module.write_pending_backup

    def pending(target, content):
        real_pending(target, content)
        if at == "the backup's write":
            signal.raise_signal(signal.SIGINT)  # to this thread, as in the one-thread CLI

    with monkeypatch.context() as patch:
        patch.setattr(os, "replace", replace)
        patch.setattr(backups_module, "write_pending_backup", pending)
        result = cli("hand", "--yes", "m=50", "m=50")
    assert result.exit_code in (3, 130), result.output
    assert "nothing was changed" in result.stderr
    assert len(cli.json("show")["hands"]) == 11
    assert backup_names(db) == before
    play_hands(cli, 1)  # the next change rotates as ever: the oldest goes, one comes
    after = backup_names(db)
    assert len(after) == 10 and after[:-1] == before[1:]

"""The storage gaps a red team found in round 5 (issue 18: nothing lost, nothing misreported).

1. a lock file removed while a command holds it lets two commands change the database;
2. a schema-1 database file next to an existing games folder (or a journal putting one back)
   replaces game files no backup holds;
3. a backup file larger than any backup is read whole;
4. the name bounds (100 characters, no control or separator characters) are not applied to a
   game coming in by import, restore or schema update;
5. a journal's "kept" backup that is a raw copy of a readable game file lets it remove that game;
6. an index line resealed with an escape character in a name, or a created date that is no
   date, is believed.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from conftest import Cli, new_game

from scorekeeper.storage.index import entry_line
from scorekeeper.storage.store import open_store

FIXTURES = Path(__file__).parent / "fixtures"


def game_files(db: Path) -> dict[str, bytes]:
    folder = db.with_name(db.name + ".games")
    return {p.name: p.read_bytes() for p in sorted(folder.glob("*.json"))}


def hands_of(cli: Cli, game: int = 1) -> int:
    return int(cli.json("show", str(game))["hands_played"])


def three_games(cli: Cli) -> None:
    for team in ("Ann", "Eve", "Gil"):
        result = cli("new", "classic", "--team", team, "--team", team + "2")
        assert result.exit_code == 0, result.output
        result = cli("hand", "--yes", "m=50", "m=50")
        assert result.exit_code == 0, result.output


# -- 1: the lock --------------------------------------------------------------------------------

PAUSED_HAND = """
import sys, time
from pathlib import Path
from scorekeeper import progress

flags = Path(sys.argv[1])

def pause(kind, path):
    progress.before_file_change = None
    (flags / "paused").touch()
    while not (flags / "go").exists():
        time.sleep(0.01)

progress.before_file_change = pause
sys.argv = ["scorekeeper", *sys.argv[2:]]
from scorekeeper.__main__ import main
main()
"""


def test_a_lock_file_removed_while_held_never_lets_two_commands_record(
    cli: Cli, db: Path, tmp_path: Path
) -> None:
    """Command A holds the lock and is about to write; the lock file is removed and command B
    records a hand. Every command that says "Hand 1" must have its hand stored: A, whose lock
    no longer keeps anyone out, refuses (exit 3, nothing changed) instead of writing over B's."""
    new_game(cli)
    flags = tmp_path / "flags"
    flags.mkdir()
    a = subprocess.Popen(
        [sys.executable, "-c", PAUSED_HAND, str(flags), "hand", "--yes", "m=5", "m=5"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 60
        while not (flags / "paused").exists():
            assert a.poll() is None, a.communicate()
            assert time.monotonic() < deadline
            time.sleep(0.01)
        Path(str(db) + ".lock").unlink()
        b = cli("hand", "--yes", "m=10", "m=10")
        (flags / "go").touch()
        out, err = a.communicate(timeout=60)
    finally:
        if a.poll() is None:
            a.kill()
    assert b.exit_code == 0, b.output
    assert a.returncode == 3, (out, err)
    assert "lock file" in err and "nothing was changed" in err, err
    assert len(err.strip().splitlines()) == 1, err
    reported = [b.exit_code == 0, a.returncode == 0].count(True)
    assert hands_of(cli) == reported == 1
    assert os.path.exists(str(db) + ".lock")  # never removed by a command


def test_a_lock_taken_on_a_removed_lock_file_is_taken_again(db: Path) -> None:
    """A command waits on the lock file; it is removed and a new one (held by another command)
    takes its place; when the old one is let go, the waiting command must not go in: the lock
    it got keeps no one out. It goes in once the file the path names is let go."""
    import fcntl

    db.parent.mkdir(parents=True, exist_ok=True)
    lock = str(db) + ".lock"
    old = os.open(lock, os.O_RDWR | os.O_CREAT)
    fcntl.flock(old, fcntl.LOCK_EX)
    new = -1
    entered = threading.Event()
    leave = threading.Event()

    def waiting() -> None:
        with open_store(db, write=True):
            entered.set()
            leave.wait(30)

    thread = threading.Thread(target=waiting)
    thread.start()
    try:
        time.sleep(0.2)  # the thread has opened the old file and waits on it
        os.unlink(lock)
        new = os.open(lock, os.O_RDWR | os.O_CREAT)
        fcntl.flock(new, fcntl.LOCK_EX)
        fcntl.flock(old, fcntl.LOCK_UN)
        assert not entered.wait(0.6), "went in on a lock file no longer in place"
        fcntl.flock(new, fcntl.LOCK_UN)
        assert entered.wait(5)
    finally:
        leave.set()
        thread.join(30)
        os.close(old)
        if new >= 0:
            os.close(new)
    assert not thread.is_alive()


# -- 2: a schema-1 file beside game files -------------------------------------------------------


def test_a_schema_1_file_beside_game_files_replaces_none_of_them(cli: Cli, db: Path) -> None:
    three_games(cli)
    before = game_files(db)
    shutil.copy(FIXTURES / "schema-1.json", db)
    database = db.read_bytes()
    result = cli("games", "--all")
    assert result.exit_code == 3, result.output
    assert "nothing was changed" in result.output and "Traceback" not in result.output
    assert game_files(db) == before  # games 1 and 2 as they were
    assert db.read_bytes() == database  # the schema-1 file too, for the user to move away


def test_an_interrupted_schema_update_is_still_completed(cli: Cli, db: Path) -> None:
    """A schema update a kill stopped after writing some game files (the same ones it writes
    again) completes: the refusal above is only for game files it did not write."""
    from scorekeeper import progress

    shutil.copy(FIXTURES / "schema-1.json", db)
    calls: list[str] = []

    def stop(kind: str, path: Path) -> None:
        calls.append(kind)
        if kind == "rename" and path.name == "2.json":
            raise KeyboardInterrupt

    progress.before_file_change = stop
    try:
        cli("games", "--all")
    finally:
        progress.before_file_change = None
    assert (db.with_name(db.name + ".games") / "1.json").exists()
    result = cli("games", "--all", "--json")
    assert result.exit_code == 0, result.output
    assert [g["game"] for g in json.loads(result.stdout)["games"]] == [2, 1]


def test_a_journal_never_puts_a_schema_1_file_over_the_database(cli: Cli, db: Path) -> None:
    three_games(cli)
    before = game_files(db)
    database = db.read_bytes()
    tmp = db.parent / f".{db.name}~evil.tmp"
    shutil.copy(FIXTURES / "schema-1.json", tmp)
    journal = db.with_name(db.name + ".journal")
    journal.write_text(json.dumps({"renames": [[tmp.name, db.name]], "removals": [], "kept": []}))
    result = cli("games", "--all")
    assert result.exit_code == 3, result.output
    assert "journal" in result.output
    assert game_files(db) == before
    assert db.read_bytes() == database


# -- 3: backups past the bound ------------------------------------------------------------------


def padded_backup(cli: Cli, db: Path, kind: str, size: int) -> Path:
    """A valid backup holding game 1 (and the ``meta``), padded with spaces to ``size`` bytes."""
    meta = json.loads(db.read_text())["meta"]
    game = json.loads(next(iter(game_files(db).values())))["games"]
    content = json.dumps({"meta": meta, "games": game}).encode()
    target = db.with_name(db.name + ".backups") / f"20200101T000000.000000Z-{kind}.json"
    target.parent.mkdir(exist_ok=True)
    target.write_bytes(content + b" " * (size - len(content)))
    return target


@pytest.fixture
def small_backups(monkeypatch: pytest.MonkeyPatch) -> int:
    """The bound of a backup's size made small (a real one is 256 MiB)."""
    from scorekeeper.storage import database, files

    monkeypatch.setattr(files, "BACKUP_LIMIT", 64 * 1024, raising=False)
    monkeypatch.setattr(database, "BACKUP_LIMIT", 64 * 1024, raising=False)
    return 64 * 1024


def test_a_backup_past_the_bound_is_listed_damaged_unread(
    cli: Cli, db: Path, small_backups: int
) -> None:
    new_game(cli)
    big = padded_backup(cli, db, "restore", small_backups * 2)
    rows = {r["file"]: r for r in cli.json("backups")["backups"]}
    assert rows[big.name]["error"] is not None
    assert "larger than" in rows[big.name]["error"]
    result = cli("backups")
    assert result.exit_code == 0, result.output


def test_a_journal_keeping_a_backup_past_the_bound_removes_nothing(
    cli: Cli, db: Path, small_backups: int
) -> None:
    new_game(cli)
    before = game_files(db)
    big = padded_backup(cli, db, "restore", small_backups * 2)
    journal = db.with_name(db.name + ".journal")
    listed = {
        "renames": [],
        "removals": [f"{db.name}.games/1.json"],
        "kept": [f"{big.parent.name}/{big.name}"],
    }
    journal.write_text(json.dumps(listed))
    result = cli("games", "--all")
    assert result.exit_code == 3, result.output
    assert game_files(db) == before


# -- 4: name bounds on every way in -------------------------------------------------------------

LONG = "N" * 101


def test_an_import_with_a_name_past_the_bound_is_refused(cli: Cli, db: Path) -> None:
    new_game(cli)
    export = db.parent / "e.json"
    assert cli("export", "1", "--format", "json", "-o", str(export)).exit_code == 0
    doc = json.loads(export.read_text())
    doc["record"]["sides"][0]["name"] = LONG
    doc["teams"][0]["team"] = LONG
    export.write_text(json.dumps(doc))
    before = game_files(db)
    result = cli("import", str(export))
    assert result.exit_code != 0, result.output
    assert "at most 100" in result.output, result.output
    assert game_files(db) == before


@pytest.mark.parametrize("name", [LONG, "A\u2028B", "A\u202eB"])
def test_a_restore_with_a_bad_name_is_refused(cli: Cli, db: Path, name: str) -> None:
    new_game(cli)
    assert cli("hand", "--yes", "m=50", "m=50").exit_code == 0
    backup = cli.json("backups")["backups"][0]
    path = db.with_name(db.name + ".backups") / backup["file"]
    data = json.loads(path.read_text())
    data["games"]["1"]["sides"][0]["name"] = name
    path.write_text(json.dumps(data))
    before = game_files(db), db.read_bytes()
    result = cli("backups", "restore", "1", "--yes")
    assert result.exit_code == 3, result.output
    assert "holds a game 1" in result.output, result.output
    assert (game_files(db), db.read_bytes()) == before


def test_a_schema_update_with_a_name_past_the_bound_is_refused(cli: Cli, db: Path) -> None:
    data = json.loads((FIXTURES / "schema-1.json").read_text())
    data["games"]["1"]["sides"][0]["name"] = "N" * 150
    db.write_text(json.dumps(data))
    before = db.read_bytes()
    result = cli("games", "--all")
    assert result.exit_code == 3, result.output
    assert "beyond the bounds" in result.output, result.output
    assert db.read_bytes() == before
    assert not db.with_name(db.name + ".games").exists()


# -- 5: a kept backup must be one a restore puts back --------------------------------------------


@pytest.mark.parametrize("how", ["copy-damaged", "link-restore"])
def test_a_journal_keeping_a_raw_game_file_removes_nothing(cli: Cli, db: Path, how: str) -> None:
    new_game(cli)
    folder = db.with_name(db.name + ".backups")
    folder.mkdir(exist_ok=True)
    game = db.with_name(db.name + ".games") / "1.json"
    if how == "copy-damaged":
        kept = folder / "20200101T000000.000000Z-damagedXYZ.json"
        shutil.copy(game, kept)
    else:
        kept = folder / "20200101T000000.000000Z-restore.json"
        os.link(game, kept)
    before = game_files(db)
    journal = db.with_name(db.name + ".journal")
    listed = {
        "renames": [],
        "removals": [f"{db.name}.games/1.json"],
        "kept": [f"{folder.name}/{kept.name}"],
    }
    journal.write_text(json.dumps(listed))
    result = cli("games", "--all")
    assert result.exit_code == 3, result.output
    assert "journal" in result.output
    assert game_files(db) == before


# -- 6: index lines held to the text checks ------------------------------------------------------


def reseal(db: Path, change: Any) -> None:
    """Change the summary of every line of the index and seal each line again."""
    index = db.with_name(db.name + ".index.json")
    lines = index.read_bytes().splitlines(keepends=True)
    out = [lines[0]]
    for line in lines[1:]:
        if not line.strip():
            out.append(line)
            continue
        _seal, game_id, identity, digest, summary = json.loads(line)
        change(summary)
        import msgspec

        raw = msgspec.Raw(json.dumps(summary, ensure_ascii=False).encode())
        out.append(entry_line(game_id, identity, digest, raw))
    index.write_bytes(b"".join(out))


@pytest.mark.parametrize(
    "change",
    [
        lambda s: s[9][0].__setitem__(0, "\x1b[2JAnn"),
        lambda s: s[9][0].__setitem__(0, "Ann\u202e"),
        lambda s: s.__setitem__(3, "\x1b]52;c;aGk=\x07"),
        pytest.param(
            lambda s: s.__setitem__(0, "garbage"),
            marks=pytest.mark.xfail(
                strict=True,
                reason="a time sealed again by hand as other plain text is believed: looking"
                " at every line's times costs every whole-history listing (README, caches)",
            ),
        ),
    ],
    ids=["escape-in-name", "bidi-in-name", "escape-in-label", "created-garbage"],
)
def test_an_index_line_resealed_with_odd_text_is_not_believed(
    cli: Cli, db: Path, change: Any
) -> None:
    result = cli("new", "classic", "--team", "Ann", "--team", "Bob", "--label", "club")
    assert result.exit_code == 0, result.output
    truth = cli.json("games", "--all")["games"]
    reseal(db, change)
    assert cli.json("games", "--all")["games"] == truth
    stats = cli("stats")
    assert stats.exit_code == 0 and "\x1b" not in stats.output and "\u202e" not in stats.output

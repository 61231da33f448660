"""A backup counts only once the change it was kept for is stored (issue 18, red team, point
10). ``new``, ``import`` and ``backups restore`` killed (SIGKILL) before each of their renames
in turn leave, once the next change ran, exactly one more backup per change that was stored
and none for a change that was not; every backup listed can be read; no pending backup is left.
Before, a kill after the backup was put in place but before the commit point left a copy of the
current state counted among the 10 kept, rotating a real one away."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import new_game
from test_export_atomic import needs_strace, traced

from scorekeeper.storage import files
from scorekeeper.storage.backups import list_backups


def kinds(db: Path) -> list[str]:
    return [b.kind for b in list_backups(db)]


def pending(db: Path) -> list[str]:
    folder = files.backup_folder(db)
    return [p.name for p in folder.iterdir() if p.name.endswith(".tmp")] if folder.is_dir() else []


def setup(cli, db: Path, tmp_path: Path, command: str) -> list[str]:
    new_game(cli)
    assert cli("hand", "--yes", "m=50", "m=50").exit_code == 0
    if command == "new":
        return ["new", "classic", "--team", "Cat", "--team", "Dan"]
    if command == "import":
        out = tmp_path / "game.json"
        assert cli("export", "1", "--format", "json", "-o", str(out)).exit_code == 0
        return ["import", str(out), "--again"]
    assert cli("hand", "--yes", "m=50", "m=60").exit_code == 0
    return ["backups", "restore", "1", "--yes"]


@needs_strace
@pytest.mark.parametrize("command", ["new", "import", "restore"])
def test_a_kill_at_each_rename_leaves_a_backup_only_for_a_stored_change(
    cli, db, tmp_path, env, command
):
    args = setup(cli, db, tmp_path, command)
    start = {name: p.read_bytes() for name, p in _every_file(db).items()}
    kind = "restore" if command == "restore" else "write"
    outcomes = set()
    for n in range(1, 16):
        _put_back(db, start)
        before = kinds(db)
        result = traced(f"rename:signal=SIGKILL:when={n}", *args, env=env)
        # the next change repairs what the kill left (a journal to complete, a pending backup)
        repaired = cli("hand", "--yes", "m=50", "m=50")
        assert repaired.exit_code == 0, (n, repaired.output)
        stored = _stored(db, command)
        outcomes.add(stored)
        after = kinds(db)
        # one backup for the repairing hand, one more only for a change that was stored
        expected = {"write": before.count("write") + 1, "restore": before.count("restore")}
        expected[kind] += 1 if stored else 0
        assert {k: after.count(k) for k in expected} == expected, (n, stored, before, after)
        assert not pending(db), (n, pending(db))
        for row in cli.json("backups")["backups"]:
            assert row["error"] is None, (n, row)
        if result.returncode != -9:  # the command ran to its end: every rename was passed
            break
    assert outcomes == {True, False}


def _stored(db: Path, command: str) -> bool:
    """Whether the killed command's change is stored (the repairing hand already added)."""
    if command in ("new", "import"):
        return files.game_file(db, 2).exists()
    hands = json.loads(files.game_file(db, 1).read_bytes())["games"]["1"]["hands"]
    assert len(hands) in (2, 3)
    return len(hands) == 2  # the restore went back to one hand; the repair added one


def _every_file(db: Path) -> dict[str, Path]:
    found = {}
    for p in db.parent.rglob("*"):
        if p.is_file() and not p.name.endswith(".lock"):
            found[str(p.relative_to(db.parent))] = p
    return found


def _put_back(db: Path, start: dict[str, bytes]) -> None:
    for name, p in _every_file(db).items():
        if name not in start and not name.startswith("game.json") and "config" not in name:
            p.unlink()
    for name, content in start.items():
        target = db.parent / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(content)


@needs_strace
@pytest.mark.parametrize("target", ["change", "restore copy"])
def test_a_restore_completed_after_a_kill_keeps_every_write_backup(cli, db, env, target):
    # red team: the next command completing a killed restore took the restore's own copy for
    # the newest backup kept, and rotated a "before a change" one away (10 kept, README)
    new_game(cli)
    for _ in range(10):
        assert cli("hand", "--yes", "m=50", "m=50").exit_code == 0
    assert kinds(db).count("write") == 10
    if target == "restore copy":  # a first restore, then the restore of its own copy
        assert cli("backups", "restore", "3", "--yes").exit_code == 0
        number = next(b["number"] for b in cli.json("backups")["backups"] if b["kind"] == "restore")
    else:
        number = 3
    before = kinds(db)
    stored = False
    for n in range(1, 12):
        start = {name: p.read_bytes() for name, p in _every_file(db).items()}
        result = traced(
            f"rename:signal=SIGKILL:when={n}", "backups", "restore", str(number), "--yes", env=env
        )
        assert cli("games").exit_code == 0  # a reader completes what the kill left
        after = kinds(db)
        if after != before:  # the restore is stored: one restore copy more, every write kept
            stored = True
            assert after.count("write") == before.count("write") == 10, (n, before, after)
            assert after.count("restore") == before.count("restore") + 1, (n, before, after)
        if result.returncode != -9:
            break
        _put_back(db, start)
    assert stored

"""A kill or a Ctrl-C at any file change of a restore into a database of schema 1 loses
nothing and misreports nothing (issue 18: the restore now updates such a database first, so
that the backup it keeps of what it replaces holds the games, which were in the database file).

The same stops as tests/test_fault_injection.py (its helpers): before each file change in turn,
a Ctrl-C in-process and a kill in a forked child; after each, the games, their hands and the
current game are those before the restore or those after it, the backups hold every game of the
schema-1 file, and every command works.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from test_fault_injection import (
    NOTHING,
    copy_tree,
    count_changes,
    every_command_works,
    hook_at,
    observe,
    run_killed,
)

from scorekeeper import progress
from scorekeeper.storage.database import list_backups, read_backup

FIXTURES = Path(__file__).parent / "fixtures"
SAID = "backup 1 is the database"


def build(db: Path) -> dict:
    """The schema-1 fixture (game 1: two hands; game 2, current: one hand) and one backup of
    schema 2 holding game 1 with its first hand only, game 2 current."""
    shutil.copy(FIXTURES / "schema-1.json", db)
    games = json.loads(db.read_bytes())["games"]
    one = dict(games["1"], hands=games["1"]["hands"][:1])
    backup = {
        "meta": {
            "1": {
                "schema": 2,
                "migrations": ["m001_games_and_meta", "m002_one_file_per_game"],
                "current": 2,
                "next_id": 3,
            }
        },
        "games": {"1": one},
    }
    folder = db.with_name(db.name + ".backups")
    folder.mkdir()
    (folder / "20200101T000000.000000Z.json").write_text(json.dumps(backup), encoding="utf-8")
    return games


def every_game_is_kept(db: Path, games: dict) -> None:
    """Each game of the schema-1 file, as it was, is in a game file or a backup."""
    held = [read_backup(b.path).get("games", {}) for b in list_backups(db)]
    folder = db.with_name(db.name + ".games")
    for file in folder.glob("*.json") if folder.is_dir() else ():
        held.append(json.loads(file.read_bytes())["games"])
    for key, doc in games.items():
        assert any(h.get(key, {}).get("hands") == doc["hands"] for h in held), key


def test_a_stop_at_any_step_of_a_restore_into_schema_1_loses_nothing(cli, db):
    args = ("backups", "restore", "1", "--yes")
    games = build(db)
    home = db.parent
    start = home.parent / f"{home.name}-start"
    copy_tree(home, start)
    before = observe(cli)  # the update of the schema is no change of what is stored
    copy_tree(start, home)
    steps, _ = count_changes(cli, args)
    after = observe(cli)
    assert (
        [len(g[3]) for _, g in sorted(after.items())]
        == [1, 1]
        != [len(g[3]) for _, g in sorted(before.items())]
    )
    every_game_is_kept(db, games)
    assert steps >= 3
    for step in range(steps):
        copy_tree(start, home)

        def interrupt() -> None:
            raise KeyboardInterrupt

        progress.before_file_change = hook_at(step, interrupt)
        try:
            result = cli(*args)
        finally:
            progress.before_file_change = None
        now = observe(cli)
        message = result.stderr.strip().splitlines()[-1] if result.stderr.strip() else ""
        assert "Traceback" not in result.output
        if now == before:
            assert (result.exit_code, message) == (130, NOTHING), (step, result.output)
        else:
            assert now == after, (step, result.output)
            assert result.exit_code == 0, (step, result.output)
            assert message.startswith("Interrupted after ") and SAID in message, message
        every_game_is_kept(db, games)
        copy_tree(start, home)
        run_killed(cli, args, step)
        assert observe(cli) in (before, after), step
        every_game_is_kept(db, games)
        for backup in list_backups(db):
            assert read_backup(backup.path) is not None, (step, backup.path.name)
    every_command_works(cli)

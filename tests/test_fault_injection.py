"""A kill or a Ctrl-C before any file change of any command loses nothing and misreports
nothing (issue 18, "Tests": fault injection; points 1, 2 and 7).

Every command that changes the database is run from the same starting state again and again,
stopped before its first file change, then before its second, and so on
(:data:`scorekeeper.progress.before_file_change`, the write layer's test hook): once by a
Ctrl-C (KeyboardInterrupt raised there, in-process) and once by a kill (the command runs in a
forked child that ends with ``os._exit`` there, so no clean-up code of the command runs).
After each stop the next commands repair or complete what was left: the games, their hands and
the current game must be exactly those before the command or exactly those after it (every
change reported stored is there exactly once, a change reported not stored is not there at
all), every command must work, and a Ctrl-C's message must say which of the two happened.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import PARTNERSHIPS, Cli

from scorekeeper import progress
from scorekeeper.storage.database import list_backups, read_backup

FIXTURES = Path(__file__).parent / "fixtures"
NOTHING = "Interrupted: nothing was changed."


class Stop(Exception):
    """Where a run stopped."""


def build_base(cli: Cli, db: Path) -> None:
    """Game 1 (current, three hands, the last undone), game 2 (deleted), game 3 (two hands)."""
    ok = [
        ("new", "classic", *PARTNERSHIPS),
        ("hand", "--yes", "--note", "g1h1", "m=50", "m=50"),
        ("hand", "--yes", "--note", "g1h2", "m=60", "m=60"),
        ("hand", "--yes", "--note", "g1h3", "m=70", "m=70"),
        ("undo", "--yes"),
        ("new", "classic", "--team", "Eve", "--team", "Fay"),
        ("delete", "2", "--yes"),
        ("new", "classic", "--team", "Gil", "--team", "Hal"),
        ("hand", "--yes", "--note", "g3h1", "m=50", "m=50"),
        ("hand", "--yes", "--note", "g3h2", "m=50", "m=50"),
        ("resume", "1"),
    ]
    for args in ok:
        result = cli(*args)
        assert result.exit_code == 0, (args, result.output)
    export = db.parent / "export-3.json"
    result = cli("export", "3", "--format", "json", "-o", str(export))
    assert result.exit_code == 0, result.output


def build_schema_1(cli: Cli, db: Path) -> None:
    shutil.copy(FIXTURES / "schema-1.json", db)


def build_migrated(cli: Cli, db: Path) -> None:
    """The schema 1 fixture, updated (its "before a schema update" backup is kept), then a
    hand and a game more: restoring that backup (number 3) takes both away."""
    shutil.copy(FIXTURES / "schema-1.json", db)
    for args in (
        ("status",),
        ("hand", "--yes", "--note", "after", "m=50", "m=50", "-"),
        ("new", "classic", "--team", "Kim", "--team", "Lou"),
    ):
        result = cli(*args)
        assert result.exit_code == 0, (args, result.output)
    kinds = [b["kind"] for b in cli.json("backups")["backups"]]
    assert kinds[2] == "migration", kinds


#: name -> (how the database is built, the command, what a Ctrl-C after its commit point says)
SCENARIOS: dict[str, tuple[Callable[[Cli, Path], None], tuple[str, ...], str | None]] = {
    "hand": (
        build_base,
        ("hand", "--yes", "--note", "new", "m=90", "m=90"),
        "hand 3 of game 1 is recorded",
    ),
    "edit": (build_base, ("edit", "1", "--yes", "m=120", "m=90"), "hand 1 of game 1 is re-entered"),
    "undo": (build_base, ("undo", "--yes"), "hand 2 of game 1 is taken back"),
    "redo": (build_base, ("redo", "--yes"), "hand 3 of game 1 is put back"),
    "delete current": (build_base, ("delete", "1", "--yes"), "game 1 is deleted"),
    "delete other": (build_base, ("delete", "3", "--yes"), "game 3 is deleted"),
    "restore": (build_base, ("restore", "2"), "game 2 is restored"),
    "resume": (build_base, ("resume", "3"), "game 3 is the current game"),
    "new": (
        build_base,
        ("new", "classic", "--team", "Ivy", "--team", "Jo"),
        "game 4 is started and current",
    ),
    "rematch": (build_base, ("rematch", "3"), "game 4 is started and current"),
    "import": (build_base, ("import", "{export}", "--again"), "game 4 is imported"),
    "backups restore": (
        build_base,
        ("backups", "restore", "3", "--yes"),
        "backup 3 is the database",
    ),
    "migration": (build_schema_1, ("status",), None),
    "backups restore schema 1": (
        build_migrated,
        ("backups", "restore", "3", "--yes"),
        "backup 3 is the database",
    ),
}


def observe(cli: Cli) -> dict[str, Any]:
    """What the database holds, as the commands show it: every game with its status, its
    hands (by note and score) and which one is current. Checks that the reading commands work."""
    listed = cli("games", "--all", "--status", "all", "--json")
    assert listed.exit_code == 0, listed.output
    games = json.loads(listed.stdout)["games"]
    seen: dict[str, Any] = {}
    for game in games:
        shown = cli("show", str(game["game"]), "--json")
        assert shown.exit_code == 0, shown.output
        sheet = json.loads(shown.stdout)
        hands = [(h["note"], [t["hand_score"] for t in h["teams"]]) for h in sheet["hands"]]
        sides = [t["team"] for t in game["teams"]]
        seen[str(game["game"])] = (game["status"], game["current"], sides, hands)
    result = cli("status")
    assert result.exit_code in (0, 1), result.output  # 1: no current game
    return seen


def every_command_works(cli: Cli) -> None:
    for args in (("status",), ("stats",), ("backups",), ("games",)):
        result = cli(*args)
        assert result.exit_code in (0, 1), (args, result.output)  # 1: no current game
        assert "unexpected" not in result.output


def copy_tree(source: Path, target: Path) -> None:
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(source, target, symlinks=True)


def hook_at(step: int, action: Callable[[], None]) -> Callable[[str, Path], None]:
    calls = [0]

    def hook(kind: str, path: Path) -> None:
        if calls[0] == step:
            action()
        calls[0] += 1

    return hook


def count_changes(cli: Cli, args: tuple[str, ...]) -> tuple[int, Any]:
    calls: list[tuple[str, str]] = []
    progress.before_file_change = lambda kind, path: calls.append((kind, path.name))
    try:
        result = cli(*args)
    finally:
        progress.before_file_change = None
    assert result.exit_code == 0, result.output
    return len(calls), result


def run_killed(cli: Cli, args: tuple[str, ...], step: int) -> None:
    """Run the command in a forked child that dies (``os._exit``) before file change ``step``."""
    pid = os.fork()
    if pid == 0:  # the child: never returns into pytest
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, 1)
            os.dup2(devnull, 2)
            progress.before_file_change = hook_at(step, lambda: os._exit(137))
            cli(*args)
        finally:
            os._exit(0)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) in (0, 137)


_BUILT: dict[str, Path] = {}


def built(cli: Cli, db: Path, build: Callable[[Cli, Path], None], cache: Path) -> None:
    """The database ``build`` makes, built once per test run and copied."""
    if build.__name__ not in _BUILT:
        build(cli, db)
        copy_tree(db.parent, cache / build.__name__)
        _BUILT[build.__name__] = cache / build.__name__
    else:
        copy_tree(_BUILT[build.__name__], db.parent)


@pytest.fixture(scope="module")
def cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("built")


@pytest.mark.parametrize("name", list(SCENARIOS))
def test_a_stop_before_any_file_change_loses_nothing_and_misreports_nothing(cli, db, name, cache):
    build, args, said = SCENARIOS[name]
    built(cli, db, build, cache)
    args = tuple(a.replace("{export}", str(db.parent / "export-3.json")) for a in args)
    home = db.parent
    start = home.parent / f"{home.name}-start"
    copy_tree(home, start)
    before = observe(cli)
    copy_tree(start, home)
    steps, _ = count_changes(cli, args)
    after = observe(cli)
    if said is not None:
        assert after != before  # the command changes what is stored
    assert steps >= 1
    for step in range(steps):
        # Ctrl-C before file change `step`
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
        if now == before and said is not None:
            assert (result.exit_code, message) == (130, NOTHING), (step, result.output)
        else:
            assert now == after, (step, result.output)
            if said is not None:
                assert result.exit_code == 0, (step, result.output)
                assert message.startswith("Interrupted after ") and said in message, message
        # a kill before file change `step`
        copy_tree(start, home)
        run_killed(cli, args, step)
        now = observe(cli)
        assert now in (before, after), step
        for backup in list_backups(db):  # no backup cut short is listed (point 7)
            assert read_backup(backup.path) is not None, (step, backup.path.name)
    every_command_works(cli)


def test_a_ctrl_c_at_the_rename_of_the_game_file_says_the_hand_is_stored(cli, db):
    # issue 18, point 1: the signal lands as the game file is renamed into place
    build_base(cli, db)
    names: list[str] = []

    def hook(kind: str, path: Path) -> None:
        names.append(path.name)
        if kind == "rename" and path.name == "1.json":
            # the rename itself goes ahead: the interrupt is held back until it is marked
            import signal

            progress.before_file_change = None
            signal.raise_signal(signal.SIGINT)  # to this thread, as in the one-thread CLI

    progress.before_file_change = hook
    try:
        result = cli("hand", "--yes", "--note", "late", "m=90", "m=90")
    finally:
        progress.before_file_change = None
    notes = [h["note"] for h in cli.json("show", "1")["hands"]]
    if notes[-1] == "late":
        assert result.exit_code == 0
        assert (
            "Interrupted after the hand was stored: hand 3 of game 1 is recorded." in result.stderr
        )
    else:
        assert result.exit_code == 130 and NOTHING in result.stderr


def test_interrupted_migrations_keep_one_backup_not_one_each(cli, db):
    # issue 18, point 10: each interrupted migration left one more permanent backup
    build_schema_1(cli, db)
    for step in (1, 1, 2):
        progress.before_file_change = hook_at(
            step, lambda: (_ for _ in ()).throw(KeyboardInterrupt)
        )
        try:
            cli("status")
        finally:
            progress.before_file_change = None
    assert cli("status").exit_code == 0
    kept = [b for b in cli.json("backups")["backups"] if b["kind"] == "migration"]
    assert len(kept) == 1


def test_a_ctrl_c_wrapped_in_another_error_is_still_an_interrupt(cli, db):
    # Python wraps a KeyboardInterrupt raised while a class is defined in a RuntimeError:
    # that is a Ctrl-C, not an "unexpected internal error"
    build_base(cli, db)

    def hook(kind: str, path: Path) -> None:
        try:
            raise KeyboardInterrupt
        except KeyboardInterrupt as err:
            raise RuntimeError("Error calling __set_name__") from err

    progress.before_file_change = hook
    try:
        result = cli("hand", "--yes", "m=90", "m=90")
    finally:
        progress.before_file_change = None
    assert (result.exit_code, result.stderr.strip()) == (130, NOTHING)

"""A Ctrl-C that lands on the creation of a temporary file leaves no temporary file behind
(issue 18, red team: ``.scorekeeper.json~game-2-*.tmp``, ``.house.toml~*.tmp``,
``.x.csv~*.tmp`` were left while the command said "Interrupted: nothing was changed.")."""

from __future__ import annotations

import os
import signal
import subprocess
import tempfile
from pathlib import Path

import pytest
from conftest import new_game
from test_export_atomic import needs_strace, script

from scorekeeper.variants import user_variant_dir

INTERRUPTED = "Interrupted: nothing was changed."


def temporaries(*folders: Path) -> list[str]:
    return sorted(
        str(p) for f in folders if f.is_dir() for p in f.iterdir() if p.name.endswith(".tmp")
    )


@pytest.fixture
def interrupt_after_creation(monkeypatch):
    """Make the next temporary file whose name starts with a given prefix be created, then
    Ctrl-C land at once (as a signal delivered on the return of the ``openat``)."""
    real = tempfile.mkstemp
    state: dict[str, str | None] = {"prefix": None}

    def mkstemp(*args, **kwargs):
        made = real(*args, **kwargs)
        prefix = state["prefix"]
        if prefix is not None and os.path.basename(made[1]).startswith(prefix):
            state["prefix"] = None
            signal.raise_signal(signal.SIGINT)  # to this thread, as in the one-thread CLI
        return made

    monkeypatch.setattr(tempfile, "mkstemp", mkstemp)
    return state


@pytest.fixture
def played(cli, db):
    new_game(cli)
    assert cli("hand", "--yes", "m=50", "m=50").exit_code == 0
    assert cli("hand", "--yes", "m=90", "m=50").exit_code == 0


def snapshot(db: Path) -> dict[str, bytes]:
    files = {}
    for root, _dirs, names in os.walk(db.parent):
        for name in names:
            full = Path(root) / name
            if not name.endswith((".index.json", ".stats.json", ".lock")):
                files[str(full)] = full.read_bytes()
    return files


COMMANDS = [
    ("hand", "--yes", "m=50", "m=120"),
    ("edit", "1", "--yes", "m=70", "m=50"),
    ("undo", "--yes"),
    ("delete", "1", "--yes"),
    ("new", "classic", "--team", "Us", "--team", "Them"),
    ("rematch",),
]


@pytest.mark.parametrize("which", ["~game-", "~"])
@pytest.mark.parametrize("command", COMMANDS)
def test_a_ctrl_c_on_a_game_or_database_temporary_leaves_none(
    cli, db, played, interrupt_after_creation, command, which
):
    before = snapshot(db)
    interrupt_after_creation["prefix"] = f".{db.name}{which}"
    result = cli(*command)
    if interrupt_after_creation["prefix"] is not None:
        pytest.skip("this command writes no such temporary file")
    assert result.exit_code == 130, result.output
    assert INTERRUPTED in result.stderr
    assert temporaries(db.parent, db.with_name(db.name + ".games")) == []
    assert snapshot(db) == before


def test_a_ctrl_c_on_the_temporary_of_an_export_leaves_none(
    cli, db, played, tmp_path, interrupt_after_creation
):
    out = tmp_path / "out" / "x.csv"
    out.parent.mkdir()
    interrupt_after_creation["prefix"] = ".x.csv~"
    result = cli("export", "1", "-o", str(out))
    assert result.exit_code == 130, result.output
    assert INTERRUPTED in result.stderr
    assert list(out.parent.iterdir()) == []


def test_a_ctrl_c_on_the_temporary_of_variants_init_force_leaves_none(
    cli, db, interrupt_after_creation
):
    assert cli("variants", "init", "house").exit_code == 0
    folder = user_variant_dir()
    before = (folder / "house.toml").read_bytes()
    interrupt_after_creation["prefix"] = ".house.toml~"
    result = cli("variants", "init", "house", "--force")
    assert result.exit_code == 130, result.output
    assert temporaries(folder) == []
    assert (folder / "house.toml").read_bytes() == before


def test_a_ctrl_c_on_the_temporary_of_a_backups_restore_leaves_none(
    cli, db, played, interrupt_after_creation
):
    before = snapshot(db)
    interrupt_after_creation["prefix"] = f".{db.name}~"
    result = cli("backups", "restore", "1", "--yes")
    assert interrupt_after_creation["prefix"] is None
    assert result.exit_code == 130, result.output
    assert INTERRUPTED in result.stderr
    assert temporaries(db.parent, db.with_name(db.name + ".games")) == []
    assert snapshot(db) == before


# -- through the installed console script: the signal injected on the openat itself --


def creations(trace: str, pattern: str) -> int | None:
    """The number (from 1) of the first ``openat`` of ``trace`` that creates a file whose
    name holds ``pattern``."""
    calls = [line for line in trace.splitlines() if "openat(" in line]
    for n, line in enumerate(calls, start=1):
        if (
            "O_CREAT" in line
            and pattern in line
            and (pattern.endswith("-") or "~game-" not in line)
        ):
            return n
    return None


@needs_strace
@pytest.mark.parametrize("pattern", ["~game-", "~"])
def test_a_ctrl_c_injected_on_the_creation_leaves_no_temporary(cli, db, played, tmp_path, pattern):
    import shutil

    command = [script() or "scorekeeper", "new", "classic", "--team", "Us", "--team", "Them"]
    runs = []
    for name in ("trace", "inject"):
        copy = tmp_path / name
        shutil.copytree(db.parent, copy, symlinks=True, ignore=shutil.ignore_patterns(name))
        runs.append(copy / db.name)
    env = {**os.environ, "NO_COLOR": "1", "SCOREKEEPER_LANG": "en"}
    log = tmp_path / "trace.log"
    subprocess.run(
        ["strace", "-qq", "-o", str(log), "-e", "trace=openat", *command],
        env={**env, "SCOREKEEPER_DB": str(runs[0])},
        capture_output=True,
        timeout=120,
    )
    n = creations(log.read_text(), f".{db.name}{pattern}")
    assert n is not None
    inject = ["-e", "trace=openat", "-e", f"inject=openat:signal=SIGINT:when={n}"]
    result = subprocess.run(
        ["strace", "-qq", "-o", os.devnull, *inject, *command],
        env={**env, "SCOREKEEPER_DB": str(runs[1])},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 130, result.stderr
    assert result.stderr.strip().splitlines()[-1] == INTERRUPTED
    assert temporaries(runs[1].parent, runs[1].with_name(db.name + ".games")) == []

"""Shared fixtures: every test gets its own database and config folder, and a fixed console."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings
from typer.testing import CliRunner

from scorekeeper.cli import app
from scorekeeper.presentation import console as console_module

#: The repository's top folder (the scripts: ``tools/``, ``docs/``, ``benchmarks/``).
ROOT = Path(__file__).resolve().parent.parent


def load_script(relative: str) -> Any:
    """The module of the repository's script at ``relative`` (``tools/completion_table.py``),
    loaded from its file: the scripts are no package."""
    path = ROOT / relative
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None, path
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# No property test has a time limit per example: speed is the benchmark's to measure, and a
# busy machine (the tests run on every core) must not fail a test that holds.
settings.register_profile("scorekeeper", deadline=None)
settings.load_profile("scorekeeper")

#: ``new`` options for two partnerships of two named players (RULES.md §2: partners sit
#: opposite, so the seats are Ann, Cat, Bob, Dan).
PARTNERSHIPS = ("--team", "Ann & Bob", "--team", "Cat & Dan", "--players", "Ann,Bob")
PARTNERSHIPS += ("--players", "Cat,Dan")


@pytest.fixture(autouse=True)
def isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point the database and the user config folder at a temporary folder for every test."""
    db = tmp_path / "scores.json"
    monkeypatch.setenv("SCOREKEEPER_DB", str(db))
    monkeypatch.setenv("SCOREKEEPER_CONFIG", str(tmp_path / "config"))
    monkeypatch.delenv("SCOREKEEPER_DEBUG", raising=False)
    monkeypatch.setenv("SCOREKEEPER_LANG", "en")  # the tests read English unless they say

    def fixed(stderr: bool = False) -> Any:
        import sys

        from rich.console import Console

        return Console(
            file=sys.stderr if stderr else sys.stdout,
            width=100,
            color_system=None,
            force_terminal=False,
            highlight=False,
        )

    monkeypatch.setattr(console_module, "factory", fixed)
    return db


@pytest.fixture(autouse=True)
def ctrl_c_as_python_sets_it():
    """Every test starts with Python's own Ctrl-C handler, whatever the test before it left
    (a command run in the test's process that ends on a Ctrl-C ignores the next): a command
    started with Ctrl-C ignored keeps ignoring it, and so would every console script a test
    starts after a test left it ignored."""
    import signal

    signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, signal.default_int_handler)


@pytest.fixture
def db(isolated: Path) -> Path:
    return isolated


@pytest.fixture
def env(db: Path, tmp_path: Path) -> dict[str, str]:
    """The environment of the installed console script run as a process on ``db``: the test's
    config folder, no colour, English (a module may define its own)."""
    import os

    return {
        **os.environ,
        "SCOREKEEPER_DB": str(db),
        "SCOREKEEPER_CONFIG": str(tmp_path / "config"),
        "NO_COLOR": "1",
        "SCOREKEEPER_LANG": "en",
    }


class Cli:
    """Runs the Typer app in-process and returns the result."""

    def __init__(self) -> None:
        self.runner = CliRunner()

    def __call__(self, *args: str, input: str | None = None) -> Any:
        return self.runner.invoke(app, list(args), input=input)

    def json(self, *args: str, input: str | None = None) -> Any:
        result = self(*args, "--json", input=input)
        assert result.exit_code == 0, result.output
        return json.loads(result.stdout)


@pytest.fixture
def cli() -> Cli:
    return Cli()


def game_doc(db: Path, game_id: int = 1) -> dict[str, Any]:
    """The stored document of a game, read from its file (``<db>.games/<id>.json``)."""
    from scorekeeper.storage.database import game_file

    return json.loads(game_file(db, game_id).read_bytes())["games"][str(game_id)]


def database_files(db: Path) -> dict[str, bytes]:
    """Every file of the database (its file and its game files) by name, to check that a
    refused command changed nothing."""
    from scorekeeper.storage.database import games_folder

    files = {db.name: db.read_bytes()} if db.exists() else {}
    folder = games_folder(db)
    if folder.is_dir():
        files.update({f"games/{p.name}": p.read_bytes() for p in folder.iterdir()})
    return files


def new_game(cli: Any, variant: str = "classic", *starts: int) -> None:
    """Start a game of ``variant`` between "Ann & Bob" and "Cat & Dan" (start scores in side
    order, if any); the command must succeed."""
    args = ["new", variant, "--team", "Ann & Bob", "--team", "Cat & Dan"]
    for s in starts:
        args += ["--start-score", str(s)]
    result = cli(*args)
    assert result.exit_code == 0, result.output


def refused(cli: Any, db: Path, *args: str, code: int = 1, input: str | None = None) -> str:
    """Run a command that must be refused: exit ``code``, one line on stderr starting
    "Error: ", no traceback, and every database file unchanged. Returns that line."""
    before = database_files(db)
    result = cli(*args, input=input)
    assert result.exit_code == code, result.output
    assert database_files(db) == before
    assert "Traceback" not in result.output
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.stderr
    return lines[0]


def put_back_files(db: Path, files: dict[str, bytes]) -> None:
    """Make the database's files those of ``files`` (from :func:`database_files`) again."""
    from scorekeeper.storage.database import games_folder

    folder = games_folder(db)
    if folder.is_dir():
        for p in folder.iterdir():
            p.unlink()
    for name, content in files.items():
        target = folder / name[len("games/") :] if name.startswith("games/") else db
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(content)


def every_command() -> list[list[str]]:
    """Every command of the program as its words (``["variants", "show"]``), in help order:
    the command table of :mod:`scorekeeper.cli`, each group followed by its subcommands."""
    import importlib

    import typer

    from scorekeeper.cli import COMMANDS

    out = []
    for name, (module, attr) in COMMANDS.items():
        out.append([name])
        target = getattr(importlib.import_module(f"scorekeeper.cli.{module}"), attr)
        if isinstance(target, typer.Typer):
            out += [[name, c.name or c.callback.__name__] for c in target.registered_commands]
    return out


@pytest.fixture
def scored(monkeypatch):
    """Counts the games scored (every stored game read goes through ``codec.load_game``)."""
    from scorekeeper.storage import codec

    calls: list[int] = []
    real = codec.load_game

    def counting(path, game_id, doc):
        calls.append(game_id)
        return real(path, game_id, doc)

    monkeypatch.setattr(codec, "load_game", counting)
    return calls

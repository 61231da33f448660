"""Shared fixtures: every test gets its own database and config folder, and a fixed console."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from scorekeeper.cli import app
from scorekeeper.presentation import console as console_module


@pytest.fixture(autouse=True)
def isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point the database and the user config folder at a temporary folder for every test."""
    db = tmp_path / "scores.json"
    monkeypatch.setenv("SCOREKEEPER_DB", str(db))
    monkeypatch.setenv("SCOREKEEPER_CONFIG", str(tmp_path / "config"))
    monkeypatch.delenv("SCOREKEEPER_DEBUG", raising=False)

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


@pytest.fixture
def db(isolated: Path) -> Path:
    return isolated


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

"""Every command has help with an example, and README documents every command."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import every_command

README = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
COMMANDS = every_command()


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_command_help_has_an_example(cli, command):
    result = cli(*command, "--help")
    assert result.exit_code == 0
    assert "Example" in result.output


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_readme_documents_the_command(command):
    assert f"`{' '.join(command)}" in README


def test_readme_gives_the_test_command():
    assert ".venv/bin/python -m pytest" in README

"""The root help lists every command from its own help without building the commands
(converting every command's options was most of the help's time; issue 17): the same lines
as the commands built give, in every language."""

from __future__ import annotations

import pytest
import typer
from typer.testing import CliRunner

from scorekeeper.cli import COMMANDS, app


@pytest.mark.parametrize("lang", ["en", "ja", "tr"])
def test_the_root_help_builds_no_command_and_says_what_each_would(monkeypatch, lang):
    monkeypatch.setenv("SCOREKEEPER_LANG", lang)
    monkeypatch.setenv("COLUMNS", "80")
    real = typer.main.get_command_from_info

    def never(*args: object, **kwargs: object) -> None:
        raise AssertionError("a command was built to list it in the root help")

    monkeypatch.setattr(typer.main, "get_command_from_info", never)
    shown = CliRunner().invoke(app, ["--help"])
    assert shown.exit_code == 0, shown.output
    monkeypatch.setattr(typer.main, "get_command_from_info", real)
    group = typer.main.get_group(app)
    ctx = typer.Context(group, info_name="scorekeeper")
    limit = 80 - 6 - max(len(name) for name in COMMANDS)
    lines = shown.output.splitlines()
    for name in COMMANDS:
        built = group.get_command(ctx, name)
        said = built.get_short_help_str(limit)
        assert said, name
        assert any(line.split() == [name, *said.split()] for line in lines), (name, said)

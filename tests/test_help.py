"""Help that stands alone (issue 15, point 7): metavars that say what goes there, options in
groups, the environment variables, no citation of a README section or a rules code, and the
reference page docs/cli.md generated from the commands."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import every_command, load_script

ROOT = Path(__file__).parent.parent
COMMANDS = every_command()
GROUPS = ("Entry options:", "Game options:", "Output options:", "Database options:")


def help_of(cli, *command: str) -> str:
    result = cli(*command, "--help")
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_help_has_no_typer_placeholders_nor_citations(cli, command):
    text = help_of(cli, *command)
    for placeholder in ("<str>", "<int>", "<path>", "<float>"):
        assert placeholder not in text
    assert not re.search(r"\{[a-z_]+\}", text)  # Typer's {variant} for an argument
    assert "README" not in text and "RULES" not in text and "§" not in text
    assert not re.search(r"\([A-Z]\d+\)", text)  # a rules code such as (K2)


@pytest.mark.parametrize(
    ("command", "expected"),
    [
        (["new"], "Usage: scorekeeper new [OPTIONS] VARIANT"),
        (["new"], "-t, --team NAME"),
        (["new"], "--target POINTS"),
        (["new"], "--set KEY=VALUE"),
        (["hand"], "Usage: scorekeeper hand [OPTIONS] [ENTRY...]"),
        (["hand"], "-g, --game GAME"),
        (["check"], "Usage: scorekeeper check [OPTIONS] CARDS..."),
        (["check"], "-v, --variant VARIANT"),
        (["check"], "-d, --discard CARD"),
        (["export"], "--format [csv|json|html]"),
        (["export"], "-o, --output FILE"),
        (["export"], "Usage: scorekeeper export [OPTIONS] [GAME]"),
        (["games"], "--status [playing|finished|won|draw|deleted|all]"),
        (["games"], "--since DAY"),
        (["games"], "-n, --limit N"),
        (["resume"], "Usage: scorekeeper resume [OPTIONS] GAME"),
        (["status"], "--db FILE"),
    ],
)
def test_metavars_say_what_goes_there(cli, command, expected):
    assert expected in help_of(cli, *command)


def test_options_are_grouped(cli):
    text = help_of(cli, "hand")
    positions = [text.index(title) for title in (*GROUPS, "Other options:")]
    assert positions == sorted(positions)
    entry = text[text.index("Entry options:") : text.index("Game options:")]
    assert "--file" in entry and "--note" in entry and "--guided" in entry
    game = text[text.index("Game options:") : text.index("Output options:")]
    assert "--game" in game and "--json" not in game
    output = text[text.index("Output options:") : text.index("Database options:")]
    assert "--json" in output
    database = text[text.index("Database options:") : text.index("Other options:")]
    assert "--db" in database and "SCOREKEEPER_DB" in database
    assert "--yes" in text[text.index("Other options:") :]
    assert "\nOptions:" not in text  # no flat panel


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_every_option_is_in_a_group(cli, command):
    text = help_of(cli, *command)
    assert "\nOptions:" not in text
    assert "Other options:" in text  # --help at least


def test_main_help_lists_the_environment_variables(cli):
    text = help_of(cli)
    section = text[text.index("Environment variables:") :]
    for name in (
        "SCOREKEEPER_DB",
        "SCOREKEEPER_CONFIG",
        "SCOREKEEPER_DEBUG",
        "NO_COLOR",
        "FORCE_COLOR",
    ):
        assert name in section
    assert "--db and --json may come before the command" in text


def test_command_help_points_to_the_environment_variables(cli):
    assert "Environment variables: see 'scorekeeper --help'." in help_of(cli, "games")


def test_the_reference_page_is_up_to_date():
    reference = load_script("docs/cli_reference.py")
    written = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    assert written == reference.page(), "docs/cli.md is out of date: run docs/cli_reference.py"


def test_the_reference_page_has_every_command():
    written = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    for command in COMMANDS:
        assert f"## `scorekeeper {' '.join(command)}`" in written
        assert f"Usage: scorekeeper {' '.join(command)} [OPTIONS]" in written


def test_the_reference_check_fails_when_the_page_differs(tmp_path, monkeypatch):
    reference = load_script("docs/cli_reference.py")
    stale = tmp_path / "cli.md"
    stale.write_text("# an old page\n", encoding="utf-8")
    monkeypatch.setattr(reference, "PAGE", stale)
    assert reference.main(["--check"]) == 1
    assert reference.main([]) == 0 and reference.main(["--check"]) == 0


@pytest.mark.parametrize("lang", ["en", "ja", "tr"])
def test_no_help_line_is_wider_than_an_80_column_terminal(cli, monkeypatch, lang):
    """Red team round 11: the blocks help keeps as written (examples, the session's commands)
    held lines of 82 to 89 columns, which the terminal then broke mid-word."""
    from rich.cells import cell_len

    from scorekeeper.cli import COMMANDS

    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("SCOREKEEPER_LANG", lang)
    groups = [["variants", "show"], ["variants", "init"], ["variants", "check"]]
    for words in [[], *([c] for c in COMMANDS), *groups, ["backups", "restore"]]:
        shown = cli(*words, "--help")
        assert shown.exit_code == 0, words
        wide = [line for line in shown.stdout.splitlines() if cell_len(line) > 80]
        assert wide == [], (words, wide)

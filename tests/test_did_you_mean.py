"""Did-you-mean for commands, variant names, option choices, entry items and sides; --db and
--json accepted before the command (issue 15, point 3)."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import database_files
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.cli.common import hoist_common_options
from scorekeeper.domain.suggest import closest


def one_error_line(result) -> str:
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error:"), result.output
    return lines[0]


@pytest.mark.parametrize(
    ("args", "suggested"),
    [
        (["shwo"], "show"),
        (["rematc"], "rematch"),
        (["improt", "x.json"], "import"),
        (["variants", "shwo", "classic"], "show"),
        (["backups", "restor", "1"], "restore"),
    ],
)
def test_a_mistyped_command_names_the_closest(cli, args, suggested):
    result = cli(*args)
    assert result.exit_code == 2
    line = one_error_line(result)
    assert f"no command '{args[0] if len(args) < 3 else args[1]}'" in line
    assert f"did you mean '{suggested}'?" in line


def test_a_word_like_no_command_gets_no_suggestion(cli):
    line = one_error_line(cli("xyzzy"))
    assert "no command 'xyzzy'" in line and "did you mean" not in line


def test_a_mistyped_variant_names_the_closest(cli, db):
    result = cli("new", "clasic", "--team", "A", "--team", "B")
    assert result.exit_code == 1
    assert "did you mean 'classic'?" in one_error_line(result)
    assert database_files(db) == {}
    assert "did you mean 'samba'?" in one_error_line(cli("variants", "show", "smaba"))


def test_a_mistyped_status_and_format_name_the_closest(cli):
    assert "did you mean 'playing'?" in one_error_line(cli("games", "--status", "playng"))
    assert cli("new", "classic", "--team", "A", "--team", "B").exit_code == 0
    assert "did you mean 'json'?" in one_error_line(cli("export", "--format", "jsno"))


def test_a_mistyped_entry_item_names_the_closest(cli, db):
    assert cli("new", "classic", "--team", "A", "--team", "B").exit_code == 0
    before = database_files(db)
    result = cli("hand", "m=120 nat=1 otu", "m=90")
    assert result.exit_code == 1
    line = one_error_line(result)
    assert "unknown item 'otu'" in line and "did you mean 'out'?" in line
    assert database_files(db) == before


def test_a_mistyped_side_names_the_closest(cli):
    assert cli("new", "classic", "--team", "Ann & Bob", "--team", "Cat & Dan").exit_code == 0
    assert cli("hand", "m=120 nat=1 out", "m=90").exit_code == 0
    line = one_error_line(cli("edit", "1", "--side", "Cat & Dna", "h=5"))
    assert "did you mean 'Cat & Dan'?" in line


def test_closest_ignores_case_and_known_words():
    assert closest("SHWO", ["show", "status"]) == "show"
    assert closest("show", ["show"]) is None
    assert closest("", ["show"]) is None


@given(st.text(min_size=1, max_size=12), st.lists(st.text(min_size=1, max_size=12), max_size=8))
def test_closest_is_one_of_the_known_words(word, known):
    found = closest(word, known)
    assert found is None or found in known


def test_db_and_json_before_the_command(cli, tmp_path):
    other = tmp_path / "club.json"
    assert cli("--db", str(other), "new", "classic", "--team", "A", "--team", "B").exit_code == 0
    assert other.exists()
    result = cli("--db", str(other), "--json", "status")
    assert result.exit_code == 0 and '"format": 1' in result.stdout
    assert '"teams"' in cli(f"--db={other}", "--json", "games").stdout


def test_an_option_after_the_command_wins(cli, tmp_path):
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    args = ("new", "classic", "--team", "A", "--team", "B", "--db", str(second))
    assert cli("--db", str(first), *args).exit_code == 0
    assert second.exists() and not first.exists()


def test_a_common_option_before_a_command_without_it_is_ignored(cli):
    result = cli("--json", "variants", "init", "x", "--help")
    assert result.exit_code == 0  # variants init takes --json too
    # issue 18: --db may come before any command (README); the variants read no database
    ignored = cli("--db", "x.json", "variants")
    assert ignored.exit_code == 0 and not Path("x.json").exists()
    typed_after = cli("variants", "show", "classic", "--db", "x.json")
    assert typed_after.exit_code == 2 and "--db" in one_error_line(typed_after)


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["--db", "x", "status"], ["status", "--db", "x"]),
        (["--json", "--db=x", "games", "-n", "3"], ["games", "--json", "--db=x", "-n", "3"]),
        (["status", "--db", "x"], ["status", "--db", "x"]),
        (["--version"], ["--version"]),
        (["--db", "x"], ["--db", "x"]),
        (["--db"], ["--db"]),
        (["-h", "--json", "backups", "restore", "1"], ["-h", "backups", "--json", "restore", "1"]),
        (["--", "--json"], ["--", "--json"]),
    ],
)
def test_hoisting_moves_only_leading_common_options(args, expected):
    assert hoist_common_options(args) == expected

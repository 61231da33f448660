"""A path printed back (issue 18, red team, point 8) goes through the escaping every stored text
gets: ``export -o`` and ``variants init`` / ``variants check`` say which file they wrote or
checked with a direction control (U+202E) or an escape (ESC) written as its code, in success
messages, in refusals, in a Ctrl-C's report after the commit point, and in a question."""

from __future__ import annotations

import pytest
from conftest import new_game

from scorekeeper import progress
from scorekeeper.cli import common

RLO = "\u202e"
OSC = "\x1b]8;;http://example.com\x1b\\"  # a hyperlink's start: not what Click strips
RAW = (RLO, "\x1b")


def clean(output: str) -> None:
    assert not any(c in output for c in RAW), repr(output)


def test_export_says_the_file_it_wrote_escaped(cli, db, tmp_path):
    new_game(cli)
    folder = tmp_path / f"a{RLO}b"
    folder.mkdir()
    result = cli("export", "1", "-o", str(folder / "game.html"))
    assert result.exit_code == 0, result.output
    assert (folder / "game.html").exists()
    clean(result.output)
    assert "\\u202e" in result.stderr


def test_export_refusing_a_path_says_it_escaped(cli, db, tmp_path):
    new_game(cli)
    result = cli("export", "1", "-o", str(tmp_path / f"no{RLO}such" / "game.html"))
    assert result.exit_code == 3
    clean(result.output)
    assert "\\u202e" in result.stderr


@pytest.fixture
def hostile_config(tmp_path, monkeypatch):
    folder = tmp_path / f"conf{OSC}ig"
    monkeypatch.setenv("SCOREKEEPER_CONFIG", str(folder))
    return folder


def test_variants_init_says_the_file_it_wrote_escaped(cli, db, hostile_config):
    result = cli("variants", "init", "house")
    assert result.exit_code == 0, result.output
    assert (hostile_config / "variants" / "house.toml").exists()
    clean(result.output)
    assert "\\x1b" in result.stdout


def test_variants_init_refusing_says_the_file_escaped(cli, db, hostile_config):
    assert cli("variants", "init", "house").exit_code == 0
    result = cli("variants", "init", "house")
    assert result.exit_code == 1
    clean(result.output)
    assert "\\x1b" in result.stderr


def test_variants_check_says_the_file_escaped(cli, db, tmp_path):
    folder = tmp_path / f"v{RLO}"
    folder.mkdir()
    path = folder / "house.toml"
    path.write_text('name = "house"\nextends = "classic"\n', encoding="utf-8")
    result = cli("variants", "check", str(path))
    assert result.exit_code == 0, result.output
    clean(result.output)


def test_a_ctrl_c_after_a_path_was_written_reports_it_escaped(capsys):
    progress.reset()
    progress.expect(f"the variant file was written: /tmp/x{OSC}{RLO}.toml")
    progress.commit_passed()
    try:
        assert common.interrupted() == 0
    finally:
        progress.reset()
    said = capsys.readouterr().err
    assert "Interrupted after the variant file was written" in said
    clean(said)


def test_the_question_of_a_restore_shows_the_database_path_escaped(cli, tmp_path, monkeypatch):
    from scorekeeper.cli import backups as backups_module

    db = tmp_path / f"d{RLO}b.json"
    monkeypatch.setenv("SCOREKEEPER_DB", str(db))
    monkeypatch.setattr(backups_module, "stdin_is_terminal", lambda: True)
    new_game(cli)
    assert cli("hand", "--yes", "m=50", "m=50").exit_code == 0
    result = cli("backups", "restore", "1", input="n\n")
    assert "Put back backup 1" in result.stderr, result.output
    clean(result.output)


def test_an_internal_error_after_a_path_was_written_reports_it_escaped(cli, db, monkeypatch):
    """An unexpected error once the variant file is written says so (exit 0), its path shown
    escaped."""
    from scorekeeper.cli import tables

    folder = db.parent / f"c{RLO}fg"
    monkeypatch.setenv("SCOREKEEPER_CONFIG", str(folder))

    def broken(*args, **kwargs):
        raise RuntimeError("broken")

    monkeypatch.setattr(tables, "document", broken)
    result = cli("variants", "init", "house", "--json")
    assert result.exit_code == 0, result.output
    assert (
        "unexpected internal error" in result.stderr and "variant file was written" in result.stderr
    )
    clean(result.output)

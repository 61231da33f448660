"""Database paths in the forms an earlier round of attacks tried (issue 18, red team round
15b): a name beginning with ``..`` is a name; a ``~`` is the home folder even where quoting
kept it from the shell; a name of another database's file with its case changed is refused,
as a file system that ignores case (FAT, exFAT) takes it for that file; an error about a path
longer than an error line keeps its reason."""

from __future__ import annotations

import os

import pytest
from conftest import new_game


@pytest.mark.parametrize("name", ["..json", "...", "..cfg/a.json"])
def test_a_name_beginning_with_two_dots_is_a_database(cli, tmp_path, name):
    path = tmp_path / name
    path.parent.mkdir(exist_ok=True)
    result = cli("new", "classic", "-t", "A", "-t", "B", "--db", str(path))
    assert result.exit_code == 0, result.output
    assert path.is_file()
    assert cli("status", "--db", str(path)).exit_code == 0


def test_a_tilde_is_the_home_folder(cli, tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    (tmp_path / "home").mkdir()
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SCOREKEEPER_DB", "~/scores.json")
    assert cli("new", "classic", "-t", "A", "-t", "B").exit_code == 0
    assert (tmp_path / "home" / "scores.json").is_file()
    assert not (tmp_path / "~").exists()
    assert cli.json("paths")["database"] == str(tmp_path / "home" / "scores.json")


@pytest.mark.parametrize(
    "name",
    [
        "scores.json.LOCK",
        "scores.json.GAMES/7.json",
        # the database file's own name with its case changed as well
        "SCORES.JSON.LOCK",
        "Scores.Json.games/3.json",
    ],
)
def test_another_databases_file_with_its_case_changed_is_refused(cli, db, name):
    new_game(cli)
    other = db.parent / name
    other.parent.mkdir(exist_ok=True)
    result = cli("status", "--db", str(other))
    assert result.exit_code == 3, result.output
    assert "is one of the files of the database" in result.stderr


def test_an_error_about_a_long_path_keeps_its_reason(cli, tmp_path):
    deep = tmp_path / ("d" * 200) / ("e" * 200) / ("f" * 200) / ("g" * 200) / ("h" * 200)
    path = deep / ("x" * 300 + ".json")  # a name past what a file system takes
    result = cli("new", "classic", "-t", "A", "-t", "B", "--db", str(path))
    assert result.exit_code == 3, result.output
    line = result.stderr.strip()
    assert len(line.splitlines()) == 1 and len(line) < 1100
    assert os.strerror(36) in line or "File name too long" in line, line  # ENAMETOOLONG


def test_a_tilde_of_no_known_user_is_refused_in_one_line(cli):
    # red team round 16: an unexpected internal error (RuntimeError from pathlib)
    result = cli("status", "--db", "~no-such-user-here/scores.json")
    assert result.exit_code == 3
    assert "no home folder is known for '~no-such-user-here'" in result.stderr


def test_a_folder_named_tilde_is_a_folder_when_the_path_does_not_begin_with_it(
    cli, tmp_path, monkeypatch
):
    # red team round 16: './~/e.json' was put in the home folder
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    (tmp_path / "home").mkdir()
    (tmp_path / "~").mkdir()
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SCOREKEEPER_DB", "./~/e.json")
    assert cli("new", "classic", "-t", "A", "-t", "B").exit_code == 0
    assert (tmp_path / "~" / "e.json").is_file()
    assert not (tmp_path / "home" / "e.json").exists()
    # paths names it so that it is read again as the same file, never as the home folder's
    shown = cli.json("paths")
    assert shown["database"] == os.path.join(".", "~", "e.json")
    assert shown["games"] == os.path.join(".", "~", "e.json.games")
    assert "./~/e.json" in cli("paths").stdout


def test_an_empty_db_option_says_it_is_empty(cli, tmp_path, monkeypatch):
    # a new user's trial: --db '' was refused as "the database path . is a folder"
    monkeypatch.chdir(tmp_path)
    result = cli("status", "--db", "")
    assert result.exit_code == 3
    assert "--db is empty" in result.stderr and "path ." not in result.stderr


@pytest.mark.parametrize("given", [".", "..", "foo/.", "foo/.."])
def test_a_path_whose_last_part_is_a_dot_names_a_folder(cli, tmp_path, monkeypatch, given):
    # red team: 'paths --db .' was an internal error, 'new --db foo/.' made a database 'foo'
    monkeypatch.chdir(tmp_path)
    for args in (("paths",), ("new", "classic", "-t", "A", "-t", "B"), ("status",)):
        result = cli(*args, "--db", given)
        assert result.exit_code == 3, (args, result.output)
        assert f"the database path {given} names a folder" in result.stderr
        assert "internal error" not in result.stderr
    assert not (tmp_path / "foo").exists()


def test_an_export_to_a_path_ending_in_a_dot_writes_nothing(cli, tmp_path):
    assert cli("new", "classic", "-t", "A", "-t", "B").exit_code == 0
    note = tmp_path / "note.txt"
    note.write_text("old", encoding="utf-8")
    result = cli("export", "1", "-o", f"{note}/.", "--format", "json")
    assert result.exit_code == 2, result.output
    assert "is a folder: give a file name" in result.stderr
    assert note.read_text(encoding="utf-8") == "old"

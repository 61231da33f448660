"""A schema-1 migration keeps no current game the file does not hold (as a restore does), and
an empty SCOREKEEPER_DB is refused as ``--db ''`` is, never read as the default database."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

FIXTURES = Path(__file__).parent / "fixtures"


def schema_1(tmp_path: Path, current: object) -> Path:
    db = tmp_path / "old.json"
    shutil.copyfile(FIXTURES / "schema-1.json", db)
    data = json.loads(db.read_bytes())
    data["meta"]["1"]["current"] = current
    db.write_text(json.dumps(data), encoding="utf-8")
    return db


def test_a_migrated_current_game_that_does_not_exist_becomes_none(cli, tmp_path: Path) -> None:
    db = schema_1(tmp_path, 99)  # the fixture holds games 1 and 2 only
    assert cli("--db", str(db), "games").exit_code == 0
    assert json.loads(db.read_bytes())["meta"]["1"]["current"] is None
    for command in (("status",), ("undo", "--yes"), ("show",), ("rematch",)):
        result = cli("--db", str(db), *command)
        assert result.exit_code != 3, (command, result.output)
        assert "missing" not in result.output
    # a game can still be made current and played
    assert cli("--db", str(db), "use", "1").exit_code in (0, 2)


@pytest.mark.parametrize("current", [1, 2])
def test_a_migrated_current_game_that_exists_stays(cli, tmp_path: Path, current: int) -> None:
    db = schema_1(tmp_path, current)
    assert cli("--db", str(db), "games").exit_code == 0
    assert json.loads(db.read_bytes())["meta"]["1"]["current"] == current
    assert cli("--db", str(db), "status").exit_code == 0


@pytest.mark.parametrize("command", [("games",), ("new", "classic", "--team", "A", "--team", "B")])
def test_an_empty_scorekeeper_db_is_refused(
    cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: tuple[str, ...]
) -> None:
    data_home = tmp_path / "data-home"
    monkeypatch.setenv("XDG_DATA_HOME", str(data_home))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("SCOREKEEPER_DB", "")
    result = cli(*command)
    assert result.exit_code == 3, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and "SCOREKEEPER_DB" in lines[0], result.output
    assert not data_home.exists() and not (tmp_path / "home").exists()

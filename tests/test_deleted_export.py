"""Every game kept can be exported and imported again: the export of a deleted game (status
"deleted", which agrees with any hands) imports as the game it records, not deleted (README,
``import``)."""

from __future__ import annotations

import json

from conftest import new_game, refused


def test_a_deleted_games_export_imports_as_the_game_it_records(cli, db, tmp_path, monkeypatch):
    new_game(cli)
    assert cli("hand", "--yes", "m=50", "m=60").exit_code == 0
    assert cli("delete", "1", "--yes").exit_code == 0
    path = tmp_path / "del.json"
    assert cli("export", "1", "-o", str(path)).exit_code == 0
    assert json.loads(path.read_text(encoding="utf-8"))["status"] == "deleted"
    monkeypatch.setenv("SCOREKEEPER_DB", str(tmp_path / "other.json"))
    result = cli("import", str(path))
    assert result.exit_code == 0, result.output
    game = cli.json("show")
    assert game["status"] == "playing"
    assert [t["total"] for t in game["teams"]] == [50, 60]


def test_a_deleted_game_without_hands_imports_too(cli, db, tmp_path, monkeypatch):
    new_game(cli)
    assert cli("delete", "1", "--yes").exit_code == 0
    path = tmp_path / "del.json"
    assert cli("export", "1", "-o", str(path)).exit_code == 0
    monkeypatch.setenv("SCOREKEEPER_DB", str(tmp_path / "other.json"))
    assert cli("import", str(path)).exit_code == 0
    assert cli.json("show")["hands_played"] == 0


def test_another_status_that_disagrees_is_still_refused(cli, db, tmp_path):
    new_game(cli)
    assert cli("hand", "--yes", "m=50", "m=60").exit_code == 0
    path = tmp_path / "game.json"
    assert cli("export", "1", "-o", str(path)).exit_code == 0
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["status"] = "won"
    path.write_text(json.dumps(doc), encoding="utf-8")
    line = refused(cli, db, "import", str(path), "--again", code=3)
    assert "'status'" in line

"""A hand's note is plain text: it may hold several lines and tabs, but a control character or
text that is not valid is refused, whether it comes from a hand file or an imported export, and a
stored note holding an escape sequence is shown escaped."""

from __future__ import annotations

import json

from conftest import game_doc, refused

from scorekeeper.storage.database import game_file


def new_game(cli, *teams):
    args = [x for team in teams or ("A", "B") for x in ("--team", team)]
    assert cli("new", "classic", *args).exit_code == 0


def test_a_note_with_an_escape_sequence_is_refused_from_a_file(cli, db, tmp_path):
    new_game(cli)
    hand = {"teams": [{"meld_points": 50}, {"meld_points": 60}], "note": "a\u001b[2J b"}
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(hand), encoding="utf-8")
    line = refused(cli, db, "hand", "--yes", "--file", str(path))
    assert "control character (U+001B)" in line


def test_a_note_of_several_lines_is_kept(cli, db, tmp_path):
    new_game(cli)
    hand = {"teams": [{"meld_points": 50}, {"meld_points": 60}], "note": "first\tline\nsecond"}
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(hand), encoding="utf-8")
    assert cli("hand", "--yes", "--file", str(path)).exit_code == 0
    assert game_doc(db)["hands"][0]["note"] == "first\tline\nsecond"


def test_an_export_whose_note_holds_a_control_character_is_not_imported(cli, db, tmp_path):
    new_game(cli)
    assert cli("hand", "--yes", "m=100 nat=1 out", "m=50").exit_code == 0
    export = json.loads(cli("export", "--format", "json").stdout)
    export["record"]["hands"][0]["note"] = "\u0007bell"
    path = tmp_path / "game.json"
    path.write_text(json.dumps(export), encoding="utf-8")
    line = refused(cli, db, "import", str(path), code=3)
    assert "control character (U+0007)" in line


def test_a_stored_note_with_an_escape_is_shown_escaped(cli, db):
    new_game(cli)
    assert cli("hand", "--yes", "m=100 nat=1 out", "m=50").exit_code == 0
    file = game_file(db, 1)
    doc = json.loads(file.read_text(encoding="utf-8"))
    doc["games"]["1"]["hands"][0]["note"] = "x\u001b]0;title\u0007y"
    file.write_text(json.dumps(doc), encoding="utf-8")
    out = cli("show").stdout
    assert "\u001b" not in out and "\u0007" not in out
    assert "Note: x\\x1b]0;title\\x07y" in out


def test_a_note_that_is_not_valid_text_is_refused(cli, db, tmp_path):
    new_game(cli)
    path = tmp_path / "hand.json"
    path.write_text('{"teams": [{"meld_points": 50}, {}], "note": "\\ud800"}', encoding="utf-8")
    line = refused(cli, db, "hand", "--yes", "--file", str(path))
    assert "not valid text" in line

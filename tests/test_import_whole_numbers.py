"""One rule for whole numbers in every JSON input: an import, as a hand's file, refuses a
number written with a fraction or an exponent (``120.0``, ``1.2e2``), naming its field, exit
3 for the file; nothing is stored (README, "bounds")."""

from __future__ import annotations

import json

import pytest
from conftest import new_game, refused


def exported(cli, tmp_path):
    new_game(cli)
    assert cli("hand", "--yes", "m=120", "m=60").exit_code == 0
    path = tmp_path / "game.json"
    assert cli("export", "1", "--format", "json", "-o", str(path)).exit_code == 0
    return path


@pytest.mark.parametrize("written", ["120.0", "1.2e2", "12e1"])
def test_an_import_with_a_fractional_meld_is_refused(cli, db, tmp_path, written):
    path = exported(cli, tmp_path)
    text = path.read_text(encoding="utf-8")
    doc = json.loads(text)
    assert doc["record"]["hands"][0]["entries"][0]["meld_points"] == 120
    # only the record's entry written otherwise: the sheet is left as exported
    record = json.dumps(doc["record"]).replace('"meld_points": 120', f'"meld_points": {written}')
    whole = json.dumps({**{k: v for k, v in doc.items() if k != "record"}, "record": None})
    path.write_text(whole.replace('"record": null', f'"record": {record}'), encoding="utf-8")
    line = refused(cli, db, "import", str(path), "--again", code=3)
    assert "meld_points" in line and "whole number" in line


def test_an_import_of_whole_numbers_still_comes_in(cli, db, tmp_path):
    path = exported(cli, tmp_path)
    assert cli("import", str(path), "--again").exit_code == 0
    assert cli.json("show", "2")["teams"][0]["total"] == 120


def test_a_hand_file_still_refuses_fractions(cli, db, tmp_path):
    new_game(cli)
    hand = tmp_path / "hand.json"
    hand.write_text('{"teams": [{"meld_points": 1.2e2}, {"meld_points": 60}]}', encoding="utf-8")
    line = refused(cli, db, "hand", "--yes", "--file", str(hand))
    assert "meld_points" in line

"""Behaviour settled after trying the installed product as a new user and as a tester."""

from __future__ import annotations

import json


def new(cli, *extra):
    result = cli("new", "classic", "--team", "A", "--team", "B", *extra)
    assert result.exit_code == 0, result.output


def test_partners_are_refused_where_sides_are_fixed(cli):
    new(cli)
    result = cli("hand", "--partners", "A,B", "m=50", "m=50")
    assert result.exit_code == 2 and "fixed sides" in result.stderr


def test_names_with_invisible_characters_are_refused(cli):
    result = cli("new", "classic", "--team", "A\u200bB", "--team", "AB")
    assert result.exit_code == 1 and "U+200B" in result.stderr


def test_a_json_hand_file_with_a_byte_order_mark(cli, tmp_path):
    new(cli)
    path = tmp_path / "hand.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps({"teams": [{"meld_points": 50}, {}]}).encode())
    doc = cli.json("hand", "--file", str(path))
    assert doc["teams"][0]["hand_score"] == 50


def test_restoring_a_backup_without_a_terminal_needs_yes(cli, db):
    new(cli)
    assert cli("hand", "m=50", "m=50").exit_code == 0
    before = sorted(p.name for p in db.parent.rglob("*"))
    result = cli("backups", "restore", "1")
    assert result.exit_code == 2 and "--yes" in result.stderr
    assert sorted(p.name for p in db.parent.rglob("*")) == before


def test_hand_for_another_game_leaves_the_current_game_alone(cli):
    new(cli)
    new(cli)  # game 2 is current
    assert cli("hand", "--game", "1", "m=50", "m=50").exit_code == 0
    assert cli.json("status")["game"] == 2


def test_the_current_games_missing_file_is_a_data_error(cli, db):
    new(cli)
    (db.parent / (db.name + ".games") / "1.json").unlink()
    result = cli("status")
    assert result.exit_code == 3 and "1.json is missing" in result.stderr


def test_a_game_file_with_a_hand_its_rules_refuse_is_a_data_error(cli, db):
    new(cli)
    assert cli("hand", "m=50", "m=50").exit_code == 0
    path = db.parent / (db.name + ".games") / "1.json"
    doc = json.loads(path.read_text())
    text = json.dumps(doc).replace('"meld_points": 50', '"meld_points": 5000', 1)
    path.write_text(text)
    result = cli("status")
    assert result.exit_code == 3 and "1.json" in result.stderr


def test_undo_and_redo_keep_a_cutthroat_hands_partners(cli):
    cli("new", "cutthroat", "--team", "Ann", "--team", "Bob", "--team", "Cat")
    # Bob and Cat together hold the two canastas cutthroat needs to go out (RULES.md §2.2).
    doc = cli.json(
        "hand", "--partners", "Bob,Cat", "m=120 h=20", "m=200 nat=1 out", "m=90 mix=1 h=15"
    )
    assert cli("undo").exit_code == 0
    again = cli.json("redo")
    assert [t["hand_score"] for t in again["teams"]] == [t["hand_score"] for t in doc["teams"]]


def test_a_damaged_old_game_does_not_stop_a_new_one(cli, db):
    new(cli)
    (db.parent / (db.name + ".games") / "1.json").write_text("not json")
    result = cli("new", "classic", "--team", "C", "--team", "D")
    assert result.exit_code == 0
    assert "Warning:" in result.stderr and "1.json" in result.stderr
    assert cli.json("status")["game"] == 2

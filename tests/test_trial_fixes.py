"""Refusals and terminal cases found by trying the product from README: notes are plain text,
a deleted game takes no hand, COLUMNS=0 is no width, an unknown variant is named as such, and a
cache that could not be read is written back readable."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys

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


def test_a_deleted_game_takes_no_hand(cli, db):
    new_game(cli)
    new_game(cli, "A", "C")
    assert cli("delete", "2", "--yes").exit_code == 0
    line = refused(cli, db, "hand", "--game", "2", "--yes", "m=300 nat=1 out", "m=50")
    assert "game 2 is deleted" in line and "restore 2" in line


def test_stats_of_an_unknown_variant_is_an_error(cli, db):
    new_game(cli)
    assert cli("hand", "--yes", "m=100 nat=1 out", "m=50").exit_code == 0
    line = refused(cli, db, "stats", "--variant", "nope")
    assert "no variant called 'nope'" in line
    result = cli("stats", "--variant", "samba")  # known, no games of it yet
    assert result.exit_code == 0 and "No hands recorded yet" in result.stdout


def test_columns_zero_is_no_width(db):
    env = {k: v for k, v in os.environ.items() if k not in ("LINES",)}
    env.update({"SCOREKEEPER_DB": str(db), "COLUMNS": "0", "NO_COLOR": "1"})
    run = [sys.executable, "-m", "scorekeeper"]
    assert subprocess.run([*run, "new", "classic", "-t", "A", "-t", "B"], env=env).returncode == 0
    result = subprocess.run([*run, "status"], env=env, capture_output=True, text=True)
    assert result.returncode == 0
    # off a terminal, 80 columns: the opening minimum of a side at 0 is 50 (RULES.md §2)
    assert "Next opening minimum" in result.stdout and " 50" in result.stdout


def test_a_cache_that_could_not_be_read_is_written_back_readable(cli, db):
    new_game(cli)
    assert cli("hand", "--yes", "m=100 nat=1 out", "m=50").exit_code == 0
    assert cli("stats").exit_code == 0
    cache = db.with_name(db.name + ".stats.json")
    cache.chmod(0)
    assert cli("hand", "--yes", "m=100 nat=1 out", "m=50").exit_code == 0
    assert cli("stats").exit_code == 0
    assert stat.S_IMODE(cache.stat().st_mode) & 0o600 == 0o600


def test_an_empty_entry_is_refused(cli, db):
    new_game(cli)
    line = refused(cli, db, "hand", "--yes", "", "m=50")
    assert "write '-' for a side that scored nothing" in line
    assert cli("hand", "--yes", "-", "m=50").exit_code == 0


def test_a_note_that_is_not_valid_text_is_refused(cli, db, tmp_path):
    new_game(cli)
    path = tmp_path / "hand.json"
    path.write_text('{"teams": [{"meld_points": 50}, {}], "note": "\\ud800"}', encoding="utf-8")
    line = refused(cli, db, "hand", "--yes", "--file", str(path))
    assert "not valid text" in line


def test_an_error_quoting_input_shows_its_control_characters_escaped(cli, db, tmp_path):
    new_game(cli)
    path = tmp_path / "hand.json"
    hand = {"teams": [{"meld_points": 50}, {"hand": "\u001b]0;pwned\u0007"}]}
    path.write_text(json.dumps(hand), encoding="utf-8")
    line = refused(cli, db, "hand", "--yes", "--file", str(path))
    assert "\u001b" not in line and "\u0007" not in line
    assert "\\x1b]0;pwned\\x07" in line


def test_a_narrow_block_never_splits_a_label_from_its_number(cli, db, monkeypatch):
    from test_review import fixed_console

    names = ["Alexandra the Magnificent", "Bartholomew the Bold", "Constantine the Great"]
    args = [x for name in names for x in ("--team", name)]
    assert cli("new", "classic-3", *args).exit_code == 0
    fixed_console(monkeypatch, 30, terminal=False)
    result = cli("hand", "--yes", "m=120 r=1 out nat=1", "m=90 h=25", "m=55 h=35")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert max(len(line) for line in lines) <= 30
    # 120 + 500 + 100 + 100 = 820; 90 - 25 = 65; 55 - 35 = 20 (RULES.md §2)
    for item in (
        "Canasta bonuses 500",
        "Red threes 100",
        "Hand score 820",
        "Total 820",
        "Cards left in hand -25",
        "Hand score 65",
        "Total 20",
    ):
        assert any(item in line for line in lines), (item, result.stdout)

"""An import is held to what ``new`` and ``hand --file`` hold a game to (issue 18, red team: a
bare export record with a start score of 3, an entry whose ``meld_points`` differ from its
``melds``, or a hand recorded "yesterday" was taken as it was)."""

from __future__ import annotations

import json

import pytest
from conftest import database_files

# RULES.md card values: K 10, Q 10, 7 5, 9 10: the melds KKKKKKK/QQQ make 100, the hand 7/9 15
MELDS, MELD_POINTS, HAND, HAND_POINTS = "KKKKKKK QQQ", 100, "7 9", 15


@pytest.fixture
def export(cli, tmp_path):
    assert cli("new", "classic", "-t", "A", "-t", "B").exit_code == 0
    assert cli("hand", "--yes", "m=KKKKKKK/QQQ out h=7/9", "m=50").exit_code == 0
    out = tmp_path / "e.json"
    assert cli("export", "1", "-o", str(out)).exit_code == 0
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert doc["record"]["hands"][0]["entries"][0] == {
        "melds": MELDS,
        "went_out": True,
        "hand": HAND,
    }
    return out, {"format": doc["format"], "record": doc["record"]}  # a bare record


def imported(cli, db, path, doc, code):
    path.write_text(json.dumps(doc), encoding="utf-8")
    before = database_files(db)
    result = cli("import", str(path))
    assert result.exit_code == code, result.output
    if code:
        assert database_files(db) == before
        assert len(result.stderr.strip().splitlines()) == 1
    return result.stderr


def test_a_start_score_new_refuses_is_refused(cli, db, export):
    path, doc = export
    doc["record"]["sides"][0]["start_score"] = 3
    said = imported(cli, db, path, doc, 3)
    assert str(path) in said and "start score 3 is not a multiple of 5" in said


def test_points_that_are_not_the_cards_points_are_refused(cli, db, export):
    path, doc = export
    entry = doc["record"]["hands"][0]["entries"][0]
    entry["meld_points"] = -5
    said = imported(cli, db, path, doc, 3)
    assert "hands[0].entries[0] gives 'melds' and 'meld_points' -5, but the cards make 100" in said
    entry["meld_points"] = MELD_POINTS
    entry["hand_points"] = 14
    said = imported(cli, db, path, doc, 3)
    assert "'hand' and 'hand_points' 14, but the cards make 15" in said


def test_points_that_agree_with_the_cards_are_taken_as_older_files_hold_them(cli, db, export):
    path, doc = export
    entry = doc["record"]["hands"][0]["entries"][0]
    entry.update(meld_points=MELD_POINTS, hand_points=HAND_POINTS)
    imported(cli, db, path, doc, 0)
    assert cli.json("show", "2")["teams"] == cli.json("show", "1")["teams"]


@pytest.mark.parametrize(
    "stamp",
    [
        "yesterday",
        "0001-01-01T00:00:00+14:00",
        "2026-13-01T00:00:00",
        # forms Python reads that no hand recorded here has (red team)
        "2026-W49-1",
        "2026-12-07",
        "20261207T200506Z",
        "2026-12-07T20",
        "2026-12-07T20:05:06+0000",
        "2026-12-07T20:05:06+05:30:15",
    ],
)
def test_a_hand_recorded_at_no_time_is_refused(cli, db, export, stamp):
    path, doc = export
    doc["record"]["hands"][0]["recorded_at"] = stamp
    said = imported(cli, db, path, doc, 3)
    assert "hands[0].recorded_at must be an ISO 8601 timestamp" in said


@pytest.mark.parametrize("name", ["", "../../etc", "nosuch!", "x" * 41, "ｃｌａｓｓｉｃ"])
def test_a_variant_name_no_variant_file_could_have_is_refused(cli, db, export, name):
    # a game's variant is shown, listed and filtered by name: an imported one is held to the
    # names variant files have (README, variants init)
    path, doc = export
    doc["record"]["rules"]["name"] = doc["record"]["variant"] = name
    said = imported(cli, db, path, doc, 3)
    assert "cannot be a variant name: use up to 40 lower-case letters, digits, - and _" in said


def test_a_record_whose_variant_and_rules_name_differ_is_refused(cli, db, export):
    # red team: classic rules filed as "samba" were listed and counted as Samba games
    path, doc = export
    doc["record"]["rules"]["name"] = "samba"
    said = imported(cli, db, path, doc, 3)
    assert 'the record\'s \'variant\' is "classic", but its rules are those of "samba"' in said
    doc["record"]["rules"]["name"] = "classic"
    doc["record"]["variant"] = "nope"
    said = imported(cli, db, path, doc, 3)
    assert '\'variant\' is "nope", but its rules are those of "classic"' in said
    doc["record"]["variant"] = "clässic"  # shown as written, not as JSON's escapes
    said = imported(cli, db, path, doc, 3)
    assert "'variant' is \"clässic\", but" in said


@pytest.mark.parametrize(
    ("where", "place"),
    [
        (("hands", 0), "hands[0]: "),
        (("sides", 1), "sides[1]: "),
        ((), ""),
        (("hands", 0, "entries", 1), "hands[0].entries[1]: "),
    ],
)
def test_a_key_the_record_does_not_hold_is_refused(cli, db, export, where, place):
    # what comes in is read whole or refused, never partly ignored
    path, doc = export
    part = doc["record"]
    for step in where:
        part = part[step]
    part["zz"] = 1
    said = imported(cli, db, path, doc, 3)
    assert f'{place}unknown key "zz" (allowed: ' in said
    if "entries" in where:  # a record's entries name no side: 'team' is not offered
        assert "(allowed: meld_points, " in said and "team" not in said


def test_a_value_of_the_wrong_kind_is_told_in_jsons_words(cli, db, export):
    path, doc = export
    doc["record"]["sides"][0]["name"] = 5
    said = imported(cli, db, path, doc, 3)
    assert "sides[0].name: text was expected, not a whole number" in said
    assert "`" not in said and "str" not in said
    doc["record"]["sides"][0]["name"] = "A"
    del doc["record"]["rules"]
    said = imported(cli, db, path, doc, 3)
    assert "'rules' is missing" in said


@pytest.mark.parametrize(("value", "shown"), [(None, "null"), ("5000", '"5000"'), (True, "true")])
def test_a_rule_value_of_the_wrong_kind_is_shown_as_json_writes_it(cli, db, export, value, shown):
    # red team: None and '5000' (Python's and TOML's forms) in a message about a JSON file
    path, doc = export
    doc["record"]["rules"]["target"] = value
    said = imported(cli, db, path, doc, 3)
    assert f"'target' must be a whole number, not {shown}" in said


def test_an_entry_naming_its_side_is_refused_not_read_in_side_order(cli, db, export):
    # red team: a record's entry with "team" naming the other side was stored for the side at
    # its place; a record's entries come in side order and name none
    path, doc = export
    doc["record"]["hands"][0]["entries"][0]["team"] = "B"
    said = imported(cli, db, path, doc, 3)
    assert "hands[0].entries[0]: a recorded hand's entries come in side order" in said


def test_an_unknown_canasta_kind_in_a_recorded_entry_names_its_place(cli, db, export):
    path, doc = export
    doc["record"]["hands"][0]["entries"][1]["canastas"] = {"natral": 1}
    said = imported(cli, db, path, doc, 3)
    assert "hands[0].entries[1]: Classic Canasta has no canasta kind 'natral'" in said

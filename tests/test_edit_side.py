"""Correcting one side's items of a recorded hand: ``edit N --side NAME ITEM=VALUE ...``.

Scores are worked out by hand from RULES.md §2 (classic): melded cards + canasta bonuses
(natural 500, mixed 300) + red threes (100 each) + going out (100) - cards left in hand.
"""

from __future__ import annotations

import pytest
from conftest import game_doc, new_game, refused

from scorekeeper.cli import edit as edit_module

A = "meld=220 natural=1 mixed=1 red=2 out hand=15"  # 220+800+200+100-15 = 1,305
B = "meld=110 red=1 hand=70"  # 110+100-70 = 140


def played(cli):
    new_game(cli)
    result = cli("hand", "--yes", A, B)
    assert result.exit_code == 0, result.output


def scores(cli, number=1):
    return [t["hand_score"] for t in cli.json("show")["hands"][number - 1]["teams"]]


def test_one_item_changes_and_the_rest_of_both_sides_is_kept(cli, db):
    played(cli)
    before = game_doc(db)["hands"][0]["entries"][0]
    result = cli("edit", "1", "--side", "Cat & Dan", "h=25", "--yes")
    assert result.exit_code == 0, result.output
    assert scores(cli) == [1305, 110 + 100 - 25]
    assert game_doc(db)["hands"][0]["entries"][0] == before
    assert game_doc(db)["hands"][0]["entries"][1] == {
        "meld_points": 110,
        "red_threes": 1,
        "hand_points": 25,
    }
    assert [t["total"] for t in cli.json("status")["teams"]] == [1305, 185]


def test_side_name_ignores_case_and_several_items_change_at_once(cli):
    played(cli)
    result = cli("edit", "1", "--side", " CAT & dan ", "m=150", "r=2", "--yes")
    assert result.exit_code == 0, result.output
    assert scores(cli) == [1305, 150 + 200 - 70]


def test_meld_points_replace_typed_melds_and_their_canastas_stay(cli):
    new_game(cli)
    # KKKKKKK is a natural canasta (500); KKKKKKK 70 + QQQ 30 = 100 points, going out 100.
    assert cli("hand", "--yes", "m=KKKKKKK/QQQ out", "m=60").exit_code == 0
    assert scores(cli) == [100 + 500 + 100, 60]
    result = cli("edit", "1", "--side", "Ann & Bob", "m=150", "--yes")
    assert result.exit_code == 0, result.output
    assert scores(cli) == [150 + 500 + 100, 60]


def test_typed_melds_replace_points_and_canastas_are_counted_from_them(cli):
    played(cli)
    # Ann & Bob had meld=220 natural=1 mixed=1; the cards show one natural canasta only.
    result = cli("edit", "1", "--side", "Ann & Bob", "m=KKKKKKK/QQQ", "--yes")
    assert result.exit_code == 0, result.output
    assert scores(cli) == [100 + 500 + 200 + 100 - 15, 140]


def test_a_canasta_kind_changes_only_that_kind(cli):
    played(cli)
    result = cli("edit", "1", "--side", "Ann & Bob", "nat=2", "--yes")
    assert result.exit_code == 0, result.output
    assert scores(cli) == [220 + 1000 + 300 + 200 + 100 - 15, 140]


def test_out_moves_to_a_side_only_when_no_other_side_went_out(cli, db):
    played(cli)
    line = refused(cli, db, "edit", "1", "--side", "Cat & Dan", "out", "--yes")
    assert "Ann & Bob went out" in line
    # Ann & Bob no longer went out: 1,305 - 100; then Cat & Dan may go out (+100) with a
    # natural canasta (+500) and 200 melded: 200 + 500 + 100 + 100 - 70 = 830.
    assert cli("edit", "1", "--side", "Ann & Bob", "out=no", "--yes").exit_code == 0
    assert scores(cli) == [1205, 140]
    result = cli("edit", "1", "--side", "Cat & Dan", "out", "nat=1", "m=200", "--yes")
    assert result.exit_code == 0, result.output
    assert scores(cli) == [1205, 830]


def test_out_no_clears_concealed(cli):
    new_game(cli)
    assert cli("hand", "--yes", "m=220 nat=1 mix=1 concealed", "m=110").exit_code == 0
    result = cli("edit", "1", "--side", "Ann & Bob", "out=no", "--yes")
    assert result.exit_code == 0, result.output
    assert scores(cli) == [220 + 800, 110]


def test_refusals_change_nothing(cli, db):
    played(cli)
    assert "no side called" in refused(cli, db, "edit", "1", "--side", "Eve", "m=1", "--yes")
    assert "unknown item" in refused(cli, db, "edit", "1", "--side", "Cat & Dan", "zz=1", "--yes")
    assert "there is no hand 2" in refused(
        cli, db, "edit", "2", "--side", "Cat & Dan", "m=10", "--yes"
    )
    refused(cli, db, "edit", "1", "--side", "Cat & Dan", "--yes", code=2)
    # A natural canasta needs meld points to hold it (500 bonus, 7 cards of at least 5 each).
    refused(cli, db, "edit", "1", "--side", "Cat & Dan", "m=10", "nat=1", "--yes")


def test_with_a_terminal_it_shows_the_change_and_no_keeps_the_hand(cli, monkeypatch):
    played(cli)
    monkeypatch.setattr(edit_module, "stdin_is_terminal", lambda: True)
    result = cli("edit", "1", "--side", "Cat & Dan", "h=25", input="n\n")
    assert result.exit_code == 0
    assert "would become" in result.output
    assert scores(cli) == [1305, 140]
    result = cli("edit", "1", "--side", "Cat & Dan", "h=25", input="y\n")
    assert result.exit_code == 0, result.output
    assert scores(cli) == [1305, 185]


def test_json_output_stays_a_document_and_the_hint_goes_to_stderr(cli):
    played(cli)
    result = cli("edit", "1", "--side", "Cat & Dan", "m=555", "--yes", "--json")
    assert result.exit_code == 0, result.output
    import json

    doc = json.loads(result.stdout)
    assert [t["hand_score"] for t in doc["teams"]] == [1305, 555 + 100 - 70]
    assert "m=555/" in result.stderr


@pytest.mark.parametrize("side", ["2", "2:", "２：", " 2 "])
def test_a_side_is_named_by_its_number_too(cli, db, side):
    # the second side in seating order, as play's "fix 2" and the entry "2: m=50" name it
    played(cli)
    result = cli("edit", "1", "--side", side, "h=25", "--yes")
    assert result.exit_code == 0, result.output
    assert scores(cli) == [1305, 110 + 100 - 25]


def test_a_player_names_their_side(cli, db):
    # at the table, "Cat's side": a player's name finds the side they play on
    result = cli(
        "new", "classic", "--team", "Ann & Bob", "--team", "Cat & Dan",
        "--players", "Ann,Bob", "--players", "Cat,Dan",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert cli("hand", "--yes", A, B).exit_code == 0
    result = cli("edit", "1", "--side", "dan", "h=25", "--yes")
    assert result.exit_code == 0, result.output
    assert scores(cli) == [1305, 110 + 100 - 25]
    line = refused(cli, db, "edit", "1", "--side", "Eve", "h=5", "--yes")
    assert "no side or player called 'Eve'" in line and "players: Ann, Bob, Cat, Dan" in line


def test_a_number_past_the_sides_is_no_side(cli, db):
    played(cli)
    line = refused(cli, db, "edit", "1", "--side", "3", "h=25", "--yes")
    assert "'3'" in line and "Cat & Dan" in line


def test_a_side_is_named_with_the_colon_an_entry_writes_after_it(cli, db):
    # red team: "--side 2:" was taken, "--side 'Cat & Dan:'" refused
    played(cli)
    result = cli("edit", "1", "--side", "cat & dan：", "h=25", "--yes")
    assert result.exit_code == 0, result.output
    assert scores(cli) == [1305, 110 + 100 - 25]

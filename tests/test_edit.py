"""Correcting games: undo, redo, edit, delete and restore (issue: review and correct past games).

Hand scores are worked out by hand from RULES.md §2 (classic): melded cards + canasta bonuses
(natural 500, mixed 300) + red threes (100 each) + going out (100) - cards left in hand; opening
minimum by the side's score before the hand: below 1,500 is 50, 1,500 to 2,995 is 90, 3,000 or
more is 120.
"""

from __future__ import annotations

import pytest
from conftest import refused

from scorekeeper.cli import edit as edit_module

A_HAND_1 = "meld=220 natural=1 mixed=1 red=2 out hand=15"  # 220+800+200+100-15 = 1,305
B_HAND_1 = "meld=110 red=1 hand=70"  # 110+100-70 = 140
A_HAND_2 = "meld=100 hand=20"  # 80
B_HAND_2 = "meld=150 mixed=1 out"  # 150+300+100 = 550
A_HAND_3 = "meld=60 hand=5"  # 55
B_HAND_3 = "meld=200 natural=1 out"  # 200+500+100 = 800


def new_game(cli, *extra):
    result = cli("new", "classic", "--team", "Us", "--team", "Them", *extra)
    assert result.exit_code == 0, result.output


def new_classic_game(cli, *teams):
    args = [x for team in teams or ("A", "B") for x in ("--team", team)]
    assert cli("new", "classic", *args).exit_code == 0


def totals(cli):
    return [t["total"] for t in cli.json("status")["teams"]]


def test_edit_of_hand_1_across_the_1500_band_raises_the_later_minimum(cli):
    new_game(cli)
    cli("hand", "--yes", A_HAND_1, B_HAND_1)
    cli("hand", "--yes", A_HAND_2, B_HAND_2)
    sheet = cli.json("show")
    # Before the edit: Us at 1,305 before hand 2, so 50; 1,385 after it, so 50 next.
    assert sheet["hands"][1]["teams"][0]["minimum_applied"] == {"points": 50, "requires": None}
    assert cli.json("status")["teams"][0]["opening_minimum"]["points"] == 50
    # Hand 1 re-entered with 200 more melded: 1,505, which crosses into the 90 band.
    doc = cli.json("edit", "2", A_HAND_2, B_HAND_2, "--yes")
    assert doc["hand"] == 2
    result = cli("edit", "1", "--yes", "meld=420 natural=1 mixed=1 red=2 out hand=15", B_HAND_1)
    assert result.exit_code == 0, result.output
    sheet = cli.json("show")
    assert sheet["hands"][0]["teams"][0]["hand_score"] == 1505
    assert sheet["hands"][0]["teams"][0]["minimum_applied"]["points"] == 50
    assert sheet["hands"][1]["teams"][0]["minimum_applied"]["points"] == 90
    assert sheet["hands"][0]["teams"][0]["opening_minimum"]["points"] == 90
    assert totals(cli) == [1505 + 80, 140 + 550]
    assert cli.json("status")["teams"][0]["opening_minimum"]["points"] == 90


def test_edit_takes_a_json_file_and_keeps_the_note_unless_given(cli, tmp_path):
    new_game(cli)
    cli("hand", "--yes", A_HAND_1, B_HAND_1, "--note", "first deal")
    entry = tmp_path / "hand.json"
    entry.write_text(
        '{"teams": [{"team": "Them", "meld_points": 90}, {"team": "Us", "meld_points": 120,'
        ' "canastas": {"mixed": 1}, "went_out": true}]}',
        encoding="utf-8",
    )
    result = cli("edit", "1", "--file", str(entry), "--yes")
    assert result.exit_code == 0, result.output
    sheet = cli.json("show")
    assert [t["hand_score"] for t in sheet["hands"][0]["teams"]] == [120 + 300 + 100, 90]
    assert sheet["hands"][0]["note"] == "first deal"


def test_edit_that_breaks_a_rule_changes_nothing(cli):
    new_game(cli)
    cli("hand", "--yes", A_HAND_1, B_HAND_1)
    result = cli("edit", "1", "--yes", "meld=120 mixed=1 out", "meld=150 mixed=1 out")
    assert result.exit_code == 1
    assert totals(cli) == [1305, 140]
    assert cli("edit", "2", "--yes", A_HAND_1, B_HAND_1).exit_code == 1


def test_undo_of_the_winning_hand_reopens_the_game_and_redo_finishes_it(cli):
    new_game(cli, "--start-score", "4500", "--start-score", "1000")
    win = cli.json("hand", "--yes", "meld=300 natural=1 out", "meld=50")  # +900: 5,400
    assert win["winner"] == "Us"
    shown = cli.json("show")
    assert shown["status"] == "won" and shown["finished"]
    undone = cli.json("undo")
    assert undone["status"] == "playing" and undone["winner"] is None
    assert [t["total"] for t in undone["teams"]] == [4500, 1000]
    assert cli.json("show")["finished"] is None
    redone = cli.json("redo")
    assert redone["winner"] == "Us" and [t["total"] for t in redone["teams"]] == [5400, 1050]
    assert cli.json("show")["finished"]


def test_undo_twice_then_the_same_hands_again_gives_the_same_totals(cli):
    new_game(cli)
    for a, b in ((A_HAND_1, B_HAND_1), (A_HAND_2, B_HAND_2), (A_HAND_3, B_HAND_3)):
        assert cli("hand", "--yes", a, b).exit_code == 0
    expected = [1305 + 80 + 55, 140 + 550 + 800]
    assert totals(cli) == expected
    before = cli.json("show")
    assert cli("undo", "--yes").exit_code == 0
    assert cli("undo", "--yes").exit_code == 0
    assert totals(cli) == [1305, 140]
    cli("hand", "--yes", A_HAND_2, B_HAND_2)
    cli("hand", "--yes", A_HAND_3, B_HAND_3)
    after = cli.json("show")
    assert totals(cli) == expected
    for sheet in (before, after):
        for hand in sheet["hands"]:
            hand.pop("recorded_at")
    assert after == before


def test_a_new_hand_ends_redo(cli):
    new_game(cli)
    cli("hand", "--yes", A_HAND_1, B_HAND_1)
    cli("undo")
    cli("hand", "--yes", A_HAND_2, B_HAND_2)
    result = cli("redo")
    assert result.exit_code == 1
    assert "no hand to redo" in result.stderr
    assert totals(cli) == [80, 550]


def test_undo_and_redo_keep_a_cutthroat_hands_partners(cli):
    cli("new", "cutthroat", "--team", "Ann", "--team", "Bob", "--team", "Cat")
    # Bob and Cat together hold the two canastas cutthroat needs to go out (RULES.md §2.2).
    doc = cli.json(
        "hand", "--partners", "Bob,Cat", "m=120 h=20", "m=200 nat=1 out", "m=90 mix=1 h=15"
    )
    assert cli("undo").exit_code == 0
    again = cli.json("redo")
    assert [t["hand_score"] for t in again["teams"]] == [t["hand_score"] for t in doc["teams"]]


def test_edit_that_changes_the_winner_refinishes_and_one_that_undecides_reopens(cli):
    new_game(cli, "--start-score", "4000", "--start-score", "4000")
    cli("hand", "--yes", "meld=700 natural=1 out", "meld=50 hand=10")  # 1,300 -> 5,300
    assert cli.json("status")["winner"] == "Us"
    # Them went out instead: 4,040 against 5,300.
    doc = cli.json("edit", "1", "--yes", "meld=50 hand=10", "meld=700 natural=1 out")
    assert doc["winner"] == "Them"
    shown = cli.json("show")
    assert shown["status"] == "won" and shown["finished"]
    # Nobody reaches 5,000: 4,500 and 4,040, the game is open again.
    doc = cli.json("edit", "1", "--yes", "meld=100 mixed=1 out", "meld=50 hand=10")
    assert doc["winner"] is None
    shown = cli.json("show")
    assert shown["status"] == "playing" and shown["finished"] is None
    assert [t["total"] for t in shown["teams"]] == [4500, 4040]


def test_changes_ask_on_a_terminal_and_no_keeps_everything(cli, monkeypatch):
    new_game(cli)
    cli("hand", "--yes", A_HAND_1, B_HAND_1)
    monkeypatch.setattr(edit_module, "stdin_is_terminal", lambda: True)
    result = cli("undo", input="n\n")
    assert result.exit_code == 0
    assert "Take back hand 1" in result.output
    result = cli("edit", "1", A_HAND_2, B_HAND_2, input="n\n")
    assert result.exit_code == 0
    assert totals(cli) == [1305, 140]
    result = cli("undo", input="y\n")
    assert result.exit_code == 0
    assert totals(cli) == [0, 0]


@pytest.mark.parametrize("terminal", [False, True])
def test_delete_needs_yes_without_a_terminal_and_restore_brings_the_game_back(
    cli, monkeypatch, terminal
):
    new_game(cli)
    cli("hand", "--yes", A_HAND_1, B_HAND_1)
    monkeypatch.setattr(edit_module, "stdin_is_terminal", lambda: terminal)
    if terminal:
        assert cli("delete", "1", input="n\n").exit_code == 0
        assert [g["game"] for g in cli.json("games")["games"]] == [1]
        assert cli("delete", "1", input="y\n").exit_code == 0
    else:
        result = cli("delete", "1")
        assert result.exit_code == 2
        assert "--yes" in result.stderr
        assert [g["game"] for g in cli.json("games")["games"]] == [1]
        assert cli("delete", "1", "--yes").exit_code == 0
    assert cli.json("games")["games"] == []
    assert cli.json("stats")["teams"] == []
    deleted = cli.json("games", "--status", "deleted")["games"]
    assert [(g["game"], g["status"]) for g in deleted] == [(1, "deleted")]
    assert cli("resume", "1").exit_code == 1
    assert cli("restore", "1").exit_code == 0
    assert [t["total"] for t in cli.json("games")["games"][0]["teams"]] == [1305, 140]
    assert cli("resume", "1").exit_code == 0
    assert cli.json("status")["game"] == 1


def test_game_ids_are_never_reused_after_a_delete(cli):
    new_game(cli)
    new_game(cli)
    assert cli("delete", "2", "--yes").exit_code == 0
    new_game(cli)
    ids = [g["game"] for g in cli.json("games", "--status", "all")["games"]]
    assert ids == [3, 2, 1]


def test_edit_in_the_guided_style_asks_as_hand_number_n(cli):
    new_game(cli)
    cli("hand", "--yes", A_HAND_1, B_HAND_1)
    cli("hand", "--yes", A_HAND_2, B_HAND_2)
    # Hand 1 again: side 2 went out, not concealed; Us: meld 100, no canastas, 1 red three,
    # hand 30, no penalty (100+100-30 = 170); Them: meld 200, 1 natural, 0 mixed, 0 red threes,
    # hand 0, no penalty (200+500+100 = 800).
    answers = "2\nn\n100\n0\n0\n1\n30\n0\n200\n1\n0\n0\n0\n0\n"
    result = cli("edit", "1", "--guided", "--yes", "--json", input=answers)
    assert result.exit_code == 0, result.output
    assert "Hand 1:" in result.output
    assert totals(cli) == [170 + 80, 800 + 550]


def test_a_deleted_game_cannot_be_changed_until_restored(cli):
    new_game(cli)
    cli("hand", "--yes", A_HAND_1, B_HAND_1)
    cli("delete", "1", "--yes")
    for args in (("undo", "--game", "1"), ("edit", "1", "--game", "1", A_HAND_2, B_HAND_2)):
        result = cli(*args, "--yes")
        assert result.exit_code == 1
        assert "restore" in result.stderr
    cli("restore", "1")
    assert cli("undo", "--game", "1", "--yes").exit_code == 0


def test_a_deleted_game_takes_no_hand(cli, db):
    new_classic_game(cli)
    new_classic_game(cli, "A", "C")
    assert cli("delete", "2", "--yes").exit_code == 0
    line = refused(cli, db, "hand", "--game", "2", "--yes", "m=300 nat=1 out", "m=50")
    assert "game 2 is deleted" in line and "restore 2" in line

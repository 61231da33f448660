"""A player alone who went out holds no card (RULES.md §0): refused as a hand is recorded or
corrected; a game kept before the check is read and scored as it was."""

from __future__ import annotations

from conftest import refused

from scorekeeper.domain import scoring


def cutthroat(cli) -> None:
    assert cli("new", "cutthroat", "-t", "Ann", "-t", "Bob", "-t", "Cat").exit_code == 0


def test_recording_or_correcting_such_a_hand_is_refused(cli, db):
    cutthroat(cli)
    line = refused(cli, db, "hand", "--yes", "m=150 nat=1 mix=1 out h=5", "m=50", "m=50")
    assert line.startswith("Error: Ann: a player who goes out holds no card, so the cards left")
    # a red three kept in hand (its penalty, RULES.md §2) is a card left in hand too
    line = refused(
        cli, db, "hand", "--yes", "m=150 nat=1 mix=1 out red_three_not_declared=1", "-", "-"
    )
    assert "a player who goes out holds no card" in line
    assert cli("hand", "--yes", "m=150 nat=1 mix=1 out", "m=50", "m=50").exit_code == 0
    refused(cli, db, "edit", "1", "--side", "Ann", "h=5", "--yes")
    assert cli("edit", "1", "--side", "Bob", "h=5", "--yes").exit_code == 0  # Bob did not go out


def test_a_hand_kept_before_the_check_is_scored_as_it_was(cli, db, monkeypatch):
    cutthroat(cli)
    with monkeypatch.context() as earlier:  # as an earlier version kept it
        earlier.setattr(scoring, "NEW_SIDE_CHECKS", ())
        assert cli("hand", "--yes", "m=150 nat=1 mix=1 out h=5", "m=50", "m=50").exit_code == 0
    # RULES.md §2: 150 + 500 + 300 + 100 for going out - 5 = 1,045; the others 50 each
    assert [t["total"] for t in cli.json("status")["teams"]] == [1045, 50, 50]
    assert cli("hand", "--yes", "m=50", "m=50", "m=50").exit_code == 0  # the game goes on
    assert cli("edit", "1", "--side", "Ann", "h=0", "--yes").exit_code == 0  # and is corrected
    assert cli.json("status")["teams"][0]["total"] == 1050 + 50


def test_a_hand_kept_before_the_check_is_taken_back_put_back_and_corrected(cli, db, monkeypatch):
    # red team: undo then redo of such a hand was refused (only a backup brought it back), and
    # correcting the other side's entry was refused for Ann's, unchanged
    cutthroat(cli)
    with monkeypatch.context() as earlier:
        earlier.setattr(scoring, "NEW_SIDE_CHECKS", ())
        assert cli("hand", "--yes", "m=150 nat=1 mix=1 out h=5", "m=50", "m=50").exit_code == 0
    assert cli("undo", "--yes").exit_code == 0
    assert cli("redo", "--yes").exit_code == 0
    assert [t["total"] for t in cli.json("status")["teams"]] == [1045, 50, 50]
    assert cli("edit", "1", "--side", "Bob", "h=10", "--yes").exit_code == 0  # Bob's alone
    assert [t["total"] for t in cli.json("status")["teams"]] == [1045, 40, 50]
    refused(cli, db, "edit", "1", "--side", "Ann", "h=15", "--yes")  # Ann's, changed: checked


def test_the_guided_questions_ask_no_cards_left_of_a_player_alone_who_went_out(cli, db):
    # a new user was asked "Points left in hand" for the player who went out, and refused
    # only once every side was answered
    assert cli("new", "classic-2", "-t", "Ann", "-t", "Bob").exit_code == 0
    # Ann went out, not concealed; Ann 150 with a natural and a mixed canasta, no red three;
    # Bob 50, holding 20: Ann 150 + 500 + 300 + 100 = 1,050, Bob 50 - 20 = 30
    answers = "1\nn\n150\n1\n1\n0\n50\n0\n0\n0\n20\n0\n"
    result = cli("hand", "--guided", "--yes", input=answers)
    assert result.exit_code == 0, result.output
    assert result.stderr.count("Points left in hand") == 1  # Bob's alone
    assert result.stderr.count("Red three kept in hand") == 1
    assert [t["total"] for t in cli.json("status")["teams"]] == [1050, 30]

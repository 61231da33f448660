"""Every refusal of a hand or of a new game: exit code 1, a one-line message, and the database
byte-identical.

RULES.md §16c deck limits; DESIGN.md "Storage and safety"; issue: foundation, point 3.
"""

from __future__ import annotations

import json

import pytest
from conftest import refused


@pytest.fixture
def game(cli, db):
    result = cli("new", "classic", "--team", "Ann & Bob", "--team", "Cat & Dan")
    assert result.exit_code == 0
    assert cli("hand", "m=100 nat=1 out", "m=50").exit_code == 0
    return db


@pytest.fixture
def game_ab(cli, db):
    assert cli("new", "classic", "--team", "A", "--team", "B").exit_code == 0
    assert cli("hand", "m=100 nat=1 out", "m=50").exit_code == 0
    return db


def file_hand(*teams):
    return json.dumps({"teams": list(teams)})


def new_game(cli, *teams):
    args = [x for team in teams or ("A", "B") for x in ("--team", team)]
    assert cli("new", "classic", *args).exit_code == 0


def test_negative_count_in_json(cli, game):
    msg = refused(cli, game, "hand", "--file", "-", input=file_hand({"red_threes": -1}, {}))
    assert "cannot be negative" in msg


def test_negative_count_in_a_line(cli, game):
    msg = refused(cli, game, "hand", "m=50 nat=-1", "-")
    assert "cannot be negative" in msg


def test_points_not_a_multiple_of_5(cli, game):
    msg = refused(cli, game, "hand", "m=52", "-")
    assert "52" in msg and "multiple of 5" in msg


def test_hand_points_not_a_multiple_of_5(cli, game):
    msg = refused(cli, game, "hand", "m=50", "h=33")
    assert "multiple of 5" in msg


def test_meld_points_beyond_what_two_decks_hold(cli, game):
    # Two decks with four jokers hold 1,180 points in all (RULES.md §1 values).
    msg = refused(cli, game, "hand", "m=1200", "-")
    assert "1,180" in msg


def test_all_sides_together_beyond_what_the_decks_hold(cli, game):
    msg = refused(cli, game, "hand", "m=700 nat=1", "m=600")
    assert "1,300" in msg and "1,180" in msg


def test_more_red_threes_than_the_decks_hold(cli, game):
    msg = refused(cli, game, "hand", "m=50 r=3", "m=50 r=2")
    assert "5 red threes" in msg and "hold 4" in msg


def test_two_sides_going_out(cli, game):
    msg = refused(cli, game, "hand", "m=100 nat=1 out", "m=100 mix=1 out")
    assert "only one side can go out" in msg


def test_concealed_without_going_out(cli, game):
    # "concealed": true alone means the side went out; with "went_out": false it contradicts.
    entry = file_hand(
        {"meld_points": 100, "canastas": {"natural": 1}, "concealed": True, "went_out": False}, {}
    )
    msg = refused(cli, game, "hand", "--file", "-", input=entry)
    assert "concealed" in msg and "did not go out" in msg


def test_going_out_without_a_canasta(cli, game):
    msg = refused(cli, game, "hand", "m=100 out", "-")
    assert "needs at least 1 canasta" in msg


def test_canasta_kind_the_variant_does_not_have(cli, game):
    entry = file_hand({"meld_points": 100, "canastas": {"wild": 1}}, {})
    msg = refused(cli, game, "hand", "--file", "-", input=entry)
    assert "no canasta kind 'wild'" in msg and "natural, mixed" in msg


def test_unknown_side_name(cli, game):
    entry = file_hand({"team": "Zed", "meld_points": 50}, {"team": "Cat & Dan"})
    msg = refused(cli, game, "hand", "--file", "-", input=entry)
    assert "no side called 'Zed'" in msg


def test_hand_for_a_game_already_won(cli, db):
    cli(
        "new",
        "classic",
        "--team",
        "A",
        "--team",
        "B",
        "--start-score",
        "4900",
        "--start-score",
        "0",
    )
    assert cli("hand", "m=100 nat=1 out", "-").exit_code == 0  # A: 4,900 + 700
    msg = refused(cli, db, "hand", "m=50", "m=50")
    assert "over" in msg and "A won" in msg


def test_wrong_number_of_entries(cli, game):
    msg = refused(cli, game, "hand", "m=50")
    assert "2 sides" in msg


def test_unknown_item_in_a_line(cli, game):
    msg = refused(cli, game, "hand", "m=50 zebra=1", "-")
    assert "unknown item 'zebra'" in msg


def test_malformed_json_file(cli, game):
    msg = refused(cli, game, "hand", "--file", "-", input="{not json")
    assert "not valid JSON" in msg


def test_unknown_key_in_json_entry(cli, game):
    msg = refused(cli, game, "hand", "--file", "-", input=file_hand({"meld": 50}, {}))
    assert "unknown key 'meld'" in msg


def test_no_entries_without_a_terminal_is_a_usage_error(cli, game):
    msg = refused(cli, game, "hand", code=2)
    assert "no hand given" in msg


@pytest.mark.parametrize(
    ("melds", "words"),
    [
        ("KK", "at least 3 cards"),
        ("XXX", "no melds of wild cards only"),
        ("3r/3r/3r", "red threes are never melded"),
        ("KKK2222", "at most 3 wild cards"),
        ("KK222", "more wild cards than natural"),
    ],
)
def test_an_illegal_meld_typed_as_cards_is_refused(cli, game_ab, melds, words):
    # RULES.md §2 meld rules.
    msg = refused(cli, game_ab, "hand", f"m={melds}", "-")
    assert words in msg


def test_canastas_given_that_the_cards_contradict(cli, game_ab):
    msg = refused(cli, game_ab, "hand", "m=KKKKKKK/QQQQ22X nat=0", "-")
    assert "the melds make" in msg


def test_canastas_worth_more_than_the_meld_points(cli, game_ab):
    # A natural canasta holds seven cards worth at least 7 x 5 = 35.
    msg = refused(cli, game_ab, "hand", "m=10 nat=1", "-")
    assert "at least 35" in msg
    msg = refused(cli, game_ab, "hand", "m=50 nat=3", "-")
    assert "at least 105" in msg


def test_red_threes_kept_in_hand_count_toward_the_four_in_the_decks(cli, game_ab):
    msg = refused(cli, game_ab, "hand", "m=100 r=3 red_three_not_declared=2", "-")
    assert "5 red threes" in msg


def test_items_that_contradict_each_other(cli, game_ab):
    assert "say different things" in refused(cli, game_ab, "hand", "m=100 nat=1 conc out=0", "-")
    assert "say different things" in refused(cli, game_ab, "hand", "m=100 m=200", "-")


def test_items_the_variant_does_not_have_are_not_offered(cli, game_ab):
    msg = refused(cli, game_ab, "hand", "m=100 special=garbage", "-")
    assert "unknown item 'special'" in msg and "special" not in msg.split("items:")[1]


def test_an_empty_entry_is_refused(cli, db):
    new_game(cli)
    line = refused(cli, db, "hand", "--yes", "", "m=50")
    assert "write '-' for a side that scored nothing" in line
    assert cli("hand", "--yes", "-", "m=50").exit_code == 0


def test_partners_are_refused_where_sides_are_fixed(cli):
    new_game(cli)
    result = cli("hand", "--partners", "A,B", "m=50", "m=50")
    # a rule of the game's variant refuses them, as in a file's entry: exit 1 (issue 18)
    assert result.exit_code == 1 and "fixed sides" in result.stderr


def test_guided_with_entries_is_a_usage_error(cli, game_ab):
    refused(cli, game_ab, "hand", "--guided", "m=50", "m=50", code=2)


def test_unknown_variant(cli, db):
    result = cli("new", "pinochle", "--team", "A", "--team", "B")
    assert result.exit_code == 1
    assert "no variant called 'pinochle'" in result.stderr
    assert not db.exists()


def test_wrong_number_of_sides_for_the_variant(cli, db):
    result = cli("new", "classic-2", "--team", "A", "--team", "B", "--team", "C")
    assert result.exit_code == 1
    assert "2 sides, not 3" in result.stderr


def test_a_start_score_at_or_above_the_target(cli, db):
    msg = refused(
        cli,
        db,
        "new",
        "classic",
        "--team",
        "A",
        "--team",
        "B",
        "--start-score",
        "6000",
        "--start-score",
        "0",
    )
    assert "at or above the target 5,000" in msg


@pytest.mark.parametrize(
    "players",
    [[",", "C,D"], ["A,A", "C,D"], ["A,B", "A,C"]],
)
def test_player_lists_that_cannot_be(cli, db, players):
    args = ["new", "classic", "--team", "X", "--team", "Y"]
    for p in players:
        args += ["--players", p]
    refused(cli, db, *args)


def test_one_canasta_kind_named_twice_in_json(cli, game):
    # The one-line form refuses natural=1 clean=1 ("say different things"); JSON alike.
    hand = file_hand({"canastas": {"natural": 1, "clean": 1}, "meld_points": 1000}, {})
    line = refused(cli, game, "hand", "--file", "-", input=hand)
    assert "'natural' and 'clean' are the same kind" in line


def test_a_rule_set_twice_is_a_usage_error(cli, db):
    line = refused(
        cli,
        db,
        "new",
        "classic",
        "-t",
        "A",
        "-t",
        "B",
        "--set",
        "target=abc",
        "--set",
        "target=3000",
        code=2,
    )
    assert "--set target is given twice" in line

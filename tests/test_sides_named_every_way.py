"""A side is named the same ways on every surface (red team round on issue 18): by its name
(case, spacing and, as a Japanese keyboard types them, full-width forms ignored) or by its
number in seating order; a cutthroat hand's partners by a player's or side's name or number.

Scores are RULES.md §2 (classic): melded cards + canasta bonuses (natural 500) + going out
(100) - cards left in hand.
"""

from __future__ import annotations

import json

from conftest import new_game, refused

WIDE_FIRST = "ＡＮＮ & ＢＯＢ"  # "Ann & Bob" typed in full-width forms
WIDE_SECOND = "ｃａｔ & ｄａｎ"


def scores(cli, number=1):
    return [t["hand_score"] for t in cli.json("show")["hands"][number - 1]["teams"]]


def test_a_named_entry_finds_a_side_typed_in_full_width(cli, db):
    new_game(cli)
    # entries in the other order, named: 120 + 500 + 100 = 720 for Ann & Bob
    result = cli("hand", "--yes", f"{WIDE_SECOND}: m=50", f"{WIDE_FIRST}: m=120 nat=1 out")
    assert result.exit_code == 0, result.output
    assert scores(cli) == [720, 50]


def test_edit_side_and_check_team_find_a_side_typed_in_full_width(cli, db):
    new_game(cli)
    assert cli("hand", "--yes", "m=120 nat=1 out", "m=50").exit_code == 0
    result = cli("edit", "1", "--side", WIDE_SECOND, "h=25", "--yes")
    assert result.exit_code == 0, result.output
    assert scores(cli) == [720, 25]
    checked = cli("check", "KKK", "AAA", "--team", WIDE_FIRST, "--json")
    assert checked.exit_code == 0, checked.output  # 30 + 60 = 90, minimum 50 at 720
    assert json.loads(checked.stdout)["team"] == "Ann & Bob"


def test_plays_fix_and_check_find_a_side_typed_in_full_width(cli, db):
    new_game(cli)
    assert cli("hand", "--yes", "m=120 nat=1 out", "m=50").exit_code == 0
    lines = [f"fix {WIDE_SECOND} m=60", "y", f"check {WIDE_FIRST}: KKK", "quit"]
    result = cli("play", input="".join(f"{line}\n" for line in lines))
    assert result.exit_code == 0, result.output
    assert scores(cli) == [720, 60]
    assert "20 short of the 50 needed" in result.stdout  # KKK is 30


def test_a_side_number_past_the_sides_names_no_side(cli, db):
    new_game(cli)
    assert cli("hand", "--yes", "m=120 nat=1 out", "m=50").exit_code == 0
    refused(cli, db, "edit", "1", "--side", "0", "h=5", "--yes")
    refused(cli, db, "check", "KKK", "--team", "3")


def cutthroat(cli):
    result = cli("new", "cutthroat", "-t", "Ann", "-t", "Bob", "-t", "Cat")
    assert result.exit_code == 0, result.output


def test_hand_partners_by_the_sides_numbers_as_play_asks_them(cli, db):
    # RULES.md §2.2: the two partners of a cutthroat hand
    cutthroat(cli)
    for partners in ("2 3", "2,3", "ＢＯＢ,cat"):
        result = cli("hand", "--yes", "--partners", partners, "m=50", "m=50", "m=50")
        assert result.exit_code == 0, (partners, result.output)
    assert [h["partners"] for h in cli.json("show")["hands"]] == [["Bob", "Cat"]] * 3


def test_hand_partners_that_are_not_two_sides_are_refused(cli, db):
    cutthroat(cli)
    for partners in ("2", "2 2", "2 4", "Bob Eve"):
        refused(cli, db, "hand", "--yes", "--partners", partners, "m=50", "m=50", "m=50")


def test_guided_which_side_went_out_takes_a_name_too(cli, db):
    new_game(cli)
    # going out: Cat & Dan, not concealed; Ann & Bob melded 50 (Enter for their other five
    # questions); Cat & Dan 120 with a natural canasta: 120 + 500 + 100 = 720
    answers = "cat & dan\nn\n50\n" + "\n" * 5 + "120\n1\n" + "\n" * 40
    result = cli("hand", "--guided", "--yes", "--json", input=answers)
    assert result.exit_code == 0, result.output
    teams = json.loads(result.stdout.splitlines()[-1])["teams"]  # after the answers' echo
    assert [t["going_out_bonus"] for t in teams] == [0, 100]
    assert [t["hand_score"] for t in teams] == [50, 720]


def test_named_entries_take_a_sides_number(cli, db):
    # "2: m=50" is the second side, as fix 2 and edit --side 2 name it
    new_game(cli)
    result = cli("hand", "--yes", "２: m=50", "1: m=120 nat=1 out")
    assert result.exit_code == 0, result.output
    assert scores(cli) == [720, 50]
    refused(cli, db, "hand", "--yes", "3: m=50", "1: m=70")
    # with no space after the colon too, as "Cat & Dan:m=50" is read (red team: "2:m=110"
    # was blamed on the first side as an unknown item '2:m')
    result = cli("hand", "--yes", "2:m=60", "１：m=120 nat=1 out")
    assert result.exit_code == 0, result.output
    assert scores(cli, 2) == [720, 60]


def test_plays_fix_takes_a_full_width_number(cli, db):
    new_game(cli)
    assert cli("hand", "--yes", "m=120 nat=1 out", "m=50").exit_code == 0
    result = cli("play", input="fix ２ m=60\nquit\n")
    assert result.exit_code == 0, result.output
    assert scores(cli) == [720, 60]


def test_players_differing_only_in_width_are_refused(cli, db):
    # a dealer "ＡＮＮ" would name either (red team: it named the other side's player)
    args = ["new", "classic", "-t", "S1", "-t", "S2", "--players", "Ann,Bob"]
    line = refused(cli, db, *args, "--players", "ＡＮＮ,Dan")
    assert "differ only in the width" in line


def test_a_partners_name_holding_a_comma_is_read_whole(cli, db):
    # RULES.md §2.2: the two partners of a cutthroat hand; a side called "Lee, Ann"
    assert cli("new", "cutthroat", "-t", "Lee, Ann", "-t", "Bob", "-t", "Cat").exit_code == 0
    result = cli("hand", "--yes", "--partners", "Lee, Ann,Bob", "m=50", "m=50", "m=50")
    assert result.exit_code == 0, result.output
    assert cli.json("show")["hands"][0]["partners"] == ["Lee, Ann", "Bob"]
    refused(cli, db, "hand", "--yes", "--partners", " , ", "m=50", "m=50", "m=50")


def test_a_hand_files_partners_may_be_the_sides_numbers(cli, db, tmp_path):
    cutthroat(cli)
    hand = tmp_path / "h.json"
    teams = [{"meld_points": 50}] * 3
    hand.write_text(json.dumps({"teams": teams, "partners": [2, 3]}), encoding="utf-8")
    result = cli("hand", "--yes", "--file", str(hand))
    assert result.exit_code == 0, result.output
    assert cli.json("show")["hands"][0]["partners"] == ["Bob", "Cat"]


def test_fix_takes_a_sides_number_with_its_colon_and_partners_a_full_width_comma(cli, db):
    new_game(cli)
    assert cli("hand", "--yes", "m=120 nat=1 out", "m=50").exit_code == 0
    result = cli("play", input="fix ２： m=80\nquit\n")  # as a named entry writes it
    assert result.exit_code == 0, result.output
    assert scores(cli) == [720, 80]
    cutthroat(cli)
    result = cli("hand", "--yes", "--partners", "２，３", "m=50", "m=50", "m=50")
    assert result.exit_code == 0, result.output
    assert cli.json("show")["hands"][0]["partners"] == ["Bob", "Cat"]


def test_a_players_name_names_their_side_where_one_side_is_asked_for(cli, db):
    # a new user typed "--team Bob" and, at "Which side went out?", a player's name
    args = ["new", "classic", "-t", "Ann & Bob", "-t", "Cat & Dan"]
    assert cli(*args, "--players", "Ann,Bob", "--players", "Cat,Dan").exit_code == 0
    # going out: Dan's side, not concealed; Ann & Bob 50; Cat & Dan 120 + 500 + 100 = 720
    answers = "dan\nn\n50\n" + "\n" * 5 + "120\n1\n" + "\n" * 40
    result = cli("hand", "--guided", "--yes", "--json", input=answers)
    assert result.exit_code == 0, result.output
    assert [t["hand_score"] for t in cli.json("show")["hands"][0]["teams"]] == [50, 720]
    # Bob's side, Ann & Bob, has 50 to open from a score of 50 (RULES.md: under 1,500)
    result = cli("check", "KKK", "--team", "bob", "--json")
    doc = json.loads(result.stdout)
    assert doc["team"] == "Ann & Bob" and doc["opening_minimum"]["points"] == 50
    assert doc["short_by"] == 20 and result.exit_code == 1  # kings 3 x 10 = 30


def test_a_sides_name_without_its_colon_says_to_write_the_colon(cli, db):
    # a new user typed "Cat & Dan m=400" and was told of an unknown item 'Cat'
    new_game(cli)
    line = refused(cli, db, "hand", "--yes", "cat & dan m=110", "Ann & Bob: m=220")
    assert line == (
        "Error: 'Cat & Dan' is a side: write a colon after its name to name it ('Cat & Dan: m=110')"
    )
    result = cli("play", input="m=50\nCat & Dan m=60\nCat & Dan: m=60\nquit\n")
    assert "write a colon after its name" in result.stderr
    assert scores(cli) == [50, 60]


def test_entries_typed_without_quotes_are_told_to_be_quoted(cli, db):
    new_game(cli)
    line = refused(cli, db, "hand", "--yes", "m=220", "h=30", "m=50")
    assert line.endswith('got 3 (quote each side\'s entry, its items together: "m=220 h=30")')
    line = refused(cli, db, "hand", "--yes", "m=220 h=30", "m=50", "-")
    assert line.endswith("got 3")  # entries of several items were quoted


def test_a_side_whose_name_starts_another_sides_is_named_with_its_colon(cli, db):
    # red team: with sides "Ann" and "Ann & Bob", "Ann & Bob: m=50" was refused as "'Ann' is a
    # side: write a colon after its name" (a line starts with the longest side's name it can)
    assert cli("new", "classic", "-t", "Ann", "-t", "Ann & Bob").exit_code == 0
    result = cli("hand", "--yes", "Ann & Bob: m=50 nat=1 out", "Ann:m=110")
    assert result.exit_code == 0, result.output
    assert scores(cli) == [110, 50 + 500 + 100]
    line = refused(cli, db, "hand", "--yes", "Ann & Bob m=50", "Ann: m=60")
    assert line.endswith("('Ann & Bob: m=50')")


def test_a_name_holding_a_colon_typed_without_one_after_it_is_said_not_split(cli, db):
    # red team: with sides "Us" and "Us:Red", "Us:Red m=50" went to Us as a red three
    assert cli("new", "classic", "-t", "Us", "-t", "Us:Red").exit_code == 0
    line = refused(cli, db, "hand", "--yes", "Us:Red m=50", "2: m=10")
    assert line.endswith(
        "'Us:Red' is a side: write a colon after its name to name it ('Us:Red: m=50')"
    )
    result = cli("hand", "--yes", "Us:Red: m=50", "Us: m=10")
    assert result.exit_code == 0, result.output
    assert scores(cli) == [10, 50]
    result = cli("hand", "--yes", "Us : m=20", "Us:Red : m=30")  # a space before the colon
    assert result.exit_code == 0, result.output
    assert scores(cli, 2) == [20, 30]

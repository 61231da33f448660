"""`rematch [GAME]` (issue 12, item 6): a new game with the same variant, rules (the game's own
copy), options, sides, players and label, made current, the deal passing on."""

from __future__ import annotations

import pytest
from conftest import PARTNERSHIPS as TEAMS

HAND = ("m=120 nat=1 out", "m=90 h=20")


def test_rematch_copies_the_game_and_becomes_current(cli):
    cli.json(
        "new", "classic", *TEAMS, "--label", "Friday", "--set", "vienna=true", "--target", "3000"
    )
    cli.json("hand", "--yes", *HAND)
    doc = cli.json("rematch")
    assert doc["game"] == 2 and doc["hands_played"] == 0
    assert doc["variant"] == "classic" and doc["label"] == "Friday" and doc["target"] == 3000
    assert [t["team"] for t in doc["teams"]] == ["Ann & Bob", "Cat & Dan"]
    assert [t["total"] for t in doc["teams"]] == [0, 0]
    assert cli.json("status")["game"] == 2
    sheet = cli.json("show", "2")
    assert [t["players"] for t in sheet["teams"]] == [["Ann", "Bob"], ["Cat", "Dan"]]
    # The option came along: with vienna a side with no canasta counts red threes minus.
    hand = cli.json("hand", "--yes", "m=120 nat=1 out r=1", "m=90 r=1")
    assert [t["red_three_bonus"] for t in hand["teams"]] == [100, -100]


def test_the_deal_passes_on_to_the_player_after_the_first_dealer(cli):
    # Seats Ann, Cat, Bob, Dan: Cat dealt game 1's first hand, so Bob deals first in the rematch.
    cli.json("new", "classic", *TEAMS, "--dealer", "Cat")
    assert cli.json("rematch")["next_dealer"] == "Bob"
    # Game 2 began with Bob: its rematch begins with Dan, and that one's with Ann.
    assert cli.json("rematch", "2")["next_dealer"] == "Dan"
    assert cli.json("rematch")["next_dealer"] == "Ann"


def test_a_game_started_without_a_dealer_passes_the_deal_to_the_second_player(cli):
    cli.json("new", "classic", *TEAMS)
    assert cli.json("rematch")["next_dealer"] == "Cat"


def test_without_players_the_deal_passes_to_the_next_side(cli):
    cli.json("new", "classic", "--team", "Us", "--team", "Them", "--dealer", "us")
    assert cli.json("rematch")["next_dealer"] == "Them"
    cli.json("new", "classic", "--team", "Us", "--team", "Them")
    assert cli.json("rematch")["next_dealer"] is None  # nobody named: no dealer, as before


def test_rematch_keeps_the_games_rules_not_the_variant_file_as_it_is_now(cli, tmp_path):
    folder = tmp_path / "config" / "variants"
    folder.mkdir(parents=True)
    house = folder / "house.toml"
    house.write_text('name = "house"\nextends = "classic"\ntarget = 2000\n', encoding="utf-8")
    cli.json("new", "house", "--team", "Us", "--team", "Them")
    house.write_text('name = "house"\nextends = "classic"\ntarget = 9000\n', encoding="utf-8")
    doc = cli.json("rematch", "1")
    assert doc["variant"] == "house" and doc["target"] == 2000


def test_rematch_leaves_start_scores_behind(cli):
    cli.json(
        "new",
        "classic",
        "--team",
        "Us",
        "--team",
        "Them",
        "--start-score",
        "1200",
        "--start-score",
        "800",
    )
    doc = cli.json("rematch")
    assert [t["total"] for t in doc["teams"]] == [0, 0]


def test_rematch_names_an_unfinished_game(cli):
    cli.json("new", "classic", *TEAMS)
    cli.json("hand", "--yes", *HAND)
    result = cli("rematch")
    assert result.exit_code == 0
    assert "Unfinished: game 1" in result.stderr
    assert "Game 2" in result.stdout


@pytest.mark.parametrize("args", [("rematch",), ("rematch", "7")])
def test_rematch_of_no_game_is_refused_and_stores_nothing(cli, args):
    result = cli(*args)
    assert result.exit_code != 0 and result.stderr.startswith("Error:")
    assert cli("games", "--json").exit_code == 0
    assert cli.json("games")["games"] == []


def test_rematch_of_a_deleted_game_is_refused(cli):
    cli.json("new", "classic", *TEAMS)
    cli("delete", "1", "--yes")
    result = cli("rematch", "1")
    assert result.exit_code == 1 and "deleted" in result.stderr

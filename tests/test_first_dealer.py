"""`new --dealer NAME`: who deals the first hand (issue 12, item 6). Players sit with the sides
alternating, partners opposite (Ann, Cat, Bob, Dan), and the deal passes to the left each hand
(RULES.md §2: the deal rotates clockwise)."""

from __future__ import annotations

import json

import pytest
from conftest import PARTNERSHIPS as TEAMS

from scorekeeper.domain.game import Game, Side
from scorekeeper.errors import InputError
from scorekeeper.variants import load_variant

HAND = ("m=120 nat=1 out", "m=90 h=20")


def game(first_dealer=None, players=True):
    sides = (
        Side("Ann & Bob", ("Ann", "Bob") if players else ()),
        Side("Cat & Dan", ("Cat", "Dan") if players else ()),
    )
    return Game(load_variant("classic"), sides, first_dealer=first_dealer)


def test_without_a_dealer_the_first_player_deals_as_before():
    g = game()
    assert [g.dealer(n) for n in range(1, 6)] == ["Ann", "Cat", "Bob", "Dan", "Ann"]
    assert game(players=False).dealer(1) is None


@pytest.mark.parametrize("variant", ["cutthroat", "classic-3"])
def test_where_each_side_is_one_player_the_first_side_deals_first(variant):
    # a new user's cutthroat game of three sides named by --team alone showed no dealer: each
    # side is its player, so the first deals first and the deal passes to the left
    sides = tuple(Side(name) for name in ("Ann", "Bob", "Cat"))
    g = Game(load_variant(variant), sides)
    assert [g.dealer(n) for n in range(1, 5)] == ["Ann", "Bob", "Cat", "Ann"]
    g = Game(load_variant(variant), sides, first_dealer="cat")
    assert [g.dealer(n) for n in range(1, 3)] == ["Cat", "Ann"]


def test_a_named_player_deals_first_and_the_deal_passes_to_the_left():
    g = game("bob")
    assert g.first_dealer == "Bob"
    assert [g.dealer(n) for n in range(1, 6)] == ["Bob", "Dan", "Ann", "Cat", "Bob"]


def test_a_side_named_as_dealer_is_its_first_player():
    g = game("  cat &   DAN ")
    assert [g.dealer(n) for n in range(1, 4)] == ["Cat", "Bob", "Dan"]


def test_without_players_a_side_name_still_names_who_deals():
    g = game("cat & dan", players=False)
    assert [g.dealer(n) for n in range(1, 5)] == [
        "Cat & Dan",
        "Ann & Bob",
        "Cat & Dan",
        "Ann & Bob",
    ]


def test_a_dealer_not_in_the_game_is_refused():
    with pytest.raises(InputError, match="'Eve' is not in this game"):
        game("Eve")


def test_new_with_dealer_shows_it_in_status_hand_and_show(cli):
    doc = cli.json("new", "classic", *TEAMS, "--dealer", "dan")
    assert doc["next_dealer"] == "Dan"
    hand = cli.json("hand", "--yes", *HAND)
    assert hand["next_dealer"] == "Ann"  # Dan dealt hand 1; Ann sits to his left
    assert cli.json("status")["next_dealer"] == "Ann"
    sheet = cli.json("show")
    assert sheet["hands"][0]["dealer"] == "Dan" and sheet["next_dealer"] == "Ann"
    assert "Next dealer: Ann" in cli("status").stdout
    assert "dealt by Dan" in cli("show", "--detail").stdout
    row = next(line for line in cli("show").stdout.splitlines() if line.lstrip().startswith("1 "))
    assert "Dan" in row  # the pad's dealer column


def test_the_dealer_is_kept_in_the_game_document(cli, db):
    cli.json("new", "classic", *TEAMS, "--dealer", "cat & dan")
    doc = json.loads((db.parent / f"{db.name}.games" / "1.json").read_text(encoding="utf-8"))
    assert next(iter(doc["games"].values()))["first_dealer"] == "Cat"


def test_a_game_without_the_key_keeps_the_first_player_as_dealer(cli, db):
    cli.json("new", "classic", *TEAMS)
    path = db.parent / f"{db.name}.games" / "1.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert "first_dealer" not in next(iter(doc["games"].values()))
    assert cli.json("status")["next_dealer"] == "Ann"


def test_new_without_players_names_a_side_as_dealer(cli):
    doc = cli.json("new", "classic", "--team", "Us", "--team", "Them", "--dealer", "THEM")
    assert doc["next_dealer"] == "Them"
    assert cli.json("hand", "--yes", *HAND)["next_dealer"] == "Us"


@pytest.mark.parametrize("name", ["Eve", " "])
def test_new_refuses_a_dealer_who_is_not_playing_and_stores_nothing(cli, db, name):
    result = cli("new", "classic", *TEAMS, "--dealer", name)
    assert result.exit_code == 1
    assert result.stderr.startswith("Error:") and len(result.stderr.strip().splitlines()) == 1
    assert cli("status").exit_code != 0  # no game was started

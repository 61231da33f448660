"""A player may not have the name of another side (issue 18, red team: `new classic -t Ann
-t Bob -p Bob,x -p Ann,y --dealer Bob` took the dealer 'Bob' for the player of side Ann,
silently); and a cutthroat hand's partners are named by side or by player, as the help says
("the two players who were partners this hand")."""

from __future__ import annotations

import json

import pytest

from tests.conftest import database_files


def test_a_player_named_as_another_side_is_refused_by_new(cli, db):
    result = cli("new", "classic", "-t", "Ann", "-t", "Bob", "-p", "Bob,Xena", "-p", "Ann,Yves")
    assert result.exit_code == 1, result.output
    assert "the player 'Bob' of Ann has the name of the side 'Bob'" in result.stderr
    assert not db.exists() or cli.json("games", "--all")["games"] == []


def test_a_player_of_the_sides_own_name_is_still_allowed(cli):
    # a solo side named for its player, as cutthroat tables name them
    result = cli("new", "cutthroat", "-t", "Ann", "-t", "Bob", "-t", "Cat")
    assert result.exit_code == 0, result.output
    result = cli(
        "new", "cutthroat", "-t", "A", "-t", "B", "-t", "C", "-p", "A", "-p", "y", "-p", "z"
    )
    assert result.exit_code == 0, result.output


def test_an_import_with_a_player_named_as_another_side_is_refused(cli, db, tmp_path):
    assert (
        cli("new", "classic", "-t", "Ann", "-t", "Bob", "-p", "Cy,Di", "-p", "Ed,Flo").exit_code
        == 0
    )
    out = tmp_path / "g.json"
    assert cli("export", "1", "-o", str(out)).exit_code == 0
    doc = json.loads(out.read_text(encoding="utf-8"))
    text = json.dumps(doc).replace('"Cy"', '"Bob"')
    assert '"Bob"' in text
    out.write_text(text, encoding="utf-8")
    before = database_files(db)
    result = cli("import", str(out))
    assert result.exit_code == 3, result.output  # a file that cannot be used, named
    assert str(out) in result.stderr and "has the name of the side 'Bob'" in result.stderr
    assert database_files(db) == before


def test_cutthroat_partners_are_named_by_their_players(cli):
    # RULES.md §2.2 cutthroat: the hand's two partners score together; sides A, B, C are
    # played by x, y, z, so "x,y" are the sides A and B
    assert (
        cli(
            "new", "cutthroat", "-t", "A", "-t", "B", "-t", "C", "-p", "x", "-p", "y", "-p", "z"
        ).exit_code
        == 0
    )
    by_players = cli.json("hand", "--yes", "--partners", "x,y", "m=50", "m=60", "m=70")
    assert cli("undo", "--yes").exit_code == 0
    by_sides = cli.json("hand", "--yes", "--partners", "A,B", "m=50", "m=60", "m=70")
    assert by_players["teams"] == by_sides["teams"]
    refused = cli("hand", "--yes", "--partners", "x,w", "m=50", "m=60", "m=70")
    assert refused.exit_code == 1 and "no side or player called 'w'" in refused.stderr


def test_a_side_named_as_an_item_is_named_with_a_space_after_its_colon(cli):
    # README, one-line entries: "Red: m=50" names the side Red, "red:2" is two red threes
    # (RULES.md §2: 100 each, 800 for all four; a side that melded counts them for it)
    assert cli("new", "classic", "-t", "Red", "-t", "m").exit_code == 0
    doc = cli.json("hand", "--yes", "m: m=70", "Red: m=50 red:2")
    red, m = doc["teams"]
    assert (red["team"], red["hand_score"]) == ("Red", 50 + 200)
    assert (m["team"], m["hand_score"]) == ("m", 70)
    assert cli("undo", "--yes").exit_code == 0
    # KEY:VALUE with the keys 'm' and 'red', the sides in order
    doc = cli.json("hand", "--yes", "m:50 red:1", "m:70")
    assert [t["hand_score"] for t in doc["teams"]] == [50 + 100, 70]


def test_a_side_named_as_the_start_of_an_item_reads_key_value_as_the_item(cli):
    # README's short forms nat and mix are starts of natural and mixed: 'nat:1' is the item
    # (RULES.md §2: a natural canasta 500, a mixed one 300)
    assert cli("new", "classic", "-t", "nat", "-t", "mix").exit_code == 0
    doc = cli.json("hand", "--yes", "nat:1 m=500", "mix:1 m=400")
    assert [t["hand_score"] for t in doc["teams"]] == [500 + 500, 400 + 300]
    assert cli("undo", "--yes").exit_code == 0
    doc = cli.json("hand", "--yes", "mix: m=400 mix:1", "nat: m=500 nat:1")
    assert [(t["team"], t["hand_score"]) for t in doc["teams"]] == [("nat", 1000), ("mix", 700)]


@pytest.mark.parametrize("name", ["2", "02", "２", "3:", "２：", "2::", "3\ufe0f", "3:\ufe0e"])
def test_a_side_named_by_a_number_alone_is_refused(cli, db, name):
    # a number chooses a side by its place (fix 2, fix 2:, "2: m=50", the partners "2 3"): a
    # side called "2" or "3:" would be either (red team: fix 3: changed a side called "3:")
    result = cli("new", "cutthroat", "-t", "Ann", "-t", name, "-t", "Cat")
    assert result.exit_code == 1, result.output
    assert "a side's or a player's name cannot be a number alone or '-'" in result.stderr
    assert cli("new", "cutthroat", "-t", "Ann", "-t", "Table 2", "-t", "2b").exit_code == 0


@pytest.mark.parametrize("name", ["Ann:", "Ann：", "A:B:", "Ann:\ufe0f"])  # a selector: no name
def test_a_name_ending_with_a_colon_is_refused(cli, db, name):
    # its named entry would start "Ann::"; "Ann: m=50" said "did you mean 'Ann:'?"
    result = cli("new", "classic", "-t", name, "-t", "Zed")
    assert result.exit_code == 1, result.output
    assert f"a side's or a player's name cannot end with a colon ('{name}')" in result.stderr
    result = cli("new", "classic", "-t", "Zed", "-t", "Yan", "-p", "Bo,Cy", "-p", f"{name},Di")
    assert result.exit_code == 1 and "cannot end with a colon" in result.stderr
    assert cli("new", "classic", "-t", "A:B", "-t", "Zed").exit_code == 0  # a colon within


@pytest.mark.parametrize("name", ["3", "-"])
def test_a_player_named_by_a_number_alone_or_a_dash_is_refused(cli, name):
    # red team: players 3, 1, 2 of sides Ann, Bob, Cat took the partners "2,3" for Cat and Ann
    result = cli(
        "new", "cutthroat", "-t", "Ann", "-t", "Bob", "-t", "Cat", "-p", name, "-p", "y", "-p", "z"
    )
    assert result.exit_code == 1, result.output
    assert "cannot be a number alone or '-'" in result.stderr


def test_an_unknown_partner_is_named_among_sides_and_players(cli):
    assert (
        cli(
            "new",
            "cutthroat",
            "-t",
            "North",
            "-t",
            "East",
            "-t",
            "South",
            "-p",
            "Ann",
            "-p",
            "Bob",
            "-p",
            "Cat",
        ).exit_code
        == 0
    )
    result = cli("hand", "--yes", "--partners", "Ann,Zed", "-", "-", "-")
    assert result.exit_code == 1
    assert (
        "no side or player called 'Zed' in this game (sides: North, East, South; players: Ann,"
        " Bob, Cat)" in result.stderr
    )


@pytest.mark.parametrize(("one", "two"), [("A:B", "A：B"), ("Bob", "Ｂｏｂ")])
def test_sides_whose_names_differ_only_in_width_are_refused(cli, one, two):
    # an entry reads full-width letters and colons as plain ones: "A：B： m=50" named A:B
    result = cli("new", "classic", "-t", one, "-t", two)
    assert result.exit_code == 1, result.output
    assert "differ only in the width of their characters" in result.stderr

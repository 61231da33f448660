"""Refusals found by trying the product as a player would: each exits non-zero with one line,
and stores nothing."""

from __future__ import annotations

import json

import pytest
from conftest import refused

from scorekeeper.variants import user_variant_dir


@pytest.fixture
def game(cli, db):
    assert cli("new", "classic", "--team", "A", "--team", "B").exit_code == 0
    assert cli("hand", "m=100 nat=1 out", "m=50").exit_code == 0
    return db


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
def test_an_illegal_meld_typed_as_cards_is_refused(cli, game, melds, words):
    # RULES.md §2 meld rules.
    msg = refused(cli, game, "hand", f"m={melds}", "-")
    assert words in msg


def test_canastas_given_that_the_cards_contradict(cli, game):
    msg = refused(cli, game, "hand", "m=KKKKKKK/QQQQ22X nat=0", "-")
    assert "the melds make" in msg


def test_canastas_worth_more_than_the_meld_points(cli, game):
    # A natural canasta holds seven cards worth at least 7 x 5 = 35.
    msg = refused(cli, game, "hand", "m=10 nat=1", "-")
    assert "at least 35" in msg
    msg = refused(cli, game, "hand", "m=50 nat=3", "-")
    assert "at least 105" in msg


def test_red_threes_kept_in_hand_count_toward_the_four_in_the_decks(cli, game):
    msg = refused(cli, game, "hand", "m=100 r=3 red_three_not_declared=2", "-")
    assert "5 red threes" in msg


def test_items_that_contradict_each_other(cli, game):
    assert "say different things" in refused(cli, game, "hand", "m=100 nat=1 conc out=0", "-")
    assert "say different things" in refused(cli, game, "hand", "m=100 m=200", "-")


def test_items_the_variant_does_not_have_are_not_offered(cli, game):
    msg = refused(cli, game, "hand", "m=100 special=garbage", "-")
    assert "unknown item 'special'" in msg and "special" not in msg.split("items:")[1]


def test_a_setting_that_breaks_the_rules_names_the_setting(cli, db):
    msg = refused(cli, db, "minimum", "-v", "classic", "--score", "1600", "--set", "target=0")
    assert "--set target=0" in msg and "classic.toml" not in msg
    msg = refused(cli, db, "new", "classic", "--team", "A", "--team", "B", "--set", "decks=0")
    assert "decks" in msg
    msg = refused(
        cli,
        db,
        "new",
        "classic",
        "--team",
        "A",
        "--team",
        "B",
        "--set",
        "canastas.natural.bonus=-500",
    )
    assert "cannot be negative" in msg


def test_a_setting_without_a_value_is_a_usage_error(cli, db):
    refused(cli, db, "minimum", "-v", "classic", "--score", "0", "--set", "vienna", code=2)


def test_a_database_path_that_is_a_folder(cli, tmp_path):
    result = cli("status", "--db", str(tmp_path))
    assert result.exit_code == 3
    assert "is a folder" in result.stderr


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


def test_guided_with_entries_is_a_usage_error(cli, game):
    refused(cli, game, "hand", "--guided", "m=50", "m=50", code=2)


def test_guided_prompts_go_to_stderr_so_json_stays_clean(cli):
    cli("new", "classic", "--team", "A", "--team", "B")
    answers = "0\n50\n0\n0\n0\n0\n0\n60\n0\n0\n0\n0\n0\n"
    result = cli("hand", "--guided", "--json", input=answers)
    assert result.exit_code == 0, result.output
    # (the test runner echoes the typed answers to standard output; a terminal does not)
    assert "Melded card points" not in result.stdout and "Hand 1" not in result.stdout
    doc = json.loads(result.stdout.strip().splitlines()[-1])
    assert [t["hand_score"] for t in doc["teams"]] == [50, 60]


def test_a_user_file_that_extends_the_builtin_of_its_own_name(cli):
    folder = user_variant_dir()
    folder.mkdir(parents=True)
    (folder / "classic.toml").write_text(
        'name = "classic"\nextends = "classic"\n[canastas.natural]\nbonus = 600\n'
    )
    doc = cli.json("variants", "show", "classic")
    assert doc["rules"]["canastas"]["natural"]["bonus"] == 600
    doc = cli.json("variants", "show", "classic-2")  # builds on the user's classic
    assert doc["rules"]["canastas"]["natural"]["bonus"] == 600


def test_after_the_winning_hand_no_minimum_is_given(cli):
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
    doc = cli.json("hand", "m=100 nat=1 out", "m=50")
    assert doc["winner"] == "A"
    assert all(t["opening_minimum"] == {"points": None, "requires": None} for t in doc["teams"])

"""Numbers in a hand's entry (red team round 15: ``m=1_0`` was stored as 10 meld points, and
``nat=0_1`` as one natural canasta; Turkish ``m=1.200`` was read as cards): points grouped as
the language writes them are read (README, "One-line entries": ``1,200``, Turkish ``1.200``),
digits separated any other way are refused naming the item, and nothing is stored."""

from __future__ import annotations

import pytest
from conftest import database_files, new_game


@pytest.mark.parametrize(
    ("item", "shown"),
    [
        ("m=1_0", "'m' takes a whole number, not '1_0'"),
        ("nat=0_1", "'nat' takes a whole number, not '0_1'"),
        ("m=1,20", "'m' takes a whole number, not '1,20'"),
        ("m=2.5", "'m' takes a whole number, not '2.5'"),
        # a first group with a leading zero is no grouped number (a decimal where the comma is
        # the decimal mark): red team, '0,005' was stored as 5 and '01,200' as 1,200
        ("m=0,005", "'m' takes a whole number, not '0,005'"),
        ("m=01,200", "'m' takes a whole number, not '01,200'"),
        ("m=-0,005", "'m' takes a whole number, not '-0,005'"),
        (
            "m=1.200",
            "'m' takes a whole number typed without the thousands separator (1200), not '1.200'",
        ),
        (
            "m=1_200",
            "'m' takes a whole number typed without the thousands separator (1200), not '1_200'",
        ),
        # red team: points are only ever added; '120' was said to be no card
        ("m=120-85", "'m' takes points or a sum of points (e.g. 120+85), not '120-85'"),
        ("h=5-30", "'h' takes points or a sum of points (e.g. 120+85), not '5-30'"),
        # another script's digits are no number (README), not "no card" either
        ("m=٣٠", "'m' takes points in the digits 0-9, not '٣٠'"),
    ],
)
def test_digits_separated_otherwise_are_refused(cli, db, item, shown):
    new_game(cli)
    before = database_files(db)
    r = cli("hand", "--yes", item, "m=50")
    assert r.exit_code == 1, r.output
    assert r.stderr.strip() == f"Error: Ann & Bob: {shown}"
    assert database_files(db) == before


def test_points_grouped_as_english_writes_them_are_read(cli, db):
    new_game(cli)
    # 1,120 meld points + 500 (a natural canasta) + 100 (going out), RULES.md classic: 1,720
    doc = cli.json("hand", "--yes", "m=1,120 nat=1 out", "m=50")
    assert doc["teams"][0]["meld_points"] == 1120
    assert doc["teams"][0]["hand_score"] == 1720


def test_points_grouped_as_turkish_writes_them_are_read(cli, db, monkeypatch):
    new_game(cli)
    monkeypatch.setenv("SCOREKEEPER_LANG", "tr")
    before = database_files(db)
    refused = cli("hand", "--yes", "m=1,120", "m=50")
    assert refused.exit_code == 1 and "1120" in refused.stderr
    assert database_files(db) == before
    doc = cli.json("hand", "--yes", "m=1.000", "m=10+50")
    assert [t["meld_points"] for t in doc["teams"]] == [1000, 60]


def test_a_rule_set_with_the_thousands_separator_says_how_to_type_it(cli, db):
    # as --target 3,000 does (README: options take a whole number without separators)
    result = cli("new", "classic", "-t", "A", "-t", "B", "--set", "target=3,000")
    assert result.exit_code == 2, result.output
    said = "'target' takes a whole number typed without the thousands separator (3000), not '3,000'"
    assert result.stderr.strip() == f"Error: {said}"


def test_digits_joined_by_hyphens_that_are_ranks_are_cards(cli, db):
    # K-K-K style: 5-5-5 are three fives (RULES.md §1: 5 points each), 10-10-10 three tens
    new_game(cli)
    assert cli("hand", "--yes", "m=5-5-5", "m=10-10-10").exit_code == 0
    teams = cli.json("show")["hands"][0]["teams"]
    assert [t["meld_points"] for t in teams] == [15, 30]

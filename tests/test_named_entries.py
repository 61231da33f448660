"""Entries people type: a side's name before its one-line entry, points as sums, and the hint
for points that could also be cards.

Scores from RULES.md §2 (classic): melded cards + canasta bonuses (natural 500, mixed 300) + red
threes (100 each) + going out (100) - cards left in hand; a five is worth 5 (RULES.md §2 card
values).
"""

from __future__ import annotations

import json

from conftest import new_game, refused

from scorekeeper.domain.entry_line import cards_hint, line_to_json, order_lines, split_name
from scorekeeper.errors import InputError
from scorekeeper.variants import load_variant

NAMES = ("Ann & Bob", "Cat & Dan")


def scores(cli):
    return [t["hand_score"] for t in cli.json("show")["hands"][-1]["teams"]]


def test_named_entries_come_in_any_order(cli):
    new_game(cli)
    result = cli(
        "hand",
        "--yes",
        "Cat & Dan: m=110 r=1 h=70",
        "ann & bob: m=220 nat=1 mix=1 r=2 out h=15",
    )
    assert result.exit_code == 0, result.output
    assert scores(cli) == [1305, 110 + 100 - 70]


def test_a_named_side_that_scored_nothing(cli):
    new_game(cli)
    result = cli("hand", "--yes", "Cat & Dan: -", "Ann & Bob: m=120 mix=1 out")
    assert result.exit_code == 0, result.output
    assert scores(cli) == [120 + 300 + 100, 0]


def test_named_entries_are_refused_when_mixed_unknown_twice_or_missing(cli, db):
    new_game(cli)
    line = refused(cli, db, "hand", "--yes", "Cat & Dan: m=110", "m=120 mix=1 out")
    assert "name every side" in line
    line = refused(cli, db, "hand", "--yes", "Eve: m=110", "Ann & Bob: m=120 mix=1 out")
    assert "no side called 'Eve'" in line
    line = refused(cli, db, "hand", "--yes", "Cat & Dan: m=110", "cat & dan: m=120")
    assert "two entries" in line
    line = refused(cli, db, "hand", "--yes", "Cat & Dan: m=110")
    assert "no entry for Ann & Bob" in line


def test_key_colon_value_items_are_not_names():
    assert split_name("m:110 r=1", NAMES) == (None, "m:110 r=1")
    assert split_name("out", NAMES) == (None, "out")
    assert split_name("Cat & Dan:m=5", NAMES) == ("Cat & Dan", "m=5")
    assert order_lines(["m:110", "-"], NAMES) == ["m:110", "-"]


def test_points_accept_sums(cli):
    new_game(cli)
    result = cli("hand", "--yes", "m=120+85+40 mix=1 out h=15+5", "m=50+5")
    assert result.exit_code == 0, result.output
    assert scores(cli) == [245 + 300 + 100 - 20, 55]


def test_a_broken_sum_is_refused(cli, db):
    new_game(cli)
    assert "sum of points" in refused(cli, db, "hand", "--yes", "m=120++5", "-")
    classic = load_variant("classic")
    try:
        line_to_json(classic, "m=5+")
    except InputError as err:
        assert "sum of points" in str(err)
    else:
        raise AssertionError("m=5+ was read")


def test_digits_that_could_be_cards_stay_points_with_a_hint(cli):
    new_game(cli)
    result = cli("hand", "--yes", "m=555 mix=1 out", "m=120")
    assert result.exit_code == 0, result.output
    hints = [line for line in result.stderr.splitlines() if "hint" in line]
    assert len(hints) == 1
    assert "m=555/" in hints[0] and "15 points" in hints[0]
    assert scores(cli) == [555 + 300 + 100, 120]


def test_the_hint_never_enters_json_output(cli):
    new_game(cli)
    result = cli("hand", "--yes", "--json", "m=555 mix=1 out", "h=555")
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert "hint" not in result.stdout
    assert [t["hand_score"] for t in doc["teams"]] == [555 + 300 + 100, -555]
    assert result.stderr.count("hint") == 2


def test_cards_written_with_a_slash_are_cards(cli):
    new_game(cli)
    # 555/ is three fives: 15 points; the side goes out with a mixed canasta counted as given.
    result = cli("hand", "--yes", "m=KKKKKK2/555/ out", "m=120")
    assert result.exit_code == 0, result.output
    assert "hint" not in result.stderr
    # KKKKKK2: 60 + 20 = 80 and a mixed canasta (300); 555: 15; going out 100.
    assert scores(cli) == [80 + 15 + 300 + 100, 120]


def test_which_digits_get_a_hint():
    classic = load_variant("classic")
    assert cards_hint(classic, "m", "555")
    assert cards_hint(classic, "m", "5552")
    assert cards_hint(classic, "h", "999")
    assert not cards_hint(classic, "m", "120")  # 1 is no card
    assert not cards_hint(classic, "m", "85")  # two cards of two ranks
    assert not cards_hint(classic, "m", "456")


def test_edit_takes_named_entries_too(cli):
    new_game(cli)
    assert cli("hand", "--yes", "m=220 nat=1 mix=1 r=2 out h=15", "m=110 r=1 h=70").exit_code == 0
    result = cli("edit", "1", "--yes", "Cat & Dan: m=90", "Ann & Bob: m=120 mix=1 out")
    assert result.exit_code == 0, result.output
    assert scores(cli) == [120 + 300 + 100, 90]

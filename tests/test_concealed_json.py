"""A JSON entry's ``"concealed": true`` means the side went out, as the one-line ``concealed``
item does (RULES.md §0: going out concealed is going out in one turn; §2: 100 for going out and
100 more concealed, 200 in all)."""

from __future__ import annotations

import json

import pytest
from conftest import game_doc, new_game, refused

from scorekeeper.domain import entry_from_json
from scorekeeper.domain.entry_line import parse_line
from scorekeeper.errors import InputError
from scorekeeper.variants import load_variant

CONCEALED = {"meld_points": 100, "canastas": {"natural": 1}, "concealed": True}


def test_concealed_alone_implies_going_out():
    v = load_variant("classic")
    entry = entry_from_json(v, CONCEALED)
    assert entry.went_out and entry.concealed
    assert entry == parse_line(v, "m=100 nat=1 concealed")


def test_concealed_with_going_out_said_too_is_the_same_entry():
    v = load_variant("classic")
    assert entry_from_json(v, {**CONCEALED, "went_out": True}) == entry_from_json(v, CONCEALED)


def test_concealed_false_implies_nothing():
    v = load_variant("classic")
    entry = entry_from_json(v, {**CONCEALED, "concealed": False})
    assert not entry.went_out and not entry.concealed


def test_concealed_with_going_out_false_is_refused():
    v = load_variant("classic")
    with pytest.raises(InputError, match="'concealed' means going out in one turn"):
        entry_from_json(v, {**CONCEALED, "went_out": False})


def test_a_json_hand_with_concealed_scores_200_for_going_out(cli, db):
    new_game(cli)
    hand = json.dumps({"teams": [CONCEALED, {"meld_points": 50}]})
    doc = cli.json("hand", "--file", "-", input=hand)
    side = doc["teams"][0]
    assert (side["going_out_bonus"], side["hand_score"]) == (200, 100 + 500 + 200)
    # The entry is kept as it was given, and reads back the same after a restart.
    assert game_doc(db)["hands"][0]["entries"][0] == CONCEALED
    status = cli.json("status")
    assert status["teams"][0]["total"] == 800


def test_a_json_hand_with_concealed_and_going_out_false_changes_nothing(cli, db):
    new_game(cli)
    hand = json.dumps({"teams": [{**CONCEALED, "went_out": False}, {}]})
    msg = refused(cli, db, "hand", "--file", "-", input=hand)
    assert "did not go out" in msg


def test_concealed_in_json_counts_as_going_out_for_one_side_only(cli, db):
    new_game(cli)
    other = {"meld_points": 100, "canastas": {"mixed": 1}, "went_out": True}
    hand = json.dumps({"teams": [CONCEALED, other]})
    msg = refused(cli, db, "hand", "--file", "-", input=hand)
    assert "only one side can go out" in msg

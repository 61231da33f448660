"""Amending one side's recorded entry item by item (scorekeeper.domain.amend), the way a
player means each item: what it names changes, the rest stays."""

from __future__ import annotations

import pytest

from scorekeeper.domain.amend import amend_side, amended_json
from scorekeeper.domain.entry_line import parse_line
from scorekeeper.errors import InputError, RuleError
from scorekeeper.variants import load_variant


@pytest.fixture
def classic():
    return load_variant("classic")


def test_points_replace_points_and_the_rest_stays(classic):
    old = parse_line(classic, "m=220 nat=1 mix=1 r=2 out h=15")
    assert amended_json(classic, old, "h=20") == {
        "meld_points": 220,
        "canastas": {"natural": 1, "mixed": 1},
        "red_threes": 2,
        "went_out": True,
        "hand_points": 20,
    }


def test_meld_points_replace_typed_melds_keeping_their_canastas(classic):
    old = parse_line(classic, "m=KKKKKKK/QQQ out")
    assert old.canastas == {"natural": 1}
    assert amended_json(classic, old, "m=150") == {
        "went_out": True,
        "canastas": {"natural": 1},
        "meld_points": 150,
    }


def test_cards_replace_points_and_given_canastas(classic):
    old = parse_line(classic, "m=220 nat=1 mix=1 out")
    assert amended_json(classic, old, "m=KKKKKKK/QQQ") == {"melds": "KKKKKKK QQQ", "went_out": True}


def test_a_dash_means_the_side_scored_nothing(classic):
    old = parse_line(classic, "m=220 nat=1 mix=1 out")
    assert amended_json(classic, old, "-") == {}


def test_no_items_and_bad_items_are_refused(classic):
    old = parse_line(classic, "m=220")
    with pytest.raises(InputError, match="give the items"):
        amended_json(classic, old, "  ")
    with pytest.raises(InputError, match="unknown item"):
        amended_json(classic, old, "zz=1", "Us")


def test_concealed_on_a_side_when_another_went_out_is_refused(classic):
    entries = [parse_line(classic, "m=120 mix=1 out"), parse_line(classic, "m=90")]
    with pytest.raises(RuleError, match="A went out"):
        amend_side(classic, entries, ["A", "B"], 1, "concealed nat=1 m=200")
    assert entries[1] == parse_line(classic, "m=90")  # nothing changed


def test_acaba_clears_the_rest_and_another_item_clears_acaba():
    acaba = load_variant("acaba")
    old = parse_line(acaba, "m=120 r=1")
    assert amended_json(acaba, old, "acaba") == {"acaba": True}
    assert amended_json(acaba, parse_line(acaba, "acaba"), "m=50") == {"meld_points": 50}


def test_a_special_hand_keeps_only_what_is_left_in_hand():
    variant = load_variant("modern-american")
    special = next(iter(variant.special_hands))
    old = parse_line(variant, "m=120 h=15")
    assert amended_json(variant, old, f"special={special}") == {
        "hand_points": 15,
        "special_hand": special,
    }

"""The domain's value classes: immutable, compared by value, with defaults of their own."""

from __future__ import annotations

import pytest

from scorekeeper.domain import Game, Hand, Side, entry_from_json
from scorekeeper.domain.entries import SideEntry
from scorekeeper.domain.scoring import BREAKDOWN_FIELDS, Breakdown
from scorekeeper.variants import load_variant


@pytest.fixture(scope="module")
def classic():
    return load_variant("classic")


def test_an_entry_read_from_json_equals_the_same_entry_built_in_code(classic):
    read = entry_from_json(classic, {"meld_points": 120, "canastas": {"natural": 1}})
    built = SideEntry(meld_points=120, canastas={"natural": 1})
    assert read.to_json() == {"meld_points": 120, "canastas": {"natural": 1}}
    assert read == built
    assert read != SideEntry(meld_points=125, canastas={"natural": 1})


def test_value_classes_cannot_be_changed(classic):
    entry = SideEntry(meld_points=50)
    with pytest.raises(AttributeError):
        entry.meld_points = 60  # type: ignore[misc]
    with pytest.raises(AttributeError):
        classic.target = 10  # type: ignore[misc]


def test_games_do_not_share_their_hands(classic):
    sides = (Side("Ann & Bob"), Side("Cat & Dan"))
    first, second = Game(classic, sides), Game(classic, sides)
    first.add(Hand((SideEntry(meld_points=120, hand_points=10), SideEntry(meld_points=90))))
    assert len(first.hands) == 1
    assert second.hands == []
    assert tuple(first.totals) == (110, 90)


def test_entries_do_not_share_their_canastas():
    assert SideEntry().canastas is not SideEntry().canastas


def test_a_breakdown_sums_its_signed_fields():
    # 120 melded + 300 for a mixed canasta + 100 for going out - 25 left in hand = 495
    b = Breakdown(meld_points=120, canasta_bonus=300, going_out_bonus=100, hand_deduction=-25)
    assert b.hand_score == 495
    assert b.to_json()["hand_score"] == 495
    assert set(BREAKDOWN_FIELDS) < set(b.to_json())

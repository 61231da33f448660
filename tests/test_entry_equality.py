"""A side's entry holds parsed values, compared by value: two entries that compare equal score
alike, however they were written (RULES.md §10 acaba; DESIGN.md "Hand entry as JSON")."""

from __future__ import annotations

import pytest

from scorekeeper.domain.cards import Card
from scorekeeper.domain.entries import SideEntry
from scorekeeper.domain.entry_line import parse_line
from scorekeeper.domain.reading import entry_from_json
from scorekeeper.domain.scoring import score_hand
from scorekeeper.errors import RuleError
from scorekeeper.variants import load_variant


@pytest.fixture(scope="module")
def acaba():
    return load_variant("acaba")


@pytest.fixture(scope="module")
def classic():
    return load_variant("classic")


def test_acaba_with_a_zero_written_out_equals_acaba_alone(acaba):
    spelled = entry_from_json(acaba, {"acaba": True, "meld_points": 0})
    bare = entry_from_json(acaba, {"acaba": True})
    assert spelled == bare


@pytest.mark.parametrize(
    "declaring, other",
    [
        ({"acaba": True}, {}),
        ({"acaba": True, "meld_points": 0}, {}),
        ({"acaba": True}, {"went_out": False, "red_threes": 0}),
        ({"acaba": True, "canastas": {"natural": 0}, "penalties": {}}, {"hand_points": 0}),
    ],
)
def test_equal_acaba_entries_score_alike(acaba, declaring, other):
    # RULES.md §10: the opponents score 1,500, the declaring side 0, nothing else counts.
    [a, b] = score_hand(acaba, [entry_from_json(acaba, declaring), entry_from_json(acaba, other)])
    assert (a.hand_score, b.hand_score) == (0, 1500)


def test_acaba_with_anything_that_counts_is_still_refused(acaba):
    nothing = entry_from_json(acaba, {})
    with pytest.raises(RuleError, match="acaba ends the hand"):
        score_hand(acaba, [entry_from_json(acaba, {"acaba": True, "meld_points": 50}), nothing])
    with pytest.raises(RuleError, match="acaba ends the hand"):
        score_hand(
            acaba,
            [entry_from_json(acaba, {"acaba": True}), entry_from_json(acaba, {"hand": "K"})],
        )


def test_typed_cards_are_held_as_cards(classic):
    entry = parse_line(classic, "meld=KKKK2/QQQ hand=J5X")
    assert entry.melds == (
        (Card("K"), Card("K"), Card("K"), Card("K"), Card("2")),
        (Card("Q"), Card("Q"), Card("Q")),
    )
    assert entry.hand == (Card("J"), Card("5"), Card("X"))
    # RULES.md §1: K 10 ×4 + 2 20 + Q 10 ×3 = 90; J 10 + 5 5 + joker 50 = 65.
    assert (entry.meld_points, entry.hand_points) == (90, 65)


def test_the_same_cards_written_two_ways_are_equal_entries(classic):
    line = parse_line(classic, "meld=KKKK2/QQQ hand=J/5/X")
    dashed = entry_from_json(classic, {"melds": "K-K-K-K-2 Q-Q-Q", "hand": "J 5 X"})
    assert line == dashed
    assert score_hand(classic, [line, SideEntry()]) == score_hand(classic, [dashed, SideEntry()])
    # ...but each is stored as it was typed.
    assert line.to_json() == {"melds": "KKKK2 QQQ", "hand": "J 5 X"}
    assert dashed.to_json() == {"melds": "K-K-K-K-2 Q-Q-Q", "hand": "J 5 X"}


def test_an_entry_read_equals_the_same_entry_built_in_code(classic):
    read = entry_from_json(classic, {"went_out": False, "meld_points": 120, "red_threes": 0})
    assert read == SideEntry(meld_points=120)
    assert read.to_json() == {"went_out": False, "meld_points": 120, "red_threes": 0}
    assert SideEntry(meld_points=120).to_json() == {"meld_points": 120}


def test_an_entry_keeps_no_copy_of_its_json(classic):
    entry = entry_from_json(classic, {"meld_points": 120, "canastas": {"clean": 1}})
    assert "given" not in SideEntry.__struct_fields__
    assert entry.canastas == {"natural": 1}
    assert entry.to_json() == {"meld_points": 120, "canastas": {"natural": 1}}

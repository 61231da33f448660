"""One-line items by prefix (README, "One-line entries"): a prefix names one item or is refused
as ambiguous, naming each item it could be; a field's JSON key is an item name too."""

from __future__ import annotations

import pytest

from scorekeeper.domain.entry_line import line_to_json
from scorekeeper.domain.fields import FIELDS
from scorekeeper.errors import InputError
from scorekeeper.variants import load_variant

CLASSIC = load_variant("classic")


def test_prefix_of_a_field_and_a_penalty_is_refused_naming_both():
    # red_three starts both red_threes (the field's JSON key) and red_three_not_declared.
    with pytest.raises(InputError) as err:
        line_to_json(CLASSIC, "m=100 red_three=1")
    text = str(err.value)
    assert "red_three_not_declared" in text
    assert "red (red threes)" in text
    assert "type more of it" in text


def test_the_penalty_still_takes_its_own_key_and_a_longer_prefix():
    assert line_to_json(CLASSIC, "red_three_not_declared=1") == {
        "penalties": {"red_three_not_declared": 1}
    }
    assert line_to_json(CLASSIC, "red_three_n=1") == {"penalties": {"red_three_not_declared": 1}}


@pytest.mark.parametrize(
    ("item", "obj"),
    [
        ("red_threes=1", {"red_threes": 1}),
        ("black_threes=1", {"black_threes": 1}),
        ("meld_points=120", {"meld_points": 120}),
        ("hand_points=15", {"hand_points": 15}),
        ("went_out", {"went_out": True}),
        ("red=2", {"red_threes": 2}),
        ("r=2", {"red_threes": 2}),
        ("meld=90", {"meld_points": 90}),
        ("hand=5", {"hand_points": 5}),
    ],
)
def test_json_keys_and_the_old_names_are_items(item, obj):
    variant = load_variant("modern-american") if "black" in item else CLASSIC
    assert line_to_json(variant, item) == obj


def test_every_used_fields_json_key_is_an_item_in_classic():
    from scorekeeper.domain.fields import CANASTAS, PENALTIES

    for f in FIELDS:
        if f.kind in (CANASTAS, PENALTIES) or not f.used(CLASSIC):
            continue
        for key in f.json:
            value = "1" if f.kind != "special_hand" else "x"
            line_to_json(CLASSIC, f"{key}={value}")  # accepted, no "unknown item"


def test_cli_refuses_the_ambiguous_prefix_and_stores_nothing(cli):
    assert cli("new", "classic", "--team", "A", "--team", "B").exit_code == 0
    result = cli("hand", "--yes", "m=220 nat=1 out", "m=100 red_three=1")
    assert result.exit_code != 0
    assert "red_three_not_declared" in result.output
    assert "Traceback" not in result.output
    status = cli.json("status")
    assert status["hands_played"] == 0

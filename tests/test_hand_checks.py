"""The refusals of a hand are small named checks in one list (scoring.HAND_CHECKS), judged in
order; each refuses with the message the hand's validation gave (RULES.md §0, §2, §3.1, §10,
§16c)."""

from __future__ import annotations

import pytest
from msgspec import structs

from scorekeeper.domain import scoring
from scorekeeper.domain.entries import SideEntry
from scorekeeper.domain.reading import entry_from_json
from scorekeeper.errors import RuleError
from scorekeeper.variants import load_variant

CLASSIC = load_variant("classic")
NAMES = ("A", "B")


def names_of_checks() -> list[str]:
    return [check.__name__ for check in scoring.HAND_CHECKS]


def test_the_checks_are_named_and_documented():
    names = names_of_checks()
    for expected in (
        "one_side_out",
        "acaba_alone",
        "one_special_hand",
        "cards_in_decks",
        "points_in_decks",
        "threes_in_decks",
        "canastas_in_decks",
    ):
        assert expected in names
    side = next(n for n in names if n.startswith("each_side("))
    for expected in (
        "special_hand_alone",
        "concealed_went_out",
        "penalties_allowed",
        "canastas_to_go_out",
        "threes_scored",
        "meld_points_hold_canastas",
        "points_in_steps_and_decks",
    ):
        assert expected in side
        assert getattr(scoring, expected).__doc__
    for check in scoring.HAND_CHECKS:
        if not check.__name__.startswith("each_side("):
            assert check.__doc__


def hand_check(check, *entries, variant=CLASSIC, partners=()):
    check(variant, list(entries), list(NAMES[: len(entries)]), partners)


def side_check(check, entry, variant=CLASSIC):
    check(variant, entry, "A", ())


def test_one_side_out():
    # RULES.md §0: the hand ends when one side goes out.
    with pytest.raises(RuleError, match="only one side can go out"):
        hand_check(scoring.one_side_out, SideEntry(went_out=True), SideEntry(went_out=True))
    hand_check(scoring.one_side_out, SideEntry(went_out=True), SideEntry())


def test_concealed_needs_going_out():
    with pytest.raises(RuleError, match="'concealed' means going out in one turn"):
        side_check(scoring.concealed_went_out, SideEntry(concealed=True))


def test_going_out_needs_a_canasta():
    # RULES.md §2: one canasta to go out in Classic.
    with pytest.raises(RuleError, match="needs at least 1 canasta to go out"):
        side_check(scoring.canastas_to_go_out, SideEntry(meld_points=50, went_out=True))


def test_meld_points_hold_the_canastas():
    # RULES.md §16c: a natural canasta is seven natural cards, at least 7 × 5 = 35 points.
    with pytest.raises(RuleError, match="at least 35"):
        side_check(scoring.meld_points_hold_canastas, SideEntry(canastas={"natural": 1}))


def test_points_in_steps_of_five():
    with pytest.raises(RuleError, match="meld points 52 are not a multiple of 5"):
        side_check(scoring.points_in_steps_and_decks, SideEntry(meld_points=52))


def test_threes_not_scored_by_the_variant():
    with pytest.raises(RuleError, match="does not score black threes"):
        side_check(scoring.threes_scored, SideEntry(black_threes=1))


def test_deck_limits_of_typed_cards():
    # Two decks hold eight kings.
    a = entry_from_json(CLASSIC, {"melds": "KKKKKKK", "hand": "KK"})
    with pytest.raises(RuleError, match="9 kings typed; the 2 decks hold 8"):
        hand_check(scoring.cards_in_decks, a, SideEntry())


def test_red_threes_of_all_sides():
    # Two decks hold four red threes.
    with pytest.raises(RuleError, match="5 red threes in all sides together"):
        hand_check(scoring.threes_in_decks, SideEntry(red_threes=3), SideEntry(red_threes=2))


def test_acaba_alone_judges_values_not_the_written_form():
    acaba = load_variant("acaba")
    zero = entry_from_json(acaba, {"acaba": True, "meld_points": 0})
    hand_check(scoring.acaba_alone, zero, SideEntry(), variant=acaba)
    with pytest.raises(RuleError, match="acaba ends the hand"):
        hand_check(scoring.acaba_alone, zero, SideEntry(meld_points=50), variant=acaba)


def test_validate_hand_reports_the_first_check_that_fails():
    # Both sides out (a hand check) comes before a side's missing canasta (a side check).
    with pytest.raises(RuleError, match="only one side can go out"):
        scoring.validate_hand(
            CLASSIC, [SideEntry(went_out=True), SideEntry(went_out=True)], list(NAMES)
        )


@pytest.mark.parametrize(
    ("variant", "refused"),
    [("classic-2", True), ("cutthroat", True), ("classic", False), ("samba", False)],
)
def test_a_player_alone_who_went_out_holds_no_card(variant, refused):
    # going out is melding or discarding every card; a partnership's side may still hold the
    # partner's cards (RULES.md §0), so only where every side is one player is it refused
    v = load_variant(variant)
    out = SideEntry(meld_points=150, canastas={"natural": 1, "mixed": 1}, went_out=True)
    others = [SideEntry(meld_points=50)] * (v.sides.min - 1)
    names = [f"S{i}" for i in range(v.sides.min)]
    holding = [structs.replace(out, hand_points=5), *others]
    if refused:
        with pytest.raises(RuleError, match="S0: a player who goes out holds no card"):
            scoring.check_new_hand(v, holding, names)
    else:
        scoring.check_new_hand(v, holding, names)
    scoring.check_new_hand(v, [out, *others], names)  # with no cards left: taken

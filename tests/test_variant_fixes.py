"""Rules checked against docs/RULES.md after playing every variant through (each test cites it)."""

from __future__ import annotations

import pytest

from scorekeeper.domain import Game, Hand, Side, entry_from_json, opening_minimum, score_hand
from scorekeeper.errors import RuleError
from scorekeeper.variants import load_variant


def score(name, *objs, settings=None):
    v = load_variant(name, settings)
    return score_hand(v, [entry_from_json(v, o) for o in objs])


def test_brazilian_goes_out_with_any_two_canastas():
    # RULES.md §6: "any two canastas suffice"; 140 melded + 1,000 + going out 200.
    [side, _] = score("brazilian", {"melds": "KKKKKKK QQQQQQQ", "went_out": True}, {})
    assert side.hand_score == 1340


def test_brazilian_has_no_160_option_on_the_wrong_band():
    v = load_variant("brazilian")
    assert "minimum_160" not in v.rules["options"]
    assert opening_minimum(v, score=5000).points == 150


def test_classic_6_four_red_threes_are_400():
    # RULES.md §2.4 version A: 100 each for 1-4, 5 -> 1,000, 6 -> 1,200.
    [side, _] = score("classic-6", {"meld_points": 50, "red_threes": 4}, {})
    assert side.red_three_bonus == 400


def test_chilean_four_decks_all_eight_red_threes():
    v = load_variant("chilean", {"four_decks": "true"})
    values = [v.red_threes.value(n) for n in range(1, 9)]
    assert values == [100, 200, 300, 400, 500, 600, 700, 1000]


def test_canasta_kinds_given_must_match_the_cards():
    # K K K K K 2 2 is a mixed canasta, not a natural one (RULES.md §2).
    v = load_variant("classic")
    with pytest.raises(RuleError, match="the melds make 1 mixed"):
        entry_from_json(v, {"melds": "KKKKK22", "canastas": {"natural": 1}})
    e = entry_from_json(v, {"melds": "KKKKK22", "canastas": {"mixed": 1}})
    assert e.canastas == {"mixed": 1}


def test_two_melds_of_one_rank_are_refused_in_classic():
    v = load_variant("classic")
    with pytest.raises(RuleError, match="one meld of each rank"):
        entry_from_json(v, {"melds": "KKKKKKK KKK"})
    # Samba lets a side keep two melds of a rank (RULES.md §4).
    entry_from_json(load_variant("samba"), {"melds": "KKKKKKK KKK"})


def test_unfinished_modern_american_melds_typed_as_cards_cost_their_penalties():
    # RULES.md §3: unfinished 7s -2,500, wild -2,000, natural aces -2,500.
    [side, _] = score("modern-american", {"melds": "KKKKKKK QQQQQQQ 7777 XXX AAAA"}, {})
    assert side.penalties == -7000
    v = load_variant("modern-american")
    with pytest.raises(RuleError, match="the melds show 1 unfinished sevens meld"):
        entry_from_json(v, {"melds": "KKKKKKK 7777", "penalties": {"incomplete_sevens": 0}})


def test_modern_american_cannot_go_out_with_an_unfinished_sevens_meld():
    with pytest.raises(RuleError, match="cannot go out"):
        score(
            "modern-american",
            {
                "meld_points": 300,
                "canastas": {"natural": 2},
                "penalties": {"incomplete_sevens": 1},
                "went_out": True,
            },
            {},
        )


def test_at_most_one_unfinished_meld_of_a_kind():
    with pytest.raises(RuleError, match="at most 1"):
        score("modern-american", {"meld_points": 50, "penalties": {"incomplete_sevens": 2}}, {})


def test_brazilian_short_sequences_typed_as_cards():
    # K23 default: five cards or fewer cost 1,000; the option counts only fewer than five.
    [side, _] = score("brazilian", {"melds": "5s6s7s8s9s"}, {})
    assert side.penalties == -1000
    [side, _] = score(
        "brazilian", {"melds": "5s6s7s8s9s"}, {}, settings={"short_sequence_under_five": "true"}
    )
    assert side.penalties == 0


def test_only_one_special_hand_and_no_going_out_beside_it():
    with pytest.raises(RuleError, match="special hand"):
        score("modern-american", {"special_hand": "garbage"}, {"special_hand": "pairs"})
    with pytest.raises(RuleError, match="special hand"):
        score(
            "modern-american",
            {"special_hand": "garbage"},
            {"meld_points": 300, "canastas": {"natural": 2}, "went_out": True},
        )


def test_acaba_takes_no_other_items():
    with pytest.raises(RuleError, match="acaba"):
        score("acaba", {"acaba": True, "meld_points": 50}, {})


def test_black_threes_typed_as_cards_count_toward_the_decks():
    # Two decks hold four black threes (RULES.md §16c deck limits).
    with pytest.raises(RuleError, match="5 black threes"):
        score("classic", {"melds": "KKKKKKK 3b3b3b3b3b", "went_out": True}, {})


def test_a_red_three_left_in_hand_in_classic_costs_500():
    [side, _] = score("classic", {"meld_points": 50, "hand": "3r"}, {})
    assert side.penalties == -500 and side.hand_deduction == 0


def test_instant_win_goes_to_the_side_with_the_lower_total():
    v = load_variant("modern-american")
    g = Game(v, (Side("A", start_score=7500), Side("B")))
    a = entry_from_json(v, {"meld_points": 300, "canastas": {"natural": 2}})
    g.add(Hand((a, entry_from_json(v, {"special_hand": "dream_4"}))))
    # A: 7,500 + 300 + 1,000 = 8,800; B's dream hand: 8,500 and the game.
    assert g.outcome.winner == 1 and g.totals == (8800, 8500)


@pytest.mark.parametrize(
    ("a", "b", "words"),
    [
        ({"melds": "KKKKKKK"}, {"melds": "KKKKKKK"}, "14 kings typed; the 2 decks hold 8"),
        ({"melds": "QQQQXXX KKKKXXX"}, {}, "6 jokers typed; the 2 decks hold 4"),
        ({"melds": "KhKhKh"}, {}, "3 cards Kh typed; the 2 decks hold 2"),
        ({"melds": "KKKKKKK", "hand": "K K"}, {}, "9 kings typed"),
    ],
)
def test_typed_cards_cannot_outnumber_the_decks(a, b, words):
    # Two decks of 52 with four jokers (RULES.md §2, §16c deck limits).
    with pytest.raises(RuleError, match=words):
        score("classic", a, b)


def test_check_refuses_more_cards_than_the_decks_hold():
    from scorekeeper.domain.cards import parse_melds
    from scorekeeper.domain.melds import check_opening

    v = load_variant("classic")
    result = check_opening(v, parse_melds("KKKKKKKKKKKK"), opening_minimum(v, score=0))
    assert not result.allowed
    assert any("12 kings typed" in p for p in result.problems)

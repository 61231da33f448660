"""Classic Canasta scoring through the domain API (RULES.md §2 and its worked examples)."""

from __future__ import annotations

import pytest

from scorekeeper.domain import Game, Hand, Side, entry_from_json, opening_minimum, score_hand
from scorekeeper.errors import RuleError
from scorekeeper.variants import load_variant


@pytest.fixture(scope="module")
def classic():
    return load_variant("classic")


def score(variant, *objs):
    entries = [entry_from_json(variant, o) for o in objs]
    return score_hand(variant, entries)


def score_named(name, *objs, settings=None):
    v = load_variant(name, settings)
    return score_hand(v, [entry_from_json(v, o) for o in objs])


def test_ex02_natural_canasta_of_seven_kings_is_570(classic):
    # RULES.md EX-02: bonus 500 + face 7 x 10.
    [side, _] = score(classic, {"melds": "KKKKKKK"}, {})
    assert side.meld_points == 70
    assert side.canasta_bonus == 500
    assert side.meld_points + side.canasta_bonus == 570


def test_ex03_cards_left_in_both_partners_hands_count_minus_25(classic):
    # RULES.md EX-03: one partner holds 4, 4; the other 5, K.
    [side, _] = score(classic, {"hand": "4 4 5 K"}, {})
    assert side.hand_deduction == -25
    [side, _] = score(classic, {"hand_points": 25}, {})
    assert side.hand_score == -25


@pytest.mark.parametrize(
    ("total", "needed"),
    [(1495, 50), (1525, 90)],  # RULES.md EX-04
)
def test_ex04_staying_under_a_band_boundary(classic, total, needed):
    assert opening_minimum(classic, score=total).points == needed


@pytest.mark.parametrize(
    ("total", "needed"),
    [(-5, 15), (0, 50), (1495, 50), (1500, 90), (2995, 90), (3000, 120), (4995, 120)],
)
def test_ex12_opening_minimum_table_at_the_edges(classic, total, needed):
    # RULES.md EX-12.
    assert opening_minimum(classic, score=total).points == needed


def test_ex07_ordinary_hand_both_teams_scored(classic):
    # RULES.md EX-07.
    a = {
        "meld_points": 220,
        "canastas": {"natural": 1, "mixed": 1},
        "red_threes": 2,
        "went_out": True,
        "hand_points": 15,
    }
    b = {"meld_points": 110, "red_threes": 1, "hand_points": 70}
    game = Game(classic, (Side("A", start_score=2900), Side("B", start_score=1450)))
    ba, bb = game.add(Hand((entry_from_json(classic, a), entry_from_json(classic, b))))
    assert (ba.hand_score, bb.hand_score) == (1305, 140)
    assert game.totals == (4205, 1590)
    assert [m.points for m in game.next_minimums()] == [120, 90]


def test_ex07_with_the_cards_typed_instead_of_points(classic):
    # EX-07 Team A: 7 x K, 5 x 8 + 2 + joker, Q-Q-Q; partner holds 7 and 9.
    a = {"melds": "KKKKKKK 888882X QQQ", "red_threes": 2, "went_out": True, "hand": "7 9"}
    b = {"melds": "9992 AAA", "red_threes": 1, "hand": "X 5 5 K"}
    ba, bb = score(classic, a, b)
    assert (ba.meld_points, ba.canasta_bonus, ba.hand_score) == (220, 800, 1305)
    assert (bb.meld_points, bb.hand_deduction, bb.hand_score) == (110, -70, 140)


def test_canasta_kinds_given_must_match_the_cards():
    # K K K K K 2 2 is a mixed canasta, not a natural one (RULES.md §2).
    v = load_variant("classic")
    with pytest.raises(RuleError, match="the melds make 1 mixed"):
        entry_from_json(v, {"melds": "KKKKK22", "canastas": {"natural": 1}})
    e = entry_from_json(v, {"melds": "KKKKK22", "canastas": {"mixed": 1}})
    assert e.canastas == {"mixed": 1}


def test_all_four_red_threes_without_a_meld_count_minus_800(classic):
    # RULES.md §2 red 3s, K1 default.
    [_, side] = score(classic, {"meld_points": 50}, {"red_threes": 4})
    assert side.red_three_bonus == -800


def test_all_four_red_threes_with_a_meld_count_800(classic):
    [side, _] = score(classic, {"meld_points": 50, "red_threes": 4}, {})
    assert side.red_three_bonus == 800


def test_red_threes_count_plus_with_a_meld_but_no_canasta(classic):
    # RULES.md §2: having a canasta is not required for red threes to count plus.
    [side, _] = score(classic, {"meld_points": 30, "red_threes": 3}, {})
    assert side.red_three_bonus == 300


def test_going_out_concealed_is_worth_200(classic):
    # RULES.md §2: concealed going out, 200 in all.
    [side, _] = score(
        classic,
        {"meld_points": 100, "canastas": {"natural": 1}, "went_out": True, "concealed": True},
        {},
    )
    assert side.going_out_bonus == 200


def test_side_that_did_not_go_out_gets_no_bonus_when_the_stock_runs_out(classic):
    a, b = score(classic, {"meld_points": 80, "canastas": {"natural": 1}}, {"meld_points": 60})
    assert a.going_out_bonus == 0 and b.going_out_bonus == 0


def test_red_three_kept_in_hand_costs_500(classic):
    [side, _] = score(classic, {"meld_points": 60, "penalties": {"red_three_not_declared": 1}}, {})
    assert side.penalties == -500
    assert side.hand_score == -440


def test_a_red_three_left_in_hand_in_classic_costs_500():
    [side, _] = score_named("classic", {"meld_points": 50, "hand": "3r"}, {})
    assert side.penalties == -500 and side.hand_deduction == 0


def test_winner_is_the_higher_total_when_both_sides_pass_the_target(classic):
    game = Game(classic, (Side("A", start_score=4800), Side("B", start_score=4900)))
    a = entry_from_json(classic, {"meld_points": 300, "canastas": {"natural": 1}, "went_out": True})
    b = entry_from_json(classic, {"meld_points": 200, "canastas": {"mixed": 1}})
    game.add(Hand((a, b)))
    # A: 300 + 500 + 100 = 900 -> 5,700; B: 200 + 300 = 500 -> 5,400.
    assert game.totals == (5700, 5400)
    assert game.outcome.winner == 0


def test_equal_totals_at_the_target_mean_another_hand(classic):
    game = Game(classic, (Side("A", start_score=4700), Side("B", start_score=4700)))
    e = entry_from_json(classic, {"meld_points": 100, "canastas": {"mixed": 1}})
    game.add(Hand((e, e)))
    assert game.totals == (5100, 5100)
    assert game.outcome.winner is None and not game.outcome.draw


def test_draw_on_tie_option_ends_the_game_in_a_draw():
    v = load_variant("classic", {"draw_on_tie": "true"})
    game = Game(v, (Side("A", start_score=4700), Side("B", start_score=4700)))
    e = entry_from_json(v, {"meld_points": 100, "canastas": {"mixed": 1}})
    game.add(Hand((e, e)))
    assert game.outcome.draw


def test_two_player_classic_needs_two_canastas_to_go_out():
    from scorekeeper.errors import RuleError

    v = load_variant("classic-2")
    with pytest.raises(RuleError, match="at least 2 canastas"):
        score(v, {"meld_points": 100, "canastas": {"natural": 1}, "went_out": True}, {})


def test_black_threes_typed_as_cards_count_toward_the_decks():
    # Two decks hold four black threes (RULES.md §16c deck limits).
    with pytest.raises(RuleError, match="5 black threes"):
        score_named("classic", {"melds": "KKKKKKK 3b3b3b3b3b", "went_out": True}, {})


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
        score_named("classic", a, b)

"""RULES.md worked examples and rules of every variant, through the domain (classic's own
rules: test_classic_rules.py)."""

from __future__ import annotations

import pytest

from scorekeeper.domain import Game, Hand, Side, entry_from_json, opening_minimum, score_hand
from scorekeeper.errors import RuleError
from scorekeeper.variants import load_variant


def score(name, *objs, settings=None, partners=()):
    v = load_variant(name, settings)
    return score_hand(v, [entry_from_json(v, o) for o in objs], partners=partners)


# -- Hand and Foot ------------------------------------------------------------------------------


def test_ex05_hand_and_foot_full_round_for_one_team():
    # RULES.md EX-05: 2 clean (1,000), 1 dirty (300), melded 340, out 100, partner -45 = 1,695.
    # The example's house contract (2 clean + 1 dirty) is set with dotted rule paths.
    a = {
        "meld_points": 340,
        "canastas": {"clean": 2, "dirty": 1},
        "went_out": True,
        "hand_points": 45,
    }
    house = {"going_out.kinds.mixed": "1", "going_out.kinds.wild": "0"}
    [side, _] = score("hand-and-foot", a, {}, settings=house)
    assert side.hand_score == 1695


def test_ex06_book_values_including_face_value():
    # RULES.md EX-06: seven 10s = 570; five 9s + two 2s = 300 + 90 = 390.
    [clean, dirty] = score("hand-and-foot", {"melds": "TTTTTTT"}, {"melds": "9999922"})
    assert clean.meld_points + clean.canasta_bonus == 570
    assert dirty.meld_points + dirty.canasta_bonus == 390


@pytest.mark.parametrize(("round_", "needed"), [(1, 50), (2, 90), (3, 120), (4, 150)])
def test_ex37_round_based_minimum(round_, needed):
    v = load_variant("hand-and-foot")
    assert opening_minimum(v, round=round_).points == needed
    # independent of the score: a side on 0 and one on 9,000 need the same in round 3
    g = Game(v, (Side("A"), Side("B", start_score=9000)))
    for _ in range(round_ - 1):
        g.add(Hand((entry_from_json(v, {}), entry_from_json(v, {}))))
    assert [m.points for m in g.next_minimums()] == [needed, needed]


@pytest.mark.parametrize(
    ("choice", "rounds"),
    [("60", [60, 90, 120, 150]), ("six_rounds", [30, 60, 90, 120, 150, 200])],
)
def test_ex37_alternative_round_tables(choice, rounds):
    v = load_variant("hand-and-foot", {"minimums": choice})
    assert [opening_minimum(v, round=r).points for r in range(1, len(rounds) + 1)] == rounds


def test_ex37_score_based_table_with_game_to_10000():
    v = load_variant("hand-and-foot", {"minimums": "by_score"})
    assert (v.hands, v.target) == (0, 10000)
    got = [opening_minimum(v, score=s).points for s in (0, 2495, 2500, 5000, 7495, 7500)]
    assert got == [50, 50, 90, 120, 120, 150]


def test_hand_and_foot_game_ends_after_four_rounds_with_the_highest_total():
    v = load_variant("hand-and-foot")
    g = Game(v, (Side("A"), Side("B")))
    for _ in range(4):
        g.add(
            Hand(
                (entry_from_json(v, {"meld_points": 100}), entry_from_json(v, {"meld_points": 50}))
            )
        )
    assert g.totals == (400, 200) and g.outcome.winner == 0
    assert g.next_minimums() == (None, None)
    with pytest.raises(RuleError, match="over"):
        g.add(Hand((entry_from_json(v, {}), entry_from_json(v, {}))))


def test_hand_and_foot_red_three_caught_in_hand_costs_300_by_default():
    # K17: default -300; options -500 and -100. Typed as cards, a red 3 in hand is the penalty.
    [side, _] = score("hand-and-foot", {"meld_points": 50, "hand": "3h K"}, {})
    assert (side.penalties, side.hand_deduction) == (-300, -10)
    [side, _] = score(
        "hand-and-foot",
        {"penalties": {"red_threes_in_hand": 1}},
        {},
        settings={"red_three_caught": "500"},
    )
    assert side.penalties == -500


def test_hand_and_foot_contract_needs_the_wild_book():
    with pytest.raises(RuleError, match="wild book"):
        score(
            "hand-and-foot",
            {"meld_points": 400, "canastas": {"natural": 2, "mixed": 2}, "went_out": True},
            {},
        )


# -- Modern American ------------------------------------------------------------------------


def test_ex18_modern_american_normal_hand():
    # RULES.md EX-18.
    a = {
        "meld_points": 175,
        "canastas": {"natural": 1, "mixed": 1},
        "red_threes": 2,
        "black_threes": 1,
        "went_out": True,
        "hand_points": 15,
    }
    b = {
        "meld_points": 180,
        "canastas": {"mixed": 1},
        "red_threes": 1,
        "penalties": {"incomplete_sevens": 1},
        "hand_points": 85,
    }
    v = load_variant("modern-american")
    g = Game(v, (Side("A", start_score=2800), Side("B", start_score=3100)))
    ba, bb = g.add(Hand((entry_from_json(v, a), entry_from_json(v, b))))
    assert ba.red_three_bonus + ba.black_three_bonus == 400
    assert (ba.hand_score, bb.hand_score) == (1460, -2105)
    assert bb.red_three_bonus == 0  # exactly one canasta: 3s ignored
    assert g.totals == (4260, 995)
    assert [m.points for m in g.next_minimums()] == [155, 125]


def test_modern_american_melds_count_minus_without_a_canasta():
    # RULES.md §3 swing table: 0 canastas: melded cards minus, 3s minus.
    [side, _] = score(
        "modern-american", {"meld_points": 120, "red_threes": 2, "hand_points": 20}, {}
    )
    assert (side.meld_points, side.red_three_bonus, side.hand_deduction) == (-120, -300, -20)
    assert side.hand_score == -440


def test_modern_american_special_hand_replaces_the_score():
    [side, other] = score("modern-american", {"special_hand": "garbage"}, {"meld_points": 90})
    assert side.hand_score == 2000  # K6 default (seed)
    assert other.meld_points == -90
    [side, _] = score(
        "modern-american", {"special_hand": "garbage"}, {}, settings={"garbage": "3000"}
    )
    assert side.hand_score == 3000


def test_modern_american_dream_hand_wins_at_once():
    v = load_variant("modern-american")
    g = Game(v, (Side("A"), Side("B")))
    g.add(Hand((entry_from_json(v, {"special_hand": "dream_4"}), entry_from_json(v, {}))))
    assert g.outcome.winner == 0 and g.totals[0] == 8500


def test_instant_win_goes_to_the_side_with_the_lower_total():
    v = load_variant("modern-american")
    g = Game(v, (Side("A", start_score=7500), Side("B")))
    a = entry_from_json(v, {"meld_points": 300, "canastas": {"natural": 2}})
    g.add(Hand((a, entry_from_json(v, {"special_hand": "dream_4"}))))
    # A: 7,500 + 300 + 1,000 = 8,800; B's dream hand: 8,500 and the game.
    assert g.outcome.winner == 1 and g.totals == (8800, 8500)


def test_modern_american_has_no_concealed_bonus_and_needs_two_canastas():
    [side, _] = score(
        "modern-american",
        {"meld_points": 200, "canastas": {"natural": 2}, "went_out": True, "concealed": True},
        {},
    )
    assert side.going_out_bonus == 100
    with pytest.raises(RuleError, match="at least 2 canastas"):
        score(
            "modern-american",
            {"meld_points": 100, "canastas": {"natural": 1}, "went_out": True},
            {},
        )


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


def test_only_one_special_hand_and_no_going_out_beside_it():
    with pytest.raises(RuleError, match="special hand"):
        score("modern-american", {"special_hand": "garbage"}, {"special_hand": "pairs"})
    with pytest.raises(RuleError, match="special hand"):
        score(
            "modern-american",
            {"special_hand": "garbage"},
            {"meld_points": 300, "canastas": {"natural": 2}, "went_out": True},
        )


@pytest.mark.parametrize(
    ("total", "needed"),
    [(-1200, 125), (0, 125), (2995, 125), (3000, 155), (4995, 155), (5000, 180), (8000, 180)],
)
def test_ex26_modern_american_minimum_table(total, needed):
    assert opening_minimum(load_variant("modern-american"), score=total).points == needed


# -- Samba family -----------------------------------------------------------------------------


def test_ex28_samba_normal_hand():
    # RULES.md EX-28.
    a = {
        "meld_points": 140,
        "canastas": {"samba": 1, "natural": 1},
        "went_out": True,
        "red_threes": 3,
        "hand_points": 35,
    }
    b = {"meld_points": 180, "canastas": {"mixed": 1}, "red_threes": 2, "hand_points": 90}
    v = load_variant("samba")
    g = Game(v, (Side("A", start_score=6600), Side("B", start_score=2950)))
    ba, bb = g.add(Hand((entry_from_json(v, a), entry_from_json(v, b))))
    assert (ba.hand_score, bb.hand_score) == (2605, 190)
    assert bb.red_three_bonus == -200
    assert g.totals == (9205, 3140)
    assert [m.points for m in g.next_minimums()] == [150, 120]
    v160 = load_variant("samba", {"minimum_160": "true"})
    assert opening_minimum(v160, score=9205).points == 160


def test_ex28_samba_with_the_cards():
    a = {
        "melds": "5h6h7h8h9hThJh QQQQQQQ 444",
        "went_out": True,
        "red_threes": 3,
        "hand_points": 35,
    }
    [side, _] = score("samba", a, {})
    assert side.meld_points == 140 and side.canasta_bonus == 2000 and side.hand_score == 2605


@pytest.mark.parametrize(
    ("total", "needed"), [(-10, 15), (1495, 50), (2995, 90), (6995, 120), (7000, 150)]
)
def test_ex30_samba_minimum_boundaries(total, needed):
    assert opening_minimum(load_variant("samba"), score=total).points == needed


def test_samba_all_six_red_threes_are_1000():
    [side, _] = score(
        "samba", {"meld_points": 100, "canastas": {"natural": 2}, "red_threes": 6}, {}
    )
    assert side.red_three_bonus == 1000


def test_bolivia_needs_an_escalera_to_go_out():
    with pytest.raises(RuleError, match="escalera"):
        score("bolivia", {"meld_points": 200, "canastas": {"natural": 2}, "went_out": True}, {})
    [side, _] = score(
        "bolivia",
        {"meld_points": 200, "canastas": {"natural": 1, "escalera": 1}, "went_out": True},
        {},
    )
    assert side.hand_score == 200 + 500 + 1500 + 200


def test_bolivia_black_three_left_in_hand_costs_100():
    [side, _] = score("bolivia", {"meld_points": 50, "hand": "3b 3s K"}, {})
    assert (side.penalties, side.hand_deduction) == (-200, -10)
    [side, _] = score("bolivia", {"meld_points": 200, "canastas": {"bolivia": 1}}, {})
    assert side.canasta_bonus == 2500


def test_ex33_brazilian_opening_requirements():
    v = load_variant("brazilian")
    assert opening_minimum(v, score=6995).points == 150  # K11 default
    assert opening_minimum(v, score=7000).requires == "any_canasta"
    assert opening_minimum(v, score=7995).text == "a canasta"
    assert opening_minimum(v, score=8000).points == 200  # K12 default
    assert opening_minimum(v, score=8995).points == 200
    assert opening_minimum(v, score=9000).text == "a natural canasta"
    alt = load_variant("brazilian", {"band_5000": "120", "band_8000": "canasta_worth_200"})
    assert opening_minimum(alt, score=6995).points == 120
    assert opening_minimum(alt, score=8000).text == "a canasta worth at least 200"
    assert opening_minimum(alt, score=4995).points == 120


def test_brazilian_has_no_160_option_on_the_wrong_band():
    v = load_variant("brazilian")
    assert "minimum_160" not in v.rules["options"]
    assert opening_minimum(v, score=5000).points == 150


def test_brazilian_red_threes_and_short_sequence():
    # 5 red threes 1,000 with one canasta; short sequence -1,000.
    [side, _] = score(
        "brazilian",
        {
            "meld_points": 100,
            "canastas": {"natural": 1},
            "red_threes": 5,
            "penalties": {"short_sequence": 1},
        },
        {},
    )
    assert (side.red_three_bonus, side.penalties) == (1000, -1000)
    [side, _] = score("brazilian", {"meld_points": 100, "red_threes": 6}, {})
    assert side.red_three_bonus == -1200


def test_brazilian_goes_out_with_any_two_canastas():
    # RULES.md §6: "any two canastas suffice"; 140 melded + 1,000 + going out 200.
    [side, _] = score("brazilian", {"melds": "KKKKKKK QQQQQQQ", "went_out": True}, {})
    assert side.hand_score == 1340


def test_brazilian_short_sequences_typed_as_cards():
    # K23 default: five cards or fewer cost 1,000; the option counts only fewer than five.
    [side, _] = score("brazilian", {"melds": "5s6s7s8s9s"}, {})
    assert side.penalties == -1000
    [side, _] = score(
        "brazilian", {"melds": "5s6s7s8s9s"}, {}, settings={"short_sequence_under_five": "true"}
    )
    assert side.penalties == 0


def test_chilean_four_decks_all_eight_red_threes():
    v = load_variant("chilean", {"four_decks": "true"})
    values = [v.red_threes.value(n) for n in range(1, 9)]
    assert values == [100, 200, 300, 400, 500, 600, 700, 1000]


def test_italian_canasta_set_bonuses_take_the_larger_and_ten_canastas_add():
    # K24: five natural (2,000) beats four natural + one mixed (1,000).
    [side, _] = score("italian", {"meld_points": 400, "canastas": {"natural": 5, "mixed": 1}}, {})
    assert side.canasta_bonus == 5 * 500 + 300 + 2000
    [side, _] = score("italian", {"meld_points": 400, "canastas": {"natural": 4, "mixed": 1}}, {})
    assert side.canasta_bonus == 4 * 500 + 300 + 1000
    [side, _] = score("italian", {"meld_points": 700, "canastas": {"natural": 5, "mixed": 5}}, {})
    assert side.canasta_bonus == 5 * 500 + 5 * 300 + 2000 + 2000


def test_italian_red_threes_and_going_out():
    [side, _] = score(
        "italian",
        {"meld_points": 200, "canastas": {"natural": 2}, "red_threes": 4, "went_out": True},
        {},
    )
    assert (side.red_three_bonus, side.going_out_bonus) == (800, 300)
    with pytest.raises(RuleError, match="at least 2 canastas"):
        score(
            "italian",
            {"meld_points": 200, "canastas": {"natural": 1, "wild": 1}, "went_out": True},
            {},
        )


def test_italian_target_and_top_band():
    v = load_variant("italian")
    assert v.target == 15000 and load_variant("italian", {"target_12000": "true"}).target == 12000
    assert [opening_minimum(v, score=s).points for s in (4995, 5000, 7500, 10000)] == [
        120,
        160,
        180,
        200,
    ]


def test_cuban_wild_canastas_red_and_black_threes():
    [side, _] = score(
        "cuban",
        {
            "meld_points": 300,
            "canastas": {"wild_twos": 1, "wild_jokers": 1},
            "red_threes": 4,
            "black_threes": 4,
        },
        {},
    )
    assert side.canasta_bonus == 7000
    assert (side.red_three_bonus, side.black_three_bonus) == (1000, 100)
    [side, _] = score("cuban", {"meld_points": 60, "red_threes": 2, "black_threes": 2}, {})
    assert (side.red_three_bonus, side.black_three_bonus) == (0, 10)  # K13: not scored
    [side, _] = score(
        "cuban", {"meld_points": 60, "red_threes": 2}, {}, settings={"red_threes_minus": "true"}
    )
    assert side.red_three_bonus == -300
    assert opening_minimum(load_variant("cuban"), score=5000).points == 150


def test_pennies_from_heaven_needs_four_kinds_and_red_threes_need_sevens():
    with pytest.raises(RuleError, match="canasta of sevens"):
        score(
            "pennies-from-heaven",
            {
                "meld_points": 500,
                "went_out": True,
                "canastas": {"natural": 2, "mixed": 1, "wild": 1},
            },
            {},
        )
    [side, _] = score(
        "pennies-from-heaven", {"meld_points": 100, "canastas": {"natural": 1}, "red_threes": 8}, {}
    )
    assert side.red_three_bonus == -1000
    v = load_variant("pennies-from-heaven")
    assert [opening_minimum(v, score=s).points for s in (0, 495, 500, 995, 1000, 1495, 1500)] == [
        50,
        50,
        90,
        90,
        120,
        120,
        150,
    ]


def test_mexicana_needs_as_many_red_threes_as_canastas_to_go_out():
    with pytest.raises(RuleError, match="as many red threes"):
        score(
            "mexicana",
            {"meld_points": 200, "canastas": {"natural": 2}, "red_threes": 1, "went_out": True},
            {},
        )
    [side, _] = score(
        "mexicana",
        {
            "meld_points": 200,
            "canastas": {"sevens": 1, "natural": 1},
            "red_threes": 2,
            "went_out": True,
        },
        {},
    )
    assert side.canasta_bonus == 1500


def test_acaba_gives_the_opponents_1500_and_the_declaring_side_nothing():
    [declaring, other] = score("acaba", {"acaba": True}, {})
    assert declaring.hand_score == 0
    assert (other.hand_score, other.special_hand_bonus) == (1500, 1500)


def test_acaba_takes_no_other_items():
    with pytest.raises(RuleError, match="acaba"):
        score("acaba", {"acaba": True, "meld_points": 50}, {})


def test_uruguay_wild_canasta_is_2000():
    [side, _] = score("uruguay", {"meld_points": 300, "canastas": {"wild": 1}}, {})
    assert side.canasta_bonus == 2000


def test_classic_6_red_threes_and_top_band():
    [side, _] = score("classic-6", {"meld_points": 50, "red_threes": 5}, {})
    assert side.red_three_bonus == 1000
    v = load_variant("classic-6")
    assert opening_minimum(v, score=7500).points == 150 and v.target == 10000


def test_classic_6_four_red_threes_are_400():
    # RULES.md §2.4 version A: 100 each for 1-4, 5 -> 1,000, 6 -> 1,200.
    [side, _] = score("classic-6", {"meld_points": 50, "red_threes": 4}, {})
    assert side.red_three_bonus == 400


def test_cutthroat_partners_share_the_partnership_score_but_not_red_threes():
    # RULES.md §2.2 cutthroat: lone hand Ann; Bob and Cat partners for this hand.
    ann = {"meld_points": 120, "red_threes": 1, "hand_points": 20}
    bob = {"meld_points": 200, "canastas": {"natural": 1}, "red_threes": 2, "went_out": True}
    cat = {"meld_points": 90, "canastas": {"mixed": 1}, "hand_points": 15}
    a, b, c = score("cutthroat", ann, bob, cat, partners=(1, 2))
    assert a.hand_score == 120 + 100 - 20
    shared = 290 + 800 + 100 - 15  # melds, two canastas, going out, Cat's cards
    assert (b.hand_score, c.hand_score) == (shared + 200, shared)


def test_cutthroat_partnership_needs_two_canastas_together():
    with pytest.raises(RuleError, match="at least 2 canastas"):
        score(
            "cutthroat",
            {},
            {"meld_points": 100, "canastas": {"natural": 1}, "went_out": True},
            {"meld_points": 50},
            partners=(1, 2),
        )


def test_partners_are_refused_in_a_game_with_fixed_sides():
    with pytest.raises(RuleError, match="fixed sides"):
        score("classic-3", {}, {}, {}, partners=(1, 2))


def test_hand_and_foot_low_cards_option_counts_eights_and_nines_5():
    # RULES.md §14 card values: 4-9 = 5 (Tanglewood, chantastic).
    [side, _] = score(
        "hand-and-foot", {"melds": "888 999"}, {}, settings={"nines_and_eights_5": "true"}
    )
    assert side.meld_points == 30
    [side, _] = score("hand-and-foot", {"melds": "888 999"}, {})
    assert side.meld_points == 60


def test_a_tie_after_the_last_round_is_played_off_unless_draws_are_allowed():
    v = load_variant("hand-and-foot")
    g = Game(v, (Side("A"), Side("B")))
    even = Hand((entry_from_json(v, {"meld_points": 50}), entry_from_json(v, {"meld_points": 50})))
    for _ in range(4):
        g.add(even)
    assert not g.outcome.over  # 200 each after four rounds: another hand decides
    g.add(Hand((entry_from_json(v, {"meld_points": 60}), entry_from_json(v, {"meld_points": 50}))))
    assert g.outcome.winner == 0
    d = load_variant("hand-and-foot", {"draw_on_tie": "true"})
    g = Game(d, (Side("A"), Side("B")))
    for _ in range(4):
        g.add(Hand((entry_from_json(d, {"meld_points": 50}),) * 2))
    assert g.outcome.draw


def test_classic_wild_canasta_house_rule_values():
    [side, _] = score(
        "classic",
        {"meld_points": 200, "canastas": {"wild": 1}},
        {},
        settings={"wild_canastas": "2000"},
    )
    assert side.canasta_bonus == 2000

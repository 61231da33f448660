"""Meld legality and the opening-meld check, rule by rule (RULES.md §2, §3, §4, §5, §6)."""

from __future__ import annotations

import pytest

from scorekeeper.domain import entry_from_json
from scorekeeper.domain.cards import parse_cards, parse_melds
from scorekeeper.domain.melds import check_opening, judge_meld
from scorekeeper.domain.minimums import Minimum, opening_minimum
from scorekeeper.domain.variant import build_variant
from scorekeeper.errors import DataFileError, InputError, RuleError, UsageError
from scorekeeper.variants import load_rules, load_variant

CLASSIC = load_variant("classic")


def variant_with(melds: dict, canastas: dict | None = None, name: str = "test"):
    """Classic with the given [melds] values (and extra canasta kinds): a variant for tests."""
    rules = load_rules("classic")
    rules["name"] = name
    rules["title"] = name
    rules["melds"].update(melds)
    rules["canastas"].update(canastas or {})
    return build_variant(rules, name)


# The [melds] values RULES.md gives Samba (§4) and Modern American (§3).
SAMBA = variant_with(
    {"max_wilds": 2, "one_meld_per_rank": False, "sequences": True},
    {"sequence": {"title": "samba", "bonus": 1500, "aliases": ["samba"]}},
    "samba-test",
)
MODERN = variant_with(
    {
        "max_wilds": 2,
        "max_cards": 7,
        "wild_melds": True,
        "wild_meld_exclusive": True,
        "black_threes": "never",
        "sevens_no_wilds": True,
        "aces": "natural_unless_opening_wild",
        "opening_needs": "clean_triple",
        "opening_discard": "not_counted",
    },
    {"wild": {"title": "wild canasta", "bonus": 2000}},
    "modern-test",
)


def judge(v, text, **kw):
    return judge_meld(v, parse_cards(text), **kw)


def opening(v, text, minimum, **kw):
    return check_opening(v, parse_melds(text), minimum, **kw)


# -- EX-01 ------------------------------------------------------------------------------------


def test_ex01_six_six_six_and_kkk2_are_25_short_of_90_at_1600():
    # RULES.md EX-01: 6-6-6 + K-K-K-2 = 15 + 50 = 65 < 90.
    result = opening(CLASSIC, "6-6-6 K-K-K-2", opening_minimum(CLASSIC, score=1600))
    assert result.legal and not result.allowed
    assert (result.total, result.short_by) == (65, 25)
    assert result.problems == ("melds worth 65 are 25 short of the 90 needed",)


def test_ex01_six_six_six_and_aaa2_open_at_1600():
    # RULES.md EX-01: 6-6-6 + A-A-A-2 = 15 + 80 = 95 >= 90.
    result = opening(CLASSIC, "666 AAA2", opening_minimum(CLASSIC, score=1600))
    assert result.allowed and result.total == 95 and result.short_by == 0


@pytest.mark.parametrize("melds", ["666 KKK2", "666 AAA2"])
def test_ex01_both_open_below_1500_where_50_is_needed(melds):
    assert opening(CLASSIC, melds, opening_minimum(CLASSIC, score=1495)).allowed


@pytest.mark.parametrize(("melds", "short"), [("666 KKK2", 55), ("666 AAA2", 25)])
def test_ex01_neither_opens_at_3000_where_120_is_needed(melds, short):
    result = opening(CLASSIC, melds, opening_minimum(CLASSIC, score=3000))
    assert not result.allowed and result.short_by == short


# -- each meld rule, broken once --------------------------------------------------------------


@pytest.mark.parametrize(
    ("v", "cards", "message"),
    [
        (CLASSIC, "K K", "a meld needs at least 3 cards; this one has 2"),
        (CLASSIC, "K 2 2", "a meld needs at least 2 natural cards; this one has 1"),
        (CLASSIC, "K K K 2 2 X X", "a meld takes at most 3 wild cards; this one has 4"),
        (
            CLASSIC,
            "K K 2 2 X",
            "a meld never holds more wild cards than natural ones; this one has 3 wild and 2",
        ),
        (SAMBA, "K K K 2 2 X", "a meld takes at most 2 wild cards; this one has 3"),
        (CLASSIC, "2 2 X", "Classic Canasta allows no melds of wild cards only"),
        (MODERN, "2 2 2 2 X X X X", "a meld of wild cards holds at most 7 cards; this one has 8"),
        (CLASSIC, "K Q J", "a meld is cards of one rank (Classic Canasta has no sequences)"),
        (CLASSIC, "3r 3r 3r", "red threes are never melded"),
        (CLASSIC, "3b 3b 3b", "black threes may be melded only by a player going out"),
        (CLASSIC, "3b 3b 2", "a meld of black threes takes no wild cards"),
        (CLASSIC, "3b 3b K", "black threes are melded only with black threes"),
        (MODERN, "3b 3b 3b", "threes are never melded in modern-test"),
        (MODERN, "7 7 7 2", "a meld of sevens takes no wild cards in modern-test"),
        (MODERN, "K K K K K K K K", "a meld holds at most 7 cards in modern-test; this one has 8"),
        # Samba-family sequences (RULES.md §4)
        (SAMBA, "5h 6h 2", "a sequence takes no wild cards"),
        (SAMBA, "5h 6 7h", "a sequence needs the suit of every card (e.g. 5h 6h 7h); '6' has none"),
        (SAMBA, "5h 6h 7s", "a sequence is all one suit; these cards are h, s"),
        (SAMBA, "5h 6h 6h 7h", "a sequence holds each rank once; it has 2 sixes"),
        # neither one rank nor a sequence: both said (a new user's "KKQ" was told of suits)
        (
            SAMBA,
            "K K Q",
            "a meld is cards of one rank, or a sequence of one suit holding each rank once"
            " (e.g. 5h 6h 7h); this one mixes kings, queens",
        ),
        (SAMBA, "Kh Ks Qh", "this one mixes kings, queens"),
        (SAMBA, "5h 6h 8h", "the cards are not consecutive: 7 missing; a sequence runs 4 up to"),
        (SAMBA, "Kh Ah 4h", "(ace is high only: no wrap-around)"),
        (SAMBA, "4h 5h", "a meld needs at least 3 cards; this one has 2"),
        (
            SAMBA,
            "4h 5h 6h 7h 8h 9h 10h Jh",
            "a sequence holds at most 7 cards; this one has 8",
        ),
    ],
)
def test_each_meld_rule_broken_once_says_what_is_allowed(v, cards, message):
    verdict = judge(v, cards)
    assert not verdict.legal
    assert message in verdict.reason


@pytest.mark.parametrize(
    ("v", "cards", "shape"),
    [
        (CLASSIC, "K K K", "group"),
        (CLASSIC, "K K K 2 X X", "group"),
        (CLASSIC, "K K 2 X", "group"),
        (CLASSIC, "K K K K K K K K K", "group"),
        (SAMBA, "4h 5h 6h", "sequence"),
        (SAMBA, "Jh Qh Kh Ah", "sequence"),
        (SAMBA, "9♠ 10♠ J♠ Q♠ K♠ A♠ 8♠", "sequence"),
        (MODERN, "2 2 2 X X X X", "wild"),
        (MODERN, "A A A 2 X", "group"),
        (MODERN, "7 7 7", "group"),
    ],
)
def test_legal_melds(v, cards, shape):
    verdict = judge(v, cards)
    assert verdict.legal, verdict.reason
    assert verdict.shape == shape


def test_black_threes_meld_by_a_player_going_out():
    # RULES.md §2: 3 or 4 black threes, no wild cards, only in the turn of going out.
    assert judge(CLASSIC, "3b 3b 3s 3c", going_out=True).legal


def test_a_seven_card_meld_is_a_canasta_of_its_kind():
    assert judge(CLASSIC, "KKKKKK2").canasta == "mixed"
    assert judge(CLASSIC, "QQQQQQQ").canasta == "natural"
    assert judge(SAMBA, "4h5h6h7h8h9hTh").canasta == "sequence"
    assert judge(MODERN, "2222XXX").canasta == "wild"


def test_modern_american_aces_take_wild_cards_only_after_an_opening_with_wild_cards():
    # RULES.md §3: aces stay natural unless wilds were in the side's opening meld.
    refused = judge(MODERN, "A A A 2", opening_wilds=False)
    assert refused.reason == "aces stay natural: the side's opening meld held no wild cards"
    allowed = judge(MODERN, "A A A 2", opening_wilds=True)
    assert allowed.legal and "ordinary mixed meld" in allowed.note


# -- rules across melds -----------------------------------------------------------------------


def test_classic_allows_one_meld_of_a_rank():
    result = opening(CLASSIC, "KKK KKK2", Minimum(50))
    assert result.melds[0].legal and not result.melds[1].legal
    assert "one meld of each rank" in result.melds[1].reason
    assert opening(SAMBA, "KKK KKK2", Minimum(50)).allowed  # RULES.md §4: Samba allows it


def test_two_melds_of_one_rank_are_refused_in_classic():
    v = load_variant("classic")
    with pytest.raises(RuleError, match="one meld of each rank"):
        entry_from_json(v, {"melds": "KKKKKKK KKK"})
    # Samba lets a side keep two melds of a rank (RULES.md §4).
    entry_from_json(load_variant("samba"), {"melds": "KKKKKKK KKK"})


def test_while_a_wild_meld_is_open_wild_cards_go_only_to_it():
    # RULES.md §3: Modern American.
    result = opening(MODERN, "222 KKK QQQ2", Minimum(125))
    assert "while a meld of wild cards is open" in result.melds[2].reason


def test_modern_american_opening_needs_a_clean_triple():
    # RULES.md §3 (CLA; K7): 140 points, but no meld of three natural cards without a wild.
    result = opening(MODERN, "AA2 KK2 QQ2", Minimum(125))
    assert result.legal and not result.allowed
    assert any("the opening needs a clean meld" in p for p in result.problems)
    assert opening(MODERN, "AAA KK2 QQ2", Minimum(125)).allowed  # 60 + 40 + 40 = 140


def test_check_refuses_more_cards_than_the_decks_hold():
    # RULES.md §16c: two decks hold 8 kings; the top discard counts among the cards typed
    v = load_variant("classic")
    with pytest.raises(InputError, match="12 kings typed; the 2 decks hold 8"):
        check_opening(v, parse_melds("KKKKKKKKKKKK"), opening_minimum(v, score=0))
    with pytest.raises(InputError, match="9 kings typed"):
        check_opening(v, parse_melds("KKKKKKKK"), Minimum(), discard=parse_cards("K")[0])


# -- the top discard --------------------------------------------------------------------------


def test_the_top_discard_joins_its_meld_and_counts_in_classic():
    # RULES.md §2: only the top discard may count toward the minimum. 9-9 + 9 + K-K-K-2 = 80.
    result = opening(CLASSIC, "99 KKK2", Minimum(90), discard=parse_cards("9")[0])
    assert result.melds[0].with_discard and result.discard_counted
    assert (result.total, result.short_by) == (80, 10)


def test_the_top_discard_does_not_count_in_modern_american():
    # RULES.md §3: the top discard does not count toward the minimum (CLA): 9-9 + the 9
    # counts 20, not 30; A-A-A 60 and K-K-K-2 50 make 130.
    result = opening(MODERN, "AAA 99 KKK2", Minimum(125), discard=parse_cards("9")[0])
    assert result.melds[1].legal and not result.discard_counted
    assert (result.total, result.short_by) == (60 + 20 + 50, 0)


def test_the_discard_needs_a_natural_pair_of_its_rank():
    result = opening(CLASSIC, "Q2X KKK", Minimum(50), discard=parse_cards("Q")[0])
    assert "must join a meld of queens holding two natural queens" in result.problems[0]


@pytest.mark.parametrize(
    ("card", "message"),
    [("2", "with a wild card on top"), ("3b", "a three on top of the pile blocks it")],
)
def test_a_wild_card_or_a_three_on_top_blocks_the_pile(card, message):
    result = opening(CLASSIC, "KKK AAA", Minimum(50), discard=parse_cards(card)[0])
    assert message in result.problems[0]


def test_a_variant_may_forbid_taking_the_pile_to_open():
    # RULES.md §6 (Brazilian): the pile may not be taken to make the opening meld.
    v = variant_with({"opening_discard": "not_allowed"}, name="brazil-test")
    result = opening(v, "KK AAA", Minimum(50), discard=parse_cards("K")[0])
    reason = "brazil-test does not let a side take the pile for its opening meld"
    assert result.problems == (reason,)


# -- requirements that are not a number (RULES.md §6) -----------------------------------------


def test_any_canasta_requirement():
    need = Minimum(requires="any_canasta")
    assert opening(CLASSIC, "KKKKKK2", need).allowed
    result = opening(CLASSIC, "KKKKK2 AAA", need)
    assert result.problems == ("the opening needs a canasta (seven cards or more)",)


def test_natural_canasta_requirement():
    need = Minimum(requires="natural_canasta")
    assert opening(CLASSIC, "KKKKKKK", need).allowed
    assert not opening(CLASSIC, "KKKKKK2", need).allowed


def test_canasta_worth_200_requirement():
    need = Minimum(requires="canasta_worth_200")
    # A-A-A-A-A + X-X = 100 + 100 = 200: enough; K x6 + 2 = 80: not.
    assert opening(CLASSIC, "AAAAAXX", need).allowed
    assert not opening(CLASSIC, "KKKKKK2 AAAXX", need).allowed


def test_canasta_and_200_requirement():
    need = Minimum(requires="canasta_and_200")
    # K x6 + 2 = 80 and A-A-A-X-X = 160: 240 in all, with a canasta.
    assert opening(CLASSIC, "KKKKKK2 AAAXX", need).allowed
    # K x6 + 2 = 80 and A-A-A = 60: 140.
    assert not opening(CLASSIC, "KKKKKK2 AAA", need).allowed


# -- the rules are data -----------------------------------------------------------------------


def test_classic_meld_rules_come_from_its_file():
    rules = CLASSIC.melds
    assert (rules.min_naturals, rules.max_wilds, rules.wilds_at_most_naturals) == (2, 3, True)
    assert (rules.sequences, rules.wild_melds, rules.opening_discard) == (False, False, "counts")


def test_the_wild_canastas_house_rule_allows_wild_melds():
    v = load_variant("classic", {"wild_canastas": "1000"})
    assert judge(v, "2 2 X").legal


def test_a_meld_rule_can_be_set_for_one_game():
    v = load_variant("classic", {"melds.max_wilds": "2"})
    assert "at most 2 wild cards" in judge(v, "K K K 2 2 X").reason


def test_a_meld_rule_of_the_wrong_type_is_refused():
    with pytest.raises(UsageError, match=r"'melds\.wild_melds' takes true or false"):
        load_variant("classic", {"melds.wild_melds": "maybe"})
    rules = load_rules("classic")
    rules["melds"]["aces"] = "sometimes"
    with pytest.raises(DataFileError, match=r"'melds\.aces' is \"sometimes\"; allowed: any"):
        build_variant(rules, "x")

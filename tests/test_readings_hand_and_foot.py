"""The Hand and Foot readings (RULES.md §14; K18, K21): the contracts ``4_3`` (4 clean + 3 dirty
books) and ``5_4`` (5 clean + 4 dirty), ``books_past_seven`` (``no``: a book holds exactly 7
cards; ``all``: every book grows, each card adding its points; ``clean``: clean books grow,
dirty books close at 7) and a minimum band that is a formula of the round
(``points_per_round``: 30 x the round number)."""

from __future__ import annotations

import json

import pytest
from conftest import refused
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.domain import entry_from_json, opening_minimum, score_hand
from scorekeeper.domain.cards import parse_cards
from scorekeeper.domain.melds import judge_meld
from scorekeeper.errors import RuleError
from scorekeeper.variants import load_variant


def going_out(settings, clean, dirty):
    """Score a side going out with ``clean`` and ``dirty`` books (meld points: 70 a book)."""
    v = load_variant("hand-and-foot", settings)
    entry = {
        "meld_points": 70 * (clean + dirty),
        "canastas": {"natural": clean, "mixed": dirty},
        "went_out": True,
    }
    return score_hand(v, [entry_from_json(v, entry), entry_from_json(v, {})])


# -- contract -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("contract", "clean", "dirty"), [("4_3", 4, 3), ("5_4", 5, 4)], ids=["4_3", "5_4"]
)
def test_the_contract_decides_who_may_go_out(contract, clean, dirty):
    settings = {"contract": contract}
    [side, _] = going_out(settings, clean, dirty)
    # 70 a book melded, clean 500, dirty 300, going out 100.
    assert side.canasta_bonus == 500 * clean + 300 * dirty
    assert side.going_out_bonus == 100
    with pytest.raises(RuleError, match=f"needs {clean} clean books \\(has {clean - 1}\\)"):
        going_out(settings, clean - 1, dirty + 5)
    with pytest.raises(RuleError, match=f"needs {dirty} dirty books \\(has {dirty - 1}\\)"):
        going_out(settings, clean + 5, dirty - 1)


def test_the_new_contracts_need_no_wild_book():
    assert load_variant("hand-and-foot", {"contract": "4_3"}).going_out.kinds == {
        "natural": 4,
        "mixed": 3,
    }
    assert load_variant("hand-and-foot", {"contract": "5_4"}).going_out.kinds == {
        "natural": 5,
        "mixed": 4,
    }


def test_the_default_contract_stays_2_2_1():
    v = load_variant("hand-and-foot")
    assert v.going_out.kinds == {"natural": 2, "mixed": 2, "wild": 1}
    with pytest.raises(RuleError, match="wild book"):
        going_out({}, 4, 3)


def test_contract_through_the_cli(cli, db):
    args = ["new", "hand-and-foot", "--team", "A", "--team", "B", "--set", "contract=4_3"]
    assert cli(*args).exit_code == 0
    msg = refused(cli, db, "hand", "--yes", "m=600 nat=3 mix=3 out", "m=50")
    assert "needs 4 clean books (has 3)" in msg
    doc = cli.json("hand", "--yes", "m=490 nat=4 mix=3 out", "m=50")
    assert doc["teams"][0]["hand_score"] == 490 + 2000 + 900 + 100
    assert cli.json("status")["teams"][0]["total"] == 3490


def test_variants_show_lists_the_contracts(cli):
    doc = cli.json("variants", "show", "hand-and-foot")
    choices = doc["options"]["contract"]["choices"]
    assert choices["4_3"] == {"going_out.kinds": {"natural": 4, "mixed": 3}}
    assert choices["5_4"] == {"going_out.kinds": {"natural": 5, "mixed": 4}}
    out = " ".join(cli("variants", "show", "hand-and-foot", "--set", "contract=5_4").stdout.split())
    assert "5 clean books, 4 dirty books" in out
    assert "2_2_1, 2_1, 3_4, 3_3, 1_2, 4_3, 5_4" in out


# -- books_past_seven ---------------------------------------------------------------------------


def judge(cards, reading):
    v = load_variant("hand-and-foot", {"books_past_seven": reading})
    return judge_meld(v, parse_cards(cards))


@pytest.mark.parametrize("cards", ["K K K K K K K K", "K K K K K K 2 2", "X X 2 2 X 2 2 2"])
def test_books_past_seven_no_a_book_holds_exactly_seven(cards):
    verdict = judge(cards, "no")
    assert not verdict.legal and "at most 7 cards" in verdict.reason
    assert judge(" ".join(cards.split()[:7]), "no").legal


def test_books_past_seven_all_every_book_grows():
    for cards in ("K K K K K K K K K", "K K K K K K 2 2 2", "X X X 2 2 2 2 2 2"):
        verdict = judge(cards, "all")
        assert verdict.legal, verdict.reason
        assert verdict.canasta is not None


def test_books_past_seven_clean_only_clean_books_grow():
    clean = judge("K K K K K K K K K", "clean")
    assert clean.legal and clean.canasta == "natural"
    dirty = judge("K K K K K K 2 2", "clean")
    assert not dirty.legal and "a meld with wild cards holds at most 7 cards" in dirty.reason
    assert judge("K K K K K 2 2", "clean").legal  # a dirty book of seven
    wild = judge("X X 2 2 X 2 2 2", "clean")
    assert not wild.legal and "at most 7 cards" in wild.reason


def test_each_card_past_seven_adds_its_points():
    v = load_variant("hand-and-foot", {"books_past_seven": "all"})
    entry = entry_from_json(v, {"melds": "KKKKKKKKK QQQQQQ222"})
    [side, _] = score_hand(v, [entry, entry_from_json(v, {})])
    # Nine kings 90 (a clean book, 500); six queens and three 2s 60 + 60 (a dirty book, 300).
    assert side.meld_points == 90 + 120
    assert side.canasta_bonus == 500 + 300


def test_typed_books_are_judged_by_the_reading():
    v = load_variant("hand-and-foot", {"books_past_seven": "clean"})
    assert entry_from_json(v, {"melds": "KKKKKKKKK"}).canastas == {"natural": 1}
    with pytest.raises(RuleError, match="holds at most 7 cards"):
        entry_from_json(v, {"melds": "KKKKKK22"})
    with pytest.raises(RuleError, match="holds at most 7 cards"):
        entry_from_json(load_variant("hand-and-foot"), {"melds": "KKKKKKKK"})


@pytest.mark.parametrize("reading", ["no", "all", "clean"])
def test_counted_entries_accept_every_reading(reading):
    v = load_variant("hand-and-foot", {"books_past_seven": reading})
    # A clean book of nine kings (90) and a dirty book of eight (60 + 20), counted.
    entry = {"meld_points": 170, "canastas": {"natural": 1, "mixed": 1}}
    [side, _] = score_hand(v, [entry_from_json(v, entry), entry_from_json(v, {})])
    assert side.hand_score == 170 + 800


def test_books_past_seven_through_the_cli(cli, db):
    args = ["new", "hand-and-foot", "--team", "A", "--team", "B", "--set", "books_past_seven=clean"]
    assert cli(*args).exit_code == 0
    msg = refused(cli, db, "hand", "--yes", "m=KKKKKKKK2", "-")
    assert "a meld with wild cards holds at most 7 cards" in msg
    doc = cli.json("hand", "--yes", "m=KKKKKKKKK/QQQQQ22", "-")
    assert doc["teams"][0]["meld_points"] == 90 + 50 + 40
    assert doc["teams"][0]["canasta_bonus"] == 800
    check = cli("check", "KKKKKKKK2", "--variant", "hand-and-foot", "--round", "1")
    assert check.exit_code == 1 and "at most 7 cards" in check.stdout
    args = ("check", "KKKKKKKK2", "--variant", "hand-and-foot", "--round", "1")
    assert cli(*args, "--set", "books_past_seven=all").exit_code == 0


def test_variants_show_lists_books_past_seven(cli):
    doc = cli.json("variants", "show", "hand-and-foot")
    opt = doc["options"]["books_past_seven"]
    assert opt["default"] == "no"
    assert opt["choices"] == {
        "no": {},
        "all": {"melds.past_max_cards": ["natural", "mixed", "wild"]},
        "clean": {"melds.past_max_cards": ["natural"]},
    }
    args = ("variants", "show", "hand-and-foot", "--set", "books_past_seven=clean")
    out = " ".join(cli(*args).stdout.split())
    assert "at most 7 cards (natural melds grow past it)" in out
    assert "books_past_seven no clean" in out


# -- a minimum band as a formula of the round ---------------------------------------------------


@given(st.integers(1, 40))
def test_30_per_round_is_30_times_the_round_number(round_):
    v = load_variant("hand-and-foot", {"minimums": "30_per_round"})
    assert opening_minimum(v, round=round_).points == 30 * round_


def test_the_formula_follows_the_listed_rounds():
    from scorekeeper.domain.variant import build_variant

    rules = load_variant("hand-and-foot").rules
    bands = [{"round": 1, "points": 50}, {"round": 2, "points": 90}, {"points_per_round": 60}]
    v = build_variant({**rules, "opening_minimum": {"by": "round", "bands": bands}})
    assert [opening_minimum(v, round=r).points for r in (1, 2, 3, 4, 9)] == [50, 90, 180, 240, 540]


def test_more_rounds_than_any_table_lists_through_the_cli(cli):
    args = ["new", "hand-and-foot", "--team", "A", "--team", "B", "--set", "minimums=30_per_round"]
    assert cli(*args, "--set", "hands=8").exit_code == 0
    assert [t["opening_minimum"]["points"] for t in cli.json("status")["teams"]] == [30, 30]
    for _ in range(6):
        assert cli("hand", "--yes", "m=50", "m=40").exit_code == 0
    # Round 7 next: 7 x 30.
    assert [t["opening_minimum"]["points"] for t in cli.json("status")["teams"]] == [210, 210]
    out = cli("minimum", "--variant", "hand-and-foot", "--set", "minimums=30_per_round")
    assert out.exit_code == 2  # by round: --round is needed
    args = ["minimum", "--variant", "hand-and-foot", "--set", "minimums=30_per_round"]
    assert cli.json(*args, "--round", "3")["opening_minimum"]["points"] == 90


def test_variants_show_lists_the_formula(cli):
    args = ("variants", "show", "hand-and-foot", "--set", "minimums=30_per_round")
    out = " ".join(cli(*args).stdout.split())
    assert "every round 30 x the round number" in out
    doc = cli.json(*args)
    assert doc["rules"]["opening_minimum"]["bands"] == [{"points_per_round": 30}]
    assert "30_per_round" in doc["options"]["minimums"]["choices"]


def test_the_default_minimums_stay_50_90_120_150():
    v = load_variant("hand-and-foot")
    assert [opening_minimum(v, round=r).points for r in (1, 2, 3, 4)] == [50, 90, 120, 150]
    assert opening_minimum(v, round=5).points is None


@pytest.mark.parametrize(
    ("choice", "table"),
    [
        ("standard", [50, 90, 120, 150]),
        ("60", [60, 90, 120, 150]),
        ("30_per_round", [30, 60, 90, 120]),
    ],
)
def test_each_minimums_choice_over_four_rounds(choice, table):
    # RULES.md §14, K18: 50/90/120/150; one house's 60/90/120/150; 30 x the round.
    v = load_variant("hand-and-foot", {"minimums": choice})
    assert [opening_minimum(v, round=r).points for r in (1, 2, 3, 4)] == table


def test_a_tie_after_the_fourth_round_is_played_on_at_the_fourth_rounds_minimum(cli, db):
    # RULES.md §14: four rounds, minimum 150 in round 4; K20 (tie = extra_hand): another hand
    result = cli("new", "hand-and-foot", "--team", "A", "--team", "B")
    assert result.exit_code == 0, result.output
    for _ in range(4):
        assert cli("hand", "--yes", "-", "-").exit_code == 0
    status = cli.json("status")
    assert status["status"] == "playing"
    assert [t["opening_minimum"]["points"] for t in status["teams"]] == [150, 150]
    checked = cli("check", "KKK", "--team", "A", "--json")  # 30 of the 150 needed
    assert checked.exit_code == 1, checked.output
    assert json.loads(checked.stdout)["short_by"] == 120
    assert cli("hand", "--yes", "m=400 clean=2 dirty=2 wild=1 out", "-").exit_code == 0
    assert cli.json("status")["status"] == "won"

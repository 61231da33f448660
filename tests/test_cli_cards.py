"""`points` and `check` from the command line."""

from __future__ import annotations

import json

import pytest
from conftest import new_game

from scorekeeper.variants import user_variant_dir


def write_variant(name: str, text: str) -> None:
    folder = user_variant_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{name}.toml").write_text(text, encoding="utf-8")


# -- check ------------------------------------------------------------------------------------


def test_ex01_kkk2_is_not_enough_at_1600(cli):
    # RULES.md EX-01: 6-6-6 + K-K-K-2 = 65, 25 short of 90.
    result = cli("check", "6-6-6", "K-K-K-2", "--variant", "classic", "--score", "1600")
    assert result.exit_code == 1
    assert "Not allowed: melds worth 65 are 25 short of the 90 needed." in result.stdout


def test_ex01_aaa2_opens_at_1600(cli):
    result = cli("check", "6 6 6 | A A A 2", "--variant", "classic", "--score", "1600")
    assert result.exit_code == 0, result.output
    assert "May be laid down: melds worth 95 meet the 90 needed." in result.stdout


def test_ex01_at_the_50_and_120_bands(cli):
    for melds in ("666 KKK2", "666 AAA2"):
        assert cli("check", melds, "--variant", "classic", "--score", "0").exit_code == 0
        assert cli("check", melds, "--variant", "classic", "--score", "3000").exit_code == 1


def test_check_json_gives_each_melds_verdict_and_reason(cli):
    result = cli("check", "666", "KK22X", "--variant", "classic", "--score", "0", "--json")
    assert result.exit_code == 1
    doc = json.loads(result.stdout)
    assert doc["format"] == 1 and doc["variant"] == "classic" and doc["score"] == 0
    six, kings = doc["melds"]
    assert (six["cards"], six["points"], six["legal"], six["reason"]) == ("6 6 6", 15, True, None)
    assert (kings["cards"], kings["points"], kings["legal"]) == ("K K 2 2 X", 110, False)
    assert kings["reason"].startswith("a meld never holds more wild cards than natural ones")
    # Only the legal 666 counts toward the minimum (issue 12): 15 of the 50 needed.
    assert doc["total"] == 15 and doc["opening_minimum"] == {"points": 50, "requires": None}
    assert doc["meets_minimum"] is False and doc["short_by"] == 35 and doc["allowed"] is False


def test_check_for_a_side_of_the_current_game_uses_its_score(cli):
    new_game(cli, "classic", 1600, 0)
    result = cli("check", "666", "KKK2", "--team", "ann & bob", "--json")
    assert result.exit_code == 1
    doc = json.loads(result.stdout)
    assert (doc["team"], doc["score"], doc["short_by"]) == ("Ann & Bob", 1600, 25)
    assert cli("check", "666", "KKK2", "--team", "Cat & Dan").exit_code == 0
    # a side's number names it too: the first side is at 1,600 (minimum 90, RULES.md §2)
    by_number = json.loads(cli("check", "666", "KKK2", "--team", "1", "--json").stdout)
    assert (by_number["team"], by_number["score"], by_number["short_by"]) == ("Ann & Bob", 1600, 25)


def test_check_in_a_game_of_several_sides_needs_the_side(cli):
    new_game(cli)
    result = cli("check", "666", "KKK2")
    assert result.exit_code == 2
    assert "--team NAME (sides: Ann & Bob, Cat & Dan)" in result.output


def test_the_top_discard_counts_in_classic(cli):
    # 9-9 + the 9 = 30, K-K-K-2 = 50: 80, short of 90 by 10.
    result = cli("check", "99 KKK2", "--discard", "9", "--variant", "classic", "--score", "1600")
    assert result.exit_code == 1
    assert "9 9 9 (with the discard 9)" in result.stdout
    assert "melds worth 80 are 10 short of the 90 needed" in result.stdout


@pytest.mark.parametrize("given", ["99", "", " "])
def test_discard_takes_one_card(cli, given):
    # an empty one was refused as "no cards given", naming neither the option nor the melds
    result = cli("check", "99 KKK2", "--discard", given, "--variant", "classic", "--score", "0")
    assert result.exit_code == 1
    assert f"--discard takes one card, the top of the pile; got '{given}'" in result.output


def test_black_threes_meld_only_when_going_out(cli):
    args = ("check", "3b3b3b", "AAA", "--variant", "classic", "--score", "0")
    refused = cli(*args)
    assert refused.exit_code == 1
    assert "black threes may be melded only by a player going out" in refused.stdout
    assert "(say so with --out)" in refused.stdout
    assert cli(*args, "--out").exit_code == 0


def test_black_threes_in_a_hand_entry_point_to_the_entrys_out(cli):
    # RULES.md §2: black threes are melded only by a player going out; in a hand's entry that
    # is said with the item 'out', not with check's --out
    assert cli("new", "classic", "--team", "A", "--team", "B").exit_code == 0
    refused = cli("hand", "--yes", "m=3b3b3b/KKKKKKK", "-")
    assert refused.exit_code == 1
    assert "(add 'out' to the entry of the player who went out)" in refused.stderr
    assert "--out" not in refused.stderr
    assert cli("hand", "--yes", "m=3b3b3b/KKKKKKK out", "-").exit_code == 0


def test_a_bad_card_names_the_token(cli):
    result = cli("check", "666", "KKZ2", "--variant", "classic", "--score", "0")
    assert result.exit_code == 1
    assert "card token 2 'KKZ2': 'Z' (character 3) is not a card" in result.output


def test_a_score_without_a_variant_is_a_usage_error(cli):
    assert cli("check", "666", "--score", "0").exit_code == 2


NATURAL_AT_9000 = """
name = "natural-test"
extends = "classic"
[opening_minimum]
by = "score"
bands = [
  { below = 9000, points = 50 },
  { from = 9000, requires = "natural_canasta" },
]
"""


def test_a_requirement_minimum_is_judged(cli):
    # RULES.md §6 (Brazilian): at 9,000 or more the opening needs a natural canasta.
    new_game(cli, "brazilian", 9000, 0)
    ok = cli("check", "KKKKKKK", "--team", "Ann & Bob")
    assert ok.exit_code == 0, ok.output
    assert "the melds hold a natural canasta" in ok.stdout
    refused = cli("check", "KKKKKK2", "AAA", "--team", "Ann & Bob", "--json")
    assert refused.exit_code == 1
    doc = json.loads(refused.stdout)
    assert doc["opening_minimum"] == {"points": None, "requires": "a natural canasta"}
    assert doc["problems"] == [
        "the opening needs a natural canasta (seven cards or more, no wild card)"
    ]


BY_ROUND = """
name = "round-test"
extends = "classic"
hands = 4
target = 0
[opening_minimum]
by = "round"
bands = [{ round = 1, points = 50 }, { round = 2, points = 90 }]
"""


def test_a_minimum_by_round(cli):
    # RULES.md §14 (Hand and Foot): round 2 needs 90. A-A-A-2 + K-K-K = 80 + 30 = 110.
    write_variant("round-test", BY_ROUND)
    result = cli("check", "AAA2 KKK", "--variant", "round-test", "--round", "2", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["round"] == 2
    assert cli("check", "AAA2", "--variant", "round-test").exit_code == 2


SAMBA_LIKE = """
name = "samba-test"
extends = "classic"
[melds]
max_wilds = 2
one_meld_per_rank = false
sequences = true
[canastas.sequence]
title = "samba"
bonus = 1500
aliases = ["samba"]
"""


def test_sequences_where_the_variant_has_them(cli):
    # RULES.md §4: runs of one suit, 4 up to ace, no wild cards. 9 10 J Q K: 50, the minimum.
    write_variant("samba-test", SAMBA_LIKE)
    args = ("--variant", "samba-test", "--score", "0")
    assert cli("check", "9h-10h-Jh-Qh-Kh", *args).exit_code == 0
    wrapped = cli("check", "Kh-Ah-4h", *args)
    assert wrapped.exit_code == 1 and "no wrap-around" in wrapped.stdout
    classic = cli("check", "9h-10h-Jh-Qh-Kh", "--variant", "classic", "--score", "0")
    assert classic.exit_code == 1 and "Classic Canasta has no sequences" in classic.stdout


# -- points -----------------------------------------------------------------------------------


def test_points_of_a_hand(cli):
    # RULES.md §1: K 10 + 9 10 + 5 5 + joker 50 + black three 5 = 80.
    doc = cli.json("points", "K", "9", "5", "X", "3b", "--variant", "classic")
    assert doc["format"] == 1 and doc["points"] == 80 and doc["in_hand_points"] == 80
    assert [(c["card"], c["points"]) for c in doc["cards"]] == [
        ("K", 10),
        ("9", 10),
        ("5", 5),
        ("X", 50),
        ("3b", 5),
    ]


def test_points_table(cli):
    result = cli("points", "KKK2", "--variant", "classic")
    assert result.exit_code == 0
    total = [line for line in result.stdout.splitlines() if "Total" in line]
    assert total[0].split() == ["Total", "50"]


BLACK_THREE_PENALTY = """
name = "black-three-test"
extends = "classic"
[penalties.black_threes_in_hand]
title = "black three left in a hand"
points = -100
"""


def test_points_show_the_in_hand_value_where_it_differs(cli):
    # RULES.md §5: Bolivia's black three is 5 melded, but costs 100 left in a hand.
    write_variant("black-three-test", BLACK_THREE_PENALTY)
    doc = cli.json("points", "3b", "K", "--variant", "black-three-test")
    assert (doc["points"], doc["in_hand_points"]) == (15, 110)
    assert doc["cards"][0] == {"card": "3b", "points": 5, "in_hand": 100}
    table = cli("points", "3b", "K", "--variant", "black-three-test").stdout
    assert "Left in a hand" in table


def test_points_use_the_current_games_variant(cli):
    write_variant("black-three-test", BLACK_THREE_PENALTY)
    assert cli.json("points", "3b")["variant"] == "classic"  # no game yet
    new_game(cli, "black-three-test")
    doc = cli.json("points", "3b")
    assert doc["variant"] == "black-three-test" and doc["in_hand_points"] == 100


def test_points_of_a_bad_card(cli):
    result = cli("points", "K", "Q", "11")
    assert result.exit_code == 1
    assert "card token 3 '11': '11' is not a card: ten is 10 or T" in result.output


def test_variants_show_states_the_meld_rules(cli):
    result = cli("variants", "show", "classic")
    assert result.exit_code == 0
    text = " ".join(result.stdout.split())
    assert "3+ cards, 2+ natural, at most 3 wild; never more wild than natural" in text


def test_going_out_concealed_waives_the_opening_minimum(cli):
    # RULES.md §2 (K2, default: waived): at 3,000 a concealed going-out needs no 120,
    # but it needs a canasta; the ja.wikipedia reading is an option.
    seven_fours = "4444444"  # a natural canasta worth only 35
    ok = cli("check", seven_fours, "--variant", "classic", "--score", "3000", "--concealed")
    assert ok.exit_code == 0, ok.output
    plain = cli("check", seven_fours, "--variant", "classic", "--score", "3000")
    assert plain.exit_code == 1 and "85 short of the 120" in plain.stdout
    strict = cli(
        "check",
        seven_fours,
        "--variant",
        "classic",
        "--score",
        "3000",
        "--concealed",
        "--set",
        "concealed_needs_minimum=true",
    )
    assert strict.exit_code == 1
    no_canasta = cli("check", "KKK", "--variant", "classic", "--score", "0", "--concealed")
    assert no_canasta.exit_code == 1 and "needs a canasta" in no_canasta.stdout


def test_modern_american_canasta_from_hand_opens_with_no_minimum(cli):
    # RULES.md §3: a complete natural or wild canasta laid from hand needs no minimum ("splash");
    # the CLA reading (not mentioned) is an option. Seven kings are 70 < 180 at 5,000.
    ok = cli("check", "KKKKKKK", "--variant", "modern-american", "--score", "5000")
    assert ok.exit_code == 0, ok.output
    strict = cli(
        "check",
        "KKKKKKK",
        "--variant",
        "modern-american",
        "--score",
        "5000",
        "--set",
        "no_free_canasta_opening=true",
    )
    assert strict.exit_code == 1 and "110 short of the 180" in strict.stdout
    mixed = cli("check", "KKKKK22", "--variant", "modern-american", "--score", "5000")
    assert mixed.exit_code == 1  # a mixed canasta does not open by itself


@pytest.mark.parametrize("command", ["points", "check"])
def test_cards_the_decks_do_not_hold_are_refused(cli, command):
    # RULES.md §16c: classic's two decks hold 4 jokers; check judged the meld "ok" over a
    # verdict refusing it (red team): such cards are refused as input, one line, no table
    args = ["--score", "0"] if command == "check" else []
    result = cli(command, "X", "X", "X", "X", "X", "--variant", "classic", *args)
    assert result.exit_code == 1
    assert result.stderr.strip() == "Error: 5 jokers typed; the 2 decks hold 4"
    assert result.stdout == ""


def test_points_refuses_a_total_past_the_bound(cli):
    # README, the bounds paragraph: no number past 1,000,000,000 is shown as a count
    result = cli("points", "X", "X", "--variant", "classic", "--set", "cards.joker=1000000000")
    assert result.exit_code == 1
    assert "the total: a number is too large" in result.stderr
    fits = cli.json("points", "X", "--variant", "classic", "--set", "cards.joker=1000000000")
    assert fits["points"] == 1_000_000_000

"""Cards typed into `hand` (melds and hand strings) score exactly as the same points typed as
numbers, are kept as typed, and show in the breakdown."""

from __future__ import annotations

import json

from conftest import database_files, game_doc, new_game

from scorekeeper.storage.database import game_file
from scorekeeper.variants import user_variant_dir


def test_ex07_typed_as_cards_scores_as_typed_as_points(cli):
    # RULES.md EX-07: team A melds 7xK, 5x8+2+X, Q-Q-Q (220), partner holds 7 and 9 (15);
    # team B melds 9-9-9-2 and A-A-A (110), hands X+5 and 5+K (70). Hand 1,305 and 140.
    new_game(cli, "classic", 2900, 1450)
    doc = cli.json(
        "hand",
        "--yes",
        "meld=KKKKKKK/888882X/QQQ red=2 out hand=7/9",
        "meld=9-9-9-2/A-A-A red=1 hand=X/5/5/K",
    )
    a, b = doc["teams"]
    assert (a["meld_points"], a["canasta_bonus"], a["hand_deduction"]) == (220, 800, -15)
    assert (a["hand_score"], a["total"]) == (1305, 4205)
    assert (b["meld_points"], b["hand_deduction"], b["hand_score"], b["total"]) == (
        110,
        -70,
        140,
        1590,
    )
    assert a["meld_cards"] == "KKKKKKK 888882X QQQ" and a["hand_cards"] == "7 9"
    assert b["meld_cards"] == "9992 AAA" and b["hand_cards"] == "X 5 5 K"


def test_the_same_hand_typed_as_numbers_gives_the_same_totals(cli):
    new_game(cli, "classic", 2900, 1450)
    doc = cli.json(
        "hand",
        "--yes",
        "meld=220 natural=1 mixed=1 red=2 out hand=15",
        "meld=110 red=1 hand=70",
    )
    assert [t["total"] for t in doc["teams"]] == [4205, 1590]
    assert [t["meld_cards"] for t in doc["teams"]] == [None, None]


def test_a_hand_typed_as_cards_is_kept_and_read_back(cli, db):
    # A stored entry keeps the cards, not the points worked out from them, so the game can be
    # read again (an object holding both 'melds' and 'meld_points' is refused on input).
    new_game(cli)
    assert cli("hand", "--yes", "m=KKKKKKK/QQQ out", "h=J/5/X").exit_code == 0
    status = cli.json("status")
    assert [t["total"] for t in status["teams"]] == [70 + 30 + 500 + 100, -65]
    stored = game_doc(db)["hands"][0]["entries"]
    assert stored[0]["melds"] == "KKKKKKK QQQ" and "meld_points" not in stored[0]
    assert stored[1]["hand"] == "J 5 X" and "hand_points" not in stored[1]


def test_a_database_holding_cards_and_their_points_is_still_read(cli, db):
    new_game(cli)
    assert cli("hand", "--yes", "m=KKKKKKK out", "h=J/5").exit_code == 0
    doc = game_doc(db)
    entries = doc["hands"][0]["entries"]
    entries[0]["meld_points"] = 70  # as the first release wrote it
    entries[1]["hand_points"] = 15
    game_file(db, 1).write_text(json.dumps({"games": {"1": doc}}))
    assert [t["total"] for t in cli.json("status")["teams"]] == [670, -15]


def test_the_breakdown_shows_the_cards_under_their_count(cli):
    new_game(cli)
    result = cli("hand", "--yes", "m=KKKKKKK/TTT out", "h=J/5/X")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    melded = next(i for i, line in enumerate(lines) if "Melded cards" in line)
    assert lines[melded].split()[-2:] == ["100", "0"]
    assert lines[melded + 1].split() == ["cards", "KKKKKKK", "TTT"]
    left = next(i for i, line in enumerate(lines) if "Cards left in hand" in line)
    assert lines[left].split()[-2:] == ["0", "-65"]
    assert lines[left + 1].split() == ["cards", "J", "5", "X"]


def write_variant(name: str, text: str) -> None:
    folder = user_variant_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{name}.toml").write_text(text, encoding="utf-8")


BLACK_THREE_PENALTY = """
name = "black-three-test"
extends = "classic"
[penalties.black_threes_in_hand]
title = "black three left in a hand"
points = -100
"""


def test_a_black_three_typed_in_a_hand_costs_the_variants_penalty(cli):
    # RULES.md §5 (Bolivia): a black three left in a hand costs 100, not its card value 5.
    write_variant("black-three-test", BLACK_THREE_PENALTY)
    new_game(cli, "black-three-test")
    by_cards = cli.json("hand", "--yes", "m=KKKKKKK out", "h=3b/5")
    assert by_cards["teams"][1]["hand_score"] == -105
    new_game(cli, "black-three-test")
    by_numbers = cli.json("hand", "--yes", "m=70 nat=1 out", "h=5 black_threes_in_hand=1")
    assert by_numbers["teams"][1]["hand_score"] == -105
    assert by_cards["teams"][0]["total"] == by_numbers["teams"][0]["total"] == 670


def test_cards_after_a_space_are_said_to_need_a_slash(cli, db):
    # README, one-line entries: melds typed as cards are separated by '/', not by spaces
    new_game(cli, "classic")
    before = database_files(db)
    result = cli("hand", "--yes", "m=3b3b3b KKKKKKK out", "-")
    assert result.exit_code == 1, result.output
    assert (
        "'KKKKKKK' follows the cards of 'm=3b3b3b': write the cards without spaces, '/' between"
        " melds, e.g. m=3b3b3b/KKKKKKK" in result.stderr
    )
    assert database_files(db) == before
    # an item after the cards is still an item
    assert cli("hand", "--yes", "m=3b3b3b/KKKKKKK out", "-").exit_code == 0

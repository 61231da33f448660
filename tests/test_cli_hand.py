"""Recording hands through the command line (Typer's runner), in every entry style."""

from __future__ import annotations

import json

EX07_FILE = json.dumps(
    {
        "teams": [
            {
                "team": "Ann & Bob",
                "meld_points": 220,
                "canastas": {"natural": 1, "mixed": 1},
                "red_threes": 2,
                "went_out": True,
                "hand_points": 15,
            },
            {"team": "Cat & Dan", "meld_points": 110, "red_threes": 1, "hand_points": 70},
        ]
    }
)


def new_ex07_game(cli):
    result = cli(
        "new",
        "classic",
        "--team",
        "Ann & Bob",
        "--team",
        "Cat & Dan",
        "--start-score",
        "2900",
        "--start-score",
        "1450",
    )
    assert result.exit_code == 0, result.output


def new(cli, *extra):
    result = cli("new", "classic", "--team", "A", "--team", "B", *extra)
    assert result.exit_code == 0, result.output


def test_ex07_through_hand_file_stdin_json(cli):
    # RULES.md EX-07 through `hand --file - --json`.
    new_ex07_game(cli)
    doc = cli.json("hand", "--file", "-", input=EX07_FILE)
    assert doc["format"] == 1 and doc["hand"] == 1 and doc["winner"] is None
    a, b = doc["teams"]
    assert a["team"] == "Ann & Bob"
    assert (a["hand_score"], a["total"], a["opening_minimum"]) == (
        1305,
        4205,
        {"points": 120, "requires": None},
    )
    assert (b["hand_score"], b["total"], b["opening_minimum"]) == (
        140,
        1590,
        {"points": 90, "requires": None},
    )
    assert a["canasta_bonus"] == 800 and a["red_three_bonus"] == 200
    assert a["going_out_bonus"] == 100 and a["hand_deduction"] == -15
    fields = [
        "meld_points",
        "canasta_bonus",
        "red_three_bonus",
        "black_three_bonus",
        "going_out_bonus",
        "hand_deduction",
        "penalties",
        "special_hand_bonus",
    ]
    for team in doc["teams"]:
        assert sum(team[f] for f in fields) == team["hand_score"]


def test_ex07_as_one_line_entries(cli):
    new_ex07_game(cli)
    doc = cli.json("hand", "meld=220 natural=1 mixed=1 red=2 out hand=15", "m=110 r=1 h=70")
    assert [t["total"] for t in doc["teams"]] == [4205, 1590]


def test_ex07_as_cards_in_one_line_entries(cli):
    new_ex07_game(cli)
    doc = cli.json("hand", "m=KKKKKKK/888882X/QQQ r=2 out h=7/9", "m=9992/AAA r=1 h=X55K")
    assert [t["hand_score"] for t in doc["teams"]] == [1305, 140]


def test_ex02_ex03_through_the_cli(cli):
    cli("new", "classic", "--team", "A", "--team", "B")
    # EX-02: seven kings 570; EX-03: 4, 4 and 5, K left: -25. A goes out (+100).
    doc = cli.json("hand", "m=KKKKKKK out", "h=4/4/5/K")
    a, b = doc["teams"]
    assert a["meld_points"] + a["canasta_bonus"] == 570
    assert a["hand_score"] == 670
    assert b["hand_deduction"] == -25


def test_ex12_minimum_command_at_the_edges(cli):
    for total, needed in [(-5, 15), (0, 50), (1495, 50), (1500, 90), (2995, 90), (3000, 120)]:
        doc = cli.json("minimum", "--variant", "classic", "--score", str(total))
        assert doc["opening_minimum"] == {"points": needed, "requires": None}


def test_ex04_status_shows_the_next_minimum_from_the_total(cli):
    # EX-04: a side finishing on 1,495 needs 50; on 1,525 it needs 90.
    cli(
        "new",
        "classic",
        "--team",
        "A",
        "--team",
        "B",
        "--start-score",
        "1495",
        "--start-score",
        "1525",
    )
    doc = cli.json("status")
    assert [t["opening_minimum"]["points"] for t in doc["teams"]] == [50, 90]


def test_a_four_hand_game_to_the_winner(cli):
    # Hand-worked: classic, target 5,000.
    cli("new", "classic", "--team", "We", "--team", "They")
    hands = [
        # We: 150 + 500 + 100 red + 100 out = 850; They: 90 - 30 = 60.
        ("m=150 nat=1 r=1 out", "m=90 h=30", (850, 60), (850, 60), (50, 50)),
        # We: 300 + 800 + 200 - 15 = 1,285 -> 2,135; They: 400 + 500 + 100 out + 100 = 1,100.
        ("m=300 nat=1 mix=1 r=2 h=15", "m=400 nat=1 r=1 out", (1285, 1100), (2135, 1160), (90, 50)),
        # We, concealed: 600 + 3 x 500 + 300 + 200 = 2,600 -> 4,735; They: 120 - 55 = 65.
        ("m=600 nat=3 mix=1 out c", "m=120 h=55", (2600, 65), (4735, 1225), (120, 50)),
        # We: 200 + 300 + 100 = 600 -> 5,335, past 5,000: We win; They: 60 - 40 = 20.
        ("m=200 mix=1 out", "m=60 h=40", (600, 20), (5335, 1245), (None, None)),
    ]
    for line_a, line_b, scores, totals, minimums in hands:
        doc = cli.json("hand", line_a, line_b)
        assert [t["hand_score"] for t in doc["teams"]] == list(scores)
        assert [t["total"] for t in doc["teams"]] == list(totals)
        if minimums[0] is not None:
            assert [t["opening_minimum"]["points"] for t in doc["teams"]] == list(minimums)
    assert doc["winner"] == "We"
    status = cli.json("status")
    assert status["winner"] == "We" and status["hands_played"] == 4
    refused = cli("hand", "m=50", "m=50")
    assert refused.exit_code == 1
    assert "this game is over: We won at hand 4" in refused.output
    assert "'rematch' starts the next game like it" in refused.output  # the way on, named
    assert cli.json("status")["hands_played"] == 4


def test_guided_prompt_records_a_hand(cli):
    cli("new", "classic", "--team", "Ann & Bob", "--team", "Cat & Dan")
    # went out: side 1; not concealed; side 1: meld 220, 1 natural, 1 mixed, 2 red threes,
    # hand 15, no penalty; side 2: meld 110, 0, 0, 1 red three, hand 70, no penalty.
    answers = "1\nn\n220\n1\n1\n2\n15\n0\n110\n0\n0\n1\n70\n0\n"
    result = cli("hand", "--guided", "--json", input=answers)
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout.strip().splitlines()[-1])
    assert [t["hand_score"] for t in doc["teams"]] == [1305, 140]


def test_guided_prompt_asks_again_after_a_bad_value(cli):
    cli("new", "classic", "--team", "A", "--team", "B")
    answers = "0\nabc\n-5\n50\n0\n0\n0\n0\n0\n60\n0\n0\n0\n0\n0\n"
    result = cli("hand", "--guided", "--json", input=answers)
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout.strip().splitlines()[-1])
    assert [t["hand_score"] for t in doc["teams"]] == [50, 60]


def test_tables_print_names_as_typed(cli):
    cli("new", "classic", "--team", "[bold]x[/]", "--team", "B")
    result = cli("status")
    assert "[bold]x[/]" in result.output


def test_guided_prompt_with_cards_counts_the_canastas_from_them(cli):
    # RULES.md EX-07 typed as cards: no canasta questions are asked when the melds are cards.
    cli("new", "classic", "--team", "Ann & Bob", "--team", "Cat & Dan")
    answers = "1\nn\nKKKKKKK 888882X QQQ\n2\n7 9\n0\n9992 AAA\n1\nX 5 5 K\n0\n"
    result = cli("hand", "--guided", "--json", input=answers)
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout.strip().splitlines()[-1])
    assert [t["hand_score"] for t in doc["teams"]] == [1305, 140]
    assert doc["teams"][0]["canasta_bonus"] == 800


def test_a_hand_shows_the_totals_and_next_minimums_in_its_table(cli, db):
    assert cli("new", "classic", "--team", "Ann & Bob", "--team", "Cat & Dan").exit_code == 0
    assert cli("hand", "m=220 nat=1 mix=1 r=2 out h=15", "m=110 r=1 h=70").exit_code == 0
    # RULES.md §2: 220 + 500 + 300 + 200 + 100 - 15 = 1,305; 110 + 100 - 70 = 140. Then
    # 300 + 500 + 100 = 900 more: 2,205 needs 90 to open (1,500 to 2,995); 140 - 20 = 120, 50.
    out = cli("hand", "m=300 nat=1 out", "h=20").stdout
    lines = [" ".join(line.split()) for line in out.splitlines()]
    assert lines[0] == "Game 1 · Classic Canasta · target 5,000 · hands played: 2"
    assert "Hand score 900 -20" in lines
    assert "Total 2,205 120" in lines
    assert "Next opening minimum 90 50" in lines
    assert lines.index("Hand score 900 -20") < lines.index("Total 2,205 120")


def test_an_edited_earlier_hand_is_followed_by_the_standings_now(cli, db):
    assert cli("new", "classic", "--team", "Ann & Bob", "--team", "Cat & Dan").exit_code == 0
    assert cli("hand", "m=220 nat=1 mix=1 r=2 out h=15", "m=110 r=1 h=70").exit_code == 0
    assert cli("hand", "m=300 nat=1 out", "h=20").exit_code == 0
    # hand 1 again with 100 less melded: 1,205 + 900 = 2,105 now
    out = cli("edit", "1", "--yes", "m=120 nat=1 mix=1 r=2 out h=15", "m=110 r=1 h=70").stdout
    lines = [" ".join(line.split()) for line in out.splitlines()]
    assert "Hand score 1,205 140" in lines
    assert "Side Total Next opening minimum" in lines
    assert "Ann & Bob 2,105 90" in lines


def test_a_json_hand_file_with_a_byte_order_mark(cli, tmp_path):
    new(cli)
    path = tmp_path / "hand.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps({"teams": [{"meld_points": 50}, {}]}).encode())
    doc = cli.json("hand", "--file", str(path))
    assert doc["teams"][0]["hand_score"] == 50


def test_hand_for_another_game_leaves_the_current_game_alone(cli):
    new(cli)
    new(cli)  # game 2 is current
    assert cli("hand", "--game", "1", "m=50", "m=50").exit_code == 0
    assert cli.json("status")["game"] == 2


def test_after_the_winning_hand_no_minimum_is_given(cli):
    cli(
        "new",
        "classic",
        "--team",
        "A",
        "--team",
        "B",
        "--start-score",
        "4900",
        "--start-score",
        "0",
    )
    doc = cli.json("hand", "m=100 nat=1 out", "m=50")
    assert doc["winner"] == "A"
    assert all(t["opening_minimum"] == {"points": None, "requires": None} for t in doc["teams"])

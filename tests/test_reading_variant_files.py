"""User variant files that use the rule keys of the readings players use: ``tie = "went_out"``,
``red_threes.minus_each``, ``melds.past_max_cards`` and a ``points_per_round`` band; each is
checked by ``variants check`` and played by name, and a misuse is refused with the key named."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper.variants import user_variant_dir


def write(text: str, name: str = "house") -> Path:
    folder = user_variant_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.toml"
    path.write_text(text, encoding="utf-8")
    return path


HOUSE = """name = "house"
extends = "classic"
tie = "went_out"
remove = ["red_threes.totals.4"]   # red threes flat: all four 400, not 800

[going_out]
concealed_bonus = 200              # going out concealed: 300 in all
"""


def test_a_classic_house_file_with_the_classic_readings(cli):
    path = write(HOUSE)
    assert cli("variants", "check", str(path)).exit_code == 0
    args = ["new", "house", "--team", "A", "--team", "B"]
    assert cli(*args, "--start-score", "4000", "--start-score", "4420").exit_code == 0
    doc = cli.json("hand", "--yes", "m=100 nat=1 concealed r=4", "m=480")
    # 100 + 500 + 400 flat red threes + 300 concealed = 1,300: 5,300 and 4,420 + 480 = 4,900.
    assert doc["teams"][0]["going_out_bonus"] == 300
    assert doc["teams"][0]["red_three_bonus"] == 400
    assert doc["winner"] == "A"


def test_a_house_file_whose_tie_goes_to_the_side_out(cli):
    path = write('name = "house"\nextends = "classic"\ntie = "went_out"\n')
    assert cli("variants", "check", str(path)).exit_code == 0
    args = ["new", "house", "--team", "A", "--team", "B"]
    assert cli(*args, "--start-score", "4500", "--start-score", "4800").exit_code == 0
    doc = cli.json("hand", "--yes", "m=100 nat=1 out", "m=400")
    assert [t["total"] for t in doc["teams"]] == [5200, 5200]
    assert (doc["winner"], doc["draw"]) == ("A", False)


def test_a_samba_house_file_with_red_threes_minus_each(cli):
    path = write('name = "house"\nextends = "samba"\n[red_threes]\nminus_each = 100\n')
    assert cli("variants", "check", str(path)).exit_code == 0
    assert cli("new", "house", "--team", "A", "--team", "B").exit_code == 0
    doc = cli.json("hand", "--yes", "m=200 nat=1 r=6", "m=400 nat=1 mix=1 out")
    assert doc["teams"][0]["red_three_bonus"] == -600


def test_a_hand_and_foot_house_file_with_books_past_seven_and_a_round_formula(cli):
    text = """name = "house"
extends = "hand-and-foot"
hands = 6

[melds]
past_max_cards = ["natural"]

[going_out]
kinds = { natural = 4, mixed = 3 }

[opening_minimum]
bands = [ { round = 1, points = 50 }, { points_per_round = 40 } ]
"""
    path = write(text)
    result = cli("variants", "check", str(path))
    assert result.exit_code == 0, result.output
    out = " ".join(cli("variants", "show", "house").stdout.split())
    assert "2 and every later round 40 x the round number" in out
    assert cli("new", "house", "--team", "A", "--team", "B").exit_code == 0
    doc = cli.json("hand", "--yes", "m=KKKKKKKKK", "-")
    assert (doc["teams"][0]["meld_points"], doc["teams"][0]["canasta_bonus"]) == (90, 500)
    assert doc["teams"][0]["opening_minimum"]["points"] == 80  # round 2: 2 x 40
    assert cli("hand", "--yes", "m=KKKKKK22", "-").exit_code == 1


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ('tie = "coin"', "'tie' is \"coin\"; allowed: extra_hand, draw, went_out"),
        ("[red_threes]\nminus_each = -100", "'red_threes.minus_each' cannot be negative"),
        ('[melds]\npast_max_cards = ["sequence"]', "melds.past_max_cards"),
        (
            "[opening_minimum]\nbands = [ { points_per_round = 30 } ]",
            "'points_per_round' is for a table by round",
        ),
    ],
    ids=["tie", "minus_each", "past_max_cards", "formula_by_score"],
)
def test_a_misused_reading_key_is_refused_naming_it(cli, text, said):
    path = write(f'name = "house"\nextends = "classic"\n{text}\n')
    result = cli("variants", "check", str(path))
    assert result.exit_code == 3
    assert str(path) in result.stderr and said in result.stderr
    assert "Traceback" not in result.output


@pytest.mark.parametrize(
    "bands",
    [
        "[ { points_per_round = 30 }, { round = 1, points = 50 } ]",
        "[ { round = 2, points_per_round = 30 } ]",
        "[ { round = 1, points = 50 }, { round = 3, points_per_round = 30 } ]",
        "[ { round = 1, points = 50, points_per_round = 30 } ]",
    ],
    ids=["not_last", "round_2_first", "a_round_left_out", "with_points"],
)
def test_a_formula_band_is_the_last_row_and_alone(cli, bands):
    path = write(f'name = "house"\nextends = "hand-and-foot"\n[opening_minimum]\nbands = {bands}\n')
    result = cli("variants", "check", str(path))
    assert result.exit_code == 3, result.output
    assert "opening_minimum.bands" in result.stderr
    assert "points_per_round" in result.stderr


@pytest.mark.parametrize(
    "bands",
    [
        "[ { points_per_round = 30 } ]",
        "[ { round = 1, points_per_round = 30 } ]",
        "[ { round = 1, points = 30 }, { round = 2, points_per_round = 30 } ]",
    ],
    ids=["alone", "from_round_1", "from_round_2"],
)
def test_a_formula_band_may_say_the_round_it_starts_from(cli, bands):
    text = 'name = "house"\nextends = "hand-and-foot"\nhands = 9\n'
    path = write(f"{text}[opening_minimum]\nbands = {bands}\n")
    result = cli("variants", "check", str(path))
    assert result.exit_code == 0, result.output
    minimums = [
        cli.json("minimum", "--variant", "house", "--round", str(r))["opening_minimum"]["points"]
        for r in (1, 2, 5, 9)
    ]
    assert minimums == [30, 60, 150, 270]


def test_an_option_of_a_house_file_may_set_the_new_keys(cli):
    text = """name = "house"
extends = "classic"

[options.house_reading]
description = "Ties go to the side out; red threes minus 50 each"
default = false
set = { tie = "went_out", "red_threes.minus_each" = 50 }
"""
    path = write(text)
    assert cli("variants", "check", str(path)).exit_code == 0
    args = ("new", "house", "--team", "A", "--team", "B", "--set", "house_reading=true")
    assert cli(*args).exit_code == 0
    doc = cli.json("hand", "--yes", "r=4", "m=100 nat=1 out")
    assert doc["teams"][0]["red_three_bonus"] == -200


def test_the_new_keys_by_their_dotted_path_for_one_game(cli):
    args = ["new", "classic", "--team", "A", "--team", "B", "--set", "red_threes.minus_each=150"]
    assert cli(*args).exit_code == 0
    doc = cli.json("hand", "--yes", "r=2", "m=100 nat=1 out")
    assert doc["teams"][0]["red_three_bonus"] == -300


README = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")

#: Each reading's option, where it is played and the values the table must give.
READINGS = {
    "tie": ("classic", ["extra_hand", "draw", "went_out"]),
    "draw_on_tie": ("samba", ["true", "false"]),
    "concealed_plus_200": ("classic", ["true", "false"]),
    "red_threes_flat": ("classic", ["true", "false"]),
    "red_threes_minus_100_each": ("samba", ["true", "false"]),
    "contract": ("hand-and-foot", ["2_2_1", "2_1", "3_4", "3_3", "1_2", "4_3", "5_4"]),
    "books_past_seven": ("hand-and-foot", ["no", "all", "clean"]),
    "minimums": ("hand-and-foot", ["standard", "60", "six_rounds", "by_score", "30_per_round"]),
}


@pytest.mark.parametrize("option", sorted(READINGS))
def test_readme_options_table_lists_each_reading_with_its_values(option):
    from scorekeeper.variants import load_variant

    row = next(line for line in README.splitlines() if line.startswith(f"| `{option}`"))
    name, values = READINGS[option]
    cells = row.split(" | ")
    assert all(f"`{value}`" in cells[2] for value in values), row
    if option == "tie":  # a rule, not an option: its values are the schema's
        from typing import get_args

        from scorekeeper.domain.schema import type_at

        assert list(get_args(type_at("tie"))) == values
        return
    spec = load_variant(name).rules["options"][option]
    offered = list(spec["choices"]) if "choices" in spec else ["true", "false"]
    assert offered == values

"""The Classic readings other score keepers play, by name (RULES.md §2; K20): the ``tie`` rule's
``went_out``, ``concealed_plus_200`` and ``red_threes_flat``. Values are worked by hand from
each reading: going out 100, concealed 200 more (300 in all); red threes 100 each, flat."""

from __future__ import annotations

import pytest
from conftest import refused

from scorekeeper.domain import Game, Hand, Side, entry_from_json, score_hand
from scorekeeper.variants import load_variant

FLAT = {"red_threes_flat": "true"}
CLASSIC_FAMILY = ["classic", "classic-2", "classic-3", "classic-6", "cutthroat", "uruguay", "acaba"]


def score(name, *objs, settings=None):
    v = load_variant(name, settings)
    return score_hand(v, [entry_from_json(v, o) for o in objs])


def tied_game(settings, name="classic"):
    """A game at 4,500 and 4,800 whose next hand brings both sides to 5,200: side A melds 100
    with a natural canasta (500) and goes out (100), side B melds 400."""
    v = load_variant(name, settings)
    game = Game(v, (Side("A", start_score=4500), Side("B", start_score=4800)))
    a = {"meld_points": 100, "canastas": {"natural": 1}, "went_out": True}
    game.add(Hand((entry_from_json(v, a), entry_from_json(v, {"meld_points": 400}))))
    return game


# -- tie = "went_out" ---------------------------------------------------------------------------


def test_tie_went_out_gives_the_game_to_the_side_that_went_out():
    game = tied_game({"tie": "went_out"})
    assert game.totals == (5200, 5200)
    assert game.outcome.winner == 0 and game.outcome.by_going_out and not game.outcome.draw
    assert game.outcome.decided_at == 1


def test_tie_went_out_is_another_hand_when_no_leader_went_out():
    v = load_variant("classic", {"tie": "went_out"})
    game = Game(v, (Side("A", start_score=4700), Side("B", start_score=4700)))
    e = entry_from_json(v, {"meld_points": 100, "canastas": {"mixed": 1}})
    game.add(Hand((e, e)))  # 400 each: 5,100 and 5,100, nobody went out
    assert game.totals == (5100, 5100)
    assert not game.outcome.over


def test_tie_went_out_is_another_hand_when_the_side_out_is_not_a_leader():
    # Three sides: A and B level at 5,200, C went out but stays below.
    v = load_variant("classic-3", {"tie": "went_out"})
    game = Game(v, (Side("A", start_score=4700), Side("B", start_score=4700), Side("C")))
    e = entry_from_json(v, {"meld_points": 200, "canastas": {"mixed": 1}})
    c = entry_from_json(v, {"meld_points": 100, "canastas": {"natural": 1}, "went_out": True})
    game.add(Hand((e, e, c)))
    assert game.totals == (5200, 5200, 700)
    assert not game.outcome.over


def test_tie_went_out_leaves_a_clear_winner_alone():
    v = load_variant("classic", {"tie": "went_out"})
    game = Game(v, (Side("A", start_score=4500), Side("B", start_score=4900)))
    a = {"meld_points": 100, "canastas": {"natural": 1}, "went_out": True}
    game.add(Hand((entry_from_json(v, a), entry_from_json(v, {"meld_points": 400}))))
    # A: 100 + 500 + 100 -> 5,200; B: 400 -> 5,300, the higher total wins.
    assert game.totals == (5200, 5300)
    assert game.outcome.winner == 1 and not game.outcome.by_going_out


def test_the_other_tie_choices_stay():
    assert not tied_game({}).outcome.over  # classic: another hand
    assert tied_game({"tie": "extra_hand"}).outcome.winner is None
    assert tied_game({"tie": "draw"}).outcome.draw
    assert tied_game({"draw_on_tie": "true"}).outcome.draw


def test_a_wrong_tie_value_names_the_choices(cli, db):
    msg = refused(
        cli, db, "new", "classic", "--team", "A", "--team", "B", "--set", "tie=coin", code=2
    )
    assert "extra_hand" in msg and "draw" in msg and "went_out" in msg


def test_tie_went_out_through_the_cli(cli, db):
    args = ["new", "classic", "--team", "A", "--team", "B", "--set", "tie=went_out"]
    assert cli(*args, "--start-score", "4500", "--start-score", "4800").exit_code == 0
    result = cli("hand", "--yes", "m=100 nat=1 out", "m=400")
    assert result.exit_code == 0, result.output
    assert "Winner: A with 5,200 (equal highest totals; A went out in the deciding hand)" in (
        result.stdout
    )
    status = cli.json("status")
    assert [t["total"] for t in status["teams"]] == [5200, 5200]
    assert (status["winner"], status["draw"], status["status"]) == ("A", False, "won")
    assert "A went out in the deciding hand" in cli("show").stdout


def test_variants_show_lists_the_tie_choices(cli):
    out = cli("variants", "show", "classic", "--set", "tie=went_out").stdout
    assert "the side that went out in the deciding hand wins" in out
    assert "extra_hand, draw, went_out" in " ".join(out.split())
    assert cli.json("variants", "show", "classic", "--set", "tie=went_out")["rules"]["tie"] == (
        "went_out"
    )


# -- concealed_plus_200 -------------------------------------------------------------------------


def test_concealed_plus_200_pays_300_for_going_out_concealed():
    concealed = {"meld_points": 100, "canastas": {"natural": 1}, "went_out": True}
    concealed["concealed"] = True
    [side, _] = score("classic", concealed, {}, settings={"concealed_plus_200": "true"})
    assert side.going_out_bonus == 300  # 100 for going out + 200 for concealed
    assert side.hand_score == 100 + 500 + 300


def test_concealed_plus_200_leaves_going_out_in_the_open_at_100():
    out = {"meld_points": 100, "canastas": {"natural": 1}, "went_out": True}
    [side, _] = score("classic", out, {}, settings={"concealed_plus_200": "true"})
    assert side.going_out_bonus == 100


def test_without_the_option_going_out_concealed_stays_200():
    concealed = {"meld_points": 100, "canastas": {"natural": 1}, "went_out": True}
    [side, _] = score("classic", {**concealed, "concealed": True}, {})
    assert side.going_out_bonus == 200


@pytest.mark.parametrize("name", CLASSIC_FAMILY)
def test_every_classic_game_offers_the_readings(name):
    options = load_variant(name).rules["options"]
    assert options["concealed_plus_200"]["default"] is False
    assert options["red_threes_flat"]["default"] is False


def test_cuban_with_its_own_red_threes_and_no_concealed_bonus_does_not_offer_them():
    options = load_variant("cuban").rules["options"]
    assert "concealed_plus_200" not in options and "red_threes_flat" not in options


def test_concealed_plus_200_through_the_cli(cli):
    new_game_args = ["new", "classic", "--team", "A", "--team", "B"]
    assert cli(*new_game_args, "--set", "concealed_plus_200=true").exit_code == 0
    doc = cli.json("hand", "--yes", "m=100 nat=1 concealed", "m=50")
    assert doc["teams"][0]["going_out_bonus"] == 300
    assert doc["teams"][0]["hand_score"] == 900
    assert cli.json("status")["teams"][0]["total"] == 900


# -- red_threes_flat ----------------------------------------------------------------------------


def test_red_threes_flat_four_are_400_with_a_meld():
    [side, _] = score("classic", {"meld_points": 50, "red_threes": 4}, {}, settings=FLAT)
    assert side.red_three_bonus == 400


def test_red_threes_flat_four_are_minus_400_without_a_meld():
    [side, _] = score("classic", {"red_threes": 4}, {}, settings=FLAT)
    assert side.red_three_bonus == -400


@pytest.mark.parametrize("count", [1, 2, 3])
def test_red_threes_flat_fewer_than_four_are_100_each_as_before(count):
    [flat, _] = score("classic", {"meld_points": 50, "red_threes": count}, {}, settings=FLAT)
    [usual, _] = score("classic", {"meld_points": 50, "red_threes": count}, {})
    assert flat.red_three_bonus == usual.red_three_bonus == 100 * count


def test_without_the_option_four_red_threes_stay_800():
    [side, _] = score("classic", {"meld_points": 50, "red_threes": 4}, {})
    assert side.red_three_bonus == 800


def test_red_threes_flat_in_six_player_canasta_six_are_600():
    # classic-6 lists five 1,000 and six 1,200; flat, six are 6 x 100.
    [side, _] = score("classic-6", {"meld_points": 50, "red_threes": 6}, {}, settings=FLAT)
    assert side.red_three_bonus == 600


def test_red_threes_flat_through_the_cli(cli):
    result = cli("new", "classic", "--team", "A", "--team", "B", "--set", "red_threes_flat=yes")
    assert result.exit_code == 0, result.output
    doc = cli.json("hand", "--yes", "m=50 r=4", "r=0")
    assert doc["teams"][0]["red_three_bonus"] == 400
    doc = cli.json("hand", "--yes", "m=120 nat=1 out", "r=4")
    assert doc["teams"][1]["red_three_bonus"] == -400
    assert [t["total"] for t in cli.json("status")["teams"]] == [450 + 720, -400]


def test_variants_show_lists_the_classic_readings_with_their_values(cli):
    doc = cli.json("variants", "show", "classic")
    assert doc["options"]["concealed_plus_200"]["set"] == {"going_out.concealed_bonus": 200}
    assert doc["options"]["red_threes_flat"]["set"] == {"red_threes.totals": {}}
    out = " ".join(
        cli("variants", "show", "classic", "--set", "concealed_plus_200=true").stdout.split()
    )
    assert "concealed_plus_200 false true" in out
    assert "100 (300 concealed)" in out
    out = " ".join(
        cli("variants", "show", "classic", "--set", "red_threes_flat=true").stdout.split()
    )
    assert "red_threes_flat false true" in out
    assert "4 threes: 800" not in out and "100 each" in out


def test_both_readings_together(cli):
    result = cli(
        "new",
        "classic",
        "--team",
        "A",
        "--team",
        "B",
        "--set",
        "concealed_plus_200=true",
        "--set",
        "red_threes_flat=true",
    )
    assert result.exit_code == 0, result.output
    doc = cli.json("hand", "--yes", "m=100 nat=1 concealed r=4", "m=50")
    # 100 melded + 500 natural canasta + 400 red threes + 300 going out concealed.
    assert doc["teams"][0]["hand_score"] == 1300

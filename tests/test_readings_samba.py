"""The Samba readings (RULES.md §4; K20): equal totals at the target are a draw by default, with
another hand as the option; ``red_threes_minus_100_each``: red threes short of the two canastas
that make them plus cost a flat 100 each (six: -600), while with those canastas they keep their
table (100 each, all six 1,000)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.domain import Game, Hand, Side, entry_from_json, score_hand
from scorekeeper.variants import load_variant

MINUS_EACH = {"red_threes_minus_100_each": "true"}
SAMBA_FAMILY = ["samba", "bolivia", "brazilian", "chilean", "mexicana", "italian"]


def red_three_item(name, entry, settings=None):
    v = load_variant(name, settings)
    [side, _] = score_hand(v, [entry_from_json(v, entry), entry_from_json(v, {})])
    return side.red_three_bonus


def level_game(name, settings=None):
    """A game at 9,000 and 9,600 whose next hand brings both sides to 10,500 (Samba's target is
    10,000): A melds 500 with a natural and a mixed canasta (800) and goes out (200), B melds
    900."""
    v = load_variant(name, settings)
    game = Game(v, (Side("A", start_score=9000), Side("B", start_score=9600)))
    a = {"meld_points": 500, "canastas": {"natural": 1, "mixed": 1}, "went_out": True}
    game.add(Hand((entry_from_json(v, a), entry_from_json(v, {"meld_points": 900}))))
    assert game.totals == (10500, 10500)
    return game


# -- equal totals -------------------------------------------------------------------------------


def test_samba_equal_totals_at_the_target_are_a_draw_by_default():
    outcome = level_game("samba").outcome
    assert outcome.draw and outcome.winner is None and outcome.decided_at == 1


def test_samba_another_hand_stays_available_as_the_option():
    game = level_game("samba", {"draw_on_tie": "false"})
    assert not game.outcome.over
    assert level_game("samba", {"tie": "extra_hand"}).outcome.over is False


def test_samba_draw_on_tie_is_on_by_default_and_tie_went_out_is_offered_too():
    v = load_variant("samba")
    assert v.tie == "draw" and v.rules["options"]["draw_on_tie"]["default"] is True
    assert level_game("samba", {"tie": "went_out"}).outcome.winner == 0


@pytest.mark.parametrize("name", ["bolivia", "brazilian", "chilean", "mexicana"])
def test_the_games_built_on_samba_keep_another_hand(name):
    v = load_variant(name)
    assert v.tie == "extra_hand"
    assert load_variant(name, {"draw_on_tie": "true"}).tie == "draw"


def test_a_samba_draw_through_the_cli(cli):
    args = ["new", "samba", "--team", "A", "--team", "B"]
    assert cli(*args, "--start-score", "9000", "--start-score", "9600").exit_code == 0
    result = cli("hand", "--yes", "m=500 nat=1 mix=1 out", "m=900")
    assert result.exit_code == 0, result.output
    assert "Draw at 10,500: equal highest totals end the game, nobody wins." in result.stdout
    status = cli.json("status")
    assert (status["winner"], status["draw"], status["status"]) == (None, True, "draw")
    assert [t["opening_minimum"]["points"] for t in status["teams"]] == [None, None]
    assert "Draw at 10,500: equal highest totals" in cli("show").stdout
    games = cli.json("games")["games"]
    assert (games[0]["draw"], games[0]["status"]) == (True, "draw")
    refused = cli("hand", "--yes", "m=50", "m=50")
    assert refused.exit_code == 1 and "draw" in refused.stderr


def test_samba_another_hand_through_the_cli(cli):
    args = ["new", "samba", "--team", "A", "--team", "B", "--set", "draw_on_tie=false"]
    assert cli(*args, "--start-score", "9000", "--start-score", "9600").exit_code == 0
    result = cli("hand", "--yes", "m=500 nat=1 mix=1 out", "m=900")
    assert "Tied at 10,500: another hand decides the game." in result.stdout
    status = cli.json("status")
    assert (status["winner"], status["draw"], status["status"]) == (None, False, "playing")


def test_variants_show_samba_says_draw(cli):
    out = " ".join(cli("variants", "show", "samba").stdout.split())
    assert "Equal totals at the target draw" in out
    assert "draw_on_tie true true" in out
    out = " ".join(cli("variants", "show", "samba", "--set", "draw_on_tie=false").stdout.split())
    assert "Equal totals at the target play another hand" in out


# -- red_threes_minus_100_each ------------------------------------------------------------------


def test_six_red_threes_short_of_the_canastas_cost_600():
    entry = {"meld_points": 200, "canastas": {"natural": 1}, "red_threes": 6}
    assert red_three_item("samba", entry, MINUS_EACH) == -600
    assert red_three_item("samba", entry) == -1000  # Samba's table, minus


def test_six_red_threes_with_the_canastas_keep_their_table():
    entry = {"meld_points": 400, "canastas": {"natural": 1, "mixed": 1}, "red_threes": 6}
    assert red_three_item("samba", entry, MINUS_EACH) == 1000
    assert red_three_item("samba", entry) == 1000


@given(st.integers(1, 6), st.integers(0, 1))
def test_short_of_the_canastas_each_red_three_costs_100(count, canastas):
    entry = {"meld_points": 200, "canastas": {"natural": canastas}, "red_threes": count}
    assert red_three_item("samba", entry, MINUS_EACH) == -100 * count


@given(st.integers(1, 6), st.integers(2, 3))
def test_with_the_canastas_the_option_changes_nothing(count, canastas):
    entry = {"meld_points": 600, "canastas": {"natural": canastas}, "red_threes": count}
    assert red_three_item("samba", entry, MINUS_EACH) == red_three_item("samba", entry)
    assert red_three_item("samba", entry) == (1000 if count == 6 else 100 * count)


@pytest.mark.parametrize("name", SAMBA_FAMILY)
def test_every_samba_game_offers_it(name):
    assert load_variant(name).rules["options"]["red_threes_minus_100_each"]["default"] is False
    assert load_variant(name, MINUS_EACH).red_threes.minus_each == 100


def test_brazilian_six_short_cost_600_not_1200():
    # Brazilian: five 1,000, six 1,200; minus without a canasta (RULES.md §6).
    assert red_three_item("brazilian", {"meld_points": 50, "red_threes": 6}) == -1200
    assert red_three_item("brazilian", {"meld_points": 50, "red_threes": 6}, MINUS_EACH) == -600


def test_red_threes_minus_100_each_through_the_cli(cli):
    args = ["new", "samba", "--team", "A", "--team", "B", "--set", "red_threes_minus_100_each=true"]
    assert cli(*args).exit_code == 0
    doc = cli.json("hand", "--yes", "m=200 nat=1 r=6", "m=400 nat=1 mix=1 out")
    assert doc["teams"][0]["red_three_bonus"] == -600
    assert doc["teams"][0]["hand_score"] == 200 + 500 - 600
    doc = cli.json("hand", "--yes", "m=400 nat=1 mix=1 r=6 out", "m=50")
    assert doc["teams"][0]["red_three_bonus"] == 1000
    assert cli.json("status")["teams"][0]["total"] == 100 + 400 + 800 + 1000 + 200


def test_variants_show_lists_red_threes_minus_100_each(cli):
    doc = cli.json("variants", "show", "samba")
    assert doc["options"]["red_threes_minus_100_each"]["set"] == {"red_threes.minus_each": 100}
    assert doc["rules"]["red_threes"]["minus_each"] == 0
    args = ("variants", "show", "samba", "--set", "red_threes_minus_100_each=true")
    out = " ".join(cli(*args).stdout.split())
    assert "red_threes_minus_100_each false true" in out
    assert "a negative item 100 each, whatever the count" in out

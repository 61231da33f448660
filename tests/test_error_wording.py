"""Error texts name an item as a player knows it (its title and its one-line name), not an
internal key; exit codes stay as README's table gives them (2: the command line could not be
read; 1: bad input)."""

from __future__ import annotations

import pytest


@pytest.fixture
def game(cli):
    assert cli("new", "classic", "--team", "A", "--team", "B").exit_code == 0


def test_negative_meld_points_are_named_by_title_and_short_name(cli, game):
    result = cli("hand", "--yes", "m=-50 out", "m=100")
    assert result.exit_code != 0
    assert "meld points (m=) cannot be negative" in result.output
    assert "'meld_points'" not in result.output


def test_negative_canastas_are_named_as_canastas_of_their_kind(cli, game):
    result = cli("hand", "--yes", "m=50 nat=-1 out", "m=100")
    assert result.exit_code != 0
    assert "natural canastas (natural=) cannot be negative" in result.output
    assert "canastas 'natural'" not in result.output


def test_negative_red_threes_are_named_by_title(cli, game):
    result = cli("hand", "--yes", "m=50 r=-1 out", "m=100")
    assert "red threes (r=) cannot be negative" in result.output


@pytest.mark.parametrize("command", ["resume", "show"])
def test_a_game_argument_that_is_not_a_number(cli, game, command):
    result = cli(command, "abc")
    assert result.exit_code == 2  # README: the command line could not be read
    assert "GAME must be a game number, e.g. 3" in result.output
    assert "game_id" not in result.output


def test_a_game_option_that_is_not_a_number(cli, game):
    result = cli("status", "--game", "x")
    assert result.exit_code == 2
    assert "must be a game number, e.g. 3" in result.output
    assert "game_id" not in result.output


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("edit", "abc", "m=5"), "Invalid value for 'N': 'abc' is not a whole number."),
        (("backups", "restore", "x"), "Invalid value for 'N': 'x' is not a whole number."),
        (("games", "--limit", "0"), "0 is not between 1 and 1,000,000,000."),
        (("serve", "--port", "-1"), "-1 is not between 0 and 65,535."),
    ],
)
def test_a_refused_value_is_named_as_usage_names_it_and_its_range_in_words(cli, args, said):
    # red team: "Invalid value for 'number'" (usage says N) and Click's "1<=x<=1000000000"
    result = cli(*args)
    assert result.exit_code == 2
    assert said in result.stderr, result.stderr
    assert "<=x<=" not in result.stderr

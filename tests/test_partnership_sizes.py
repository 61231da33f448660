"""Sides of a partnership game have the same number of players (RULES.md §2: four players in
two partnerships, partners opposite; six as two teams of three or three teams of two), and a
refused game stores nothing."""

from __future__ import annotations

import pytest

from scorekeeper.domain.game import Game, Side
from scorekeeper.errors import ScorekeeperError
from scorekeeper.variants import load_variant


def test_three_against_one_is_refused_in_one_line(cli):
    result = cli(
        "new", "classic", "--team", "A", "--team", "B", "--players", "x,y,z", "--players", "p"
    )
    assert result.exit_code == 1  # README: a rule or input refused
    assert "same number of players" in result.output
    assert len(result.output.strip().splitlines()) == 1
    assert "Traceback" not in result.output
    assert "no games" in cli("games").output.lower()  # nothing stored


@pytest.mark.parametrize(
    ("name", "players"),
    [
        ("classic", [("a", "b"), ("c", "d")]),  # RULES.md §2: 2 x 2
        ("classic-6", [("a", "b", "c"), ("d", "e", "f")]),  # 2 x 3
        ("modern-american", [("a", "b"), ("c", "d")]),
    ],
)
def test_even_partnerships_are_taken(name, players):
    sides = tuple(Side(f"S{i}", p) for i, p in enumerate(players))
    Game(load_variant(name), sides)


@pytest.mark.parametrize(
    ("name", "players"),
    [
        ("classic", [("a", "b", "c"), ("d",)]),
        ("classic-6", [("a", "b", "c", "d"), ("e", "f")]),
        ("modern-american", [("a", "b", "c"), ("d",)]),
    ],
)
def test_uneven_partnerships_are_refused(name, players):
    sides = tuple(Side(f"S{i}", p) for i, p in enumerate(players))
    with pytest.raises(ScorekeeperError, match="same number of players"):
        Game(load_variant(name), sides)

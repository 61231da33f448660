"""A cutthroat hand's partners (RULES.md §2.2: each partner scores the partnership's melds and
canastas) are said wherever its scores are: the hand's breakdown and the CSV export (a new
user: a row showing a canasta bonus of 800 with one natural canasta could not be told)."""

from __future__ import annotations

import csv
import io


def cutthroat_hand(cli) -> None:
    assert cli("new", "cutthroat", "-t", "Ann", "-t", "Bob", "-t", "Cat").exit_code == 0
    # Bob and Cat partners: their natural and mixed canastas (500 + 300) count for both
    result = cli("hand", "--yes", "--partners", "Bob,Cat", "m=60", "m=150 nat=1 out", "m=50 mix=1")
    assert result.exit_code == 0, result.output
    assert "Partners: Bob and Cat" in result.stdout


def test_the_csv_export_names_each_sides_partner(cli):
    cutthroat_hand(cli)
    rows = list(csv.DictReader(io.StringIO(cli("export", "--format", "csv").stdout)))
    assert [(r["team"], r["partner"]) for r in rows] == [
        ("Ann", ""),
        ("Bob", "Cat"),
        ("Cat", "Bob"),
    ]
    assert [int(r["canasta_bonus"]) for r in rows] == [0, 800, 800]
    assert [int(r["canastas_natural"]) + int(r["canastas_mixed"]) for r in rows] == [0, 1, 1]


def test_a_game_of_fixed_partnerships_has_no_partner_column(cli):
    assert cli("new", "classic", "-t", "A", "-t", "B").exit_code == 0
    assert cli("hand", "--yes", "m=50", "m=60").exit_code == 0
    header = cli("export", "--format", "csv").stdout.splitlines()[0].split(",")
    assert "partner" not in header and header[-1] == "black_threes"


def test_the_breakdown_asked_about_before_recording_names_the_partners():
    # a new user: the breakdown before "Record hand 1? [Y/n]" had no "Partners:" line
    from scorekeeper.domain.game import Game, Side
    from scorekeeper.domain.reading import entry_from_json
    from scorekeeper.presentation.standings import breakdown_lines
    from scorekeeper.presentation.view import proposed_view
    from scorekeeper.variants import load_variant

    game = Game(load_variant("cutthroat"), tuple(Side(n) for n in ("Ann", "Bob", "Cat")))
    entries = [entry_from_json(game.variant, e) for e in ({}, {"meld_points": 50}, {})]
    view = proposed_view(game, 1, game.score(entries, (1, 2)), entries, (1, 2))
    assert "  Partners: Bob and Cat" in [line.label for line in breakdown_lines(view)]

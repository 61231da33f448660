"""The keys of a threes table's ``totals`` are counts of threes (issue 18, red team, point 7):
ASCII digits, no leading zero, from 0 to the threes of that colour the decks hold (two a deck,
RULES.md §1; 4 in Classic's two decks). Other scripts' digits (Arabic-Indic "٤", which int()
reads as 4), numbers past a billion, and counts no deck holds are refused with one line naming
the key and what is allowed."""

from __future__ import annotations

import pytest
from conftest import refused
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.domain.variant import build_variant
from scorekeeper.errors import DataFileError
from scorekeeper.variants import load_rules, user_variant_dir

TEAMS = ("--team", "A", "--team", "B")


def house(totals: str, decks: int | None = None, colour: str = "red_threes") -> None:
    folder = user_variant_dir()
    folder.mkdir(parents=True, exist_ok=True)
    lines = ['name = "house"', 'extends = "classic"']
    if decks is not None:
        lines.append(f"decks = {decks}")
    lines += [f"[{colour}]", f"totals = {{ {totals} }}"]
    (folder / "house.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")


@pytest.mark.parametrize(
    "key", ["٤", "４", "04", "-1", "+4", " 4", "1e3", "10000000000", "9" * 50, "", "four"]
)
@pytest.mark.parametrize("colour", ["red_threes", "black_threes"])
def test_a_totals_key_that_is_no_count_is_refused_naming_it(cli, db, key, colour):
    house(f'"{key}" = 800', colour=colour)
    line = refused(cli, db, "variants", "check", "house", code=3)
    assert f"{colour}.totals" in line
    assert (key if len(key) < 40 else key[:20]) in line
    assert "0 to 4" in line  # what is allowed: a count of the decks' threes
    line = refused(cli, db, "new", "house", *TEAMS, code=3)
    assert f"{colour}.totals" in line


@pytest.mark.parametrize(("decks", "most"), [(2, 4), (3, 6), (4, 8)])
def test_a_count_past_the_threes_the_decks_hold_is_refused(cli, db, decks, most):
    house(f'"{most + 1}" = 800', decks=decks)
    line = refused(cli, db, "variants", "check", "house", code=3)
    assert f"'{most + 1}'" in line and f"0 to {most}" in line


@pytest.mark.parametrize(("decks", "most"), [(2, 4), (3, 6), (4, 8)])
def test_every_count_the_decks_hold_is_a_key(cli, db, decks, most):
    house(", ".join(f'"{n}" = {100 * n}' for n in range(most + 1)), decks=decks)
    result = cli("variants", "check", "house")
    assert result.exit_code == 0, result.output


@given(st.text(min_size=1, max_size=12))
def test_a_built_variant_keeps_only_ascii_counts(key):
    rules = load_rules("classic")
    rules["red_threes"] = {**rules["red_threes"], "totals": {key: 800}}
    try:
        variant = build_variant(rules, "test")
    except DataFileError:  # refused (here, or as text no file may hold)
        return
    counts = variant.red_threes.totals_by_count()
    assert list(variant.red_threes.totals) == [str(n) for n in counts]
    assert all(0 <= n <= 2 * variant.decks for n in counts)


def test_a_stored_game_with_counts_of_other_scripts_is_refused_too():
    rules = load_rules("classic")
    rules["red_threes"] = {**rules["red_threes"], "totals": {"٤": 800}}
    with pytest.raises(DataFileError, match=r"red_threes\.totals"):
        build_variant(rules, "stored", stored=True)


@pytest.mark.parametrize("part", ["9" * 5000, "٣"])
def test_a_list_index_in_a_set_path_never_reads_a_huge_or_foreign_number(cli, db, part):
    line = refused(
        cli, db, "new", "classic", *TEAMS, "--set", f"opening_minimum.bands.{part}.from=5", code=2
    )
    assert "Error:" in line and "internal" not in line

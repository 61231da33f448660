"""`check` counts only the melds that may be laid down toward the opening minimum (issue 12,
item 6): a meld it calls illegal is not laid down, so its points cannot help reach the minimum."""

from __future__ import annotations

from scorekeeper.domain.cards import parse_melds
from scorekeeper.domain.melds import check_opening
from scorekeeper.domain.minimums import Minimum
from scorekeeper.variants import load_variant


def test_an_illegal_meld_adds_nothing_to_the_total():
    classic = load_variant("classic")
    # 666 is 15 and AAA2 is 80 (RULES.md EX-01); K2X has one natural card only: illegal.
    result = check_opening(classic, parse_melds("666 AAA2 K2X"), Minimum(points=90))
    assert [m.legal for m in result.melds] == [True, True, False]
    assert result.total == 95
    assert result.short_by == 0


def test_the_minimum_is_judged_on_the_legal_melds_only():
    classic = load_variant("classic")
    # 666 (15) alone is 75 short of 90; the illegal X2 2 (wild cards only, 90) does not help.
    result = check_opening(classic, parse_melds("666 X22"), Minimum(points=90))
    assert result.total == 15
    assert result.short_by == 75
    assert any("short of the 90 needed" in p for p in result.problems)


def test_check_json_total_counts_only_legal_melds(cli):
    import json

    args = ("check", "666", "AAA2", "K2X", "--variant", "classic", "--score", "1600", "--json")
    result = cli(*args)
    assert result.exit_code == 1  # an illegal meld may not be laid down
    doc = json.loads(result.stdout)
    assert [m["legal"] for m in doc["melds"]] == [True, True, False]
    assert doc["total"] == 15 + 80
    assert doc["allowed"] is False


def test_check_says_illegal_melds_are_not_counted(cli):
    result = cli("check", "666", "AAA2", "K2X", "--variant", "classic", "--score", "1600")
    assert result.exit_code == 1
    assert "Illegal melds are not counted toward the minimum." in result.stdout
    counted = next(line for line in result.stdout.splitlines() if "Counted" in line)
    assert counted.split()[-1] == "95"


def test_check_says_nothing_of_illegal_melds_when_every_meld_is_legal(cli):
    result = cli("check", "666", "AAA2", "--variant", "classic", "--score", "1600")
    assert result.exit_code == 0
    assert "not counted" not in result.stdout

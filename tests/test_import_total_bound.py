"""A game coming in by `import` is held to the bound on every side's running total that `hand`
holds a game to (README, the bounds paragraph: numbers at most 1,000,000,000 either way), so
that it can grow by a hand, be exported and imported again (issue 18, red team: a classic
export whose red-three penalty was set to -999,999,999 points, three of them given to side B,
was imported with B at -2,999,999,947; then `hand` was refused and the game's own export could
not be imported)."""

from __future__ import annotations

import json

import pytest

from tests.conftest import database_files, refused

BOUND = 1_000_000_000
#: Classic (RULES.md §2): Ann 100 melded + 500 for a natural canasta + 100 for going out = 700
#: a hand; Bob 50 melded = 50, less the penalty for each red three kept in hand.
ANN_HAND, BOB_MELD = "m=100 nat=1 out", 50


def doctored_export(cli, tmp_path, penalty: int, kept: int, hands: int = 1):
    """An export of a classic game of ``hands`` hands (Ann 700 and Bob 50 each), its red-three
    penalty set to ``penalty`` points and ``kept`` red threes in Bob's hand each hand; only
    ``format`` and ``record`` kept, as in the red team's file."""
    assert cli("new", "classic", "--team", "Ann", "--team", "Bob").exit_code == 0
    for _ in range(hands):
        assert cli("hand", "--yes", ANN_HAND, f"m={BOB_MELD}").exit_code == 0
    exported = tmp_path / "game.json"
    assert cli("export", "--format", "json", "-o", str(exported)).exit_code == 0
    record = json.loads(exported.read_text())["record"]
    record["rules"]["penalties"]["red_three_not_declared"]["points"] = penalty
    for hand in record["hands"]:
        hand["entries"][1]["penalties"] = {"red_three_not_declared": kept}
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": 1, "record": record}))
    return bad


def test_the_red_teams_import_is_refused_and_nothing_is_stored(cli, db, tmp_path):
    bad = doctored_export(cli, tmp_path, -999_999_999, 3)  # Bob: 50 - 2,999,999,997
    line = refused(cli, db, "import", str(bad), code=3)
    assert "bad.json" in line and "Bob" in line and "hand 1" in line
    assert "1,000,000,000" in line
    assert cli.json("games", "--all")["games"][0]["game"] == 1  # no game 2


def test_a_running_total_past_the_bound_over_several_hands_is_refused(cli, db, tmp_path):
    # each hand: 50 - 3 x 200,000,000 = -599,999,950, within the bound; after hand 2 Bob is
    # at -1,199,999,900, past it
    bad = doctored_export(cli, tmp_path, -200_000_000, 3, hands=2)
    line = refused(cli, db, "import", str(bad), code=3)
    assert "Bob" in line and "hand 2" in line


@pytest.mark.parametrize(
    ("penalty", "total", "taken"),
    [
        (-333_333_333, BOB_MELD - 999_999_999, True),  # the penalties item just within
        # the total at the bound, but the penalties item (-1,000,000,050), which the export
        # writes, past it: its export could not be imported again (red team round 16)
        (-333_333_350, -BOUND, False),
        (-333_333_351, -BOUND - 3, False),
    ],
    ids=["within the bound", "an item past it", "3 past it"],
)
def test_the_bound_itself_is_allowed(cli, db, tmp_path, penalty, total, taken):
    bad = doctored_export(cli, tmp_path, penalty, 3)
    assert BOB_MELD + 3 * penalty == total
    if not taken:
        refused(cli, db, "import", str(bad), code=3)
        return
    before = database_files(db)
    result = cli("import", str(bad))
    assert result.exit_code == 0, result.output
    assert database_files(db) != before
    game = cli.json("show", "2")
    assert [t["total"] for t in game["teams"]] == [700, total]

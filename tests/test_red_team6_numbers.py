"""Numbers at the edges (issue 18): a ``--since`` before the first day local time can place
is refused in one line (never "unexpected internal error"), in every time zone; a hand file
with a number written as a float (``1e2``, ``2.5e1``, ``100.0``) is refused naming the field,
as an import refuses ``decks: 2.0``, and nothing is stored."""

from __future__ import annotations

import json
import os
import subprocess
import time

import pytest

from tests.conftest import database_files
from tests.test_installed_script import script

EARLIEST = "before the first day this system's clock can place; give 0001-01-02 or later"


def _games(args: list[str], tz: str, db) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SCOREKEEPER_DB": str(db), "TZ": tz, "SCOREKEEPER_LANG": "en"}
    exe = script()
    return subprocess.run(
        [exe or "scorekeeper", "games", *args], capture_output=True, text=True, env=env, timeout=60
    )


@pytest.fixture
def game(cli):
    assert cli("new", "classic", "--team", "Ann", "--team", "Bob").exit_code == 0


@pytest.mark.skipif(not hasattr(time, "tzset"), reason="needs TZ")
@pytest.mark.parametrize("tz", ["UTC", "Asia/Tokyo", "America/New_York", "Pacific/Kiritimati"])
def test_since_the_first_of_year_1_is_refused_in_one_line(db, game, tz):
    r = _games(["--since", "0001-01-01"], tz, db)
    assert r.returncode == 2, r.stderr
    assert r.stderr.strip() == f"Error: --since 0001-01-01 is {EARLIEST}"


@pytest.mark.skipif(not hasattr(time, "tzset"), reason="needs TZ")
@pytest.mark.parametrize("tz", ["UTC", "Asia/Tokyo", "America/New_York"])
def test_since_the_second_day_of_year_1_lists_every_game(db, game, tz):
    r = _games(["--since", "0001-01-02"], tz, db)
    assert r.returncode == 0, r.stderr
    assert "Ann" in r.stdout


@pytest.mark.parametrize("since", ["24311m", "2026y", "740000d", "106000w"])
def test_since_counted_back_to_year_1_is_never_an_internal_error(cli, game, since):
    r = cli("games", "--since", since)
    assert "internal error" not in r.output
    if r.exit_code:
        assert r.exit_code == 2
        assert len(r.stderr.strip().splitlines()) == 1
        assert "--since" in r.stderr


def test_since_with_thousands_of_digits_is_refused_in_one_line(cli, game):
    r = cli("games", "--since", "9" * 5000 + "d")
    assert r.exit_code == 2
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: --since 999")
    assert lines[0].endswith(
        "goes back before 0001-01-02, the first day this system's clock can place: go back less far"
    )
    assert len(lines[0]) < 400


@pytest.mark.parametrize("since", ["739953d", "739954d", "105708w", "24312m", "2026y"])
def test_since_counted_back_past_year_1_says_to_go_back_less_far(since):
    # 2026-12-04 less 739,953 days is 0001-01-01: the form is right, the count too far
    from datetime import date

    from scorekeeper.cli.review import since_date
    from scorekeeper.errors import UsageError

    with pytest.raises(UsageError) as raised:
        since_date(since, today=date(2026, 12, 4))
    assert raised.value.message == (
        f"--since {since} goes back before 0001-01-02, the first day this system's clock can"
        " place: go back less far"
    )


@pytest.mark.parametrize("since", ["739952d", "24311m"])
def test_since_counted_back_to_the_second_day_of_year_1_is_a_day(since):
    from datetime import date

    from scorekeeper.cli.review import since_date

    assert since_date(since, today=date(2026, 12, 4)).year == 1


@pytest.mark.parametrize(
    ("value", "shown"),
    [("1e2", "100.0"), ("2.5e1", "25.0"), ("100.0", "100.0"), ("2.5", "2.5")],
)
def test_a_float_in_a_hand_file_is_refused_naming_the_field(cli, db, game, value, shown):
    before = database_files(db)
    text = '{"teams": [{"meld_points": VALUE}, {"meld_points": 0}]}'.replace("VALUE", value)
    r = cli("hand", "--file", "-", input=text)
    assert r.exit_code == 1
    assert r.stderr.strip() == (
        "Error: standard input: 'meld_points' takes a whole number written without '.' or"
        f" 'e', not {shown}"
    )
    assert database_files(db) == before


def test_a_float_count_inside_an_object_is_refused_naming_its_key(cli, db, game, tmp_path):
    hand = tmp_path / "hand.json"
    hand.write_text(json.dumps({"teams": [{"meld_points": 120, "canastas": {"natural": 1.0}}, {}]}))
    before = database_files(db)
    r = cli("hand", "--file", str(hand))
    assert r.exit_code == 1
    assert "'natural' takes a whole number" in r.stderr and str(hand) in r.stderr
    assert database_files(db) == before


def test_whole_numbers_in_a_hand_file_are_recorded(cli, game):
    text = '{"teams": [{"meld_points": 100}, {"meld_points": 25}]}'
    r = cli("hand", "--file", "-", input=text)
    assert r.exit_code == 0, r.output
    hand = cli.json("show")["hands"][0]
    assert [t["meld_points"] for t in hand["teams"]] == [100, 25]


@pytest.mark.parametrize(
    "args", [["show", "GAME"], ["resume", "GAME"], ["delete", "GAME", "--yes"]]
)
def test_a_game_number_of_thousands_of_digits_is_refused_in_one_short_line(cli, db, game, args):
    huge = "9" * 4000  # below the 4,300 digits Python converts, far beyond any game
    before = database_files(db)
    r = cli(*[huge if a == "GAME" else a for a in args])
    assert r.exit_code == 1
    lines = r.stderr.strip().splitlines()
    assert lines == ["Error: there is no game (huge); 'scorekeeper games' lists them"]
    assert database_files(db) == before


def test_a_hand_number_of_thousands_of_digits_is_refused_in_one_short_line(cli, db, game):
    assert cli("hand", "m=50", "m=0").exit_code == 0
    r = cli("edit", "9" * 4000, "m=1", "m=2", "--yes")
    assert r.exit_code == 1
    assert r.stderr.strip() == "Error: there is no hand (huge); game 1 has 1 hand"

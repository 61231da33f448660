"""A creation time no clock shows (past year 9999, or before year 1, once moved to UTC or to
local time) never stops a command (issue 18, red team round 8: an import or a restore of
``"9999-12-31T23:59:59-14:00"`` made `show`, `status` and `games` an "unexpected internal
error"): an import refuses it (exit 3, nothing stored), and a game stored with one anyway is
listed and shown with no date."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.presentation.render import local_date, utc_time
from scorekeeper.storage.database import game_file

OUT_OF_RANGE = ["9999-12-31T23:59:59-14:00", "0001-01-01T00:00:00+05:00"]


@pytest.mark.parametrize("stamp", OUT_OF_RANGE)
def test_a_time_no_clock_shows_is_shown_as_no_date(stamp):
    assert local_date(stamp) == ""
    assert utc_time(stamp) == stamp  # the text as it is, as for any text that is no time


@pytest.mark.parametrize("stamp", OUT_OF_RANGE)
def test_an_import_with_such_a_time_is_refused(cli, db, tmp_path, stamp):
    assert cli("new", "classic", "-t", "A", "-t", "B").exit_code == 0
    path = tmp_path / "game.json"
    assert cli("export", "--format", "json", "-o", str(path)).exit_code == 0
    doc = json.loads(path.read_text())
    doc["record"]["created"] = stamp
    path.write_text(json.dumps({"format": 1, "record": doc["record"]}))
    result = cli("import", str(path))
    assert result.exit_code == 3 and "ISO 8601" in result.stderr
    assert "unexpected" not in result.output
    assert [g["game"] for g in cli.json("games", "--all")["games"]] == [1]


@pytest.mark.parametrize("stamp", OUT_OF_RANGE)
def test_a_game_stored_with_such_a_time_is_still_listed_and_shown(cli, db, stamp):
    assert cli("new", "classic", "-t", "A", "-t", "B").exit_code == 0
    assert cli("hand", "--yes", "m=50", "m=50").exit_code == 0
    file = game_file(db, 1)
    stored = json.loads(file.read_bytes())
    stored["games"]["1"]["created"] = stamp
    file.write_text(json.dumps(stored))
    for args in (["games"], ["games", "--all"], ["games", "--since", "1d"], ["show"], ["status"]):
        result = cli(*args)
        assert result.exit_code == 0, (args, result.output)
        assert "unexpected" not in result.output


SCRIPT = Path(sys.executable).with_name("scorekeeper")
ZONES = ["UTC", "Pacific/Kiritimati", "Etc/GMT+12"]  # UTC, UTC+14, UTC-12


def import_in_zone(tmp_path, env, zone: str, stamp: str) -> subprocess.CompletedProcess:
    path = tmp_path / "game.json"
    made = subprocess.run(
        [str(SCRIPT), "new", "classic", "-t", "A", "-t", "B"], env=env, capture_output=True
    )
    assert made.returncode == 0, made.stderr
    out = subprocess.run(
        [str(SCRIPT), "export", "--format", "json"], env=env, capture_output=True, text=True
    )
    doc = json.loads(out.stdout)
    doc["record"]["created"] = stamp
    path.write_text(json.dumps(doc))
    return subprocess.run(
        [str(SCRIPT), "import", str(path)],
        env={**env, "TZ": zone},
        capture_output=True,
        text=True,
    )


@pytest.mark.parametrize("zone", ZONES)
@pytest.mark.parametrize(
    ("stamp", "taken"),
    [
        ("0001-01-02T00:00:00+00:00", True),
        ("0001-01-02T05:00:00+05:00", True),  # the same moment
        ("0001-01-01T23:59:59+00:00", False),
        ("0001-01-02T03:00:00+05:00", False),  # 0001-01-01T22:00 in UTC
        ("9999-12-30T23:59:59+00:00", True),
        ("9999-12-31T00:00:00+00:00", False),
        ("9999-12-30T20:00:00-05:00", False),  # 9999-12-31T01:00 in UTC
    ],
)
def test_an_import_takes_or_refuses_a_time_alike_in_every_time_zone(
    tmp_path, env, zone, stamp, taken
):
    """Red team round 14: whether an import took a time near year 1 or 9999 depended on the
    machine's time zone; the bounds are now moments in UTC, 0001-01-02 to 9999-12-30."""
    result = import_in_zone(tmp_path, env, zone, stamp)
    if taken:
        assert result.returncode == 0, result.stderr
        for args in (["games", "--all"], ["show", "2"]):
            shown = subprocess.run(
                [str(SCRIPT), *args], env={**env, "TZ": zone}, capture_output=True, text=True
            )
            assert shown.returncode == 0 and "unexpected" not in shown.stderr, shown.stderr
    else:
        assert result.returncode == 3, result.stderr
        assert "0001-01-02 to 9999-12-30" in result.stderr

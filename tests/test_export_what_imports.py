"""Every JSON export can be imported again (README, the bounds paragraph): a game stored
beyond the bounds of any input (written before there were such bounds, or changed by hand) is
still read and shown, but its JSON export is refused, naming the bound, rather than written as
a file ``import`` then refuses (red team round 10: a start score of 5,000,000,000, a 101-character
name, ``15.0`` points, ``created`` "yesterday", an escape in a label or a note)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import PARTNERSHIPS, refused

from scorekeeper.storage.database import game_file


def damage(doc: dict[str, Any], case: str) -> None:
    if case == "start score":
        doc["sides"][0]["start_score"] = 5_000_000_000
    elif case == "long name":
        doc["sides"][0]["name"] = "x" * 101
    elif case == "float":
        doc["hands"][0]["entries"][1]["hand_points"] = 15.0
    elif case == "created":
        doc["created"] = "yesterday"
    elif case == "label":
        doc["label"] = "a\u001b[31mb"
    elif case == "note":
        doc["hands"][0]["note"] = "a\u0007b"
    elif case == "rule":  # red team round 12: the game could then be neither read nor deleted
        doc["rules"]["canastas"]["mixed"]["bonus"] = 1_000_000_001
    elif case == "colon name":  # a name new games refuse since: its export was imported never
        doc["sides"][0]["name"] = "Ann:"
    elif case == "number name":
        doc["sides"][1]["name"] = "3"


CASES = [
    "start score",
    "long name",
    "float",
    "created",
    "label",
    "note",
    "rule",
    "colon name",
    "number name",
]


@pytest.mark.parametrize("case", CASES)
def test_a_game_beyond_the_bounds_is_read_but_its_export_is_refused(cli, db, tmp_path, case):
    assert cli("new", "classic", *PARTNERSHIPS).exit_code == 0
    # RULES.md worked example 7: Ann & Bob 1,305, Cat & Dan 140
    assert cli("hand", "--yes", "m=220 nat=1 mix=1 r=2 out h=15", "m=110 r=1 h=70").exit_code == 0
    path = game_file(db, 1)
    data = json.loads(path.read_bytes())
    damage(data["games"]["1"], case)
    path.write_text(json.dumps(data), encoding="utf-8")
    assert cli("status").exit_code == 0  # still read
    assert cli("games", "--all").exit_code == 0 and cli("stats").exit_code == 0
    out = tmp_path / "e.json"
    result = cli("export", "-o", str(out))
    assert result.exit_code == 3, result.output
    assert result.stderr.startswith("Error: game 1 holds what an import refuses")
    assert not out.exists()
    assert cli("export", "--format", "csv").exit_code == 0  # a view, not an import's input
    if case.endswith("name"):  # nor is it copied into a new game
        result = cli("rematch", "1")
        assert result.exit_code == 3 and "so no rematch of it was started" in result.stderr
    assert cli("delete", "1", "--yes").exit_code == 0  # and it can be deleted


def test_a_game_within_the_bounds_exports_and_imports_back_equal(cli, db, tmp_path):
    assert cli("new", "classic", *PARTNERSHIPS, "--label", "Friday").exit_code == 0
    assert cli(
        "hand", "--yes", "--note", "n\tx", "m=220 nat=1 mix=1 r=2 out h=15", "m=110 r=1 h=70"
    )
    out = tmp_path / "e.json"
    assert cli("export", "-o", str(out)).exit_code == 0
    assert cli("import", "--again", str(out)).exit_code == 0
    first, second = (cli.json("show", str(n)) for n in (1, 2))
    assert first["teams"] == second["teams"] and first["hands"] == second["hands"]
    assert [t["total"] for t in second["teams"]] == [1305, 140]


def finished_export(cli, tmp_path, over: bool) -> tuple[Any, Path]:
    target = ("--target", "500") if over else ()
    assert cli("new", "classic", *PARTNERSHIPS, *target).exit_code == 0
    # RULES.md worked example 7: 1,305 reaches a target of 500
    hand = ("m=220 nat=1 mix=1 r=2 out h=15", "m=110 r=1 h=70")
    assert cli("hand", "--yes", *hand).exit_code == 0
    out = tmp_path / "e.json"
    assert cli("export", "-o", str(out)).exit_code == 0
    return json.loads(out.read_text(encoding="utf-8")), out


def test_an_import_whose_finished_time_disagrees_with_its_game_is_refused(cli, db, tmp_path):
    """Red team round 11: a record "finished" though not over (or before it was created) was
    imported, and the game then read as finished while it was being played."""
    doc, out = finished_export(cli, tmp_path, over=False)
    assert doc["record"]["finished"] is None
    doc["record"]["finished"] = "2026-01-01T00:00:00+00:00"
    out.write_text(json.dumps(doc), encoding="utf-8")
    assert "is not over" in refused(cli, db, "import", "--again", str(out), code=3)


def test_a_finished_game_imports_unless_it_finished_before_it_started(cli, db, tmp_path):
    doc, out = finished_export(cli, tmp_path, over=True)
    assert doc["record"]["finished"] is not None
    assert cli("import", "--again", str(out)).exit_code == 0
    doc["record"]["finished"] = "2000-01-01T00:00:00+00:00"
    out.write_text(json.dumps(doc), encoding="utf-8")
    assert "before the game was started" in refused(cli, db, "import", "--again", str(out), code=3)


@pytest.mark.parametrize("encoding", ["ascii", "cp1252"])
def test_an_export_to_standard_output_is_utf8_whatever_its_encoding(cli, db, tmp_path, encoding):
    """Red team round 12: under a non-UTF-8 output encoding every non-ASCII letter of the
    export became "?", and import took the file as a game "?? & ??". Files are always UTF-8."""
    import os
    import subprocess
    import sys

    names = ("--team", "日本 & 東京", "--team", "Çağ & İlk", "--label", "ラベル€")
    assert cli("new", "classic", *names).exit_code == 0
    assert cli("hand", "--yes", "m=50", "m=60").exit_code == 0  # so the CSV has rows
    out = tmp_path / "e.json"
    assert cli("export", "-o", str(out)).exit_code == 0
    env = {**os.environ, "SCOREKEEPER_DB": str(db), "PYTHONIOENCODING": encoding}
    for fmt in ("json", "csv", "html"):
        done = subprocess.run(
            [sys.executable, "-m", "scorekeeper", "export", "--format", fmt],
            capture_output=True,
            env=env,
            timeout=60,
        )
        assert done.returncode == 0, done.stderr
        assert "東京".encode() in done.stdout and b"??" not in done.stdout, fmt
        if fmt == "json":
            assert done.stdout == out.read_bytes()

"""Every text and number of an input is bounded (issue 18, "bounded numbers ... at every input
boundary"): a label, a note or a text in an imported file of more than 1,000 characters, a
name of more than 100, and a --score or --limit beyond 1,000,000,000 are refused with one clear
line, and nothing is stored; texts up to the bound are kept as typed."""

from __future__ import annotations

import json

from conftest import new_game, refused

from scorekeeper.domain.limits import MAX_NAME, MAX_NUMBER, MAX_TEXT


def test_a_note_past_the_bound_is_refused_and_one_at_it_kept(cli, db):
    new_game(cli)
    line = refused(cli, db, "hand", "--yes", "--note", "n" * (MAX_TEXT + 1), "m=50", "m=50")
    assert "1,001 characters" in line and "1,000" in line
    assert cli("hand", "--yes", "--note", "n" * MAX_TEXT, "m=50", "m=50").exit_code == 0
    assert cli.json("show")["hands"][0]["note"] == "n" * MAX_TEXT


def test_a_label_past_the_bound_is_refused(cli, db):
    line = refused(
        cli, db, "new", "classic", "--team", "A", "--team", "B", "--label", "x" * (MAX_TEXT + 1)
    )
    assert "the label" in line


def test_a_name_past_the_bound_is_refused(cli, db):
    long_name = "A" * (MAX_NAME + 1)
    line = refused(cli, db, "new", "classic", "--team", long_name, "--team", "B")
    assert "101 characters" in line and "100" in line
    assert cli("new", "classic", "--team", "A" * MAX_NAME, "--team", "B").exit_code == 0


def test_an_import_holding_a_long_text_is_refused(cli, db, tmp_path):
    new_game(cli)
    assert cli("hand", "--yes", "m=50", "m=50").exit_code == 0
    export = tmp_path / "g.json"
    assert cli("export", "1", "-o", str(export)).exit_code == 0
    data = json.loads(export.read_text(encoding="utf-8"))
    data["record"]["label"] = "x" * (MAX_TEXT + 1)
    export.write_text(json.dumps(data), encoding="utf-8")
    line = refused(cli, db, "import", str(export), code=3)
    assert "characters long" in line


def test_numbers_past_the_bound_are_refused_as_usage(cli):
    for args in (
        ("minimum", "--variant", "classic", "--score", str(MAX_NUMBER + 1)),
        ("minimum", "--variant", "classic", "--score", "9" * 30),
        ("games", "--limit", str(MAX_NUMBER + 1)),
    ):
        result = cli(*args)
        assert result.exit_code == 2, (args, result.output)
        assert "Traceback" not in result.output
    ok = cli("minimum", "--variant", "classic", "--score", str(MAX_NUMBER))
    assert ok.exit_code == 0, ok.output

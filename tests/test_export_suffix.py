"""export: the format from the file's suffix, --excel's CSV, and the counts a CSV row carries
(issue 15, point 4)."""

from __future__ import annotations

import csv
import io
import json

import pytest
from conftest import database_files

EXCEL_BOM = b"\xef\xbb\xbf"  # UTF-8's byte-order mark


@pytest.fixture
def game(cli):
    # RULES.md EX-07: a natural and a mixed canasta and two red threes; the other side one
    assert cli("new", "classic", "--team", "Ayşe & Bo", "--team", "Cat & Dan").exit_code == 0
    assert cli("hand", "m=220 nat=1 mix=1 r=2 out h=15", "m=110 r=1 h=70").exit_code == 0


@pytest.mark.parametrize("name", ["game.csv", "GAME.CSV"])
def test_a_csv_suffix_writes_csv(cli, game, tmp_path, name):
    path = tmp_path / name
    result = cli("export", "-o", str(path))
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8"))))
    assert [r["team"] for r in rows] == ["Ayşe & Bo", "Cat & Dan"]


@pytest.mark.parametrize("name", ["game.html", "game.htm"])
def test_an_html_suffix_writes_html(cli, game, tmp_path, name):
    path = tmp_path / name
    assert cli("export", "-o", str(path)).exit_code == 0
    assert path.read_text(encoding="utf-8").lstrip().lower().startswith("<!doctype html")


def test_a_json_suffix_writes_json(cli, game, tmp_path):
    path = tmp_path / "game.json"
    assert cli("export", "-o", str(path)).exit_code == 0
    assert json.loads(path.read_text(encoding="utf-8"))["format"] == 1


def test_format_given_wins_over_the_suffix(cli, game, tmp_path):
    path = tmp_path / "game.txt"
    assert cli("export", "--format", "csv", "-o", str(path)).exit_code == 0
    assert path.read_text(encoding="utf-8").startswith("game,hand,team,")


@pytest.mark.parametrize("name", ["game.txt", "game.xlsx", "game"])
def test_a_suffix_that_names_no_format_is_refused(cli, game, tmp_path, db, name):
    before = database_files(db)
    path = tmp_path / name
    result = cli("export", "-o", str(path))
    assert result.exit_code == 2
    assert not path.exists()
    line = result.output.strip()
    assert line.startswith("Error:") and len(line.splitlines()) == 1
    assert name in line and ".csv, .json or .html" in line and "--format" in line
    assert database_files(db) == before


def test_standard_output_is_json_by_default(cli, game):
    assert json.loads(cli("export").stdout)["format"] == 1


def test_excel_writes_a_byte_order_mark_and_crlf(cli, game, tmp_path):
    path = tmp_path / "game.csv"
    assert cli("export", "--format", "csv", "--excel", "-o", str(path)).exit_code == 0
    raw = path.read_bytes()
    assert raw.startswith(EXCEL_BOM)
    lines = raw[len(EXCEL_BOM) :].split(b"\r\n")
    assert lines[-1] == b"" and len(lines) == 4  # header, two rows, the last line's end
    assert b"\n" not in b"".join(lines)
    # read as a spreadsheet does when it honours the mark: the name as typed
    rows = list(csv.DictReader(io.StringIO(raw.decode("utf-8-sig"))))
    assert rows[0]["team"] == "Ayşe & Bo"


def test_plain_csv_has_no_mark_and_lf(cli, game):
    out = cli("export", "--format", "csv").stdout
    assert not out.startswith("\ufeff") and "\r" not in out


def test_excel_is_refused_for_another_format(cli, game):
    result = cli("export", "--format", "json", "--excel")
    assert result.exit_code == 2 and "--excel" in result.output and "csv" in result.output


def test_csv_rows_count_canastas_by_kind_and_threes(cli, game):
    rows = list(csv.DictReader(io.StringIO(cli("export", "--format", "csv").stdout)))
    ours, theirs = rows
    assert (ours["canastas_natural"], ours["canastas_mixed"], ours["red_threes"]) == ("1", "1", "2")
    assert (theirs["canastas_natural"], theirs["canastas_mixed"]) == ("0", "0")
    assert (theirs["red_threes"], theirs["black_threes"]) == ("1", "0")


def test_csv_counts_canastas_of_typed_melds_and_black_threes(cli):
    # Modern American scores black threes laid out (RULES.md §3); canastas typed as cards
    assert cli("new", "modern-american", "--team", "A", "--team", "B").exit_code == 0
    ours = "meld=KKKKKKK|5555552|QQQ r=1 b=2 out"
    assert cli("hand", "--yes", ours, "m=90 h=20").exit_code == 0
    rows = list(csv.DictReader(io.StringIO(cli("export", "--format", "csv").stdout)))
    assert rows[0]["canastas_natural"] == "1" and rows[0]["canastas_mixed"] == "1"
    assert (rows[0]["red_threes"], rows[0]["black_threes"]) == ("1", "2")
    assert rows[1]["black_threes"] == "0"


def test_start_score_rows_count_nothing(cli):
    args = ("--team", "A", "--team", "B", "--start-score", "500", "--start-score", "0")
    assert cli("new", "classic", *args).exit_code == 0
    assert cli("hand", "m=120 nat=1 out", "m=90").exit_code == 0
    rows = list(csv.DictReader(io.StringIO(cli("export", "--format", "csv").stdout)))
    assert rows[0]["hand"] == "0" and rows[0]["canastas_natural"] == "0"
    assert rows[0]["red_threes"] == "0"


def test_excel_to_standard_output_is_the_same_bytes_as_to_a_file(cli, game, tmp_path):
    """The mark and the CRLF line ends are the format's, not control characters to escape
    (red team round 11: standard output got the text "\\ufeff" and "\\x0d")."""
    path = tmp_path / "game.csv"
    assert cli("export", "--format", "csv", "--excel", "-o", str(path)).exit_code == 0
    shown = cli("export", "--format", "csv", "--excel")
    assert shown.exit_code == 0
    assert shown.stdout_bytes == path.read_bytes()


def test_start_score_rows_leave_the_text_columns_empty(cli):
    """Hand 0 had no opening minimum and no dealer: a spreadsheet read a dealer named "0"."""
    start = ("--start-score", "100", "--start-score", "0")
    assert cli("new", "classic", "--team", "Ann", "--team", "Bob", *start).exit_code == 0
    assert cli("hand", "--yes", "m=50", "m=60").exit_code == 0
    rows = list(csv.DictReader(io.StringIO(cli("export", "--format", "csv").stdout)))
    first = [r for r in rows if r["hand"] == "0"]
    assert [r["team"] for r in first] == ["Ann", "Bob"]
    for row in first:
        assert (row["minimum_points"], row["minimum_requires"], row["dealer"]) == ("", "", "")
        assert row["start_score"] == row["total"]

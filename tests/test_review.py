"""Reviewing past games: games, show, resume, stats, chart, export and import.

Scores worked out by hand from RULES.md §2 (classic): melded cards + canasta bonuses (natural
500, mixed 300) + red threes (100 each) + going out (100) - cards left in hand.
"""

from __future__ import annotations

import csv
import io
import json
import sys

import pytest
from conftest import database_files, refused
from rich.console import Console

from scorekeeper.domain.scoring import BREAKDOWN_FIELDS
from scorekeeper.presentation import console as console_module

# Game 1 (Ann & Bob, Cat & Dan): 4,000 / 3,000 at the start, then
#   hand 1: 220+800+200+100-15 = 1,305 (5,305: they win) and 110+100-70 = 140 (3,140).
# Game 2 (Ann & Bob against Eve & Fay), unfinished:
#   hand 1: 300+500+100 = 900, and 150+300-20 = 430;
#   hand 2: 90-40 = 50, and 200+300+100+200 = 800.
ANN_BOB = ("--team", "Ann & Bob", "--players", "Ann,Bob")


def setup_games(cli):
    ok = [
        cli(
            "new",
            "classic",
            *ANN_BOB,
            "--team",
            "Cat & Dan",
            "--players",
            "Cat,Dan",
            "--start-score",
            "4000",
            "--start-score",
            "3000",
            "--label",
            "Friday",
        ),
        cli(
            "hand",
            "--yes",
            "meld=220 natural=1 mixed=1 red=2 out hand=15",
            "meld=110 red=1 hand=70",
            "--note",
            "Bob dealt fast",
        ),
        cli("new", "classic", *ANN_BOB, "--team", "Eve & Fay", "--players", "Eve,Fay"),
        cli("hand", "--yes", "meld=300 natural=1 out", "meld=150 mixed=1 hand=20"),
        cli("hand", "--yes", "meld=90 hand=40", "meld=200 mixed=1 red=2 out"),
    ]
    for result in ok:
        assert result.exit_code == 0, result.output


def new_game(cli, *teams):
    args = [x for team in teams or ("A", "B") for x in ("--team", team)]
    assert cli("new", "classic", *args).exit_code == 0


def test_games_lists_newest_first_with_totals_winner_and_status(cli):
    setup_games(cli)
    games = cli.json("games")["games"]
    assert [g["game"] for g in games] == [2, 1]
    two, one = games
    assert [t["total"] for t in two["teams"]] == [950, 1230]
    assert (two["status"], two["winner"], two["current"], two["finished"]) == (
        "playing",
        None,
        True,
        None,
    )
    assert [t["total"] for t in one["teams"]] == [5305, 3140]
    assert (one["status"], one["winner"], one["label"]) == ("won", "Ann & Bob", "Friday")
    assert one["finished"] and one["created"]


def test_games_filters(cli):
    setup_games(cli)

    def ids(*args):
        return [g["game"] for g in cli.json("games", *args)["games"]]

    assert ids("--player", "eve") == [2]
    assert ids("--player", "ann & bob") == [2, 1]
    assert ids("--player", "Zed") == []
    assert ids("--status", "won") == [1]
    assert ids("--status", "finished") == [1]
    assert ids("--status", "playing") == [2]
    assert ids("--variant", "classic-2") == []
    assert ids("--variant", "classic") == [2, 1]
    assert ids("--since", "2000-01-01") == [2, 1]
    assert ids("--since", "2999-01-01") == []
    assert ids("--since", "7d") == [2, 1]
    assert cli("games", "--since", "last week").exit_code == 2  # a usage error, like --status
    assert cli("games", "--since", "99999999d").exit_code == 2
    assert cli("games", "--status", "lost").exit_code == 2


def test_show_gives_every_hand_with_running_totals_dealer_and_minimum_applied(cli):
    setup_games(cli)
    sheet = cli.json("show", "2")
    assert sheet["game"] == 2 and sheet["hands_played"] == 2
    first, second = sheet["hands"]
    # Seats alternate sides: Ann, Eve, Bob, Fay; the deal passes to the left.
    assert (first["dealer"], second["dealer"], sheet["next_dealer"]) == ("Ann", "Eve", "Bob")
    assert [t["hand_score"] for t in first["teams"]] == [900, 430]
    assert [t["total"] for t in second["teams"]] == [950, 1230]
    assert second["teams"][1]["red_three_bonus"] == 200
    for hand in sheet["hands"]:
        for team in hand["teams"]:
            assert sum(team[f] for f in BREAKDOWN_FIELDS) == team["hand_score"]
            assert team["minimum_applied"] == {"points": 50, "requires": None}
    one = cli.json("show", "1")
    # Before hand 1: 4,000 (120) and 3,000 (120); after it both sides are still at 3,000 or more.
    assert [t["minimum_applied"]["points"] for t in one["hands"][0]["teams"]] == [120, 120]
    assert one["hands"][0]["note"] == "Bob dealt fast"
    assert one["winner"] == "Ann & Bob" and one["decided_at"] == 1
    assert cli("show", "9").exit_code == 1


def test_resume_makes_a_game_current(cli):
    setup_games(cli)
    assert cli.json("status")["game"] == 2
    doc = cli.json("resume", "1")
    assert doc["game"] == 1 and doc["winner"] == "Ann & Bob"
    assert cli.json("status")["game"] == 1
    assert cli("resume", "7").exit_code == 1


def test_stats_per_player_and_side_leave_deleted_games_out(cli):
    setup_games(cli)
    # A third game, deleted: it must not count.
    assert cli("new", "classic", "--team", "Ann & Bob", "--team", "Cat & Dan").exit_code == 0
    assert cli("hand", "--yes", "meld=400 natural=2 red=4 out", "-").exit_code == 0
    assert cli("delete", "3", "--yes").exit_code == 0
    doc = cli.json("stats")
    teams = {t["team"]: t for t in doc["teams"]}
    ab = teams["Ann & Bob"]
    # Hands: 1,305, 900, 50; won game 1, game 2 unfinished.
    assert (ab["games"], ab["finished"], ab["wins"], ab["win_rate"]) == (2, 1, 1, 1.0)
    assert (ab["hands"], ab["best_hand"]) == (3, 1305)
    assert ab["average_hand"] == 752  # 2,255 / 3 = 751.67
    assert ab["canastas"] == {"mixed": 1, "natural": 2}
    assert ab["red_threes"] == 2
    ef = teams["Eve & Fay"]
    assert (ef["games"], ef["finished"], ef["wins"], ef["win_rate"]) == (1, 0, 0, None)
    assert (ef["average_hand"], ef["best_hand"]) == (615, 800)  # (430 + 800) / 2
    assert ef["canastas"] == {"mixed": 2} and ef["red_threes"] == 2
    cd = teams["Cat & Dan"]
    assert (cd["games"], cd["wins"], cd["win_rate"], cd["best_hand"]) == (1, 0, 0.0, 140)
    players = {p["player"]: p for p in doc["players"]}
    assert players["Ann"]["wins"] == 1 and players["Ann"]["games"] == 2
    assert players["Cat"]["red_threes"] == 1
    assert set(players) == {"Ann", "Bob", "Cat", "Dan", "Eve", "Fay"}
    assert cli.json("stats", "--variant", "classic-3")["teams"] == []
    table = cli("stats")
    assert table.exit_code == 0 and "Ann & Bob" in table.output and "100%" in table.output


def test_stats_of_an_unknown_variant_is_an_error(cli, db):
    new_game(cli)
    assert cli("hand", "--yes", "m=100 nat=1 out", "m=50").exit_code == 0
    line = refused(cli, db, "stats", "--variant", "nope")
    assert "no variant called 'nope'" in line
    result = cli("stats", "--variant", "samba")  # known, no games of it yet
    assert result.exit_code == 0 and "No hands recorded yet" in result.stdout


def fixed_console(monkeypatch, width, terminal):
    def factory(stderr=False):
        return Console(
            file=sys.stderr if stderr else sys.stdout,
            width=width,
            height=24,
            color_system=None,
            force_terminal=terminal,
            highlight=False,
        )

    monkeypatch.setattr(console_module, "factory", factory)


@pytest.mark.parametrize("width", [40, 80, 200])
def test_show_fits_the_width_and_prints_the_totals(cli, monkeypatch, width):
    setup_games(cli)
    fixed_console(monkeypatch, width, terminal=False)
    result = cli("show", "2", "--detail")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert max(len(line) for line in lines) <= width
    text = result.stdout
    for number in ("900", "430", "950", "1,230"):
        assert number in text
    assert "Hand 2" in text and "Eve & Fay" in text


@pytest.mark.parametrize("width", [40, 80, 200])
def test_chart_on_a_terminal_fits_the_width(cli, monkeypatch, width):
    setup_games(cli)
    fixed_console(monkeypatch, width, terminal=True)
    result = cli("chart", "2")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert max(len(line) for line in lines) <= width
    text = result.stdout
    assert "Ann & Bob" in text and "Eve & Fay" in text and "target 5,000" in text
    axis = [line.split("┤")[0].strip() for line in lines if "┤" in line]
    assert "5,000" in axis and "0" in axis  # the y axis runs from 0 to the target
    assert "hand" in text


@pytest.mark.parametrize("width", [40, 80, 200])
def test_chart_without_a_terminal_is_a_table_of_running_totals(cli, monkeypatch, width):
    setup_games(cli)
    fixed_console(monkeypatch, width, terminal=False)
    result = cli("chart", "2")
    assert result.exit_code == 0
    assert max(len(line) for line in result.stdout.splitlines()) <= width
    rows = [line.split() for line in result.stdout.splitlines()]
    assert ["start", "0", "0"] in rows
    assert ["1", "900", "430"] in rows
    assert ["2", "950", "1,230"] in rows
    assert "Target: 5,000" in result.stdout


def test_csv_export_has_a_row_per_side_per_hand_that_sums_to_the_totals(cli):
    setup_games(cli)
    result = cli("export", "1", "--format", "csv")
    assert result.exit_code == 0
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    # Hand 0 carries the start scores, then hand 1.
    assert [(r["hand"], r["team"]) for r in rows] == [
        ("0", "Ann & Bob"),
        ("0", "Cat & Dan"),
        ("1", "Ann & Bob"),
        ("1", "Cat & Dan"),
    ]
    for row in rows:
        parts = sum(int(row[f]) for f in ("start_score", *BREAKDOWN_FIELDS))
        assert parts == int(row["hand_score"])
    for team, total in (("Ann & Bob", 5305), ("Cat & Dan", 3140)):
        assert sum(int(r["hand_score"]) for r in rows if r["team"] == team) == total
    assert rows[2]["minimum_points"] == "120" and rows[2]["note"] == "Bob dealt fast"
    assert rows[2]["dealer"] == "Ann"


def test_json_export_then_import_gives_an_identical_game(cli, tmp_path):
    setup_games(cli)
    path = tmp_path / "game1.json"
    assert cli("export", "1", "--format", "json", "--output", str(path)).exit_code == 0
    doc = cli.json("import", str(path))
    assert doc["game"] == 3
    assert cli.json("status")["game"] == 2  # the current game stays current
    original, copy = cli.json("show", "1"), cli.json("show", "3")
    assert copy.pop("game") == 3 and original.pop("game") == 1
    assert copy == original
    exported = json.loads(path.read_text(encoding="utf-8"))
    assert exported["record"]["rules"]["target"] == 5000


def test_import_refuses_a_malformed_or_altered_file_and_changes_nothing(cli, tmp_path, db):
    setup_games(cli)
    good = json.loads(cli("export", "2", "--format", "json").stdout)
    before = database_files(db)
    cases = {
        "truncated.json": json.dumps(good)[:200],
        "not_export.json": json.dumps({"teams": []}),
        "altered_total.json": json.dumps(
            {**good, "teams": [{**good["teams"][0], "total": 9999}, good["teams"][1]]}
        ),
        "bad_entry.json": json.dumps(
            {**good, "record": {**good["record"], "hands": [{"entries": [{"red_threes": -1}]}]}}
        ),
        "two_out.json": json.dumps(
            {
                **{k: v for k, v in good.items() if k not in ("hands", "teams")},
                "record": {
                    **good["record"],
                    "hands": [{"entries": [{"went_out": True, "canastas": {"mixed": 1}}] * 2}],
                },
            }
        ),
    }
    for name, text in cases.items():
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        result = cli("import", str(path))
        assert result.exit_code == 3, (name, result.output)
        assert result.stderr.startswith("Error:")
    assert cli("import", str(tmp_path / "missing.json")).exit_code == 3
    assert database_files(db) == before


def test_html_export_is_a_printable_sheet_with_names_escaped(cli, tmp_path):
    cli("new", "classic", "--team", "<b>Us</b>", "--team", "Them")
    cli("hand", "--yes", "meld=120 mixed=1 out", "meld=90")
    path = tmp_path / "sheet.html"
    assert cli("export", "--format", "html", "-o", str(path)).exit_code == 0
    html = path.read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>")
    assert "&lt;b&gt;Us&lt;/b&gt;" in html and "<b>Us</b>" not in html
    assert "@media print" in html
    assert ">520<" in html and ">90<" in html  # 120+300+100 and 90
    assert cli("export", "--format", "xml").exit_code == 2


def test_since_counts_days_and_weeks_back():
    from datetime import date

    from scorekeeper.cli.review import since_date as _since

    assert _since("7d", today=date(2026, 11, 29)) == date(2026, 11, 22)
    assert _since("2w", today=date(2026, 11, 29)) == date(2026, 11, 15)
    assert _since("2026-11-01") == date(2026, 11, 1)


def test_hand_json_names_the_next_dealer(cli):
    cli(
        "new",
        "classic",
        "--team",
        "Us",
        "--team",
        "Them",
        "--players",
        "Ann,Bob",
        "--players",
        "Cat,Dan",
    )
    # Seats Ann, Cat, Bob, Dan: Ann deals hand 1, Cat hand 2, Bob hand 3.
    doc = cli.json("hand", "--yes", "meld=120 mixed=1 out", "meld=90")
    assert doc["next_dealer"] == "Cat"
    doc = cli.json("hand", "--yes", "meld=120 mixed=1 out", "meld=90")
    assert doc["next_dealer"] == "Bob"
    assert cli.json("status")["next_dealer"] == "Bob"
    assert cli.json("show")["next_dealer"] == "Bob"


def test_chart_on_a_terminal_that_cannot_draw_boxes_prints_the_table(cli, monkeypatch):
    setup_games(cli)

    def factory(stderr=False):
        stream = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
        return Console(file=stream, width=80, force_terminal=True, color_system=None)

    monkeypatch.setattr(console_module, "factory", factory)
    from scorekeeper.presentation import sheet
    from scorekeeper.storage.database import open_store

    with open_store() as store:
        game = store.get(2)
    con = console_module.console()
    sheet.print_chart(con, game)
    con.file.seek(0)
    text = con.file.read()
    assert "Target: 5,000" in text and "1,230" in text


def test_a_new_game_names_every_unfinished_game(cli):
    setup_games(cli)  # game 1 won, game 2 unfinished
    result = cli("new", "classic", "--team", "X", "--team", "Y")
    assert "Unfinished: game 2;" in result.stderr
    cli("hand", "--yes", "meld=120 mixed=1 out", "meld=90")
    result = cli("new", "classic", "--team", "X", "--team", "Y", "--json")
    assert json.loads(result.stdout)["game"] == 4
    assert "Unfinished: games 3, 2;" in result.stderr
    assert [g["game"] for g in cli.json("games", "--status", "playing")["games"]] == [4, 3, 2]


@pytest.mark.parametrize("width", [40, 80, 200])
def test_games_and_stats_fit_the_width(cli, monkeypatch, width):
    setup_games(cli)
    fixed_console(monkeypatch, width, terminal=False)
    games = cli("games")
    stats = cli("stats")
    for result in (games, stats):
        assert result.exit_code == 0, result.output
        assert max(len(line) for line in result.stdout.splitlines()) <= width
    for number in ("5,305", "3,140", "950", "1,230", "Ann & Bob", "Eve & Fay"):
        assert number in games.stdout
    for number in ("1,305", "752", "615", "100%"):
        assert number in stats.stdout


def test_games_lists_the_newest_twenty_unless_asked_for_more(cli):
    for i in range(23):
        assert cli("new", "classic", "--team", f"A{i}", "--team", f"B{i}").exit_code == 0
    listed = cli("games", "--json")
    assert [g["game"] for g in json.loads(listed.stdout)["games"]] == list(range(23, 3, -1))
    assert "newest 20 games" in listed.stderr
    assert len(cli.json("games", "--all")["games"]) == 23
    assert [g["game"] for g in cli.json("games", "--limit", "2")["games"]] == [23, 22]

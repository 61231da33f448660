"""--json on every command that prints a result, and ``paths`` (issue 15, point 5)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper.cli import COMMANDS
from scorekeeper.cli import backups as backups_module

#: Commands that print no result of their own: export writes the sheet itself in the format
#: asked for, serve is a server, play is a session at the terminal (each change it makes is
#: what hand, edit, undo and redo print as JSON).
NO_RESULT = {"export", "serve", "play"}


@pytest.fixture
def game(cli):
    # RULES.md EX-07: 1,305 and 140 after hand 1
    assert cli("new", "classic", "--team", "Ann & Bob", "--team", "Cat & Dan").exit_code == 0
    assert cli("hand", "m=220 nat=1 mix=1 r=2 out h=15", "m=110 r=1 h=70").exit_code == 0


@pytest.mark.parametrize("command", sorted(set(COMMANDS) - NO_RESULT))
def test_every_command_with_a_result_offers_json(cli, command):
    assert "--json" in cli(command, "--help").stdout


@pytest.mark.parametrize(
    "command", [["variants", "show"], ["variants", "init"], ["variants", "check"]]
)
def test_every_variants_command_offers_json(cli, command):
    assert "--json" in cli(*command, "--help").stdout


def test_backups_restore_offers_json(cli):
    assert "--json" in cli("backups", "restore", "--help").stdout


def test_chart_json_gives_the_running_totals(cli, game):
    assert cli("hand", "m=90", "m=120 nat=1 out").exit_code == 0
    doc = cli.json("chart")
    assert doc["format"] == 1 and doc["game"] == 1 and doc["target"] == 5000
    assert doc["hands"] == [0, 1, 2]
    ours, theirs = doc["teams"]
    assert ours["team"] == "Ann & Bob" and ours["totals"][:2] == [0, 1305]
    assert theirs["totals"][:2] == [0, 140]
    # RULES.md §2: hand 2 scores 90 melded; 120 + natural 500 + going out 100
    assert ours["totals"][2] == 1305 + 90 and theirs["totals"][2] == 140 + 720


def test_chart_json_starts_at_the_start_scores(cli):
    args = ("--team", "A", "--team", "B", "--start-score", "300", "--start-score", "-50")
    assert cli("new", "classic", *args).exit_code == 0
    doc = cli.json("chart")
    assert doc["hands"] == [0] and [t["totals"] for t in doc["teams"]] == [[300], [-50]]


def test_delete_and_restore_json_give_the_game_status(cli, game):
    deleted = cli.json("delete", "1", "--yes")
    assert (deleted["format"], deleted["game"], deleted["status"]) == (1, 1, "deleted")
    assert [t["total"] for t in deleted["teams"]] == [1305, 140]
    restored = cli.json("restore", "1")
    assert (restored["game"], restored["status"]) == (1, "playing")


def test_variants_init_json_names_the_file(cli, isolated):
    doc = cli.json("variants", "init", "house", "--from", "samba")
    assert (doc["variant"], doc["base"]) == ("house", "samba")
    assert Path(doc["file"]) == isolated.parent / "config" / "variants" / "house.toml"
    assert Path(doc["file"]).is_file()


def test_backups_restore_json_says_what_it_restored(cli, game, monkeypatch):
    monkeypatch.setattr(backups_module, "stdin_is_terminal", lambda: False)
    listed = cli.json("backups")["backups"]
    doc = cli.json("backups", "restore", "1", "--yes")
    assert doc["backup"] == 1 and doc["taken"] == listed[0]["taken"]
    assert (doc["games"], doc["hands"]) == (listed[0]["games"], listed[0]["hands"])
    assert doc["kept"].endswith(".json")
    assert doc["kept"] in {b["file"] for b in cli.json("backups")["backups"]}


def test_json_goes_alone_to_standard_output(cli, game):
    result = cli("delete", "1", "--yes", "--json")
    json.loads(result.stdout)  # one document: the message went to standard error
    assert "deleted" in result.stderr


def test_paths_names_every_file_beside_the_database(cli, isolated):
    doc = cli.json("paths")
    db = isolated
    assert doc["format"] == 1
    assert doc["database"] == str(db)
    assert doc["games"] == f"{db}.games"
    assert doc["index"] == f"{db}.index.json"
    assert doc["statistics"] == f"{db}.stats.json"
    assert doc["backups"] == f"{db}.backups"
    assert doc["lock"] == f"{db}.lock"
    assert doc["variants"] == str(db.parent / "config" / "variants")
    assert not db.exists()  # nothing was created


def test_paths_follows_db(cli, tmp_path):
    other = tmp_path / "club" / "club.json"
    doc = cli.json("paths", "--db", str(other))
    assert doc["database"] == str(other) and doc["backups"] == f"{other}.backups"


def test_paths_prints_a_table(cli, isolated):
    out = cli("paths").stdout
    assert "database" in out and str(isolated) in out and "user variants" in out


def test_a_wrong_value_in_a_hand_file_is_shown_as_json_writes_it(cli):
    # red team: "must be a whole number, not True" spelled JSON's true as Python does
    assert cli("new", "classic", "-t", "A", "-t", "B").exit_code == 0
    result = cli("hand", "--yes", "--file", "-", input='{"teams":[{"red_threes":true},{}]}')
    assert result.exit_code == 1
    assert "must be a whole number, not true" in result.stderr
    result = cli("hand", "--yes", "--file", "-", input='{"teams":[{"went_out":"yes"},{}]}')
    assert 'must be true or false, not "yes"' in result.stderr

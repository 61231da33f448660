"""A run of the console script ends without interpreter finalization (``scorekeeper.__main__``):
nothing it wrote or printed may be lost by that, and its exit status is the command's."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from conftest import PARTNERSHIPS, game_doc
from test_installed_script import script

#: A long game: 120 hands in which one side melds 50 and holds 30 in hand (20 a hand), the
#: other melds 60 and holds 25 (35 a hand): RULES.md, classic, base scoring. Neither reaches
#: the target of 5,000 (2,400 and 4,200).
HANDS = 120
HAND = {"teams": [{"meld_points": 50, "hand_points": 30}, {"meld_points": 60, "hand_points": 25}]}


def run(*args: str, env: dict[str, str], input: str | None = None) -> subprocess.CompletedProcess:
    exe = script()
    assert exe, "the scorekeeper console script is not installed"
    return subprocess.run(
        [exe, *args], capture_output=True, text=True, env=env, input=input, timeout=60
    )


def script_env(db) -> dict[str, str]:
    return {**os.environ, "SCOREKEEPER_DB": str(db), "NO_COLOR": "1"}


def long_game(cli) -> None:
    """The long game, recorded in-process (the runner's way is the quick one)."""
    assert cli("new", "classic", *PARTNERSHIPS).exit_code == 0
    for _ in range(HANDS):
        assert cli("hand", "--file", "-", "--yes", input=json.dumps(HAND)).exit_code == 0


def test_every_hand_the_script_reports_is_stored(db):
    env = script_env(db)
    assert run("new", "classic", *PARTNERSHIPS, env=env).returncode == 0
    for number in range(1, 4):
        done = run("hand", "--file", "-", "--yes", "--json", env=env, input=json.dumps(HAND))
        assert done.returncode == 0, done.stderr
        assert json.loads(done.stdout)["hand"] == number
        assert len(game_doc(db)["hands"]) == number


def test_output_larger_than_a_pipe_arrives_whole(cli, db):
    long_game(cli)
    shown = run("show", "--json", env=script_env(db))
    assert shown.returncode == 0, shown.stderr
    assert len(shown.stdout) > 65536  # more than a pipe holds: flushed as the process ends
    totals = [side["total"] for side in json.loads(shown.stdout)["hands"][-1]["teams"]]
    assert totals == [20 * HANDS, 35 * HANDS]


def test_an_exported_file_is_complete(cli, db, tmp_path):
    long_game(cli)
    out = tmp_path / "game.json"
    assert run("export", "-o", str(out), env=script_env(db)).returncode == 0
    assert len(json.loads(out.read_text(encoding="utf-8"))["hands"]) == HANDS


def test_the_exit_status_and_the_error_line_survive(db):
    env = script_env(db)
    refused = run("status", env=env)
    assert (refused.returncode, refused.stderr.startswith("Error: no current game")) == (1, True)
    usage = run("new", env=env)
    assert usage.returncode == 2 and usage.stderr.strip()


def test_python_dash_m_ends_the_same_way(db):
    cmd = [sys.executable, "-m", "scorekeeper", "new", "classic", *PARTNERSHIPS]
    done = subprocess.run(cmd, capture_output=True, text=True, env=script_env(db), timeout=60)
    assert done.returncode == 0 and "Ann & Bob" in done.stdout
    assert game_doc(db)["hands"] == []

"""Hand-worked cases of the readings players use, run through the installed ``scorekeeper``
console script as a player would type them (RULES.md §2, §4, §14; K20)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest


def script() -> str | None:
    """The installed console script: beside this Python, or on PATH."""
    beside = os.path.join(os.path.dirname(sys.executable), "scorekeeper")
    return beside if os.access(beside, os.X_OK) else shutil.which("scorekeeper")


def run(*args, env):
    exe = script()
    cmd = [exe, *args] if exe else [sys.executable, "-m", "scorekeeper", *args]
    return subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=60)


@pytest.fixture
def env(db):
    return {**os.environ, "SCOREKEEPER_DB": str(db), "NO_COLOR": "1"}


def play(env, *args):
    r = run(*args, env=env)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout) if "--json" in args else r.stdout


def test_classic_readings_through_the_console_script(env):
    assert script(), "the scorekeeper console script is not installed"
    sides = ("--team", "A", "--team", "B", "--start-score", "4000", "--start-score", "4700")
    settings = ("--set", "concealed_plus_200=true", "--set", "red_threes_flat=true")
    play(env, "new", "classic", *sides, *settings, "--set", "tie=went_out")
    # A: 100 melded + 500 natural canasta + 400 (four red threes, flat) + 300 concealed = 1,300.
    # B: 600 melded. Both 5,300: A went out, A wins.
    doc = play(env, "hand", "--yes", "--json", "m=100 nat=1 concealed r=4", "m=600")
    assert [t["hand_score"] for t in doc["teams"]] == [1300, 600]
    status = play(env, "status", "--json")
    assert [t["total"] for t in status["teams"]] == [5300, 5300]
    assert (status["winner"], status["draw"], status["status"]) == ("A", False, "won")


def test_samba_readings_through_the_console_script(env):
    assert script(), "the scorekeeper console script is not installed"
    sides = ("--team", "A", "--team", "B", "--start-score", "9400", "--start-score", "9200")
    play(env, "new", "samba", *sides, "--set", "red_threes_minus_100_each=true")
    # A: 200 + 500 - 600 (six red threes short of two canastas) = 100 -> 9,500.
    # B: 400 + 800 + 200 out = 1,400 -> 10,600.
    doc = play(env, "hand", "--yes", "--json", "m=200 nat=1 r=6", "m=400 nat=1 mix=1 out")
    assert doc["teams"][0]["red_three_bonus"] == -600
    assert doc["winner"] == "B"
    sides = ("--team", "A", "--team", "B", "--start-score", "9000", "--start-score", "9600")
    play(env, "new", "samba", *sides)
    out = play(env, "hand", "--yes", "m=500 nat=1 mix=1 out", "m=900")
    assert "Draw at 10,500" in out
    status = play(env, "status", "--json")
    assert (status["winner"], status["draw"], status["status"]) == (None, True, "draw")


def test_hand_and_foot_readings_through_the_console_script(env):
    assert script(), "the scorekeeper console script is not installed"
    settings = ("--set", "contract=4_3", "--set", "books_past_seven=clean")
    play(env, "new", "hand-and-foot", "--team", "A", "--team", "B", *settings)
    r = run("hand", "--yes", "m=600 nat=3 mix=3 out", "m=50", env=env)
    assert r.returncode == 1 and "needs 4 clean books (has 3)" in r.stderr
    r = run("hand", "--yes", "m=KKKKKKKK2", "-", env=env)
    assert r.returncode == 1 and "holds at most 7 cards" in r.stderr
    doc = play(env, "hand", "--yes", "--json", "m=KKKKKKKKK", "-")
    assert (doc["teams"][0]["meld_points"], doc["teams"][0]["canasta_bonus"]) == (90, 500)

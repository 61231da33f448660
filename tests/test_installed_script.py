"""The installed ``scorekeeper`` console script, run as a real subprocess."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest


def script() -> str | None:
    """The installed console script: beside this Python (a venv not on PATH, as in CI), or on
    PATH."""
    beside = os.path.join(os.path.dirname(sys.executable), "scorekeeper")
    return beside if os.access(beside, os.X_OK) else shutil.which("scorekeeper")


def run(*args, env, input=None):
    exe = script()
    cmd = [exe, *args] if exe else [sys.executable, "-m", "scorekeeper", *args]
    return subprocess.run(cmd, capture_output=True, text=True, env=env, input=input, timeout=60)


@pytest.fixture
def env(db):
    return {**os.environ, "SCOREKEEPER_DB": str(db), "NO_COLOR": "1"}


def test_console_script_records_a_game(env, db):
    assert script(), "the scorekeeper console script is not installed"
    r = run("new", "classic", "--team", "Ann & Bob", "--team", "Cat & Dan", env=env)
    assert r.returncode == 0, r.stderr
    hand = {
        "teams": [
            {
                "meld_points": 220,
                "canastas": {"natural": 1, "mixed": 1},
                "red_threes": 2,
                "went_out": True,
                "hand_points": 15,
            },
            {"meld_points": 110, "red_threes": 1, "hand_points": 70},
        ]
    }
    r = run("hand", "--file", "-", "--json", env=env, input=json.dumps(hand))
    assert r.returncode == 0, r.stderr
    doc = json.loads(r.stdout)
    assert [t["hand_score"] for t in doc["teams"]] == [1305, 140]  # RULES.md EX-07
    r = run("status", env=env)
    assert r.returncode == 0 and "1,305" in r.stdout and "\x1b[" not in r.stdout


def test_python_dash_m_and_a_refusal_exit_code(env, db):
    r = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "status"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert r.returncode == 1
    assert r.stderr.startswith("Error: no current game")
    assert "Traceback" not in r.stderr


def test_usage_error_exits_2(env):
    r = run("new", env=env)
    assert r.returncode == 2

"""Answers piped to the guided questions, through the installed console script (README,
"play": with standard input not a terminal, each prompt is echoed with its answer on standard
error), and the end of the input before the last answer: said as such, not as a Ctrl-C."""

from __future__ import annotations

import json
import os

import pytest

from tests.conftest import database_files
from tests.test_installed_script import run


@pytest.fixture
def env(db):
    return {**os.environ, "SCOREKEEPER_DB": str(db), "NO_COLOR": "1"}


def started(env) -> None:
    r = run("new", "classic", "--team", "Ann", "--team", "Bob", env=env)
    assert r.returncode == 0, r.stderr


def test_each_piped_answer_follows_its_question_on_standard_error(env):
    started(env)
    # Ann went out (side 1), not concealed; Ann 120 with 1 natural canasta, Bob 90 less 10 in
    # hand: Ann 120 + 500 + 100 = 720, Bob 90 - 10 = 80 (RULES.md §2 going out, canastas)
    answers = "1\nn\n120\n1\n0\n0\n0\n0\n90\n0\n0\n0\n10\n0\n"
    r = run("hand", "--guided", "--yes", "--json", input=answers, env=env)
    assert r.returncode == 0, r.stderr
    lines = r.stderr.splitlines()
    assert any(line.startswith("Which side went out?") and line.endswith(": 1") for line in lines)
    assert any(line.startswith("Concealed") and line.endswith(": n") for line in lines)
    assert any(
        line.strip().startswith("Melded card points") and line.endswith(": 120") for line in lines
    )
    assert any(
        line.strip().startswith("Melded card points") and line.endswith(": 90") for line in lines
    )
    # one question a line: no question runs into the next
    assert not any(line.count("[0]:") > 1 for line in lines)
    # standard output holds the JSON document alone
    doc = json.loads(r.stdout)
    assert [t["hand_score"] for t in doc["teams"]] == [720, 80]


def test_the_input_ending_before_the_last_answer_is_said_and_changes_nothing(env, db):
    started(env)
    before = database_files(db)
    r = run("hand", "--guided", input="1\nn\n120\n", env=env)
    assert r.returncode == 1, r.stderr
    said = "Error: the input ended before every question was answered; nothing was changed"
    assert r.stderr.splitlines()[-1] == said
    assert "Interrupted" not in r.stderr and "Traceback" not in r.stderr
    assert r.stdout == ""
    assert database_files(db) == before

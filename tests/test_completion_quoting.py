"""Completion inserts what the shell can read back, and offers what each command takes
(issue 15, point 2): bash puts an answer into the line as it is, so a side name with "&" or
an apostrophe comes quoted; ``restore`` completes the deleted games, the only ones it takes."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys

import pytest

from scorekeeper import shell_completion


@pytest.fixture
def games(cli):
    """Game 1 of "Ann & Bob" and "O'Brien" (current); games 2 and 3, game 2 deleted."""
    assert cli("new", "classic", "--team", "Ann & Bob", "--team", "O'Brien").exit_code == 0
    assert cli("new", "classic", "--team", "Eve", "--team", "Fay").exit_code == 0
    assert cli("new", "classic", "--team", "Hal", "--team", "Ivy").exit_code == 0
    assert cli("delete", "2", "--yes").exit_code == 0
    assert cli("resume", "1").exit_code == 0


def bash_answer(db, tmp_path, line: str) -> list[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("_SCOREKEEPER", "COMP_"))}
    env.update(
        SCOREKEEPER_DB=str(db),
        SCOREKEEPER_CONFIG=str(tmp_path / "config"),
        _SCOREKEEPER_COMPLETE="complete_bash",
        COMP_WORDS=line,
        COMP_CWORD=str(len(line.split(" ")) - 1),
    )
    done = subprocess.run(
        [sys.executable, "-m", "scorekeeper"], capture_output=True, text=True, env=env, timeout=60
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def test_bash_gets_side_names_quoted_as_the_shell_reads_them(games, db, tmp_path):
    answers = bash_answer(db, tmp_path, "scorekeeper edit 1 --side ")
    assert [shlex.split(a) for a in answers] == [["Ann & Bob"], ["O'Brien"]]
    assert all(a != "Ann & Bob" for a in answers)  # never bare: "&" would end the command


def test_plain_words_stay_as_they_are(games, db, tmp_path):
    assert bash_answer(db, tmp_path, "scorekeeper resu") == ["resume"]
    assert bash_answer(db, tmp_path, "scorekeeper resume ") == ["3", "1"]


def test_restore_completes_the_deleted_games(games, db):
    assert shell_completion.completions(["restore"], "") == [("2", "Eve / Fay")]
    assert [v for v, _ in shell_completion.completions(["resume"], "")] == ["3", "1"]


def test_restore_completes_nothing_when_no_game_is_deleted(cli):
    assert cli("new", "classic", "--team", "A", "--team", "B").exit_code == 0
    assert shell_completion.completions(["restore"], "") == []

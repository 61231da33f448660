"""Colour as the command-line world expects it (issue 15, point 6): ``FORCE_COLOR`` honoured
(force-color.org), no escape codes at all under ``NO_COLOR`` (no-color.org), help included,
and a destructive question that defaults to no."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from test_terminal import on_terminal

from scorekeeper.cli import edit as edit_module

ESCAPE = b"\x1b["


@pytest.fixture
def env(db):
    clean = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    clean.update({"SCOREKEEPER_DB": str(db), "TERM": "xterm-256color", "PYTHONIOENCODING": ""})
    return clean


@pytest.fixture
def game(cli):
    assert cli("new", "classic", "--team", "Ann & Bob", "--team", "Cat & Dan").exit_code == 0
    assert cli("hand", "m=220 nat=1 mix=1 r=2 out h=15", "m=110 r=1 h=70").exit_code == 0


def piped(args, env):
    cmd = [sys.executable, "-m", "scorekeeper", *args]
    return subprocess.run(cmd, capture_output=True, env=env, timeout=60)


@pytest.mark.parametrize("value", ["1", "true", "3"])
def test_force_colour_styles_a_pipe(env, game, value):
    result = piped(["status"], {**env, "FORCE_COLOR": value})
    assert result.returncode == 0
    assert ESCAPE in result.stdout and b"1,305" in result.stdout


@pytest.mark.parametrize("value", ["", "0"])
def test_force_colour_empty_or_zero_forces_nothing(env, game, value):
    result = piped(["status"], {**env, "FORCE_COLOR": value})
    assert ESCAPE not in result.stdout and b"1,305" in result.stdout


def test_force_colour_styles_a_dumb_terminal(env, game):
    code, screen = on_terminal(["status"], {**env, "TERM": "dumb", "FORCE_COLOR": "1"})
    assert code == 0 and "\x1b[" in screen


def test_no_colour_wins_over_force_colour(env, game):
    both = {**env, "NO_COLOR": "1", "FORCE_COLOR": "1"}
    assert ESCAPE not in piped(["status"], both).stdout
    code, screen = on_terminal(["status"], both)
    assert code == 0 and "\x1b" not in screen and "1,305" in screen


@pytest.mark.parametrize(
    "args", [["--help"], ["hand", "--help"], ["games", "--help"], ["variants", "--help"]]
)
def test_help_under_no_colour_has_no_escape_codes(env, args):
    code, screen = on_terminal(args, {**env, "NO_COLOR": "1"})
    assert code == 0 and "Usage" in screen
    assert "\x1b" not in screen


def test_an_error_under_no_colour_has_no_escape_codes(env):
    result = piped(["games", "--status", "nope"], {**env, "NO_COLOR": "1", "FORCE_COLOR": "1"})
    assert result.returncode != 0 and b"Error:" in result.stderr
    assert b"\x1b" not in result.stderr + result.stdout


def test_delete_defaults_to_no(cli, game, monkeypatch):
    monkeypatch.setattr(edit_module, "stdin_is_terminal", lambda: True)
    result = cli("delete", "1", input="\n")
    assert result.exit_code == 0
    assert "[y/N]" in result.output
    assert "Nothing changed." in result.output
    listed = cli.json("games")
    assert [g["status"] for g in listed["games"]] == ["playing"]


def test_delete_says_yes_when_asked_yes(cli, game, monkeypatch):
    monkeypatch.setattr(edit_module, "stdin_is_terminal", lambda: True)
    result = cli("delete", "1", input="y\n")
    assert result.exit_code == 0
    assert cli.json("games", "--status", "deleted")["games"][0]["game"] == 1

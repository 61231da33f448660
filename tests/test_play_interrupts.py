"""A Ctrl-C in ``play`` once a confirmed hand is being stored, and until the next prompt, ends
the session saying the hand is recorded, exit 130, wherever between the two it lands; one at
the prompt ends it saying every recorded hand is kept, exit 130 too (README, "play" and "Exit
codes"). Before, the same stored hand gave 130 or 0 by a few milliseconds.

The hands are RULES.md's worked example 7 (Ann & Bob 1,305, Cat & Dan 140), piped in.
"""

from __future__ import annotations

import os
import signal
from pathlib import Path
from typing import Any

import pytest
from conftest import PARTNERSHIPS

from scorekeeper import progress
from scorekeeper.cli import session

EX07 = "m=220 nat=1 mix=1 r=2 out h=15\nm=110 r=1 h=70\n"
STORED = "Interrupted after the hand was stored: hand 1 of game 1 is recorded."
ENDED = "Session ended; every recorded hand is kept."


def hands_played(cli: Any) -> int:
    return cli.json("status")["hands_played"]


def test_a_ctrl_c_while_the_hand_is_written_waits_for_it_and_ends_the_session(cli, monkeypatch):
    cli("new", "classic", *PARTNERSHIPS)
    sent: list[tuple[str, Path]] = []

    def ctrl_c(kind: str, path: Path) -> None:  # the first file change of the hand's write
        if not sent:
            sent.append((kind, path))
            os.kill(os.getpid(), signal.SIGINT)

    monkeypatch.setattr(progress, "before_file_change", ctrl_c)
    result = cli("play", input=EX07 + "quit\n")
    monkeypatch.setattr(progress, "before_file_change", None)
    assert sent, "the hand's write changed no file"
    assert result.exit_code == 130
    assert result.stderr.strip().splitlines()[-1] == STORED
    assert [t["total"] for t in cli.json("status")["teams"]] == [1305, 140]


def test_a_ctrl_c_after_the_commit_point_ends_the_session_saying_the_hand_is_kept(cli, monkeypatch):
    cli("new", "classic", *PARTNERSHIPS)
    sent: list[str] = []

    def ctrl_c(kind: str, path: Path) -> None:  # a file change after the rename that stores
        if progress.stored() is not None and not sent:
            sent.append(kind)
            os.kill(os.getpid(), signal.SIGINT)

    monkeypatch.setattr(progress, "before_file_change", ctrl_c)
    result = cli("play", input=EX07 + "quit\n")
    monkeypatch.setattr(progress, "before_file_change", None)
    if not sent:
        pytest.skip("no file changes after the hand's commit point")
    assert result.exit_code == 130
    assert result.stderr.strip().splitlines()[-1] == STORED
    assert hands_played(cli) == 1


@pytest.mark.parametrize("where", ["show_hand", "read_in_background"])
def test_a_ctrl_c_while_the_hand_is_shown_or_the_next_prompt_comes_says_it_is_kept(
    cli, monkeypatch, where
):
    cli("new", "classic", *PARTNERSHIPS)
    real = getattr(session.Session, where)
    calls: list[int] = []

    def interrupted(self: session.Session, *args: Any) -> None:
        calls.append(1)
        if where == "show_hand" or len(calls) == 2:  # the first prompt's read is before it
            raise KeyboardInterrupt
        real(self, *args)

    monkeypatch.setattr(session.Session, where, interrupted)
    result = cli("play", input=EX07 + "quit\n")
    assert result.exit_code == 130
    assert result.stderr.strip().splitlines()[-1] == STORED
    assert "dropped" not in result.stderr
    assert hands_played(cli) == 1


def test_a_ctrl_c_at_the_next_prompt_ends_the_session_and_keeps_the_hand(cli, monkeypatch):
    cli("new", "classic", *PARTNERSHIPS)
    real = session.LineReader.read
    prompts: list[str] = []

    def read(self: session.LineReader, prompt: str, *args: Any, **kwargs: Any) -> str:
        prompts.append(prompt)
        if len(prompts) == 3:  # hand 2's first prompt
            raise KeyboardInterrupt
        return real(self, prompt, *args, **kwargs)

    monkeypatch.setattr(session.LineReader, "read", read)
    result = cli("play", input=EX07 + "quit\n")
    assert result.exit_code == 130
    assert result.stderr.strip().splitlines()[-1] == ENDED
    assert "Interrupted after" not in result.stderr
    assert hands_played(cli) == 1


@pytest.mark.parametrize("word", ["undo", "redo"])
def test_a_game_deleted_meanwhile_is_said_and_the_session_goes_on(cli, db, monkeypatch, word):
    """Red team round 11: ``undo`` or ``redo`` after another terminal deleted the game ended
    the session with exit 1 and no closing line; now one error more, then the prompt again."""
    from scorekeeper.application import usecases

    cli("new", "classic", *PARTNERSHIPS)
    real = getattr(usecases, word)

    def deleted_meanwhile(*args: Any, **kwargs: Any) -> Any:
        usecases.delete_game(db, 1)  # another terminal, just before this change
        return real(*args, **kwargs)

    monkeypatch.setattr(usecases, word, deleted_meanwhile)
    result = cli("play", input=EX07 + f"{word}\npoints K\nquit\n")
    assert result.exit_code == 0, result.output
    assert "game 1 is deleted" in result.stderr
    assert "points K" in result.stderr  # the lines after it were read and answered
    assert result.stderr.strip().splitlines()[-1].endswith("quit")

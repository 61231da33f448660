"""A change made with what a command read before asking is refused, one way for every change,
when the game changed meanwhile (DESIGN.md, "Storage and safety": a second terminal never
mixes two changes): the same one-line message, and nothing stored changes (issue 11, "The
write step of a command that changes a game exists in three versions")."""

from __future__ import annotations

import subprocess
import sys

import pytest
import typer
from conftest import database_files, new_game

from scorekeeper.application import queries, usecases
from scorekeeper.cli import edit as edit_module
from scorekeeper.cli import play as play_module
from scorekeeper.errors import InputError

MESSAGE = "the game changed meanwhile (another terminal); try again"

# Two hands of classic (RULES.md §2): Ann & Bob 100 + 500 (natural canasta) + 100 (out) = 700.
HANDS = (("m=100 nat=1 out", "m=50"), ("m=60 h=20", "m=200 mix=1 r=2 out"))
# Another terminal re-enters hand 1: the game keeps its number of hands but is not the same.
OTHER_CHANGE = ("edit", "1", "m=70 h=5", "m=150 nat=1 out")


@pytest.fixture
def played(cli, db):
    new_game(cli)
    for entries in HANDS:
        assert cli("hand", *entries).exit_code == 0
    return db


def stale_hand(db, seen):
    return usecases.record_hand(
        db, usecases.HandInput(seen.stored.game.hands[0].entries), seen=seen
    )


def stale_edit(db, seen):
    return usecases.edit_hand(db, 2, seen.stored.game.hands[0], seen=seen)


def stale_undo(db, seen):
    return usecases.undo(db, seen=seen)


def stale_redo(db, seen):
    return usecases.redo(db, seen=seen)


def stale_delete(db, seen):
    return usecases.delete_game(db, seen.stored.id, seen=seen)


CHANGES = {
    "record_hand": stale_hand,
    "edit_hand": stale_edit,
    "undo": stale_undo,
    "redo": stale_redo,
    "delete_game": stale_delete,
}


def read_before(cli, db, name):
    if name == "redo":
        assert cli("undo").exit_code == 0  # a hand to put back
    return queries.game_to_change(db, deleted_ok=name == "delete_game")


@pytest.mark.parametrize("name", list(CHANGES))
def test_a_stale_change_is_refused_and_nothing_changes(cli, played, name):
    seen = read_before(cli, played, name)
    assert cli(*OTHER_CHANGE).exit_code == 0
    before = database_files(played)
    with pytest.raises(InputError) as refusal:
        CHANGES[name](played, seen)
    assert refusal.value.message == MESSAGE
    assert database_files(played) == before


@pytest.mark.parametrize("name", list(CHANGES))
def test_the_same_change_goes_ahead_when_the_game_did_not_change(cli, played, name):
    seen = read_before(cli, played, name)
    before = database_files(played)
    CHANGES[name](played, seen)
    assert database_files(played) != before


def test_a_game_deleted_meanwhile_is_a_game_that_changed(cli, played):
    seen = queries.game_to_change(played)
    assert cli("delete", "1", "--yes").exit_code == 0
    with pytest.raises(InputError) as refusal:
        stale_undo(played, seen)
    assert refusal.value.message == MESSAGE


def other_terminal(*args):
    """Run a scorekeeper command in another process, on the same database (SCOREKEEPER_DB)."""
    done = subprocess.run(
        [sys.executable, "-m", "scorekeeper", *args], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr


def answer_after(monkeypatch, db, *args):
    """Answer "yes" to the question, after another terminal ran ``args``; returns the database's
    files as that left them."""
    left = {}

    def answer(*_args, **_kwargs):  # the question's prompt, answered "y"
        other_terminal(*args)
        left.update(database_files(db))
        return "y"

    monkeypatch.setattr(typer, "prompt", answer)
    return left


def test_a_hand_asked_on_a_terminal_is_refused_when_another_terminal_edited_the_game(
    cli, played, monkeypatch
):
    monkeypatch.setattr(play_module, "stdin_is_terminal", lambda: True)
    left = answer_after(monkeypatch, played, *OTHER_CHANGE)
    result = cli("hand", "m=90 h=10", "m=120 nat=1 out")
    assert result.exit_code == 1
    assert result.stderr.strip() == f"Error: {MESSAGE}"
    assert database_files(played) == left  # the other terminal's edit, and no third hand
    assert len(queries.game(played).game.hands) == 2


def test_a_delete_asked_on_a_terminal_is_refused_when_another_terminal_added_a_hand(
    cli, db, monkeypatch
):
    new_game(cli)
    monkeypatch.setattr(edit_module, "stdin_is_terminal", lambda: True)
    left = answer_after(monkeypatch, db, "hand", "--yes", "m=100 nat=1 out", "m=50")
    result = cli("delete", "1")
    assert result.exit_code == 1
    assert result.stderr.strip() == f"Error: {MESSAGE}"
    assert database_files(db) == left
    assert not queries.game(db, 1).deleted

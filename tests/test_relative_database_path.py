"""A database named by a relative path (``--db club.json``, ``SCOREKEEPER_DB=club.json``) is
kept in the current folder like any other: starting a game writes its files (a change of
several files goes through the journal, whose entries are named relative to the database's
folder), and the game is there afterwards."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("name", ["club.json", "sub/club.json"])
def test_a_game_is_kept_in_a_database_named_relative_to_the_current_folder(
    cli, tmp_path, monkeypatch, name
):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "sub").mkdir()
    started = cli("new", "classic", "--team", "Ann & Bob", "--team", "Cat & Dan", "--db", name)
    assert started.exit_code == 0, started.output
    hand = cli("hand", "--yes", "m=120 nat=1 out", "m=90", "--db", name)
    assert hand.exit_code == 0, hand.output
    status = cli.json("status", "--db", name)
    assert [side["team"] for side in status["teams"]] == ["Ann & Bob", "Cat & Dan"]
    assert status["hands_played"] == 1
    assert (tmp_path / name).is_file()
    assert list((tmp_path / name).parent.glob("*.tmp")) == []  # no temporary file left

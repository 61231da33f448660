"""The index read only as a plain file, one bounded line at a time, and the first page when the
database file's next id is behind the games folder (issue 18: the index as a pipe hung `games
--all`; a 400 MB line took 850 MB; a next id edited to 1 made `games` say "No games match."
while `games --all` listed two)."""

from __future__ import annotations

import json
import os

import pytest

from scorekeeper.storage import index


def two_games(cli) -> None:
    for other in ("Bob", "Cat"):
        assert cli("new", "classic", "--team", "Ann", "--team", other).exit_code == 0
        assert cli("hand", "--yes", "m=100 nat=1 out", "m=50").exit_code == 0


def listed(cli, *args) -> list[int]:
    return [g["game"] for g in cli.json("games", *args)["games"]]


@pytest.mark.parametrize("kind", ["pipe", "zeros", "folder"])
def test_an_index_that_is_no_plain_file_is_rebuilt_from_the_game_files(cli, db, kind):
    two_games(cli)
    file = db.with_name(db.name + ".index.json")
    file.unlink(missing_ok=True)
    if kind == "pipe":
        os.mkfifo(file)
    elif kind == "zeros":
        file.symlink_to("/dev/zero")
    else:
        file.mkdir()
    assert listed(cli, "--all") == [2, 1]
    assert listed(cli, "--player", "cat") == [2]


def test_a_line_longer_than_any_summary_is_damage_and_never_read_whole(cli, db, monkeypatch):
    monkeypatch.setattr(index, "_LINE_LIMIT", 4096)  # the same bound, small for the test
    two_games(cli)
    assert listed(cli, "--all") == [2, 1]  # a whole pass writes the index
    file = db.with_name(db.name + ".index.json")
    header = file.read_bytes().split(b"\n", 1)[0]
    file.write_bytes(header + b'\n["' + b"x" * 100_000 + b"\n")
    assert listed(cli, "--all") == [2, 1]
    assert cli.json("stats")["teams"][0]["games"] == 2


def test_a_next_id_behind_the_games_folder_still_lists_the_newest_games(cli, db):
    two_games(cli)
    data = json.loads(db.read_bytes())
    data["meta"]["1"]["next_id"] = 1
    db.write_text(json.dumps(data), encoding="utf-8")
    assert listed(cli) == [2, 1]
    assert listed(cli, "--all") == [2, 1]

"""A journal names only the canonical files of its database (issue 18, red team, point 6): a
game file is ``<id>.json`` with the id from 1 to 1,000,000,000 written without a leading zero,
and each temporary file it puts in place is one the change writes for that very file. A journal
naming ``games/02.json``, ``games/0.json``, a cache's or the journal's own temporary file is
damaged: refused untouched (exit 3), nothing renamed or removed. No listing of the games folder
takes a file of such a name for a game either."""

from __future__ import annotations

import json

import pytest

from scorekeeper.storage import files
from scorekeeper.storage.database import game_file, games_folder
from tests.test_journal_removals import journal_of, two_games


def game_tmp(db, game_id: int) -> str:
    return f".{db.name}~game-{game_id}-abcd1234.tmp"


def holding_backup(db, content: bytes, kind: str = "restore") -> str:
    """A backup (as the journal names it) of ``content``: the bytes of a file a change
    replaces, kept aside as a restore keeps them, so only the journal's names are wrong."""
    folder = db.with_name(db.name + ".backups")
    folder.mkdir(exist_ok=True)
    backup = folder / f"20260101T000000.000000Z-{kind}.json"
    backup.write_bytes(content)
    return f"{folder.name}/{backup.name}"


def game_two_backup(db) -> str:
    """A backup holding game 2 as it is, beside the ``meta`` document."""
    meta = json.loads(db.read_bytes())["meta"]
    games = json.loads(game_file(db, 2).read_bytes())["games"]
    return holding_backup(db, json.dumps({"meta": meta, "games": games}).encode())


def refused_untouched(cli, db, text: str) -> None:
    before = {p.name: p.read_bytes() for p in (db.parent.iterdir()) if p.is_file()}
    games = {p.name: p.read_bytes() for p in games_folder(db).iterdir()}
    for command in (("games",), ("status",)):
        result = cli(*command)
        assert result.exit_code == 3, (command, result.output)
        assert "journal" in result.stderr and "Traceback" not in result.output
    assert journal_of(db).read_text(encoding="utf-8") == text
    assert {p.name: p.read_bytes() for p in db.parent.iterdir() if p.is_file()} == before
    assert {p.name: p.read_bytes() for p in games_folder(db).iterdir()} == games


@pytest.mark.parametrize("name", ["02.json", "0.json", "00.json", "1000000001.json"])
def test_a_journal_renaming_onto_a_non_canonical_game_name_is_damaged(cli, db, name):
    two_games(cli)
    tmp = game_tmp(db, int(name.split(".")[0]))
    (db.parent / tmp).write_bytes(game_file(db, 2).read_bytes())
    listed = {"renames": [[tmp, f"{db.name}.games/{name}"]], "removals": [], "kept": []}
    text = json.dumps(listed)
    journal_of(db).write_text(text, encoding="utf-8")
    refused_untouched(cli, db, text)
    assert not (games_folder(db) / name).exists()


@pytest.mark.parametrize("name", ["02.json", "0.json"])
def test_a_journal_removing_a_non_canonical_game_name_is_damaged(cli, db, name):
    two_games(cli)
    stray = games_folder(db) / name
    stray.write_bytes(b"kept by the user")
    kept = holding_backup(db, b"kept by the user", "damaged")
    listed = {"renames": [], "removals": [f"{db.name}.games/{name}"], "kept": [kept]}
    text = json.dumps(listed)
    journal_of(db).write_text(text, encoding="utf-8")
    refused_untouched(cli, db, text)
    assert stray.read_bytes() == b"kept by the user"


@pytest.mark.parametrize(
    "tmp",
    [
        ".{db}.index.json~abcd1234.tmp",  # a cache's temporary file
        ".{db}.journal~abcd1234.tmp",  # the journal's own
        ".{db}~game-1-abcd1234.tmp",  # game 1's, put over game 2
        ".{db}~abcd1234.tmp",  # the database file's, put over a game file
    ],
)
def test_a_journal_putting_another_files_temporary_file_over_a_game_is_damaged(cli, db, tmp):
    two_games(cli)
    tmp = tmp.format(db=db.name)
    (db.parent / tmp).write_bytes(game_file(db, 2).read_bytes())
    kept = game_two_backup(db)
    listed = {"renames": [[tmp, f"{db.name}.games/2.json"]], "removals": [], "kept": [kept]}
    text = json.dumps(listed)
    journal_of(db).write_text(text, encoding="utf-8")
    refused_untouched(cli, db, text)


def test_a_journal_putting_a_game_files_temporary_file_over_the_database_is_damaged(cli, db):
    two_games(cli)
    tmp = game_tmp(db, 2)
    (db.parent / tmp).write_bytes(db.read_bytes())
    listed = {"renames": [[tmp, db.name]], "removals": [], "kept": []}
    text = json.dumps(listed)
    journal_of(db).write_text(text, encoding="utf-8")
    refused_untouched(cli, db, text)


@pytest.mark.parametrize("name", ["02.json", "0.json", "002.json", "1000000001.json", "٢.json"])
def test_a_file_of_a_non_canonical_name_is_no_game(cli, db, name):
    two_games(cli)
    (games_folder(db) / name).write_bytes(game_file(db, 2).read_bytes())
    assert sorted(files.game_ids(db)) == [1, 2]
    listed = cli.json("games", "--all")
    assert sorted(g["game"] for g in listed["games"]) == [1, 2]


@pytest.mark.parametrize(
    ("name", "game_id"),
    [("1.json", 1), ("2.json", 2), ("1000000000.json", 10**9), ("02.json", None), ("0.json", None)],
)
def test_game_file_id_reads_only_canonical_names(name, game_id):
    assert files.game_file_id(name) == game_id

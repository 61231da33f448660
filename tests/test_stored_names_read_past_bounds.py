"""A stored game whose side or player name holds what a typed name may not (changed by hand,
or kept from an older version: an escape, a line break) is still read, its names shown
escaped, and can be deleted (README, the bounds paragraph; red team round 15: every command,
``delete`` included, refused the whole database); a new game and every game coming in are
still held to the bounds. A hand its own rules refuse makes a damaged game file: the error
says what to do."""

from __future__ import annotations

import json

import pytest
from conftest import database_files, new_game

from scorekeeper.storage.database import game_file


def edit_game(db, game_id, change):
    path = game_file(db, game_id)
    doc = json.loads(path.read_text(encoding="utf-8"))
    change(doc["games"][str(game_id)])
    path.write_text(json.dumps(doc), encoding="utf-8")


@pytest.mark.parametrize(
    ("where", "char"), [("side", "\x1b[31m"), ("side", "\n"), ("player", "\x07")]
)
def test_a_stored_name_with_a_control_character_is_read_and_can_be_deleted(cli, db, where, char):
    assert (
        cli(
            "new", "classic", "--team", "Ann", "--team", "Bob", "--players", "P1", "--players", "P2"
        ).exit_code
        == 0
    )
    assert cli("hand", "--yes", "m=100", "m=50").exit_code == 0
    new_game(cli)

    def damage(game):
        side = game["sides"][0]
        if where == "side":
            side["name"] += char
        else:
            side["players"][0] += char

    edit_game(db, 1, damage)
    listed = cli("games", "--all")
    assert listed.exit_code == 0, listed.output
    assert "\x1b" not in listed.stdout and "\x07" not in listed.stdout
    shown = cli("show", "1")
    assert shown.exit_code == 0, shown.output
    assert "\x1b" not in shown.stdout and "\x07" not in shown.stdout
    assert cli("stats").exit_code == 0
    # a rematch would copy the name into a new game: refused, nothing stored
    before = database_files(db)
    assert cli("rematch", "1").exit_code == 3
    assert database_files(db) == before
    assert cli("delete", "1", "--yes").exit_code == 0
    assert cli("restore", "1").exit_code == 0


def test_a_new_game_is_still_held_to_the_bounds_of_a_name(cli, db):
    r = cli(
        "new",
        "classic",
        "--team",
        "Ann",
        "--team",
        "Bob",
        "--players",
        "P\u202e1",
        "--players",
        "P2",
    )
    assert r.exit_code == 1 and "U+202E" in r.stderr


def test_a_hand_its_rules_refuse_makes_a_damaged_game_file_and_says_what_to_do(cli, db):
    new_game(cli)
    assert cli("hand", "--yes", "m=100", "m=50").exit_code == 0
    edit_game(db, 1, lambda g: g["hands"][0]["entries"].__setitem__(0, {"meld_points": 2 * 10**9}))
    r = cli("show", "1")
    assert r.exit_code == 3
    line = r.stderr.strip()
    assert line.startswith(f"Error: game 1 ({game_file(db, 1)}) cannot be used: ")
    assert line.endswith(
        f"; it was left untouched: restore a backup ('scorekeeper backups --db {db}') or move"
        " the file away (its game is then gone)"
    )

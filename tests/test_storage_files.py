"""A database file that cannot be read is never overwritten (issue 6, point 2; DESIGN.md
"Storage and safety"): every command stops with exit 3, naming the file and what to do."""

from __future__ import annotations

import json

import pytest
from conftest import game_doc

from scorekeeper.storage.database import SCHEMA_VERSION, game_file, game_ids

NEW_GAME = ("new", "classic", "--team", "Ann", "--team", "Bob")


def new(cli, *extra):
    result = cli("new", "classic", "--team", "A", "--team", "B", *extra)
    assert result.exit_code == 0, result.output


def valid_database(cli, db) -> bytes:
    assert cli(*NEW_GAME).exit_code == 0
    assert cli("hand", "m=100 nat=1 out", "m=50").exit_code == 0
    return db.read_bytes()


def refused_untouched(cli, db, content: bytes, *args: str) -> str:
    """Write ``content`` as the database, run a reading and a writing command: both exit 3 with
    one line naming the file, and the file keeps its bytes (no temporary file left either)."""
    db.write_bytes(content)
    messages = []
    for command in (("status",), args or NEW_GAME):
        result = cli(*command)
        assert result.exit_code == 3, result.output
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("Error: ")
        assert str(db) in lines[0]
        assert "Traceback" not in result.output
        messages.append(lines[0])
    assert db.read_bytes() == content
    assert sorted(p.name for p in db.parent.iterdir() if p.name.startswith(".")) == []
    return messages[1]


def test_garbage_is_refused_and_kept(cli, db):
    msg = refused_untouched(cli, db, b"\x89PNG\r\n\x1a\n not a database at all \xff\xfe")
    assert "damaged" in msg and "restore a backup" in msg


def test_nul_bytes_are_refused_and_kept(cli, db):
    # What some file systems leave after a power cut: the right size, all zero bytes.
    msg = refused_untouched(cli, db, b"\x00" * 4096)
    assert "damaged" in msg


def test_a_truncated_file_is_refused_and_kept(cli, db):
    whole = valid_database(cli, db)
    msg = refused_untouched(cli, db, whole[: len(whole) // 2])
    assert "not complete JSON" in msg


def test_json_that_is_not_a_database_is_refused(cli, db):
    for content in (b"[1, 2, 3]", b'"text"', b"42", b"{}", b'{"_default": {"1": {"a": 1}}}'):
        msg = refused_untouched(cli, db, content)
        assert "is not a scorekeeper database" in msg and "--db" in msg


def test_tables_of_the_wrong_shape_are_refused(cli, db):
    good = json.loads(valid_database(cli, db))
    broken = [
        {**good, "games": ["a list, not a table"]},
        {**good, "extra": {"one": {}}},  # a document id that is not a number
        {**good, "extra": {"1": "not a document"}},
        {**good, "meta": {}},
        {**good, "meta": {"1": {**good["meta"]["1"], "schema": "1"}}},
        {**good, "meta": {"1": {**good["meta"]["1"], "current": "x"}}},
    ]
    for data in broken:
        refused_untouched(cli, db, json.dumps(data).encode())


def test_a_game_file_of_the_wrong_shape_is_refused_and_kept(cli, db):
    valid_database(cli, db)
    file = game_file(db, 1)
    good = json.loads(file.read_bytes())
    broken = [
        b"",
        b"\x00" * 64,
        file.read_bytes()[:100],
        json.dumps({"games": ["a list"]}).encode(),
        json.dumps({"games": {"2": good["games"]["1"]}}).encode(),  # another game's id
        json.dumps({"games": {"1": "not a document"}}).encode(),
        json.dumps({**good, "meta": {"1": {}}}).encode(),
    ]
    for content in broken:
        file.write_bytes(content)
        for command in (("status",), ("show",), ("hand", "m=50", "m=50"), ("games",)):
            result = cli(*command)
            assert result.exit_code == 3, (content, command, result.output)
            assert str(file) in result.stderr and "Traceback" not in result.output
        assert file.read_bytes() == content


def test_a_file_from_a_newer_scorekeeper_is_refused(cli, db):
    data = json.loads(valid_database(cli, db))
    data["meta"]["1"]["schema"] = SCHEMA_VERSION + 1
    msg = refused_untouched(cli, db, json.dumps(data).encode())
    assert f"schema {SCHEMA_VERSION + 1}" in msg and "upgrade scorekeeper" in msg


def test_a_deeply_nested_file_is_refused(cli, db):
    refused_untouched(cli, db, b"[" * 100_000 + b"]" * 100_000)


def test_a_damaged_game_names_the_game(cli, db):
    valid_database(cli, db)
    doc = game_doc(db)
    doc["sides"] = "not a list of sides"
    content = json.dumps({"games": {"1": doc}}).encode()
    game_file(db, 1).write_bytes(content)
    result = cli("status")
    assert result.exit_code == 3
    assert "game 1" in result.stderr and str(db) in result.stderr
    assert cli("hand", "m=50", "m=50").exit_code == 3
    assert cli("games").exit_code == 3
    assert game_file(db, 1).read_bytes() == content


def test_the_current_games_missing_file_is_a_data_error(cli, db):
    new(cli)
    (db.parent / (db.name + ".games") / "1.json").unlink()
    result = cli("status")
    assert result.exit_code == 3 and "1.json is missing" in result.stderr


def test_a_game_file_with_a_hand_its_rules_refuse_is_a_data_error(cli, db):
    new(cli)
    assert cli("hand", "m=50", "m=50").exit_code == 0
    path = db.parent / (db.name + ".games") / "1.json"
    doc = json.loads(path.read_text())
    text = json.dumps(doc).replace('"meld_points": 50', '"meld_points": 5000', 1)
    path.write_text(text)
    result = cli("status")
    assert result.exit_code == 3 and "1.json" in result.stderr


def test_a_damaged_old_game_does_not_stop_a_new_one(cli, db):
    new(cli)
    (db.parent / (db.name + ".games") / "1.json").write_text("not json")
    result = cli("new", "classic", "--team", "C", "--team", "D")
    assert result.exit_code == 0
    assert "Warning:" in result.stderr and "1.json" in result.stderr
    assert cli.json("status")["game"] == 2


@pytest.mark.parametrize("content", [b"", b"  \n\t "], ids=["empty", "whitespace"])
def test_an_empty_file_starts_a_new_database(cli, db, content):
    db.write_bytes(content)
    assert cli("status").exit_code == 1  # no current game yet: not a damaged file
    assert cli(*NEW_GAME).exit_code == 0
    data = json.loads(db.read_bytes())
    assert data["meta"]["1"]["schema"] == SCHEMA_VERSION
    assert game_ids(db) == [1]


def test_a_missing_file_starts_a_new_database_in_a_new_folder(cli, tmp_path):
    db = tmp_path / "deeper" / "folder" / "games.json"
    assert cli(*NEW_GAME, "--db", str(db)).exit_code == 0
    assert json.loads(db.read_bytes())["meta"]["1"]["current"] == 1


def test_a_folder_as_the_database_is_refused(cli, tmp_path):
    result = cli("status", "--db", str(tmp_path))
    assert result.exit_code in (2, 3)
    assert "Traceback" not in result.output


def test_a_database_path_that_is_a_folder(cli, tmp_path):
    result = cli("status", "--db", str(tmp_path))
    assert result.exit_code == 3
    assert "names a folder; give a database file (--db FILE, or SCOREKEEPER_DB)" in result.stderr


def test_a_read_only_command_never_creates_the_file(cli, db):
    assert cli("status").exit_code == 1
    assert not db.exists()


def test_a_hand_given_as_cards_is_stored_and_loads_again(cli, db):
    # Kings 10 each, ace 20, joker 50 (RULES.md §1): Ann 30 melded, Bob caught with 70.
    assert cli(*NEW_GAME).exit_code == 0
    assert cli("hand", "m=KKK", "h=A/X").exit_code == 0
    assert [t["total"] for t in cli.json("status")["teams"]] == [30, -70]
    entries = game_doc(db)["hands"][0]["entries"]
    assert entries == [{"melds": "KKK"}, {"hand": "A X"}]


def test_a_file_holding_both_cards_and_their_points_loads(cli, db):
    # 0.1.0 stored the points counted from the cards beside the cards.
    assert cli(*NEW_GAME).exit_code == 0
    doc = game_doc(db)
    both = [{"melds": "KKK", "meld_points": 30}, {"hand": "A X", "hand_points": 70}]
    doc["hands"] = [{"entries": both}]
    game_file(db, 1).write_text(json.dumps({"games": {"1": doc}}), encoding="utf-8")
    assert [t["total"] for t in cli.json("status")["teams"]] == [30, -70]


@pytest.mark.parametrize(
    ("where", "value"),
    [
        (("hands", 0, "note"), 5),
        (("label",), 7),
        (("finished",), [1]),
        (("deleted",), "no"),
        (("hands",), {}),
        (("sides", 0, "start_score"), "0"),
    ],
)
def test_a_game_file_with_a_value_of_the_wrong_kind_is_damaged(cli, db, where, value):
    # DESIGN.md, "Storage and safety": a file that cannot be read is never overwritten.
    new(cli)
    assert cli("hand", "m=50", "m=50").exit_code == 0
    path = game_file(db, 1)
    data = json.loads(path.read_text())
    node = data["games"]["1"]
    for key in where[:-1]:
        node = node[key]
    node[where[-1]] = value
    path.write_text(json.dumps(data))
    damaged = path.read_bytes()
    for args in (("show", "1"), ("hand", "--yes", "-", "-"), ("export", "1", "--format", "csv")):
        result = cli(*args)
        assert result.exit_code == 3, (args, result.output)
        assert "1.json" in result.stderr and "damaged" in result.stderr
        assert "Traceback" not in result.output
    assert path.read_bytes() == damaged

"""--db and --json before a command reach the command under a group too (issue 15, point 3):
``scorekeeper --db X backups restore 1`` restores in X, never in the database the environment
names, and ``--json variants show classic`` prints JSON."""

from __future__ import annotations

import json

from scorekeeper.storage.database import game_file


def two_databases(cli, tmp_path):
    """The default database (SCOREKEEPER_DB) and another one, each with a game of one hand."""
    other = tmp_path / "other.json"
    for db in (None, other):
        where = ("--db", str(db)) if db else ()
        assert cli("new", "classic", "--team", "A", "--team", "B", *where).exit_code == 0
        assert cli("hand", "m=50", "m=50", *where).exit_code == 0
    return other


def test_db_before_backups_restore_restores_in_that_database(cli, db, tmp_path):
    other = two_databases(cli, tmp_path)
    mine, theirs = game_file(db, 1).read_bytes(), game_file(other, 1).read_bytes()
    for args in (("--db", str(other), "backups"), ("backups", "--db", str(other))):
        result = cli(*args, "restore", "1", "--yes", "--json")
        assert result.exit_code == 0, result.output
        assert json.loads(result.stdout)["database"] == str(other)
        assert game_file(db, 1).read_bytes() == mine  # the environment's database untouched
        assert game_file(other, 1).read_bytes() != theirs  # the hand is gone from the other
        assert cli("redo", "--db", str(other)).exit_code in (0, 1)
        theirs = game_file(other, 1).read_bytes()


def test_json_before_a_variants_subcommand_prints_json(cli):
    for args in (
        ("--json", "variants", "show", "classic"),
        ("variants", "--json", "show", "classic"),
    ):
        result = cli(*args)
        assert result.exit_code == 0, result.output
        assert json.loads(result.stdout)["variant"] == "classic"


def test_db_before_the_backups_list_stays_the_lists(cli, db, tmp_path):
    other = two_databases(cli, tmp_path)
    result = cli("--db", str(other), "--json", "backups")
    assert result.exit_code == 0, result.output
    assert str(other) in result.stdout and str(db) + '"' not in result.stdout

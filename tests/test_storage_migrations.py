"""Schema versions and migrations (issue 6, point 3; STYLE.md: simonw/llm migrations).

tests/fixtures/schema-N.json is a database written by the release that wrote schema N.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from conftest import game_doc

from scorekeeper.storage import database, migrations
from scorekeeper.storage.database import game_ids, games_folder

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture
def schema_1(db: Path) -> Path:
    shutil.copyfile(FIXTURES / "schema-1.json", db)
    return db


def test_every_released_schema_has_a_fixture():
    for version in range(1, migrations.schema_version() + 1):
        assert (FIXTURES / f"schema-{version}.json").is_file()


def test_a_schema_1_file_reads_with_its_games(cli, schema_1):
    # Game 1, RULES.md §2: hand 1 is EX-07 (1,305 and 140). Hand 2: Ann & Bob 120 melded, no
    # canasta; Cat's side 300 + 2 natural (1,000) + 1 mixed (300) + going out concealed (200)
    # + one red three (100) = 1,900, so 140 + 1,900 = 2,040.
    first = cli.json("status", "--game", "1")
    assert [t["total"] for t in first["teams"]] == [1425, 2040]
    assert [t["team"] for t in first["teams"]] == ["Ann & Bob", "[bold]Cat[/] 猫"]
    # Game 2, classic-3 from 1,000 / 0 / 2,000: A goes out with a natural canasta (50 + 500 +
    # 100), B scores nothing, C is caught with 20.
    second = cli.json("status")
    assert second["game"] == 2 and second["variant"] == "classic-3"
    assert [t["total"] for t in second["teams"]] == [1650, 0, 1980]


def test_a_schema_1_file_takes_a_new_hand(cli, schema_1):
    original = json.loads(schema_1.read_bytes())
    assert cli("hand", "m=50", "-", "-").exit_code == 0
    # Moved to one file per game (schema 2), game 1 untouched, game 2 with its new hand.
    data = json.loads(schema_1.read_bytes())
    assert data["meta"]["1"]["schema"] == 2 and "games" not in data
    assert data["meta"]["1"]["next_id"] == 3 and data["meta"]["1"]["current"] == 2
    assert sorted(game_ids(schema_1)) == [1, 2]
    assert game_doc(schema_1, 1) == original["games"]["1"]
    assert len(game_doc(schema_1, 2)["hands"]) == 2
    assert [t["total"] for t in cli.json("status")["teams"]] == [1700, 0, 1980]
    backups = database.list_backups(schema_1)
    assert [b.kind for b in backups] == ["write", "migration"]
    assert json.loads(backups[1].path.read_bytes()) == original


@pytest.fixture
def schema_2(db: Path) -> Path:
    shutil.copyfile(FIXTURES / "schema-2.json", db)
    shutil.copytree(FIXTURES / "schema-2.json.games", games_folder(db))
    return db


def test_a_schema_2_database_reads_with_its_games(cli, schema_2):
    # The schema 1 fixture's games, moved to one file each (see the schema 1 test above).
    assert [t["total"] for t in cli.json("status", "--game", "1")["teams"]] == [1425, 2040]
    assert [t["total"] for t in cli.json("status")["teams"]] == [1650, 0, 1980]
    assert [g["game"] for g in cli.json("games")["games"]] == [2, 1]
    assert cli("hand", "m=50", "-", "-").exit_code == 0
    assert [t["total"] for t in cli.json("status")["teams"]] == [1700, 0, 1980]
    assert database.list_backups(schema_2)[0].kind == "write"


def test_a_new_database_records_every_migration_by_name(cli, db):
    assert cli("new", "classic", "--team", "A", "--team", "B").exit_code == 0
    meta = json.loads(db.read_bytes())["meta"]["1"]
    assert meta["migrations"] == [fn.__name__ for fn in migrations.MIGRATIONS]
    assert meta["schema"] == len(migrations.MIGRATIONS)


@pytest.fixture
def next_schema(monkeypatch):
    """A next schema whose migration renames each game's ``label`` to ``title``: how the next
    change to the files will be made."""
    calls = []

    def m099_label_becomes_title(context: migrations.MigrationContext) -> None:
        calls.append(context.path)
        for game_id in game_ids(context.path):
            doc = database.read_game_file(context.path, game_id)
            doc["title"] = doc.pop("label", "")
            database.write_game_file(context.path, game_id, doc)

    monkeypatch.setattr(migrations, "MIGRATIONS", [*migrations.MIGRATIONS])
    migrations.migration(m099_label_becomes_title)
    monkeypatch.setattr(database, "SCHEMA_VERSION", len(migrations.MIGRATIONS))
    return calls


def test_an_older_file_is_migrated_once_after_a_backup(cli, schema_1, next_schema):
    original = schema_1.read_bytes()
    result = cli("status")  # even a command that only reads brings the file up to date
    assert result.exit_code == 0, result.output
    data = json.loads(schema_1.read_bytes())
    meta = data["meta"]["1"]
    assert meta["schema"] == 3
    assert meta["migrations"] == [
        "m001_games_and_meta",
        "m002_one_file_per_game",
        "m099_label_becomes_title",
    ]
    game = game_doc(schema_1, 1)
    assert game["title"] == "Friday club" and "label" not in game
    backups = database.list_backups(schema_1)
    assert [b.kind for b in backups] == ["migration"]
    assert backups[0].path.read_bytes() == original
    assert "to-schema-3" in backups[0].path.name
    assert cli("status").exit_code == 0
    assert len(next_schema) == 1  # recorded, so never applied twice


def test_a_migration_backup_is_never_rotated_away(cli, schema_1, next_schema, monkeypatch):
    monkeypatch.setattr(database, "BACKUPS_KEPT", 2)
    assert cli("status").exit_code == 0
    for _ in range(4):
        assert cli("hand", "-", "-", "-").exit_code == 0
    kinds = [b.kind for b in database.list_backups(schema_1)]
    assert kinds == ["write", "write", "migration"]


def test_a_failing_migration_leaves_the_file_as_it_was(cli, schema_1, monkeypatch):
    def m002_broken(context: migrations.MigrationContext) -> None:
        context.data["games"].clear()
        raise RuntimeError("boom")

    monkeypatch.setattr(migrations, "MIGRATIONS", [*migrations.MIGRATIONS, m002_broken])
    monkeypatch.setattr(database, "SCHEMA_VERSION", len(migrations.MIGRATIONS))
    original = schema_1.read_bytes()
    result = cli("status")
    assert result.exit_code == 1 and "unexpected internal error" in result.stderr
    assert schema_1.read_bytes() == original


def test_a_file_that_recorded_names_needs_only_the_new_ones():
    meta = {"schema": 2, "migrations": ["m001_games_and_meta", "m002_one_file_per_game"]}
    data = {"meta": {"1": meta}}
    assert migrations.pending(data) == []
    assert migrations.applied({"schema": 1}) == ["m001_games_and_meta"]
    assert [fn.__name__ for fn in migrations.pending({"meta": {"1": {"schema": 1}}})] == [
        "m002_one_file_per_game"
    ]
    assert migrations.pending(None) == migrations.MIGRATIONS

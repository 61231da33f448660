"""The bounds a game is held to however it comes in (issue 18, red team: a restore and an
import put back a game of 20,000 hands, whose export is over 4 MiB and so cannot be imported
again; README, the bounds paragraph).

A game holds at most 500 hands (and at most 500 taken back for ``redo``) and takes at most
1 MiB stored; both bounds hold for ``hand``, ``import``, ``backups restore`` and the update of a
schema-1 database, with a refusal naming the bound: exit 1 for input (a hand, an import that
would be too large stored), 3 for a file (a backup, a database, an export file's record), and
nothing stored or changed.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from scorekeeper.domain.limits import MAX_GAME_BYTES, MAX_HANDS, MAX_INPUT_BYTES
from tests.conftest import database_files, game_doc

FIXTURES = Path(__file__).parent / "fixtures"
#: The bounds as README states them.
README_HANDS, README_GAME_BYTES = 500, 1024 * 1024


def test_the_bounds_are_the_ones_readme_states():
    assert (MAX_HANDS, MAX_GAME_BYTES) == (README_HANDS, README_GAME_BYTES)
    readme = (Path(__file__).parents[1] / "README.md").read_text(encoding="utf-8")
    assert "at most 500 hands" in readme and "1 MiB" in readme


def started(cli, db) -> dict:
    """A classic game to 1,000,000,000 with one hand where neither side scores (0 and 0)."""
    assert cli("new", "classic", "--team", "Ann", "--team", "Bob", "--target", "1000000000")
    assert cli("hand", "--yes", "m=0", "m=0").exit_code == 0
    return game_doc(db)


def with_hands(doc: dict, count: int, note: str = "") -> dict:
    hand = dict(doc["hands"][0], note=note)
    return {**doc, "hands": [hand] * count}


def stored_size(doc: dict) -> int:
    return len(
        json.dumps({"games": {"1": doc}}, ensure_ascii=False, separators=(",", ":")).encode()
    )


def write_game(db: Path, doc: dict) -> None:
    from scorekeeper.storage.database import game_file

    game_file(db, 1).write_text(json.dumps({"games": {"1": doc}}), encoding="utf-8")


def test_hand_501_is_refused_and_nothing_changes(cli, db):
    doc = started(cli, db)
    write_game(db, with_hands(doc, MAX_HANDS))
    assert cli.json("status")["hands_played"] == 500
    before = database_files(db)
    result = cli("hand", "--yes", "m=0", "m=0")
    assert result.exit_code == 1, result.output
    assert "at most 500 hands" in result.stderr and "Traceback" not in result.output
    assert database_files(db) == before


def test_a_full_game_is_refused_before_the_guided_questions(cli, db):
    # A full game asks nothing: the refusal comes before the first question, not after them.
    write_game(db, with_hands(started(cli, db), MAX_HANDS))
    before = database_files(db)
    result = cli("hand", "--guided", input="")
    assert result.exit_code == 1, result.output
    assert "at most 500 hands and this one holds 500" in result.stderr
    assert "?" not in result.stdout and "Traceback" not in result.output
    assert database_files(db) == before


def test_play_on_a_full_game_says_it_is_full_and_records_nothing(cli, db):
    write_game(db, with_hands(started(cli, db), MAX_HANDS))
    before = database_files(db)
    result = cli("play", input="m=0\nquit\n")
    assert result.exit_code == 0, result.output
    assert "Hand 501" not in result.output
    assert "game 1 is full: a game holds at most 500 hands" in result.stderr
    assert database_files(db) == before


def test_a_hand_that_would_make_the_stored_game_too_large_is_refused(cli, db):
    doc = started(cli, db)
    note = "\U0001f600" * 1000  # 4,000 bytes stored: about 250 such hands take 1 MiB
    count = next(
        n for n in range(200, 300) if stored_size(with_hands(doc, n + 1, note)) > MAX_GAME_BYTES
    )
    write_game(db, with_hands(doc, count, note))
    assert stored_size(game_doc(db)) <= MAX_GAME_BYTES  # one more such hand is too many
    before = database_files(db)
    result = cli("hand", "--yes", "--note", note, "m=0", "m=0")
    assert result.exit_code == 1, result.output
    assert "1,024 KiB" in result.stderr and "Traceback" not in result.output
    assert database_files(db) == before


def test_a_game_at_both_bounds_exports_within_the_input_bound_and_imports_again(cli, db, tmp_path):
    doc = started(cli, db)
    length = next(
        n
        for n in range(500, 0, -1)
        if stored_size(with_hands(doc, MAX_HANDS, "\U0001f600" * n)) <= MAX_GAME_BYTES
    )
    write_game(db, with_hands(doc, MAX_HANDS, "\U0001f600" * length))  # 500 hands, 1 MiB
    out = tmp_path / "g.json"
    assert cli("export", "1", "-o", str(out)).exit_code == 0
    assert out.stat().st_size <= MAX_INPUT_BYTES
    imported = cli("import", str(out), "--again")
    assert imported.exit_code == 0, imported.output
    assert cli.json("show", "2")["hands_played"] == 500


def export_of(cli, db, tmp_path, count: int) -> Path:
    started(cli, db)
    out = tmp_path / "e.json"
    assert cli("export", "1", "-o", str(out)).exit_code == 0
    data = json.loads(out.read_bytes())
    for key in ("teams", "hands", "winner", "draw", "status"):
        data.pop(key)  # an export's record alone is imported (its sheet is checked if there)
    data["record"] = with_hands(data["record"], count)
    out.write_text(json.dumps(data, separators=(",", ":")), encoding="utf-8")
    assert out.stat().st_size < MAX_INPUT_BYTES
    return out


@pytest.mark.parametrize("count", [MAX_HANDS + 1, 20_000])
def test_an_import_of_too_many_hands_is_refused(cli, db, tmp_path, count):
    out = export_of(cli, db, tmp_path, count)
    before = database_files(db)
    result = cli("import", str(out), "--again")
    assert result.exit_code == 3, result.output
    assert f"at most 500 hands, not {count:,}" in result.stderr
    assert database_files(db) == before


def test_an_import_of_500_hands_is_stored(cli, db, tmp_path):
    out = export_of(cli, db, tmp_path, MAX_HANDS)
    assert cli("import", str(out), "--again").exit_code == 0
    assert cli.json("show", "2")["hands_played"] == 500


def test_an_import_too_large_stored_is_refused(cli, db, tmp_path):
    out = export_of(cli, db, tmp_path, 300)
    data = json.loads(out.read_bytes())
    data["record"]["hands"] = [dict(h, note="\U0001f600" * 1000) for h in data["record"]["hands"]]
    out.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    assert out.stat().st_size < MAX_INPUT_BYTES
    before = database_files(db)
    result = cli("import", str(out), "--again")
    assert result.exit_code == 1, result.output
    assert "1,024 KiB" in result.stderr and "Traceback" not in result.output
    assert database_files(db) == before


def doctored_backup(cli, db, change) -> None:
    name = cli.json("backups")["backups"][0]["file"]
    backup = db.with_name(db.name + ".backups") / name
    data = json.loads(backup.read_bytes())
    data["games"]["1"] = change(data["games"]["1"])
    backup.write_text(json.dumps(data), encoding="utf-8")


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (lambda d: with_hands(d, 20_000), "at most 500 hands, not 20,000"),
        (lambda d: {**d, "redo": [d["hands"][0]] * 501}, "at most 500 hands, not 501"),
        (lambda d: with_hands(d, 300, "\U0001f600" * 1000), "1,024 KiB"),
    ],
)
def test_a_backup_holding_a_game_beyond_the_bounds_is_refused(cli, db, change, said):
    started(cli, db)
    assert cli("hand", "--yes", "m=0", "m=0").exit_code == 0
    doctored_backup(cli, db, change)
    before = database_files(db)
    result = cli("backups", "restore", "1", "--yes")
    assert result.exit_code == 3, result.output
    assert said in result.stderr and len(result.stderr.strip().splitlines()) == 1
    assert database_files(db) == before
    assert cli("status").exit_code == 0


def test_a_schema_1_database_holding_a_game_beyond_the_bounds_is_refused_untouched(cli, db):
    shutil.copyfile(FIXTURES / "schema-1.json", db)
    data = json.loads(db.read_bytes())
    key = next(iter(data["games"]))
    hands = data["games"][key]["hands"]
    data["games"][key]["hands"] = (hands * 20_001)[:20_000]
    db.write_text(json.dumps(data), encoding="utf-8")
    before = database_files(db)
    result = cli("games")
    assert result.exit_code == 3, result.output
    assert "at most 500 hands, not 20,000" in result.stderr
    assert database_files(db) == before


def test_a_game_stored_with_more_hands_than_the_bound_is_still_read(cli, db):
    # a game kept before there was a bound is no game coming in: it is shown, exported and
    # deleted as any other; only a hand more is refused
    doc = started(cli, db)
    write_game(db, with_hands(doc, 600))
    assert cli.json("show", "1")["hands_played"] == 600
    assert cli("export", "1", "--format", "csv").exit_code == 0
    before = database_files(db)
    result = cli("hand", "--yes", "m=0", "m=0")
    assert result.exit_code == 1 and "at most 500 hands and this one holds 600" in result.stderr
    assert database_files(db) == before
    assert cli("undo", "--yes").exit_code == 0
    assert cli("delete", "1", "--yes").exit_code == 0


def test_a_game_stored_larger_than_the_bound_can_still_be_deleted(cli, db):
    doc = started(cli, db)
    write_game(db, with_hands(doc, 300, "\U0001f600" * 1000))  # about 1.2 MiB stored
    assert stored_size(game_doc(db)) > MAX_GAME_BYTES
    assert cli("hand", "--yes", "m=0", "m=0").exit_code == 1  # it would grow
    assert cli("delete", "1", "--yes").exit_code == 0
    assert cli("restore", "1").exit_code == 0


def test_a_game_of_fewer_than_two_sides_is_refused(cli, db, tmp_path):
    # red team: "--set sides.min=1" started a game of one side, which recorded hands
    result = cli("new", "classic", "--team", "A", "--set", "sides.min=1")
    assert result.exit_code == 2 and "a game has at least 2 sides" in result.stderr
    folder = tmp_path / "config" / "variants"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "alone.toml").write_text('extends = "classic"\nsides = { min = 1, max = 2 }\n')
    result = cli("variants", "check", "alone")
    assert result.exit_code == 3 and "'sides.min' is 1" in result.stderr
    assert not db.exists()

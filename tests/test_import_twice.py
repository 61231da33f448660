"""`import` refuses a file already imported (issue 12, item 6: an export imported twice doubled
the game and the statistics), naming the earlier game, unless `--again`."""

from __future__ import annotations

import json

from conftest import PARTNERSHIPS as TEAMS

HAND = ("m=220 nat=1 mix=1 r=2 out h=15", "m=110 r=1 h=70")  # 1,305 and 140 (README)


def exported(cli, tmp_path, game="1", name="game.json"):
    path = tmp_path / name
    assert cli("export", game, "--format", "json", "--output", str(path)).exit_code == 0
    return path


def played(cli):
    cli.json("new", "classic", *TEAMS)
    cli.json("hand", "--yes", *HAND)


def game_ids(cli):
    return sorted(g["game"] for g in cli.json("games", "--all", "--status", "all")["games"])


def test_a_file_imported_twice_is_refused_naming_the_earlier_game(cli, tmp_path):
    played(cli)
    path = exported(cli, tmp_path)
    assert cli.json("import", str(path))["game"] == 2
    wins_before = cli.json("stats")["players"]
    result = cli("import", str(path))
    assert result.exit_code == 1
    assert result.stderr.startswith("Error:") and "as game 2" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert game_ids(cli) == [1, 2]
    assert cli.json("stats")["players"] == wins_before  # nothing counted twice


def test_again_imports_it_once_more(cli, tmp_path):
    played(cli)
    path = exported(cli, tmp_path)
    cli.json("import", str(path))
    doc = cli.json("import", str(path), "--again")
    assert doc["game"] == 3 and [t["total"] for t in doc["teams"]] == [1305, 140]
    assert game_ids(cli) == [1, 2, 3]


def test_a_copy_deleted_since_still_counts_as_imported(cli, tmp_path):
    played(cli)
    path = exported(cli, tmp_path)
    cli.json("import", str(path))
    assert cli("delete", "2", "--yes").exit_code == 0
    result = cli("import", str(path))
    assert result.exit_code == 1 and "game 2 (deleted)" in result.stderr


def test_the_imported_copy_is_recognised_after_it_changes(cli, tmp_path):
    played(cli)
    path = exported(cli, tmp_path)
    cli.json("import", str(path))
    cli.json("resume", "2")
    cli.json("hand", "--yes", "m=90", "m=120 nat=1 out")  # the copy is played on
    result = cli("import", str(path))
    assert result.exit_code == 1 and "as game 2" in result.stderr


def test_an_export_of_the_imported_copy_is_the_same_game(cli, tmp_path):
    played(cli)
    first = exported(cli, tmp_path)
    cli.json("import", str(first))
    again = exported(cli, tmp_path, game="2", name="copy.json")
    result = cli("import", str(again))
    assert result.exit_code == 1 and "as game 2" in result.stderr


def test_the_same_game_exported_into_another_database_imports_once(cli, tmp_path, monkeypatch):
    played(cli)
    path = exported(cli, tmp_path)
    monkeypatch.setenv("SCOREKEEPER_DB", str(tmp_path / "other.json"))
    assert cli.json("import", str(path))["game"] == 1
    assert cli("import", str(path)).exit_code == 1


def test_the_game_it_was_exported_from_is_not_an_import(cli, tmp_path):
    # Importing into the database that holds the original is a first import (game 1 was never
    # imported); only a second import of the file is refused.
    played(cli)
    path = exported(cli, tmp_path)
    assert cli.json("import", str(path))["game"] == 2


def test_two_games_alike_but_different_are_both_imported(cli, tmp_path):
    played(cli)
    cli.json("new", "classic", *TEAMS)
    cli.json("hand", "--yes", *HAND[::-1])  # the other side went out
    a, b = exported(cli, tmp_path, "1", "a.json"), exported(cli, tmp_path, "2", "b.json")
    doc_a, doc_b = (json.loads(p.read_text(encoding="utf-8")) for p in (a, b))
    if doc_a["record"]["created"] != doc_b["record"]["created"]:
        doc_b["record"]["created"] = doc_a["record"]["created"]  # alike in time too
        doc_b["created"] = doc_a["created"]
        b.write_text(json.dumps(doc_b), encoding="utf-8")
    assert cli.json("import", str(a))["game"] == 3
    assert cli.json("import", str(b))["game"] == 4


def test_the_record_keeps_the_origin_of_the_imported_game(cli, tmp_path, db):
    played(cli)
    path = exported(cli, tmp_path)
    cli.json("import", str(path))
    stored = json.loads((db.parent / f"{db.name}.games" / "2.json").read_text(encoding="utf-8"))
    origin = next(iter(stored["games"].values()))["imported"]
    assert len(origin) == 64 and int(origin, 16) >= 0  # a SHA-256 digest in hex
    original = json.loads((db.parent / f"{db.name}.games" / "1.json").read_text(encoding="utf-8"))
    assert "imported" not in next(iter(original["games"].values()))


def test_an_export_only_claiming_anothers_origin_is_another_game(cli, tmp_path):
    """A file whose record carries the origin of a game stored here, but other sides or other
    hands, is not that game: it is imported, never refused as "imported already"."""
    played(cli)
    first = exported(cli, tmp_path)
    cli.json("import", str(first))  # game 2, its origin the digest of game 1's record
    cli.json("new", "classic", "--team", "Eve", "--team", "Fay")
    second = json.loads(exported(cli, tmp_path, "3", "other.json").read_text())
    copy = json.loads(exported(cli, tmp_path, "2", "copy.json").read_text())
    second["record"]["imported"] = copy["record"]["imported"]  # the claim, forged
    second["record"]["created"] = copy["record"]["created"]
    forged = tmp_path / "forged.json"
    forged.write_text(json.dumps(second))
    doc = cli.json("import", str(forged))
    assert doc["game"] == 4 and [t["team"] for t in doc["teams"]] == ["Eve", "Fay"]


def test_an_origin_that_is_no_identity_is_refused(cli, tmp_path):
    played(cli)
    path = exported(cli, tmp_path)
    doc = json.loads(path.read_text())
    doc["record"]["imported"] = "game 1 of the Friday club"
    path.write_text(json.dumps(doc))
    result = cli("import", str(path))
    assert result.exit_code == 3 and "'imported'" in result.stderr
    assert game_ids(cli) == [1]


def test_hands_taken_back_and_a_deleted_flag_do_not_come_in_with_an_import(cli, tmp_path):
    """An export holds neither hands taken back nor a deleted flag: a record carrying them
    comes in as the game its hands make, with nothing to redo, not deleted."""
    played(cli)
    path = exported(cli, tmp_path)
    doc = json.loads(path.read_text())
    doc["record"]["redo"] = doc["record"]["hands"] * 3
    doc["record"]["deleted"] = True
    path.write_text(json.dumps(doc))
    assert cli.json("import", str(path))["game"] == 2
    assert cli("resume", "2").exit_code == 0
    result = cli("redo")
    assert result.exit_code == 1 and "no hand to redo" in result.stderr
    assert game_ids(cli) == [1, 2] and len(cli.json("show", "2")["hands"]) == 1

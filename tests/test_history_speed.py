"""Whole-history work reads only what it shows (issue 17): the first page of ``games`` lists no
folder and scores no game the index knows; a copied or restored data folder re-scores no game
(the index knows each file by the digest of its bytes, not by its inode), while a game file
changed by another program is still summarised again; ``games --all --json`` is written entry
by entry with the same text as the whole document; a damaged or cut-short index still gives
every game; an index of an earlier format (no seals) is rebuilt from the game files."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.presentation.documents import document, streamed
from scorekeeper.presentation.sheet import game_summary_json, game_summary_text, games_json
from scorekeeper.storage.index import GameSummary, IndexSide, IndexSummary, newest, summaries

#: Classic (RULES.md §2): 100 points melded + 500 for a natural canasta + 100 for going out.
WINNING_HAND = ("m=100 nat=1 out", "m=50")


def index_path(db: Path) -> Path:
    return db.with_name(db.name + ".index.json")


def make_games(cli, count: int) -> None:
    for n in range(count):
        team = f"Team {n}"
        assert cli("new", "classic", "--team", "Ann", "--team", team).exit_code == 0
        assert cli("hand", *WINNING_HAND).exit_code == 0


def refuse_listing(monkeypatch) -> None:
    """From now on, any listing of a folder fails the test."""

    def refuse(*args, **kwargs):
        raise AssertionError("a folder was listed")

    monkeypatch.setattr(os, "scandir", refuse)
    monkeypatch.setattr(os, "listdir", refuse)


def listed(cli, *args: str) -> list[dict]:
    return cli.json("games", *args)["games"]


# -- the first page -----------------------------------------------------------------------------


def test_the_first_page_lists_no_folder(cli, db, monkeypatch):
    make_games(cli, 3)
    refuse_listing(monkeypatch)
    assert [g["game"] for g in listed(cli)] == [3, 2, 1]
    page, more = newest(db, 2, next_id=4)
    assert [g.id for g in page] == [3, 2] and more


def test_the_first_page_scores_no_game_the_index_knows(cli, db, scored):
    make_games(cli, 4)
    listed(cli, "--variant", "classic")  # builds the index
    scored.clear()
    games = listed(cli, "--limit", "3")
    assert [g["game"] for g in games] == [4, 3, 2]
    # Ann went out with a natural canasta: 100 + 500 + 100 = 700 (RULES.md §2)
    assert [g["teams"][0]["total"] for g in games] == [700, 700, 700]
    assert scored == []
    assert cli("hand", "m=60 h=20", "m=90").exit_code == 0  # game 4 changes: read again alone
    scored.clear()
    games = listed(cli, "--limit", "3")
    assert scored == [4]
    assert games[0]["teams"][0]["total"] == 700 + 60 - 20


def test_the_first_page_leaves_out_deleted_games_and_gaps(cli, db):
    make_games(cli, 4)
    assert cli("delete", "3", "--yes").exit_code == 0
    os.unlink(db.with_name(db.name + ".games") / "2.json")  # a gap among the ids
    assert [g["game"] for g in listed(cli)] == [4, 1]


def test_after_a_long_run_of_missing_ids_the_first_page_lists_the_folder(cli, db, monkeypatch):
    make_games(cli, 5)
    for game_id in (4, 3, 2):  # three ids in a row without a file
        os.unlink(db.with_name(db.name + ".games") / f"{game_id}.json")
    monkeypatch.setattr("scorekeeper.storage.index._GAP", 2)
    assert [g["game"] for g in listed(cli)] == [5, 1]


def test_filters_read_from_the_index_pick_the_games_that_match(cli, db):
    make_games(cli, 4)  # Ann plays in every game, "Team N" in game N + 1 alone
    assert [g["game"] for g in listed(cli, "--player", "team 1")] == [2]
    assert [g["game"] for g in listed(cli, "--player", " ANN ")] == [4, 3, 2, 1]
    assert [g["game"] for g in listed(cli, "--player", "Bob")] == []
    assert [g["game"] for g in listed(cli, "--since", "2000-01-01", "--player", "Team 3")] == [4]
    assert listed(cli, "--since", "2999-01-01") == []


# -- a copied or restored folder -------------------------------------------------------------


@pytest.mark.parametrize("copy", [shutil.copy2, shutil.copy], ids=["cp -a", "cp -r"])
def test_a_copied_data_folder_rescores_no_game(cli, db, tmp_path, scored, monkeypatch, copy):
    make_games(cli, 5)
    before = listed(cli, "--all")
    assert len(before) == 5
    statistics = cli.json("stats")
    copied = tmp_path / "copy"
    shutil.copytree(db.parent, copied, copy_function=copy)  # every file a new inode
    copied_db = copied / db.name
    monkeypatch.setenv("SCOREKEEPER_DB", str(copied_db))
    scored.clear()
    assert listed(cli, "--all") == before
    assert listed(cli, "--variant", "classic") == before
    assert scored == []
    assert cli.json("stats") == statistics  # counted again, from the same summaries
    assert scored == []


def test_a_game_file_changed_by_another_program_is_summarised_again(cli, db, tmp_path, scored):
    make_games(cli, 3)
    listed(cli, "--all")
    file = db.with_name(db.name + ".games") / "2.json"
    data = json.loads(file.read_text())
    data["games"]["2"]["label"] = "xy"
    file.write_text(json.dumps(data, separators=(",", ":")))  # in place: the same inode
    copied = tmp_path / "copy"
    shutil.copytree(db.parent, copied)  # new inodes: every file read, the bytes tell the change
    scored.clear()
    games = {g.id: g for g in summaries(copied / db.name)}
    assert games[2].label == "xy"
    assert scored == [2]


def test_a_rewritten_game_file_is_summarised_again(cli, db, scored):
    make_games(cli, 2)
    listed(cli, "--all")
    file = db.with_name(db.name + ".games") / "1.json"
    data = json.loads(file.read_text())
    data["games"]["1"]["hands"] = []  # an older program took the hand away
    file.unlink()
    file.write_text(json.dumps(data))
    scored.clear()
    games = {g["game"]: g for g in listed(cli, "--all")}
    assert games[1]["hands_played"] == 0 and games[1]["teams"][0]["total"] == 0
    assert scored == [1]


# -- the index read entry by entry -----------------------------------------------------------


def test_a_damaged_line_of_the_index_still_gives_every_game(cli, db):
    make_games(cli, 4)
    before = listed(cli, "--all")
    lines = index_path(db).read_bytes().split(b"\n")
    lines[2] = b"[not json"
    index_path(db).write_bytes(b"\n".join(lines))
    assert listed(cli, "--all") == before
    assert listed(cli, "--variant", "classic") == before


def test_an_index_cut_short_still_gives_every_game(cli, db):
    make_games(cli, 4)
    before = listed(cli, "--all")
    lines = index_path(db).read_bytes().split(b"\n")
    index_path(db).write_bytes(b"\n".join(lines[:3]) + b"\n")  # the header and two games
    assert listed(cli, "--all") == before


def test_an_index_of_the_first_format_is_rebuilt_from_the_game_files(cli, db, scored):
    make_games(cli, 3)
    before = listed(cli, "--all")
    _, *lines = [json.loads(x) for x in index_path(db).read_text().splitlines()]
    fields = list(IndexSummary.__struct_fields__)
    old = {str(i): [identity, dict(zip(fields, s, strict=True))] for _, i, identity, _, s in lines}
    old["2"][1]["label"] = "made up"  # no seal: nothing ties a summary to its game
    index_path(db).write_text(json.dumps({"format": 1, "games": old}))
    scored.clear()
    assert listed(cli, "--all") == before
    assert sorted(scored) == [1, 2, 3]
    assert json.loads(index_path(db).read_text().splitlines()[0])["format"] == 3


# -- games --all --json, entry by entry --------------------------------------------------------


def test_every_game_as_json_is_the_documented_shape(cli, db):
    make_games(cli, 3)
    result = cli("games", "--all", "--json")
    assert result.exit_code == 0
    doc = json.loads(result.stdout)
    assert list(doc) == ["format", "games"] and doc["format"] == 1
    assert [g["game"] for g in doc["games"]] == [3, 2, 1]
    first = doc["games"][0]
    assert first["teams"] == [
        {"team": "Ann", "players": [], "total": 700},
        {"team": "Team 2", "players": [], "total": 50},
    ]
    assert first["current"] is True and doc["games"][1]["current"] is False
    # the same text as the whole document encoded at once
    games = list(summaries(db))
    assert result.stdout == json.dumps(games_json(games, 3), ensure_ascii=False) + "\n"


@pytest.mark.parametrize("count", [0, 1, 255, 256, 257, 600])
def test_a_streamed_document_is_the_text_of_the_whole(count):
    items = [{"n": i, "name": f"ü{i}"} for i in range(count)]
    for ascii in (True, False):
        doc = streamed("games", lambda a: (json.dumps(x, ensure_ascii=a) for x in items), extra="x")
        whole = json.dumps(document(extra="x", games=items), ensure_ascii=ascii)
        assert "".join(doc.pieces(ensure_ascii=ascii)) == whole


#: Any characters (quotes, backslashes, controls, wide ones) but lone surrogates.
names = st.text(st.characters(blacklist_categories=("Cs",)), max_size=12)


@settings(max_examples=150, deadline=None)
@given(
    names,
    st.lists(st.tuples(names, st.lists(names, max_size=3), st.integers(-5000, 99999)), max_size=4),
    st.one_of(st.none(), st.just("2026-11-22T10:00:00+00:00")),
    st.booleans(),
    st.booleans(),
    st.data(),
)
def test_one_game_as_text_is_its_json(label, sides, created, deleted, draw, data):
    side_list = [IndexSide(n, p, t, 1, t, t, 0, {}) for n, p, t in sides]
    winner = data.draw(st.one_of(st.none(), st.integers(0, len(sides) - 1))) if sides else None
    summary = IndexSummary(
        created, None, "classic", label, 3, deleted, winner is not None, winner, draw, side_list
    )
    game = GameSummary(7, summary)
    for current in (7, 8, None):
        for ascii in (True, False):
            expected = json.dumps(game_summary_json(game, current), ensure_ascii=ascii)
            assert game_summary_text(game, current, ascii) == expected


def test_every_game_as_json_leaves_out_deleted_games_unless_asked(cli, db):
    make_games(cli, 3)
    assert cli("delete", "2", "--yes").exit_code == 0
    assert [g["game"] for g in listed(cli, "--all")] == [3, 1]
    every = listed(cli, "--all", "--status", "all")
    # one hand of 700 is far from classic's 5,000 (RULES.md §2): the games are still playing
    statuses = [(g["game"], g["status"]) for g in every]
    assert statuses == [(3, "playing"), (2, "deleted"), (1, "playing")]


def modules_imported(*args: str, db: Path) -> set[str]:
    """Every module a fresh ``python -m scorekeeper ARGS`` imports."""
    import subprocess
    import sys

    env = {**os.environ, "SCOREKEEPER_DB": str(db)}
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "scorekeeper", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr[-500:]
    return {
        line.rsplit("|", 1)[1].strip()
        for line in done.stderr.splitlines()
        if line.startswith("import time:") and line.count("|") == 2
    }


@pytest.mark.parametrize("args", [("games",), ("games", "--variant", "classic"), ("stats",)])
def test_a_list_or_statistics_loads_neither_tinydb_nor_the_rules_engine(cli, db, args):
    make_games(cli, 2)
    listed(cli, "--variant", "classic")  # the index and the statistics, as a user has them
    cli.json("stats")
    names = modules_imported(*args, db=db)
    assert "scorekeeper.storage.index" in names  # the check sees what is imported
    assert "tinydb" not in names
    assert "scorekeeper.domain.scoring" not in names

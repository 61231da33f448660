"""The revalidating scan of the index (issue 17): after the data folder is copied (every file a
new inode) or changed, the games folder's ids are gone through beside the index's lines and the
new index is written line by line, so the memory it holds does not grow with the number of
games; a scan stopped part-way, or one whose index cannot be written, leaves the old index and
still gives every game."""

from __future__ import annotations

import json
import shutil
import tempfile
import tracemalloc
from pathlib import Path

import pytest
from msgspec import structs

from scorekeeper.storage import codec, index
from scorekeeper.storage.files import game_file, games_folder, read_game_file

#: Classic (RULES.md §2): 100 points melded + 500 for a natural canasta + 100 for going out.
ANN_TOTAL = 700


def index_path(db: Path) -> Path:
    return db.with_name(db.name + ".index.json")


def replicate(cli, db: Path, count: int) -> None:
    """``count`` games (ids 1..count), copies of one game of one hand (Ann 700), with their
    index, as the benchmark builds a large history."""
    assert cli("new", "classic", "--team", "Ann", "--team", "Bob").exit_code == 0
    assert cli("hand", "m=100 nat=1 out", "m=50").exit_code == 0
    (doc,) = json.loads(game_file(db, 1).read_bytes())["games"].values()
    stored = codec.load_game(db, 1, read_game_file(db, 1))
    for game_id in range(2, count + 1):
        content = json.dumps({"games": {str(game_id): doc}}, separators=(",", ":"))
        game_file(db, game_id).write_text(content, encoding="utf-8")
    index.record(db, (structs.replace(stored, id=i) for i in range(1, count + 1)))


def copied(db: Path, where: Path) -> Path:
    shutil.copytree(db.parent, where)  # every file a new inode: the index must be revalidated
    return where / db.name


def scan_peak(db: Path) -> int:
    """The most memory (bytes, as tracemalloc counts it) a whole pass over the summaries of
    ``db`` holds at once."""
    tracemalloc.start()
    try:
        totals = {s.sides[0].total for s in index.summaries(db)}
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert totals == {ANN_TOTAL}
    return peak


def test_the_scan_of_a_copied_folder_holds_no_more_for_more_games(cli, db, tmp_path):
    small, large = 200, 2000
    replicate(cli, db, large)
    few = tmp_path / "few" / db.name
    few.parent.mkdir()
    shutil.copy2(db, few)
    games_folder(few).mkdir()
    for game_id in range(1, small + 1):
        shutil.copy2(game_file(db, game_id), game_file(few, game_id))
    index.record(few, [])  # its index: the games of its folder
    assert len(index.summaries(few)) == small
    peaks = {}
    for n, path in ((small, few), (large, db)):
        copy = copied(path, tmp_path / f"copy{n}")
        peaks[n] = scan_peak(copy)
        header = json.loads(index_path(copy).read_bytes().splitlines()[0])
        assert header["count"] == n  # the scan wrote the new index
    # A list of every entry would hold about a kilobyte a game: 1.8 MB more for 1,800 more
    # games. The scan holds the sorted ids (a few bytes a game) and one summary at a time.
    assert peaks[large] - peaks[small] < 300 * (large - small)


def test_a_scan_stopped_part_way_leaves_the_old_index(cli, db, tmp_path):
    replicate(cli, db, 30)
    copy = copied(db, tmp_path / "copy")
    before = index_path(copy).read_bytes()
    first = next(iter(index.summaries(copy)))
    assert first.id == 30
    assert index_path(copy).read_bytes() == before
    assert not [p for p in copy.parent.iterdir() if p.name.endswith(".tmp")]
    assert [s.id for s in index.summaries(copy)] == list(range(30, 0, -1))  # a whole pass
    assert index_path(copy).read_bytes() != before  # written again: new identities


def test_an_index_that_cannot_be_written_still_gives_every_game(cli, db, tmp_path, monkeypatch):
    replicate(cli, db, 20)
    copy = copied(db, tmp_path / "copy")
    before = index_path(copy).read_bytes()

    def refused(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(tempfile, "mkstemp", refused)
    monkeypatch.setenv("SCOREKEEPER_DB", str(copy))
    games = cli.json("games", "--all")["games"]
    assert [g["game"] for g in games] == list(range(20, 0, -1))
    assert {g["teams"][0]["total"] for g in games} == {ANN_TOTAL}
    assert index_path(copy).read_bytes() == before


def test_the_scan_drops_a_removed_game_and_adds_a_new_file(cli, db):
    replicate(cli, db, 5)
    game_file(db, 3).unlink()
    extra = json.loads(game_file(db, 5).read_bytes())
    extra = {"games": {"6": extra["games"]["5"]}}
    game_file(db, 6).write_text(json.dumps(extra), encoding="utf-8")
    assert [s.id for s in index.summaries(db)] == [6, 5, 4, 2, 1]
    lines = index_path(db).read_bytes().splitlines()
    assert json.loads(lines[0])["count"] == 5
    assert [json.loads(x)[1] for x in lines[1:]] == [6, 5, 4, 2, 1]


@pytest.mark.parametrize("kept", [0, 2])
def test_a_copied_folder_keeps_each_summary_and_writes_the_new_identities(cli, db, tmp_path, kept):
    replicate(cli, db, 4)
    copy = copied(db, tmp_path / "copy")
    if kept:  # an index cut short: the games past it are summarised from their files
        lines = index_path(copy).read_bytes().splitlines(keepends=True)
        index_path(copy).write_bytes(b"".join(lines[: kept + 1]))
    assert [s.id for s in index.summaries(copy)] == [4, 3, 2, 1]
    lines = [json.loads(x) for x in index_path(copy).read_bytes().splitlines()[1:]]
    for line in lines:
        st = game_file(copy, line[1]).stat()
        assert line[2] == [st.st_ino, st.st_mtime_ns, st.st_size]

"""On a file system that keeps times to the whole second and gives a freed inode back at once,
a game file replaced twice within one second, at the same size, keeps the stat (inode, time,
size) of the version before it (issue 18, red team round 15b: ``games`` and ``stats`` showed the
totals before an edit, for good). A cache line is believed on a file's stat only when that
stat was taken well after the file's last change; one taken within the tick is checked
against the file's bytes (one read, no re-score unless they changed).

The tests make that stat by hand: the game file's bytes are changed in place (the inode
kept), at the same size, and its time set back to what it was."""

from __future__ import annotations

import os
import re

from conftest import new_game

from scorekeeper.storage.database import game_file

#: RULES.md, Classic: melded cards only, no bonus: a side's hand score is its meld points.
FIRST, SECOND = ("m=50", "m=60"), ("m=70", "m=60")


def same_stat_rewrite(db, old: str, new: str) -> None:
    """Change the game file's text ``old`` to ``new`` (the same length) in place, keeping its
    inode, size and modification time: what the second of two renames within one tick of a
    coarse clock leaves behind."""
    file = game_file(db, 1)
    seen = os.stat(file)
    raw = file.read_bytes()
    assert len(old) == len(new) and raw.count(old.encode()) == 1
    with open(file, "r+b") as handle:
        handle.write(raw.replace(old.encode(), new.encode()))
    os.utime(file, ns=(seen.st_atime_ns, seen.st_mtime_ns))
    after = os.stat(file)
    assert (after.st_ino, after.st_size, after.st_mtime_ns) == (
        seen.st_ino,
        seen.st_size,
        seen.st_mtime_ns,
    )


def totals(cli, *args: str) -> list[int]:
    listed = cli.json("games", *args)
    (game,) = listed["games"]
    return [side["total"] for side in game["teams"]]


def meld_points_50(db) -> str:
    text = game_file(db, 1).read_text(encoding="utf-8")
    found = re.search(r'"meld_points": ?50\b', text)
    assert found, text
    return found.group(0)


def test_the_listing_shows_a_change_that_kept_the_file_stat(cli, db):
    new_game(cli)
    assert cli("hand", "--yes", *FIRST).exit_code == 0
    assert totals(cli, "--all") == [50, 60]  # the index written, its line just made
    old = meld_points_50(db)
    same_stat_rewrite(db, old, old.replace("50", "70"))
    assert totals(cli, "--all") == [70, 60]
    assert totals(cli) == [70, 60]  # the first page, read from the index's head
    assert cli.json("show")["teams"][0]["total"] == 70


def test_statistics_count_a_change_that_kept_the_file_stat(cli, db):
    new_game(cli)
    assert cli("hand", "--yes", *FIRST).exit_code == 0
    best = [side["best_hand"] for side in cli.json("stats")["teams"]]
    assert best == [50, 60]  # counted, and the caches written
    old = meld_points_50(db)
    same_stat_rewrite(db, old, old.replace("50", "70"))
    best = [side["best_hand"] for side in cli.json("stats")["teams"]]
    assert best == [70, 60]


def test_statistics_after_a_restore_within_the_tick_count_the_games_restored(cli, db):
    """Red team round 15b: a ``backups restore`` within the second of the hand it takes back
    left the games folder's look as it was, and ``stats`` went on counting the hand from its
    cache for good."""
    import json

    from scorekeeper.storage.database import games_folder
    from scorekeeper.storage.files import stats_file
    from scorekeeper.storage.statistics import sealed_cache

    new_game(cli)
    assert cli("hand", "--yes", *FIRST).exit_code == 0
    assert [side["hands"] for side in cli.json("stats")["teams"]] == [1, 1]
    cache = stats_file(db)  # its count made long after the folder's last change: trusted
    data = json.loads(cache.read_bytes().partition(b"\n")[2])
    data["checked_ns"] += 10**12
    cache.write_bytes(sealed_cache(json.dumps(data).encode()))
    assert cli("hand", "--yes", *SECOND).exit_code == 0  # brings the cache up to date, exact
    assert json.loads(cache.read_bytes().partition(b"\n")[2])["exact"] is True
    assert [side["hands"] for side in cli.json("stats")["teams"]] == [2, 2]
    folder = games_folder(db)
    seen = os.stat(folder)
    assert cli("backups", "restore", "1", "--yes").exit_code == 0  # the second hand goes
    os.utime(folder, ns=(seen.st_atime_ns, seen.st_mtime_ns))  # as a coarse clock shows it
    assert cli.json("show")["hands_played"] == 1
    teams = cli.json("stats")["teams"]
    assert [side["hands"] for side in teams] == [1, 1]
    assert [side["best_hand"] for side in teams] == [50, 60]


def test_statistics_after_a_change_interrupted_past_its_commit_point(cli, db, monkeypatch):
    """Red team round 16: a Ctrl-C (or a kill) once a hand was stored, before the statistics
    cache was brought up to date, left the cache of the games before it; within one tick of a
    coarse clock the games folder kept its look, and ``stats`` counted the hand out for good."""
    import json

    from scorekeeper.storage import statistics
    from scorekeeper.storage.database import games_folder
    from scorekeeper.storage.files import stats_file
    from scorekeeper.storage.statistics import sealed_cache

    new_game(cli)
    assert cli("hand", "--yes", *FIRST).exit_code == 0
    assert [side["hands"] for side in cli.json("stats")["teams"]] == [1, 1]
    cache = stats_file(db)
    data = json.loads(cache.read_bytes().partition(b"\n")[2])
    data["checked_ns"] += 10**12  # counted long after the folder's last change: trusted
    cache.write_bytes(sealed_cache(json.dumps(data).encode()))
    folder = games_folder(db)
    seen = os.stat(folder)

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt  # the Ctrl-C lands once the hand is stored

    with monkeypatch.context() as patched:
        patched.setattr(statistics, "update_lineups", interrupted)
        result = cli("hand", "--yes", *SECOND)
    assert result.exit_code == 0 and "Interrupted after the hand was stored" in result.stderr
    os.utime(folder, ns=(seen.st_atime_ns, seen.st_mtime_ns))  # as a coarse clock shows it
    assert [side["hands"] for side in cli.json("stats")["teams"]] == [2, 2]

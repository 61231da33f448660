"""The caches beside the database (summaries index, statistics per line-up) are used only while
the games folder shows no change, and are counted again after any write."""

from __future__ import annotations

import json

from scorekeeper.storage.index import lineup_records, newest, summaries


def play(cli, db, hands=1):
    assert cli("new", "classic", "--team", "Ann", "--team", "Bob").exit_code == 0
    for _ in range(hands):
        assert cli("hand", "m=100 nat=1 out", "m=50").exit_code == 0


def settle(path):
    """Pretend the last scan happened long after the folder's last change."""
    data = json.loads(path.read_text())
    data["checked_ns"] += 10**12
    path.write_text(json.dumps(data))
    return data


def test_statistics_cache_is_used_while_nothing_changed_and_recounted_after(cli, db):
    play(cli, db)
    # Ann: one hand of 100 + 500 + 100 = 700 (RULES.md §2).
    records = lineup_records(db)
    assert records[("classic", "Ann", ())].points == 700
    cache = db.with_name(db.name + ".stats.json")
    data = settle(cache)
    data["lineups"][0][3][5] = 12345  # a value no game has: seen only if the cache is used
    cache.write_text(json.dumps(data))
    key = ("classic", data["lineups"][0][1], tuple(data["lineups"][0][2]))
    assert lineup_records(db)[key].points == 12345
    assert cli("hand", "m=100 nat=1 out", "m=50").exit_code == 0  # the folder changes
    assert lineup_records(db)[("classic", "Ann", ())].points == 1400


def test_summaries_index_trusts_a_settled_folder_and_rescans_after_a_write(cli, db):
    play(cli, db)
    assert summaries(db)[0].sides[0].total == 700
    index = db.with_name(db.name + ".index.json")
    data = settle(index)
    data["games"]["1"][1]["label"] = "from the index"
    index.write_text(json.dumps(data))
    assert summaries(db)[0].label == "from the index"
    assert cli("hand", "m=100 nat=1 out", "m=50").exit_code == 0
    fresh = summaries(db)[0]
    assert fresh.label == "" and fresh.sides[0].total == 1400


def test_the_first_page_reads_the_newest_games_only(cli, db):
    for _ in range(3):
        play(cli, db)
    assert cli("delete", "2", "--yes").exit_code == 0
    page, more = newest(db, 1)
    assert [g.id for g in page] == [3] and more
    page, more = newest(db, 5)
    assert [g.id for g in page] == [3, 1] and not more

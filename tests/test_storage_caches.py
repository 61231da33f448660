"""The caches beside the database (summaries index, statistics per line-up) are used only while
the games folder shows no change; the statistics are brought up to date by the commands that
change games, and counted again when that cannot be done exactly."""

from __future__ import annotations

import json
import stat

import pytest

from scorekeeper.storage.index import entry_line, newest, summaries
from scorekeeper.storage.statistics import lineup_records, sealed_cache


def play(cli, db, hands=1):
    assert cli("new", "classic", "--team", "Ann", "--team", "Bob").exit_code == 0
    for _ in range(hands):
        assert cli("hand", "m=100 nat=1 out", "m=50").exit_code == 0


def new_game(cli, *teams):
    args = [x for team in teams or ("A", "B") for x in ("--team", team)]
    assert cli("new", "classic", *args).exit_code == 0


def read_stats(path):
    """The statistics cache's JSON after its header line (format 2)."""
    return json.loads(path.read_bytes().partition(b"\n")[2])


def write_stats(path, data):
    """Write the statistics cache holding ``data``, sealed as the cache seals itself."""
    path.write_bytes(sealed_cache(json.dumps(data).encode()))


def settle(path):
    """Pretend the last scan happened long after the folder's last change."""
    data = read_stats(path)
    data["checked_ns"] += 10**12
    write_stats(path, data)
    return data


def test_statistics_cache_is_used_while_nothing_changed_and_recounted_after(cli, db):
    play(cli, db)
    # Ann: one hand of 100 + 500 + 100 = 700 (RULES.md §2).
    records = lineup_records(db)
    assert records[("classic", "Ann", ())].points == 700
    cache = db.with_name(db.name + ".stats.json")
    data = settle(cache)
    data["lineups"][0][3][5] = 12345  # a value no game has: seen only if the cache is used
    data["lineups"][0][3][6] = 12345  # with a best hand that allows it (one hand of 12,345)
    write_stats(cache, data)  # sealed as the cache seals itself
    key = ("classic", data["lineups"][0][1], tuple(data["lineups"][0][2]))
    assert lineup_records(db)[key].points == 12345
    assert cli("hand", "m=100 nat=1 out", "m=50").exit_code == 0  # the folder changes
    assert lineup_records(db)[("classic", "Ann", ())].points == 1400


def test_summaries_index_trusts_a_settled_folder_and_rescans_after_a_write(cli, db):
    play(cli, db)
    assert [g.sides[0].total for g in summaries(db)] == [700]  # a whole pass writes the index
    index = db.with_name(db.name + ".index.json")
    # JSON lines: a header, then one game a line (["seal", id, identity, digest, summary])
    header, *lines = [json.loads(line) for line in index.read_text().splitlines()]
    header["checked_ns"] += 10**12  # as settle() does
    _, game_id, identity, digest, summary = lines[0]
    summary[3] = "from the index"  # the summary's label, sealed as the index writes a line
    line = entry_line(game_id, identity, digest, summary)
    index.write_bytes(json.dumps(header).encode() + b"\n" + line)
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


# -- statistics kept up to date by the commands that change games ------------------------------


def fresh_lineups(db):
    """The line-up records counted from every game file, as if there were no cache."""
    from scorekeeper.domain.stats import game_figures, lineups
    from scorekeeper.storage.database import open_store

    with open_store(db) as store:
        return lineups(game_figures(s.game) for s in store.all() if not s.deleted)


def stats_cache(db):
    path = db.with_name(db.name + ".stats.json")
    return read_stats(path) if path.exists() else None


def test_a_hand_brings_the_statistics_up_to_date_without_a_recount(cli, db, monkeypatch):
    play(cli, db, hands=2)
    lineup_records(db)
    settle(db.with_name(db.name + ".stats.json"))
    assert cli("hand", "m=120 r=1 h=10", "m=90 nat=1 out").exit_code == 0
    cache = stats_cache(db)
    assert cache["exact"] is True
    # the cache is used as it is: counting again would fail
    monkeypatch.setattr("scorekeeper.storage.index.summaries", None)
    records = lineup_records(db)
    # Ann: 700 + 700 + (120 + 100 for a red three - 10) = 1,610 in 3 hands, best 700;
    # Bob: 50 + 50 + (90 + 500 + 100) = 790, best 690 (RULES.md §2)
    ann, bob = records[("classic", "Ann", ())], records[("classic", "Bob", ())]
    assert (ann.games, ann.hands, ann.points, ann.best_hand, ann.red_threes) == (1, 3, 1610, 700, 1)
    assert (bob.hands, bob.points, bob.best_hand, bob.canastas) == (3, 790, 690, {"natural": 1})
    assert records == fresh_lineups(db)


OPERATIONS = (
    ("hand", "m=100 nat=1 out", "m=50"),
    ("hand", "m=60 h=20", "m=200 mix=1 r=2 out"),
    ("hand", "m=300 nat=2 out", "m=10 h=90"),
    ("undo",),
    ("redo",),
    ("edit", "1", "m=70 h=5", "m=150 nat=1 out"),
    ("delete", "--yes"),
    ("restore", "1"),
    ("new", "classic", "--team", "Cat", "--team", "Dan"),
    ("new", "classic", "--team", "Ann", "--team", "Bob"),
    ("resume", "1"),
)


def test_statistics_stay_what_a_full_count_gives_after_any_change(cli, db, monkeypatch):
    import random

    monkeypatch.setattr("scorekeeper.storage.files._SETTLED_NS", -(10**18))  # trust every count
    play(cli, db)
    rng = random.Random(7)
    kept = 0
    for _ in range(40):
        lineup_records(db)  # a count, or the kept records
        cli(*rng.choice(OPERATIONS))  # some are refused (nothing to undo, a game over): fine
        cache = stats_cache(db)
        kept += bool(cache and cache.get("exact"))
        assert lineup_records(db) == fresh_lineups(db)
    assert kept >= 10  # most changes kept the records up to date instead of counting again


def test_undoing_the_best_hand_lowers_the_best_hand_in_the_statistics(cli, db, monkeypatch):
    monkeypatch.setattr("scorekeeper.storage.files._SETTLED_NS", -(10**18))
    play(cli, db)  # game 1: Ann 700
    play(cli, db)  # game 2, the same line-up: Ann 700, then 300 + 1,000 + 100 = 1,400
    assert cli("hand", "m=300 nat=2 out", "m=10 h=90").exit_code == 0
    assert lineup_records(db)[("classic", "Ann", ())].best_hand == 1400
    assert cli("undo").exit_code == 0
    records = lineup_records(db)
    assert records[("classic", "Ann", ())].best_hand == 700
    assert records[("classic", "Bob", ())].best_hand == 50
    assert records == fresh_lineups(db)


def test_deleting_a_game_takes_its_figures_off_and_restoring_puts_them_back(cli, db, monkeypatch):
    monkeypatch.setattr("scorekeeper.storage.files._SETTLED_NS", -(10**18))
    play(cli, db)  # game 1: Ann 700, Bob 50
    assert cli("new", "classic", "--team", "Ann", "--team", "Cat").exit_code == 0
    assert cli("hand", "m=100 nat=1 out", "m=50").exit_code == 0  # game 2: Ann 700, Cat 50
    lineup_records(db)
    assert cli("delete", "2", "--yes").exit_code == 0
    records = lineup_records(db)
    assert ("classic", "Cat", ()) not in records
    assert records[("classic", "Ann", ())].games == 1
    assert cli("restore", "2").exit_code == 0
    records = lineup_records(db)
    assert records[("classic", "Ann", ())].games == 2
    assert records[("classic", "Cat", ())].points == 50
    assert records == fresh_lineups(db)


def test_a_damaged_statistics_cache_never_fails_a_hand(cli, db, monkeypatch):
    monkeypatch.setattr("scorekeeper.storage.files._SETTLED_NS", -(10**18))
    play(cli, db)
    lineup_records(db)
    path = db.with_name(db.name + ".stats.json")
    data = read_stats(path)
    for row in data["lineups"]:
        row[3][1] = "many"  # games: not a number
    write_stats(path, data)
    result = cli("hand", "m=100 nat=1 out", "m=50")
    assert result.exit_code == 0, result.output
    assert not path.exists()  # dropped, to be counted again
    assert lineup_records(db)[("classic", "Ann", ())].points == 1400


def test_a_cache_that_could_not_be_read_is_written_back_readable(cli, db):
    new_game(cli)
    assert cli("hand", "--yes", "m=100 nat=1 out", "m=50").exit_code == 0
    assert cli("stats").exit_code == 0
    cache = db.with_name(db.name + ".stats.json")
    cache.chmod(0)
    assert cli("hand", "--yes", "m=100 nat=1 out", "m=50").exit_code == 0
    assert cli("stats").exit_code == 0
    assert stat.S_IMODE(cache.stat().st_mode) & 0o600 == 0o600


@pytest.mark.parametrize("counted_between", [False, True])
def test_stats_shows_a_side_as_spelled_in_the_most_recent_game(
    cli, db, monkeypatch, counted_between
):
    monkeypatch.setattr("scorekeeper.storage.files._SETTLED_NS", -(10**18))
    assert cli("new", "classic", "--team", "Ann & Bob", "--team", "Cat").exit_code == 0
    assert cli("hand", "m=100 nat=1 out", "m=50").exit_code == 0
    if counted_between:
        lineup_records(db)  # then kept up to date by the next game's hand
    assert cli("new", "classic", "--team", "ann &  bob", "--team", "Cat").exit_code == 0
    assert cli("hand", "m=100 nat=1 out", "m=50").exit_code == 0
    teams = json.loads(cli("stats", "--json").stdout)["teams"]
    ann = next(t for t in teams if t["team"].casefold().startswith("ann"))
    assert ann["team"] == "ann &  bob" and ann["games"] == 2 and ann["wins"] == 0

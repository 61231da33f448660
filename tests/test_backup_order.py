"""Which backups are the newest, listed first and kept (README, "Backups"), goes by the time a
backup's name says it was taken, never by the files' modification times, which a copy of the
folder (``cp -r``) gives anew (red team: the next change then let a recent backup go instead
of the oldest). Names go up with every backup kept: one taken while the clock reads earlier
than the newest backup's name (a clock set back) is named the microsecond after it, so the
order never changes as time passes (red team: a backup named a few seconds ahead moved from
last to first once its time came)."""

from __future__ import annotations

import os
import shutil
from datetime import UTC, datetime
from pathlib import Path

import pytest
from conftest import new_game


def write_backups(cli) -> list[dict]:
    return [b for b in cli.json("backups")["backups"] if b["kind"] == "write"]


def ten_backups(cli, db: Path) -> list[dict]:
    new_game(cli)
    while len(write_backups(cli)) < 10:
        assert cli("hand", "--yes", "m=50", "m=50").exit_code == 0
    return write_backups(cli)


def test_modification_times_a_copy_scrambled_never_choose_which_backup_goes(cli, db):
    before = ten_backups(cli, db)
    folder = db.with_name(db.name + ".backups")
    for i, backup in enumerate(before):  # the newest now looks the oldest, and so on
        os.utime(folder / backup["file"], (1_000_000 + i, 1_000_000 + i))
    assert cli("hand", "--yes", "m=50", "m=50").exit_code == 0
    after = write_backups(cli)
    assert len(after) == 10
    # the oldest went, and the nine newest stay, after the backup just kept
    assert [b["file"] for b in after[1:]] == [b["file"] for b in before[:9]]
    assert sorted(os.listdir(folder)) == sorted(b["file"] for b in after)


def test_backups_taken_after_the_clock_was_set_back_are_named_after_the_newest(cli, db):
    before = ten_backups(cli, db)
    folder = db.with_name(db.name + ".backups")
    for backup in before[:7]:  # the seven newest taken "in 2099", then the clock set back
        shutil.move(folder / backup["file"], folder / ("2099" + backup["file"][4:]))
    ahead = [b["file"] for b in write_backups(cli)]
    assert ahead == ["2099" + b["file"][4:] for b in before[:7]] + [
        b["file"] for b in before[7:]
    ]  # the order they were taken in, though named for a time to come
    for _ in range(3):
        assert cli("hand", "--yes", "m=50", "m=50").exit_code == 0
    after = [b["file"] for b in write_backups(cli)]
    # the three just taken are named after the newest and come first; the three oldest went
    assert len(after) == 10 and after[3:] == ahead[:7]
    assert all(name > ahead[0] for name in after[:3]) and after[:3] == sorted(after[:3])[::-1]
    hands = cli.json("status")["hands_played"]
    assert cli("backups", "restore", "1", "--yes").exit_code == 0  # the state before the last
    assert cli.json("status")["hands_played"] == hands - 1


@pytest.mark.parametrize(
    "name",
    [
        "20261399T256099.000000Z.json",  # month 13, hour 25: planted by hand
        "99991231T235959.999999Z.json",  # no name could follow it (red team)
        "22000101T000000.000000Z.json",  # more than a century ahead: no clock wrote it
    ],
)
def test_a_name_of_no_possible_time_counts_as_the_oldest(cli, db, name):
    before = ten_backups(cli, db)
    folder = db.with_name(db.name + ".backups")
    odd = folder / name
    shutil.copyfile(folder / before[0]["file"], odd)
    # the eleventh, and the oldest: not listed, and the first to go
    assert [b["file"] for b in write_backups(cli)] == [b["file"] for b in before]
    assert cli("hand", "--yes", "m=50", "m=50").exit_code == 0
    after = [b["file"] for b in write_backups(cli)]
    assert after[1:] == [b["file"] for b in before[:9]] and not odd.exists()
    assert after[0][:4] == datetime.now(UTC).strftime("%Y")  # named by the clock, not after it


def test_names_of_backups_that_are_no_plain_file_never_take_a_kept_place(cli, db):
    # red team: a folder or link so named counted among the ten, pushing real backups out of
    # the list, and a change then let real ones go; a broken link made the listing's numbers
    # and restore's differ; a link to itself made the listing fail
    before = ten_backups(cli, db)
    folder = db.with_name(db.name + ".backups")
    odd = ["20261231T000000.000000Z.json", "20991231T000000.000000Z.json"]
    (folder / odd[0]).mkdir()
    (folder / odd[1]).symlink_to(folder / "nowhere.json")
    loop = folder / "20991231T000001.000000Z.json"
    loop.symlink_to(loop)
    listed = cli.json("backups")["backups"]
    readable = [b["file"] for b in listed if b["kind"] == "write" and not b["error"]]
    assert readable == [b["file"] for b in before]  # all ten, newest first
    assert sorted(b["file"] for b in listed if b["error"]) == sorted([*odd, loop.name])
    assert cli("hand", "--yes", "m=50", "m=50").exit_code == 0
    listed = cli.json("backups")["backups"]
    readable = [b for b in listed if b["kind"] == "write" and not b["error"]]
    assert [b["file"] for b in readable[1:]] == [b["file"] for b in before[:9]]
    assert (folder / odd[0]).is_dir() and os.path.islink(loop)  # never removed
    hands = cli.json("status")["hands_played"]
    number = readable[0]["number"]  # the backup before the last change
    assert cli("backups", "restore", str(number), "--yes").exit_code == 0
    assert cli.json("status")["hands_played"] == hands - 1


def test_a_leftover_that_cannot_go_stops_no_other_from_going(cli, db, monkeypatch):
    # red team: a folder named as a kill's leftover (".a~pending.tmp"), met first, stopped the
    # clean-up of the backups folder, so a stored change's pending backup never came in place
    from scorekeeper.storage import files

    ten_backups(cli, db)
    folder = db.with_name(db.name + ".backups")
    stuck, stale = folder / ".a~pending.tmp", folder / ".b~pending.tmp"
    stuck.mkdir()
    stale.write_bytes(b"{}")
    real_glob = Path.glob
    monkeypatch.setattr(Path, "glob", lambda self, pattern: [stuck, *real_glob(self, pattern)])
    files.remove_stale_temporary_files(db)
    assert stuck.is_dir() and not stale.exists()


def test_a_name_a_century_ahead_is_not_followed(cli, db):
    # red team: a backup named for 9999-12-31 23:59:59.999998 made the next one the last name
    # there is, after which every backup was named by the clock, below it for good
    before = ten_backups(cli, db)
    folder = db.with_name(db.name + ".backups")
    late = "99981231T235959.999999Z.json"  # the latest a name may follow
    shutil.copyfile(folder / before[0]["file"], folder / late)
    for _ in range(2):
        assert cli("hand", "--yes", "m=50", "m=50").exit_code == 0
    after = [b["file"] for b in write_backups(cli)]
    assert not any(name.startswith("9999") for name in os.listdir(folder))
    hands = cli.json("status")["hands_played"]
    assert cli("backups", "restore", "1", "--yes").exit_code == 0
    assert cli.json("status")["hands_played"] == hands - 1, after

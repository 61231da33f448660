"""Which backups are the newest, listed first and kept (README, "Backups"), goes by the time a
backup's name says it was taken, never by the files' modification times, which a copy of the
folder (``cp -r``) gives anew (red team: the next change then let a recent backup go instead
of the oldest). A backup named for a later time than now was taken while the clock ran ahead:
it counts as older than those taken since the clock was set back."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

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


def test_backups_named_while_the_clock_ran_ahead_never_push_recent_ones_out(cli, db):
    before = ten_backups(cli, db)
    folder = db.with_name(db.name + ".backups")
    ahead = []
    for backup in before[3:]:  # seven taken "in 2099", then the clock set back
        name = "2099" + backup["file"][4:]
        shutil.move(folder / backup["file"], folder / name)
        ahead.append(name)
    for _ in range(3):
        assert cli("hand", "--yes", "m=50", "m=50").exit_code == 0
    after = [b["file"] for b in write_backups(cli)]
    assert len(after) == 10
    # the three just taken and the three real ones before them come first; "2099" ones last
    assert after[3:6] == [b["file"] for b in before[:3]]
    assert all(name.startswith("2099") for name in after[6:])
    assert cli("backups", "restore", "1", "--yes").exit_code == 0  # the state before the last


def test_names_of_backups_that_are_no_plain_file_keep_the_listing_at_ten(cli, db):
    ten_backups(cli, db)
    folder = db.with_name(db.name + ".backups")
    (folder / "20991231T000000.000000Z.json").mkdir()
    (folder / "20991231T000001.000000Z.json").symlink_to(db)
    assert len(write_backups(cli)) == 10
    assert cli("hand", "--yes", "m=50", "m=50").exit_code == 0
    assert len(write_backups(cli)) == 10
    assert (folder / "20991231T000000.000000Z.json").is_dir()  # never removed

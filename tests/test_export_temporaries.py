"""A temporary file that a killed ``export -o`` left beside its file is removed by the next
write of that file once it is stale (a minute old, so a write another command is making is
never cut short); temporary files of other names are never touched."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

from conftest import new_game
from test_export_atomic import needs_strace, traced

from scorekeeper.temporaries import STALE_AFTER


def temporaries(folder: Path) -> set[str]:
    return {p.name for p in folder.iterdir() if p.name.endswith(".tmp")}


def aged(path: Path, seconds: float) -> None:
    then = time.time() - seconds
    os.utime(path, (then, then))


def test_a_stale_temporary_of_the_export_is_removed_and_no_other(cli, tmp_path):
    new_game(cli)
    out = tmp_path / "out.csv"
    stale = tmp_path / ".out.csv~k3x9q_2a.tmp"  # the name a killed write of out.csv leaves
    fresh = tmp_path / ".out.csv~z8y7w6v5.tmp"  # one another command is writing right now
    others = [
        tmp_path / ".out.csv.b~k3x9q_2a.tmp",  # another file's (out.csv.b)
        tmp_path / ".out.csv~game-1-k3x9q_2a.tmp",  # a database named out.csv's game file
        tmp_path / ".xout.csv~k3x9q_2a.tmp",
    ]
    for path in (stale, fresh, *others):
        path.write_bytes(b"half an export")
    for path in (stale, *others):
        aged(path, STALE_AFTER + 60)
    folder = tmp_path / ".out.csv~abcdefgh.tmp"  # a folder is never a temporary file
    folder.mkdir()
    aged(folder, STALE_AFTER + 60)
    result = cli("export", "1", "--format", "csv", "-o", str(out))
    assert result.exit_code == 0, result.output
    assert out.read_bytes().startswith(b"game,")
    assert temporaries(tmp_path) == {p.name for p in (fresh, folder, *others)}


@needs_strace
def test_the_temporary_a_kill_left_goes_with_the_next_export(cli, db, tmp_path):
    new_game(cli)
    env = {**os.environ, "SCOREKEEPER_DB": str(db), "NO_COLOR": "1", "SCOREKEEPER_LANG": "en"}
    out = tmp_path / "out.json"
    killed = traced("rename:signal=SIGKILL:when=1", "export", "1", "-o", str(out), env=env)
    assert killed.returncode == -signal.SIGKILL or killed.returncode == 128 + signal.SIGKILL
    assert not out.exists()
    (left,) = (tmp_path / name for name in temporaries(tmp_path))
    aged(left, STALE_AFTER + 1)
    again = cli("export", "1", "-o", str(out))
    assert again.exit_code == 0, again.output
    assert out.exists() and temporaries(tmp_path) == set()

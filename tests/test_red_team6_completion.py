"""Shell completion checks the database as every command does (issue 18): a ``--db`` (or
SCOREKEEPER_DB) that is a device, a FIFO, or a game file that is no plain file offers
nothing, at once: it never reads ``/dev/zero`` into memory nor waits on a FIFO (a TAB must
not freeze the shell)."""

from __future__ import annotations

import os
import resource
import subprocess

import pytest

from scorekeeper.storage import files
from tests.test_completion import env as env  # the same clean environment, as a fixture
from tests.test_installed_script import script


def _limit() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (1_000_000_000, 1_000_000_000))


def bash(line: str, env, timeout: float = 20) -> list[str]:
    """What bash is offered for the last word of ``line`` through the installed script, and
    nothing else (memory limited to 1 GB; a wait past ``timeout`` seconds fails the test)."""
    words = line.split(" ")
    extra = {
        "_SCOREKEEPER_COMPLETE": "complete_bash",
        "COMP_WORDS": line,
        "COMP_CWORD": str(len(words) - 1),
    }
    r = subprocess.run(
        [script() or "scorekeeper"],
        capture_output=True,
        text=True,
        env={**env, **extra},
        timeout=timeout,
        preexec_fn=_limit,
    )
    assert r.returncode == 0, r.stderr
    assert r.stderr == ""
    return [w for w in r.stdout.split("\n") if w]


@pytest.fixture
def games(cli):
    assert cli("new", "classic", "--team", "Ann", "--team", "Bob").exit_code == 0
    assert cli("new", "classic", "--team", "Cat", "--team", "Dan").exit_code == 0


def test_a_plain_database_still_completes(env, db, games):
    assert bash(f"scorekeeper --db {db} resume ", env) == ["2", "1"]


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
@pytest.mark.parametrize(
    "line",
    [
        "scorekeeper --db /dev/zero resume ",
        "scorekeeper resume --db /dev/zero ",
        "scorekeeper --db /dev/zero edit 1 --side ",
        "scorekeeper --db /dev/zero restore ",
    ],
)
def test_a_device_as_database_offers_nothing_quickly(env, line):
    offered = bash(line, env)
    assert offered == []


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
@pytest.mark.parametrize("where", ["--db", "SCOREKEEPER_DB"])
def test_a_fifo_as_database_offers_nothing_and_never_waits(env, tmp_path, where):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    if where == "--db":
        line = f"scorekeeper --db {fifo} resume "
    else:
        env = {**env, "SCOREKEEPER_DB": str(fifo)}
        line = "scorekeeper edit 1 --side "
    offered = bash(line, env, timeout=20)  # a wait on the FIFO would time out
    assert offered == []


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_game_file_that_is_a_fifo_is_left_out(env, db, games):
    fifo = files.game_file(db, 2)
    fifo.unlink()
    os.mkfifo(fifo)
    offered = bash("scorekeeper resume ", env, timeout=20)
    assert offered == ["1"]  # game 2's file is no plain file: left out, never waited on

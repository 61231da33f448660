"""``serve``'s web stack is imported by ``serve`` alone (issue 16): every other command, and
``serve --help``, starts as before. The imports are listed by ``python -X importtime``."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from test_startup import WEB, imported


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    """A database with one game (``imported`` keeps it in ``db.json`` of this folder)."""
    path = tmp_path_factory.mktemp("startup")
    env = {**os.environ, "SCOREKEEPER_DB": str(path / "db.json")}
    new = [sys.executable, "-m", "scorekeeper", "new", "classic", "--team", "A", "--team", "B"]
    subprocess.run(new, env=env, capture_output=True, check=True, timeout=60)
    return path


@pytest.mark.parametrize(
    "args",
    [
        ("status", "--json"),
        ("show",),
        ("hand", "--yes", "m=120 nat=1 out", "m=90 h=20"),
        ("serve", "--help"),
    ],
    ids=lambda a: " ".join(a[:2]),
)
def test_other_commands_do_not_import_the_web_stack(args, folder):
    names = imported(*args, tmp_path=folder)
    assert not [name for name in WEB if name in names]


def test_the_check_sees_the_web_stack_where_it_is_imported():
    # the server's application imports Starlette: the check above can fail
    program = "from scorekeeper.presentation import live; live.application(None)"
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", program],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr[-500:]
    tops = {
        line.rsplit("|", 1)[1].strip().split(".")[0]
        for line in done.stderr.splitlines()
        if line.startswith("import time:") and line.count("|") == 2
    }
    assert {"starlette", "anyio"} <= tops

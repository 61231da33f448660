"""Quick commands stay quick: ``--help`` and ``minimum`` never load the storage, plotting or
locking libraries (issue 7; README, "Benchmark"). Not timed: the imports are listed by
``python -X importtime`` and checked by name."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

HEAVY = ("tinydb", "plotext", "filelock")
#: The web stack, the QR library and their own dependencies: ``serve`` alone imports them.
WEB = ("starlette", "uvicorn", "anyio", "h11", "segno")


def imported(*args: str, tmp_path) -> set[str]:
    """Top-level names of every module a fresh ``python -m scorekeeper ARGS`` imports."""
    env = {**os.environ, "SCOREKEEPER_DB": str(tmp_path / "db.json")}
    env["SCOREKEEPER_CONFIG"] = str(tmp_path / "config")
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "scorekeeper", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr[-500:]
    names = set()
    for line in done.stderr.splitlines():
        if line.startswith("import time:") and line.count("|") == 2:
            names.add(line.rsplit("|", 1)[1].strip().split(".")[0])
    assert "scorekeeper" in names  # the listing was read
    return names


@pytest.mark.parametrize(
    "args",
    [("--help",), ("minimum", "--variant", "classic", "--score", "1500")],
    ids=["help", "minimum"],
)
def test_quick_commands_do_not_import_storage_plotting_or_locking(args, tmp_path):
    names = imported(*args, tmp_path=tmp_path)
    assert not [name for name in HEAVY + WEB if name in names]


def test_the_check_sees_a_library_that_is_imported(tmp_path):
    # new writes the database through TinyDB, so TinyDB is among its imports: the test above
    # can fail (a command that only reads, like games, no longer loads it)
    assert "tinydb" in imported("new", "classic", "--team", "A", "--team", "B", tmp_path=tmp_path)

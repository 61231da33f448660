"""A command reads the files it is given before it takes the database's lock (issue 18: `hand
--file FIFO` held the lock while the pipe had no writer, so every other command stopped with
"database busy" after 10 seconds).

And a hand that would take a side's total beyond the bound of every number (a billion points)
is refused, so every stored game can be exported and imported again.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(sys.executable).with_name("scorekeeper")


def test_hand_waiting_on_a_pipe_leaves_the_database_free(cli, db, tmp_path):
    assert cli("new", "classic", "--team", "Ann", "--team", "Bob").exit_code == 0
    pipe = tmp_path / "entry.json"
    os.mkfifo(pipe)
    env = {**os.environ, "SCOREKEEPER_DB": str(db)}
    waiting = subprocess.Popen(
        [str(SCRIPT), "hand", "--yes", "--file", str(pipe)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        result = cli("hand", "--yes", "m=90", "m=50")  # never "database busy"
        assert result.exit_code == 0, result.output
        entry = {"teams": [{"meld_points": 50}, {"meld_points": 70}]}
        with open(pipe, "w", encoding="utf-8") as handle:  # the pipe's writer: it goes on
            json.dump(entry, handle)
        _out, err = waiting.communicate(timeout=60)
    finally:
        waiting.kill()
    assert waiting.returncode == 0, (err, _out)
    hands = cli.json("show")["hands"]
    assert [[t["meld_points"] for t in h["teams"]] for h in hands] == [[90, 50], [50, 70]]


def test_a_hand_taking_a_total_past_a_billion_is_refused(cli, db):
    # a natural canasta worth 600,000,000: two of them take A past the bound of every total
    start = ("new", "classic", "--team", "A", "--team", "B")
    bonus = ("--set", "canastas.natural.bonus=600000000", "--set", "target=1000000000")
    assert cli(*start, *bonus).exit_code == 0
    assert cli("hand", "--yes", "m=50 nat=1 out", "m=10").exit_code == 0
    result = cli("hand", "--yes", "m=50 nat=1 out", "m=10")
    assert result.exit_code == 1, result.output
    assert "A's total after hand 2" in result.stderr and "1,000,000,000" in result.stderr
    assert len(cli.json("show")["hands"]) == 1


def test_a_pipe_among_the_variant_files_never_makes_a_command_wait(cli, db, monkeypatch, tmp_path):
    config = tmp_path / "config"
    (config / "variants").mkdir(parents=True)
    os.mkfifo(config / "variants" / "pipe.toml")
    monkeypatch.setenv("SCOREKEEPER_CONFIG", str(config))
    listed = cli("variants")
    assert listed.exit_code == 0 and "classic" in listed.output
    result = cli("new", "pipe", "--team", "A", "--team", "B")
    assert result.exit_code == 3
    assert "is not a plain file" in result.stderr
    assert cli("new", "classic", "--team", "A", "--team", "B").exit_code == 0


def make_odd(file: Path, kind: str) -> None:
    if kind == "pipe":
        os.mkfifo(file)
    else:
        file.symlink_to("/dev/zero")


@pytest.mark.parametrize("kind", ["pipe", "zeros"])
def test_a_journal_that_is_a_pipe_or_a_device_is_refused_at_once(cli, db, kind):
    """Issue 18: a journal made a pipe hung every command (the lock held); one linked to
    /dev/zero filled the memory."""
    assert cli("new", "classic", "--team", "Ann", "--team", "Bob").exit_code == 0
    make_odd(db.with_name(db.name + ".journal"), kind)
    for command in (("hand", "--yes", "m=90", "m=50"), ("status",), ("games",)):
        result = cli(*command)
        assert result.exit_code == 3, (command, result.output)
        assert "journal" in result.stderr and "internal" not in result.stderr


@pytest.mark.parametrize("kind", ["pipe", "zeros"])
def test_a_statistics_cache_that_is_a_pipe_or_a_device_is_counted_again(cli, db, kind):
    assert cli("new", "classic", "--team", "Ann", "--team", "Bob").exit_code == 0
    assert cli("hand", "--yes", "m=100 nat=1 out", "m=50").exit_code == 0
    cache = db.with_name(db.name + ".stats.json")
    cache.unlink(missing_ok=True)
    make_odd(cache, kind)
    result = cli("stats", "--json")
    assert result.exit_code == 0, result.output
    ann = next(t for t in json.loads(result.stdout)["teams"] if t["team"] == "Ann")
    assert ann["best_hand"] == 700  # RULES.md §2: 100 + 500 + 100


@pytest.mark.parametrize("kind", ["pipe", "zeros", "large"])
def test_a_game_file_that_is_a_pipe_a_device_or_too_large_is_refused_at_once(cli, db, kind):
    """Red team round 14: a game file made a pipe hung every command (a writer holding the
    lock); one linked to /dev/zero filled the memory; one of 200 MiB was read whole and used.
    A game file is read as a plain file of at most 8 MiB (README, "Exit codes")."""
    for teams in (("Ann", "Bob"), ("Cy", "Di")):
        assert cli("new", "classic", "--team", teams[0], "--team", teams[1]).exit_code == 0
        assert cli("hand", "--yes", "m=90", "m=50").exit_code == 0
    file = db.with_name(db.name + ".games") / "2.json"
    if kind == "large":
        file.write_bytes(file.read_bytes() + b" " * (8 * 1024 * 1024))
    else:
        file.unlink()
        make_odd(file, kind)
    commands = (("status",), ("show", "2"), ("games",), ("games", "--all", "--json"), ("stats",))
    for command in (*commands, ("hand", "--yes", "m=90", "m=50"), ("backups", "restore", "1")):
        result = cli(*command, "--yes") if command[0] == "backups" else cli(*command)
        assert result.exit_code == 3, (command, result.output)
        assert "2.json" in result.stderr and "internal" not in result.stderr
    assert cli("show", "1").exit_code == 0  # the other game is read as ever


def test_a_restore_onto_a_database_path_that_is_a_pipe_is_refused_at_once(cli, db):
    """Red team round 14: ``backups restore`` opened a database path that is a pipe, waiting
    for a writer with the lock held; every other command refuses such a path at once."""
    assert cli("new", "classic", "--team", "Ann", "--team", "Bob").exit_code == 0
    assert cli("hand", "--yes", "m=90", "m=50").exit_code == 0
    db.unlink()
    os.mkfifo(db)
    result = cli("backups", "restore", "1", "--yes")
    assert result.exit_code == 3, result.output
    assert "not a regular file" in result.stderr

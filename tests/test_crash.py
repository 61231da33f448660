"""Killing a command at any moment loses nothing (issue 6, "Tests": crash).

A subprocess records hands one after another through the real command line and reports each
hand the command said it recorded; it is killed with SIGKILL at a random moment, many times.
After every kill the database must load, and every reported hand must be in it exactly once.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time

from scorekeeper.storage.database import open_store, read_database, read_game_file

#: Records hands in a loop through the command line (as ``scorekeeper hand --yes``), writing
#: "ok NOTE" on the original standard output once a command has exited 0. argv: tag, count
#: (0 = until killed).
DRIVER = r"""
import os, sys
tag, count = sys.argv[1], int(sys.argv[2])
report = os.fdopen(os.dup(1), "w", buffering=1)
quiet = os.open(os.devnull, os.O_WRONLY)
os.dup2(quiet, 1)
os.dup2(quiet, 2)
from scorekeeper.cli import app
n = 0
while count == 0 or n < count:
    note = f"{tag}-{n}"
    try:
        app(["hand", "--yes", "--note", note, "m=50", "m=50"])
        code = 0
    except SystemExit as done:
        code = done.code or 0
    if code == 0:
        report.write(f"ok {note}\n")
        n += 1
    elif code not in (1, 4):  # 1: another process recorded first; 4: busy. Anything else: stop
        report.write(f"failed {note} {code}\n")
        break
"""

KILLS = 25


def start(env, tag: str, count: int = 0) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-c", DRIVER, tag, str(count)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )


def reported(output: str) -> list[str]:
    """Notes of the hands reported recorded (complete lines only)."""
    lines = output.split("\n")[:-1]  # a last line without its newline was cut by the kill
    assert not [line for line in lines if line.startswith("failed")], lines
    return [line.split()[1] for line in lines if line.startswith("ok ")]


def stored_notes(db) -> list[str]:
    with open_store(db) as store:
        game = store.current().game
    return [hand.note for hand in game.hands]


def test_killed_at_random_moments_nothing_reported_is_lost(cli, db):
    result = cli("new", "classic", "--team", "A", "--team", "B", "--target", "10000000")
    assert result.exit_code == 0
    env = {**os.environ, "SCOREKEEPER_DB": str(db)}
    seed = int.from_bytes(os.urandom(4), "big")
    rng = random.Random(seed)
    everything_reported: list[str] = []
    for round_ in range(KILLS):
        proc = start(env, f"r{round_}")
        # once the first hand is reported (start-up done, however busy the machine), kill it
        # at a random moment of the hands that follow
        first = proc.stdout.readline()
        time.sleep(rng.uniform(0.0, 0.4))
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
        # read through the same buffered reader: readline may have read past its line, and
        # communicate() reads the pipe itself, missing what that buffer holds
        output = proc.stdout.read()
        proc.stdout.close()
        everything_reported += reported(first + output)
        read_database(db)  # the files always load: raise DataFileError otherwise
        read_game_file(db, 1)
        notes = stored_notes(db)
        missing = [n for n in everything_reported if n not in notes]
        assert not missing, f"seed {seed}, round {round_}: reported but not stored: {missing}"
        assert len(notes) == len(set(notes)), f"seed {seed}: a hand stored twice"
        assert len(notes) <= len(everything_reported) + round_ + 1  # one in flight per kill
    assert len(everything_reported) >= KILLS, f"seed {seed}: the kills came too early to test"
    # The lock is free and the game goes on; temporary files of killed writes are cleared.
    assert cli("hand", "m=50", "m=50").exit_code == 0
    assert not list(db.parent.glob(f".{db.name}~*.tmp"))
    hands = read_game_file(db, 1)["hands"]
    assert [h["entries"] for h in hands] == [[{"meld_points": 50}, {"meld_points": 50}]] * len(
        hands
    )

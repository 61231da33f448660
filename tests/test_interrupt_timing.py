"""A Ctrl-C at a random moment of ``hand`` through the installed console script says what it
left stored (issue 18, point 1: 4 of 150 random Ctrl-Cs said "nothing was changed" of a hand
that was stored)."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time

from scorekeeper.storage.database import read_game_file

ROUNDS = 14


def script() -> list[str]:
    beside = os.path.join(os.path.dirname(sys.executable), "scorekeeper")
    return [beside] if os.access(beside, os.X_OK) else [sys.executable, "-m", "scorekeeper"]


def test_a_ctrl_c_at_a_random_moment_says_what_was_stored(db):
    env = {**os.environ, "SCOREKEEPER_DB": str(db)}
    made = subprocess.run(
        [*script(), "new", "classic", "--team", "A", "--team", "B", "--target", "100000000"],
        env=env,
        capture_output=True,
        timeout=60,
    )
    assert made.returncode == 0
    seed = int.from_bytes(os.urandom(4), "big")
    rng = random.Random(seed)
    # a first run tells how long a hand takes here; the Ctrl-Cs spread over that time
    began = time.monotonic()
    ran = subprocess.run(
        [*script(), "hand", "--yes", "--note", "warm", "m=50", "m=50"],
        env=env,
        capture_output=True,
        timeout=60,
    )
    assert ran.returncode == 0
    took = time.monotonic() - began
    for round_ in range(ROUNDS):
        note = f"r{round_}"
        proc = subprocess.Popen(
            [*script(), "hand", "--yes", "--note", note, "m=50", "m=50"],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        time.sleep(rng.uniform(0.4, 1.1) * took)
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=60)
        notes = [h["note"] for h in read_game_file(db, 1)["hands"]]
        stored = notes.count(note)
        assert stored in (0, 1), f"seed {seed}: hand {note} stored {stored} times"
        said = f"seed {seed}, round {round_}: exit {proc.returncode}, {err!r}"
        if "Interrupted after the hand was stored" in err:
            assert proc.returncode == 0 and stored == 1, said
        elif "Interrupted: nothing was changed." in err:
            assert proc.returncode == 130 and stored == 0, said
        elif proc.returncode == 0:
            assert stored == 1, said
        else:  # Python itself was still starting: nothing of scorekeeper ran
            assert stored == 0, said
            assert "scorekeeper/cli" not in err and "Error:" not in err, said

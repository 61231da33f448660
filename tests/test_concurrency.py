"""Several terminals recording into one game at once (issue 6, "Tests": concurrency).

Four processes each record ten hands into the same game through the real command line. Every
hand a command reported recorded is stored exactly once, and the file is a valid database at
every moment it is looked at while they run.
"""

from __future__ import annotations

import os
import time
from collections import Counter

from test_crash import reported, start, stored_notes

from scorekeeper.storage.database import read_database, read_game_file

PROCESSES = 4
HANDS_EACH = 10


def test_four_processes_recording_at_once(cli, db):
    result = cli("new", "classic", "--team", "A", "--team", "B", "--target", "10000000")
    assert result.exit_code == 0
    env = {**os.environ, "SCOREKEEPER_DB": str(db)}
    procs = [start(env, f"p{i}", HANDS_EACH) for i in range(PROCESSES)]
    looks = 0
    last = 0
    deadline = time.monotonic() + 120
    while any(p.poll() is None for p in procs) and time.monotonic() < deadline:
        assert read_database(db) is not None  # DataFileError if a reader saw a partial file
        game = read_game_file(db, 1)
        assert game is not None
        count = len(game["hands"])
        assert count >= last  # no hand ever disappears
        last = count
        looks += 1
        time.sleep(0.005)
    outputs = [p.communicate(timeout=30)[0] for p in procs]
    assert all(p.returncode == 0 for p in procs)
    notes = stored_notes(db)
    everything = [note for out in outputs for note in reported(out)]
    assert len(everything) == PROCESSES * HANDS_EACH
    assert Counter(notes) == Counter(everything)  # each reported hand stored exactly once
    assert looks > 10
    # Each process's hands are in the order it recorded them.
    for i in range(PROCESSES):
        mine = [n for n in notes if n.startswith(f"p{i}-")]
        assert mine == [f"p{i}-{j}" for j in range(HANDS_EACH)]

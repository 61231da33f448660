"""Benchmark: how long ``scorekeeper show`` takes to print a 10-hand classic score sheet.

Run it from the project folder with the project installed (``python benchmarks/sheet.py``).
It records one classic game of 10 hands through the CLI into a temporary database (``--db``),
then reports medians over many fresh processes: the whole ``scorekeeper show`` command,
``print_sheet`` alone (timed inside a fresh process, so importing Rich's table modules and
Rich's first-use costs are counted), and ``print_sheet`` once those modules are imported.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HANDS = 10

PRINT_SHEET = """
import sys, time
if sys.argv[2] == "imported":
    import rich.box, rich.table, rich.text
from scorekeeper.presentation.console import console
from scorekeeper.presentation.sheet import print_sheet
from scorekeeper.storage.database import open_store

with open_store(sys.argv[1]) as store:
    stored = store.current(None)
con = console()
start = time.perf_counter()
print_sheet(con, stored)
print((time.perf_counter() - start) * 1000, file=sys.stderr)
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=41, help="timed runs per figure (median)")
    parser.add_argument("--width", type=int, default=80, help="terminal columns (COLUMNS)")
    args = parser.parse_args()
    exe = shutil.which("scorekeeper")
    if not exe:
        raise SystemExit("install scorekeeper first (README, 'Set up'): no scorekeeper command")
    work = Path(tempfile.mkdtemp(prefix="scorekeeper-sheet-"))
    env = {k: v for k, v in os.environ.items() if not k.startswith("SCOREKEEPER")}
    env.update(SCOREKEEPER_CONFIG=str(work / "config"), NO_COLOR="1", COLUMNS=str(args.width))
    db = str(work / "scores.json")
    try:

        def run(*argv: str) -> None:
            subprocess.run([exe, *argv, "--db", db], env=env, check=True, capture_output=True)

        run("new", "classic", "--team", "Ann & Bob", "--team", "Cat & Dan")
        for _ in range(HANDS):
            run("hand", "--yes", "meld=120 hand=10", "meld=90 red=1 hand=25")
        shows: list[float] = []
        sheets: dict[str, list[float]] = {"cold": [], "imported": []}
        for i in range(args.runs + 1):
            start = time.perf_counter()
            run("show")
            elapsed = (time.perf_counter() - start) * 1000
            if i:  # the first run warms caches
                shows.append(elapsed)
            for how, times in sheets.items():
                out = subprocess.run(
                    [sys.executable, "-c", PRINT_SHEET, db, how],
                    env=env,
                    capture_output=True,
                    text=True,
                )
                if out.returncode:
                    raise SystemExit(out.stderr)
                if i:
                    times.append(float(out.stderr.strip().splitlines()[-1]))
        print(f"show (whole command): median {statistics.median(shows):.1f} ms")
        cold, imported = (statistics.median(t) for t in sheets.values())
        print(f"print_sheet:          median {cold:.1f} ms")
        print(f"  Rich imported:      median {imported:.1f} ms")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()

"""Benchmark: how fast scorekeeper's commands start and run at any history size.

Run it from the project folder with the project installed (``python benchmarks/bench.py``).
It builds databases of 1, 1,000 and 10,000 games of 10 hands each through the storage layer,
then times fresh processes of the installed ``scorekeeper`` command (median of several runs after
a warm-up), a minimal Typer app of the same Typer version printing a small Rich table (the
framework floor) and ``python -c pass``. It prints a table, then, as its last line, one JSON
object with every figure (README, "Benchmark").
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SIZES = (1, 1000, 10000)
HANDS_PER_GAME = 10

FLOOR_APP = """
import typer
from rich.console import Console
from rich.table import Table

app = typer.Typer()


@app.command()
def main() -> None:
    table = Table("Side", "Total")
    table.add_row("Ann & Bob", "1,305")
    table.add_row("Cat & Dan", "140")
    Console().print(table)


app()
"""

HAND = {
    "teams": [
        {"meld_points": 60, "red_threes": 1, "hand_points": 15},
        {"meld_points": 45, "hand_points": 20},
    ]
}

#: name -> (arguments, needs the database). ``hand`` reads HAND from a file.
COMMANDS = {
    "help": (["--help"], False),
    "minimum": (["minimum", "--variant", "classic", "--score", "1500"], False),
    "status": (["status"], True),
    "hand": (["hand", "--yes", "--file", "{hand}"], True),
    "show": (["show"], True),
    "games": (["games"], True),
    "stats": (["stats"], True),
}


def build_database(path: Path, games: int) -> None:
    """Write ``games`` classic games of HANDS_PER_GAME small hands each, through the store."""
    from scorekeeper.domain import Game, Hand, Side, entry_from_json
    from scorekeeper.storage.codec import StoredGame
    from scorekeeper.storage.database import open_store
    from scorekeeper.variants import load_variant

    variant = load_variant("classic")
    a = entry_from_json(variant, {"meld_points": 120, "hand_points": 10})
    b = entry_from_json(variant, {"meld_points": 90, "red_threes": 1, "hand_points": 25})
    # durable=False: no fsync and no backups while building (the index is written as it goes)
    with open_store(path, write=True, durable=False) as store:
        for i in range(games):
            sides = (Side("Ann & Bob", ("Ann", "Bob")), Side(f"Team {i % 50}", ("Cat", "Dan")))
            game = Game(variant, sides)
            for _ in range(HANDS_PER_GAME):
                game.add(Hand((a, b), recorded_at="2026-01-01T00:00:00+00:00"))
            store.add(StoredGame(id=0, game=game, created="2026-01-01T00:00:00+00:00"))


def database_files(path: Path) -> list[Path]:
    """The database file and every file beside it that belongs to it (``<name>.*``)."""
    found = [path]
    for item in path.parent.glob(f"{path.name}.*"):
        found += [p for p in item.rglob("*") if p.is_file()] if item.is_dir() else [item]
    return found


def copy_database(master: Path, target: Path) -> None:
    """Make ``target`` a copy of the database ``master`` (its file and the files beside it),
    copying only the files that differ, and removing the ones ``master`` does not have."""
    wanted = {}
    for src in database_files(master):
        name = target.name + str(src)[len(str(master)) :]
        wanted[target.parent / name] = src
    for existing in database_files(target) if target.exists() else []:
        if existing not in wanted:
            existing.unlink()
    for dst, src in wanted.items():
        s = src.stat()
        try:
            d = dst.stat()
            if (d.st_size, d.st_mtime_ns) == (s.st_size, s.st_mtime_ns):
                continue
        except FileNotFoundError:
            dst.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(src, dst)


def sampled(
    cmd: list[str], env: dict[str, str], runs: int, setup=None
) -> tuple[list[float], float]:
    """Wall times in ms of ``runs`` runs after one warm-up, and the peak RSS in MB."""
    wrapper = (
        "import resource, subprocess, sys\n"
        "r = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)\n"
        "if r.returncode: sys.exit(r.stderr.decode()[-300:] or 'failed')\n"
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
    )
    times, peak = [], 0.0
    for i in range(runs + 1):
        if setup:
            setup()
        start = time.perf_counter()
        out = subprocess.run(
            [sys.executable, "-c", wrapper, *cmd], env=env, capture_output=True, text=True
        )
        elapsed = (time.perf_counter() - start) * 1000
        if out.returncode:
            raise SystemExit(f"{' '.join(cmd)} failed: {out.stderr.strip()}")
        if i:  # the first run warms caches
            times.append(elapsed)
        peak = max(peak, int(out.stdout.strip().splitlines()[-1]) / 1024)
    return times, peak


def timed(cmd: list[str], env: dict[str, str], runs: int, setup=None) -> tuple[float, float]:
    """Median wall time in ms of ``runs`` runs after one warm-up, and the peak RSS in MB."""
    times, peak = sampled(cmd, env, runs, setup)
    return statistics.median(times), peak


def wrapper_overhead(env: dict[str, str], runs: int) -> float:
    """Time of the measuring wrapper around a process that does nothing, to subtract."""
    true = shutil.which("true") or "/bin/true"
    return timed([true], env, runs)[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="timed runs per figure (median)")
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)), help="games per database")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    exe = shutil.which("scorekeeper")
    if not exe:
        raise SystemExit("install scorekeeper first (README, 'Set up'): no scorekeeper command")
    work = Path(tempfile.mkdtemp(prefix="scorekeeper-bench-"))
    # as a user runs it: bytecode cached after the warm-up run
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith("SCOREKEEPER") and k != "PYTHONDONTWRITEBYTECODE"
    }
    env["SCOREKEEPER_CONFIG"] = str(work / "config")
    env["NO_COLOR"] = "1"
    try:
        hand_file = work / "hand.json"
        hand_file.write_text(json.dumps(HAND), encoding="utf-8")
        floor_file = work / "floor.py"
        floor_file.write_text(FLOOR_APP, encoding="utf-8")
        overhead = wrapper_overhead(env, args.runs)
        python_ms, _ = timed([sys.executable, "-c", "pass"], env, args.runs)
        # the floor is timed before each database size and at the end, and its median taken
        # over all of them, so that a machine busier in one part of the run skews no ratio
        floor_cmd = [sys.executable, str(floor_file)]
        floor_times: list[float] = []
        result: dict[str, object] = {
            "format": 1,
            "python_ms": round(python_ms - overhead, 1),
            "floor_ms": None,  # below, once every floor run is in
        }
        peaks: dict[str, float] = {}
        rows = []
        for size in sizes:
            floor_times += sampled(floor_cmd, env, args.runs)[0]
            master = work / f"games-{size}.json"
            start = time.perf_counter()
            build_database(master, size)
            built = time.perf_counter() - start
            db = work / f"run-{size}.json"
            copy_database(master, db)
            run_env = {**env, "SCOREKEEPER_DB": str(db)}
            peak_here = 0.0
            for name, (argv, _needs_db) in COMMANDS.items():
                cmd = [exe, *(a.replace("{hand}", str(hand_file)) for a in argv)]
                setup = (lambda m=master, d=db: copy_database(m, d)) if name == "hand" else None
                ms, peak = timed(cmd, run_env, args.runs, setup)
                ms = round(ms - overhead, 1)
                result.setdefault(f"{name}_ms", {})[str(size)] = ms  # type: ignore[union-attr]
                peak_here = max(peak_here, peak)
                rows.append((size, name, ms, peak))
            peaks[str(size)] = round(peak_here, 1)
            print(f"built {size:,} games in {built:.1f} s", file=sys.stderr)
        floor_times += sampled(floor_cmd, env, args.runs)[0]
        result["floor_ms"] = round(statistics.median(floor_times) - overhead, 1)
        result["peak_rss_mb"] = peaks
        print(f"{'games':>7}  {'command':<8} {'median ms':>10} {'peak MB':>8}")
        print(f"{'':>7}  {'python':<8} {result['python_ms']:>10}")
        print(f"{'':>7}  {'floor':<8} {result['floor_ms']:>10}")
        for size, name, ms, peak in rows:
            print(f"{size:>7,}  {name:<8} {ms:>10} {peak:>8.1f}")
        print(json.dumps(result))
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()

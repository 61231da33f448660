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
    from scorekeeper.application.usecases import add_games
    from scorekeeper.domain import Game, Hand, Side, entry_from_json
    from scorekeeper.domain.records import StoredGame
    from scorekeeper.variants import load_variant

    variant = load_variant("classic")
    a = entry_from_json(variant, {"meld_points": 120, "hand_points": 10})
    b = entry_from_json(variant, {"meld_points": 90, "red_threes": 1, "hand_points": 25})

    def built():
        for i in range(games):
            sides = (Side("Ann & Bob", ("Ann", "Bob")), Side(f"Team {i % 50}", ("Cat", "Dan")))
            game = Game(variant, sides)
            for _ in range(HANDS_PER_GAME):
                game.add(Hand((a, b), recorded_at="2026-01-01T00:00:00+00:00"))
            yield StoredGame(id=0, game=game, created="2026-01-01T00:00:00+00:00")

    # durable=False: no fsync and no backups while building (the index is written at the end)
    add_games(path, built(), durable=False)


def database_files(path: Path) -> list[Path]:
    """The database file and every file beside it that belongs to it (``<name>.*``)."""
    found = [path]
    for item in path.parent.glob(f"{path.name}.*"):
        found += [p for p in item.rglob("*") if p.is_file()] if item.is_dir() else [item]
    return found


class Snapshot:
    """The state of a database (its file and every file beside it, and the folders' times) to
    put back after each timed ``hand``, so that every run records the same hand into the same
    game. Only the current game's file is kept whole among the game files: a hand changes no
    other; the caches beside the database are put back too, and with them the folders'
    modification times, which tell the caches that nothing else changed."""

    def __init__(self, path: Path, current_game: int) -> None:
        games = path.with_name(path.name + ".games")
        self.current = games / f"{current_game}.json"
        self.files: dict[Path, tuple[int, int, bytes | None]] = {}
        for file in database_files(path):
            st = file.stat()
            whole = file.parent != games or file == self.current
            self.files[file] = (st.st_size, st.st_mtime_ns, file.read_bytes() if whole else None)
        self.folders = {d: d.stat().st_mtime_ns for d in {f.parent for f in self.files}}
        self.path = path

    def put_back(self) -> None:
        for file in database_files(self.path):
            if file not in self.files:
                file.unlink()
        for file, (size, mtime, content) in self.files.items():
            try:
                st = file.stat()
                same = (st.st_size, st.st_mtime_ns) == (size, mtime)
            except FileNotFoundError:
                same = False
            if same:
                continue
            if content is None:
                raise SystemExit(f"{file} changed during the benchmark; it should not have")
            file.write_bytes(content)
            os.utime(file, ns=(mtime, mtime))
        for folder, mtime in self.folders.items():
            os.utime(folder, ns=(mtime, mtime))


WRAPPER = (
    "import resource, subprocess, sys\n"
    "r = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)\n"
    "if r.returncode: sys.exit(r.stderr.decode()[-300:] or 'failed')\n"
    "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
)


def run_once(cmd: list[str], env: dict[str, str], setup=None) -> tuple[float, float]:
    """Wall time in ms of one fresh process of ``cmd`` and its peak RSS in MB."""
    if setup:
        setup()
    start = time.perf_counter()
    out = subprocess.run(
        [sys.executable, "-c", WRAPPER, *cmd], env=env, capture_output=True, text=True
    )
    elapsed = (time.perf_counter() - start) * 1000
    if out.returncode:
        raise SystemExit(f"{' '.join(cmd)} failed: {out.stderr.strip()}")
    return elapsed, int(out.stdout.strip().splitlines()[-1]) / 1024


def timed(cmd: list[str], env: dict[str, str], runs: int) -> float:
    """Median wall time in ms of ``runs`` runs after one warm-up."""
    return statistics.median([run_once(cmd, env)[0] for _ in range(runs + 1)][1:])


def wrapper_overhead(env: dict[str, str], runs: int) -> float:
    """Time of the measuring wrapper around a process that does nothing, to subtract."""
    true = shutil.which("true") or "/bin/true"
    return timed([true], env, runs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="timed rounds (median per figure)")
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)), help="games per database")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    # the command installed beside this Python (a virtual environment, active or not), else PATH's
    beside = Path(sys.executable).with_name("scorekeeper")
    exe = str(beside) if os.access(beside, os.X_OK) else shutil.which("scorekeeper")
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
        python_ms = timed([sys.executable, "-c", "pass"], env, args.runs)
        floor_cmd = [sys.executable, str(floor_file)]
        floor_times: list[float] = []
        result: dict[str, object] = {
            "format": 1,
            "python_ms": round(python_ms - overhead, 1),
            "floor_ms": None,  # below, once every floor run is in
        }
        # every database first, with its caches as a user has them
        runs: dict[tuple[int, str], tuple[list[str], dict[str, str], object]] = {}
        for size in sizes:
            db = work / f"games-{size}.json"
            start = time.perf_counter()
            build_database(db, size)
            built = time.perf_counter() - start
            print(f"built {size:,} games in {built:.1f} s", file=sys.stderr)
            run_env = {**env, "SCOREKEEPER_DB": str(db)}
            for warm in ("games", "stats"):
                run_once([exe, warm], run_env)
            time.sleep(2.1)  # a file system may keep times as coarsely as 2 s
            run_once([exe, "stats"], run_env)
            snapshot = Snapshot(db, current_game=size)
            for name, (argv, _needs_db) in COMMANDS.items():
                cmd = [exe, *(a.replace("{hand}", str(hand_file)) for a in argv)]
                # each hand is recorded into the same state of the database (the commands after
                # it see the database with that hand, as at a table)
                runs[size, name] = (cmd, run_env, snapshot.put_back if name == "hand" else None)
        # Round by round, the floor then every command, for every size: each figure and the floor
        # are timed over the same stretch of the run, so a machine busier for a while skews no
        # ratio. Round 0 warms the caches (and writes the bytecode) and is not counted.
        times: dict[tuple[int, str], list[float]] = {key: [] for key in runs}
        peaks: dict[str, float] = {str(size): 0.0 for size in sizes}
        for round_ in range(args.runs + 1):
            for (size, name), (cmd, run_env, setup) in runs.items():
                if name == next(iter(COMMANDS)):  # the floor before each size's commands
                    floor = run_once(floor_cmd, env)[0]
                    if round_:
                        floor_times.append(floor)
                ms, peak = run_once(cmd, run_env, setup)
                peaks[str(size)] = max(peaks[str(size)], round(peak, 1))
                if round_:
                    times[size, name].append(ms)
        rows = []
        for (size, name), samples in times.items():
            ms = round(statistics.median(samples) - overhead, 1)
            result.setdefault(f"{name}_ms", {})[str(size)] = ms  # type: ignore[union-attr]
            rows.append((size, name, ms))
        result["floor_ms"] = round(statistics.median(floor_times) - overhead, 1)
        result["peak_rss_mb"] = peaks
        print(f"{'games':>7}  {'command':<8} {'median ms':>10}")
        print(f"{'':>7}  {'python':<8} {result['python_ms']:>10}")
        print(f"{'':>7}  {'floor':<8} {result['floor_ms']:>10}")
        for size, name, ms in rows:
            print(f"{size:>7,}  {name:<8} {ms:>10}")
        for size, peak in peaks.items():
            print(f"{int(size):>7,}  {'peak MB':<8} {peak:>10}")
        print(json.dumps(result))
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()

"""Benchmark: how fast scorekeeper's commands run beside the framework floor, at any history size.

Run it from the project folder with the project installed (``python benchmarks/bench.py``).
It builds databases of 1, 1,000, 10,000 and 100,000 games of 10 hands each (the large ones
once, from a few games made through the store, kept in a cache folder between runs), a game of
500 hands and a club of 200 players in changing partnerships. Every command is timed
**paired**: the framework floor (a minimal Typer app of the same Typer version printing a small
Rich table), then the command, then the floor again..., and the figure is the median of the
per-pair ratios of CPU time (user + system, the operating system's own accounting of the child),
with wall time beside it. Whole-history commands, the cold cases (index deleted, folder copied)
and the long cases are their own rows, and `play` is timed from a confirmed hand to the next
prompt (benchmarks/play_timing.py). It prints a table, then, as its last line, one JSON
object with every figure (README, "Benchmark").
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SIZES = (1, 1000, 10000, 100000)
HANDS_PER_GAME = 10
#: Games made through the store, then copied with new ids to make a large database.
SEED_GAMES = 50

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

#: name -> arguments of every ordinary command. ``hand`` reads HAND from a file.
COMMANDS = {
    "help": ["--help"],
    "minimum": ["minimum", "--variant", "classic", "--score", "1500"],
    "status": ["status"],
    "hand": ["hand", "--yes", "--file", "{hand}"],
    "show": ["show"],
    "games": ["games"],
    "stats": ["stats"],
    "check": ["check", "KKK2", "AAA", "--team", "Ann & Bob"],
    "points": ["points", "K", "9", "5", "X", "3b", "--variant", "classic"],
    "export": ["export", "--format", "json"],
    # shell completion of game ids (bash's request: the variables below, no arguments)
    "complete": [],
}
#: name -> the variables a command runs with beside the database's.
COMMAND_ENV = {
    "complete": {
        "_SCOREKEEPER_COMPLETE": "complete_bash",
        "COMP_WORDS": "scorekeeper resume ",
        "COMP_CWORD": "2",
    },
}

#: name -> arguments of the commands that read the whole history.
HISTORY = {
    "games_variant": ["games", "--variant", "classic"],
    "games_all_json": ["games", "--all", "--json"],
    "stats_recount": ["stats"],  # with the statistics cache removed before each run
}


# --- building databases -------------------------------------------------------------------


def build_database(path: Path, games: int, hands: int = HANDS_PER_GAME) -> None:
    """Write ``games`` classic games of ``hands`` small hands each, through the store."""
    from scorekeeper.application.usecases import add_games
    from scorekeeper.domain import Game, Hand, Side, entry_from_json
    from scorekeeper.domain.records import StoredGame
    from scorekeeper.variants import load_variant

    variant = load_variant("classic")
    a = entry_from_json(variant, {"meld_points": 120, "hand_points": 10})
    b = entry_from_json(variant, {"meld_points": 90, "red_threes": 1, "hand_points": 25})
    small = entry_from_json(variant, {"meld_points": 10})

    def built():
        for i in range(games):
            sides = (Side("Ann & Bob", ("Ann", "Bob")), Side(f"Team {i % 50}", ("Cat", "Dan")))
            game = Game(variant, sides)
            # a long game scores little a hand, so that it is still being played
            pair = (a, b) if hands <= HANDS_PER_GAME else (small, small)
            for _ in range(hands):
                game.add(Hand(pair, recorded_at="2026-01-01T00:00:00+00:00"))
            yield StoredGame(id=0, game=game, created="2026-01-01T00:00:00+00:00")

    # durable=False: no fsync and no backups while building (the index is written at the end)
    add_games(path, built(), durable=False)


def build_club(path: Path, players: int, games: int) -> None:
    """A club: ``games`` classic games of 3 hands between partnerships drawn from ``players``
    players (a fixed seed), so that most line-ups are new sides."""
    from scorekeeper.application.usecases import add_games
    from scorekeeper.domain import Game, Hand, Side, entry_from_json
    from scorekeeper.domain.records import StoredGame
    from scorekeeper.variants import load_variant

    variant = load_variant("classic")
    a = entry_from_json(variant, {"meld_points": 120, "hand_points": 10})
    b = entry_from_json(variant, {"meld_points": 90, "red_threes": 1, "hand_points": 25})
    names = [f"Player {n}" for n in range(players)]
    draw = random.Random(7)

    def built():
        for _ in range(games):
            four = draw.sample(names, 4)
            sides = tuple(Side(f"{p} & {q}", (p, q)) for p, q in (four[:2], four[2:]))
            game = Game(variant, sides)
            for _ in range(3):
                game.add(Hand((a, b), recorded_at="2026-01-01T00:00:00+00:00"))
            yield StoredGame(id=0, game=game, created="2026-01-01T00:00:00+00:00")

    add_games(path, built(), durable=False)


def database_files(path: Path) -> list[Path]:
    """The database file and every file beside it that belongs to it (``<name>.*``)."""
    found = [path]
    for item in path.parent.glob(f"{path.name}.*"):
        found += [p for p in item.rglob("*") if p.is_file()] if item.is_dir() else [item]
    return found


def replicate(seed: Path, path: Path, games: int) -> None:
    """A database of ``games`` games at ``path``, copied (with new ids) from the games of the
    database ``seed``: the game files, the meta record pointing past them, and the index of
    their summaries (worked out from the seed games, which are scored once); the statistics
    cache is built by the first ``stats``."""
    from msgspec import structs

    from scorekeeper.storage import index
    from scorekeeper.storage.codec import load_game
    from scorekeeper.storage.files import game_file, games_folder, read_game_file

    seeds = []
    for file in sorted(games_folder(seed).glob("*.json"), key=lambda f: int(f.stem)):
        (doc,) = json.loads(file.read_bytes())["games"].values()
        stored = load_game(seed, int(file.stem), read_game_file(seed, int(file.stem)))
        seeds.append((doc, stored))
    games_folder(path).mkdir(parents=True)
    for game_id in range(1, games + 1):
        doc = seeds[game_id % len(seeds)][0]
        content = json.dumps({"games": {str(game_id): doc}}, separators=(",", ":"))
        game_file(path, game_id).write_text(content, encoding="utf-8")
    copies = (
        structs.replace(seeds[game_id % len(seeds)][1], id=game_id)
        for game_id in range(1, games + 1)
    )
    index.record(path, copies)
    meta = json.loads(seed.read_bytes())
    record = meta["meta"]["1"]
    record["current"], record["next_id"] = games, games + 1
    path.write_text(json.dumps(meta), encoding="utf-8")


def run_quietly(cmd: list[str], env: dict[str, str]) -> None:
    done = subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    if done.returncode:
        raise SystemExit(f"{' '.join(cmd)} failed: {done.stderr.decode()[-300:]}")


def warm(exe: str, db: Path, env: dict[str, str]) -> None:
    """Build a database's caches as a user has them, and let the folder's time settle."""
    run_env = {**env, "SCOREKEEPER_DB": str(db)}
    for command in ("games", "stats"):
        run_quietly([exe, command], run_env)
    time.sleep(2.1)  # a file system may keep times as coarsely as 2 s
    run_quietly([exe, "stats"], run_env)


def large_database(exe: str, work: Path, games: int, env: dict[str, str], cache: Path) -> Path:
    """The database of ``games`` games in ``work``: built once by :func:`replicate` into the
    cache folder (under a key made of what this version of the program writes for the seed
    games, so a new storage format builds anew), then linked file by file into ``work`` (the
    same inodes, so the caches stay valid; every write replaces a file by rename, so the
    cached copy never changes)."""
    seed = work / "seed" / "games.json"
    if not seed.exists():
        seed.parent.mkdir()
        build_database(seed, SEED_GAMES)
        warm(exe, seed, env)
    digest = hashlib.sha256()
    for file in sorted(database_files(seed)):
        digest.update(file.name.encode() + b"\0" + file.read_bytes())
    kept = cache / f"{games}-{digest.hexdigest()[:16]}"
    if not (kept / "done").exists():
        shutil.rmtree(kept, ignore_errors=True)
        kept.mkdir(parents=True)
        start = time.perf_counter()
        replicate(seed, kept / "games.json", games)
        warm(exe, kept / "games.json", env)
        (kept / "done").write_text("", encoding="utf-8")
        print(f"built {games:,} games in {time.perf_counter() - start:.0f} s", file=sys.stderr)
    target = work / f"games-{games}"
    shutil.copytree(kept, target, copy_function=os.link)
    return target / "games.json"


class Snapshot:
    """The state of a database (its file and every file beside it, and the folders' times) to
    put back after each timed ``hand``, so that every run records the same hand into the same
    game. Only the current game's file is kept whole among the game files: a hand changes no
    other; the caches beside the database are put back too, and with them the folders'
    modification times, which tell the caches that nothing else changed. A file is put back by
    writing a new file (a linked file of the cache is never written into)."""

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
            file.unlink(missing_ok=True)
            file.write_bytes(content)
            os.utime(file, ns=(mtime, mtime))
        for folder, mtime in self.folders.items():
            os.utime(folder, ns=(mtime, mtime))


# --- timing -------------------------------------------------------------------------------


#: Runs a command and prints its peak resident memory in KB. A child forked from this (large)
#: process would count this process's memory until it execs; from this small launcher the
#: figure is the command's own.
LAUNCHER = (
    "import resource, subprocess, sys\n"
    "r = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)\n"
    "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
)


def peak_rss(cmd: list[str], env: dict[str, str], setup=None) -> float:
    """Peak resident memory of one run of ``cmd``, in MB (through :data:`LAUNCHER`)."""
    if setup:
        setup()
    out = subprocess.run(
        [sys.executable, "-c", LAUNCHER, *cmd], env=env, capture_output=True, text=True
    )
    return int(out.stdout.strip().splitlines()[-1]) / 1024


class Run:
    """One finished process: ``wall`` and ``cpu`` (user + system) in ms (its memory is
    measured apart, by :func:`peak_rss`)."""

    def __init__(self, wall: float, cpu: float) -> None:
        self.wall, self.cpu = wall, cpu


def run_once(cmd: list[str], env: dict[str, str], setup=None) -> Run:
    """One fresh process of ``cmd``, its output thrown away; SystemExit if it fails."""
    if setup:
        setup()
    with tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        child = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=err)
        _, status, usage = os.wait4(child.pid, 0)
        wall = (time.perf_counter() - start) * 1000
        child.returncode = os.waitstatus_to_exitcode(status)
        if child.returncode:
            err.seek(0)
            message = err.read().decode(errors="replace")[-300:]
            raise SystemExit(f"{' '.join(cmd)} failed ({child.returncode}): {message}")
    cpu = (usage.ru_utime + usage.ru_stime) * 1000
    return Run(wall, cpu)


class Paired:
    """A command timed in pairs with the floor: the command's runs and the per-pair ratios."""

    def __init__(self) -> None:
        self.runs: list[Run] = []
        self.cpu_ratios: list[float] = []
        self.wall_ratios: list[float] = []

    def add(self, floor: Run, run: Run) -> None:
        self.runs.append(run)
        self.cpu_ratios.append(run.cpu / floor.cpu)
        self.wall_ratios.append(run.wall / floor.wall)

    cpu = property(lambda self: statistics.median(r.cpu for r in self.runs))
    wall = property(lambda self: statistics.median(r.wall for r in self.runs))
    ratio = property(lambda self: statistics.median(self.cpu_ratios))
    wall_ratio = property(lambda self: statistics.median(self.wall_ratios))


def paired(cmd, env, floor_cmd, floor_env, pairs: int, setup=None) -> Paired:
    """``pairs`` pairs of (floor, command) after one warm-up pair that is not counted."""
    out = Paired()
    for number in range(pairs + 1):
        floor = run_once(floor_cmd, floor_env)
        run = run_once(cmd, env, setup)
        if number:
            out.add(floor, run)
    return out


def median_run(cmd, env, runs: int, setup=None) -> Run:
    """The median wall and CPU of ``runs`` runs (no warm-up: for cold and history cases)."""
    done = [run_once(cmd, env, setup) for _ in range(runs)]
    return Run(
        statistics.median(r.wall for r in done),
        statistics.median(r.cpu for r in done),
    )


# --- the run ------------------------------------------------------------------------------


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="pairs per figure (median)")
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)), help="games per database")
    parser.add_argument("--long-hands", type=int, default=500, help="hands of the long game")
    parser.add_argument("--club-players", type=int, default=200, help="players of the club")
    parser.add_argument(
        "--cache",
        default=os.path.join(os.path.expanduser("~"), ".cache", "scorekeeper-bench"),
        help="folder that keeps the large databases between runs",
    )
    args = parser.parse_args()
    sizes = sorted(int(s) for s in args.sizes.split(","))
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
        result = measure(exe, work, env, sizes, args)
        print_table(result)
        print(json.dumps(result))
    finally:
        shutil.rmtree(work, ignore_errors=True)


def measure(exe: str, work: Path, env: dict[str, str], sizes: list[int], args) -> dict:
    hand_file = work / "hand.json"
    hand_file.write_text(json.dumps(HAND), encoding="utf-8")
    floor_file = work / "floor.py"
    floor_file.write_text(FLOOR_APP, encoding="utf-8")
    floor_cmd = [sys.executable, str(floor_file)]
    python = median_run([sys.executable, "-c", "pass"], env, args.runs)
    floors: list[Run] = []
    result: dict = {"format": 1, "python_ms": round(python.wall, 1)}

    databases: dict[int, Path] = {}
    for size in sizes:
        if size <= SEED_GAMES * 20:
            db = work / f"games-{size}.json"
            build_database(db, size)
            warm(exe, db, env)
        else:
            db = large_database(exe, work, size, env, Path(args.cache))
        databases[size] = db

    from play_timing import play_ms

    ratio: dict[str, dict[str, float]] = {}
    rss: dict[str, dict[str, float]] = {}
    play: dict[str, float] = {}
    for size, db in databases.items():
        run_env = {**env, "SCOREKEEPER_DB": str(db)}
        snapshot = Snapshot(db, current_game=size)
        for name, argv in COMMANDS.items():
            cmd = [exe, *(a.replace("{hand}", str(hand_file)) for a in argv)]
            cmd_env = {**run_env, **COMMAND_ENV.get(name, {})}
            # each hand is recorded into the same state of the database
            setup = snapshot.put_back if name == "hand" else None
            pair = paired(cmd, cmd_env, floor_cmd, env, args.runs, setup)
            snapshot.put_back()
            floors.append(Run(pair.wall / pair.wall_ratio, pair.cpu / pair.ratio))
            result.setdefault(f"{name}_ms", {})[str(size)] = round(pair.wall, 1)
            ratio.setdefault(name, {})[str(size)] = round(pair.ratio, 3)
            rss.setdefault(name, {})[str(size)] = round(peak_rss(cmd, cmd_env, setup), 1)
        # play: from a confirmed hand to the next prompt (its hands are taken away after)
        play[str(size)] = round(play_ms([exe], db, hands=9, env=run_env), 1)
        snapshot.put_back()
    result["floor_ms"] = round(statistics.median(f.wall for f in floors), 1)
    result["floor_cpu_ms"] = round(statistics.median(f.cpu for f in floors), 1)
    result["ratio"] = ratio
    result["rss_mb"] = rss
    result["play_ms"] = play
    result["peak_rss_mb"] = {
        str(size): max(rss[name][str(size)] for name in COMMANDS) for size in sizes
    }

    # whole history, cold and long cases: the two largest sizes
    history_sizes = sizes[-2:]
    history_ms: dict[str, dict[str, float]] = {}
    history_rss: dict[str, dict[str, float]] = {}
    cold: dict[str, dict[str, float]] = {}
    for size in history_sizes:
        db = databases[size]
        run_env = {**env, "SCOREKEEPER_DB": str(db)}
        stats_cache = db.with_name(db.name + ".stats.json")
        for name, argv in HISTORY.items():
            setup = (lambda f=stats_cache: f.unlink(missing_ok=True)) if "recount" in name else None
            run_once([exe, *argv], run_env, setup)  # warm-up
            done = median_run([exe, *argv], run_env, max(3, args.runs // 5), setup)
            history_ms.setdefault(name, {})[str(size)] = round(done.wall, 1)
            rss_mb = peak_rss([exe, *argv], run_env, setup)
            history_rss.setdefault(name, {})[str(size)] = round(rss_mb, 1)
        # cold: the index deleted; the data folder copied (new inodes, the same times)
        index = db.with_name(db.name + ".index.json")
        done = run_once([exe, *HISTORY["games_variant"]], run_env, lambda f=index: f.unlink())
        cold.setdefault("index_deleted", {})[str(size)] = round(done.wall, 1)
        copy = work / f"copy-{size}"
        shutil.copytree(db.parent, copy)
        copy_env = {**env, "SCOREKEEPER_DB": str(copy / db.name)}
        done = run_once([exe, *HISTORY["games_variant"]], copy_env)
        cold.setdefault("copied_folder", {})[str(size)] = round(done.wall, 1)
        shutil.rmtree(copy)
    result["history_ms"] = history_ms
    result["history_rss_mb"] = history_rss
    result["cold_ms"] = cold

    long_game = work / "long.json"
    build_database(long_game, 1, hands=args.long_hands)
    club = work / "club.json"
    build_club(club, args.club_players, games=args.club_players * 10)
    long_ratio = {}
    for name, db, argv in (
        ("show_500_hands", long_game, ["show"]),
        ("stats_200_players", club, ["stats"]),
    ):
        warm(exe, db, env)
        run_env = {**env, "SCOREKEEPER_DB": str(db)}
        pair = paired([exe, *argv], run_env, floor_cmd, env, args.runs)
        long_ratio[name] = round(pair.ratio, 3)
    result["long_ratio"] = long_ratio
    return result


def print_table(result: dict) -> None:
    """The figures as a table (the JSON line after it has them all)."""
    print(
        f"python {result['python_ms']} ms · floor {result['floor_ms']} ms wall, "
        f"{result['floor_cpu_ms']} ms CPU"
    )
    sizes = list(result["ratio"]["help"])
    print(
        f"{'command':<10}"
        + "".join(f"{int(s):>10,}" for s in sizes)
        + "   (CPU ratio to the floor)"
    )
    for name, by_size in result["ratio"].items():
        print(f"{name:<10}" + "".join(f"{by_size[s]:>10.2f}" for s in sizes))
    print(f"{'peak MB':<10}" + "".join(f"{result['peak_rss_mb'][s]:>10.1f}" for s in sizes))
    for name, by_size in result["history_ms"].items():
        cells = ", ".join(
            f"{int(s):,}: {ms:,.0f} ms {result['history_rss_mb'][name][s]:.0f} MB"
            for s, ms in by_size.items()
        )
        print(f"{name:<16} {cells}")
    for name, by_size in result["cold_ms"].items():
        print(f"{name:<16} " + ", ".join(f"{int(s):,}: {ms:,.0f} ms" for s, ms in by_size.items()))
    for name, value in result["long_ratio"].items():
        print(f"{name:<18} {value:.2f} x the floor")
    print(
        "play ms          " + ", ".join(f"{int(s):,}: {ms}" for s, ms in result["play_ms"].items())
    )


if __name__ == "__main__":
    main()

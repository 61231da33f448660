"""A reader that goes away (``scorekeeper show | head -1``): the installed console script stops
quietly with README's broken-pipe exit code (README, "Exit codes": 141, what a shell reports for
a program a broken pipe stops), never 1 (README: "a rule or input refused"), and writes nothing
to standard error.

Each output here is far larger than a pipe's buffer (64 KiB on Linux), so the command is still
writing when the reader, having read one line (or a few bytes), closes its end.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from test_installed_script import script

BROKEN_PIPE = 141  # README, "Exit codes"
GAMES = 700  # `games --all`: about 140 bytes a game, well over 64 KiB
HANDS = 400  # `show`: over 300 bytes a hand


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """GAMES classic games (made through the store, as the benchmark does); the last, the
    current one, has HANDS hands in which each side melds 50 and keeps 50 in hand (RULES.md §2:
    50 - 50 = 0, so the game never reaches its target)."""
    from scorekeeper.domain import Game, Hand, Side, entry_from_json
    from scorekeeper.storage.codec import StoredGame
    from scorekeeper.storage.database import open_store
    from scorekeeper.variants import load_variant

    path = tmp_path_factory.mktemp("pipe") / "scores.json"
    variant = load_variant("classic")
    even = entry_from_json(variant, {"meld_points": 50, "hand_points": 50})
    stamp = "2026-01-01T00:00:00+00:00"
    with open_store(path, write=True, durable=False) as store:
        for i in range(GAMES):
            sides = (Side("Ann & Bob", ("Ann", "Bob")), Side(f"Cat & Dan {i}", ("Cat", "Dan")))
            count = HANDS if i == GAMES - 1 else 1
            hands = [Hand((even, even), recorded_at=stamp) for _ in range(count)]
            store.add(StoredGame(id=0, game=Game(variant, sides, hands), created=stamp))
    return path


#: The command line run with a console of Rich's own class (as tests make one), not the
#: factory's: a closed pipe must exit the same way.
PLAIN_CONSOLE = """
import sys
from rich.console import Console
from scorekeeper.presentation import console
console.factory = lambda stderr=False: Console(file=sys.stderr if stderr else sys.stdout, width=100)
from scorekeeper.cli import main
sys.argv[0] = "scorekeeper"
main()
"""


def closed_early(
    database: Path, *args: str, read_line: bool = True, plain: bool = False
) -> tuple[int, str]:
    """Run the installed script (or, ``plain``, the command line with a plain Rich console)
    with standard output to a pipe; read one line (or 100 bytes) and close the pipe. Returns
    the exit status and what went to standard error."""
    exe = script()
    assert exe, "the scorekeeper console script is not installed"
    env = {**os.environ, "SCOREKEEPER_DB": str(database), "NO_COLOR": "1", "COLUMNS": "100"}
    env.pop("SCOREKEEPER_DEBUG", None)
    cmd = [sys.executable, "-c", PLAIN_CONSOLE, *args] if plain else [exe, *args]
    with subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env) as proc:
        assert proc.stdout is not None and proc.stderr is not None
        first = proc.stdout.readline() if read_line else proc.stdout.read(100)
        assert first  # the command had begun to write
        proc.stdout.close()
        stderr = proc.stderr.read().decode("utf-8", "replace")
        code = proc.wait(timeout=60)
    return code, stderr


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX pipes")
@pytest.mark.parametrize(
    ("args", "read_line"),
    [
        (("show", "--detail"), True),
        (("games", "--all"), True),
        (("show", "--json"), False),
        (("games", "--all", "--json"), False),
        (("export", "--format", "json"), True),
        (("export", "--format", "html"), True),
        # -o naming the pipe itself (red team round 11: exit 3, "it was left as it was")
        (("export", "--format", "json", "-o", "/dev/stdout"), True),
    ],
    ids=["show", "games", "show-json", "games-json", "export-json", "export-html", "export-o"],
)
def test_a_closed_pipe_exits_with_the_broken_pipe_code_and_says_nothing(database, args, read_line):
    code, stderr = closed_early(database, *args, read_line=read_line)
    assert (code, stderr) == (BROKEN_PIPE, "")


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX pipes")
def test_a_console_not_made_by_the_factory_exits_the_same_way(database):
    # Rich's own Console.on_broken_pipe exits 1: the command line makes that 141 too.
    assert closed_early(database, "show", "--detail", plain=True) == (BROKEN_PIPE, "")


def test_the_outputs_are_larger_than_a_pipe_buffer(database):
    env = {**os.environ, "SCOREKEEPER_DB": str(database), "NO_COLOR": "1", "COLUMNS": "100"}
    for args in (
        ("show", "--detail"),
        ("games", "--all"),
        ("show", "--json"),
        ("games", "--all", "--json"),
        ("export", "--format", "json"),
        ("export", "--format", "html"),
    ):
        done = subprocess.run(
            [script() or "scorekeeper", *args], capture_output=True, env=env, timeout=60
        )
        assert done.returncode == 0 and len(done.stdout) > 64 * 1024, args


def test_the_exit_code_table_lists_the_broken_pipe_code():
    readme = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    table = readme.split("### Exit codes", 1)[1].split("\n\n", 2)[1]
    assert f"| {BROKEN_PIPE} |" in table

"""Shell completion answered without building the command line (issue 15, point 2:
"Completion must answer in well under 100 ms at 10,000 games"): the program answers bash, zsh
and fish from a table of the commands written from the Typer app, and its answers are the
full app's, for commands, options, option choices, variant names, game ids and sides."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
import typer
from conftest import load_script
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper import shell_completion
from scorekeeper.cli import app
from scorekeeper.cli.complete import completion_table, register_shells

#: What must not be imported to answer: the command-line framework, its output library, the
#: database library.
FRAMEWORK = ("typer", "click", "rich", "tinydb")


@pytest.fixture
def games(cli):
    """Three games (the third deleted), game 1 current, and a user variant ``clubhouse``."""
    assert cli("new", "classic", "--team", "Ann & Bob", "--team", "Cat & Dan").exit_code == 0
    assert cli("new", "samba", "--team", "Eve", "--team", "Fay", "--team", "Gil").exit_code == 0
    assert cli("new", "classic", "--team", "Hal", "--team", "Ivy").exit_code == 0
    assert cli("delete", "3", "--yes").exit_code == 0
    assert cli("resume", "1").exit_code == 0
    assert cli("variants", "init", "clubhouse", "--from", "classic").exit_code == 0


# --- the table is the app's ----------------------------------------------------------------


def test_the_table_is_what_the_typer_app_declares():
    declared = completion_table(typer.main.get_command(app))
    assert shell_completion.table() == declared


def test_the_table_file_is_up_to_date():
    tool = load_script("tools/completion_table.py")
    assert tool.TABLE.read_text(encoding="utf-8") == tool.table_text(), (
        "scorekeeper/completion_table.json is out of date: run tools/completion_table.py"
    )


def test_the_table_check_fails_when_the_file_differs(tmp_path, monkeypatch):
    tool = load_script("tools/completion_table.py")
    stale = tmp_path / "completion_table.json"
    stale.write_text("{}\n", encoding="utf-8")
    monkeypatch.setattr(tool, "TABLE", stale)
    assert tool.main(["--check"]) == 1
    assert tool.main([]) == 0 and tool.main(["--check"]) == 0


def test_the_table_holds_every_command_and_its_choices():
    commands = shell_completion.table()["commands"]
    assert commands[""]["commands"][:3] == ["new", "rematch", "hand"]
    assert commands["variants"]["commands"] == ["show", "init", "check"]
    status = next(p for p in commands["games"]["params"] if p["name"] == "status")
    assert [value for value, _ in status["complete"]] == [
        *("playing", "finished", "won", "draw", "deleted", "all")
    ]
    fmt = next(p for p in commands["export"]["params"] if p["name"] == "fmt")
    assert [value for value, _ in fmt["complete"]] == ["csv", "json", "html"]


# --- the same answers as the full app, in-process ------------------------------------------


def full_app(args: list[str], incomplete: str) -> list[tuple[str, str | None]]:
    """What Click's completion of the Typer app gives (value, description)."""
    from typer.completion import shell_completion as click_shells

    register_shells()
    shell = click_shells.get_completion_class("bash")
    root = typer.main.get_command(app)
    found = shell(root, {}, "scorekeeper", "_SCOREKEEPER_COMPLETE").get_completions(
        list(args), incomplete
    )
    return [(item.value, item.help) for item in found]


#: Command lines (the words before the one completed, and that word), covering commands,
#: options, option choices, variant names, game ids and side names, and the ways a command
#: line can be written (--db before the command, --opt=value, -g2, clustered flags, --).
LINES = [
    ([], ""),
    ([], "re"),
    ([], "-"),
    ([], "--"),
    ([], "--v"),
    (["variants"], ""),
    (["variants"], "-"),
    (["backups"], "r"),
    (["games"], "--st"),
    (["games"], "--"),
    (["games", "--status"], ""),
    (["games", "--status"], "d"),
    (["games"], "--status="),
    (["games"], "--status=w"),
    (["games", "--status", "won"], "--"),
    (["games", "--variant"], "sam"),
    (["export", "--format"], ""),
    (["export"], "--format=c"),
    (["export", "-o"], "out"),
    (["export"], "-"),
    (["new"], "c"),
    (["new"], ""),
    (["new", "classic"], ""),
    (["new", "classic", "--team", "A"], "--"),
    (["variants", "show"], "s"),
    (["variants", "init", "house", "--from"], "bol"),
    (["variants", "init", "house"], "--"),
    (["minimum", "-v"], "c"),
    (["resume"], ""),
    (["resume"], "1"),
    (["resume", "2"], ""),
    (["show"], ""),
    (["hand", "--game"], ""),
    (["hand", "-g"], ""),
    (["hand", "-yg"], ""),
    (["hand"], "-g"),
    (["status"], "--game="),
    (["--db", "{db}", "resume"], ""),
    (["--json", "--db", "{db}", "status", "--game"], ""),
    (["--db", "{db}"], ""),
    (["edit", "1", "--side"], ""),
    (["edit", "1", "--side"], "C"),
    (["edit", "1", "--game", "2", "--side"], ""),
    (["edit", "1", "-g2", "--side"], ""),
    (["edit", "1", "--game=2", "--side"], "F"),
    (["edit", "1", "--game", "x", "--side"], ""),
    (["edit", "1", "--game", "9", "--side"], ""),
    (["check", "KKK", "--team"], ""),
    (["check", "KKK", "--team"], "A"),
    (["edit", "--bogus", "--side"], ""),
    (["resume", "--bogus"], ""),
    (["resume", "--"], ""),
    (["resume", "--", "--json"], ""),
    (["variants", "init", "--force"], "-"),
    (["variants", "init", "--no-force"], "--"),
    (["nosuch"], ""),
    (["hand", "m=1"], "--"),
    (["--version"], ""),
]


@pytest.mark.parametrize(("args", "incomplete"), LINES, ids=repr)
def test_the_answers_are_the_full_apps(games, db, args, incomplete):
    args = [a.replace("{db}", str(db)) for a in args]
    assert shell_completion.completions(args, incomplete) == full_app(args, incomplete)


def test_the_answers_hold_what_the_issue_asks_for(games, db):
    complete = shell_completion.completions
    # game ids newest first, deleted ones left out, each with its sides
    assert complete(["resume"], "") == [("2", "Eve / Fay / Gil"), ("1", "Ann & Bob / Cat & Dan")]
    # the side names of the current game, and of the game --game names
    assert complete(["edit", "1", "--side"], "") == [("Ann & Bob", None), ("Cat & Dan", None)]
    assert complete(["edit", "1", "-g", "2", "--side"], "") == [
        ("Eve", None),
        ("Fay", None),
        ("Gil", None),
    ]
    # built-in and user variant names
    assert ("clubhouse", None) in complete(["new"], "c")
    assert ("samba", None) in complete(["variants", "show"], "")
    # every option's choices
    assert [v for v, _ in complete(["export", "--format"], "")] == ["csv", "json", "html"]
    assert complete(["games", "--status"], "d") == [
        ("draw", "drawn games"),
        ("deleted", "deleted games"),
    ]
    # commands and options, options already given not offered again
    assert [v for v, _ in complete([], "re")] == ["rematch", "resume", "redo", "restore"]
    assert "--status" not in [v for v, _ in complete(["games", "--status", "won"], "--")]
    assert "--team" in [v for v, _ in complete(["new", "classic", "--team", "A"], "--")]


#: Words command lines are made of, for the property below.
WORDS = st.sampled_from(
    [
        *("new", "resume", "edit", "games", "export", "variants", "show", "init", "backups"),
        *("check", "hand", "status", "restore", "1", "2", "9", "x", "classic", "KKK"),
        *("--db", "{db}", "--json", "--game", "-g", "-g2", "--game=2", "--side", "--team", "-t"),
        *("--status", "--format", "--variant", "-v", "--from", "-y", "-yg", "--yes", "-o"),
        *("--force", "--no-force", "--help", "-h", "--", "-", "--bogus", "-q", "=", "--limit"),
    ]
)
INCOMPLETE = st.sampled_from(
    ["", "-", "--", "--g", "--s", "-g", "1", "2", "c", "C", "A", "E", "s", "d", "=", "--game="]
)


@settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(words=st.lists(WORDS, max_size=6), incomplete=INCOMPLETE)
def test_any_command_line_is_answered_as_the_full_app_answers(games, db, words, incomplete):
    args = [w.replace("{db}", str(db)) for w in words]
    assert shell_completion.completions(args, incomplete) == full_app(args, incomplete)


@pytest.mark.parametrize("words", [["--json", "export", "new"], ["--json", "export", "1"]])
def test_a_common_option_the_command_does_not_take_is_dropped_before_it(games, db, words):
    # found by the property above: "--json export new" offered game ids, as if "new" were no
    # game id given; the program drops --json there (export takes none), and 'new' is the id
    assert shell_completion.completions(words, "") == full_app(words, "") == []


# --- each shell's answer, through the program -----------------------------------------------


@pytest.fixture
def env(db, tmp_path):
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("_SCOREKEEPER", "COMP_"))}
    clean.update(
        {
            "SCOREKEEPER_DB": str(db),
            "SCOREKEEPER_CONFIG": str(tmp_path / "config"),
            "_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION": "1",
        }
    )
    return clean


def shell_env(shell: str, line: str, action: str = "get-args") -> dict[str, str]:
    """The variables Typer's completion script for ``shell`` sets for ``line``."""
    if shell == "bash":
        words = line.split(" ")
        return {
            "_SCOREKEEPER_COMPLETE": "complete_bash",
            "COMP_WORDS": line,
            "COMP_CWORD": str(len(words) - 1),
        }
    extra = {"_TYPER_COMPLETE_FISH_ACTION": action} if shell == "fish" else {}
    return {"_SCOREKEEPER_COMPLETE": f"complete_{shell}", "_TYPER_COMPLETE_ARGS": line, **extra}


FULL_APP = "from scorekeeper.cli import main; main()"


def answered(command: list[str], env: dict[str, str]) -> tuple[int, str, str]:
    done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=60)
    return done.returncode, done.stdout, done.stderr


SHELL_LINES = [
    "scorekeeper sh",
    "scorekeeper games --",
    "scorekeeper games --status ",
    "scorekeeper new c",
    "scorekeeper resume ",
    "scorekeeper edit 1 --game 2 --side ",
    "scorekeeper check KKK --team 'Cat",
    "scorekeeper nosuch ",
]


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_each_shell_gets_the_full_apps_answer(games, db, env, shell):
    for line in SHELL_LINES:
        line = line.replace("{db}", str(db))
        actions = ["get-args", "is-args"] if shell == "fish" else [""]
        for action in actions:
            request = {**env, **shell_env(shell, line, action)}
            fast = answered([sys.executable, "-m", "scorekeeper"], request)
            full = answered([sys.executable, "-c", FULL_APP], request)
            assert fast == full, (shell, line, action)


def test_the_zsh_and_fish_answers_carry_the_sides(games, env):
    _, out, _ = answered(
        [sys.executable, "-m", "scorekeeper"], {**env, **shell_env("zsh", "scorekeeper show ")}
    )
    assert out == ('_arguments \'*: :(("2":"Eve / Fay / Gil"\n"1":"Ann & Bob / Cat & Dan"))\'\n')
    _, out, _ = answered(
        [sys.executable, "-m", "scorekeeper"], {**env, **shell_env("fish", "scorekeeper show ")}
    )
    assert out == "2\tEve / Fay / Gil\n1\tAnn & Bob / Cat & Dan\n"


def test_a_long_description_stays_on_one_line(env):
    # Typer would wrap it at 80 columns, and fish would read the rest as another completion
    request = {**env, **shell_env("fish", "scorekeeper games --si")}
    for command in ([sys.executable, "-m", "scorekeeper"], [sys.executable, "-c", FULL_APP]):
        status, out, _ = answered(command, request)
        assert status == 0
        assert out.count("\n") == 1 and out.startswith("--since\tOnly games started on or after")


# --- what answering imports, and the installed program -------------------------------------

#: Runs the program's entry point and, as it ends, lists on stderr the modules it imported.
LIST_MODULES = (
    "import os, sys\n"
    "end = os._exit\n"
    "def listed(status):\n"
    "    sys.stderr.write(' '.join(sorted(sys.modules)))\n"
    "    sys.stderr.flush()\n"
    "    end(status)\n"
    "os._exit = listed\n"
    "from scorekeeper.__main__ import main\n"
    "main()\n"
)


@pytest.mark.parametrize(
    "line",
    ["scorekeeper resume ", "scorekeeper new c", "scorekeeper edit 1 --side ", "scorekeeper "],
)
def test_answering_imports_no_framework_nor_database_library(games, env, line):
    request = {**env, **shell_env("bash", line)}
    status, out, err = answered([sys.executable, "-c", LIST_MODULES], request)
    assert status == 0 and out.strip()
    modules = err.split()
    assert "scorekeeper.shell_completion" in modules  # the listing was read
    assert [m for m in modules if m.split(".")[0] in FRAMEWORK] == []


def test_a_request_it_does_not_answer_goes_to_the_full_app(env):
    # the completion script itself: Typer writes it
    status, out, _ = answered(
        [sys.executable, "-m", "scorekeeper"], {**env, "_SCOREKEEPER_COMPLETE": "source_bash"}
    )
    assert status == 0 and "complete -o default -F _scorekeeper_completion scorekeeper" in out


def script() -> str | None:
    beside = Path(sys.executable).with_name("scorekeeper")
    return str(beside) if os.access(beside, os.X_OK) else None


def test_the_installed_console_script_answers_without_the_framework(games, env):
    exe = script()
    assert exe, "the scorekeeper console script is not installed"
    request = {**env, **shell_env("bash", "scorekeeper resume "), "PYTHONPROFILEIMPORTTIME": "1"}
    status, out, err = answered([exe], request)
    assert (status, out) == (0, "2\n1\n")
    imported = {line.rsplit("|", 1)[1].strip() for line in err.splitlines() if "|" in line}
    assert "scorekeeper.shell_completion" in imported
    assert [m for m in imported if m.split(".")[0] in FRAMEWORK] == []
    request = {**env, **shell_env("fish", "scorekeeper edit 1 --side C")}
    assert answered([exe], request)[:2] == (0, "Cat & Dan\n")
    request = {**env, **shell_env("fish", "scorekeeper export --format ", "is-args")}
    assert answered([exe], request)[:2] == (0, "")
    request = {**env, **shell_env("fish", "scorekeeper export -o ", "is-args")}
    assert answered([exe], request)[:2] == (1, "")  # no completions: fish offers files

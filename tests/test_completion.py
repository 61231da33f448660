"""Shell completion for bash, zsh and fish (issue 15, point 2): commands, options, variant
names, game ids newest first with their sides, the current game's side names, option choices;
fast however many games are kept."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from scorekeeper.cli import complete
from scorekeeper.storage import files


@pytest.fixture
def env(db, tmp_path):
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("_SCOREKEEPER", "COMP_"))}
    clean.update(
        {
            "SCOREKEEPER_DB": str(db),
            "SCOREKEEPER_CONFIG": str(tmp_path / "config"),
            "HOME": str(tmp_path / "home"),
            "_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION": "1",
        }
    )
    (tmp_path / "home").mkdir()
    return clean


@pytest.fixture
def games(cli):
    assert cli("new", "classic", "--team", "Ann & Bob", "--team", "Cat & Dan").exit_code == 0
    assert cli("new", "samba", "--team", "Eve", "--team", "Fay", "--team", "Gil").exit_code == 0
    assert cli("new", "classic", "--team", "Hal", "--team", "Ivy").exit_code == 0
    assert cli("delete", "3", "--yes").exit_code == 0  # deleted: not offered
    assert cli("resume", "1").exit_code == 0


def run(args, env, **extra):
    cmd = [sys.executable, "-m", "scorekeeper", *args]
    return subprocess.run(cmd, capture_output=True, text=True, env={**env, **extra}, timeout=60)


def bash(line: str, env) -> list[str]:
    """What bash is offered for the last word of ``line`` (Click's bash protocol)."""
    words = line.split(" ")
    result = run(
        [],
        env,
        _SCOREKEEPER_COMPLETE="complete_bash",
        COMP_WORDS=line,
        COMP_CWORD=str(len(words) - 1),
    )
    assert result.returncode == 0, result.stderr
    return [w for w in result.stdout.split("\n") if w]


def zsh(line: str, env) -> str:
    result = run([], env, _SCOREKEEPER_COMPLETE="complete_zsh", _TYPER_COMPLETE_ARGS=line)
    assert result.returncode == 0, result.stderr
    return result.stdout


def fish(line: str, env) -> list[str]:
    result = run(
        [],
        env,
        _SCOREKEEPER_COMPLETE="complete_fish",
        _TYPER_COMPLETE_ARGS=line,
        _TYPER_COMPLETE_FISH_ACTION="get-args",
    )
    assert result.returncode == 0, result.stderr
    return [w for w in result.stdout.split("\n") if w]


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_show_completion_prints_a_script_for_each_shell(env, shell):
    result = run(["--show-completion", shell], env)
    assert result.returncode == 0, result.stderr
    assert "_SCOREKEEPER_COMPLETE" in result.stdout
    assert f"complete_{shell}" in result.stdout


def test_install_completion_installs_for_bash(env, tmp_path):
    result = run(["--install-completion", "bash"], env, FORCE_COLOR="1")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("bash completion installed in ")
    assert "\x1b" not in result.stdout  # a plain message, not Typer's green one
    home = tmp_path / "home"
    assert "scorekeeper" in (home / ".bashrc").read_text(encoding="utf-8")
    script = home / ".bash_completions" / "scorekeeper.sh"
    assert "_SCOREKEEPER_COMPLETE=complete_bash" in script.read_text(encoding="utf-8")


def test_commands_complete(env):
    assert bash("scorekeeper sh", env) == ["show"]
    assert bash("scorekeeper re", env) == ["rematch", "resume", "redo", "restore"]
    assert bash("scorekeeper variants ", env) == ["show", "init", "check"]
    assert bash("scorekeeper backups r", env) == ["restore"]


def test_options_complete(env):
    assert set(bash("scorekeeper games --st", env)) == {"--status"}
    assert {"--format", "--output", "--excel", "--db"} <= set(bash("scorekeeper export --", env))


def test_variant_names_complete_built_in_and_user(cli, env):
    assert cli("variants", "init", "clubhouse", "--from", "classic").exit_code == 0
    offered = bash("scorekeeper new c", env)
    assert {
        "classic",
        "classic-2",
        "classic-3",
        "classic-6",
        "cuban",
        "cutthroat",
        "chilean",
        "clubhouse",
    } == set(offered)
    assert "samba" in bash("scorekeeper variants show s", env)
    assert bash("scorekeeper games --variant sam", env) == ["samba"]
    assert bash("scorekeeper variants init house --from bol", env) == ["bolivia"]


def test_a_user_file_of_no_variant_name_is_never_offered(cli, env, tmp_path):
    # README, variants init: a variant's name is lower-case letters, digits, - and _; a file
    # named otherwise is no variant, so completion offers only what `new` accepts
    folder = tmp_path / "config" / "variants"
    folder.mkdir(parents=True)
    for name in ("Cozy", "co zy", "cözy", "-cozy", "cozy"):
        (folder / f"{name}.toml").write_text('extends = "classic"\n', encoding="utf-8")
    assert set(bash("scorekeeper new co", env)) == {"cozy"}
    assert set(bash("scorekeeper new C", env)) == set()
    assert cli("new", "cozy", "--team", "A", "--team", "B").exit_code == 0


def test_game_ids_complete_newest_first_with_their_sides(env, games):
    assert bash("scorekeeper resume ", env) == ["2", "1"]  # 3 is deleted
    assert bash("scorekeeper hand --game ", env) == ["2", "1"]
    assert bash("scorekeeper show 1", env) == ["1"]
    assert fish("scorekeeper resume ", env) == ["2\tEve / Fay / Gil", "1\tAnn & Bob / Cat & Dan"]
    out = zsh("scorekeeper show ", env)
    assert '"2":"Eve / Fay / Gil"' in out and '"1":"Ann & Bob / Cat & Dan"' in out
    assert out.index('"2"') < out.index('"1"')


def test_side_names_of_the_current_game_complete(env, games):
    assert fish("scorekeeper edit 1 --side ", env) == ["Ann & Bob", "Cat & Dan"]
    assert fish("scorekeeper check KKK --team C", env) == ["Cat & Dan"]
    assert fish("scorekeeper edit 1 --game 2 --side ", env) == ["Eve", "Fay", "Gil"]


def test_option_choices_complete(env):
    assert bash("scorekeeper games --status ", env) == [
        "playing",
        "finished",
        "won",
        "draw",
        "deleted",
        "all",
    ]
    assert bash("scorekeeper export --format ", env) == ["csv", "json", "html"]
    assert fish("scorekeeper games --status d", env) == [
        "draw\tdrawn games",
        "deleted\tdeleted games",
    ]


def test_completion_with_no_database_offers_nothing_and_fails_not(env):
    assert bash("scorekeeper resume ", env) == []
    assert bash("scorekeeper edit 1 --side ", env) == []


def test_a_damaged_database_offers_nothing_and_fails_not(env, db, games):
    db.write_text("not json", encoding="utf-8")
    assert bash("scorekeeper edit 1 --side ", env) == []
    assert bash("scorekeeper resume ", env) == ["2", "1"]  # the game files still say


def many_games(cli, db, count: int) -> None:
    """``count`` games on disk: one real game's file written again under each id."""
    assert cli("new", "classic", "--team", "Ann & Bob", "--team", "Cat & Dan").exit_code == 0
    assert cli("hand", "m=120 nat=1 out", "m=90").exit_code == 0
    doc = json.loads(files.game_file(db, 1).read_bytes())["games"]["1"]
    folder = files.games_folder(db)
    for game_id in range(2, count + 1):
        doc["sides"][1]["name"] = f"Team {game_id}"
        (folder / f"{game_id}.json").write_text(json.dumps({"games": {str(game_id): doc}}))
    data = json.loads(db.read_bytes())
    data["meta"]["1"]["next_id"] = count + 1
    db.write_text(json.dumps(data))


def test_completion_at_ten_thousand_games_reads_only_the_newest(cli, db, monkeypatch):
    many_games(cli, db, 10_000)
    read = []
    original = files.read_game_file
    monkeypatch.setattr(
        files, "read_game_file", lambda path, i, *a: read.append(i) or original(path, i, *a)
    )
    offered = complete.complete_game(None, "")
    assert offered[:2] == [("10000", "Ann & Bob / Team 10000"), ("9999", "Ann & Bob / Team 9999")]
    assert len(offered) == complete.GAMES_OFFERED
    assert read == list(range(10_000, 10_000 - complete.GAMES_OFFERED, -1))
    assert complete.complete_game(None, "999") == [
        ("9999", "Ann & Bob / Team 9999"),
        ("9998", "Ann & Bob / Team 9998"),
        ("9997", "Ann & Bob / Team 9997"),
        ("9996", "Ann & Bob / Team 9996"),
        ("9995", "Ann & Bob / Team 9995"),
        ("9994", "Ann & Bob / Team 9994"),
        ("9993", "Ann & Bob / Team 9993"),
        ("9992", "Ann & Bob / Team 9992"),
        ("9991", "Ann & Bob / Team 9991"),
        ("9990", "Ann & Bob / Team 9990"),
    ]


def test_an_ordinary_run_imports_no_completion_machinery(env):
    code = (
        "import sys; sys.argv=['scorekeeper','--version']\n"
        "from scorekeeper.cli import main\n"
        "try: main()\n"
        "except SystemExit: pass\n"
        "print(sorted(m for m in sys.modules if 'completion' in m or m.endswith('shellingham')))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60
    )
    assert "scorekeeper.application.completion" not in result.stdout


def test_a_name_damaged_in_its_game_file_is_never_offered(env, db, games):
    """Completion writes to the shell only names a typed name could be (README, the bounds
    paragraph): a name holding a line break or an escape in a damaged file is left out."""
    path = files.game_file(db, 1)
    data = json.loads(path.read_bytes())
    data["games"]["1"]["sides"][0]["name"] = "Ann\nrm -rf ~\x1b[2J"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert fish("scorekeeper edit 1 --side ", env) == ["Cat & Dan"]
    assert fish("scorekeeper resume ", env) == ["2\tEve / Fay / Gil", "1\tCat & Dan"]
    assert bash("scorekeeper resume ", env) == ["2", "1"]

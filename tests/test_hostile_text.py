"""Text from files and imports passes the checks typed names pass, and nothing printed drives
the terminal (issue 18, points 4, 5 and 10): variant titles, canasta titles, labels, notes,
variant names and side names in imports; ``[/]`` is never markup; ``export -o`` never writes
over the database's own files."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import database_files, game_doc, new_game, refused

from scorekeeper.storage.database import game_file

ESCAPES = {
    "clear screen": "\u001b[2J",
    "hyperlink": "\u001b]8;;http://example.com\u001b\\x\u001b]8;;\u001b\\",
    "clipboard": "\u001b]52;c;aGVsbG8=\u0007",
    "right-to-left": "\u202e",
}


def run(*args: str, env: dict[str, str], input: str | None = None) -> subprocess.CompletedProcess:
    """The installed console script (through its own console, not the tests' one)."""
    beside = os.path.join(os.path.dirname(sys.executable), "scorekeeper")
    cmd = (
        [beside, *args]
        if os.access(beside, os.X_OK)
        else [sys.executable, "-m", "scorekeeper", *args]
    )
    return subprocess.run(cmd, capture_output=True, text=True, env=env, input=input, timeout=60)


@pytest.fixture
def env(db, tmp_path):
    return {**os.environ, "SCOREKEEPER_DB": str(db), "SCOREKEEPER_CONFIG": str(tmp_path / "config")}


def user_variant(tmp_path: Path, name: str, text: str) -> Path:
    folder = tmp_path / "config" / "variants"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.toml"
    path.write_text(text, encoding="utf-8")
    return path


def toml_text(value: str) -> str:
    return json.dumps(value)  # a JSON string is a TOML basic string


@pytest.mark.parametrize("attack", list(ESCAPES))
@pytest.mark.parametrize("where", ["title", "canasta title", "name", "penalty title"])
def test_a_variant_file_with_an_escape_is_refused_and_listed_broken(
    cli, db, tmp_path, attack, where
):
    bad = ESCAPES[attack]
    name = "bad"
    body = 'name = "bad"\nextends = "classic"\n'
    if where == "title":
        body += f"title = {toml_text('T' + bad)}\n"
    elif where == "canasta title":
        body += f"[canastas.natural]\ntitle = {toml_text('nat' + bad)}\n"
    elif where == "penalty title":
        body += f"[penalties.red_three_not_declared]\ntitle = {toml_text('p' + bad)}\n"
    else:
        body = f'name = {toml_text("bad" + bad)}\nextends = "classic"\n'
    path = user_variant(tmp_path, name, body)
    line = refused(cli, db, "variants", "check", str(path), code=3)
    assert "control character" in line
    rows = {v["name"]: v for v in cli.json("variants")["variants"]}
    assert rows["bad"]["error"] and rows["classic"]["error"] is None


@pytest.mark.parametrize("attack", list(ESCAPES))
def test_an_import_with_an_escape_in_any_text_is_refused(cli, db, tmp_path, attack):
    new_game(cli)
    assert cli("hand", "--yes", "--note", "n", "m=50", "m=60").exit_code == 0
    path = tmp_path / "game.json"
    assert cli("export", "1", "--format", "json", "-o", str(path)).exit_code == 0
    clean = json.loads(path.read_text(encoding="utf-8"))
    bad = ESCAPES[attack]
    for change in ("label", "note", "side", "title", "variant"):
        doc = json.loads(json.dumps(clean))
        record = doc["record"]
        if change == "label":
            record["label"] = doc["label"] = "L" + bad
        elif change == "note":
            record["hands"][0]["note"] = "N" + bad
        elif change == "side":
            record["sides"][0]["name"] = "Ann" + bad
        elif change == "title":
            record["rules"]["canastas"]["natural"]["title"] = "nat" + bad
        else:
            record["rules"]["name"] = "v" + bad
        path.write_text(json.dumps(doc), encoding="utf-8")
        line = refused(cli, db, "import", str(path), "--again", code=3)
        assert "control character" in line, change


@pytest.mark.parametrize("option", ["--label", "--note"])
def test_a_right_to_left_mark_is_refused_in_labels_and_notes_as_in_names(cli, db, option):
    # issue 18, point 10: U+202E refused in names but accepted in labels and notes
    assert "U+202E" in refused(cli, db, "new", "classic", "--team", "A\u202eB", "--team", "C")
    new_game(cli)
    if option == "--label":
        line = refused(
            cli, db, "new", "classic", "--team", "A", "--team", "B", "--label", "x\u202ey"
        )
    else:
        line = refused(cli, db, "hand", "--yes", "--note", "x\u202ey", "m=50", "m=50")
    assert "U+202E" in line


def test_stored_text_from_an_older_version_never_reaches_the_terminal(db, env):
    # a game file written before these checks: every output shows its escapes escaped
    assert (
        run("new", "classic", "--team", "A", "--team", "B", "--label", "lab", env=env).returncode
        == 0
    )
    assert run("hand", "--yes", "--note", "n", "m=50", "m=50", env=env).returncode == 0
    data = json.loads(game_file(db, 1).read_bytes())
    doc = data["games"]["1"]
    hostile = "".join(ESCAPES.values())
    doc["label"] = "L" + hostile
    doc["hands"][0]["note"] = "N" + hostile
    game_file(db, 1).write_text(json.dumps(data), encoding="utf-8")
    commands = [
        ("show",),
        ("show", "--detail"),
        ("games",),
        ("status",),
        ("export", "--format", "csv"),
        ("export", "--format", "html"),
    ]
    for args in commands:
        for extra in ({}, {"TERM": "xterm-256color", "COLUMNS": "120"}):
            r = run(*args, env={**env, **extra})
            assert r.returncode == 0, (args, r.stderr)
            assert "\u001b" not in r.stdout and "\u0007" not in r.stdout, args
            assert "\u202e" not in r.stdout, args
    # its JSON export could not be imported again (an import refuses the text): refused, in
    # one line that shows the text escaped, rather than written unusable (red team round 10)
    r = run("export", env=env)
    assert r.returncode == 3 and r.stdout == ""
    assert r.stderr.startswith("Error: game 1 holds what an import refuses")
    assert "\u001b" not in r.stderr and "\u0007" not in r.stderr and "\u202e" not in r.stderr


@pytest.mark.parametrize("text", ["[/]", "[bold]x[/]", "[link=http://x]y[/link]", "[/red]"])
def test_markup_in_titles_and_labels_prints_as_typed(cli, db, tmp_path, env, text):
    body = f'name = "mk"\nextends = "classic"\ntitle = {toml_text(text)}\n'
    body += f"[canastas.natural]\ntitle = {toml_text(text)}\n"
    user_variant(tmp_path, "mk", body)
    r = run("new", "mk", "--team", text, "--team", "B", "--label", text, env=env)
    assert r.returncode == 0, r.stderr
    r = run("hand", "--yes", "--note", text, "m=50 nat=1", "m=50", env=env)
    assert r.returncode == 0, r.stderr
    for args in (
        ("show",),
        ("show", "--detail"),
        ("games",),
        ("status",),
        ("variants",),
        ("variants", "show", "mk"),
    ):
        r = run(*args, env=env)
        assert r.returncode == 0, (args, r.stderr)
        wrapped = args in (("games",), ("variants",))  # lists that wrap a long title
        assert text in r.stdout or wrapped, args


# -- point 5: export -o over the database's own files --


@pytest.mark.parametrize("target", ["database", "game", "new game", "backup", "index"])
def test_export_never_writes_over_the_databases_own_files(cli, db, target):
    new_game(cli)
    assert cli("hand", "--yes", "m=50", "m=50").exit_code == 0
    paths = {
        "database": db,
        "game": game_file(db, 1),
        "new game": game_file(db, 7),
        "backup": db.with_name(db.name + ".backups") / "mine.json",
        "index": db.with_name(db.name + ".index.json"),
    }
    before = database_files(db)
    line = refused(cli, db, "export", "1", "-o", str(paths[target]), code=3)
    assert "database" in line
    assert database_files(db) == before
    assert len(game_doc(db)["hands"]) == 1


def test_export_refuses_a_link_to_the_database_and_writes_beside_it(cli, db, tmp_path):
    new_game(cli)
    link = tmp_path / "link.json"
    link.symlink_to(db)
    refused(cli, db, "export", "1", "-o", str(link), code=3)
    beside = db.with_name(db.name + "x")  # a name that only starts like the database's
    assert cli("export", "1", "--format", "json", "-o", str(beside)).exit_code == 0
    assert json.loads(beside.read_text(encoding="utf-8"))["game"] == 1


@pytest.mark.parametrize("target", ["database", "game", "backup"])
def test_export_refuses_a_hard_link_of_the_databases_own_files(cli, db, tmp_path, target):
    # A hard link is the same file under a second name outside the database's folders:
    # writing to it would write over the database, though its path lies elsewhere.
    new_game(cli)
    assert cli("hand", "--yes", "m=50", "m=50").exit_code == 0
    backups = sorted(db.with_name(db.name + ".backups").iterdir())
    own = {"database": db, "game": game_file(db, 1), "backup": backups[0]}[target]
    link = tmp_path / "elsewhere.json"
    os.link(own, link)
    content = own.read_bytes()
    line = refused(cli, db, "export", "1", "-o", str(link), code=3)
    assert "database" in line and own.read_bytes() == content
    lone = tmp_path / "lone.json"  # a file of one name is written as ever
    lone.write_text("old", encoding="utf-8")
    assert cli("export", "1", "-o", str(lone)).exit_code == 0
    assert json.loads(lone.read_text(encoding="utf-8"))["game"] == 1

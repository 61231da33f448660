"""No database can have a name its neighbours' clean-up takes for a temporary file (issue 18,
point 8 found again): a database path named as a temporary file (``.NAME~...tmp``) is
refused (exit 3, one line, nothing created), and the clean-up removes only what is provably
a temporary file of its own database: never a file with a database's lock or games beside
it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import new_game
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.errors import DataFileError

REFUSED = [
    ".db.json~club.tmp",
    ".scores.json~game-1-abcdefgh.tmp",
    ".x~.tmp",
    ".db.json.index.json~x.tmp",
]


def listing(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir()) if folder.exists() else []


@pytest.mark.parametrize("name", REFUSED)
def test_a_database_named_like_a_temporary_file_is_refused(cli, tmp_path, name):
    folder = tmp_path / "d"
    folder.mkdir()
    result = cli("--db", str(folder / name), "new", "classic", "--team", "Keep", "--team", "Me")
    assert result.exit_code == 3, result.output
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("Error: ") and name in lines[0]
    assert listing(folder) == []


def test_the_environment_variable_is_held_to_the_same_names(cli, tmp_path, monkeypatch):
    folder = tmp_path / "d"
    folder.mkdir()
    monkeypatch.setenv("SCOREKEEPER_DB", str(folder / ".db.json~club.tmp"))
    result = cli("new", "classic", "--team", "Keep", "--team", "Me")
    assert result.exit_code == 3, result.output
    assert listing(folder) == []


@pytest.mark.parametrize(
    "name", ["db.json", "s.json.b", "db.json~club", "x.tmp", ".hidden.json", "x.json.lock"]
)
def test_other_names_stay_databases(cli, tmp_path, name):
    db = tmp_path / name
    assert cli("--db", str(db), "new", "classic", "--team", "A", "--team", "B").exit_code == 0
    assert cli("--db", str(db), "status").exit_code == 0


def test_the_clean_up_keeps_a_database_made_under_such_a_name_before(cli, db):
    """A database of a temporary file's name made before such names were refused (its lock
    and games folder beside it) is never removed by its neighbour's clean-up; a real stale
    temporary file of the neighbour is."""
    new_game(cli)
    old = db.with_name(f".{db.name}~club.tmp")
    old.write_text(json.dumps({"meta": {"1": {"schema": 3}}}), encoding="utf-8")
    old.with_name(old.name + ".lock").touch()
    (old.parent / (old.name + ".games")).mkdir()
    stale = db.with_name(f".{db.name}~abcd1234.tmp")
    stale.write_bytes(b"left by a kill")
    assert cli("hand", "--yes", "m=5", "m=10").exit_code == 0
    assert old.exists()
    assert not stale.exists()


names = st.text(alphabet=st.sampled_from("abcz019_-.~ "), min_size=1, max_size=24).filter(
    lambda n: n not in (".", "..") and "/" not in n
)


@given(owner=names, name=names)
def test_no_accepted_database_name_is_anothers_temporary(owner, name):
    """Invariant: a name accepted as a database's is never a temporary file of any database
    in its folder, so no clean-up can remove it."""
    from scorekeeper.storage.files import is_own_temporary, refuse_database_name

    try:
        refuse_database_name(Path(name))
    except DataFileError:
        return
    assert not is_own_temporary(Path(owner), name)


@given(
    owner=names,
    random=st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789_", min_size=8, max_size=8),
)
def test_every_temporary_name_is_refused_as_a_database(owner, random):
    """Every name a temporary file gets (:func:`temporary_prefix`, mkstemp's 8 characters,
    ``.tmp``) is refused as a database path."""
    from scorekeeper.storage.files import refuse_database_name, temporary_prefix

    for prefix in (temporary_prefix(Path(owner)), temporary_prefix(Path(owner), 3)):
        with pytest.raises(DataFileError):
            refuse_database_name(Path(prefix + random + ".tmp"))

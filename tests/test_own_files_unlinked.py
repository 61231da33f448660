"""A database's games folder, backups folder, caches, journal and lock are its own: never a
symbolic link, never made through one (issue 18, red team: a games folder linked to another
database's; a dangling lock link made inside another database). README, "Where data lives"."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from conftest import new_game

from scorekeeper.errors import DataFileError


def tree(folder: Path) -> dict[str, bytes | None]:
    """Every entry under ``folder`` (links as their target's text), to see nothing changed."""
    found: dict[str, bytes | None] = {}
    for root, dirs, files in os.walk(folder):
        for name in dirs + files:
            full = Path(root) / name
            key = str(full.relative_to(folder))
            if full.is_symlink():
                found[key] = os.readlink(full).encode()
            elif full.is_file():
                found[key] = full.read_bytes()
            else:
                found[key] = None
    return found


@pytest.fixture
def other(cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Another database, in its own folder, with game 1 and its backups."""
    theirs = tmp_path / "b" / "scorekeeper.json"
    theirs.parent.mkdir()
    monkeypatch.setenv("SCOREKEEPER_DB", str(theirs))
    new_game(cli)
    assert cli("hand", "--yes", "m=50", "m=50").exit_code == 0
    assert (theirs.parent / "scorekeeper.json.backups").is_dir()
    return theirs


def refused_without_change(cli, db: Path, watched: list[Path], *command: str) -> str:
    before = [tree(folder) for folder in watched]
    result = cli("--db", str(db), *command)
    assert result.exit_code == 3, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.stderr
    assert "Traceback" not in result.output
    assert [tree(folder) for folder in watched] == before
    return lines[0]


COMMANDS = [
    ("resume", "1"),
    ("new", "classic", "--team", "Us", "--team", "Them"),
    ("games",),
    ("backups",),
]


@pytest.mark.parametrize("end", [".games", ".backups"])
@pytest.mark.parametrize("command", COMMANDS)
def test_a_folder_linked_to_another_databases_folder_is_refused(cli, other, tmp_path, end, command):
    mine = tmp_path / "a" / "a.json"
    mine.parent.mkdir()
    (mine.parent / f"a.json{end}").symlink_to(other.parent / f"scorekeeper.json{end}")
    line = refused_without_change(cli, mine, [other.parent, mine.parent], *command)
    assert f"a.json{end}" in line and "symbolic link" in line
    assert not (mine.parent / "a.json").exists()  # nothing written


@pytest.mark.parametrize("end", [".games", ".backups"])
def test_a_folder_linked_to_an_empty_folder_of_nobody_is_refused(cli, tmp_path, end):
    nobody = tmp_path / "nobody"
    nobody.mkdir()
    mine = tmp_path / "a" / "a.json"
    mine.parent.mkdir()
    (mine.parent / f"a.json{end}").symlink_to(nobody)
    refused_without_change(cli, mine, [nobody, mine.parent], "new", "classic", "--team", "Us",
                           "--team", "Them")  # fmt: skip
    assert list(nobody.iterdir()) == []


@pytest.mark.parametrize("end", [".games", ".backups"])
def test_a_linked_folder_of_an_existing_database_is_refused(cli, db, tmp_path, end):
    new_game(cli)
    assert cli("hand", "--yes", "m=50", "m=50").exit_code == 0  # a backup is kept
    folder = db.with_name(db.name + end)
    moved = tmp_path / f"moved{end}"
    folder.rename(moved)
    folder.symlink_to(moved)
    before = tree(moved)
    result = cli("hand", "--yes", "m=50", "m=50")
    assert result.exit_code == 3, result.output
    assert "symbolic link" in result.stderr
    assert tree(moved) == before


def test_a_folder_beside_the_database_through_a_linked_database_folder_is_its_own(cli, tmp_path):
    """The database's folder itself may be reached through a link: its files beside it are
    then still its own (compared resolved)."""
    real = tmp_path / "real"
    real.mkdir()
    (tmp_path / "via").symlink_to(real)
    db = tmp_path / "via" / "s.json"
    result = cli("--db", str(db), "new", "classic", "--team", "Us", "--team", "Them")
    assert result.exit_code == 0, result.output
    result = cli("--db", str(db), "hand", "--yes", "m=50", "m=50")
    assert result.exit_code == 0, result.output
    assert (real / "s.json.games" / "1.json").is_file()


@pytest.mark.parametrize("end", [".journal", ".lock"])
def test_a_journal_or_lock_that_is_a_link_is_refused(cli, other, tmp_path, end):
    mine = tmp_path / "a" / "a.json"
    mine.parent.mkdir()
    (mine.parent / f"a.json{end}").symlink_to(other.parent / "scorekeeper.json.journal")
    refused_without_change(cli, mine, [other.parent, mine.parent], "new", "classic", "--team",
                           "Us", "--team", "Them")  # fmt: skip
    assert not (other.parent / "scorekeeper.json.journal").exists()
    result = cli("--db", str(other), "status")
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("end", [".index.json", ".stats.json"])
def test_a_cache_that_is_a_link_is_replaced_never_written_through(cli, other, tmp_path, end):
    """A cache is always rebuildable: a link of its name is replaced by the rebuilt cache
    (never written through), so the file it named is untouched."""
    mine = tmp_path / "a" / "a.json"
    mine.parent.mkdir()
    target = other.parent / f"scorekeeper.json{end}"
    before = target.read_bytes() if target.exists() else None
    (mine.parent / f"a.json{end}").symlink_to(target)
    for command in (("new", "classic", "--team", "Us", "--team", "Them"), ("stats",)):
        result = cli("--db", str(mine), *command)
        assert result.exit_code == 0, result.output
    assert (target.read_bytes() if target.exists() else None) == before
    assert cli("--db", str(other), "status").exit_code == 0


# -- the lock is opened without following a link --


@pytest.mark.parametrize("dangling", [True, False])
def test_the_lock_is_never_opened_through_a_link(tmp_path, monkeypatch, dangling):
    """A lock link planted after the database's files were checked (a race) is still never
    followed: the lock is opened with ``O_NOFOLLOW``."""
    from scorekeeper.storage import database

    monkeypatch.setattr(database, "check_own_names", lambda path: None)  # planted after it
    target = tmp_path / "other.json.journal"
    if not dangling:
        target.write_bytes(b"")
    db = tmp_path / "s.json"
    Path(f"{db}.lock").symlink_to(target)
    with pytest.raises(DataFileError, match="symbolic link"), database.open_store(db, True):
        pass
    assert target.exists() is not dangling  # a dangling link made nothing
    if not dangling:
        assert target.read_bytes() == b""


def test_a_dangling_lock_link_into_a_games_folder_makes_no_game_file(cli, other, tmp_path):
    mine = tmp_path / "a" / "a.json"
    mine.parent.mkdir()
    games = other.parent / "scorekeeper.json.games"
    (mine.parent / "a.json.lock").symlink_to(games / "4.json")
    result = cli("--db", str(mine), "new", "classic", "--team", "Us", "--team", "Them")
    assert result.exit_code == 3, result.output
    assert not (games / "4.json").exists()


def test_a_planted_link_as_a_backup_copy_is_never_written_through(db, tmp_path):
    """A backup copied (where a hard link is not possible) is a new file: a link of its name
    is never followed."""
    from scorekeeper.storage import backups

    db.write_bytes(b'{"meta":{"1":{}}}')
    victim = tmp_path / "victim"
    target = backups.backup_target(db, "migration", "-x")
    target.symlink_to(victim)
    with pytest.raises(OSError):
        backups.copy_new(db, target)
    assert not victim.exists()


@pytest.mark.parametrize("how", ["--db", "SCOREKEEPER_DB"])
def test_a_database_path_that_is_a_link_is_refused_and_left_as_it_is(cli, tmp_path, how):
    """Red team round 11: a --db naming a link read the database through it but looked for its
    games beside the link ("game 1 is missing", "No games match."), and ``new`` then wrote a
    second database over the link. Now refused at once, naming the file it names."""
    real = tmp_path / "real" / "s.json"
    real.parent.mkdir()
    assert cli("--db", str(real), "new", "classic", "--team", "A", "--team", "B").exit_code == 0
    link = tmp_path / "other" / "s.json"
    link.parent.mkdir()
    link.symlink_to(Path("..") / "real" / "s.json")
    before = tree(tmp_path)
    for args in (["status"], ["games"], ["new", "classic", "--team", "C", "--team", "D"]):
        if how == "--db":
            result = cli("--db", str(link), *args)
        else:
            os.environ["SCOREKEEPER_DB"] = str(link)
            try:
                result = cli(*args)
            finally:
                del os.environ["SCOREKEEPER_DB"]
        assert result.exit_code == 3, (args, result.output)
        assert "symbolic link" in result.stderr and "real" in result.stderr
    assert tree(tmp_path) == before and link.is_symlink()


@pytest.mark.parametrize(
    "args", [["hand", "--yes", "m=5", "m=5"], ["resume", "1"], ["rematch"], ["stats"]]
)
def test_a_command_on_a_database_not_there_creates_nothing(cli, tmp_path, args):
    """Red team round 11: ``stats`` made the folder and a cache, a refused ``hand`` or
    ``resume`` the folder and a lock, for a mistyped --db."""
    missing = tmp_path / "sub" / "s.json"
    cli("--db", str(missing), *args)
    assert not missing.parent.exists()

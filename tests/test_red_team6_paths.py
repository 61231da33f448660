"""A database never uses another database's file as one of its own (README, "Where data
lives"): its caches, lock, journal, games and backups folders are names no other database's file
may have, a path reached through a symlinked folder is checked where it really is, and a games
folder holding another database is never added to. A refused command changes nothing of either
database: every byte of every file is compared before and after."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.conftest import PARTNERSHIPS

FIXTURES = Path(__file__).parent / "fixtures"


def snapshot(folder: Path) -> dict[str, bytes | str]:
    """Every file under ``folder`` (its bytes) and every folder or symlink (its kind)."""
    seen: dict[str, bytes | str] = {}
    for item in sorted(folder.rglob("*")):
        name = str(item.relative_to(folder))
        if item.is_symlink():
            seen[name] = "symlink"
        elif item.is_dir():
            seen[name] = "folder"
        else:
            seen[name] = item.read_bytes()
    return seen


def make_database(cli, db: Path, games: int = 1) -> None:
    """A database at ``db`` with ``games`` games, each with one hand."""
    for _ in range(games):
        started = cli("--db", str(db), "new", "classic", *PARTNERSHIPS)
        assert started.exit_code == 0, started.output
        hand = cli("--db", str(db), "hand", "--score", "100", "--score", "50", "--yes")
        assert hand.exit_code in (0, 2), hand.output  # the hand is not what is tested


def refused_line(result) -> str:
    """The one line a refused command prints (exit 3: a file that cannot be used)."""
    assert result.exit_code == 3, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1, result.output
    assert "Traceback" not in result.output
    return lines[0]


OWN_NAMES = [".stats.json", ".index.json", ".lock", ".journal", ".backups", ".games"]


@pytest.mark.parametrize("suffix", OWN_NAMES)
@pytest.mark.parametrize("command", [("new", "classic", *PARTNERSHIPS), ("games",)])
def test_a_database_named_as_one_of_the_files_of_another_is_never_written_over(
    cli, tmp_path: Path, suffix: str, command: tuple[str, ...]
) -> None:
    folder = tmp_path / "c"
    folder.mkdir()
    other = folder / f"x{suffix}"
    make_database(cli, other)
    before = snapshot(folder)
    result = cli("--db", str(folder / "x"), *command)
    line = refused_line(result)
    assert str(other) in line
    assert snapshot(folder) == before


@pytest.mark.parametrize("suffix", [".stats.json", ".index.json", ".journal", ".lock"])
def test_a_database_file_alone_is_told_by_its_content(cli, tmp_path: Path, suffix: str) -> None:
    # a copy of a database file, without its lock or games folder beside it
    source = tmp_path / "source.json"
    make_database(cli, source)
    folder = tmp_path / "c"
    folder.mkdir()
    shutil.copyfile(source, folder / f"x{suffix}")
    shutil.copyfile(FIXTURES / "schema-1.json", folder / "y.stats.json")
    before = snapshot(folder)
    line = refused_line(cli("--db", str(folder / "x"), "new", "classic", *PARTNERSHIPS))
    assert str(folder / f"x{suffix}") in line and "another database" in line
    line = refused_line(cli("--db", str(folder / "y"), "games"))
    assert str(folder / "y.stats.json") in line
    assert snapshot(folder) == before


def test_a_stray_file_that_is_no_database_is_still_only_a_cache(cli, tmp_path: Path) -> None:
    # the refusal is for databases only: a damaged cache is rebuilt, as before
    folder = tmp_path / "c"
    folder.mkdir()
    (folder / "x.stats.json").write_bytes(b"not a cache at all")
    (folder / "x.index.json").write_bytes(b'{"format": 1, "nonsense": true}\n')
    started = cli("--db", str(folder / "x"), "new", "classic", *PARTNERSHIPS)
    assert started.exit_code == 0, started.output
    assert cli("--db", str(folder / "x"), "stats").exit_code == 0


def test_a_database_in_a_games_folder_reached_through_a_symlink_is_refused(
    cli, tmp_path: Path
) -> None:
    other = tmp_path / "o" / "db.json"
    make_database(cli, other, games=3)
    link = tmp_path / "lnk"
    link.symlink_to(tmp_path / "o" / "db.json.games", target_is_directory=True)
    before = snapshot(tmp_path)
    line = refused_line(cli("--db", str(link / "6.json"), "new", "classic", *PARTNERSHIPS))
    assert str(other) in line
    assert snapshot(tmp_path) == before
    listing = cli("--db", str(other), "games")
    assert listing.exit_code == 0, listing.output


def test_a_games_folder_that_holds_another_database_gets_no_new_game(cli, tmp_path: Path) -> None:
    folder = tmp_path / "c"
    inner = folder / "x.games" / "1.json"
    make_database(cli, inner)
    before = snapshot(folder)
    line = refused_line(cli("--db", str(folder / "x"), "new", "classic", *PARTNERSHIPS))
    assert str(inner) in line and "another database" in line
    after = snapshot(folder)
    # the games folder is looked into under the refused database's own lock: an empty lock
    # file of its own may be left, nothing else
    assert after.pop("x.lock", b"") == b""
    assert after == before
    assert cli("--db", str(inner), "games").exit_code == 0


@pytest.mark.parametrize("suffix", [".index.json", ".stats.json"])
def test_an_empty_database_file_is_told_by_its_games_folder(
    cli, tmp_path: Path, suffix: str
) -> None:
    # an empty database file starts a new database (README): its games folder tells it
    folder = tmp_path / "c"
    folder.mkdir()
    other = folder / f"x{suffix}"
    make_database(cli, other)
    other.write_bytes(b"")
    (folder / f"x{suffix}.lock").unlink(missing_ok=True)
    before = snapshot(folder)
    line = refused_line(cli("--db", str(folder / "x"), "games"))
    assert str(other) in line
    assert snapshot(folder) == before

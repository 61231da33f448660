"""``export --output`` replaces its file in one step and says truthfully whether it did (issue
18, point 5 found again): a Ctrl-C or a refused write before the rename leaves the old file as
it was ("nothing was changed", exit 130 / exit 3); a Ctrl-C after it says the file was written
(exit 0); and no file of any scorekeeper database, this one's or another's, is ever written
over (exit 3, one line, the file untouched, for this one's as for another's)."""

from __future__ import annotations

import errno
import os
import shutil
import signal
import stat
import subprocess
from pathlib import Path

import pytest
from conftest import new_game
from test_installed_script import script

from scorekeeper.storage.database import game_file

OLD = b"the old export, kept\n"

needs_strace = pytest.mark.skipif(
    shutil.which("strace") is None or script() is None,
    reason="needs strace and the installed console script",
)


def traced(inject: str, *args: str, env: dict[str, str]) -> subprocess.CompletedProcess:
    """Run the console script under strace, injecting ``inject`` (strace's ``-e inject=``
    syntax, e.g. ``write:signal=SIGINT:when=1``) into the system calls it names."""
    calls = inject.split(":")[0]
    command = ["strace", "-f", "-qq", "-o", os.devnull, "-e", f"trace={calls}"]
    command += ["-e", f"inject={inject}", script() or "scorekeeper", *args]
    return subprocess.run(command, capture_output=True, text=True, env=env, timeout=120)


@pytest.fixture
def env(db: Path) -> dict[str, str]:
    return {**os.environ, "SCOREKEEPER_DB": str(db), "NO_COLOR": "1", "SCOREKEEPER_LANG": "en"}


@pytest.fixture
def played(cli, db: Path) -> None:
    new_game(cli)
    assert cli("hand", "--yes", "m=50", "m=50").exit_code == 0


def temporaries(folder: Path) -> list[str]:
    return [p.name for p in folder.iterdir() if p.name.endswith(".tmp")]


# -- a Ctrl-C or a refusal before the rename: the old file stays --


@needs_strace
def test_a_ctrl_c_at_the_first_write_leaves_the_old_file(played, env, tmp_path):
    out = tmp_path / "out.json"
    out.write_bytes(OLD)
    result = traced("write:signal=SIGINT:when=1", "export", "1", "-o", str(out), env=env)
    assert result.returncode == 130, result.stderr
    assert result.stderr.strip().splitlines()[-1] == "Interrupted: nothing was changed."
    assert out.read_bytes() == OLD
    assert temporaries(tmp_path) == []


def test_a_ctrl_c_at_the_open_leaves_the_old_file(cli, played, tmp_path, monkeypatch):
    from scorekeeper import progress

    out = tmp_path / "out.json"
    out.write_bytes(OLD)

    def hook(kind: str, path: Path) -> None:
        if kind == "create" and path.parent == tmp_path:  # the file that will replace it
            signal.raise_signal(signal.SIGINT)  # to this thread, as in the one-thread CLI

    monkeypatch.setattr(progress, "before_file_change", hook)
    result = cli("export", "1", "-o", str(out))
    assert result.exit_code == 130, result.output
    assert "Interrupted: nothing was changed." in result.stderr
    assert out.read_bytes() == OLD
    assert temporaries(tmp_path) == []


@needs_strace
def test_a_full_disk_at_the_first_write_leaves_the_old_file(played, env, tmp_path):
    out = tmp_path / "out.csv"
    out.write_bytes(OLD)
    result = traced("write:error=ENOSPC:when=1", "export", "1", "-o", str(out), env=env)
    assert result.returncode == 3, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: ") and str(out) in lines[0]
    assert out.read_bytes() == OLD
    assert temporaries(tmp_path) == []


def test_a_refused_rename_leaves_the_old_file_and_no_temporary(cli, played, tmp_path, monkeypatch):
    out = tmp_path / "out.html"
    out.write_bytes(OLD)

    def refuse(src, dst, *args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "replace", refuse)
    result = cli("export", "1", "-o", str(out))
    assert result.exit_code == 3, result.output
    assert out.read_bytes() == OLD
    assert temporaries(tmp_path) == []


# -- a Ctrl-C at or after the rename: the file is written, and said so --


def test_a_ctrl_c_at_the_rename_says_the_export_was_written(cli, played, tmp_path, monkeypatch):
    out = tmp_path / "out.json"
    out.write_bytes(OLD)
    real = os.replace

    def replace(src, dst, *args, **kwargs):
        real(src, dst, *args, **kwargs)
        if Path(dst) == out:
            signal.raise_signal(signal.SIGINT)  # to this thread, as in the one-thread CLI

    monkeypatch.setattr(os, "replace", replace)
    result = cli("export", "1", "-o", str(out))
    assert result.exit_code == 0, result.output
    assert "nothing was changed" not in result.stderr
    assert "Interrupted after the export was written" in result.stderr
    assert b'"game": 1' in out.read_bytes()


@needs_strace
def test_a_ctrl_c_at_the_rename_of_the_script_says_written(played, env, tmp_path):
    out = tmp_path / "out.json"
    out.write_bytes(OLD)
    inject = "rename,renameat,renameat2:signal=SIGINT:when=1"
    result = traced(inject, "export", "1", "-o", str(out), env=env)
    assert result.returncode == 0, result.stderr
    assert "nothing was changed" not in result.stderr
    assert "Interrupted after the export was written" in result.stderr
    assert b'"game": 1' in out.read_bytes()


@needs_strace
def test_a_ctrl_c_at_the_message_after_the_rename_says_written(played, env, tmp_path):
    out = tmp_path / "out.json"
    out.write_bytes(OLD)
    # the writes: the temporary file's content (1), then the line saying it was written (2)
    result = traced("write:signal=SIGINT:when=2", "export", "1", "-o", str(out), env=env)
    assert result.returncode == 0, result.stderr
    assert "nothing was changed" not in result.stderr
    assert b'"game": 1' in out.read_bytes()


# -- what the file is after an export --


def test_a_new_file_gets_the_permissions_of_one_written_in_place(cli, played, tmp_path):
    mask = os.umask(0o027)
    try:
        out = tmp_path / "new.json"
        assert cli("export", "1", "-o", str(out)).exit_code == 0
    finally:
        os.umask(mask)
    assert stat.S_IMODE(out.stat().st_mode) == 0o640  # 0666 less the umask


def test_an_existing_file_keeps_its_permissions(cli, played, tmp_path):
    out = tmp_path / "kept.json"
    out.write_bytes(OLD)
    out.chmod(0o664)
    assert cli("export", "1", "-o", str(out)).exit_code == 0
    assert stat.S_IMODE(out.stat().st_mode) == 0o664
    assert b'"game": 1' in out.read_bytes()


def test_a_link_to_a_plain_file_is_written_through(cli, played, tmp_path):
    real = tmp_path / "real.json"
    real.write_bytes(OLD)
    link = tmp_path / "link.json"
    link.symlink_to(real)
    assert cli("export", "1", "-o", str(link)).exit_code == 0
    assert link.is_symlink()
    assert b'"game": 1' in real.read_bytes()


def test_a_read_only_file_is_refused_untouched(cli, played, tmp_path):
    out = tmp_path / "locked.json"
    out.write_bytes(OLD)
    out.chmod(0o444)
    result = cli("export", "1", "-o", str(out))
    assert result.exit_code == 3, result.output
    assert out.read_bytes() == OLD


# -- another database's files are refused --


@pytest.fixture
def other(cli, db: Path, tmp_path: Path) -> Path:
    """Another database, in another folder, with one game of one hand (and a backup)."""
    path = tmp_path / "h3" / "db.json"
    path.parent.mkdir()
    base = ["--db", str(path)]
    assert cli(*base, "new", "classic", "--team", "X", "--team", "Y").exit_code == 0
    assert cli(*base, "hand", "--yes", "m=50", "m=50").exit_code == 0
    return path


def _targets(other: Path, tmp_path: Path) -> dict[str, Path]:
    journal = other.with_name(other.name + ".journal")
    journal.write_text('{"renames": [], "removals": [], "kept": []}', encoding="utf-8")
    backups = sorted(other.with_name(other.name + ".backups").iterdir())
    symlink = tmp_path / "symlink.json"
    symlink.symlink_to(other)
    hard = tmp_path / "hard.json"
    os.link(game_file(other, 1), hard)
    return {
        "database": other,
        "game": game_file(other, 1),
        "index": other.with_name(other.name + ".index.json"),
        "stats": other.with_name(other.name + ".stats.json"),
        "lock": other.with_name(other.name + ".lock"),
        "journal": journal,
        "backup": backups[0],
        "symlink": symlink,
        "hard link": hard,
    }


@pytest.mark.parametrize(
    "target",
    ["database", "game", "index", "stats", "lock", "journal", "backup", "symlink", "hard link"],
)
def test_another_databases_file_is_refused_untouched(cli, played, other, tmp_path, target):
    file = _targets(other, tmp_path)[target]
    if target == "stats" and not file.exists():
        file.write_text('{"format": 1}\n', encoding="utf-8")
    if target == "journal":
        other.with_name(other.name + ".journal").unlink()  # only its name is looked at
        file.write_text('{"renames": [], "removals": [], "kept": []}', encoding="utf-8")
    before = file.read_bytes()
    result = cli("export", "1", "--format", "json", "-o", str(file))
    assert result.exit_code == 3, result.output
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.stderr
    assert file.read_bytes() == before
    other.with_name(other.name + ".journal").unlink(missing_ok=True)
    shown = cli("--db", str(other), "show", "--json")
    assert shown.exit_code == 0, shown.output  # the other database is still usable


def test_a_file_only_named_like_a_cache_of_no_database_is_written(cli, played, tmp_path):
    lone = tmp_path / "notes.json.index.json"  # no database notes.json beside it
    assert cli("export", "1", "--format", "json", "-o", str(lone)).exit_code == 0
    assert b'"game": 1' in lone.read_bytes()


def test_an_export_can_be_written_over_again(cli, played, tmp_path):
    out = tmp_path / "again.json"
    assert cli("export", "1", "-o", str(out)).exit_code == 0
    assert cli("export", "1", "-o", str(out)).exit_code == 0  # an export is no database file
    assert b'"game": 1' in out.read_bytes()


def test_a_missing_folder_is_refused_and_never_made(cli, played, tmp_path):
    out = tmp_path / "missing" / "out.json"
    result = cli("export", "1", "-o", str(out))
    assert result.exit_code == 3, result.output
    assert not out.parent.exists()


@pytest.mark.skipif(script() is None, reason="needs the installed console script")
def test_a_link_to_standard_output_is_written_as_named(played, env):
    args = [script(), "export", "1", "--format", "csv", "-o", "/dev/stdout"]
    done = subprocess.run(args, capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("game,hand,team")

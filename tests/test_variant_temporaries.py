"""``variants init --force`` killed while it writes leaves its temporary file
(``.house.toml~XXXXXXXX.tmp``) beside the variant file; the next ``variants init`` or
``variants`` removes it once no write can still be under way (older than a minute), and never
a file of another name or one just written (issue 18, red team, point 10)."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from test_export_atomic import needs_strace, traced

from scorekeeper.variants import remove_stale_temporary_files, user_variant_dir


def temporaries(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def age(path: Path, seconds: float) -> None:
    then = time.time() - seconds
    os.utime(path, (then, then))


@needs_strace
@pytest.mark.parametrize("command", [("variants", "init", "other", "--force"), ("variants",)])
def test_a_killed_variants_init_leaves_a_temporary_file_the_next_run_removes(cli, db, env, command):
    assert cli("variants", "init", "house").exit_code == 0
    result = traced("rename:signal=SIGKILL:when=1", "variants", "init", "house", "--force", env=env)
    assert result.returncode == -9
    folder = user_variant_dir()
    left = temporaries(folder)
    assert len(left) == 1 and left[0].startswith(".house.toml~"), left
    assert cli(*command).exit_code == 0
    assert temporaries(folder) == left  # just written: another command may still be at it
    age(folder / left[0], 120)
    assert cli(*command).exit_code == 0
    assert temporaries(folder) == []
    assert (folder / "house.toml").is_file()


def test_only_its_own_stale_temporary_names_are_removed(tmp_path):
    folder = tmp_path / "variants"
    folder.mkdir()
    own = [".house.toml~abc_1234.tmp", ".h-2.toml~zz99zz99.tmp"]
    others = [
        ".house.json~abc12345.tmp",  # not a variant file's
        ".House.toml~abc12345.tmp",  # no variant name has capitals
        "house.toml~abc12345.tmp",  # not hidden: not a temporary name
        ".house.toml~abc12345.tmp.keep",
        ".s.json~abc12345.tmp",  # a database's (were a database kept here)
    ]
    for name in own + others:
        (folder / name).write_text("x", encoding="utf-8")
        age(folder / name, 3600)
    (folder / ".fresh.toml~abcd1234.tmp").write_text("x", encoding="utf-8")
    (folder / ".dir.toml~abcd1234.tmp").mkdir()
    age(folder / ".dir.toml~abcd1234.tmp", 3600)
    assert remove_stale_temporary_files(folder) == 2
    left = sorted(p.name for p in folder.iterdir())
    expected = [*others, ".fresh.toml~abcd1234.tmp", ".dir.toml~abcd1234.tmp"]
    assert left == sorted(expected)


def test_a_missing_folder_is_nothing_to_clean(tmp_path):
    assert remove_stale_temporary_files(tmp_path / "none") == 0

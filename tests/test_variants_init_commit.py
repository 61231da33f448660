"""``variants init NAME [--force]`` says truthfully whether it wrote the file (issue 18, point 1
found again): the file is replaced in one step, the rename its commit point; a Ctrl-C or a
refused write before it leaves the old file ("nothing was changed"), and a Ctrl-C or a failing
standard output after it says the file was written (a ``Warning:`` line, exit 0), never
"nothing was changed"."""

from __future__ import annotations

import errno
import os
import shutil
import signal
import subprocess
from pathlib import Path

import pytest
from test_installed_script import script

needs_strace = pytest.mark.skipif(
    shutil.which("strace") is None or script() is None,
    reason="needs strace and the installed console script",
)
needs_full = pytest.mark.skipif(
    not os.path.exists("/dev/full") or script() is None,
    reason="needs /dev/full and the installed console script",
)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return tmp_path / "config" / "variants"  # SCOREKEEPER_CONFIG's (conftest)


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    return {
        **os.environ,
        "SCOREKEEPER_CONFIG": str(tmp_path / "config"),
        "SCOREKEEPER_LANG": "en",
        "NO_COLOR": "1",
    }


def extends(file: Path) -> str:
    """The base a variant file extends (its ``extends`` key)."""
    import tomllib

    return tomllib.loads(file.read_text(encoding="utf-8"))["extends"]


def temporaries(folder: Path) -> list[str]:
    return [p.name for p in folder.iterdir() if p.name.endswith(".tmp")]


@needs_full
@pytest.mark.parametrize("force", [False, True])
def test_a_full_standard_output_after_the_write_is_a_warning(cli, folder, env, force):
    if force:
        assert cli("variants", "init", "house", "--from", "classic").exit_code == 0
    args = [script(), "variants", "init", "house", "--from", "samba"]
    args += ["--force"] if force else []
    with open("/dev/full", "w") as full:
        done = subprocess.run(args, stdout=full, stderr=subprocess.PIPE, text=True, env=env)
    assert done.returncode == 0, done.stderr
    assert "nothing was changed" not in done.stderr
    assert done.stderr.startswith("Warning: ") and "house.toml" in done.stderr
    assert extends(folder / "house.toml") == "samba"


def test_a_ctrl_c_at_the_rename_says_the_file_was_written(cli, folder, monkeypatch):
    assert cli("variants", "init", "house", "--from", "classic").exit_code == 0
    real = os.replace

    def replace(src, dst, *args, **kwargs):
        real(src, dst, *args, **kwargs)
        if Path(dst).name == "house.toml":
            signal.raise_signal(signal.SIGINT)  # to this thread, as in the one-thread CLI

    monkeypatch.setattr(os, "replace", replace)
    result = cli("variants", "init", "house", "--from", "samba", "--force")
    assert result.exit_code == 0, result.output
    assert "nothing was changed" not in result.stderr
    assert "Interrupted after the variant file was written" in result.stderr
    assert extends(folder / "house.toml") == "samba"


@needs_strace
def test_a_ctrl_c_at_a_later_write_to_standard_output_says_written(cli, folder, env):
    assert cli("variants", "init", "house", "--from", "classic").exit_code == 0
    # the writes: the temporary file's content (1), then the lines on standard output
    command = ["strace", "-f", "-qq", "-o", os.devnull, "-e", "trace=write"]
    command += ["-e", "inject=write:signal=SIGINT:when=2"]
    command += [script(), "variants", "init", "house", "--from", "samba", "--force"]
    done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "nothing was changed" not in done.stderr
    assert extends(folder / "house.toml") == "samba"


@needs_strace
def test_a_ctrl_c_at_the_first_write_leaves_the_old_file(cli, folder, env):
    assert cli("variants", "init", "house", "--from", "classic").exit_code == 0
    before = (folder / "house.toml").read_bytes()
    command = ["strace", "-f", "-qq", "-o", os.devnull, "-e", "trace=write"]
    command += ["-e", "inject=write:signal=SIGINT:when=1"]
    command += [script(), "variants", "init", "house", "--from", "samba", "--force"]
    done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 130, done.stderr
    assert done.stderr.strip().splitlines()[-1] == "Interrupted: nothing was changed."
    assert (folder / "house.toml").read_bytes() == before
    assert temporaries(folder) == []


def test_a_refused_rename_leaves_the_old_file_and_no_temporary(cli, folder, monkeypatch):
    assert cli("variants", "init", "house", "--from", "classic").exit_code == 0
    before = (folder / "house.toml").read_bytes()

    def refuse(src, dst, *args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "replace", refuse)
    result = cli("variants", "init", "house", "--from", "samba", "--force")
    assert result.exit_code == 3, result.output
    assert (folder / "house.toml").read_bytes() == before
    assert temporaries(folder) == []


def test_the_written_file_is_synced_before_its_rename(cli, folder, monkeypatch):
    synced: list[int] = []
    real_fsync, real_replace = os.fsync, os.replace
    order: list[str] = []

    def fsync(fd):
        order.append("fsync")
        synced.append(fd)
        return real_fsync(fd)

    def replace(src, dst, *args, **kwargs):
        order.append("rename")
        return real_replace(src, dst, *args, **kwargs)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    assert cli("variants", "init", "house").exit_code == 0
    assert order.index("fsync") < order.index("rename")


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_force_replaces_a_link_to_a_device_never_writes_through_it(cli, folder):
    folder.mkdir(parents=True)
    link = folder / "house.toml"
    link.symlink_to("/dev/full")  # written through, the write would fail (no space)
    result = cli("variants", "init", "house", "--from", "samba", "--force")
    assert result.exit_code == 0, result.output
    assert not link.is_symlink() and extends(link) == "samba"

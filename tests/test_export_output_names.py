"""``export --output`` as typed (red team round 15b): ``-`` is standard output, as for
``import`` and ``hand --file`` (it wrote a file named ``-``); an empty name is a usage error
(it was read as the folder ``.``, exit 3), as a folder is."""

from __future__ import annotations

import json

import pytest
from conftest import new_game


def test_a_dash_is_standard_output(cli, tmp_path, monkeypatch):
    new_game(cli)
    monkeypatch.chdir(tmp_path)
    result = cli("export", "-o", "-")
    assert result.exit_code == 0
    assert json.loads(result.stdout)["game"] == 1
    assert not (tmp_path / "-").exists()
    csv = cli("export", "-o", "-", "--format", "csv")
    assert csv.exit_code == 0 and csv.stdout.startswith("game,hand,team")


@pytest.mark.parametrize(("given", "words"), [("", "needs a file name"), (".", "is a folder")])
def test_no_file_name_is_a_usage_error(cli, tmp_path, monkeypatch, given, words):
    new_game(cli)
    here = tmp_path / "here"
    here.mkdir()
    monkeypatch.chdir(here)
    result = cli("export", "-o", given, "--format", "json")
    assert result.exit_code == 2
    assert words in result.stderr and "Traceback" not in result.output
    assert list(here.iterdir()) == []


def test_an_export_to_a_closed_standard_output_says_nothing_was_written(cli, db):
    # red team round 16: with standard output closed (>&-) the export wrote nothing, exit 0
    import os
    import subprocess

    from test_installed_script import script

    if script() is None:
        pytest.skip("needs the installed console script")
    new_game(cli)
    env = {**os.environ, "SCOREKEEPER_DB": str(db), "SCOREKEEPER_LANG": "en"}
    done = subprocess.run(
        [script(), "export", "-o", "-"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    assert done.returncode == 0  # a standard output that is there takes it
    closed = subprocess.run(
        ["sh", "-c", 'exec "$0" export -o - >&-', script()],
        env=env,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert closed.returncode == 3
    assert "there is no standard output to write to; nothing was written" in closed.stderr

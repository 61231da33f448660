"""A database path that is not UTF-8 text (bytes no encoding names, which ``SCOREKEEPER_DB``
may hold though no argument may) is refused before anything is made, as ``--db`` refuses it
(issue 18, red team round 15b: ``new`` stopped with an unexpected internal error when it came
to write the journal, and left a games folder, a cache and a lock behind)."""

from __future__ import annotations

import os
import subprocess

import pytest
from test_installed_script import script

pytestmark = pytest.mark.skipif(script() is None, reason="needs the installed console script")


@pytest.mark.parametrize("command", [("new", "classic", "-t", "A", "-t", "B"), ("status",)])
def test_a_database_path_of_bytes_no_encoding_names_is_refused(tmp_path, command):
    folder = os.fsencode(tmp_path)
    env = {k: v for k, v in os.environb.items() if k != b"SCOREKEEPER_DEBUG"}
    env |= {b"SCOREKEEPER_DB": folder + b"/\xff\xc3.json", b"SCOREKEEPER_LANG": b"en"}
    env[b"SCOREKEEPER_CONFIG"] = folder + b"/config"
    done = subprocess.run([script(), *command], env=env, capture_output=True, timeout=60)
    assert done.returncode == 3, done.stderr
    told = done.stderr.decode("utf-8").strip().splitlines()
    assert len(told) == 1 and "the database path is not valid UTF-8 text" in told[0], told
    assert "\\udcff\\udcc3.json" in told[0]  # the bytes shown as their codes
    assert sorted(os.listdir(tmp_path)) == []  # nothing made

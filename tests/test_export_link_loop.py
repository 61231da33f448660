"""``export -o`` onto a loop of symbolic links (red team round 15: "unexpected internal error
(RuntimeError: Symlink loop)"): refused in one line naming the system's reason, exit 3, and
nothing written: both links are left as they were."""

from __future__ import annotations

import os

import pytest
from conftest import new_game


@pytest.mark.parametrize(("name", "extra"), [("l1", ["--format", "csv"]), ("loop.csv", [])])
def test_export_onto_a_loop_of_links_is_refused(cli, db, tmp_path, monkeypatch, name, extra):
    new_game(cli)
    monkeypatch.chdir(tmp_path)
    os.symlink("other", name)
    os.symlink(name, "other")
    r = cli("export", "1", "-o", name, *extra)
    assert r.exit_code == 3, r.output
    assert r.stderr.strip() == (
        f"Error: cannot write {name}: Too many levels of symbolic links; nothing was written"
    )
    assert os.readlink(name) == "other" and os.readlink("other") == name

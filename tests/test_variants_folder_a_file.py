"""``variants init`` when the folder of the user's variant files (or one above it) is a file:
refused naming that file and what to do (exit 3), never the system's bare "File exists", and
the file is left as it was (README, "Variants")."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("depth", ["variants", "config"])
def test_variants_init_names_the_file_standing_where_a_folder_must_be(
    cli, tmp_path, monkeypatch, depth
):
    config = tmp_path / "home" / "config"
    config.parent.mkdir()
    if depth == "config":
        config.write_text("not a folder", encoding="utf-8")
        blocker = config
    else:
        config.mkdir()
        blocker = config / "variants"
        blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("SCOREKEEPER_CONFIG", str(config))
    r = cli("variants", "init", "house")
    assert r.exit_code == 3, r.output
    assert r.stderr.strip() == (
        f"Error: cannot write {config / 'variants' / 'house.toml'}: {blocker} is a file where"
        f" a folder must be (your variant files are kept in {config / 'variants'}): move that"
        " file away (the config folder comes from SCOREKEEPER_CONFIG or your user config"
        " folder)"
    )
    assert blocker.read_text(encoding="utf-8") == "not a folder"
    assert "Traceback" not in r.output

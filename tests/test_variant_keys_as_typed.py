"""Keys, aliases, option names and choices from a variant file are shown as typed (red team
round 15: ``variants show`` read ``[bold]``, ``[x]`` as Rich markup: the alias ``[x]``
vanished, ``[blink]p`` blinked); so is a variant's title in ``minimum`` (README: names and
titles from variant files "print exactly as typed")."""

from __future__ import annotations

import subprocess

from tests.test_installed_script import script

VARIANT = """extends = "classic"
title = "T [blink]x"
[canastas.natural]
aliases = ["zz[/bold]", "q[blink]q", "x[x]"]
[penalties."p[blink]p"]
title = "pp"
points = -5
[special_hands."[bold]s"]
points = 100
[options."[bold]o"]
description = "oo"
default = false
set = { "going_out.bonus" = 200 }
"""


def write_variant(tmp_path):
    folder = tmp_path / "config" / "variants"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "mk.toml").write_text(VARIANT, encoding="utf-8")


def test_variants_show_prints_every_key_as_typed(cli, tmp_path):
    write_variant(tmp_path)
    r = cli("variants", "show", "mk")
    assert r.exit_code == 0, r.output
    # an item's name begins with a letter: the markup follows it
    for typed in ("zz[/bold]", "q[blink]q", "x[x]", "p[blink]p", "[bold]s", "[bold]o"):
        assert typed in r.stdout, typed


def test_no_escape_is_built_from_a_variant_files_text(tmp_path, monkeypatch):
    write_variant(tmp_path)
    env = {
        "SCOREKEEPER_DB": str(tmp_path / "s.json"),
        "SCOREKEEPER_CONFIG": str(tmp_path / "config"),
        "SCOREKEEPER_LANG": "en",
        "FORCE_COLOR": "1",
        "PATH": "/usr/bin:/bin",
    }
    for args in (["variants", "show", "mk"], ["minimum", "-v", "mk", "--score", "0"]):
        out = subprocess.run(
            [script() or "scorekeeper", *args], capture_output=True, text=True, env=env
        ).stdout
        assert "\x1b[5m" not in out, args  # blink: only from the file's '[blink]'
        assert "[blink]" in out, args

"""Bounds and echoes a red team found open (issue 18, points 4, 9 and 10, found again):

- a variant allowing thousands of sides made a game whose export (about 550 bytes a side a
  hand) could not be imported again: a game has at most 6 sides and 12 players, from a variant
  file, ``--set`` or an import;
- ``play`` echoed a piped line's escape sequences (a terminal title, U+202E) to the terminal;
- an empty ``SCOREKEEPER_CONFIG`` silently meant the default config folder, where an empty
  ``SCOREKEEPER_DB`` is refused.
"""

from __future__ import annotations

import json

import pytest

from scorekeeper.domain.limits import MAX_PLAYERS, MAX_SIDES


def test_the_bounds_seat_a_canasta_table():
    # RULES.md: classic Canasta is for 2 to 6 players, at most three partnerships of two
    assert MAX_SIDES == 6 and MAX_PLAYERS == 12


@pytest.mark.parametrize("setting", ["sides.max=7", "players.max=13"])
def test_a_variant_allowing_more_sides_or_players_is_refused(cli, db, setting):
    result = cli("new", "classic", "--set", setting, "-t", "A", "-t", "B")
    assert result.exit_code == 2 and "at most 6 sides and 12 players" in result.stderr
    assert not db.exists() or cli.json("games", "--all")["games"] == []


def test_a_variant_file_allowing_more_sides_is_refused(cli, tmp_path):
    path = tmp_path / "crowd.toml"
    path.write_text('name = "crowd"\nextends = "classic"\nsides = { min = 2, max = 3000 }\n')
    result = cli("variants", "check", str(path))
    assert result.exit_code == 3 and "at most 6 sides" in result.stderr


def test_six_sides_are_a_game(cli, db, tmp_path):
    path = tmp_path / "variants"
    path.mkdir()
    (path / "six.toml").write_text(
        'name = "six"\nextends = "classic"\nsides = { min = 2, max = 6 }\n'
    )
    assert cli("variants", "check", str(path / "six.toml")).exit_code == 0


def test_an_import_with_more_sides_is_refused(cli, db, tmp_path):
    assert cli("new", "classic", "-t", "A", "-t", "B").exit_code == 0
    path = tmp_path / "game.json"
    assert cli("export", "--format", "json", "-o", str(path)).exit_code == 0
    doc = json.loads(path.read_text())
    record = doc["record"]
    record["rules"]["sides"] = {"min": 2, "max": 100}
    record["sides"] = [{"name": f"S{n}", "players": [], "start_score": 0} for n in range(7)]
    path.write_text(json.dumps({"format": 1, "record": record}))
    result = cli("import", str(path))
    assert result.exit_code == 3 and "at most 6 sides" in result.stderr
    assert [g["game"] for g in cli.json("games", "--all")["games"]] == [1]


def test_a_piped_line_is_echoed_with_its_controls_shown_escaped(cli, db):
    assert cli("new", "classic", "-t", "A", "-t", "B").exit_code == 0
    line = "points K\x1b]0;PWNED\x07Q \u202e"
    result = cli("play", input=f"{line}\nquit\n")
    assert "\x1b" not in result.stderr and "\x07" not in result.stderr
    assert "\u202e" not in result.stderr
    assert "\\x1b]0;PWNED\\x07Q" in result.stderr  # the line as it was typed, escaped


def test_an_empty_config_variable_is_refused_not_the_default_folder(cli, monkeypatch, tmp_path):
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "home" / ".config"))
    monkeypatch.setenv("SCOREKEEPER_CONFIG", "")
    result = cli("variants", "init", "q2", "--from", "classic")
    assert result.exit_code == 3
    assert "SCOREKEEPER_CONFIG is set but empty" in result.stderr
    assert not (tmp_path / "home").exists()

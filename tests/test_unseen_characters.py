"""Names a reader cannot tell apart are refused wherever they come from (issue 18, point 4,
found again: characters that show as nothing are not control or format characters).

"Ann" followed by a combining grapheme joiner (U+034F), a Hangul filler (U+3164) or a blank
Braille pattern (U+2800) looks like "Ann" but would be another side; a canasta kind "natural"
followed by a zero-width space (U+200B) looks like "natural" but is another kind. A variation
selector (U+FE0F, the emoji form of a sign) changes no name: "Ann" and "Ann" + U+FE0F are
the same name, so two sides so named are refused as one name given twice. Titles are one line.
"""

from __future__ import annotations

import json

import pytest

from scorekeeper.domain.names import name_key, unseen_character

UNSEEN = ["\u034f", "\u3164", "\u2800", "\u115f", "\u00ad", "\u200b", "\u2060", "\U000e0041"]


@pytest.mark.parametrize("char", UNSEEN)
def test_a_side_name_holding_a_character_that_shows_as_nothing_is_refused(cli, db, char):
    result = cli("new", "classic", "--team", "Ann", "--team", "Ann" + char)
    assert result.exit_code == 1
    assert result.stderr.startswith("Error:") and f"U+{ord(char):04X}" in result.stderr
    assert char not in result.stderr  # shown by its code, not as the invisible character
    assert not db.exists() or cli.json("games", "--all")["games"] == []


@pytest.mark.parametrize("char", ["\u3164", "\u2800"])
def test_a_name_of_nothing_but_blank_letters_is_refused(cli, db, char):
    result = cli("new", "classic", "--team", char * 3, "--team", "Bob")
    assert result.exit_code == 1 and result.stderr.startswith("Error:")


def test_a_player_name_is_held_to_the_same_rule(cli, db):
    result = cli("new", "classic", "-t", "A", "-p", "Ann,Bob", "-t", "B", "-p", "Cat,Dan\u034f")
    assert result.exit_code == 1 and "U+034F" in result.stderr


def test_a_variation_selector_changes_no_name(cli, db):
    assert name_key("Ann\ufe0f") == name_key("ann")
    result = cli("new", "classic", "--team", "Ann", "--team", "Ann\ufe0f")
    assert result.exit_code == 1 and "same name" in result.stderr
    assert cli("new", "classic", "--team", "\u2764\ufe0f", "--team", "Bob").exit_code == 0


def test_letters_of_every_script_are_names():
    for name in ["Işıl", "Åsa", "ダン", "김민준", "Zoë", "José", "Ñandú", "😀 club"]:
        assert unseen_character(name) is None, name


def test_an_imported_name_with_an_unseen_character_is_refused(cli, db, tmp_path):
    assert cli("new", "classic", "-t", "Ann", "-t", "Bob").exit_code == 0
    path = tmp_path / "game.json"
    assert cli("export", "--format", "json", "-o", str(path)).exit_code == 0
    doc = json.loads(path.read_text())
    doc["record"]["sides"][1]["name"] = "Ann\u2800"
    doc["teams"][1]["team"] = "Ann\u2800"
    path.write_text(json.dumps(doc))
    result = cli("import", str(path))
    assert result.exit_code == 3 and "U+2800" in result.stderr
    assert [g["game"] for g in cli.json("games", "--all")["games"]] == [1]


def variant_file(cli, tmp_path, body: str):
    home = tmp_path / "variants"
    home.mkdir(exist_ok=True)
    (home / "house.toml").write_text(f'name = "house"\nextends = "classic"\n{body}')
    return home


@pytest.mark.parametrize(
    "body",
    [
        '[canastas."natural\u200b"]\nmakeup = "natural"\nbonus = 600\n',
        '[canastas.natural]\naliases = ["n\u034f"]\n',
        '[penalties."late\u3164"]\npoints = -100\n',
    ],
)
def test_a_variant_files_kind_with_an_unseen_character_is_refused(cli, tmp_path, body):
    home = variant_file(cli, tmp_path, body)
    result = cli("variants", "check", str(home / "house.toml"))
    assert result.exit_code == 3 and result.stderr.startswith("Error:"), result.output
    assert "invisible" in result.stderr


@pytest.mark.parametrize(
    "body",
    ['title = "House\\nrules"\n', '[canastas.natural]\ntitle = "clean\\tcanasta"\n'],
)
def test_a_title_of_two_lines_is_refused(cli, tmp_path, body):
    home = variant_file(cli, tmp_path, body)
    result = cli("variants", "check", str(home / "house.toml"))
    assert result.exit_code == 3 and "one line" in result.stderr, result.output


def test_an_imported_title_of_two_lines_is_refused(cli, db, tmp_path):
    assert cli("new", "classic", "-t", "Ann", "-t", "Bob").exit_code == 0
    path = tmp_path / "game.json"
    assert cli("export", "--format", "json", "-o", str(path)).exit_code == 0
    doc = json.loads(path.read_text())
    doc["record"]["rules"]["title"] = "Classic\nCanasta"
    path.write_text(json.dumps(doc))
    result = cli("import", str(path))
    assert result.exit_code == 3 and "one line" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1

"""Names hold no unassigned code point (category Cn, the noncharacters among them) and no
private-use character (Co): each shows as a box, a blank or whatever a font puts there, so
"A" and "A" + U+10FFFF would be two sides a reader cannot tell apart. Typed, imported or
brought in by a schema-1 update, through the one check (names.unseen_character)."""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path

import pytest
from conftest import new_game, refused

from scorekeeper.domain.names import unseen_character

FIXTURES = Path(__file__).parent / "fixtures"
#: Unassigned (U+0378, U+2FFFE), noncharacters (U+FFFF, U+FDD0, U+10FFFF), private use (U+E000).
ODD = ["\u0378", "\U0002fffe", "\uffff", "\ufdd0", "\U0010ffff", "\ue000", "\U000f0000"]


@pytest.mark.parametrize("char", ODD)
def test_the_check_finds_unassigned_and_private_use_characters(char):
    assert unicodedata.category(char) in ("Cn", "Co")
    assert unseen_character("A" + char) == char
    assert unseen_character("Ann") is None and unseen_character("Işıl") is None


@pytest.mark.parametrize("char", ODD)
def test_a_typed_name_with_one_is_refused(cli, db, char):
    line = refused(cli, db, "new", "classic", "--team", "A", "--team", "A" + char)
    assert f"U+{ord(char):04X}" in line


@pytest.mark.parametrize("char", ["\U0010ffff", "\ue000", "\u0378"])
def test_an_import_with_one_in_a_side_name_is_refused(cli, db, tmp_path, char):
    new_game(cli)
    assert cli("hand", "--yes", "m=50", "m=60").exit_code == 0
    path = tmp_path / "game.json"
    assert cli("export", "1", "--format", "json", "-o", str(path)).exit_code == 0
    text = path.read_text(encoding="utf-8").replace("Ann & Bob", "Ann & Bob" + char)
    path.write_text(text, encoding="utf-8")
    line = refused(cli, db, "import", str(path), "--again", code=3)
    assert f"U+{ord(char):04X}" in line


def test_a_schema_one_update_with_one_in_a_name_is_refused(cli, db):
    data = json.loads((FIXTURES / "schema-1.json").read_text(encoding="utf-8"))
    side = data["games"]["1"]["sides"][0]
    side["name"] = side["name"] + "\U0010ffff"
    db.write_text(json.dumps(data), encoding="utf-8")
    result = cli("games", "--all")
    assert result.exit_code == 3, result.output
    assert "holds a game 1 beyond the bounds" in result.output and "U+10FFFF" in result.output
    assert "\U0010ffff" not in result.output and "Traceback" not in result.output

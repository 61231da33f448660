"""Format characters (Unicode category Cf: U+200B, U+2060, U+FEFF, U+00AD, the tag characters)
show as nothing: no text holds one, typed or imported, but the joiners U+200C and U+200D that
Persian and emoji sequences need (README: no text typed may hold "a control, format or
direction character"); no text begins with a combining mark; and every echo of user text
writes them as their codes (presentation.console.visible)."""

from __future__ import annotations

import json
import re
import sys
import unicodedata

import pytest
from conftest import new_game, refused

from scorekeeper.domain.bounds import ODD_TEXT, check_text
from scorekeeper.errors import InputError
from scorekeeper.presentation.console import json_visible, visible

INVISIBLE = ["\u200b", "\u2060", "\ufeff", "\u00ad", "\U000e0001", "\U000e0041", "\u180e"]
JOINERS = ["\u200c", "\u200d"]


def every_format_character():
    return [chr(c) for c in range(sys.maxunicode + 1) if unicodedata.category(chr(c)) == "Cf"]


def test_every_format_character_but_the_joiners_is_refused_and_escaped():
    for char in every_format_character():
        if char in JOINERS:
            assert re.search(ODD_TEXT, char) is None
            assert visible(char) == char
        else:
            assert re.search(ODD_TEXT, "a" + char), f"U+{ord(char):04X}"
            assert visible("a" + char) != "a" + char, f"U+{ord(char):04X}"


@pytest.mark.parametrize("char", INVISIBLE)
def test_the_refusal_names_the_character_by_its_code(char):
    with pytest.raises(InputError) as caught:
        check_text("x" + char + "y", "the note")
    message = caught.value.message
    assert f"U+{ord(char):04X}" in message and "invisible format character" in message
    assert char not in message  # never the character itself, raw
    assert "\n" not in message


def test_joiners_stay_in_text():
    persian = "می\u200cخواهم"
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"
    assert check_text(persian, "the note") == persian
    assert check_text(family, "the note") == family


@pytest.mark.parametrize("char", INVISIBLE)
def test_a_typed_label_or_note_with_one_is_refused(cli, db, char):
    line = refused(cli, db, "new", "classic", "--team", "A", "--team", "B", "--label", "x" + char)
    assert f"U+{ord(char):04X}" in line
    new_game(cli)
    line = refused(cli, db, "hand", "--yes", "--note", "x" + char, "m=50", "m=60")
    assert f"U+{ord(char):04X}" in line


def test_a_note_of_only_tag_characters_is_refused(cli, db):
    new_game(cli)
    line = refused(cli, db, "hand", "--yes", "--note", "\U000e0041\U000e0042", "m=50", "m=60")
    assert "U+E0041" in line


def test_a_label_beginning_with_a_combining_mark_is_refused(cli, db):
    line = refused(cli, db, "new", "classic", "--team", "A", "--team", "B", "--label", "\u0301x")
    assert "U+0301" in line and "combining mark" in line
    assert cli("new", "classic", "--team", "A", "--team", "B", "--label", "e\u0301x").exit_code == 0


@pytest.mark.parametrize("where", ["label", "note"])
def test_an_import_with_one_in_a_label_or_note_is_refused(cli, db, tmp_path, where):
    new_game(cli)
    assert cli("hand", "--yes", "--note", "good", "m=50", "m=60").exit_code == 0
    path = tmp_path / "game.json"
    assert cli("export", "1", "--format", "json", "-o", str(path)).exit_code == 0
    doc = json.loads(path.read_text(encoding="utf-8"))
    if where == "label":
        doc["label"] = doc["record"]["label"] = "L\u2060"
    else:
        doc["record"]["hands"][0]["note"] = "N\u200b"
    path.write_text(json.dumps(doc), encoding="utf-8")
    line = refused(cli, db, "import", str(path), "--again", code=3)
    assert ("U+2060" if where == "label" else "U+200B") in line


@pytest.mark.parametrize(
    "args",
    [
        ["new", "cl\u2060assic", "--team", "A", "--team", "B"],
        ["shwo\u200b"],
        ["new", "classic", "--team", "A", "--team", "B", "--set", "a\u200b=1"],
        ["new", "classic", "--team", "A", "--team", "B", "--dealer", "Z\u2060"],
    ],
)
def test_error_lines_write_typed_format_characters_as_codes(cli, db, args):
    result = cli(*args)
    assert result.exit_code != 0
    assert "\u2060" not in result.output and "\u200b" not in result.output
    assert "\\u2060" in result.output or "\\u200b" in result.output, result.output


def test_an_entry_item_echo_writes_them_as_codes(cli, db):
    new_game(cli)
    result = cli("hand", "--yes", "x\u200b=1", "m=5")
    assert result.exit_code == 1
    assert "\u200b" not in result.output and "x\\u200b" in result.output


def test_a_variant_file_key_with_one_is_refused_escaped(cli, db, tmp_path):
    folder = tmp_path / "config" / "variants"
    folder.mkdir(parents=True)
    (folder / "house.toml").write_text(
        'extends = "classic"\ntitle = "H"\n[canastas."a\u2060"]\ntitle = "A"\nbonus = 100\n'
        "min_cards = 7\n",
        encoding="utf-8",
    )
    for args in (["variants", "check", "house"], ["variants"], ["new", "house", "--team", "A"]):
        result = cli(*args)
        assert "\u2060" not in result.output, args
    checked = cli("variants", "check", "house")
    assert checked.exit_code == 3 and "\\u2060" in checked.output


def test_stored_text_is_shown_escaped_and_json_keeps_its_value():
    assert visible("a\u200bb\u00adc") == "a\\u200bb\\xadc"
    assert visible("\U000e0041") == "\\U000e0041"
    text = json.dumps(["x\U000e0041\u2060", "a\u200db"], ensure_ascii=False)
    shown = json_visible(text)
    assert "\U000e0041" not in shown and "\u2060" not in shown and "\u200d" in shown
    assert json.loads(shown) == ["x\U000e0041\u2060", "a\u200db"]


PERSIAN = "می\u200cخواهم"  # "I want": the non-joiner keeps می apart from خواهم
FAMILY = "\U0001f468\u200d\U0001f469\u200d\U0001f467"  # man, woman, girl: one sign
FIRE_HEART = "\u2764\ufe0f\u200d\U0001f525"  # a joiner after a variation selector


@pytest.mark.parametrize("name", [PERSIAN, FAMILY, FIRE_HEART, "Ayşe & می\u200cخواهم"])
def test_a_name_may_hold_a_joiner_between_two_characters(cli, name):
    """README, the bounds paragraph: a name may hold the joiners (red team round 10: a
    Persian name or an emoji family could not be a side)."""
    players = ("--players", f"{name}1,x", "--players", "y,z")
    result = cli("new", "classic", "--team", name, "--team", "B", *players)
    assert result.exit_code == 0, result.output
    status = cli.json("status")
    assert [t["team"] for t in status["teams"]] == [name, "B"]
    assert cli("hand", "--yes", f"{name}: m=50", "B: m=60").exit_code == 0
    assert [t["total"] for t in cli.json("status")["teams"]] == [50, 60]


@pytest.mark.parametrize(
    "stray", ["\u200dB", "B\u200c", "A \u200dB", "A\u200d B", "A\u200c\u200dB"]
)
def test_a_joiner_that_joins_nothing_is_refused(cli, db, stray):
    line = refused(cli, db, "new", "classic", "--team", "A", "--team", stray)
    assert "joiner" in line
    assert "U+200D" in line or "U+200C" in line


def test_a_joiner_changes_no_name(cli, db):
    """ "Ann" with a joiner looks like "Ann": the two are one name, so never two sides."""
    line = refused(cli, db, "new", "classic", "--team", "Ann", "--team", "An\u200dn")
    assert "same name" in line
    assert cli("new", "classic", "--team", PERSIAN, "--team", "B").exit_code == 0
    assert cli("hand", "--yes", "میخواهم: m=70", "B: m=50").exit_code == 0
    assert [t["total"] for t in cli.json("status")["teams"]] == [70, 50]


def test_no_printable_character_is_escaped_or_refused():
    """``visible`` and ``check_text`` pass printable text without looking at it (C speed):
    right only while every character they escape or refuse is unprintable, which this holds
    over every code point."""
    for code in range(sys.maxunicode + 1):
        char = chr(code)
        if char.isprintable():
            # the line break makes the text unprintable: it goes through the escaping itself
            assert visible("a" + char + "\n") == "a" + char + "\n", f"U+{code:04X}"
            assert re.search(ODD_TEXT, char) is None, f"U+{code:04X}"

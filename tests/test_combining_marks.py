"""A name or a one-line title never begins with a combining mark (issue 18, red team, point 9):
a lone U+0301 shows as an accent on whatever is printed before it. Names of sides and players
(typed or imported), canasta kinds, penalties and special hands, and the titles of variant files
and imports are refused with one line saying so; a mark after a letter ("José" written with a
combining acute) is a name as any other."""

from __future__ import annotations

import json
import unicodedata

import pytest
from conftest import new_game, refused
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.domain.names import refused_name, unseen_character
from scorekeeper.variants import user_variant_dir

MARKS = ["\u0301", "\u0903", "\u20dd", " \u0301", "\u0301Ann"]  # Mn, Mc, Me, after a space
SAID = "begins with a combining mark"


@pytest.mark.parametrize("mark", MARKS)
def test_unseen_character_finds_a_leading_mark(mark):
    assert unseen_character(mark) == mark.strip()[0]
    assert SAID in refused_name(mark)


@given(st.characters(categories=["Mn", "Mc", "Me"]), st.text(max_size=5))
def test_every_leading_combining_mark_is_refused(mark, rest):
    assert unseen_character(mark + rest) is not None


@pytest.mark.parametrize("name", ["Jose\u0301", "José", "Ann", "Işıl", "अनु"])
def test_a_mark_after_a_letter_is_fine(name):
    assert unicodedata.category(name[0])[0] != "M"
    assert unseen_character(name) is None


@pytest.mark.parametrize("mark", MARKS)
@pytest.mark.parametrize("how", ["--team", "--players"])
def test_a_side_or_player_name_beginning_with_a_mark_is_refused(cli, db, mark, how):
    args = ["new", "classic", "--team", "A", "--team", "B"]
    if how == "--team":
        args[3] = mark
    else:
        args += ["--players", f"{mark},Zed", "--players", "C,D"]
    line = refused(cli, db, *args)
    assert SAID in line
    # said once, and not called invisible or a control character (red team: both were said)
    assert line.count(SAID) == 1 and "invisible" not in line


def test_a_name_with_a_mark_after_its_letter_is_kept(cli, db):
    assert cli("new", "classic", "--team", "Jose\u0301", "--team", "B").exit_code == 0


def house(body: str) -> None:
    folder = user_variant_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "house.toml").write_text(
        'name = "house"\nextends = "classic"\n' + body, encoding="utf-8"
    )


@pytest.mark.parametrize(
    "body",
    [
        '[canastas."\u0301"]\nmakeup = "natural"\nbonus = 500\n',
        '[canastas.natural]\naliases = ["\u0301"]\n',
        '[penalties."\u0301"]\npoints = 100\n',
        '[special_hands."\u0301"]\npoints = 100\n',
    ],
)
def test_a_variant_key_beginning_with_a_mark_is_refused(cli, db, body):
    house(body)
    line = refused(cli, db, "variants", "check", "house", code=3)
    assert SAID in line


@pytest.mark.parametrize(
    "body",
    [
        'title = "\u0301 house"\n',
        '[canastas.natural]\ntitle = "\u0301"\n',
        '[penalties.red_three_not_declared]\ntitle = "\u0301"\n',
        '[canasta_sets.five]\ntitle = "\u0301"\npoints = 100\nneeds = { natural = 5 }\n',
    ],
)
def test_a_title_beginning_with_a_mark_is_refused(cli, db, body):
    house(body)
    line = refused(cli, db, "variants", "check", "house", code=3)
    assert SAID in line and "title" in line


@pytest.mark.parametrize("change", ["side", "title"])
def test_an_import_beginning_a_name_or_title_with_a_mark_is_refused(cli, db, tmp_path, change):
    new_game(cli)
    path = tmp_path / "game.json"
    assert cli("export", "1", "--format", "json", "-o", str(path)).exit_code == 0
    doc = json.loads(path.read_text(encoding="utf-8"))
    if change == "side":
        doc["record"]["sides"][0]["name"] = "\u0301"
    else:
        doc["record"]["rules"]["canastas"]["natural"]["title"] = "\u0301"
    path.write_text(json.dumps(doc), encoding="utf-8")
    line = refused(cli, db, "import", str(path), "--again", code=3)
    assert SAID in line

"""What red team round 14 found coming in past a variant file's checks (issue 18, points 4
and 9, found again):

- an import or a restore took a game whose rules no variant file may have (17 decks, 11
  jokers a deck, 7 sides, a 2-card canasta, 501 fixed hands), and ``rematch`` copied a game
  changed by hand (a U+202E in its label, rules past the bounds) into a new game;
- a canasta kind, alias, penalty or special hand took names of up to 1,000 characters (names
  are at most 100), and names alike but for case or width passed ``variants check``, one of
  them then unable to be typed in a one-line entry;
- a mistyped short item (``mxi`` for ``mix``) and a Turkish capital İ (``MİXED``) in an entry.
"""

from __future__ import annotations

import json

import pytest
from conftest import database_files, game_doc, new_game, refused

from scorekeeper.domain.limits import MAX_HANDS, MAX_NAME

PAST_THE_BOUNDS = [
    ("decks", 17),  # README: at most 16 decks of at most 10 jokers each
    ("jokers_per_deck", 11),
    ("hands", MAX_HANDS + 1),  # a game holds at most 500 hands: it could never end
]


def exported(cli, tmp_path, change) -> str:
    """An export of a one-hand classic game with ``change(record)`` made to its record."""
    new_game(cli)
    assert cli("hand", "--yes", "m=120 nat=1 out", "m=90").exit_code == 0
    path = tmp_path / "game.json"
    assert cli("export", "1", "-o", str(path)).exit_code == 0
    doc = json.loads(path.read_text())
    change(doc["record"])
    path.write_text(json.dumps(doc))
    return str(path)


@pytest.mark.parametrize(("key", "value"), PAST_THE_BOUNDS)
def test_set_past_the_bounds_is_refused(cli, db, key, value):
    line = refused(
        cli, db, "new", "classic", "-t", "A", "-t", "B", "--set", f"{key}={value}", code=2
    )
    assert key in line


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (lambda r: r["rules"].update(decks=17), "at most 16 decks"),
        (lambda r: r["rules"].update(jokers_per_deck=11), "at most 16 decks"),
        (lambda r: r["rules"]["sides"].update(max=7), "at most 6 sides"),
        (lambda r: r["rules"]["players"].update(max=13), "at most 6 sides and 12 players"),
        (lambda r: r["rules"]["canastas"]["natural"].update(cards=2), "canastas.natural.cards"),
        (lambda r: r["rules"].update(hands=MAX_HANDS + 1), "'hands'"),
    ],
)
def test_an_import_past_a_variant_files_bounds_is_refused(cli, tmp_path, change, said):
    path = exported(cli, tmp_path, change)
    other = tmp_path / "other.json"
    result = cli("--db", str(other), "import", path)
    assert result.exit_code == 3, result.output
    assert said in result.stderr and "internal" not in result.stderr
    assert not (tmp_path / "other.json.games").exists() or not any(
        (tmp_path / "other.json.games").iterdir()
    )


def test_a_backup_whose_game_has_rules_past_the_bounds_is_not_restored(cli, db):
    new_game(cli)
    assert cli("hand", "--yes", "m=120 nat=1 out", "m=90").exit_code == 0
    assert cli("hand", "--yes", "m=50", "m=50").exit_code == 0
    (backup,) = [b for b in cli.json("backups")["backups"] if b["hands"] == 1]
    path = db.with_name(db.name + ".backups") / backup["file"]
    data = json.loads(path.read_text())
    data["games"]["1"]["rules"]["decks"] = 100
    path.write_text(json.dumps(data))
    before = database_files(db)
    result = cli("backups", "restore", str(backup["number"]), "--yes")
    assert result.exit_code == 3, result.output
    assert database_files(db) == before


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (lambda g: g.update(label="lab\u202eel"), "U+202E"),
        (lambda g: g["rules"].update(decks=17), "at most 16 decks"),
        (lambda g: g["rules"].update(target=2_000_000_000), "1,000,000,000"),
    ],
)
def test_a_rematch_of_a_game_changed_by_hand_is_refused(cli, db, change, said):
    new_game(cli)
    assert cli("hand", "--yes", "m=50", "m=50").exit_code == 0
    file = db.with_name(db.name + ".games") / "1.json"
    data = json.loads(file.read_text())
    change(data["games"]["1"])
    file.write_text(json.dumps(data))
    before = database_files(db)
    result = cli("rematch")
    assert result.exit_code == 3, result.output
    assert said in result.stderr and "scorekeeper new" in result.stderr
    assert database_files(db) == before
    assert game_doc(db)["hands"]  # the old game is still read


def variant_file(cli, tmp_path, name: str, body: str):
    path = tmp_path / f"{name}.toml"
    path.write_text(f'extends = "classic"\n{body}')
    return cli("variants", "check", str(path))


@pytest.mark.parametrize(
    "body",
    [
        '[canastas.{n}]\ntitle = "long"\nbonus = 5\nmakeup = "natural"\n',
        '[canastas.natural]\naliases = ["{n}"]\n',
        '[penalties.{n}]\ntitle = "t"\npoints = -1\nin_hand = []\n',
        "[special_hands.{n}]\npoints = 5\n",
    ],
)
def test_a_name_in_a_variant_file_is_at_most_100_characters(cli, tmp_path, body):
    assert variant_file(cli, tmp_path, "ok", body.format(n="k" * MAX_NAME)).exit_code == 0
    result = variant_file(cli, tmp_path, "long", body.format(n="k" * (MAX_NAME + 1)))
    assert result.exit_code == 3 and "names are at most 100" in result.stderr


@pytest.mark.parametrize(
    "body",
    [
        '[penalties.Red_Three_Not_Declared]\ntitle = "upper"\npoints = -7\nin_hand = []\n',
        '[canastas.natural]\naliases = ["Mixed"]\n',
        '[canastas.natural]\naliases = ["ｍｉｘｅｄ"]\n',  # full-width: typed as "mixed"
        '[canastas.natural]\naliases = ["MİXED"]\n',  # the Turkish capital İ
        '[canastas.natural]\naliases = ["Red_Three_Not_Declared"]\n',  # a penalty's name
        "[special_hands.Foo]\npoints = 5\n[special_hands.foo]\npoints = 6\n",
    ],
)
def test_two_items_an_entry_cannot_tell_apart_are_refused(cli, tmp_path, body):
    result = variant_file(cli, tmp_path, "alike", body)
    assert result.exit_code == 3, result.output
    assert "one item in an entry" in result.stderr


def test_an_item_in_capitals_full_width_or_turkish_i_is_the_item(cli):
    # RULES.md §2: a natural canasta 500, a mixed one 300; 120 melded + 100 for going out
    new_game(cli)
    for item in ("MİXED", "ｍｉｘ", "Mixed"):
        doc = cli.json("hand", "--yes", f"m=120 nat=1 {item}=1 out", "m=90")
        assert doc["teams"][0]["hand_score"] == 120 + 500 + 300 + 100, item
        assert cli("undo", "--yes").exit_code == 0


@pytest.mark.parametrize(("typed", "meant"), [("mxi", "mixed"), ("nta", "natural"), ("otu", "out")])
def test_a_mistyped_short_item_names_the_item(cli, db, typed, meant):
    new_game(cli)
    line = refused(cli, db, "hand", "--yes", f"m=120 nat=1 {typed}=1", "m=90")
    assert f"unknown item '{typed}'" in line and f"did you mean '{meant}'?" in line

"""Every ``--json`` document carries ``"format": 1`` (README, "JSON output"), made by one
envelope; and every hand of ``show --json`` and of the JSON export carries the cards a side typed
(``meld_cards``, ``hand_cards``, null where it typed points) as ``hand --json`` does.

The hand is RULES.md EX-07: Ann & Bob meld 7xK, 5x8+2+X and Q-Q-Q (220) and keep 7 and 9 (15);
Cat & Dan type points: meld 110, one red three, 70 left in hand."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import new_game

from scorekeeper.presentation.documents import document

CARDS = "meld=KKKKKKK/888882X/QQQ red=2 out hand=7/9"
POINTS = "meld=110 red=1 hand=70"
#: What each side typed, written back as the sheet shows cards (README, "Card notation").
TYPED = [("KKKKKKK 888882X QQQ", "7 9"), (None, None)]


def typed(teams: list[dict]) -> list[tuple[str | None, str | None]]:
    return [(t["meld_cards"], t["hand_cards"]) for t in teams]


@pytest.fixture
def game(cli):
    new_game(cli)
    doc = cli.json("hand", "--yes", CARDS, POINTS)
    assert [t["hand_score"] for t in doc["teams"]] == [1305, 140]  # RULES.md EX-07
    return doc


def test_show_json_carries_the_cards_each_side_typed_as_hand_json_does(cli, game):
    assert typed(game["teams"]) == TYPED
    sheet = cli.json("show")
    (hand,) = sheet["hands"]
    assert typed(hand["teams"]) == TYPED
    # the rest of each side's object is the same as hand --json's (the minimum applied aside)
    for shown, recorded in zip(hand["teams"], game["teams"], strict=True):
        assert {k: v for k, v in shown.items() if k != "minimum_applied"} == recorded


def test_the_json_export_carries_the_cards_and_imports_back(cli, game, tmp_path):
    path = tmp_path / "game.json"
    assert cli("export", "--format", "json", "--output", str(path)).exit_code == 0
    export = json.loads(path.read_text(encoding="utf-8"))
    assert export["format"] == 1
    assert typed(export["hands"][0]["teams"]) == TYPED
    assert cli("import", str(path)).exit_code == 0
    assert typed(cli.json("show", "2")["hands"][0]["teams"]) == TYPED


def test_an_export_made_before_the_cards_were_in_it_still_imports(cli, game, tmp_path):
    export = json.loads(cli("export", "--format", "json").stdout)
    for hand in export["hands"]:
        for team in hand["teams"]:
            del team["meld_cards"], team["hand_cards"]
    path = tmp_path / "old.json"
    path.write_text(json.dumps(export), encoding="utf-8")
    result = cli("import", str(path))
    assert result.exit_code == 0, result.output
    assert [t["total"] for t in cli.json("status", "--game", "2")["teams"]] == [1305, 140]


def test_an_export_whose_cards_were_changed_is_refused(cli, game, tmp_path, db):
    export = json.loads(cli("export", "--format", "json").stdout)
    export["hands"][0]["teams"][0]["meld_cards"] = "AAAAAAA"
    path = tmp_path / "changed.json"
    path.write_text(json.dumps(export), encoding="utf-8")
    result = cli("import", str(path))
    assert result.exit_code == 3
    assert "'hands' do not agree" in result.stderr


def variant_file(tmp_path: Path) -> Path:
    path = tmp_path / "house.toml"
    path.write_text('name = "house"\nextends = "classic"\ntitle = "House"\n', encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "args",
    [
        ("status",),
        ("show",),
        ("games",),
        ("stats",),
        ("minimum",),
        ("minimum", "--variant", "classic", "--score", "1650"),
        ("variants",),
        ("variants", "show", "classic"),
        ("points", "K", "9", "5", "X"),
        ("check", "K-K-K-2", "A-A-A", "--team", "Ann & Bob"),
        ("backups",),
        ("resume", "1"),
    ],
    ids=lambda a: " ".join(a),
)
def test_every_json_document_starts_with_format_1(cli, game, args):
    result = cli(*args, "--json")
    assert result.exit_code in (0, 1), result.output  # check exits 1 when the melds fall short
    doc = json.loads(result.stdout)
    assert next(iter(doc.items())) == ("format", 1)


def test_the_documents_of_commands_that_change_a_game_start_with_format_1(cli, game, tmp_path):
    firsts = [
        next(iter(cli.json("undo", "--yes"))),
        next(iter(cli.json("redo", "--yes"))),
        next(iter(cli.json("edit", "1", "--yes", CARDS, POINTS))),
        next(iter(cli.json("new", "classic", "--team", "X", "--team", "Y"))),
        next(iter(cli.json("variants", "check", str(variant_file(tmp_path))))),
    ]
    assert firsts == ["format"] * 5


def test_the_envelope_is_the_only_way_to_a_json_document():
    from scorekeeper.cli.common import emit_json

    assert document(game=3, hand=1) == {"format": 1, "game": 3, "hand": 1}
    assert list(document(game=3, hand=1)) == ["format", "game", "hand"]
    with pytest.raises(TypeError):
        document(format=2)
    with pytest.raises(TypeError):
        emit_json({"format": 1, "game": 3})  # type: ignore[arg-type]

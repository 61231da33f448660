"""One table of entry fields (scorekeeper.domain.fields.FIELDS) drives the one-line grammar,
the JSON reader, the guided prompt, ``hand --help``/``edit --help`` and README's table: a field
added to the table is accepted everywhere, and every field of the table is found everywhere."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from scorekeeper.domain.entry_line import line_to_json, parse_line
from scorekeeper.domain.fields import (
    CANASTAS,
    COUNT,
    FIELDS,
    PENALTIES,
    POINTS_OR_CARDS,
    SPECIAL_HAND,
    YES_NO,
    EntryField,
    entry_keys,
    extra_field,
    readme_table,
)
from scorekeeper.domain.reading import entry_from_json
from scorekeeper.domain.scoring import score_hand
from scorekeeper.variants import load_variant

README = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")

PILE = EntryField(
    "pile_cards",
    COUNT,
    ("pile_cards",),
    syntax="pile=3",
    summary="cards taken from the discard pile",
    help="cards taken from the discard pile (no effect on the score)",
    names=("pile",),
    question="Cards taken from the discard pile",
)


@pytest.fixture
def pile():
    with extra_field(PILE) as field:
        yield field


@pytest.fixture(scope="module")
def classic():
    return load_variant("classic")


def test_a_new_field_is_read_from_one_line(pile, classic):
    entry = parse_line(classic, "m=120 pile=3")
    assert entry.value("pile_cards") == 3
    assert entry.to_json() == {"meld_points": 120, "pile_cards": 3}


def test_a_new_field_is_read_from_json(pile, classic):
    entry = entry_from_json(classic, {"meld_points": 120, "pile_cards": 3})
    assert entry.value("pile_cards") == 3
    assert entry.to_json() == {"meld_points": 120, "pile_cards": 3}
    assert "pile_cards" in entry_keys()


def test_a_new_field_with_no_rule_leaves_the_score_as_it_was(pile, classic):
    # RULES.md §2: 120 melded, 60 melded; the pile count is no scoring item.
    with_pile = [parse_line(classic, "m=120 pile=3"), parse_line(classic, "m=60")]
    plain = [parse_line(classic, "m=120"), parse_line(classic, "m=60")]
    assert score_hand(classic, with_pile) == score_hand(classic, plain)


def test_a_new_field_is_asked_by_the_guided_prompt(pile, cli, db):
    cli("new", "classic", "--team", "A", "--team", "B")
    # nobody out; A: meld 50, no canastas (natural, mixed), no red threes, hand 0, no penalty,
    # 3 cards from the pile; B: meld 60, then Enter (0) for the rest.
    answers = "0\n50\n0\n0\n0\n0\n0\n3\n60\n\n\n\n\n\n\n"
    result = cli("hand", "--guided", "--json", input=answers)
    assert result.exit_code == 0, result.output
    assert "Cards taken from the discard pile" in result.stderr
    from conftest import game_doc

    stored = game_doc(db)["hands"][0]["entries"]
    assert stored[0]["pile_cards"] == 3 and stored[1]["pile_cards"] == 0


def test_a_new_field_is_listed_in_hand_and_edit_help(pile, cli):
    for command in ("hand", "edit"):
        result = cli(command, "--help")
        assert "pile=3" in result.output
        assert "cards taken from the discard pile" in result.output


def test_a_new_field_is_gone_again_after_the_test(classic, cli):
    assert PILE not in FIELDS
    assert "pile=3" not in cli("hand", "--help").output
    with pytest.raises(Exception, match="unknown key 'pile_cards'"):
        entry_from_json(classic, {"pile_cards": 3})


# -- every field everywhere or nowhere ----------------------------------------------------------

#: A variant that uses each field, and a line item of it with the JSON it stands for.
WHERE = {
    "red_threes": "classic",
    "black_threes": "cuban",
    "special_hand": "modern-american",
    "acaba": "acaba",
}


def _sample(f: EntryField, variant) -> tuple[str, dict]:
    if f.kind == POINTS_OR_CARDS:
        return f"{f.names[0]}=120", {f.points_key: 120}
    if f.kind == CANASTAS:
        kind = next(iter(variant.canastas))
        return f"{kind}=1", {f.json[0]: {kind: 1}}
    if f.kind == PENALTIES:
        key = next(iter(variant.penalties))
        return f"{key}=1", {f.json[0]: {key: 1}}
    if f.kind == SPECIAL_HAND:
        key = next(iter(variant.special_hands))
        return f"{f.names[0]}={key}", {f.json[0]: key}
    if f.kind == YES_NO:
        out = {f.json[0]: True}
        if f.implies:
            out[f.implies] = True
        return f.names[0], out
    return f"{f.names[0]}=2", {f.json[0]: 2}


@pytest.mark.parametrize("field", FIELDS, ids=lambda f: f.key)
def test_every_field_is_in_the_line_grammar_and_the_json_reader(field):
    variant = load_variant(WHERE.get(field.key, "classic"))
    assert field.used(variant)
    item, obj = _sample(field, variant)
    assert line_to_json(variant, item) == obj
    for key in field.json:
        assert key in entry_keys()
    entry_from_json(variant, obj)  # read without complaint


@pytest.mark.parametrize("field", FIELDS, ids=lambda f: f.key)
def test_every_field_is_asked_by_the_guided_prompt(field):
    assert field.question
    assert field.asked in ("side", "which", "with")
    if field.asked == "with":
        assert field.implies in {f.key for f in FIELDS}


@pytest.mark.parametrize("field", FIELDS, ids=lambda f: f.key)
def test_every_field_is_in_hand_and_edit_help(cli, field):
    for command in ("hand", "edit"):
        text = cli(command, "--help").output
        assert field.syntax in text and field.summary in text


def test_readme_lists_the_fields_of_the_table():
    assert readme_table() in README
    section = README.split("## One-line entries", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| `")]
    assert len(rows) == len(FIELDS)


def test_readme_names_every_json_key():
    section = README.split("## Hand entry as JSON", 1)[1].split("\n## ", 1)[0]
    named = set(re.findall(r"`([a-z_]+)`", section))
    assert set(entry_keys()) - {"team"} <= named


def test_the_json_keys_are_those_of_the_table_in_order():
    assert entry_keys() == (
        "team",
        "meld_points",
        "melds",
        "canastas",
        "red_threes",
        "black_threes",
        "went_out",
        "concealed",
        "hand_points",
        "hand",
        "penalties",
        "special_hand",
        "acaba",
    )


def test_an_unknown_key_lists_the_keys_of_the_table(classic):
    with pytest.raises(Exception) as err:
        entry_from_json(classic, {"pile": 1})
    assert "allowed: " + ", ".join(entry_keys()) in str(err.value)
    assert json.dumps(entry_keys())  # plain strings


def _question(f: EntryField, variant) -> str:
    if f.kind == CANASTAS:
        # the first kind of the variant (classic's natural canasta), named in the plural
        assert variant.canastas["natural"].title == "natural canasta"
        return "Natural canastas"
    if f.kind == PENALTIES:
        rule = next(iter(variant.penalties.values()))
        title = rule.title.capitalize()
        return f.question.format(kind=title, points=f"{rule.points:,}")
    if f.kind == SPECIAL_HAND:
        # listed by title, numbered (the special hands of RULES.md §3.1)
        choices = ", ".join(
            f"{i} {h.title}" for i, h in enumerate(variant.special_hands.values(), start=1)
        )
        return f.question.format(choices=choices)
    return f.question


@pytest.mark.parametrize("field", FIELDS, ids=lambda f: f.key)
def test_the_guided_prompt_asks_every_field_where_the_variant_has_it(cli, field):
    name = WHERE.get(field.key, "classic")
    cli("new", name, "--team", "A", "--team", "B")
    # Side 1 went out (so 'concealed' is asked where it pays: RULES.md §2, classic's 100
    # extra), melded 50 (so canastas are asked), then Enter for every other question.
    variant = load_variant(name)
    # A special hand is offered only while nobody went out (it ends the hand at once: RULES.md
    # §3): for that field nobody went out.
    out = "0\n" if field.key == "special_hand" else "1\n"
    answers = ("0\n" if field.key == "acaba" else "") + out
    answers += "n\n" if variant.going_out.concealed_bonus and out == "1\n" else ""
    answers += "\n" if variant.special_hands and out == "0\n" else ""  # asked first: none
    answers += "50\n" + "\n" * 40
    result = cli("hand", "--guided", input=answers)
    assert _question(field, load_variant(name)) in result.stderr

"""Each table of a variant's rules is declared once: the class msgspec decodes it into is the one
the scoring engine uses, and a built variant holds those decoded tables (RULES.md §1, §2)."""

from __future__ import annotations

import inspect

from msgspec import Struct

from scorekeeper.domain import schema, variant
from scorekeeper.domain.cards import parse_cards
from scorekeeper.domain.variant import Variant
from scorekeeper.variants import load_variant


def test_the_variant_is_the_decoded_rules_table_and_declares_no_rule_of_its_own():
    # Variant extends the top-level table: every rule key is a field it inherits, and the only
    # fields it adds are the plain data a game stores.
    assert issubclass(Variant, schema.RulesSpec)
    added = set(Variant.__struct_fields__) - set(schema.RulesSpec.__struct_fields__)
    assert added == {"rules"}


def test_the_variant_module_declares_no_second_set_of_rule_classes():
    structs = [
        name
        for name, obj in inspect.getmembers(variant, inspect.isclass)
        if issubclass(obj, Struct) and obj.__module__ == variant.__name__
    ]
    assert structs == ["Variant"]


def test_a_built_variant_holds_the_decoded_tables():
    v = load_variant("classic")
    assert isinstance(v.going_out, schema.GoingOut)
    assert isinstance(v.red_threes, schema.ThreesRule)
    assert isinstance(v.sides, schema.Range)
    assert isinstance(v.opening_minimum, schema.OpeningMinimum)
    assert all(isinstance(k, schema.CanastaKind) for k in v.canastas.values())
    assert all(isinstance(p, schema.PenaltyRule) for p in v.penalties.values())
    assert all(isinstance(r, schema.Requirement) for r in v.requirements.values())


def test_classic_rules_read_through_the_decoded_tables():
    v = load_variant("classic")
    # RULES.md §2: going out 100, concealed 200 in all; red 3s 100 each, all four 800.
    assert (v.going_out.bonus, v.going_out.bonus + v.going_out.concealed_bonus) == (100, 200)
    assert [v.red_threes.value(n) for n in (1, 2, 3, 4)] == [100, 200, 300, 800]
    # RULES.md §2: natural canasta 500, mixed 300; seven kings are a natural canasta.
    assert (v.canastas["natural"].bonus, v.canastas["mixed"].bonus) == (500, 300)
    assert v.canastas["natural"].fits(parse_cards("K K K K K K K"))
    assert not v.canastas["natural"].fits(parse_cards("K K K K K K 2"))
    # RULES.md §1: card values, read as a mapping of card-value key to points.
    assert (v.cards["joker"], v.cards["king"], v.cards["seven"]) == (50, 10, 5)
    # RULES.md §2: the red three not laid down costs 500, and is named in words.
    penalty = v.penalties["red_three_not_declared"]
    assert penalty.points == -500 and penalty.title

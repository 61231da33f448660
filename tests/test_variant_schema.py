"""Rules declared once: every variant is read over the base file and decoded into typed
structures whose errors name the key path and what it allows; built-in variants show exactly
the rules they showed before kinds, penalties and requirements said what they mean."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import new_game, refused

from scorekeeper.domain.cards import parse_cards
from scorekeeper.domain.melds import judge_meld
from scorekeeper.errors import DataFileError, UsageError
from scorekeeper.variants import catalog, check_file, load_variant, user_variant_dir

BUILTIN = sorted(name for name, f in catalog().items() if f.builtin)

#: `variants show NAME --json` of every built-in variant as the release before this one printed
#: it.
SHOWN = json.loads((Path(__file__).parent / "fixtures" / "variants-show.json").read_text("utf-8"))

#: Keys added since: what makes a canasta kind, which cards an in-hand penalty charges, and the
#: opening requirements of the base file; then the rule keys of the readings players use (a
#: flat value per red three counting minus, melds that grow past the most cards).
ADDED = {"makeup", "rank", "from_cards", "in_hand", "minus_each", "past_max_cards"}

#: Options of the readings players use, added since (where the variant had none by that name),
#: and the choices they added to existing options.
ADDED_OPTIONS = {"concealed_plus_200", "red_threes_flat", "red_threes_minus_100_each"}
ADDED_OPTIONS |= {"books_past_seven"}
ADDED_CHOICES = {"contract": {"4_3", "5_4"}, "minimums": {"30_per_round"}}


def without_readings(name: str, doc: dict) -> dict:
    """``doc`` (``variants show NAME --json``) without what the readings players use added on
    purpose: their options and choices, and Samba's draw on equal totals (RULES.md §4), which is
    now its default (checked here, then put back as it was)."""
    old = SHOWN[name]["options"]
    options = {k: dict(o) for k, o in doc["options"].items() if k in old or k not in ADDED_OPTIONS}
    for key, choices in ADDED_CHOICES.items():
        if key in options and "choices" in options[key] and choices & set(options[key]["choices"]):
            opt = options[key]
            opt["choices"] = {c: v for c, v in opt["choices"].items() if c not in choices}
            assert opt["description"] != old[key]["description"]  # it names the new choices
            opt["description"] = old[key]["description"]
    sixty = options.get("minimums", {}).get("choices", {}).get("60")
    if name == "hand-and-foot" and sixty is not None:
        # The 60 choice gives its whole table (60/90/120/150, as before) instead of patching
        # the first row, which a house table may hold as a round formula.
        table = [{"round": i, "points": p} for i, p in enumerate((60, 90, 120, 150), start=1)]
        assert sixty == {"opening_minimum.bands": table}
        assert doc["rules"]["opening_minimum"]["bands"][1:] == table[1:]
        options["minimums"]["choices"]["60"] = old["minimums"]["choices"]["60"]
    rules = dict(doc["rules"])
    if name == "samba":
        assert rules["tie"] == "draw" and options["draw_on_tie"]["default"] is True
        rules["tie"] = "extra_hand"
        options["draw_on_tie"] = {**options["draw_on_tie"], "default": False}
    return {**doc, "rules": rules, "options": options}


def without_added(value, top=True):
    if isinstance(value, dict):
        return {
            k: without_added(v, False)
            for k, v in value.items()
            if k not in ADDED and not (top and k == "requirements")
        }
    if isinstance(value, list):
        return [without_added(v, False) for v in value]
    return value


def write(text: str, name: str = "house") -> Path:
    folder = user_variant_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_every_builtin_variant_builds_and_checks():
    assert set(SHOWN) == set(BUILTIN)
    for name in BUILTIN:
        assert load_variant(name).name == name
        assert check_file(catalog()[name].path).name == name


@pytest.mark.parametrize("name", sorted(SHOWN))
def test_variants_show_json_is_unchanged_but_for_added_keys(cli, name):
    doc = without_readings(name, cli.json("variants", "show", name))
    assert without_added(doc["rules"]) == SHOWN[name]["rules"]
    doc["rules"] = without_added(doc["rules"])
    assert without_added(doc, top=False) == SHOWN[name]


def test_every_builtin_kind_and_in_hand_penalty_says_what_it_is(cli):
    from scorekeeper.domain.cards import LEGACY_IN_HAND

    for name in BUILTIN:
        doc = cli.json("variants", "show", name)
        rules = doc["rules"]
        tables = [rules]
        for option in doc["options"].values():
            tables += [option.get("set", {}), *option.get("choices", {}).values()]
        for table in tables:
            for path, value in table.items():
                if path.startswith("canastas.") and isinstance(value, dict) and "bonus" in value:
                    assert "makeup" in value, (name, path)  # a kind an option adds
                if path.startswith("penalties.") and path[len("penalties.") :] in LEGACY_IN_HAND:
                    assert "in_hand" in value, (name, path)
        for key, kind in rules["canastas"].items():
            assert "makeup" in kind, (name, key)
        for key, penalty in rules["penalties"].items():
            assert key not in LEGACY_IN_HAND or "in_hand" in penalty, (name, key)


def test_the_base_file_is_no_variant(cli, db):
    assert "base" not in catalog()
    assert "base" not in [v["name"] for v in cli.json("variants")["variants"]]
    message = refused(cli, db, "new", "base", "--team", "A", "--team", "B")
    assert "no variant called 'base'" in message
    assert cli("variants", "init", "mine", "--from", "base").exit_code != 0


def test_a_game_of_a_variant_keeps_the_base_rules_it_was_read_over(cli, db):
    from conftest import game_doc

    new_game(cli)
    rules = game_doc(db)["rules"]
    assert rules["melds"]["min_naturals"] == 2 and rules["cards"]["joker"] == 50  # RULES.md §1-2


# -- messages name the key path and what it allows ---------------------------------------------


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('[canastas.natural]\nbonus = "lots"\n', "'canastas.natural.bonus' must be a whole number"),
        ("[canastas.natural]\nbonsu = 1\n", "unknown key 'canastas.natural.bonsu' (allowed: title"),
        (
            '[canastas.natural]\nmakeup = "clean"\n',
            "'canastas.natural.makeup' is \"clean\"; allowed: natural, mixed, wild",
        ),
        ("[canastas.natural]\nbonus = -1\n", "'canastas.natural.bonus' cannot be negative (-1)"),
        ('[penalties.red_three_not_declared]\nin_hand = ["tree"]\n', 'in_hand[0]\' is "tree"'),
        ("[melds]\nwild_melds = 3\n", "'melds.wild_melds' must be true or false, not 3"),
        ("[opening_minimum]\nbands = [{ below = 0, pionts = 5 }]\n", "bands[0].pionts"),
        ('[[opening_minimum.bands]]\npoints = "x"\n', "'opening_minimum.bands[0].points'"),
    ],
)
def test_a_file_error_names_the_key_path(text, words):
    path = write('name = "house"\nextends = "classic"\n' + text)
    with pytest.raises(DataFileError) as err:
        check_file(path)
    assert words in err.value.message and str(path) in err.value.message


def test_a_requirement_the_variant_does_not_have_is_refused():
    path = write(
        'name = "house"\nextends = "classic"\n[opening_minimum]\n'
        'bands = [{ below = 0, points = 15 }, { from = 0, requires = "a_miracle" }]\n'
    )
    with pytest.raises(DataFileError, match="'requires' is 'a_miracle'; allowed: any_canasta"):
        check_file(path)


@pytest.mark.parametrize(
    ("setting", "words"),
    [
        ("canastas.natural.makeup=clean", "is one of natural, mixed, wild"),
        ("canastas.natural.cards=eight", "'canastas.natural.cards' takes a whole number"),
        ("canastas.natural.from_cards=maybe", "takes true or false"),
        ("penalties.red_three_not_declared.in_hand=king", "is a list, which --set does not take"),
        ("canastas.natural.colour=red", "'canastas.natural.colour' is not a rule"),
    ],
)
def test_set_reads_the_type_declared_at_the_path(setting, words):
    key, value = setting.split("=")
    with pytest.raises(UsageError, match=words):
        load_variant("classic", {key: value})


def test_set_a_declared_number(cli):
    v = load_variant("classic", {"canastas.mixed.cards": "8", "melds.max_wilds": "2"})
    assert v.canastas["mixed"].cards == 8 and v.melds.max_wilds == 2


# -- meld rules are built once -----------------------------------------------------------------


def test_meld_rules_are_the_variants_built_rules():
    v = load_variant("classic")
    v.rules["melds"]["max_wilds"] = 0  # the stored copy; judging uses what was built
    assert judge_meld(v, parse_cards("KKK2")).legal


def test_a_set_value_the_rules_refuse_names_the_key_and_the_setting(cli, db):
    message = refused(
        cli,
        db,
        "new",
        "classic",
        "--team",
        "A",
        "--team",
        "B",
        "--set",
        "canastas.natural.bonus=-5",
        code=2,
    )
    assert message == (
        "Error: 'canastas.natural.bonus' cannot be negative (-5)"
        " (from --set canastas.natural.bonus=-5)"
    )


def test_a_games_stored_rules_build_as_stored(cli, db):
    from conftest import game_doc

    from scorekeeper.variants import variant_from_rules

    new_game(cli, "samba")
    stored = game_doc(db)["rules"]
    assert variant_from_rules(stored).rules == stored


def test_rules_stored_before_a_rule_existed_take_its_base_value():
    from scorekeeper.variants import variant_from_rules

    fixture = Path(__file__).parent / "fixtures" / "schema-2.json.games" / "1.json"
    stored = json.loads(fixture.read_text("utf-8"))["games"]["1"]["rules"]
    assert "partnerships" not in stored
    v = variant_from_rules(stored)
    assert v.partnerships == "fixed" and v.melds.min_naturals == 2  # RULES.md §2
    assert classify(v, "KKKKKKK") == "natural" and classify(v, "KKKKKK2") == "mixed"


def classify(v, cards):
    from scorekeeper.domain.melds import classify_canasta

    return classify_canasta(v, parse_cards(cards))

"""A variant file that could not be played is refused when it is checked, naming the file and
what is wrong: options, canasta sizes and names, meld counts (README, "Variant file format")."""

from __future__ import annotations

import pytest
from conftest import refused

from scorekeeper.variants import user_variant_dir


def write(text: str, name: str = "house") -> None:
    folder = user_variant_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{name}.toml").write_text(f'name = "{name}"\nextends = "classic"\n{text}')


def check_refused(cli, db, words: str) -> None:
    result = cli("variants", "check", "house")
    assert result.exit_code == 3, result.output
    assert "house.toml" in result.stderr and words in result.stderr, result.stderr
    assert "Traceback" not in result.output


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('[options.x]\ndefault = false\nset = { "target.x" = 1 }\n', "option"),
        ('[options.x]\ndefault = false\nset = { target = "abc" }\n', "x=true"),
        ('[options.x]\ndefault = "abc"\nset = { target = 3000 }\n', "true or false"),
        ('[options.x]\ndefault = "zz"\nchoices = { a = {} }\n', "one of: a"),
    ],
)
def test_every_setting_of_every_option_is_checked(cli, db, text, words):
    write(text)
    check_refused(cli, db, words)


def test_a_canasta_kind_named_like_an_entry_item_is_refused(cli, db):
    # 'out' is the going-out item of a one-line entry: a kind of that name could not be typed.
    write('[canastas.out]\nbonus = 5\nmakeup = "twos"\n')
    check_refused(cli, db, "'out' is an item of a hand entry")


@pytest.mark.parametrize(
    ("text", "char"),
    [
        ('[penalties."not declared"]\npoints = 100\n', "U+0020"),
        ('[penalties."a=b"]\npoints = 100\n', "'='"),
        ('[penalties."a:b"]\npoints = 100\n', "':'"),
        # the ideographic space a Japanese keyboard types: str.split() splits there too
        ('[canastas.natural]\naliases = ["pure\u3000one"]\n', "U+3000"),
        ('[canastas."red:kings"]\nbonus = 500\nmakeup = "natural"\n', "':'"),
        ('[special_hands."big hand"]\npoints = 500\n', "U+0020"),
        # red team round 16: a full-width = is an = to an entry (ascii_field)
        ('[penalties."a\uff1db"]\npoints = 100\n', "'\uff1d'"),
    ],
)
def test_a_name_no_one_line_entry_could_type_is_refused(cli, db, text, char):
    # items are split at spaces, a key from its value at the first = or :, so an item so
    # named could only be half typed ('not declared=1' is 'not' and 'declared=1')
    write(text)
    check_refused(cli, db, f"holds {char}, which a one-line entry reads as a separator")


def test_a_special_hand_may_hold_what_only_an_item_key_may_not(cli, db):
    # special=NAME: the name is a value, after the first =, so '=' and ':' can be typed
    write('[special_hands."a:b"]\npoints = 500\n')
    result = cli("variants", "check", "house")
    assert result.exit_code == 0, result.output


def test_an_empty_alias_is_refused(cli, db):
    write('[canastas.pure_kings]\nbonus = 500\nmakeup = "natural"\naliases = [""]\n')
    check_refused(cli, db, "empty name")


@pytest.mark.parametrize("cards", ["0", "2", "1000"])
def test_a_canasta_size_no_meld_can_have_is_refused(cli, db, cards):
    # RULES.md §16c: a meld holds at least three cards; two decks hold 108 cards.
    setting = f"canastas.natural.cards={cards}"
    line = refused(cli, db, "new", "classic", "-t", "A", "-t", "B", "--set", setting, code=2)
    assert "canastas.natural.cards" in line


def test_negative_meld_counts_are_refused(cli, db):
    write("[melds]\nmin_cards = -1\n")
    check_refused(cli, db, "melds.min_cards")


def test_a_wild_canasta_has_no_rank(cli, db):
    write('[canastas.jk]\nbonus = 100\nmakeup = "wild"\nrank = "seven"\n')
    check_refused(cli, db, "has no rank")


def test_a_remove_of_nothing_names_the_file(cli, db):
    write('remove = ["options.nothing"]\n')
    check_refused(cli, db, "'remove' names 'options.nothing'")


@pytest.mark.parametrize(
    "option",
    [
        '[options.x]\ndefault = false\nset = { name = "classic" }\n',
        '[options.x]\ndefault = false\nset = { family = "zzz" }\n',
        '[options.x]\ndefault = "a"\nchoices = { a = {}, b = { name = "classic" } }\n',
        '[options.x]\ndefault = false\nset = { "options.y.default" = true }\n',
    ],
)
def test_an_option_never_changes_which_variant_a_game_is(cli, db, option):
    """An option changes rules, never the variant's name, family, base or options: a house
    game switched by one was recorded, listed and counted as "classic" (red team round 10).
    The file is refused everywhere it is used: check, the list, new."""
    write("[canastas.natural]\nbonus = 900\n" + option)
    check_refused(cli, db, "option 'x'")
    listed = {v["name"]: v for v in cli.json("variants")["variants"]}
    assert "option 'x'" in listed["house"]["error"]
    for settings in ((), ("--set", "x=true"), ("--set", "x=b")):
        line = refused(cli, db, "new", "house", "--team", "A", "--team", "B", *settings, code=3)
        assert "option 'x'" in line
    assert cli.json("games", "--all")["games"] == []


@pytest.mark.parametrize("key", ["name", "family", "extends", "options.x.default"])
def test_set_never_changes_which_variant_a_game_is(cli, db, key):
    line = refused(
        cli, db, "new", "classic", "--team", "A", "--team", "B", "--set", f"{key}=x", code=2
    )
    assert "cannot be set for one game" in line


def test_a_file_whose_name_is_not_its_file_name_is_refused_everywhere(cli, db):
    """``variants check`` refused it while ``variants`` listed it as usable and ``new`` played
    it (red team round 10): one rule, wherever a variant file is read."""
    write("", name="wrongname")
    path = user_variant_dir() / "wrongname.toml"
    path.write_text('name = "other"\nextends = "classic"\n', encoding="utf-8")
    result = cli("variants", "check", "wrongname")
    assert result.exit_code == 3 and "make them the same" in result.stderr
    listed = {v["name"]: v for v in cli.json("variants")["variants"]}
    assert "make them the same" in listed["wrongname"]["error"]
    line = refused(cli, db, "new", "wrongname", "--team", "A", "--team", "B", code=3)
    assert "make them the same" in line
    assert refused(cli, db, "variants", "show", "wrongname", code=3)
    write("", name="child")  # a file extending it cannot be used either
    (user_variant_dir() / "child.toml").write_text('name = "child"\nextends = "wrongname"\n')
    assert "make them the same" in refused(cli, db, "variants", "check", "child", code=3)


def test_a_minimum_per_round_that_would_pass_the_number_bound_is_refused(cli, db):
    # red team round 15b: 1,000,000,000 per round gave minimums of 3,000,000,000 by round 3,
    # shown and exported, which import then refused: every number a game shows must come back
    write(
        '[opening_minimum]\nby = "round"\nbands = [{ round = 1, points = 50 },'
        " { points_per_round = 1996008 }]\n"
    )
    check_refused(cli, db, "give at most 1,996,007")


def test_a_round_past_any_game_is_refused(cli):
    result = cli("minimum", "--variant", "hand-and-foot", "--round", "501")
    assert result.exit_code == 2
    assert "a game holds at most 500 hands; --round 501 is past them" in result.stderr


@pytest.mark.parametrize(
    ("text", "words"),
    [
        # red team round 15b: nan was "a number is too large", true was Python's True
        ("[card_values]\nking = nan\n", "card_values.king: nan is no number"),
        ("[card_values]\nking = -inf\n", "card_values.king: -inf is no number"),
        ('title = true\n[canastas.natural]\nbonus = 500\nmakeup = "natural"\n', "not true"),
    ],
)
def test_a_value_no_rule_takes_is_named_as_toml_writes_it(cli, db, text, words):
    folder = user_variant_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "house.toml").write_text(f'name = "house"\nextends = "classic"\n{text}')
    check_refused(cli, db, words)


def test_an_empty_extends_is_refused_not_read_as_none(cli, db):
    folder = user_variant_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "house.toml").write_text('name = "house"\nextends = ""\n')
    check_refused(cli, db, "'extends' is empty")


@pytest.mark.parametrize(
    ("setting", "words"),
    [
        ("canastas.natural.aliases=[x]", "is a list, which --set does not take"),
        ("opening_minimum.bands=[x]", "'opening_minimum.bands.0.KEY=VALUE'"),
    ],
)
def test_a_list_given_to_set_is_called_a_list(cli, db, setting, words):
    result = cli("new", "classic", "-t", "A", "-t", "B", "--set", setting)
    assert result.exit_code == 2 and words in result.stderr, result.stderr


def test_a_penalty_named_like_an_entry_item_but_for_a_variation_selector_is_refused(cli, db):
    # red team round 16: 'o' U+FE0F 'ut' showed as "out", the going-out item, and was accepted
    write('[penalties."o\ufe0fut"]\npoints = 100\n')
    check_refused(cli, db, "is an item of a hand entry")


@pytest.mark.parametrize("name", ["a=b", "a\uff1db"])
def test_an_option_no_set_could_name_is_refused(cli, db, name):
    # red team round 16: [options."a=b"] was valid, and --set a=b=true could never choose it
    write(f'[options."{name}"]\ndefault = false\nset = {{ target = 3000 }}\n')
    check_refused(cli, db, "--set NAME=VALUE reads NAME up to the first '='")


@pytest.mark.parametrize(
    ("name", "words"),
    [
        # red team round 17: an option named like a rule hid the rule from --set
        ("target", "has the name of a rule"),
        ("canastas.natural.bonus", "has the name of a rule"),
        (" a", "could not be set: --set reads a name"),
        ("\uff41", "could not be set: --set reads a name"),
    ],
)
def test_an_option_set_could_not_reach_or_that_hides_a_rule_is_refused(cli, db, name, words):
    write(f'[options."{name}"]\ndefault = false\nset = {{ target = 3000 }}\n')
    check_refused(cli, db, words)


def test_a_penalty_that_begins_a_canasta_kind_is_refused(cli, db):
    # red team round 17: a penalty 'nat' read 'nat=1' (README's short for a natural canasta)
    # as itself, with no word said
    write("[penalties.nat]\npoints = -10\n")
    check_refused(cli, db, "'nat' begins the canasta kind 'natural'")

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


def test_an_empty_alias_is_refused(cli, db):
    write('[canastas.pure_kings]\nbonus = 500\nmakeup = "natural"\naliases = [""]\n')
    check_refused(cli, db, "empty name")


@pytest.mark.parametrize("cards", ["0", "2", "1000"])
def test_a_canasta_size_no_meld_can_have_is_refused(cli, db, cards):
    # RULES.md §16c: a meld holds at least three cards; two decks hold 108 cards.
    line = refused(
        cli, db, "new", "classic", "-t", "A", "-t", "B", "--set", f"canastas.natural.cards={cards}"
    )
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

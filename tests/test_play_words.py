"""The words typed at ``play``'s prompt, read with no terminal (scorekeeper.cli.session_words)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.cli import session_words as words
from scorekeeper.domain.entry_line import parse_line
from scorekeeper.domain.game import Game, Side
from scorekeeper.errors import InputError, UsageError
from scorekeeper.variants import load_variant

NAMES = ["Ann & Bob", "Cat & Dan"]


@pytest.mark.parametrize(
    ("line", "word", "rest"),
    [
        ("undo", "undo", ""),
        ("  REDO ", "redo", ""),
        ("edit 3", "edit", "3"),
        ("fix Cat & Dan m=150", "fix", "Cat & Dan m=150"),
        ("check 666 AAA2", "check", "666 AAA2"),
        ("points J 5 X", "points", "J 5 X"),
        ("show --detail", "show", "--detail"),
        ("exit", "quit", ""),
        ("q", "quit", ""),
        ("?", "help", ""),
        ("rematch", "rematch", ""),
    ],
)
def test_a_line_whose_first_word_is_a_command_word_is_that_command(line, word, rest):
    assert words.command(line) == words.Command(word, rest)


@pytest.mark.parametrize(
    "line", ["", "   ", "m=220 nat=1 out h=15", "-", "o", "h=15", "Cat & Dan: m=110", "red=2"]
)
def test_an_entry_or_an_empty_line_is_no_command(line):
    assert words.command(line) is None


def test_no_entry_item_of_any_built_in_variant_is_called_like_a_command():
    from scorekeeper.domain.entry_line import line_to_json
    from scorekeeper.variants import catalog

    for name in catalog():
        v = load_variant(name)
        for word in [*words.WORDS, *words.ALIASES]:
            with pytest.raises(InputError):
                line_to_json(v, word)


@pytest.mark.parametrize("text", ["2", " 12 "])
def test_edit_takes_a_hand_number(text):
    assert words.hand_number(text) == int(text)


@pytest.mark.parametrize("text", ["", "0", "-1", "two", "2 3"])
def test_edit_without_a_hand_number_is_a_usage_error(text):
    with pytest.raises(UsageError, match="edit takes a hand's number"):
        words.hand_number(text)


@pytest.mark.parametrize(
    ("text", "side", "rest"),
    [
        ("Cat & Dan m=150", 1, "m=150"),
        ("cat  &  dan: m=150 h=20", 1, "m=150 h=20"),
        ("Ann & Bob:m=90", 0, "m=90"),
        ("m=150", None, "m=150"),
        ("", None, ""),
    ],
)
def test_a_side_is_named_at_the_start_with_or_without_a_colon(text, side, rest):
    assert words.split_side(text, NAMES) == (side, rest)


def test_a_side_number_counts_only_where_numbers_are_allowed():
    assert words.split_side("2 h=25", NAMES, numbers=True) == (1, "h=25")
    assert words.split_side("2 KKK", NAMES) == (None, "2 KKK")  # a 2 is a card in check
    assert words.split_side("3 h=25", NAMES, numbers=True) == (None, "3 h=25")


def test_the_longest_side_name_that_fits_wins():
    assert words.split_side("Ann Bob m=1", ["Ann", "Ann Bob"]) == (1, "m=1")


def test_a_side_is_chosen_by_number_or_name_and_anything_else_is_refused():
    assert words.side_choice("2", NAMES) == 1
    assert words.side_choice("ann & bob", NAMES) == 0
    with pytest.raises(InputError, match="1 Ann & Bob, 2 Cat & Dan"):
        words.side_choice("3", NAMES)


CUTTHROAT = load_variant("cutthroat")
PLAYERS = Game(CUTTHROAT, (Side("Ann"), Side("Bob"), Side("Cat")))


@pytest.mark.parametrize(
    ("text", "pair"),
    [("Bob,Cat", (1, 2)), ("bob, cat", (1, 2)), ("2 3", (1, 2)), ("3,1", (2, 0))],
)
def test_cutthroat_partners_are_two_names_or_numbers(text, pair):
    assert words.partners(text, PLAYERS) == pair


@pytest.mark.parametrize("text", ["", "0", "-"])
def test_no_partners_when_nobody_took_the_pile(text):
    assert words.partners(text, PLAYERS) == ()


@pytest.mark.parametrize("text", ["Bob", "Bob,Bob", "1 2 3", "Bob,Eve", "4 1"])
def test_anything_but_two_different_players_is_refused(text):
    with pytest.raises(InputError):
        words.partners(text, PLAYERS)


def test_check_reads_the_side_the_cards_and_the_options():
    asked = words.check_words("Ann & Bob: 99 KKK2 --discard 9 --out", NAMES)
    assert asked == words.CheckWords(0, "99 KKK2", "9", True, False)
    assert words.check_words("666 AAA2", NAMES) == words.CheckWords(None, "666 AAA2")
    assert words.check_words("KKKK --concealed", NAMES).concealed
    assert words.check_words("6 6 6 | A A A 2 --discard=A", NAMES).discard == "A"


@pytest.mark.parametrize("rest", ["", "Ann & Bob:", "--out", "666 --discard", "666 --all"])
def test_check_without_cards_or_with_a_bad_option_is_a_usage_error(rest):
    with pytest.raises(UsageError):
        words.check_words(rest, NAMES)


CLASSIC = load_variant("classic")


@pytest.mark.parametrize(
    "line",
    [
        "m=220 nat=1 mix=1 r=2 out h=15",  # RULES.md EX-07
        "-",
        "m=KKKKKKK/QQQ2 h=J/5/X",
        "concealed m=KKKKKKK",
        "m=120+85 h=3r/5 red_three_not_declared=1",
        "m=10h-10s-10d out",
        "m=9992/AAA h=X/5/5/K r=1",
    ],
)
def test_a_recorded_entry_written_as_a_line_reads_back_as_the_same_entry(line):
    entry = parse_line(CLASSIC, line)
    assert parse_line(CLASSIC, words.entry_line(entry)) == entry


def test_an_entry_line_names_each_item_in_full():
    entry = parse_line(CLASSIC, "m=220 nat=1 mix=1 r=2 o h=15")
    assert words.entry_line(entry) == "meld=220 natural=1 mixed=1 red=2 out hand=15"


@given(
    meld=st.integers(0, 200).map(lambda n: n * 5),
    natural=st.integers(0, 3),
    mixed=st.integers(0, 3),
    red=st.integers(0, 4),
    out=st.booleans(),
    hand=st.integers(0, 60).map(lambda n: n * 5),
)
def test_any_entry_of_points_and_counts_survives_being_written_as_a_line(
    meld, natural, mixed, red, out, hand
):
    items = [f"m={meld}", f"nat={natural}", f"mix={mixed}", f"r={red}", f"h={hand}"]
    entry = parse_line(CLASSIC, " ".join(items + (["out"] if out else [])))
    assert parse_line(CLASSIC, words.entry_line(entry)) == entry


def test_cutthroat_partners_may_be_named_by_their_players_names():
    # RULES.md §2.2: the partners of a hand are players; where the sides name their players,
    # a player's name stands for that player's side
    game = Game(CUTTHROAT, (Side("A", ("Ann",)), Side("B", ("Bob",)), Side("C", ("Cat",))))
    assert words.partners("Bob,Cat", game) == (1, 2)
    assert words.partners("A,Cat", game) == (0, 2)
    assert words.partners("ＢＯＢ,3", game) == (1, 2)  # full-width, as a Japanese keyboard types


@pytest.mark.parametrize(
    ("text", "side", "rest"),
    [
        ("A:r m=80", 1, "m=80"),  # the side "A:r", not "A" with the item r
        ("A:r: m=80", 1, "m=80"),
        ("A m=80", 0, "m=80"),
        ("A: m=80", 0, "m=80"),
        ("A:B: m=80", 2, "m=80"),
    ],
)
def test_the_longest_sides_name_a_command_starts_with_is_its_side(text, side, rest):
    # red team: fix A:r m=80 changed side A (an r, a red three, and 80 melded)
    assert words.split_side(text, ["A", "A:r", "A:B"]) == (side, rest)


def test_a_hands_number_may_be_typed_in_full_width_digits():
    assert words.hand_number("２") == 2 and words.hand_number(" １２ ") == 12


def test_check_takes_a_side_by_its_number_with_a_colon():
    # "2 KKK" is a deuce and three kings; "2: KKK" is the second side's meld
    assert words.check_words("2: KKK AAA", NAMES) == words.CheckWords(1, "KKK AAA")
    assert words.check_words("2 KKK", NAMES) == words.CheckWords(None, "2 KKK")
    with pytest.raises(InputError):
        words.check_words("3: KKK", NAMES)
    with pytest.raises(InputError, match="'Zed' is no side"):  # not a card error
        words.check_words("Zed: KKK", NAMES)

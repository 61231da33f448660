"""The card notation (DESIGN.md "Card notation"): every token form, errors, and card points."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.domain.cards import (
    Card,
    card_points,
    in_hand_values,
    parse_cards,
    parse_melds,
    render,
)
from scorekeeper.errors import InputError
from scorekeeper.variants import load_variant

CLASSIC = load_variant("classic")


@pytest.mark.parametrize(
    ("text", "cards"),
    [
        # ranks, each alone
        ("A K Q J 9 8 7 6 5 4 2", [Card(r) for r in "AKQJ98765 4 2".replace(" ", "")]),
        ("10", [Card("10")]),
        ("T", [Card("10")]),
        ("t", [Card("10")]),
        # threes by colour or by suit (hearts and diamonds are red)
        ("3r 3b", [Card("3r"), Card("3b")]),
        ("3h 3d", [Card("3r", "h"), Card("3r", "d")]),
        ("3c 3s", [Card("3b", "c"), Card("3b", "s")]),
        ("3♥ 3♣", [Card("3r", "h"), Card("3b", "c")]),
        # jokers
        ("X x JK jk JOKER Joker", [Card("X")] * 6),
        # suits as letters (either case) or symbols, outlined symbols too
        ("Kh 10s Tc 2d", [Card("K", "h"), Card("10", "s"), Card("10", "c"), Card("2", "d")]),
        ("KH", [Card("K", "h")]),
        ("K♠ 10♥ A♦ 9♣", [Card("K", "s"), Card("10", "h"), Card("A", "d"), Card("9", "c")]),
        ("Q♤ Q♡ Q♢ Q♧", [Card("Q", "s"), Card("Q", "h"), Card("Q", "d"), Card("Q", "c")]),
        # grouped tokens
        ("KKK2", [Card("K")] * 3 + [Card("2")]),
        ("kkk2", [Card("K")] * 3 + [Card("2")]),
        ("TTT", [Card("10")] * 3),
        ("101010", [Card("10")] * 3),
        ("XX2", [Card("X"), Card("X"), Card("2")]),
        ("KhKsKd", [Card("K", "h"), Card("K", "s"), Card("K", "d")]),
        ("3r3r3b", [Card("3r"), Card("3r"), Card("3b")]),
        ("3h3♡", [Card("3r", "h"), Card("3r", "h")]),
        # cards joined by '-', as rule books write melds
        ("K-K-K-2", [Card("K")] * 3 + [Card("2")]),
        ("10-10-10", [Card("10")] * 3),
        ("JOKER-2-2", [Card("X"), Card("2"), Card("2")]),
        ("5h-6h-7h", [Card("5", "h"), Card("6", "h"), Card("7", "h")]),
        # commas separate like spaces
        ("K,Q", [Card("K"), Card("Q")]),
        # a suit in its emoji or text form, as a phone keyboard types it: "♥" + U+FE0F
        ("A\u2665\ufe0f K\u2660\ufe0e", [Card("A", "h"), Card("K", "s")]),
    ],
)
def test_every_token_form_parses(text, cards):
    assert parse_cards(text) == cards


def test_without_a_bar_each_token_is_one_meld():
    assert parse_melds("666 AAA2") == [[Card("6")] * 3, [Card("A")] * 3 + [Card("2")]]


def test_a_bar_separates_melds_and_spaces_then_only_separate_cards():
    assert parse_melds("6 6 6 | A A A 2") == [[Card("6")] * 3, [Card("A")] * 3 + [Card("2")]]


def test_points_ignore_the_bars():
    assert parse_cards("6 6 | A") == [Card("6"), Card("6"), Card("A")]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("K Z", "card token 2 'Z': 'Z' is not a card"),
        ("KKKZ", "card token 1 'KKKZ': 'Z' (character 4) is not a card"),
        ("A 3", "card token 2 '3': '3' is not a card: a three needs its colour or suit"),
        ("KK3", "'3' (character 3) is not a card: a three needs its colour or suit"),
        ("Xs", "'s' (character 2) is not a card: a joker has no suit"),
        ("JOKERh", "a joker has no suit"),
        ("1", "'1' is not a card: ten is 10 or T"),
        ("hK", "a suit comes right after its rank (Kh), once"),
        ("Khh", "'h' (character 3) is not a card: a suit comes right after its rank"),
        ("K--K", "an empty card between '-'"),
        ("K-Z-K", "'Z' (character 3) is not a card"),
        ("Q Q | K J | 5 W", "card token 6 'W'"),
        ("A\u200bK", "'U+200B' (character 2) is not a card"),  # one that shows as nothing
    ],
)
def test_an_error_names_the_token_its_position_and_what_is_allowed(text, expected):
    with pytest.raises(InputError) as err:
        parse_cards(text)
    assert expected in err.value.message
    assert "cards are ranks A K Q J 10 (or T)" in err.value.message
    assert "jokers X JK JOKER" in err.value.message


def test_an_empty_meld_between_bars_is_refused():
    with pytest.raises(InputError, match="meld 2 of 3 is empty"):
        parse_melds("666 | | AAA")


def test_no_cards_at_all_is_refused():
    with pytest.raises(InputError, match="no cards given"):
        parse_cards("  ")


def test_classic_card_values_rules_1():
    # RULES.md §1: joker 50, 2 20, ace 20, K..8 10, 7..4 5, black three 5, red three 0.
    cards = parse_cards("X 2 A K Q J 10 9 8 7 6 5 4 3b 3r")
    assert card_points(CLASSIC.cards, cards) == 50 + 20 + 20 + 6 * 10 + 4 * 5 + 5 + 0


def test_a_black_three_left_in_hand_costs_the_penalty_where_a_variant_charges_one():
    # RULES.md §5: Bolivia's black three left in a hand costs 100 (not its card value 5).
    values = in_hand_values(CLASSIC.cards, {"black_threes_in_hand": -100})
    assert values["black_three"] == 100 and values["king"] == 10
    assert in_hand_values(CLASSIC.cards, {})["black_three"] == 5


# -- properties -------------------------------------------------------------------------------

SUITS = [None, "s", "h", "d", "c"]


@st.composite
def cards(draw):
    rank = draw(st.sampled_from(["X", "2", "A", "K", "Q", "J", "10", "9", "8", "7", "6", "5"]))
    if draw(st.booleans()):
        return Card(draw(st.sampled_from(["3r", "3b"])))
    if rank == "X":
        return Card("X")
    return Card(rank, draw(st.sampled_from(SUITS)))


@st.composite
def threes(draw):
    suit = draw(st.sampled_from(["s", "h", "d", "c"]))
    return Card("3r" if suit in "hd" else "3b", suit)


@given(st.lists(st.one_of(cards(), threes()), min_size=1, max_size=30))
def test_rendering_parsed_cards_and_parsing_them_again_gives_the_same_cards(hand):
    assert parse_cards(render(hand)) == hand
    assert parse_cards(render(parse_cards(render(hand)))) == hand


@given(st.lists(st.one_of(cards(), threes()), min_size=1, max_size=30))
def test_the_points_of_any_cards_are_the_sum_of_the_variants_values(hand):
    # Worked out independently of card_points: RULES.md §1 values by rank.
    value = {"X": 50, "2": 20, "A": 20, "3r": 0, "3b": 5}
    value.update(dict.fromkeys(["K", "Q", "J", "10", "9", "8"], 10))
    value.update(dict.fromkeys(["7", "6", "5", "4"], 5))
    assert card_points(CLASSIC.cards, parse_cards(render(hand))) == sum(value[c.rank] for c in hand)


KEYS = {"X": "joker", "2": "two", "A": "ace", "K": "king", "Q": "queen", "J": "jack"}
KEYS.update({"10": "ten", "9": "nine", "8": "eight", "7": "seven", "6": "six", "5": "five"})
KEYS.update({"3r": "red_three", "3b": "black_three"})


@given(
    st.lists(st.one_of(cards(), threes()), min_size=1, max_size=30),
    st.fixed_dictionaries({key: st.integers(0, 500) for key in [*KEYS.values(), "four"]}),
)
def test_the_points_of_any_cards_follow_any_variants_values(hand, values):
    # Whatever a variant file sets, a hand is worth the sum of its cards' values.
    assert card_points(values, hand) == sum(values[KEYS[c.rank]] for c in hand)

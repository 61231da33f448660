"""A number is ASCII digits 0-9 or full-width digits U+FF10-FF19, and nothing else (README: "A
number is otherwise digits 0-9"): superscripts, subscripts, circled and other compatibility
digits (which NFKC would turn into digits) are refused in number options, arguments and
entries alike."""

from __future__ import annotations

import unicodedata

import pytest
from conftest import new_game, refused
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.domain.names import ascii_field

NOT_DIGITS = ["⁵", "①", "₅", "⑤", "¹⁵⁰⁰", "٥", "𝟓", "Ⅴ"]


@pytest.mark.parametrize("text", NOT_DIGITS)
def test_a_target_in_other_digit_forms_is_refused(cli, db, text):
    result = cli("new", "classic", "--team", "A", "--team", "B", "--target", text)
    assert result.exit_code == 2, result.output
    assert cli("show").exit_code != 0  # no game was made


def test_full_width_digits_are_still_read(cli, db):
    result = cli("new", "classic", "--team", "A", "--team", "B", "--target", "５０００")
    assert result.exit_code == 0, result.output
    assert cli.json("show")["target"] == 5000


def test_a_backup_number_in_circled_digits_is_refused(cli, db):
    new_game(cli)
    assert cli("hand", "--yes", "m=50", "m=60").exit_code == 0
    result = cli("backups", "restore", "①", "--yes")
    assert result.exit_code == 2, result.output
    assert cli.json("show")["hands_played"] == 1  # nothing restored


def test_minimum_with_a_superscript_score_is_refused(cli, db):
    assert cli("minimum", "--variant", "classic", "--score", "¹⁵⁰⁰").exit_code == 2
    assert cli("minimum", "--variant", "classic", "--score", "１５００").exit_code == 0


def test_an_entry_in_superscripts_is_refused(cli, db):
    new_game(cli)
    refused(cli, db, "hand", "--yes", "m=⁵⁰", "m=50")


@settings(max_examples=200, deadline=None)
@given(st.characters(categories=("Nd", "No", "Nl")))
def test_only_ascii_and_full_width_digits_read_as_digits(char):
    read = ascii_field(char)
    if "0" <= char <= "9" or "\uff10" <= char <= "\uff19":
        assert read == chr(ord("0") + unicodedata.digit(char))
    else:
        assert read == char  # left as it is: no digit, refused where a number is wanted

"""Hostile input never gives a traceback and never changes the database when refused
(issue 6, point 4, "Tests": fuzz).

Hypothesis throws one-line entries, JSON hand entries, card strings and side names at the real
command line. Every answer is exit 0, or one line on stderr with exit 1 (2 for usage) and the
database byte for byte as it was.
"""

from __future__ import annotations

import json

import pytest
from conftest import database_files, put_back_files
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

FUZZ = settings(
    max_examples=80,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

KEYS = ["meld", "m", "hand", "h", "natural", "nat", "mixed", "mix", "red", "r", "black", "b"]
KEYS += ["out", "o", "concealed", "c", "-", "red_three_not_declared", "wild", "x", "="]
NUMBERS = st.one_of(
    st.integers(-(10**6), 10**6),
    st.sampled_from([0, 5, 50, 1180, 10**30, -(10**30)]),
).map(str) | st.sampled_from(["1e3", "0x10", "5.5", "١٢", "NaN", "", "1,000", "+5", "--5"])
CARD = st.sampled_from(
    [
        *["A", "K", "Q", "J", "10", "T", "9", "4", "2", "3", "3r", "3b", "3h", "X", "JK"],
        *["JOKER", "Ks", "K♠", "2♥", "1", "0", "11", "Z", "|", "/", "♠", "KKK2", "TTT", "🂡"],
    ]
)
CARDS = st.lists(CARD, max_size=12).map(" ".join) | st.text(max_size=30)
ITEM = st.one_of(
    st.builds(lambda k, v: f"{k}={v}", st.sampled_from(KEYS), NUMBERS),
    st.builds(lambda k, v: f"{k}={v}", st.sampled_from(["meld", "m", "hand", "h"]), CARDS),
    st.builds(lambda k, v: f"{k}:{v}", st.sampled_from(KEYS), NUMBERS),
    st.sampled_from(KEYS),
    st.text(max_size=12),
)
LINE = st.lists(ITEM, max_size=6).map(" ".join)

JSON_SCALAR = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**20), 10**20),
    st.floats(allow_nan=True),
    st.text(max_size=10),
    CARDS,
)
JSON_ANY = st.recursive(
    JSON_SCALAR,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)
ENTRY_KEYS = ["team", "meld_points", "melds", "canastas", "red_threes", "black_threes"]
ENTRY_KEYS += ["went_out", "concealed", "hand_points", "hand", "penalties", "special_hand", "acaba"]
ENTRY = st.dictionaries(
    st.sampled_from(ENTRY_KEYS),
    st.one_of(
        JSON_ANY,
        st.integers(-2000, 2000),
        st.dictionaries(st.sampled_from(["natural", "mixed", "wild", ""]), st.integers(-3, 9)),
        st.sampled_from(["Ann", "Bob", "ann", " Ann "]),
    ),
    max_size=6,
)
DOCUMENT = st.one_of(
    st.fixed_dictionaries({"teams": st.lists(ENTRY, max_size=3)}),
    st.fixed_dictionaries({"teams": st.lists(ENTRY, max_size=3), "note": JSON_ANY}),
    JSON_ANY,
)


@pytest.fixture
def game(cli, db):
    assert cli("new", "classic", "--team", "Ann", "--team", "Bob").exit_code == 0
    assert cli("hand", "m=100 nat=1 out", "m=50").exit_code == 0
    return database_files(db)


def check(cli, result, db, before: dict) -> None:
    """No traceback, no internal error; a refusal is one line and leaves the file alone."""
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(
        result.exception
    )
    assert "Traceback" not in result.output
    assert "unexpected internal error" not in result.stderr, result.stderr
    if result.exit_code == 0:
        reread = cli("status")  # what was stored loads again
        assert reread.exit_code == 0, reread.output
        return
    assert result.exit_code in (1, 2), result.output
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.stderr
    assert database_files(db) == before


@FUZZ
@given(first=LINE, second=LINE)
def test_one_line_entries(cli, db, game, first, second):
    put_back_files(db, game)
    check(cli, cli("hand", first, second), db, game)


@FUZZ
@given(document=DOCUMENT)
def test_json_hand_entries(cli, db, game, document):
    put_back_files(db, game)
    text = json.dumps(document, allow_nan=True)
    check(cli, cli("hand", "--file", "-", input=text), db, game)


@FUZZ
@given(melds=CARDS, hand=CARDS)
def test_card_strings(cli, db, game, melds, hand):
    put_back_files(db, game)
    document = {"teams": [{"melds": melds, "hand": hand}, {}]}
    check(cli, cli("hand", "--file", "-", input=json.dumps(document)), db, game)
    put_back_files(db, game)
    check(cli, cli("hand", f"m={melds.replace(' ', '/')}", f"h={hand.replace(' ', '/')}"), db, game)


@FUZZ
@given(first=st.text(max_size=30), second=st.text(max_size=30), label=st.text(max_size=20))
def test_side_names(cli, db, game, first, second, label):
    put_back_files(db, game)
    result = cli("new", "classic", "--team", first, "--team", second, "--label", label)
    check(cli, result, db, game)
    if result.exit_code == 0:  # a new game: names exactly as typed, around spaces aside
        status = cli.json("status")
        assert [t["team"] for t in status["teams"]] == [first.strip(), second.strip()]


OPTION_VALUE = st.one_of(
    st.integers(-(10**30), 10**30).map(str),
    st.text(max_size=15),
    st.sampled_from(["-120", "--", "-", "1e9", "0", "-0", "nan", "=", "target=", "=5"]),
)


@FUZZ
@given(
    option=st.sampled_from(
        [
            ("minimum", "--variant", "classic", "--score"),
            ("minimum", "--variant", "classic", "--score", "0", "--set"),
            ("new", "classic", "--team", "A", "--team", "B", "--target"),
            ("new", "classic", "--team", "A", "--team", "B", "--start-score", "0", "--start-score"),
            ("new", "classic", "--team", "A", "--team", "B", "--set"),
            ("status", "--game"),
            ("hand", "m=50", "m=50", "--game"),
            ("variants", "show", "classic", "--set"),
        ]
    ),
    value=OPTION_VALUE,
)
def test_option_values(cli, db, game, option, value):
    put_back_files(db, game)
    check(cli, cli(*option, value), db, game)

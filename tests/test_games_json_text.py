"""``games --all --json`` is encoded straight from the index's summaries, a few games at a time
(issue 17): its text is byte for byte the document built the old way, ``json.dumps`` of
``sheet.games_json`` (README, "JSON output"), on a UTF-8 stream and with ``\\uXXXX`` escapes
on one that is not."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.application.queries import GAMES_PER_PIECE, games_json_texts
from scorekeeper.presentation.documents import streamed
from scorekeeper.presentation.sheet import game_summary_json, games_json
from scorekeeper.storage.index import GameSummary, IndexSide, IndexSummary, summaries

#: Names with what JSON escapes or may escape: quotes, backslashes, accents, wide characters,
#: a character past U+FFFF (a surrogate pair in ASCII JSON).
NAMES = ('Zoë "Z"', "back\\slash", "日本", "emoji 🂡", "Ann & Bob", "slash/ 1<2")


def old_document(db, current, ensure_ascii: bool) -> str:
    """The document as ``games --json`` built it before: the list of dicts, dumped whole."""
    return json.dumps(games_json(list(summaries(db)), current), ensure_ascii=ensure_ascii)


def new_document(games, current, ensure_ascii: bool) -> str:
    pieces = streamed("games", lambda a: games_json_texts(games, current, a))
    return "".join(pieces.pieces(ensure_ascii=ensure_ascii))


def make_games(cli, count: int) -> None:
    for n in range(count):
        first, second = NAMES[n % len(NAMES)], f"{NAMES[(n + 1) % len(NAMES)]} {n}"
        label = ("--label", f"note «{n}»") if n % 4 == 0 else ()
        assert cli("new", "classic", "--team", first, "--team", second, *label).exit_code == 0
        if n % 3:
            assert cli("hand", "m=100 nat=1 out", "m=50").exit_code == 0


@pytest.mark.parametrize("count", [1, GAMES_PER_PIECE, GAMES_PER_PIECE + 1])
def test_every_game_as_json_is_the_document_built_the_old_way(cli, db, count):
    make_games(cli, count)
    assert cli("delete", "1", "--yes").exit_code == 0
    current = count if count > 1 else None
    for status in ((), ("--status", "all")):
        result = cli("games", "--all", "--json", *status)
        assert result.exit_code == 0
        games = [g for g in summaries(db) if status or not g.deleted]
        expected = json.dumps(games_json(games, current), ensure_ascii=False) + "\n"
        assert result.stdout == expected


def test_the_ascii_document_is_the_one_built_the_old_way(cli, db):
    make_games(cli, 7)
    for ensure_ascii in (True, False):
        text = new_document(summaries(db), 7, ensure_ascii)
        assert text == old_document(db, 7, ensure_ascii)
    assert new_document(summaries(db), 7, True).isascii()


def test_a_game_won_and_a_draw_are_the_old_documents(cli, db):
    # Classic's target is 5,000 (RULES.md §2); a variant with a low target ends at once.
    assert cli("new", "classic", "--team", "A", "--team", "B", "--set", "target=600").exit_code == 0
    assert cli("hand", "m=100 nat=1 out", "m=50").exit_code == 0  # A 700: won
    games = list(summaries(db))
    assert games[0].status == "won"
    assert new_document(games, 1, False) == old_document(db, 1, False)


def test_no_games_is_an_empty_list(cli, db):
    assert cli("games", "--all", "--json").stdout == '{"format": 1, "games": []}\n'


#: Any characters (quotes, backslashes, controls, wide ones) but lone surrogates.
texts = st.text(st.characters(blacklist_categories=("Cs",)), max_size=10)
sides = st.lists(
    st.tuples(texts, st.lists(texts, max_size=2), st.integers(-(10**9), 10**9)),
    min_size=1,
    max_size=3,
)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(texts, texts, sides, st.booleans(), st.booleans(), st.data()),
        max_size=GAMES_PER_PIECE + 3,
    ),
    st.sampled_from([None, 1, 2]),
)
def test_any_games_encode_as_json_dumps_does(games, current):
    made = []
    for n, (label, variant, side_list, deleted, draw, data) in enumerate(games, start=1):
        winner = data.draw(st.one_of(st.none(), st.integers(0, len(side_list) - 1)))
        summary = IndexSummary(
            None if n % 2 else "2026-11-22T10:00:00+00:00",
            None,
            variant,
            label,
            n,
            deleted,
            winner is not None,
            winner,
            draw,
            [IndexSide(name, players, t, 1, t, t, 0, {}) for name, players, t in side_list],
        )
        made.append(GameSummary(n, summary))
    for ensure_ascii in (True, False):
        expected = ", ".join(
            json.dumps(game_summary_json(g, current), ensure_ascii=ensure_ascii) for g in made
        )
        assert ", ".join(games_json_texts(made, current, ensure_ascii)) == expected


#: Texts made of JSON's own punctuation: commas, colons, quotes, brackets, backslashes.
punctuation = st.text(st.sampled_from(',:"{}[] \\a\n'), max_size=6)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(punctuation, punctuation, punctuation), min_size=1, max_size=20))
def test_texts_of_json_punctuation_encode_as_json_dumps_does(games):
    made = []
    for n, (label, name, player) in enumerate(games, start=1):
        side = IndexSide(name, [player], 10, 1, 10, 10, 0, {})
        other = IndexSide("B", [], 5, 1, 5, 5, 0, {})
        summary = IndexSummary(
            "2026-11-22T10:00:00+00:00",
            None,
            "classic",
            label,
            1,
            False,
            False,
            None,
            False,
            [side, other],
        )
        made.append(GameSummary(n, summary))
    for ensure_ascii in (True, False):
        expected = json.dumps(
            {"format": 1, "games": [game_summary_json(g, 1) for g in made]},
            ensure_ascii=ensure_ascii,
        )
        assert new_document(made, 1, ensure_ascii) == expected

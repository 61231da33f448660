"""Scoring invariants, checked on generated hands (hypothesis)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.domain import Game, Hand, Side, opening_minimum, score_hand
from scorekeeper.domain.entries import SideEntry
from scorekeeper.domain.records import StoredGame
from scorekeeper.domain.scoring import BREAKDOWN_FIELDS
from scorekeeper.errors import ScorekeeperError
from scorekeeper.storage.codec import game_from_doc, game_to_doc
from scorekeeper.variants import load_variant

CLASSIC = load_variant("classic")
VARIANTS = [CLASSIC, load_variant("classic-2"), load_variant("classic", {"vienna": "true"})]


@st.composite
def side_entries(draw, went_out=False):
    canastas = {
        "natural": draw(st.integers(0, 3)),
        "mixed": draw(st.integers(0, 3)),
    }
    return SideEntry(
        meld_points=5 * draw(st.integers(0, 100)),
        canastas={k: v for k, v in canastas.items() if v},
        red_threes=draw(st.integers(0, 2)),
        went_out=went_out,
        concealed=went_out and draw(st.booleans()),
        hand_points=5 * draw(st.integers(0, 20)),
        penalties={"red_three_not_declared": 1} if draw(st.integers(0, 9)) == 0 else {},
    )


@st.composite
def hands(draw):
    out = draw(st.sampled_from([None, 0, 1]))
    return (draw(side_entries(out == 0)), draw(side_entries(out == 1)))


@given(st.sampled_from(VARIANTS), hands())
def test_hand_score_is_the_sum_of_its_breakdown(variant, entries):
    try:
        breakdowns = score_hand(variant, entries)
    except ScorekeeperError:
        return
    for b in breakdowns:
        assert b.hand_score == sum(getattr(b, f) for f in BREAKDOWN_FIELDS)


@settings(suppress_health_check=[HealthCheck.too_slow], max_examples=50)
@given(
    st.lists(hands(), max_size=6),
    st.tuples(st.integers(-200, 800), st.integers(-200, 800)).map(lambda t: (t[0] * 5, t[1] * 5)),
)
def test_total_is_start_score_plus_hand_scores(hand_list, starts):
    game = Game(CLASSIC, (Side("A", start_score=starts[0]), Side("B", start_score=starts[1])))
    scores = [[], []]
    for entries in hand_list:
        if game.outcome.over:
            break
        try:
            breakdowns = game.add(Hand(entries))
        except ScorekeeperError:
            continue
        for i, b in enumerate(breakdowns):
            scores[i].append(b.hand_score)
    assert game.totals == (starts[0] + sum(scores[0]), starts[1] + sum(scores[1]))


@settings(suppress_health_check=[HealthCheck.too_slow], max_examples=50)
@given(st.lists(hands(), max_size=6))
def test_storing_and_reloading_a_game_changes_nothing(hand_list):
    game = Game(CLASSIC, (Side("A", ("Ann", "Bob"), 100), Side("B", ("Cat", "Dan"))))
    for entries in hand_list:
        try:
            game.add(Hand(entries, note="n", recorded_at="2026-01-01T00:00:00+00:00"))
        except ScorekeeperError:
            continue
    stored = StoredGame(id=7, game=game, label="x", created="2026-01-01T00:00:00+00:00")
    again = game_from_doc(7, game_to_doc(stored))
    assert again.game.hands == game.hands
    assert again.game.totals == game.totals
    assert again.game.outcome == game.outcome
    assert game_to_doc(again) == game_to_doc(stored)


@given(st.sampled_from(VARIANTS), st.integers(-2000, 20000), st.integers(0, 5000))
def test_opening_minimum_never_decreases_as_the_score_grows(variant, score, more):
    low = opening_minimum(variant, score=score * 5 // 5)
    high = opening_minimum(variant, score=score + more)
    assert (high.points or 0) >= (low.points or 0)

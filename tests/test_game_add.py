"""Adding a hand scores that hand alone: the earlier hands' results are kept (a game of n hands
is scored n times in all, not n(n+1)/2), and the results are those a game scored from scratch
gives."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.domain import Game, Hand, Side, entry_from_json
from scorekeeper.domain import game as game_module
from scorekeeper.variants import load_variant

CLASSIC = load_variant("classic")
SIDES = (Side("Ann & Bob", ("Ann", "Bob")), Side("Cat & Dan", ("Cat", "Dan")))


def hand(meld: int, held: int) -> Hand:
    # classic base scoring (RULES.md §2): meld points less the cards left in hand
    a = entry_from_json(CLASSIC, {"meld_points": meld, "hand_points": held})
    b = entry_from_json(CLASSIC, {"meld_points": held, "hand_points": meld % 50})
    return Hand((a, b))


def test_each_hand_is_scored_once(monkeypatch):
    calls = []
    real = game_module.score_hand
    monkeypatch.setattr(game_module, "score_hand", lambda *a: calls.append(1) or real(*a))
    game = Game(CLASSIC, SIDES)
    for _ in range(40):
        game.add(hand(50, 10))
        assert game.totals  # the results are read after every hand, as commands do
    assert len(calls) == 40
    assert game.totals == (40 * 40, 40 * 10)  # 50 - 10 and 10 - 0 a hand


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 40), st.integers(0, 20)), min_size=1, max_size=30))
def test_a_game_built_hand_by_hand_has_the_results_of_one_scored_at_once(values):
    hands = [hand(5 * m, 5 * h) for m, h in values]
    built = Game(CLASSIC, SIDES)
    kept = []
    for one in hands:
        if built.outcome.over:
            break
        built.add(one)
        kept.append(one)
        earlier = built.results  # a list handed out before the next hand stays as it was
        assert len(earlier) == len(kept)
    at_once = Game(CLASSIC, SIDES, list(kept))
    assert built.results == at_once.results
    assert built.outcome == at_once.outcome
    assert built.next_minimums() == at_once.next_minimums()

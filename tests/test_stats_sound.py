"""A statistics cache sealed again by hand with figures no count of games can give is not
believed, and not carried forward by the next change (issue 18, red team: a resealed cache with
side A's games at 10**15 and wins at -5 showed as is in `stats --json`, and later hands resealed
it keeping them). Figures a real count gives always pass the check."""

from __future__ import annotations

import json
import os
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.domain.limits import (
    MAX_CANASTAS_A_HAND,
    MAX_HANDS,
    MAX_NUMBER,
    MAX_RED_THREES_A_HAND,
)
from scorekeeper.domain.stats import GameFigures, SideFigures, lineups
from scorekeeper.storage import statistics
from scorekeeper.storage.index import seal

#: Classic (RULES.md §2): 100 melded + 500 for a natural canasta + 100 for going out = 700;
#: Bob's 50 melded = 50.
ANN_HAND, ANN_POINTS, BOB_POINTS = "m=100 nat=1 out", 700, 50

# a record as the cache holds it: name, games, finished, wins, hands, points, best hand,
# canastas, red threes
GAMES, FINISHED, WINS, HANDS, POINTS, BEST_HAND, CANASTAS, RED_THREES = range(1, 9)


def cache_of(db):
    return db.with_name(db.name + ".stats.json")


def reseal(db, change) -> None:
    """Change the cache's data with ``change`` and seal it again, as the cache itself would."""
    cache = cache_of(db)
    _, _, body = cache.read_bytes().partition(b"\n")
    data = json.loads(body)
    change(data["lineups"])
    new = json.dumps(data, separators=(",", ":")).encode()
    head = json.dumps({"format": 2, "seal": seal(new).decode()}).encode()
    cache.write_bytes(head + b"\n" + new)


def ann_row(lineups):
    return next(row[3] for row in lineups if row[1] == "Ann")


def set_figures(**figures):
    def change(lineups):
        for field, value in figures.items():
            ann_row(lineups)[globals()[field.upper()]] = value

    return change


def duplicate(lineups):
    """Ann's line-up again, with the sound record of one game of one hand."""
    variant, _side, players, _row = next(row for row in lineups if row[1] == "Ann")
    one = ["Ann", 1, 0, 0, 1, ANN_POINTS, ANN_POINTS, {"natural": 1}, 0]
    lineups.append([variant, "Ann", players, one])


def ann_lineup(players=None, side=None):
    """The change giving Ann's line-up other ``players`` or another ``side`` name."""

    def change(lineups):
        row = next(row for row in lineups if row[1] == "Ann")
        if players is not None:
            row[2] = players
        if side is not None:
            row[1] = row[3][0] = side

    return change


IMPOSSIBLE = {  # Ann's record is of 2 games, 2 hands of 700
    "red team: games 10**15, wins -5": set_figures(games=10**15, wins=-5),
    "games past the bound": set_figures(games=MAX_NUMBER + 1, hands=MAX_NUMBER + 1),
    "no game": set_figures(games=0),
    "negative wins": set_figures(wins=-1),
    "more wins than finished games": set_figures(wins=1, finished=0),
    "more finished than games": set_figures(finished=3, wins=0),
    "fewer hands than games": set_figures(hands=1),
    "more hands than games can hold": set_figures(hands=2 * MAX_HANDS + 1),
    "points past every hand's best": set_figures(points=2 * ANN_POINTS + 1),
    "points below every hand's bound": set_figures(points=-2 * MAX_NUMBER - 1),
    "no best hand": set_figures(best_hand=None),
    "best hand past the bound": set_figures(best_hand=MAX_NUMBER + 1),
    "negative red threes": set_figures(red_threes=-1),
    "a canasta count of 0": set_figures(canastas={"natural": 0}),
    "negative canastas": set_figures(canastas={"natural": -3}),
    "a line-up twice": duplicate,
    # no hand lays down more red threes than two a deck of the most decks, nor makes more
    # canastas than its cards hold (issue 18, round 8)
    "more red threes than 2 hands give": set_figures(red_threes=2 * MAX_RED_THREES_A_HAND + 1),
    "more canastas than 2 hands give": set_figures(
        canastas={"natural": MAX_CANASTAS_A_HAND, "mixed": MAX_CANASTAS_A_HAND + 1}
    ),
    "a canasta kind with an escape": set_figures(canastas={"natural\x1b[2J": 2}),
    "a canasta kind with a direction mark": set_figures(canastas={"natural\u202e": 2}),
    "more players than a game seats": ann_lineup(players=[f"P{n}" for n in range(13)]),
    "a player twice": ann_lineup(players=["Cy", "Cy"]),
    "a player with a control character": ann_lineup(players=["Cy\x07"]),
    "a side that shows as Ann": ann_lineup(side="Ann\u034f"),
    "a side that clears the screen": ann_lineup(side="Ann\x1b[2J"),
    "a side that writes to the clipboard": ann_lineup(side="Ann\x1b]52;c;aGk=\x07"),
}
#: Those a change must not carry forward: with no game or no best hand the change's own
#: arithmetic gives up and recounts.
CARRIED = {k: v for k, v in IMPOSSIBLE.items() if k not in ("no game", "no best hand")}


@pytest.fixture
def counted(cli, db):
    """Two games of Ann against Bob, one classic hand each (Ann 700, Bob 50), counted into the
    statistics cache; the second game is the current one."""
    for _ in range(2):
        assert cli("new", "classic", "--team", "Ann", "--team", "Bob").exit_code == 0
        assert cli("hand", "--yes", ANN_HAND, "m=50").exit_code == 0
    folder = db.with_name(db.name + ".games")
    long_ago = time.time_ns() - 3_600 * 10**9
    os.utime(folder, ns=(long_ago, long_ago))  # no change for an hour: the count vouches for it
    assert cli("stats").exit_code == 0  # counted, and the cache written
    assert cache_of(db).exists()


def shown(side, hands, points, naturals=0):
    """What `stats --json` shows of a side of two unfinished games of ``hands`` hands in all of
    ``points`` each, with ``naturals`` natural canastas and no red threes."""
    return {
        "team": side,
        "games": 2,
        "finished": 0,
        "wins": 0,
        "win_rate": None,
        "hands": hands,
        "average_hand": points,
        "best_hand": points,
        "canastas": {"natural": naturals} if naturals else {},
        "red_threes": 0,
    }


def sides(cli):
    result = cli("stats", "--json")
    assert result.exit_code == 0, result.output
    return {r["team"]: r for r in json.loads(result.stdout)["teams"]}


@pytest.mark.parametrize("change", IMPOSSIBLE.values(), ids=IMPOSSIBLE.keys())
def test_a_resealed_cache_with_impossible_figures_is_counted_again(cli, db, counted, change):
    reseal(db, change)
    assert sides(cli) == {"Ann": shown("Ann", 2, ANN_POINTS, 2), "Bob": shown("Bob", 2, BOB_POINTS)}


@pytest.mark.parametrize("change", CARRIED.values(), ids=CARRIED.keys())
def test_a_change_does_not_carry_impossible_figures_forward(cli, db, counted, change):
    reseal(db, change)
    assert cli("hand", "--yes", ANN_HAND, "m=50").exit_code == 0  # a change: cache updated
    if cache_of(db).exists():  # whatever the change kept is a count of the game files
        _, _, body = cache_of(db).read_bytes().partition(b"\n")
        kept = {row[1]: row[3] for row in json.loads(body)["lineups"]}
        assert kept == {
            "Ann": ["Ann", 2, 0, 0, 3, 3 * ANN_POINTS, ANN_POINTS, {"natural": 3}, 0],
            "Bob": ["Bob", 2, 0, 0, 3, 3 * BOB_POINTS, BOB_POINTS, {}, 0],
        }
    assert sides(cli) == {"Ann": shown("Ann", 3, ANN_POINTS, 3), "Bob": shown("Bob", 3, BOB_POINTS)}


@pytest.mark.parametrize("side", ["Ann\x1b[2J", "Ann\x1b]52;c;aGk=\x07", "Ann\u202e"])
def test_a_resealed_side_name_never_reaches_the_terminal(cli, db, counted, side):
    # a cache sealed again with a side name no typed name can be: the table shows the counted
    # sides, and no escape sequence or bidi control of the cache is printed
    reseal(db, ann_lineup(side=side))
    result = cli("stats")
    assert result.exit_code == 0, result.output
    assert "\x1b" not in result.stdout and "\u202e" not in result.stdout
    assert "Ann" in result.stdout and "Bob" in result.stdout


def test_a_resealed_side_name_of_brackets_is_shown_as_typed(cli, db, counted):
    # brackets are text a side name may hold: never read as Rich markup (no crash on "[/]")
    reseal(db, ann_lineup(side="[/]Ann [bold]"))
    result = cli("stats")
    assert result.exit_code == 0, result.output
    assert "[/]Ann [bold]" in result.stdout


def test_a_sound_resealed_cache_is_still_used(cli, db, counted, monkeypatch):
    """The check refuses only the impossible: a cache sealed again unchanged is read as it is,
    not counted again."""
    reseal(db, lambda lineups: None)
    monkeypatch.setattr(statistics, "_save_lineups", lambda *a, **k: pytest.fail("recounted"))
    assert sides(cli)["Ann"]["best_hand"] == ANN_POINTS


_score = st.integers(-MAX_NUMBER, MAX_NUMBER)


@st.composite
def _figures(draw):
    hands = draw(st.integers(0, MAX_HANDS))
    names = draw(st.lists(st.sampled_from(["Ann", "Bob", "Cy"]), min_size=2, max_size=3))
    sides = []
    for name in names:
        scores = [draw(_score) for _ in range(min(hands, 3))] or [0]
        best = max(scores) if hands else None
        points = sum(scores) if hands else 0
        if hands > len(scores):  # the other hands scored no more than the best
            points += (hands - len(scores)) * draw(st.integers(-MAX_NUMBER, best))
        # at most what that many hands give: two red threes a deck, a canasta per 7 cards
        most = max(1, MAX_CANASTAS_A_HAND * hands // 2)
        kinds = draw(st.dictionaries(st.sampled_from(["natural", "mixed"]), st.integers(1, most)))
        threes = draw(st.integers(0, MAX_RED_THREES_A_HAND * hands))
        sides.append(SideFigures(name, (), 0, hands, points, best, kinds, threes))
    over = draw(st.booleans())
    winner = draw(st.one_of(st.none(), st.integers(0, len(sides) - 1))) if over else None
    return GameFigures(draw(st.sampled_from(["classic", "samba"])), hands, over, winner, sides)


@settings(max_examples=200, deadline=None)
@given(st.lists(_figures(), max_size=8))
def test_every_count_of_games_passes_the_check(games):
    records = lineups(games)
    rows = [(v, side, players, r) for (v, side, players), r in records.items()]
    assert statistics._sound(rows)


def test_the_sides_table_gives_a_canasta_kind_a_line(cli):
    # a kind's count and name stay on one line however narrow: "1 natural", then "1 mixed"
    assert cli("new", "classic", "--team", "Ann & Bob", "--team", "Cat & Dan").exit_code == 0
    assert cli("hand", "--yes", "m=300 nat=1 mix=1 out", "m=50").exit_code == 0
    lines = cli("stats").stdout.splitlines()
    at = next(i for i, line in enumerate(lines) if line.lstrip().startswith("Ann & Bob"))
    assert lines[at].rstrip().endswith("1 natural")
    assert lines[at + 1].strip() == "1 mixed"

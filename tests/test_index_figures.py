"""An index line edited by hand to figures no game can have is not believed, whether the line
was sealed again or only the header's CRC-32 computed again over the edited lines (the seal
then left as it was, and not looked at: the CRC says no byte changed): every reader holds
what a line says to what its game could give, on every path (issue 18, round 8: a line of
hands past 500, a side's figures past its game's hands, a draw with a winner, were believed).

Each game here is Ann against "Team N", one classic hand: Ann 100 melded + 500 for a natural
canasta + 100 for going out = 700 (RULES.md §2), her side's one natural canasta, no red three.
"""

from __future__ import annotations

import json
import os
import time

import msgspec
import pytest

from scorekeeper.domain.limits import MAX_CANASTAS_A_HAND, MAX_HANDS, MAX_RED_THREES_A_HAND
from scorekeeper.storage.index import entry_line
from tests.test_index_intact import games, rewrite  # noqa: F401 - games: a fixture

# a summary as a line holds it: created, finished, variant, label, hands, deleted, over,
# winner, draw, sides; a side: name, players, total, hands, points, best hand, red threes,
# canastas
HANDS, OVER, WINNER, DRAW, SIDES = 4, 6, 7, 8, 9
NAME, PLAYERS, S_HANDS, S_POINTS, S_BEST, S_THREES, S_CANASTAS = 0, 1, 3, 4, 5, 6, 7


def edited(change, reseal: bool):
    """The change editing the newest line's summary with ``change`` (a function of the
    summary as a JSON list): the line sealed again (``reseal``) or left with its old seal
    (only the header's CRC then matches, as :func:`rewrite` writes it again)."""

    def edit(lines):
        seal, game_id, identity, file_digest, summary = json.loads(lines[0])
        change(summary)
        if reseal:
            raw = msgspec.Raw(json.dumps(summary).encode())
            first = entry_line(game_id, identity, file_digest, raw)
        else:
            rest = json.dumps([game_id, identity, file_digest, summary], separators=(",", ":"))
            first = b'["' + seal.encode() + b'",' + rest.encode()[1:] + b"\n"
        return [first, *lines[1:]]

    return edit


def at(field, value, side=None):
    def change(summary):
        if side is None:
            summary[field] = value
        else:
            summary[SIDES][side][field] = value

    return change


def every_side(field, value):
    def change(summary):
        for s in summary[SIDES]:
            s[field] = value

    return change


def outcome(over, winner, draw):
    def change(summary):
        summary[OVER], summary[WINNER], summary[DRAW] = over, winner, draw

    return change


IMPOSSIBLE = {
    "hands past the most a game holds": at(HANDS, MAX_HANDS + 1),
    "a side's hands past the most a game holds": at(S_HANDS, MAX_HANDS + 1, side=0),
    "a draw with a winner": outcome(True, 0, True),
    "a winner in a game not over": outcome(False, 0, False),
    "a draw in a game not over": outcome(False, None, True),
    "more red threes than any game gives": at(S_THREES, MAX_HANDS * MAX_RED_THREES_A_HAND + 1, 0),
    "more canastas than any game makes": at(
        S_CANASTAS, {"natural": MAX_HANDS * MAX_CANASTAS_A_HAND + 1}, side=0
    ),
    "more points than its best hand": at(S_POINTS, 701, side=0),
    "no best hand after a hand": every_side(S_BEST, None),
    # sides no game seats (round 9): none, seven, a side of 13 players, a name of nothing
    "no side": at(SIDES, []),
    "seven sides": lambda summary: summary[SIDES].extend([summary[SIDES][1]] * 5),
    "a side of 13 players": at(PLAYERS, [f"P{n}" for n in range(13)], side=1),
    "a side named with nothing": at(NAME, "", side=1),
}
#: Figures past what the line's own hands give: looked at line by line wherever a line is
#: read alone (a scan of the games folder, the first page), and by the count of statistics
#: as a whole (a line-up's figures past what its hands give), not line by line in a listing
#: or a count (they would cost a whole-history read at 100,000 games a tenth more).
PAST_ITS_HANDS = {
    "more red threes than one hand gives": at(S_THREES, MAX_RED_THREES_A_HAND + 1, side=0),
    "more canastas than one hand makes": at(
        S_CANASTAS, {"natural": MAX_CANASTAS_A_HAND + 1}, side=0
    ),
    "a side's hands not its game's": at(S_HANDS, 2, side=0),
}
#: Sides no game seats, looked at where a line is read alone (as PAST_ITS_HANDS).
UNSEATED = {
    "two sides of one name": at(NAME, "Ann", side=1),
    "a player named with spaces": at(PLAYERS, ["  "], side=1),
    "13 players in all": lambda summary: [
        summary[SIDES][0].__setitem__(PLAYERS, [f"P{n}" for n in range(7)]),
        summary[SIDES][1].__setitem__(PLAYERS, [f"Q{n}" for n in range(6)]),
    ],
}
CASES = [
    pytest.param(change, reseal, id=f"{name}, {'resealed' if reseal else 'CRC only'}")
    for name, change in IMPOSSIBLE.items()
    for reseal in (True, False)
]


def ann(cli, db):
    db.with_name(db.name + ".stats.json").unlink(missing_ok=True)  # counted from the index
    teams = cli.json("stats")["teams"]
    return next(t for t in teams if t["team"] == "Ann")


@pytest.mark.parametrize(("change", "reseal"), CASES)
def test_a_line_with_figures_no_game_has_is_not_believed(cli, db, games, change, reseal):  # noqa: F811
    rewrite(db, edited(change, reseal))
    assert cli.json("games", "--all")["games"] == games
    rewrite(db, edited(change, reseal))
    assert cli.json("games", "--player", "Ann")["games"] == games
    rewrite(db, edited(change, reseal))
    found = ann(cli, db)
    assert (found["games"], found["hands"], found["best_hand"]) == (6, 6, 700)
    assert (found["red_threes"], found["canastas"]) == (0, {"natural": 6})
    assert found["average_hand"] == 700


@pytest.mark.parametrize("change", UNSEATED.values(), ids=UNSEATED.keys())
def test_a_scan_does_not_keep_a_line_of_sides_no_game_seats(cli, db, games, change):  # noqa: F811
    rewrite(db, edited(change, reseal=True))
    folder = db.with_name(db.name + ".games")
    os.utime(folder, ns=(time.time_ns(), time.time_ns()))  # changed: each line looked at again
    assert cli.json("games", "--all")["games"] == games


@pytest.mark.parametrize("change", PAST_ITS_HANDS.values(), ids=PAST_ITS_HANDS.keys())
def test_a_scan_does_not_keep_a_line_past_its_hands(cli, db, games, change):  # noqa: F811
    rewrite(db, edited(change, reseal=True))
    folder = db.with_name(db.name + ".games")
    os.utime(folder, ns=(time.time_ns(), time.time_ns()))  # changed: each line looked at again
    found = ann(cli, db)
    assert (found["games"], found["hands"], found["best_hand"]) == (6, 6, 700)
    assert (found["red_threes"], found["canastas"]) == (0, {"natural": 6})
    rest = [json.loads(line) for line in db.with_name(db.name + ".index.json").open("rb")][1:]
    newest = rest[0][4][SIDES][0]  # summarised again from its file
    assert (newest[S_HANDS], newest[S_THREES], newest[S_CANASTAS]) == (1, 0, {"natural": 1})


def test_a_side_counts_its_games_hands(cli, db, games):  # noqa: F811
    """A side's own hand count in a line is never what statistics count: every side scores
    every hand, so its hands are its game's."""
    rewrite(db, edited(at(S_HANDS, 400, side=0), reseal=True))
    assert ann(cli, db)["hands"] == 6

"""The statistics cache is sealed (issue 18: `stats` showed what a hand-edited
`<database>.stats.json` said: 7 games and a best hand of 88,888 for a side that played one hand
of 700, a line-up no game has, named with markup and a terminal escape; a value of the wrong
type was an "unexpected internal error").

Format 2: a header line with the seal of the rest; a cache whose seal does not match is counted
again from the summaries, so `stats` shows what the game files hold.
"""

from __future__ import annotations

import json

import pytest

#: Classic (RULES.md §2): 100 melded + 500 for a natural canasta + 100 for going out = 700.
ANN_HAND, ANN_POINTS = "m=100 nat=1 out", 700


def cache_of(db):
    return db.with_name(db.name + ".stats.json")


def record(cli, name):
    rows = cli.json("stats")["teams"]
    return next(r for r in rows if r["team"] == name)


@pytest.mark.parametrize("edit", ["figures", "ghost", "wrong type", "cut short"])
def test_a_hand_edited_statistics_cache_is_never_believed(cli, db, edit):
    assert cli("new", "classic", "--team", "Ann", "--team", "Bob").exit_code == 0
    assert cli("hand", "--yes", ANN_HAND, "m=50").exit_code == 0
    assert record(cli, "Ann")["best_hand"] == ANN_POINTS  # counted, and the cache written
    cache = cache_of(db)
    head, _, body = cache.read_bytes().partition(b"\n")
    data = json.loads(body)
    row = next(r for r in data["lineups"] if r[1] == "Ann")
    if edit == "figures":
        row[3][1:4] = [7, 7, 7]  # games, finished, wins
        row[3][6] = 88888  # best hand
    elif edit == "ghost":
        data["lineups"].append(["classic", "[bold red]Ghost[/]\x1b[31m", [], row[3]])
    elif edit == "wrong type":
        row[3][1] = "x"
    new_body = json.dumps(data).encode()
    cache.write_bytes(head + b"\n" + (new_body[:-5] if edit == "cut short" else new_body))
    result = cli("stats", "--json")
    assert result.exit_code == 0, result.output
    sides = {r["team"]: r for r in json.loads(result.stdout)["teams"]}
    assert set(sides) == {"Ann", "Bob"}
    ann = sides["Ann"]
    assert (ann["games"], ann["hands"], ann["best_hand"]) == (1, 1, ANN_POINTS)
    plain = cli("stats")
    assert plain.exit_code == 0 and "Ghost" not in plain.output and "\x1b" not in plain.output

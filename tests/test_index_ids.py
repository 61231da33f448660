"""An index line sealed again by hand (its header's CRC-32 computed again, the games folder
untouched) whose id is not a whole number from 1 to the bound of every number (1,000,000,000),
is not below the line before it, or repeats another line's, is not believed: the games come
from their files, every one listed once under its own id (issue 18, red team: id 2**80 made
`games --all`, `games --player`, `games --since` and `stats` an "unexpected internal error";
id 99999999999 listed a game that does not exist and hid game 1; id -1 listed game 1 as -1).

An index resealed consistently with other ids within the bounds (an id with no game file, a
line left out with the count changed to match) is believed: the games folder is not listed to
vouch for each id, as that would cost a whole-history read of 100,000 games about a tenth of
a second. The documented gap (README, the caches paragraph), kept here as expected failures."""

from __future__ import annotations

import json

import pytest

from scorekeeper.storage.index import seal
from tests.test_index_intact import games, rewrite  # noqa: F401 - games: a fixture

BOUND = 1_000_000_000
#: An index resealed consistently by hand, the games folder untouched (module doc).
GAP = pytest.mark.xfail(strict=True, reason="a consistently resealed index is believed")


def with_id(line: bytes, game_id) -> bytes:
    """``line`` with its id set to ``game_id`` (any JSON value), sealed again as the index
    seals a line (:func:`scorekeeper.storage.index.seal` of the bytes after the seal)."""
    _seal, _id, identity, file_digest, summary = json.loads(line)
    rest = json.dumps([game_id, identity, file_digest, summary], separators=(",", ":"))
    sealed = rest.encode()[1:]
    return b'["' + seal(sealed) + b'",' + sealed + b"\n"


def relabelled(at: int, game_id):
    """The change giving line ``at`` (0: the newest game, game 6) the id ``game_id``."""
    return lambda lines: [with_id(x, game_id) if i == at else x for i, x in enumerate(lines)]


CHANGES = {
    "2**80 (the red team's)": relabelled(0, 2**80),
    "99999999999 (the red team's)": relabelled(0, 99_999_999_999),
    "one past the bound": relabelled(0, BOUND + 1),
    "-1 for game 1 (the red team's)": relabelled(5, -1),
    "0 for game 1": relabelled(5, 0),
    "7, past the next game id, with no game file": relabelled(0, 7),
    "game 5's line as game 4's": pytest.param(
        lambda lines: [with_id(x, 4) if i == 1 else x for i, x in enumerate(lines) if i != 2],
        marks=GAP,
    ),
    "game 4's line first as game 5's, then game 5's": lambda lines: [
        lines[0],
        with_id(lines[2], 5),
        *lines[1:],
    ],
    "a line left out": pytest.param(
        lambda lines: [x for i, x in enumerate(lines) if i != 2], marks=GAP
    ),
}


@pytest.mark.parametrize("change", CHANGES.values(), ids=CHANGES.keys())
def test_a_line_whose_id_is_no_game_files_is_not_believed(cli, db, games, change):  # noqa: F811
    rewrite(db, change)
    listed = cli.json("games", "--all")["games"]
    assert [g["game"] for g in listed] == [6, 5, 4, 3, 2, 1]
    assert listed == games
    for args in (["games", "--all"], ["games", "--player", "Ann"], ["games", "--since", "1d"]):
        result = cli(*args)
        assert result.exit_code == 0, result.output
        assert "unexpected" not in result.output
    db.with_name(db.name + ".stats.json").unlink(missing_ok=True)  # counted from the index
    result = cli("stats", "--json")
    assert result.exit_code == 0, result.output
    ann = next(t for t in json.loads(result.stdout)["teams"] if t["team"] == "Ann")
    # six games of one hand of 100 melded + 500 for a natural canasta + 100 for going out
    # (RULES.md §2)
    assert (ann["games"], ann["hands"], ann["best_hand"]) == (6, 6, 700)


@pytest.mark.parametrize("change", CHANGES.values(), ids=CHANGES.keys())
def test_the_first_page_and_a_filtered_list_name_every_game_once(cli, db, games, change):  # noqa: F811
    rewrite(db, change)
    assert cli.json("games", "--player", "Ann")["games"] == games  # Ann plays in every game
    rewrite(db, change)
    assert cli.json("games")["games"] == games

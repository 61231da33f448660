"""Filtered ``games`` and ``games --all --json`` read only what a listing shows from each
sealed index line and test the filters on it before anything is made for a game (issue 17,
whole-history work): which games match and how many is what README's ``games`` section says,
whether the index is read as written or the folder is revalidated."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from scorekeeper.storage.index import listing

#: Classic with a target of 600: one hand of 100 melded + 500 for a natural canasta + 100 for
#: going out (RULES.md §2) is 700, so its side wins at once.
LOW_TARGET = ("--set", "target=600")
WINNING_HAND = ("m=100 nat=1 out", "m=50")


def make_history(cli) -> None:
    """Game 1: Ann & Bob won; 2: Cat plays Dan, no hand; 3: Ann plays Eve, deleted; 4: Bob plays
    Cat, playing after one hand below the target."""
    new = ("new", "classic")
    assert cli(*new, "--team", "Ann & Bob", "--team", "Cat", *LOW_TARGET).exit_code == 0
    assert cli("hand", *WINNING_HAND).exit_code == 0
    assert cli(*new, "--team", "Cat", "--team", "Dan").exit_code == 0
    assert cli(*new, "--team", "Ann", "--team", "Eve").exit_code == 0
    assert cli("delete", "3", "--yes").exit_code == 0
    assert cli(*new, "--team", "Bob", "--team", "Cat").exit_code == 0
    assert cli("hand", "m=50", "m=50").exit_code == 0


def listed(cli, *args: str) -> list[int]:
    return [g["game"] for g in cli.json("games", *args)["games"]]


CASES = [
    ((), [4, 2, 1]),
    (("--status", "won"), [1]),
    (("--status", "finished"), [1]),
    (("--status", "playing"), [4, 2]),
    (("--status", "draw"), []),
    (("--status", "deleted"), [3]),
    (("--status", "all"), [4, 3, 2, 1]),
    (("--player", " ann "), []),  # game 3 is deleted; "Ann & Bob" is another name
    (("--player", "ANN", "--status", "all"), [3]),
    (("--player", "cat"), [4, 2, 1]),
    (("--player", "ann & bob"), [1]),  # a side's name, any case
    (("--player", "Eve"), []),
    (("--variant", "classic", "--status", "playing", "--player", "Dan"), [2]),
    (("--variant", "samba"), []),
    (("--since", "2000-01-01"), [4, 2, 1]),
    (("--since", "2999-01-01"), []),
]


@pytest.mark.parametrize(("args", "ids"), CASES)
def test_each_filter_lists_the_games_readme_says(cli, db, args, ids):
    make_history(cli)
    assert listed(cli, "--all", *args) == ids
    if args:  # the page of a filter, read from the same listing
        assert listed(cli, *args) == ids


@pytest.mark.parametrize(("args", "ids"), CASES[:4])
def test_the_same_games_when_the_folder_is_revalidated(cli, db, args, ids):
    make_history(cli)
    listed(cli, "--all")  # the index written
    folder = db.with_name(db.name + ".games")
    later = time.time_ns()
    os.utime(folder, ns=(later, later))  # changed since the scan: every file looked at again
    assert listed(cli, "--all", *args) == ids


def test_the_page_counts_every_match_beyond_its_limit(cli, db):
    make_history(cli)
    result = cli("games", "--player", "cat", "--limit", "1")
    assert result.exit_code == 0
    assert "Showing the newest 1 of 3 games" in result.output


def test_a_listing_gives_only_what_keep_accepts_newest_first(cli, db: Path):
    make_history(cli)
    listed(cli, "--all")  # the index written and settled
    seen: list[str] = []

    def keep(summary) -> bool:
        seen.append(summary.variant)
        return summary.hands > 0 and not summary.deleted

    games = list(listing(db, keep))
    assert [g.id for g in games] == [4, 1]
    assert seen == ["classic"] * 4  # every game looked at once
    assert [s.name for s in games[1].sides] == ["Ann & Bob", "Cat"]
    assert games[1].winner == "Ann & Bob"
    assert games[0].status == "playing"

"""An index whose lines are intact (the digest in its header matches every byte after it) has
no line's seal looked at, and no line's texts when every byte is plain; written so by hand, it
still gives what its game files say: a summary with text no input may hold is not believed (its
game is summarised from its file), and a blank line, a line cut short or a line without its
line break is damage, after which the games come from a rebuilt index (issue 17; issue 18,
"index lines held to the text checks")."""

from __future__ import annotations

import json
import os
import time
import zlib
from hashlib import blake2b
from pathlib import Path

import pytest

from scorekeeper.storage import index as summaries_index
from scorekeeper.storage.index import entry_line


def index_path(db: Path) -> Path:
    return db.with_name(db.name + ".index.json")


def make_games(cli, count: int) -> None:
    """Games 1..count: Ann against "Team N", one hand each (classic, RULES.md §2)."""
    for n in range(count):
        assert cli("new", "classic", "--team", "Ann", "--team", f"Team {n}").exit_code == 0
        assert cli("hand", "m=100 nat=1 out", "m=50").exit_code == 0


def rewrite(db: Path, change, legacy: bool = False) -> None:
    """Change the index's lines (a list of bytes, each with its line break) with ``change``,
    then write its header again with the CRC-32 of the new lines (``legacy``: their BLAKE2b
    digest, as an index written before held), as the index itself would: every line is then
    read as intact."""
    index = index_path(db)
    first, _, body = index.read_bytes().partition(b"\n")
    header = json.loads(first)
    lines = change(body.splitlines(keepends=True))
    body = b"".join(lines)
    if legacy:
        header["lines"] = blake2b(body, digest_size=16).hexdigest()
    else:
        header["lines"] = f"{zlib.crc32(body):08x}"
    head = json.dumps(header, separators=(",", ":")).encode().ljust(len(first))
    index.write_bytes(head + b"\n" + body)


def resealed(line: bytes, side_name: str) -> bytes:
    """``line`` with its first side's name set to ``side_name``, sealed again."""
    _seal, game_id, identity, file_digest, summary = json.loads(line)
    summary[9][0][0] = side_name
    import msgspec

    raw = msgspec.Raw(json.dumps(summary, ensure_ascii=False).encode())
    return entry_line(game_id, identity, file_digest, raw)


@pytest.fixture
def intact(monkeypatch):
    """What each look at the index's digest found: (intact, plain)."""
    found: list[tuple[bool, bool]] = []
    look = summaries_index._lines_intact

    def recorded(handle, header):
        found.append(look(handle, header))
        return found[-1]

    monkeypatch.setattr(summaries_index, "_lines_intact", recorded)
    return found


@pytest.fixture
def games(cli, db):
    make_games(cli, 6)
    folder = db.with_name(db.name + ".games")
    long_ago = time.time_ns() - 3_600 * 10**9
    os.utime(folder, ns=(long_ago, long_ago))  # no change for an hour: the scan vouches for it
    truth = cli.json("games", "--all")["games"]  # the index written, its lines intact
    assert [g["teams"][1]["team"] for g in truth] == [f"Team {n}" for n in range(5, -1, -1)]
    return truth


def test_an_index_holding_the_blake2b_digest_of_its_lines_is_read_as_intact(cli, db, games, intact):
    rewrite(db, lambda lines: lines, legacy=True)
    assert cli.json("games", "--all")["games"] == games
    assert intact == [(True, True)]


def test_an_intact_plain_index_gives_every_game(cli, db, games, intact):
    assert cli.json("games", "--all")["games"] == games
    assert intact == [(True, True)]
    db.with_name(db.name + ".stats.json").unlink(missing_ok=True)  # counted again
    ann = next(t for t in cli.json("stats")["teams"] if t["team"] == "Ann")
    # six hands of 100 melded + 500 for a natural canasta + 100 for going out (RULES.md §2)
    assert (ann["games"], ann["hands"], ann["best_hand"]) == (6, 6, 700)
    assert ann["canastas"] == {"natural": 6}


@pytest.mark.parametrize("name", ["\x1b[2JAnn", "Ann\u202e", "Ann\x7f"])
def test_a_line_with_odd_text_in_an_intact_index_is_not_believed(cli, db, games, intact, name):
    rewrite(db, lambda lines: [resealed(x, name) if i == 3 else x for i, x in enumerate(lines)])
    assert cli.json("games", "--all")["games"] == games
    assert intact == [(True, False)]
    shown = cli("games", "--all")
    assert shown.exit_code == 0
    assert "\x1b" not in shown.output and "\u202e" not in shown.output
    assert "\x7f" not in shown.output


@pytest.mark.parametrize(
    "change",
    [
        lambda lines: [*lines[:2], b"\n", *lines[2:]],  # a blank line
        lambda lines: [*lines[:2], lines[2][:40] + b"\n", *lines[3:]],  # a line cut short
        lambda lines: [*lines[:-1], lines[-1].rstrip(b"\n")],  # no line break at the end
        lambda lines: [lines[0].rstrip(b"\n"), *lines[1:]],  # two lines run together
    ],
    ids=["blank-line", "cut-short", "no-last-line-break", "run-together"],
)
def test_damage_in_an_intact_looking_index_still_gives_every_game(cli, db, games, intact, change):
    rewrite(db, change)
    assert cli.json("games", "--all")["games"] == games
    assert intact[0][0], "the index was not read as intact"
    assert cli.json("games", "--all")["games"] == games  # and again, from the rebuilt index


def test_a_side_whose_hand_scores_add_up_past_the_bound_keeps_its_index_line(cli, db):
    # red team round 17: a start score of -1,000,000,000 and two hands of 1,000,000,000 end at
    # a total of 1,000,000,000, within every bound, but the index line's sum of hand scores
    # (2,000,000,000) passed the index's own bound: its reader refused the line it wrote
    from scorekeeper.storage import index
    from scorekeeper.storage.files import index_file

    args = ["new", "classic", "--team", "A", "--team", "B", "--target", "1000000000"]
    args += ["--start-score", "-1000000000", "--start-score", "0"]
    assert cli(*args, "--set", "canastas.natural.bonus=999999965").exit_code == 0
    for _ in range(2):
        assert cli("hand", "--yes", "m=35 nat=1", "m=0").exit_code == 0
    assert cli("stats").exit_code == 0
    line = index_file(db).read_bytes().split(b"\n")[1] + b"\n"
    entry = index._read_line(line)
    assert isinstance(entry, index.IndexEntry), entry
    assert entry.summary.sides[0].points == 2_000_000_000

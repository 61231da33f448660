"""A summary in the index is believed only while its seal ties it to its game and the digest of
its game file, and only within the bounds every input is held to (issue 18, "hand-edited
summaries"): a summary edited by hand (a total, a name, the variant, the winner, a summary moved
to another game) or past the bounds shows what the game file says, in ``games``, ``games
--json`` and ``stats --json``, and the index is written again sealed. An index of the earlier
format (no seals) is rebuilt from the game files."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from scorekeeper.domain.limits import MAX_NAME, MAX_NUMBER, MAX_TEXT
from scorekeeper.storage.index import FORMAT, summaries

#: Classic (RULES.md §2): 100 points melded + 500 for a natural canasta + 100 for going out.
ANN_HAND, ANN_TOTAL = "m=100 nat=1 out", 700
#: The other side melds 50 points.
OTHER_HAND, OTHER_TOTAL = "m=50", 50


def index_path(db: Path) -> Path:
    return db.with_name(db.name + ".index.json")


def stats_path(db: Path) -> Path:
    return db.with_name(db.name + ".stats.json")


def make_games(cli, count: int) -> None:
    """Games 1..count: Ann against "Team N", one hand each (Ann 700, Team N 50)."""
    for n in range(count):
        assert cli("new", "classic", "--team", "Ann", "--team", f"Team {n}").exit_code == 0
        assert cli("hand", ANN_HAND, OTHER_HAND).exit_code == 0


def read_index(db: Path) -> tuple[dict, list[list]]:
    header, *lines = [json.loads(x) for x in index_path(db).read_text().splitlines()]
    return header, lines


def write_index(db: Path, header: dict, lines: list[list]) -> None:
    """The index as given, as a hand would write it (valid JSON), the folder taken as settled
    (the index is then believed as it is, as in ``tests/test_storage_caches.py``)."""
    header = {**header, "checked_ns": header["checked_ns"] + 10**12}
    text = "".join(json.dumps(x, separators=(",", ":")) + "\n" for x in (header, *lines))
    index_path(db).write_text(text, encoding="utf-8")


def sealed(line: list) -> list:
    """``line`` with the seal the module documents: BLAKE2b (8 bytes, hex) of the line's bytes
    after the seal, as written (compact JSON), up to the line break."""
    rest = json.dumps(line[1:], separators=(",", ":"), ensure_ascii=False).encode()[1:]
    return [hashlib.blake2b(rest, digest_size=8).hexdigest(), *line[1:]]


def build_index(cli, db: Path) -> None:
    """Build the index as ``games`` does, and drop the statistics cache, so ``stats`` counts
    from the index's summaries."""
    assert cli("games", "--all").exit_code == 0
    stats_path(db).unlink(missing_ok=True)


def edited(cli, db: Path, game_id: int, edit):
    """Edit game ``game_id``'s summary in the index with ``edit``; returns a function that puts
    the edited index back (and drops the statistics cache), to call before each command: a
    command that meets the edited line writes the index again."""
    build_index(cli, db)
    header, lines = read_index(db)
    (line,) = [x for x in lines if x[1] == game_id]
    edit(line[4])
    write_index(db, header, lines)
    text = index_path(db).read_bytes()

    def again():
        index_path(db).write_bytes(text)
        stats_path(db).unlink(missing_ok=True)

    return again


def game_json(cli, game_id: int, *args: str) -> dict:
    (found,) = [g for g in cli.json("games", *args)["games"] if g["game"] == game_id]
    return found


def team_stats(cli, name: str) -> dict | None:
    found = [t for t in cli.json("stats")["teams"] if t["team"] == name]
    return found[0] if found else None


# -- edited by hand ----------------------------------------------------------------------------


@pytest.mark.parametrize("listing", [(), ("--all",), ("--variant", "classic")])
def test_a_total_edited_by_hand_shows_the_game_files_total(cli, db, listing):
    make_games(cli, 3)

    def edit(summary):
        summary[9][0][2] = 123456  # Ann's total
        summary[9][0][4] = 123456  # and the points statistics sum

    again = edited(cli, db, 2, edit)
    assert game_json(cli, 2, *listing)["teams"][0]["total"] == ANN_TOTAL
    again()
    plain = cli("games", *listing).stdout
    assert "123,456" not in plain and "123456" not in plain and "700" in plain
    again()
    assert team_stats(cli, "Ann")["average_hand"] == ANN_TOTAL  # every hand of Ann's: 700


def test_a_total_edited_by_hand_in_every_game_is_counted_from_the_files(cli, db):
    make_games(cli, 2)
    build_index(cli, db)
    header, lines = read_index(db)
    for line in lines:
        line[4][9][0][4] = 999  # the points of every Ann
        line[4][9][0][5] = 999  # and her best hand
    write_index(db, header, lines)
    ann = team_stats(cli, "Ann")
    assert (ann["games"], ann["hands"], ann["best_hand"]) == (2, 2, ANN_TOTAL)


def test_a_name_edited_by_hand_shows_the_game_files_name(cli, db):
    make_games(cli, 3)

    def edit(summary):
        summary[9][1][0] = "Mallory"  # Team 1's name

    again = edited(cli, db, 2, edit)
    assert [t["team"] for t in game_json(cli, 2, "--all")["teams"]] == ["Ann", "Team 1"]
    again()
    assert "Mallory" not in cli("games").stdout
    again()
    assert cli.json("games", "--player", "mallory")["games"] == []
    again()
    assert team_stats(cli, "Mallory") is None
    again()
    assert team_stats(cli, "Team 1")["hands"] == 1


def test_a_variant_edited_by_hand_shows_the_game_files_variant(cli, db):
    make_games(cli, 2)

    def edit(summary):
        summary[2] = "samba"

    again = edited(cli, db, 1, edit)
    assert cli.json("games", "--variant", "samba")["games"] == []
    again()
    assert game_json(cli, 1, "--all")["variant"] == "classic"
    again()
    assert [g["game"] for g in cli.json("games", "--variant", "classic")["games"]] == [2, 1]


def test_a_winner_edited_by_hand_shows_the_game_still_playing(cli, db):
    make_games(cli, 2)

    def edit(summary):
        summary[6], summary[7] = True, 1  # over, won by the second side
        summary[1] = "2026-01-02T00:00:00+00:00"  # finished

    again = edited(cli, db, 1, edit)
    assert team_stats(cli, "Team 0")["wins"] == 0
    again()
    # one hand of 700 is far from classic's 5,000 (RULES.md §2): the game goes on
    game = game_json(cli, 1, "--all")
    assert (game["status"], game["winner"], game["finished"]) == ("playing", None, None)
    again()
    assert cli.json("games", "--status", "won")["games"] == []
    again()
    assert "Team 0" not in cli("games", "--status", "finished").stdout


def test_a_date_edited_by_hand_shows_the_game_files_date(cli, db):
    make_games(cli, 2)
    created = game_json(cli, 1, "--all")["created"]

    def edit(summary):
        summary[0] = "1999-01-01T00:00:00+00:00"

    again = edited(cli, db, 1, edit)
    assert game_json(cli, 1, "--all")["created"] == created
    again()
    assert [g["game"] for g in cli.json("games", "--since", "2000-01-01")["games"]] == [2, 1]


def test_summaries_moved_to_other_games_show_each_games_own(cli, db):
    make_games(cli, 3)
    build_index(cli, db)
    header, lines = read_index(db)
    lines[0][4], lines[2][4] = lines[2][4], lines[0][4]  # games 3 and 1 trade summaries
    write_index(db, header, lines)
    teams = {g["game"]: g["teams"][1]["team"] for g in cli.json("games", "--all")["games"]}
    assert teams == {3: "Team 2", 2: "Team 1", 1: "Team 0"}


def test_a_digest_edited_by_hand_is_a_damaged_line(cli, db, scored):
    make_games(cli, 2)
    build_index(cli, db)
    header, lines = read_index(db)
    lines[0][3] = "0" * 32
    lines[0][4][9][0][2] = 5  # with a total the file never had
    write_index(db, header, lines)
    scored.clear()
    assert game_json(cli, 2, "--all")["teams"][0]["total"] == ANN_TOTAL
    assert scored == [2]


def test_an_edited_line_is_summarised_once_and_written_again_sealed(cli, db, scored):
    make_games(cli, 3)

    def edit(summary):
        summary[9][0][2] = 1

    edited(cli, db, 2, edit)
    scored.clear()
    assert game_json(cli, 2, "--all")["teams"][0]["total"] == ANN_TOTAL
    assert scored == [2]  # the one edited game, from its file
    _, lines = read_index(db)
    assert [x[1] for x in lines] == [3, 2, 1]
    assert all(x == sealed(x) for x in lines)  # every line sealed again
    assert lines[1][4][9][0][2] == ANN_TOTAL
    scored.clear()
    assert game_json(cli, 2, "--all")["teams"][0]["total"] == ANN_TOTAL
    assert scored == []


def test_a_line_sealed_as_documented_is_believed(cli, db):
    """The seal is what ties a summary to its game: a line sealed as the module describes
    (what the program writes) is used as it is while the games folder is unchanged."""
    make_games(cli, 2)
    build_index(cli, db)
    header, lines = read_index(db)
    lines[1][4][3] = "sealed label"
    lines[1] = sealed(lines[1])
    write_index(db, header, lines)
    assert game_json(cli, 1, "--all")["label"] == "sealed label"
    assert [s.label for s in summaries(db)] == ["", "sealed label"]


# -- past the bounds ---------------------------------------------------------------------------


def too_long_name(summary):
    summary[9][0][0] = "A" * (MAX_NAME + 1)


def too_long_player(summary):
    summary[9][0][1] = ["P" * (MAX_NAME + 1)]


def too_long_label(summary):
    summary[3] = "L" * (MAX_TEXT + 1)


def too_large_total(summary):
    summary[9][0][2] = MAX_NUMBER + 1


def too_small_total(summary):
    summary[9][1][2] = -(10**100)  # a number past every bound


def negative_hands(summary):
    summary[4] = -1


def winner_past_the_sides(summary):
    summary[6], summary[7] = True, 2  # there are two sides: 0 and 1


def too_many_canastas(summary):
    summary[9][0][7] = {"natural": MAX_NUMBER + 1}


@pytest.mark.parametrize(
    "edit",
    [
        too_long_name,
        too_long_player,
        too_long_label,
        too_large_total,
        too_small_total,
        negative_hands,
        winner_past_the_sides,
        too_many_canastas,
    ],
)
def test_a_sealed_summary_past_the_bounds_shows_the_game_file(cli, db, edit, scored):
    make_games(cli, 2)
    build_index(cli, db)
    header, lines = read_index(db)
    edit(lines[1][4])
    lines[1] = sealed(lines[1])  # sealed: only the bounds can refuse it
    write_index(db, header, lines)
    scored.clear()
    for args in ((), ("--all",), ("--variant", "classic")):
        game = game_json(cli, 1, *args)
        assert game["teams"] == [
            {"team": "Ann", "players": [], "total": ANN_TOTAL},
            {"team": "Team 0", "players": [], "total": OTHER_TOTAL},
        ]
        assert (game["label"], game["hands_played"], game["status"]) == ("", 1, "playing")
    assert set(scored) == {1}
    ann = team_stats(cli, "Ann")
    assert (ann["games"], ann["best_hand"], ann["canastas"]) == (2, ANN_TOTAL, {"natural": 2})
    assert [s.sides[0].total for s in summaries(db)] == [ANN_TOTAL, ANN_TOTAL]


# -- the format ------------------------------------------------------------------------------


def test_the_index_is_of_the_sealed_format(cli, db):
    make_games(cli, 2)
    build_index(cli, db)
    header, lines = read_index(db)
    assert header["format"] == FORMAT == 3 and header["count"] == 2
    assert [x[1] for x in lines] == [2, 1]
    assert all(x == sealed(x) for x in lines)


def test_an_index_of_format_2_is_rebuilt_and_its_edited_summaries_not_believed(cli, db, scored):
    make_games(cli, 3)
    build_index(cli, db)
    before = cli.json("games", "--all")
    header, lines = read_index(db)
    old = [x[1:] for x in lines]  # format 2: [id, identity, digest, summary], no seal
    old[0][3][9][0][0] = "EVIL"  # game 3's first side renamed, its total made up
    old[0][3][9][0][2] = 999_999
    text = json.dumps({**header, "format": 2}) + "\n"
    index_path(db).write_text(text + "".join(json.dumps(x) + "\n" for x in old))
    scored.clear()
    assert cli.json("games", "--all") == before  # what the game files say
    assert sorted(scored) == [1, 2, 3]  # no seal: every game summarised from its file
    header, lines = read_index(db)
    assert header["format"] == 3 and all(x == sealed(x) for x in lines)


def test_a_header_whose_digest_of_the_lines_is_edited_still_believes_each_sealed_line(
    cli, db, scored
):
    make_games(cli, 3)
    build_index(cli, db)
    before = cli.json("games", "--all")
    header, lines = read_index(db)
    assert len(header["lines"]) == 8  # the CRC-32 of every line after the header
    write_index(db, {**header, "lines": "0" * 8}, lines)
    scored.clear()
    assert cli.json("games", "--all") == before
    assert scored == []  # each line's own seal vouches for it

"""The score pad (``show``): one line per hand with each side's hand score, running total and
the opening minimum that applied, the dealer and a mark for a note; a header with the sides,
target and outcome; a footer with the next minimums and dealer while the game is open, which
``status`` ends with too (issue 12, item 1).

Scores from RULES.md §2 (classic): the first side melds 120 and keeps 10 in hand every hand,
120 - 10 = 110; the last side melds 90 with one red three and keeps 25, 90 + 100 - 25 = 165;
a side between them scores nothing. Opening minimums from RULES.md §3 (classic), looked up
from the total before the hand: 50 from 0 to 1,495, 90 from 1,500 to 2,995. Seats alternate
between the sides (Ann, Cat, Bob, Dan with two sides) and the deal passes to the left.
"""

from __future__ import annotations

import io

import pytest
from rich.console import Console
from test_review import fixed_console
from test_sheet_layout import play

from scorekeeper.presentation import formats

SEATS_2 = ("Ann", "Cat", "Bob", "Dan")
SEATS_4 = ("Ann", "Cat", "Eve", "Gil", "Bob", "Dan", "Fay", "Hal")


def minimum(total_before: int) -> str:
    """Classic's opening minimum at a total (RULES.md §3), below 3,000."""
    return "50" if 0 <= total_before < 1500 else "90"


def expected_row(k: int, sides: int, seats: tuple[str, ...]) -> list[str]:
    """Hand ``k`` of the module doc's game as the pad prints it, split at spaces."""
    row = [str(k), seats[(k - 1) % len(seats)]]
    for side in range(sides):
        score = 110 if side == 0 else 165 if side == sides - 1 else 0
        row += [f"{score:,}", f"{score * k:,}", minimum(score * (k - 1))]
    return row


def pad_rows(output: str) -> list[list[str]]:
    """The pad's rows under its headers' rule, split at spaces, up to the first line that is
    not a row (a note, the footer)."""
    lines = output.splitlines()
    rule = next(i for i, line in enumerate(lines) if set(line.strip()) <= {"─", "-"} and line)
    rows = []
    for line in lines[rule + 1 :]:
        if not line.strip() or not line.split()[0].rstrip("*").isdigit() or "Note:" in line:
            break
        rows.append(line.split())
    return rows


def test_two_sides_fit_60_columns_one_line_per_hand(cli, monkeypatch):
    play(cli, 2, hands=12)
    fixed_console(monkeypatch, 60, terminal=False)
    result = cli("show")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert max(len(line) for line in lines) <= 60
    assert pad_rows(result.stdout) == [expected_row(k, 2, SEATS_2) for k in range(1, 13)]
    # after 12 hands: 1,320 (below 1,500: 50) and 1,980 (90); hand 13 is Ann's deal again
    assert lines[-2:] == ["Next opening minimum: Ann & Bob 50 · Cat & Dan 90", "Next dealer: Ann"]


def test_the_header_names_the_game_the_sides_the_target_and_the_outcome(cli, monkeypatch):
    play(cli, 2, hands=1)
    fixed_console(monkeypatch, 80, terminal=False)
    lines = cli("show").stdout.splitlines()
    assert lines[0] == "Game 1 · Classic Canasta · target 5,000"
    assert lines[1] == "Ann & Bob (Ann, Bob) vs Cat & Dan (Cat, Dan)"
    assert lines[2] == "Playing, 1 hand played"
    header = "hand dealer Ann & Bob total min Cat & Dan total min"
    assert lines[3].split() == header.split()


def test_a_twelve_hand_game_fits_about_25_lines_at_80_columns(cli, monkeypatch):
    play(cli, 2, hands=12, note="Bob misdealt and dealt again")
    fixed_console(monkeypatch, 80, terminal=False)
    lines = cli("show").stdout.splitlines()
    assert len(lines) <= 25
    assert max(len(line) for line in lines) <= 80


def test_four_sides_fit_100_columns(cli, monkeypatch):
    play(cli, 4, hands=9)
    fixed_console(monkeypatch, 100, terminal=False)
    result = cli("show")
    assert result.exit_code == 0, result.output
    assert max(len(line) for line in result.stdout.splitlines()) <= 100
    assert pad_rows(result.stdout) == [expected_row(k, 4, SEATS_4) for k in range(1, 10)]


@pytest.mark.parametrize(("sides", "width"), [(4, 40), (4, 60), (2, 30)])
def test_a_narrow_terminal_stacks_the_pad_per_side_with_every_number_whole(
    cli, monkeypatch, sides, width
):
    names = play(cli, sides, hands=11)
    fixed_console(monkeypatch, width, terminal=False)
    result = cli("show")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert max(len(line) for line in lines) <= width
    titles = [i for i, line in enumerate(lines) if line.strip() in names]
    assert [lines[i].strip() for i in titles] == names  # one table per side, in side order
    for side, start in enumerate(titles):
        assert lines[start + 1].split() == ["hand", "dealer", "score", "total", "min"]
        rows = pad_rows("\n".join(lines[start + 1 :]))
        want = []
        for k in range(1, 12):
            row = expected_row(k, sides, SEATS_2 if sides == 2 else SEATS_4)
            want.append(row[:2] + row[2 + 3 * side : 5 + 3 * side])
        assert rows == want


def test_a_hand_with_a_note_is_marked_and_its_note_listed_under_the_pad(cli, monkeypatch):
    play(cli, 2, hands=3, note="Bob misdealt and dealt again")
    fixed_console(monkeypatch, 80, terminal=False)
    lines = cli("show").stdout.splitlines()
    rows = pad_rows("\n".join(lines))
    assert [r[0] for r in rows] == ["1*", "2", "3"]
    assert "1* Note: Bob misdealt and dealt again" in lines
    # the marked number lines up with the others
    rule = next(i for i, line in enumerate(lines) if "─" in line)
    dealers = {line.index(line.split()[1]) for line in lines[rule + 1 : rule + 4]}
    assert len(dealers) == 1


def test_no_dealer_column_or_line_when_the_sides_named_no_players(cli, monkeypatch):
    assert cli("new", "classic", "--team", "We", "--team", "They").exit_code == 0
    assert cli("hand", "--yes", "meld=120 hand=10", "meld=90 red=1 hand=25").exit_code == 0
    fixed_console(monkeypatch, 60, terminal=False)
    lines = cli("show").stdout.splitlines()
    assert lines[1:3] == ["We vs They", "Playing, 1 hand played"]
    assert lines[3].split() == ["hand", "We", "total", "min", "They", "total", "min"]
    assert pad_rows("\n".join(lines)) == [["1", "110", "110", "50", "165", "165", "50"]]
    assert lines[-1] == "Next opening minimum: We 50 · They 50"


def test_a_finished_game_shows_its_winner_and_margin_and_no_footer(cli, monkeypatch):
    # Ann & Bob start at 4,900: 4,900 + 110 = 5,010 reaches the target 5,000 against 165;
    # 5,010 - 165 = 4,845. The start row holds the start scores.
    args = ["new", "classic", "--team", "Ann & Bob", "--team", "Cat & Dan"]
    assert cli(*args, "--start-score", "4900", "--start-score", "0").exit_code == 0
    assert cli("hand", "--yes", "meld=120 hand=10", "meld=90 red=1 hand=25").exit_code == 0
    fixed_console(monkeypatch, 80, terminal=False)
    lines = cli("show").stdout.splitlines()
    assert lines[1:3] == ["Ann & Bob vs Cat & Dan", "Winner: Ann & Bob with 5,010, by 4,845 points"]
    rule = next(i for i, line in enumerate(lines) if "─" in line)
    assert lines[rule + 1].split() == ["start", "4,900", "0"]
    # 4,900 before the hand is above 3,000: classic's minimum there is 120 (RULES.md §3)
    assert lines[rule + 2].split() == ["1", "110", "5,010", "120", "165", "165", "50"]
    assert lines[-1] == lines[rule + 2]  # nothing under the pad: the game is over
    assert not any(line.startswith("Next") for line in lines)


def test_status_ends_with_the_pads_footer(cli, monkeypatch):
    play(cli, 2, hands=12)
    fixed_console(monkeypatch, 80, terminal=False)
    shown = cli("show").stdout.splitlines()
    status = cli("status").stdout.splitlines()
    assert (
        status[-2:]
        == shown[-2:]
        == [
            "Next opening minimum: Ann & Bob 50 · Cat & Dan 90",
            "Next dealer: Ann",
        ]
    )
    assert sum(line.startswith("Next dealer") for line in status) == 1


def test_show_detail_prints_every_hands_breakdown(cli, monkeypatch):
    play(cli, 2, hands=2)
    fixed_console(monkeypatch, 80, terminal=False)
    detail = cli("show", "--detail").stdout
    assert "Hand 2 · dealt by Cat" in detail
    assert "Melded cards" in detail and "Minimum this hand" in detail
    assert "Melded cards" not in cli("show").stdout


def test_show_json_is_the_same_with_or_without_the_pad(cli):
    play(cli, 2, hands=2)
    doc = cli.json("show")
    assert [[t["total"] for t in h["teams"]] for h in doc["hands"]] == [[110, 165], [220, 330]]
    assert cli.json("show", "--detail") == doc


def test_the_pad_is_a_registered_terminal_format():
    assert formats.find("pad", file=False).module.endswith("terminal_pad")
    assert formats.names(file=False)[0] == "pad"


def test_narrower_still_each_side_gets_a_line_per_hand_with_every_number_whole(cli, monkeypatch):
    play(cli, 2, hands=3)
    fixed_console(monkeypatch, 20, terminal=False)
    lines = cli("show").stdout.splitlines()
    assert max(len(line) for line in lines) <= 20
    start = lines.index("Cat & Dan")
    words = " ".join(lines[start + 1 : start + 7]).split()
    # hand 3, dealt by Bob: 165, total 3 x 165 = 495, minimum 50
    assert " ".join(words[-8:]) == "3 Bob: score 165, total 495, min 50"
    assert "1 Ann: score 110, total 110, min 50" in " ".join(" ".join(lines).split())


class AsciiOut(io.StringIO):
    encoding = "ascii"


def test_a_terminal_without_box_lines_gets_a_rule_of_hyphens(cli, db):
    play(cli, 2, hands=1)
    from test_sheet_layout import stored_game

    out = AsciiOut()
    con = Console(file=out, width=60, color_system=None, highlight=False)
    formats.find("pad", file=False).renderer()(con, stored_game(db))
    lines = out.getvalue().splitlines()
    assert all(line.isascii() for line in lines if "·" not in line)
    assert any(set(line) == {"-"} for line in lines)


def test_cutthroat_shows_each_hands_partners_and_a_lone_player_once(cli, monkeypatch):
    # RULES.md §2.2: the partners Bob and Cat each record the partnership's whole score:
    # (90 - 25) + 50 = 115; Ann, alone, 120 - 10 = 110. Below 1,500 every minimum is 50.
    names = ["--team", "Ann", "--team", "Bob", "--team", "Cat"]
    assert cli("new", "cutthroat", *names, "-p", "Ann", "-p", "Bob", "-p", "Cat").exit_code == 0
    entries = ("m=120 h=10", "m=90 h=25", "m=50")
    assert cli("hand", "--yes", *entries, "--partners", "Bob,Cat").exit_code == 0
    fixed_console(monkeypatch, 80, terminal=False)
    lines = cli("show").stdout.splitlines()
    assert lines[1] == "Ann vs Bob vs Cat"
    header = "hand dealer partners Ann total min Bob total min Cat total min"
    assert lines[3].split() == header.split()
    rows = pad_rows("\n".join(lines))
    assert rows == [["1", "Ann", "Bob,", "Cat", *["110", "110", "50"], *["115", "115", "50"] * 2]]


@pytest.mark.parametrize("width", [100, 60])
def test_a_minimum_that_is_not_a_number_reads_as_a_player_says_it(cli, monkeypatch, width):
    # Brazilian (RULES.md, Brazilian's opening minimum): from 9,000 a natural canasta, from
    # 7,000 to 7,995 any canasta. Totals before hand 1: 9,100 and 7,200.
    args = ["new", "brazilian", "--team", "Ann & Bob", "--team", "Cat & Dan"]
    assert cli(*args, "--start-score", "9100", "--start-score", "7200").exit_code == 0
    assert cli("hand", "--yes", "m=120 h=10", "m=90 h=25").exit_code == 0
    fixed_console(monkeypatch, width, terminal=False)
    lines = cli("show").stdout.splitlines()
    assert max(len(line) for line in lines) <= width
    row = next(line for line in lines if line.split()[:1] == ["1"])
    assert " ".join(row.split()) == "1 110 9,210 a natural canasta 65 7,265 a canasta"
    footer = "Next opening minimum: Ann & Bob a natural canasta · Cat & Dan a canasta"
    assert " ".join(" ".join(lines[-2:]).split()).endswith(footer)


def test_a_deleted_game_says_so_in_the_header(cli, monkeypatch):
    play(cli, 2, hands=1)
    assert cli("delete", "1", "--yes").exit_code == 0
    fixed_console(monkeypatch, 100, terminal=False)
    lines = cli("show", "1").stdout.splitlines()
    assert lines[2] == ("Playing, 1 hand played (deleted: 'scorekeeper restore' brings it back)")

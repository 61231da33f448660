"""The score sheet's layout (``show``): every number on its label's line, at the right edge of
its side's column, whether each hand is one row of multi-line cells (when the sheet fits the
terminal with no line folded) or one row per line (when it does not).

Scores from RULES.md §2 (classic): in every hand here the first side melds 120 and keeps 10 in
hand, 120 - 10 = 110; the second melds 90 with one red three (100) and keeps 25,
90 + 100 - 25 = 165; any other side scores nothing. So after hand k the totals are 110k and
165k, and every side's opening minimum stays 50 (a total below 1,500, RULES.md §3).
"""

from __future__ import annotations

import io
import json
import os
import re
from pathlib import Path

import pytest
from rich.console import Console
from test_review import fixed_console

from scorekeeper.presentation.formats.terminal_sheet import hand_lines
from scorekeeper.presentation.hands import BLOCK_WIDTH, packed_width, sheet_table, use_packed
from scorekeeper.storage.database import open_store

SIX_SIDES = """
name = "six-sides"
extends = "classic"
title = "Classic Canasta, six sides"

[sides]
min = 2
max = 6

[players]
min = 2
max = 12
"""

PLAYERS = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gil", "Hal", "Ivy", "Jo", "Kim", "Lee")


def play(cli, sides: int, hands: int = 3, note: str | None = None) -> list[str]:
    """A game of ``sides`` sides of two players each ("Ann & Bob", ...), ``hands`` hands of
    110 and 165 points (first and last side); returns the sides' names."""
    variant = "classic"
    if sides > 3:
        folder = Path(os.environ["SCOREKEEPER_CONFIG"]) / "variants"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "six-sides.toml").write_text(SIX_SIDES, encoding="utf-8")
        variant = "six-sides"
    names = [f"{PLAYERS[2 * i]} & {PLAYERS[2 * i + 1]}" for i in range(sides)]
    args = ["new", variant]
    for i, name in enumerate(names):
        args += ["--team", name, "--players", f"{PLAYERS[2 * i]},{PLAYERS[2 * i + 1]}"]
    assert cli(*args).exit_code == 0
    entries = ["meld=120 hand=10", *["-"] * (sides - 2), "meld=90 red=1 hand=25"]
    for k in range(hands):
        extra = ["--note", note] if note and k == 0 else []
        result = cli("hand", "--yes", *entries, *extra)
        assert result.exit_code == 0, result.output
    return names


def stored_game(db: Path):
    with open_store(db) as store:
        return store.current(None)


def sheet_rows(output: str, sides: int) -> list[tuple[str, list[str]]]:
    """The rows of the sheet's table as (label without spaces, one value per side): a row
    starts at a line that holds a number; lines without one continue its label (a folded
    label, a note). A value counts only where it ends exactly at its column's right edge,
    which the side names in the header's last line give (they are right-justified)."""
    lines = output.splitlines()
    rule = next(i for i, line in enumerate(lines) if "━" in line)
    header = lines[rule - 1]
    edges = [m.end() for m in re.finditer(r"\S+(?: \S+)*", header)][-sides:]
    rows: list[tuple[str, list[str]]] = []
    for line in lines[rule + 1 :]:
        if line.startswith(("Next dealer", "Winner")):
            break
        values = []
        for edge in edges:
            at_edge = len(line) == edge or (len(line) > edge and line[edge] == " ")
            m = re.search(r"\S+$", line[:edge]) if at_edge else None
            values.append(m.group() if m else "")
        first = min((edge - len(v) for edge, v in zip(edges, values, strict=True) if v), default=0)
        label = line[:first] if first else line
        if any(values):
            rows.append(("".join(label.split()), values))
        elif rows:
            rows[-1] = (rows[-1][0] + "".join(line.split()), rows[-1][1])
    return rows


def expected_rows(sides: int, hands: int) -> list[tuple[str, list[str]]]:
    """Per hand, the labels of the lines with numbers and each side's value (module doc)."""
    rows = []
    for k in range(1, hands + 1):
        rows += [
            ("Meldedcards", ["120", *["0"] * (sides - 2), "90"]),
            ("Redthrees", ["0", *["0"] * (sides - 2), "100"]),
            ("Cardsleftinhand", ["-10", *["0"] * (sides - 2), "-25"]),
            ("Handscore", ["110", *["0"] * (sides - 2), "165"]),
            ("Total", [f"{110 * k:,}", *["0"] * (sides - 2), f"{165 * k:,}"]),
            ("Minimumthishand", ["50"] * sides),
        ]
    return rows


@pytest.mark.parametrize(("sides", "width"), [(2, 40), (2, 80), (2, 120), (6, 80), (6, 120)])
def test_every_number_sits_on_its_labels_line_at_its_sides_edge(cli, monkeypatch, width, sides):
    names = play(cli, sides, hands=3, note="the first hand, played at the club")
    fixed_console(monkeypatch, width, terminal=False)
    result = cli("show", "--detail")
    assert result.exit_code == 0, result.output
    assert max(len(line) for line in result.stdout.splitlines()) <= width
    # the sheet ends with the pad's last lines (next opening minimums, dealer): not hand rows
    sheet, footer, _ = result.stdout.partition("\nNext opening minimum:")
    assert footer
    if width < BLOCK_WIDTH:  # labels would wrap in a table: a block per side, each label whole
        blocks = side_blocks(sheet)
        for k in range(3):
            assert f"Hand score 110; Total {110 * (k + 1):,};" in blocks[names[0]][k]
            assert f"Hand score 165; Total {165 * (k + 1):,};" in blocks[names[-1]][k]
        return
    got, want = sheet_rows(sheet, sides), expected_rows(sides, 3)
    assert len(got) == len(want), result.stdout
    for (label, values), (want_label, want_values) in zip(got, want, strict=True):
        assert label.startswith(want_label), result.stdout
        assert values == want_values, result.stdout


def side_blocks(output: str) -> dict[str, list[str]]:
    """Per side name, its blocks in order (one per hand), each joined back into one line: a
    block starts at a line "  NAME:" under a "Hand N" title and goes on over the lines under
    it indented by four spaces."""
    blocks: dict[str, list[str]] = {}
    name = None
    lines = output.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Hand "))
    for line in lines[start:]:
        m = re.fullmatch(r"  (\S.*?):\s*", line)
        if m:
            name = m.group(1)
            blocks.setdefault(name, []).append("")
        elif name is not None and line.startswith("    "):
            blocks[name][-1] += " " + line
        else:
            name = None
    return {k: [" ".join(b.split()) for b in v] for k, v in blocks.items()}


def test_too_many_sides_for_the_terminal_print_a_block_per_side_with_no_number_cut(
    cli, monkeypatch
):
    # Six sides need more than 40 columns even with every name and label folded: each hand
    # is then a block per side, its figures as "label value" items that wrap at spaces.
    names = play(cli, 6, hands=3)
    fixed_console(monkeypatch, 40, terminal=False)
    result = cli("show", "--detail")
    assert result.exit_code == 0, result.output
    assert max(len(line) for line in result.stdout.splitlines()) <= 40
    blocks = side_blocks(result.stdout)
    assert list(blocks) == names
    # classic: 120 melded - 10 left in hand = 110 a hand; 90 + 100 for a red three - 25 = 165
    assert blocks["Ann & Bob"][2] == (
        "Melded cards 120; Red threes 0; Cards left in hand -10; Hand score 110;"
        " Total 330; Minimum this hand 50"
    )
    assert blocks["Kim & Lee"][0] == (
        "Melded cards 90; Red threes 100; Cards left in hand -25; Hand score 165;"
        " Total 165; Minimum this hand 50"
    )
    assert [line[:6] for line in result.stdout.splitlines() if line.startswith("Hand ")] == [
        "Hand 1",
        "Hand 2",
        "Hand 3",
    ]


def test_hand_prints_a_block_per_side_when_the_sides_do_not_fit(cli, monkeypatch):
    play(cli, 6, hands=1)
    fixed_console(monkeypatch, 40, terminal=False)
    result = cli("hand", "--yes", "meld=120 hand=10", "-", "-", "-", "-", "meld=90 red=1 hand=25")
    assert result.exit_code == 0, result.output
    blocks = side_blocks(result.stdout)
    # the second hand of 110 and 165: totals 220 and 330, both below 1,500 (minimum 50)
    assert blocks["Ann & Bob"] == [
        "Melded cards 120; Red threes 0; Cards left in hand -10; Hand score 110; Total 220;"
        " Next opening minimum 50"
    ]
    assert blocks["Kim & Lee"] == [
        "Melded cards 90; Red threes 100; Cards left in hand -25; Hand score 165; Total 330;"
        " Next opening minimum 50"
    ]
    assert blocks["Cat & Dan"] == [
        "Melded cards 0; Red threes 0; Cards left in hand 0; Hand score 0; Total 0;"
        " Next opening minimum 50"
    ]


def test_a_narrow_block_never_splits_a_label_from_its_number(cli, db, monkeypatch):
    names = ["Alexandra the Magnificent", "Bartholomew the Bold", "Constantine the Great"]
    args = [x for name in names for x in ("--team", name)]
    assert cli("new", "classic-3", *args).exit_code == 0
    fixed_console(monkeypatch, 30, terminal=False)
    result = cli("hand", "--yes", "m=120 r=1 out nat=1", "m=90 h=25", "m=55 h=35")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert max(len(line) for line in lines) <= 30
    # 120 + 500 + 100 + 100 = 820; 90 - 25 = 65; 55 - 35 = 20 (RULES.md §2)
    for item in (
        "Canasta bonuses 500",
        "Red threes 100",
        "Hand score 820",
        "Total 820",
        "Cards left in hand -25",
        "Hand score 65",
        "Total 20",
    ):
        assert any(item in line for line in lines), (item, result.stdout)


def test_the_packed_layout_fits_80_columns_for_two_sides(cli, db):
    names = play(cli, 2, hands=10)
    game = stored_game(db).game
    hands = [hand_lines(game, result) for result in game.results]
    # Seats go Ann, Cat, Bob, Dan: Cat deals hand 10, whose title "Hand 10 · dealt by Cat" is
    # the widest label (22 cells), + 1 of padding on its right; each side's column is as wide
    # as its name (9 cells, wider than any number) + 2 of padding (1 for the last column);
    # the box adds its two edges and one divider between columns: 23 + 11 + 10 + 2 + 2.
    assert names == ["Ann & Bob", "Cat & Dan"]
    assert packed_width(names, hands) == 48
    assert use_packed(80, names, hands)
    assert use_packed(48, names, hands) and not use_packed(47, names, hands)


def test_packed_width_is_the_width_rich_prints(cli, db):
    names = play(cli, 3, hands=2, note="山田さんのメモ")
    game = stored_game(db).game
    hands = [hand_lines(game, result) for result in game.results]
    width = packed_width(names, hands)
    con = Console(file=io.StringIO(), width=200, color_system=None, highlight=False)
    con.print(sheet_table(names, hands, packed=True))
    assert {
        len(line) + sum(ord(c) > 0x3000 for c in line) for line in con.file.getvalue().splitlines()
    } == {width}


def test_the_per_line_layout_when_the_sheet_cannot_fit(cli, db):
    names = play(cli, 6, hands=2)
    game = stored_game(db).game
    hands = [hand_lines(game, result) for result in game.results]
    # Six columns of "Ann & Bob" (9 cells) with padding, and the labels: over 40 columns.
    assert not use_packed(40, names, hands)
    assert use_packed(120, names, hands)


def test_a_long_note_or_a_note_of_several_lines_keeps_one_row_per_line(cli, db):
    note = "Bob forgot to draw and Cat noticed it only at the end of the hand, so it stands"
    names = play(cli, 2, hands=1, note=note)
    game = stored_game(db).game
    hands = [hand_lines(game, result) for result in game.results]
    assert not use_packed(80, names, hands) and use_packed(120, names, hands)
    two_lines = [[*lines[:-1], type(lines[-1])("  Note: one\ntwo")] for lines in hands]
    assert packed_width(names, two_lines) is None and not use_packed(200, names, two_lines)


def render(table, width: int) -> tuple[list[str], list[str]]:
    """The lines of ``table`` as text and, per line, a mask of its bold visible characters."""
    con = Console(width=width, color_system="standard", force_terminal=True, highlight=False)
    texts, masks = [], []
    for line in con.render_lines(table, pad=False, new_lines=False):
        texts.append("".join(segment.text for segment in line))
        masks.append(
            "".join(
                "B" if c != " " and segment.style and segment.style.bold else "."
                for segment in line
                for c in segment.text
            )
        )
    return texts, masks


@pytest.mark.parametrize("sides", [2, 3])
def test_both_layouts_print_the_same_sheet_with_the_same_bold_lines(cli, db, sides):
    names = play(cli, sides, hands=3, note="山田さんが配った")
    game = stored_game(db).game
    hands = [hand_lines(game, result) for result in game.results]
    packed_text, packed_bold = render(sheet_table(names, hands, packed=True), 100)
    lines_text, lines_bold = render(sheet_table(names, hands, packed=False), 100)
    assert packed_text == lines_text
    assert packed_bold == lines_bold
    # Bold: the header (the side names), and each hand's title and Total line. Seats go round
    # the sides (Ann, Cat, Bob, Dan / Ann, Cat, Eve, Bob, ...): the deal passes to the left.
    dealers = ("Ann", "Cat", "Bob") if sides == 2 else ("Ann", "Cat", "Eve")
    zeros = " 0" * (sides - 2)
    want = [" ".join(names)]
    for k in (1, 2, 3):
        want += [f"Hand {k} · dealt by {dealers[k - 1]}", f"Total {110 * k:,}{zeros} {165 * k:,}"]
    bold = [
        " ".join(t.split()) for t, mask in zip(packed_text, packed_bold, strict=True) if "B" in mask
    ]
    assert bold == want


@pytest.mark.parametrize("width", [60, 80])
def test_long_typed_cards_wrap_and_leave_every_label_whole(cli, monkeypatch, tmp_path, width):
    # RULES.md §1, §2 (classic): 44 cards melded (four of each rank from ace to four: 20 + 10
    # x 4 x 4 + 5 x 4 x 6 = 400) and 44 + 20 left in hand; the hand's typed cards print under
    # their line and wrap at their spaces, while every label of figures stays on one line
    assert cli("new", "classic", "--team", "Us", "--team", "Them").exit_code == 0
    ranks = "AKQJT987654"
    hand = " ".join(r * 4 for r in ranks) + " 2222 2222 X X X X 3b 3b 3b 3b 3r 3r 3r 3r"
    entry = {"melds": " ".join(r * 4 for r in ranks), "hand": hand}
    path = tmp_path / "hand.json"
    path.write_text(json.dumps({"teams": [entry, {"meld_points": 0}]}), encoding="utf-8")
    fixed_console(monkeypatch, width, terminal=False)
    result = cli("hand", "--yes", "--file", str(path))
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert max(len(line) for line in lines) <= width
    for label in ("Melded cards", "Cards left in hand", "Hand score", "Next opening minimum"):
        assert any(line.strip().startswith(label) for line in lines), result.stdout
    melded = next(line for line in lines if line.strip().startswith("Melded cards"))
    assert melded.split()[-2:] == ["400", "0"]
    assert sum(line.count("3r") for line in lines) == 4

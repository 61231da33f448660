"""The score pad keeps its columns in Japanese (issue 14, point 5): Japanese side names, players
and headings take two character cells each, and at 40, 80 and 120 columns no line is wider
than the terminal and every number column ends at the same cell in every hand's row."""

from __future__ import annotations

import re
from typing import Any

import pytest
from rich.cells import cell_len

from scorekeeper.presentation import console as console_module

SIDES = ("--team", "山田と佐藤", "--team", "鈴木と高橋")
PLAYERS = ("--players", "山田,佐藤", "--players", "鈴木,高橋")
HANDS = [
    ("m=220 nat=1 mix=1 r=2 out h=15", "m=110 r=1 h=70"),  # 1,305 and 140
    ("m=90 h=5", "m=300 nat=1 out"),  # 85 and 900
    ("m=1000 nat=2 mix=1 out", "-"),  # 2,400 and 0
]
NUMBER = re.compile(r"-?\d[\d,.]*")


def at_width(monkeypatch: pytest.MonkeyPatch, width: int) -> None:
    def fixed(stderr: bool = False) -> Any:
        import sys

        from rich.console import Console

        return Console(
            file=sys.stderr if stderr else sys.stdout,
            width=width,
            color_system=None,
            force_terminal=False,
            highlight=False,
        )

    monkeypatch.setattr(console_module, "factory", fixed)


def number_ends(line: str) -> list[int]:
    """The cell just past each number of ``line``."""
    return [cell_len(line[: m.end()]) for m in NUMBER.finditer(line)]


@pytest.mark.parametrize("width", [40, 80, 120])
def test_the_pad_keeps_its_columns_in_japanese(cli, monkeypatch, width):
    monkeypatch.setenv("SCOREKEEPER_LANG", "ja")
    assert cli("new", "classic", *SIDES, *PLAYERS).exit_code == 0
    for entries in HANDS:
        result = cli("hand", "--yes", *entries)
        assert result.exit_code == 0, result.output
    at_width(monkeypatch, width)
    out = cli("show").stdout
    lines = out.splitlines()
    assert "ハンド" in out and "合計" in out  # the headings are Japanese
    assert all(cell_len(line) <= width for line in lines), out
    # rows of a table: a hand number, its dealer, then numbers; one table per block
    blocks: list[list[str]] = [[]]
    for line in lines:
        if re.match(r"\s*\d+\s+\S", line) and not line.lstrip()[0:1].isalpha():
            blocks[-1].append(line)
        elif blocks[-1]:
            blocks.append([])
    rows = [b for b in blocks if b]
    assert rows, out
    for block in rows:
        ends = [number_ends(line) for line in block]
        assert len(block) == len(HANDS)
        assert all(e == ends[0] for e in ends), "\n".join(block)


@pytest.mark.parametrize("width", [40, 80, 120])
def test_a_hands_breakdown_fits_in_japanese(cli, monkeypatch, width):
    monkeypatch.setenv("SCOREKEEPER_LANG", "ja")
    assert cli("new", "classic", *SIDES, *PLAYERS).exit_code == 0
    at_width(monkeypatch, width)
    result = cli("hand", "--yes", *HANDS[0])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert any("メルドしたカード" in line for line in lines)
    assert all(cell_len(line) <= width for line in lines), result.stdout
    figures = [line for line in lines if "1,305" in line]
    assert figures  # the hand score and the total
    if width >= 80:  # one column per side: the figures end where the side's name does
        heading = next(line for line in lines if "山田と佐藤" in line and "鈴木と高橋" in line)
        end = cell_len(heading[: heading.index("山田と佐藤") + len("山田と佐藤")])
        assert all(number_ends(line)[0] == end for line in figures), result.stdout

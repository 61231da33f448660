"""The score pad, the hand-by-hand sheet and the statistics printed as fixed-width lines
(issue 17, point 2: plain rendering where nothing wraps): columns line up for Latin and Japanese
names at 40, 80 and 120 columns, the styles reach a colour terminal and nothing else, and the
tables are the ones Rich lays out, character for character."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from io import StringIO

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.cells import cell_len
from test_sheet_layout import side_blocks

from scorekeeper.presentation import console as console_module
from scorekeeper.presentation.hands import BLOCK_WIDTH
from scorekeeper.presentation.plain import Column, cell, divide, print_lines, table_lines

#: Classic (RULES.md §2): "m=220 nat=1 out" is 220 melded + 500 for a natural canasta + 100
#: for going out = 820; "m=110 h=15" is 110 - 15 = 95. "m=120 mix=1 out" is 120 + 300 (mixed
#: canasta) + 100 = 520; "m=90 h=20" is 70.
HANDS = (("m=220 nat=1 out", "m=110 h=15"), ("m=120 mix=1 out", "m=90 h=20"))
TOTALS = (("820", "95"), ("1,340", "165"))
LATIN = ("Ann & Bob", "Cat & Dan")
JAPANESE = ("太郎と花子", "次郎と桜")


def sized(width: int):
    """A console factory ``width`` columns wide, colourless, as a pipe gets."""

    def factory(stderr: bool = False):
        return console_module.pipe_console_class()(
            file=sys.stderr if stderr else sys.stdout,
            width=width,
            color_system=None,
            force_terminal=False,
            no_color=True,
            highlight=False,
            emoji=False,
            safe_box=True,
            legacy_windows=False,
        )

    return factory


def play(cli, names):
    args = [x for name in names for x in ("--team", name)]
    assert cli("new", "classic", *args).exit_code == 0
    for hand in HANDS:
        assert cli("hand", "--yes", *hand).exit_code == 0


def right_ends(line: str) -> dict[int, str]:
    """Each word of ``line`` by the screen column (in cells) just after its last character."""
    ends = {}
    for match in re.finditer(r"\S+", line):
        ends[cell_len(line[: match.end()])] = match.group()
    return ends


def end_of(line: str, word: str, nth: int = 0) -> int:
    """The screen column just after the ``nth`` occurrence of ``word`` in ``line``."""
    at = -1
    for _ in range(nth + 1):
        at = line.index(word, at + 1)
    return cell_len(line[: at + len(word)])


@pytest.mark.parametrize("width", [40, 80, 120])
@pytest.mark.parametrize("names", [LATIN, JAPANESE], ids=["latin", "japanese"])
def test_pad_totals_stand_under_their_heading(cli, monkeypatch, names, width):
    play(cli, names)
    monkeypatch.setattr(console_module, "factory", sized(width))
    result = cli("show")
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert all(cell_len(line) <= width for line in lines)
    heads = [n for n, line in enumerate(lines) if re.search(r"\btotal\b", line)]
    found = []
    for n in heads:
        head = lines[n]
        columns = [end_of(head, "total", k) for k in range(head.count("total"))]
        rows = [line for line in lines[n + 2 :] if re.match(r"\s*\d+\*? ", line)][: len(HANDS)]
        for row in rows:
            ends = right_ends(row)
            found.append([ends.get(c) for c in columns])
    # every total of every side stands right under its "total", whether the pad is one table
    # (80, 120 columns) or one per side (40 columns)
    expected = [[TOTALS[h][s] for s in range(2)] for h in range(len(HANDS))]
    if len(heads) == 1:
        assert found == expected
    else:
        assert found == [[TOTALS[h][s]] for s in range(2) for h in range(len(HANDS))]


@pytest.mark.parametrize("width", [40, 80, 120])
@pytest.mark.parametrize("names", [LATIN, JAPANESE], ids=["latin", "japanese"])
def test_sheet_values_stand_under_their_side(cli, monkeypatch, names, width):
    play(cli, names)
    monkeypatch.setattr(console_module, "factory", sized(width))
    result = cli("show", "--detail")
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert all(cell_len(line) <= width for line in lines)
    if width < BLOCK_WIDTH:  # the labels would wrap: a block per side, each total by its label
        blocks = side_blocks(result.output)
        for s, name in enumerate(names):
            assert len(blocks[name]) == len(TOTALS)
            for t, block in zip(TOTALS, blocks[name], strict=True):
                assert f"Total {t[s]};" in block
        return
    head = next(line for line in lines if names[0] in line and names[1] in line)
    columns = [end_of(head, name) for name in names]
    totals = [line for line in lines if line.strip().startswith("Total")]
    assert [[right_ends(line).get(c) for c in columns] for line in totals] == [
        list(t) for t in TOTALS
    ]


@pytest.mark.parametrize("width", [40, 80, 120])
@pytest.mark.parametrize("names", [LATIN, JAPANESE], ids=["latin", "japanese"])
def test_a_hand_s_breakdown_lines_up(cli, monkeypatch, names, width):
    args = [x for name in names for x in ("--team", name)]
    assert cli("new", "classic", *args).exit_code == 0
    monkeypatch.setattr(console_module, "factory", sized(width))
    result = cli("hand", "--yes", *HANDS[0])
    assert result.exit_code == 0
    lines = result.output.splitlines()
    if width < BLOCK_WIDTH:  # the labels would wrap: a block per side, each score by its label
        blocks = side_blocks(result.output)
        assert [f"Hand score {TOTALS[0][s]};" in blocks[n][0] for s, n in enumerate(names)] == [
            True,
            True,
        ]
        return
    head = next(line for line in lines if names[0] in line and names[1] in line)
    columns = [end_of(head, name) for name in names]
    score = next(line for line in lines if line.strip().startswith("Hand score"))
    assert [right_ends(score).get(c) for c in columns] == list(TOTALS[0])


@pytest.mark.parametrize("width", [80, 120])
@pytest.mark.parametrize("names", [LATIN, JAPANESE], ids=["latin", "japanese"])
def test_statistics_columns_line_up(cli, monkeypatch, names, width):
    play(cli, names)
    monkeypatch.setattr(console_module, "factory", sized(width))
    result = cli("stats")
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert all(cell_len(line) <= width for line in lines)
    sides = lines.index(next(line for line in lines if line.strip() == "Sides"))
    # the headers' last line ("Best hand" may wrap: its "hand" ends where the column does)
    head = next(line for line in lines[sides:] if "Games" in line)
    games, best = end_of(head, "Games"), end_of(head, "hand", 1)
    start = lines.index(head) + 2
    rows = {
        name: right_ends(next(line for line in lines[start:] if line.strip().startswith(name[:2])))
        for name in names
    }
    # (a name too long for its column folds, as Rich folds it: its row starts with its first
    # characters) each side played 1 game; its best hand is its larger hand score (820 and
    # 520; 95 and 70)
    assert rows[names[0]][games] == "1" and rows[names[0]][best] == "820"
    assert rows[names[1]][games] == "1" and rows[names[1]][best] == "95"


def run(args, db, **env):
    clean = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    clean.update({"SCOREKEEPER_DB": str(db), "COLUMNS": "80", "PYTHONIOENCODING": "utf-8"})
    clean.update(env)
    cmd = [sys.executable, "-m", "scorekeeper", *args]
    done = subprocess.run(cmd, capture_output=True, env=clean, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout.decode("utf-8")


ESCAPES = re.compile(r"\x1b\[[0-9;]*m")


@pytest.mark.parametrize("command", [["show"], ["show", "--detail"], ["stats"]])
def test_styles_on_a_colour_terminal_and_none_under_no_color(cli, db, command):
    play(cli, LATIN)
    styled = run(command, db, FORCE_COLOR="1", TERM="xterm-256color")
    plain = run(command, db, NO_COLOR="1", FORCE_COLOR="1")
    assert "\x1b[" not in plain
    assert "\x1b[1m" in styled  # the headers (and the pad's totals) in bold
    # the same characters in the same places: only the styles differ
    assert ESCAPES.sub("", styled) == plain


def test_running_totals_are_bold_on_a_colour_terminal(cli, db):
    play(cli, LATIN)
    styled = run(["show"], db, FORCE_COLOR="1", TERM="xterm-256color")
    bold = re.findall(r"\x1b\[1m([^\x1b]*)\x1b\[0m", styled)
    assert any(b.strip() == "1,340" for b in bold) and any(b.strip() == "165" for b in bold)
    assert not any(b.strip() == "520" for b in bold)  # a hand score is not bold


def test_piped_output_carries_no_escape_codes(cli, db):
    play(cli, JAPANESE)
    for command in (["show"], ["show", "--detail"], ["stats"]):
        assert "\x1b" not in run(command, db)


# -- the same tables as Rich's ------------------------------------------------------------------

WORDS = st.sampled_from(["a", "Ann", "&", "Bob", "1,340", "日本", "花子", "Çağla", "x" * 14, "-"])
TEXT = st.lists(WORDS, min_size=0, max_size=6).map(" ".join)


def rich_lines(width: int, headers, justify, rows, title) -> str:
    from rich import box
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    con = Console(file=StringIO(), width=width, color_system=None, highlight=False)
    table = Table(title=title, box=box.SIMPLE_HEAVY, title_justify="left", pad_edge=False)
    for header, side in zip(headers, justify, strict=True):
        table.add_column(Text(header), justify=side, overflow="fold")
    for row in rows:
        table.add_row(*[Text(v) for v in row])
    con.print(table)
    return con.file.getvalue()


def plain_lines(width: int, headers, justify, rows, title) -> str:
    from rich import box
    from rich.console import Console

    con = Console(file=StringIO(), width=width, color_system=None, highlight=False)
    columns = [Column(h, j) for h, j in zip(headers, justify, strict=True)]
    print_lines(con, table_lines(con, columns, rows, box=box.SIMPLE_HEAVY, title=title))
    return con.file.getvalue()


@settings(max_examples=150, deadline=None)
@given(
    st.integers(24, 120),
    st.integers(1, 4).flatmap(
        lambda n: st.tuples(
            st.lists(TEXT, min_size=n, max_size=n),
            st.lists(st.sampled_from(["left", "right"]), min_size=n, max_size=n),
            st.lists(st.lists(TEXT, min_size=n, max_size=n), max_size=5),
        )
    ),
    st.one_of(st.none(), TEXT.filter(bool)),
)
def test_the_plain_table_is_rich_s_table(width, shape, title):
    headers, justify, rows = shape
    args = (width, headers, justify, rows, title)
    assert plain_lines(*args) == rich_lines(*args)


@settings(max_examples=300, deadline=None)
@given(st.text(st.sampled_from("ab 日本Ç -x"), max_size=40), st.integers(1, 30))
def test_divide_breaks_a_line_as_rich_wraps_it(text, width):
    from rich.console import Console
    from rich.text import Text

    con = Console(file=StringIO(), width=200)
    expected = [line.plain for line in Text(text).wrap(con, width, justify="left")]
    got = [part + " " * (width - cell_len(part)) for part in divide(text, width)]
    # Rich fills each line to the width; a line of divide's is the same once filled
    assert got == [e + " " * (width - cell_len(e)) for e in expected]


def test_a_cell_of_several_lines_keeps_its_lines():
    from rich.console import Console

    con = Console(file=StringIO(), width=40, color_system=None)
    lines = table_lines(con, [Column("x")], [[cell("one\ntwo")]], box=None, padding=0)
    assert ["".join(t for t, _ in line).rstrip() for line in lines] == ["x", "one", "two"]


def styled_tables(width: int, headers, justify, bold, rows) -> tuple[str, str]:
    """The same table, the columns flagged in ``bold`` in bold, laid out by Rich and by
    :func:`table_lines`, both on a colour console (so the styles show as escape codes)."""
    from rich import box
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    def colour() -> Console:
        return Console(file=StringIO(), width=width, color_system="standard", force_terminal=True)

    rich_con = colour()
    table = Table(box=box.SIMPLE_HEAVY, pad_edge=False)
    for header, side, strong in zip(headers, justify, bold, strict=True):
        style = "bold" if strong else ""
        table.add_column(Text(header), justify=side, overflow="fold", style=style)
    for row in rows:
        table.add_row(*[Text(v) for v in row])
    rich_con.print(table)
    plain_con = colour()
    columns = [Column(h, j) for h, j in zip(headers, justify, strict=True)]
    cells = [
        [cell(v, "bold") if strong else v for v, strong in zip(row, bold, strict=True)]
        for row in rows
    ]
    print_lines(plain_con, table_lines(plain_con, columns, cells, box=box.SIMPLE_HEAVY))
    return plain_con.file.getvalue(), rich_con.file.getvalue()


def seen(printed: str) -> list[tuple[str, str]]:
    """What a reader sees of ``printed`` (text with SGR escape codes): each line as its
    characters, and beside it a mark under each character that is not a space, "b" bold and
    "." not (where the escape codes break, and whether a space is bold, are not seen)."""
    out = []
    for line in printed.split("\n"):
        text, marks, bold = [], [], False
        for piece in re.split(r"(\x1b\[[0-9;]*m)", line):
            if piece.startswith("\x1b["):
                codes = piece[2:-1].split(";")
                bold = "1" in codes or (bold and "0" not in codes and codes != [""])
                continue
            text.append(piece)
            marks.append("".join(" " if ch == " " else "b" if bold else "." for ch in piece))
        out.append(("".join(text), "".join(marks)))
    return out


@settings(max_examples=150, deadline=None)
@given(
    st.integers(24, 90),
    st.integers(2, 4).flatmap(
        lambda n: st.tuples(
            st.lists(TEXT, min_size=n, max_size=n),
            st.lists(st.sampled_from(["left", "right"]), min_size=n, max_size=n),
            st.lists(st.booleans(), min_size=n, max_size=n),
            st.lists(st.lists(TEXT, min_size=n, max_size=n), min_size=1, max_size=5),
        )
    ),
)
def test_a_table_with_bold_columns_is_rich_s_table(width, shape):
    """Columns in a style of their own (a run of one style beside unstyled runs), wrapped
    cells in one or several columns of a row: the same lines and escape codes as Rich's."""
    headers, justify, bold, rows = shape
    plain, rich = styled_tables(width, headers, justify, bold, rows)
    assert seen(plain) == seen(rich)


def test_several_cells_of_one_row_run_on_as_rich_lays_them_out():
    """Two long cells in one row, of different lengths: each runs on under its own column,
    the shorter one's column blank once it ends (Rich's table, character for character)."""
    row = ["Ann & Bob & Cat & Dan & Eve", "x", "Fay & Gus & Hal"]
    for bold in ((False, False, False), (True, False, False), (False, True, True)):
        plain, rich = styled_tables(30, ["Side", "n", "Other"], ["left"] * 3, bold, [row, row])
        assert seen(plain) == seen(rich)
        assert plain.count("\n") > 6  # the long cells did run on


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.sampled_from(["山田", "佐藤", "、", "。", "（鈴木）", "ナチュラル6", "ミックス3"]),
        min_size=3,
        max_size=12,
    ).map("".join),
    st.integers(4, 12),
)
def test_a_japanese_cell_wraps_as_rich_wraps_it_in_japanese(text, width):
    """While Japanese is the language, Rich breaks lines by Japanese line breaking (no line
    starts with "、" or "。" or ends with "（"), and a plain table's cell breaks where Rich's
    does: one line divider for both."""
    from scorekeeper.presentation.wrapping import rich_wraps_japanese

    rich_wraps_japanese(True)
    try:
        parts = divide(text, width)
        args = (width + 8, ["名前", "n"], ["left", "right"], [[text, "1"]], None)
        assert plain_lines(*args) == rich_lines(*args)
    finally:
        rich_wraps_japanese(False)
    assert "".join(parts) == text
    assert all(cell_len(p) <= width for p in parts)


def test_a_japanese_cell_never_starts_a_line_with_a_comma():
    """Rich's own divider folds "山田佐藤、鈴木" (no space to break at) at 8 cells into
    "山田佐藤" and "、鈴木"; in Japanese the comma stays with the word before it."""
    from scorekeeper.presentation.wrapping import rich_wraps_japanese

    rich_wraps_japanese(False)  # as a command in another language left it (the CLI's runs)
    assert divide("山田佐藤、鈴木", 8) == ["山田佐藤", "、鈴木"]  # Rich's rule
    rich_wraps_japanese(True)
    try:
        parts = divide("山田佐藤、鈴木", 8)
    finally:
        rich_wraps_japanese(False)
    assert "".join(parts) == "山田佐藤、鈴木"
    assert not any(p.startswith("、") for p in parts)

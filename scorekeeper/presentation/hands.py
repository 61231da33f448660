"""A hand's figures side by side: one column per side, a line per breakdown item.

``hand`` (one hand) and ``show`` (every hand of a game) print the same table. It is laid out
the fastest way that keeps every line whole: one table row per hand of multi-line cells when
no line can fold (:func:`use_packed`); otherwise a row per line; and where even a column per
side cannot fit the terminal without cutting a number (:func:`fits_uncut`), or on a narrow
terminal (under :data:`BLOCK_WIDTH` columns) where a label of figures would wrap onto a second
line, a block of lines per side (:func:`print_side_blocks`).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from msgspec import Struct

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    from scorekeeper.presentation.plain import Line


class SheetLine(Struct, frozen=True):
    """One line of a hand on the score sheet: a ``label`` ("  Melded cards") and one value per
    side, as printed (points with thousands separators, or a minimum's text); ``values`` is
    empty for a line of free text (the hand's title, its partners, its note). ``bold`` lines
    are the hand's title and its running totals (or hand score); ``dim`` lines hold the cards
    a side typed, under their count (empty for a side that typed points)."""

    label: str
    values: tuple[str, ...] = ()
    bold: bool = False
    dim: bool = False


def fits_uncut(con: Console, table: Any) -> bool:
    """True when ``table`` (one column per side) fits the console with every column at least as
    wide as its longest word, as Rich measures it: no number is then cut, names and labels
    wrap at spaces. False when even that is too wide (many sides on a narrow terminal)."""
    # measured as if the console were unbounded: Rich clamps a measurement to the width it has
    unbounded = con.options.update_width(sys.maxsize)
    return con.measure(table, options=unbounded).minimum <= con.width


def print_side_blocks(con: Console, names: Sequence[str], lines: Sequence[SheetLine]) -> None:
    """``lines`` (one hand) side by side turned into one block per side, for a console too
    narrow for a column per side: the first line as the title, then each side's name and under
    it its values as "label value" items (separated by ";", or "、" in Japanese, as numbers hold
    commas), as many to a line as fit: an item is never split, so a number stays beside its
    label; free-text lines (partners, a note) as they are."""
    from rich.cells import cell_len
    from rich.text import Text

    from scorekeeper.i18n import labelled, separator

    title, *rest = lines
    con.print(Text(title.label.strip(), style="bold" if title.bold else ""))
    room = max(con.width - 4, 1)
    # "; " in English and Turkish, "、" in Japanese: the mark after an item, then the gap
    mark, gap = separator().rstrip(), " " if separator().endswith(" ") else ""
    for i, name in enumerate(names):
        head = Text("  ")
        head.append(name, style="bold")
        head.append(labelled(""))
        con.print(head)
        row, used = Text("    "), 0
        for line in rest:
            if not line.values or not line.values[i]:
                continue
            item = f"{line.label.strip()} {line.values[i]}"
            width = cell_len(item) + cell_len(mark)  # and its mark
            if used and used + len(gap) + width > room:
                con.print(row)
                row, used = Text("    "), 0
            elif used:
                row.append(gap)
                used += len(gap)
            row.append(item, style="bold" if line.bold else "")
            row.append(mark)
            used += width
        if used:
            row.right_crop(len(mark))  # the last item takes no mark
            con.print(row)
    for line in rest:
        if not line.values:
            con.print(Text(line.label))


def _sheet_table(names: Sequence[str]) -> Table:
    """The score sheet's empty table: a label column, then one right-justified column per side
    headed by its name (as Text, never markup)."""
    from rich.text import Text

    from scorekeeper.presentation.render import plain_table

    table = plain_table(None)
    table.add_column("", overflow="fold")
    for name in names:
        table.add_column(Text(name), justify="right", overflow="fold")
    return table


def packed_width(names: Sequence[str], hands: Sequence[Sequence[SheetLine]]) -> int | None:
    """The width in columns (character cells) that the score sheet needs when no line of any
    cell folds: per column its widest line (the header's too) plus the sheet table's cell padding,
    then the box's edges and column dividers, as Rich lays the table out; None when some text
    holds a line break, a tab or another control character (its width is not a plain count).

    When this width fits the console, every hand can be one table row of multi-line cells
    (:func:`print_sheet`): Rich gives each column its widest line, so no line folds and the
    label and number lines stay side by side."""
    widths = _line_widths(names, hands)
    if widths is None:
        return None
    # the sheet table's (render.plain_table): a cell of padding each side of a column but at
    # the table's edges, a divider between columns and an edge each side (no Rich table is
    # made to read them: a hand prints without importing Rich's table)
    pads = [2] * len(widths)
    pads[0] -= 1
    pads[-1] -= 1
    frame = len(widths) - 1 + 2
    return sum(max(w + p, 1) for w, p in zip(widths, pads, strict=True)) + frame


def _line_widths(names: Sequence[str], hands: Sequence[Sequence[SheetLine]]) -> list[int] | None:
    """Per column of the sheet (labels, then each side), its widest line in character cells,
    the header's too; None when a label holds a line break, a tab or another control
    character."""
    from rich.cells import cell_len

    widths = [0] + [cell_len(name) for name in names]
    for lines in hands:
        for line in lines:
            if any(c < " " or "\x7f" <= c <= "\x9f" or c in "\u2028\u2029" for c in line.label):
                return None
            widths[0] = max(widths[0], cell_len(line.label))
            for k, value in enumerate(line.values, 1):
                widths[k] = max(widths[k], cell_len(value))
    return widths


def use_packed(width: int, names: Sequence[str], hands: Sequence[Sequence[SheetLine]]) -> bool:
    """True when a console ``width`` columns wide prints the sheet of the sides ``names`` and
    these ``hands`` with one row per hand (:func:`packed_width` fits); False when each line
    must be its own row."""
    needed = packed_width(names, hands)
    return needed is not None and needed <= width


def _packed_row(lines: Sequence[SheetLine], sides: int) -> list[Text]:
    """One hand as one table row: the labels, one per line, in the first cell and each side's
    values in its cell, line for line; bold and dim lines carry a span of that style (names
    stay plain Text)."""
    from rich.text import Text

    columns: list[list[str]] = [[] for _ in range(sides + 1)]
    for line in lines:
        columns[0].append(line.label)
        for i in range(sides):
            columns[i + 1].append(line.values[i] if line.values else "")
    cells = []
    for column in columns:
        cell = Text("\n".join(column), no_wrap=True)  # it fits: packed_width said so
        start = 0
        for line, text in zip(lines, column, strict=True):
            style = _style(line)
            if style and text:
                cell.stylize(style, start, start + len(text))
            start += len(text) + 1
        cells.append(cell)
    return cells


def _style(line: SheetLine) -> str | None:
    return "bold" if line.bold else "dim" if line.dim else None


def sheet_table(names: Sequence[str], hands: Sequence[Sequence[SheetLine]], packed: bool) -> Table:
    """The score sheet's table for the sides ``names`` and each hand's lines (:func:`hand_lines`),
    a section per hand: ``packed``, each hand is one row of multi-line cells (only for a console
    at least :func:`packed_width` wide, where no line folds); otherwise each line is a row.
    Every cell is a Text: nothing typed is read as markup, and nothing needs parsing."""
    from rich.text import Text

    from scorekeeper.presentation.render import number_cell

    table = _sheet_table(names)
    widths = _line_widths(names, hands) if packed else None
    if widths is not None:
        # every column exactly as wide as its widest line: Rich need not measure the cells
        for column, width in zip(table.columns, widths, strict=True):
            column.width, column.no_wrap = max(width, 1), True
    if packed:
        # one row for the whole sheet, a blank line between hands where a section would draw
        # one: Rich lays out a few long cells much faster than many short ones
        joined: list[SheetLine] = []
        for k, lines in enumerate(hands):
            joined += [SheetLine(""), *lines] if k else lines
        table.add_row(*_packed_row(joined, len(names)))
        return table
    blank = [Text("")] * len(names)
    for lines in hands:
        for line in lines:
            style = _style(line)
            label = Text(line.label, style=style or "")
            # typed cards (dim) may wrap; a number never does
            cells = [Text(v) if line.dim else number_cell(v) for v in line.values] or blank
            table.add_row(label, *cells, style=style)
        table.add_section()
    return table


def packed_lines(
    con: Console, names: Sequence[str], hands: Sequence[Sequence[SheetLine]]
) -> list[Line]:
    """The packed sheet (:func:`sheet_table` with ``packed``) as finished lines
    (:func:`~scorekeeper.presentation.plain.table_lines`): the same table, character for
    character and style for style, for a console at least :func:`packed_width` wide (no line
    folds), without Rich laying out its cells."""
    from rich import box

    from scorekeeper.presentation.plain import Cell, Column, table_lines

    widths = _line_widths(names, hands)
    if widths is None:
        raise ValueError("a line of the sheet holds a control character: it cannot be packed")
    columns = [Column("", "left", False, max(widths[0], 1))]
    columns += [
        Column(n, "right", False, max(w, 1)) for n, w in zip(names, widths[1:], strict=True)
    ]
    joined: list[SheetLine] = []
    for k, lines in enumerate(hands):
        joined += [SheetLine(""), *lines] if k else lines
    cells: list[list[tuple[tuple[str, str], ...]]] = [[] for _ in columns]
    for line in joined:
        style = _style(line) or ""
        cells[0].append(((line.label, style if line.label else ""),))
        for i in range(len(names)):
            value = line.values[i] if line.values else ""
            cells[i + 1].append(((value, style if value else ""),))
    row = [Cell(tuple(c)) for c in cells]
    return table_lines(con, columns, [row], box=box.SIMPLE_HEAVY, padding=1)


def _longest_word(text: str) -> int:
    """The cells of the longest word of ``text``, the first with the indent before it (a
    label's "  " stays on its line)."""
    from rich.cells import cell_len

    words = text.split()
    if not words:
        return 0
    indent = cell_len(text) - cell_len(text.lstrip())
    return max([indent + cell_len(words[0])] + [cell_len(word) for word in words[1:]])


def _label_width(
    con: Console, table: Table, names: Sequence[str], hands: Sequence[Sequence[SheetLine]]
) -> bool:
    """Fix the widths of ``table``'s columns (a row per line, :func:`sheet_table`) so that no
    label and no number is cut: each side's column at least its longest word or number (of
    typed cards, which wrap at their spaces, the longest card) and then, as the console leaves
    room, as wide as its name; the label column never under its longest word, and as wide as
    its lines where there is room; typed cards take what room is left. Rich, narrowing a table
    itself,
    narrows its widest column first, and would cut a label that has no space to wrap at
    (Japanese) in the middle of a word.

    True when the label column holds every label of a line of figures on one line; False when
    such a label would wrap (a narrow console, long labels: Turkish at 40 columns)."""
    from rich.cells import cell_len

    labels = [line.label for lines in hands for line in lines]
    lines_of_values = [line for lines in hands for line in lines if line.values]

    def sizes(lines: list[SheetLine], size: Any) -> list[list[int]]:
        return [[size(line.values[k]) for line in lines] for k in range(len(names))]

    # typed cards (dim lines) wrap at their spaces: their longest card sets the least width,
    # and they take only the room the labels leave
    figures = [line for line in lines_of_values if not line.dim]
    cards = [line for line in lines_of_values if line.dim]
    least = [
        max(_longest_word(n), *v, *c, 1)
        for n, v, c in zip(
            names, sizes(figures, cell_len), sizes(cards, _longest_word), strict=True
        )
    ]
    most = [max(cell_len(n), *v, 1) for n, v in zip(names, sizes(figures, cell_len), strict=True)]
    typed = [max([m, *c]) for m, c in zip(most, sizes(cards, cell_len), strict=True)]
    # the sheet table's frame: an edge each side, a divider and a cell of padding each side
    # of every column but at the table's edges (as packed_width counts it)
    frame = 2 + len(names) + 2 * len(names)
    # the lines of figures set the column's width; a title or a note (no figures) wraps in it
    widest = max(
        (cell_len(line.label) for lines in hands for line in lines if line.values), default=1
    )
    longest = max((_longest_word(label) for label in labels), default=1)
    # the sides' names whole first (a label wraps at its spaces), then the labels' lines,
    # then the typed cards' lines
    spare = con.width - frame - longest - sum(least)
    widths = list(least)

    def widen(to: list[int], spare: int) -> int:
        for k in range(len(widths)):
            more = max(min(to[k] - widths[k], spare), 0)
            widths[k] += more
            spare -= more
        return spare

    spare = widen(most, spare)
    label = max(longest, min(widest, longest + max(spare, 0)), 1)
    widen(typed, spare - (label - longest))
    table.columns[0].width = label
    for column, width in zip(table.columns[1:], widths, strict=True):
        column.width = width
    return label >= widest


#: Below this many columns a hand whose labels of figures would wrap in the table is printed
#: as a block per side instead (40 columns; 80 and 120 keep the table).
BLOCK_WIDTH = 60


def print_hands(con: Console, names: Sequence[str], hands: Sequence[Sequence[SheetLine]]) -> None:
    """Print ``hands`` (each a list of :class:`SheetLine`, its title first) of the sides
    ``names`` in the fastest layout that keeps every line whole (module doc): packed, as
    finished lines (:func:`packed_lines`); else Rich's table of a row per line (under
    :data:`BLOCK_WIDTH` columns only where each label of figures keeps to one line; a title
    or a note may wrap); else a block per side."""
    if use_packed(con.width, names, hands):
        from scorekeeper.presentation.plain import print_lines

        print_lines(con, packed_lines(con, names, hands))
        return
    table = sheet_table(names, hands, packed=False)
    # on a narrow console a label of figures wrapped onto a second line reads as two items:
    # a block per side then (from BLOCK_WIDTH columns up the table stays as it was)
    if fits_uncut(con, table) and (
        _label_width(con, table, names, hands) or con.width >= BLOCK_WIDTH
    ):
        con.print(table)
    else:
        for lines in hands:
            print_side_blocks(con, names, lines)

"""Tables as plain fixed-width lines: what Rich's table layout prints, without its layout cost.

Rich lays a table out cell by cell (about 0.6 ms a hand of the pad, 1 ms a row of the
statistics); a table whose cells are short, styled text needs none of that. :func:`table_lines`
lays out the same table Rich would (the same box, padding, column widths, justification,
bold header over its rule, title) from the text's widths in character cells (Rich's
``cell_len``: a Japanese character takes two), and :func:`print_lines` hands the finished lines
to the console as styled segments: the console still decides whether they carry escape codes
(none under ``NO_COLOR`` or off a terminal), escapes control characters and writes them. Only a
cell wider than its column goes through Rich's own wrapping (``Text.wrap``), which breaks it
at spaces (or folds a word too long) as Rich's table would.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Sequence
from itertools import chain, compress, repeat
from typing import TYPE_CHECKING, Any

from msgspec import Struct

if TYPE_CHECKING:
    from rich.box import Box
    from rich.console import Console

#: A piece of a line: its text and its style ("" for none; a Rich style such as "bold").
Piece = tuple[str, str]
#: One printed line: its pieces left to right.
Line = list[Piece]


class Cell(Struct, frozen=True):
    """One cell of a :func:`table_lines` table: its ``lines`` (each a list of pieces, usually
    one piece of one line) and the ``style`` the whole cell takes (its padding too)."""

    lines: tuple[tuple[Piece, ...], ...]
    style: str = ""


def cell(value: str, style: str = "") -> Cell:
    """A cell of the text ``value`` (line breaks start new lines), all of it in ``style``."""
    return Cell(tuple(((line, style),) for line in value.split("\n")), style)


class Column(Struct, frozen=True):
    """A column of a :func:`table_lines` table: its ``header`` text, ``justify`` ("left" or
    "right"), whether it may ``wrap`` (False: Rich's ``no_wrap``, the column never narrows)
    and its content ``width`` in character cells (None: as wide as its widest cell, narrowed
    as Rich narrows a table too wide for the console)."""

    header: str = ""
    justify: str = "left"
    wrap: bool = True
    width: int | None = None


def figures() -> Callable[[int | None], str]:
    """:func:`~scorekeeper.presentation.render.num` with the language looked up once, for a
    table of hundreds or thousands of numbers: ``"1,220"`` (``"1.220"`` in Turkish), ``"-"``
    for None."""
    from scorekeeper.presentation.render import num

    separator = num(1000)[1]

    def figure(n: int | None) -> str:
        if n is None:
            return "-"
        return f"{n:,}" if separator == "," else f"{n:,}".replace(",", separator)

    return figure


def figure_column(values: Sequence[int | None]) -> list[str]:
    """:func:`figures` of each of ``values`` (a column of thousands), formatted in C where
    none is None: ``[1220, 5]`` -> ``["1,220", "5"]`` (``"1.220"`` in Turkish)."""
    figure = figures()
    if None in values:
        return list(map(figure, values))
    texts = list(map(format, values, repeat(",")))
    separator = figure(1000)[1]
    return texts if separator == "," else [t.replace(",", separator) for t in texts]


def width_of(value: str) -> int:
    """``value``'s width in character cells as a terminal shows it (Rich's ``cell_len``: two
    for a wide East Asian character, none for a combining mark)."""
    if value.isascii():
        return len(value)
    from rich.cells import cell_len

    return cell_len(value)


def _ratio_reduce(
    total: int, ratios: list[int], maximums: list[int], values: list[int]
) -> list[int]:
    """Rich's ``ratio_reduce``: take ``total`` from ``values`` in proportion to ``ratios``,
    each at most its ``maximums``."""
    ratios = [r if m else 0 for r, m in zip(ratios, maximums, strict=True)]
    total_ratio = sum(ratios)
    if not total_ratio:
        return values[:]
    remaining = total
    result = []
    for ratio, maximum, value in zip(ratios, maximums, values, strict=True):
        if ratio and total_ratio > 0:
            distributed = min(maximum, round(ratio * remaining / total_ratio))
            result.append(value - distributed)
            remaining -= distributed
            total_ratio -= ratio
        else:
            result.append(value)
    return result


def _collapse(widths: list[int], wrapable: list[bool], room: int) -> list[int]:
    """Rich's narrowing of a table too wide: the widest wrapable columns first, down to the
    next widest, until the table fits ``room`` (or nothing wrapable is left to narrow); then,
    if it is still too wide, every column evenly."""
    excess = sum(widths) - room
    if any(wrapable):
        while sum(widths) and excess > 0:
            pairs = list(zip(widths, wrapable, strict=True))
            widest = max(w for w, a in pairs if a)
            second = max(w if a and w != widest else 0 for w, a in pairs)
            ratios = [1 if w == widest and a else 0 for w, a in pairs]
            if not any(ratios) or widest == second:
                break
            most = [min(excess, widest - second)] * len(widths)
            widths = _ratio_reduce(excess, ratios, most, widths)
            excess = sum(widths) - room
    if sum(widths) > room:
        widths = _ratio_reduce(sum(widths) - room, [1] * len(widths), widths, widths)
    return widths


def divide(text: str, width: int) -> list[str]:
    """``text`` (one line, no tab) broken into lines of at most ``width`` cells, as Rich
    wraps a text that may fold: where Rich's line divider breaks it (at spaces; in Japanese
    by :func:`~.wrapping.divide_line`, which stands in for it), the spaces staying at the end
    of the line they follow (Rich drops those past the width), a word longer than ``width``
    folded."""

    if width < 1:  # a column narrowed to nothing shows nothing
        return [""]
    if text.isascii():
        quick = _divide_ascii(text, width)
        if quick is not None:
            return quick
    from rich.text import divide_line  # Rich's own, or the Japanese line breaking in its place

    breaks = divide_line(text, width, fold=True)
    lines = [text[a:b] for a, b in zip([0, *breaks], [*breaks, len(text)], strict=True)]
    out = []
    for line in lines:
        if len(line) > width:  # Rich's rstrip_end: trailing spaces past the width go
            spaces = len(line) - len(line.rstrip())
            line = line[: len(line) - min(spaces, len(line) - width)]
        if width_of(line) > width:
            from rich.cells import set_cell_size

            line = set_cell_size(line, width)
        out.append(line)
    return out


def _divide_ascii(text: str, width: int) -> list[str] | None:
    """:func:`divide` of printable ASCII words each one space apart, every word fitting
    ``width``: greedy, as Rich divides (a space at a break is dropped: it is the column's
    fill anyway); None for any other text."""
    if not text or "  " in text or text[0] == " " or text[-1] == " " or not text.isprintable():
        return None
    if max(map(len, text.split(" "))) > width:
        return None
    # greedy: each line the most words that fit, from a word's start to a word's end
    return _lines_of(width).findall(text)


@functools.cache
def _lines_of(width: int) -> re.Pattern[str]:
    """The pattern of one line of :func:`_divide_ascii` at ``width``: a word's first
    character and as many more as fit that end at a word's end (before a space or the end).
    For words one space apart that each fit ``width``: a line then always starts at a word's
    start (the next search starts at the space after the last)."""
    return re.compile(rf"\S.{{0,{width - 1}}}(?= |$)")


def _wrapped(con: Console, value: Cell, width: int, wrap: bool) -> list[Line]:
    """``value``'s lines in a column ``width`` wide: a line that fits as it is; a longer one
    broken as Rich's table breaks it (:func:`divide` for text of one style, else Rich's own
    ``Text.wrap``)."""
    out: list[Line] = []
    for line in value.lines:
        if sum(width_of(t) for t, _ in line) <= width:
            out.append(list(line))
            continue
        if wrap and len(line) == 1 and "\t" not in line[0][0]:
            text, style = line[0]
            out += [[(part, style)] for part in divide(text, width)]
            continue
        from rich.text import Text

        rich_text = Text(no_wrap=not wrap, overflow="fold" if wrap else "crop")
        for piece, style in line:
            rich_text.append(piece, style or None)
        overflow = "fold" if wrap else "crop"
        for part in rich_text.wrap(con, width, justify="left", overflow=overflow):
            pieces: Line = []
            for segment in part.render(con):
                style = str(segment.style) if segment.style else ""
                pieces.append((segment.text, "" if style == "none" else style))
            out.append(pieces)
    return out


def _justified(line: Line, width: int, justify: str, style: str) -> Line:
    """``line`` filled to ``width`` cells: spaces after it (left) or, right-justified, before
    it, trailing spaces of the text dropped first (as Rich justifies); the fill in ``style``."""
    line = list(line)
    if justify == "right":
        while line and not line[-1][0].rstrip(" "):
            line.pop()
        if line and line[-1][0].endswith(" "):
            line[-1] = (line[-1][0].rstrip(" "), line[-1][1])
        fill = width - sum(width_of(t) for t, _ in line)
        return [(" " * fill, style), *line] if fill > 0 else line
    fill = width - sum(width_of(t) for t, _ in line)
    return [*line, (" " * fill, style)] if fill > 0 else line


def _join(pieces: Iterable[Piece]) -> Line:
    """``pieces`` with neighbours of one style joined and empty ones left out."""
    out: Line = []
    for text, style in pieces:
        if not text:
            continue
        if out and out[-1][1] == style:
            out[-1] = (out[-1][0] + text, style)
        else:
            out.append((text, style))
    return out


def table_lines(
    con: Console,
    columns: Sequence[Column],
    rows: Sequence[Sequence[Cell | str]],
    *,
    box: Box | None,
    padding: int = 1,
    show_edge: bool = True,
    header_style: str = "table.header",
    title: str | None = None,
    title_style: str = "table.title",
) -> list[Line]:
    """The lines Rich prints for a table of ``columns`` and ``rows`` (each cell a
    :class:`Cell`, or a str: one line of text with no style) on console ``con``, with ``box``
    (made safe for the console's encoding, as Rich does; None for no box), ``padding`` cells
    each side of a column but the table's outer edges (Rich's ``pad_edge=False``),
    ``show_edge``, the headers in ``header_style`` over the box's head rule (bottom-aligned
    where one wraps), and a ``title`` on the left above it all.

    Widths are Rich's: a column with a ``width`` keeps it; the others are as wide as their
    widest cell, and a table too wide for the console is narrowed as Rich narrows it (the
    widest wrapable columns first), their cells then wrapped at spaces (:func:`divide`)."""
    lines = _laid_out(con, columns, rows, box, padding, show_edge, header_style, title, title_style)
    assert lines is not None  # only fitted_table_lines gives a table up
    return lines


def fitted_table_lines(
    con: Console,
    columns: Sequence[Column],
    rows: Sequence[Sequence[Cell | str]],
    *,
    box: Box | None,
    title: str | None = None,
) -> list[Line] | None:
    """:func:`table_lines` of a table that fits the console as wide as its widest cells;
    None for one that Rich would have to narrow (a caller whose cells Rich measures in its
    own way, a number never cut, then hands the table to Rich)."""
    return _laid_out(con, columns, rows, box, 1, True, "table.header", title, "table.title", True)


def _laid_out(
    con: Console,
    columns: Sequence[Column],
    rows: Sequence[Sequence[Cell | str]],
    box: Box | None,
    padding: int,
    show_edge: bool,
    header_style: str,
    title: str | None,
    title_style: str,
    fit_only: bool = False,
) -> list[Line] | None:
    count = len(columns)
    pads = [(0 if k == 0 else padding, 0 if k == count - 1 else padding) for k in range(count)]
    extra = (count - 1 if box else 0) + (2 if box and show_edge else 0)
    heads = [cell(c.header, header_style) for c in columns]
    # the widest line of each column, header included
    # each column's cells, top to bottom
    if rows and set(map(len, rows)) == {count}:
        by_column: list[Sequence[Cell | str]] = list(zip(*rows, strict=True))
    else:
        by_column = [[row[k] for row in rows] for k in range(count)]
    most = []
    plain = [_all_text(values) for values in by_column]  # each column: every cell a str?
    for k, column in enumerate(columns):
        if column.width is not None:
            most.append(column.width)
            continue
        widest = max(width_of(t) for line in heads[k].lines for t, _ in line)
        values = by_column[k]
        texts = values if plain[k] else [v for v in values if isinstance(v, str)]
        if texts:
            ascii_only = "".join(texts).isascii()  # type: ignore[arg-type]
            widest = max(widest, *map(len if ascii_only else width_of, texts))  # type: ignore[call-overload]
        if len(texts) < len(values):
            for value in values:
                if isinstance(value, Cell):
                    for line in value.lines:
                        widest = max(widest, sum(width_of(t) for t, _ in line))
        most.append(widest)
    room = con.width - extra
    # as Rich measures a column: its widest line and padding, at most the room there is
    widths = [max(min(m + sum(p), room), 0) or 1 for m, p in zip(most, pads, strict=True)]
    if sum(widths) > room:
        if fit_only:
            return None
        wrapable = [c.width is None and c.wrap for c in columns]
        widths = _collapse(widths, wrapable, room)
        widths = [min(m + sum(p), w) for m, p, w in zip(most, pads, widths, strict=True)]
    inner = [max(w - sum(p), 0) for w, p in zip(widths, pads, strict=True)]
    safe = box.substitute(con.options, safe=True) if box else None
    lines: list[Line] = []
    table_width = sum(widths) + extra
    if title:
        for line in _wrapped(con, cell(title, title_style), table_width, True):
            lines.append(_join(_justified(line, table_width, "left", title_style)))
    if safe and show_edge:
        lines.append([(safe.get_top(widths), "")])
    edges = ("", "", "")
    heads_edges = edges
    body_edges = edges
    foot_edges = edges
    if safe:
        heads_edges = (safe.head_left, safe.head_vertical, safe.head_right)
        body_edges = (safe.mid_left, safe.mid_vertical, safe.mid_right)
        foot_edges = (safe.foot_left, safe.foot_vertical, safe.foot_right)
    lines += _row_lines(con, heads, inner, columns, pads, True, heads_edges, show_edge)
    if safe:
        lines.append([(safe.get_row(widths, "head", edge=show_edge), "")])
    quick = None
    if rows and (body_edges == foot_edges or not show_edge):
        shown = body_edges if show_edge else ("", body_edges[1], "")
        quick = _columnar(by_column, plain, inner, columns, pads, shown)
    if quick is not None:
        lines += quick
    else:
        for index, row in enumerate(rows, 1):
            own = foot_edges if index == len(rows) else body_edges
            lines += _row_lines(con, row, inner, columns, pads, False, own, show_edge)
    if safe and show_edge:
        lines.append([(safe.get_bottom(widths), "")])
    return lines


def _all_text(values: Sequence[Cell | str]) -> bool:
    """True when every one of ``values`` is a str (none a :class:`Cell`), looked at in C."""
    return not values or set(map(type, values)) == {str}


def _column_texts(values: Sequence[Cell | str], plain: bool) -> tuple[list[str], str] | None:
    """A column's cells as their texts and the one style they share, when every cell is one
    line of one style (a str: unstyled; ``plain``: every one is, :func:`_all_text`); None
    otherwise."""
    if plain:
        return list(values), ""  # type: ignore[arg-type]
    texts = []
    style = None
    for value in values:
        if isinstance(value, str):
            text, own = value, ""
        elif len(value.lines) == 1 and len(value.lines[0]) == 1:
            text, own = value.lines[0][0]
            if own != value.style and text:
                return None
            own = value.style
        else:
            return None
        if style is None:
            style = own
        elif own != style:
            return None
        texts.append(text)
    return texts, style or ""


def _columnar(
    by_column: Sequence[Sequence[Cell | str]],
    plain: Sequence[bool],
    inner: Sequence[int],
    columns: Sequence[Column],
    pads: Sequence[tuple[int, int]],
    edges: tuple[str, str, str],
) -> list[Line] | None:
    """The body rows (``by_column``: each column's cells, top to bottom; ``plain``: whether
    each column's are all str) laid out a column at a time, when each column's cells are one
    line of text of one style (:func:`_column_texts`): each broken by :func:`divide` where
    it does not fit its column's width and filled to that width, then each line joined with
    its padding and dividers per run of columns of one style, all in C (``map``/``join``).
    None for any other table (:func:`_row_lines` lays it out)."""
    count = len(columns)
    filled: list[list[str]] = []  # each column's first lines, filled to its width
    styles: list[str] = []
    # column -> (the rows where its cell runs on, each one's lines after its first)
    runs_on: dict[int, tuple[list[int], list[list[str]]]] = {}
    fills: list[Callable[[str, int], str]] = []  # each column's fill to its width
    for k, column in enumerate(columns):
        found = _column_texts(by_column[k], plain[k])
        if found is None:
            return None
        texts, style = found
        joined = "\x00".join(texts)
        if "\n" in joined or "\t" in joined:
            return None
        right = column.justify == "right"
        width = inner[k]
        if right and " \x00" in joined + "\x00":
            texts = [t.rstrip(" ") for t in texts]
        ascii_only = joined.isascii()
        if ascii_only:
            fill: Callable[[str, int], str] = str.rjust if right else str.ljust
        else:
            fill = functools.partial(_fill, right=right)
        sizes = list(map(len, texts)) if ascii_only else list(map(width_of, texts))
        if max(sizes, default=0) > width:
            if not column.wrap:
                return None
            wide = list(compress(range(len(sizes)), map(width.__lt__, sizes)))
            divided = list(_divided([texts[n] for n in wide], width, ascii_only))
            if right:
                divided = [[p.rstrip(" ") for p in parts] for parts in divided]
            for n, parts in zip(wide, divided, strict=True):
                texts[n] = parts[0]
            runs_on[k] = (wide, [parts[1:] for parts in divided])
        filled.append(list(map(fill, texts, repeat(width))))
        fills.append(fill)
        styles.append(style)
    left_edge, divider, right_edge = edges
    before = [(left_edge if c == 0 else "") + " " * pads[c][0] for c in range(count)]
    after = [" " * pads[c][1] + (divider if c < count - 1 else right_edge) for c in range(count)]
    runs: list[tuple[range, str]] = []  # runs of columns of one style
    start = 0
    for k in range(1, count + 1):
        if k == count or styles[k] != styles[start]:
            runs.append((range(start, k), styles[start]))
            start = k

    def glued(run: range) -> list[str]:
        """What stands before each column of ``run`` and after its last: padding, dividers."""
        glue = [before[run.start]]
        for c in run:
            glue.append(after[c] + before[c + 1] if c + 1 < run.stop else after[c])
        return glue

    def run_texts(cells: Sequence[Iterable[str]], run: range) -> list[str]:
        """Each line of the columns ``run`` of ``cells`` (each column's filled lines)."""
        glue = glued(run)
        pieces: list[Iterable[str]] = [repeat(glue[0])]
        for c, own in zip(run, glue[1:], strict=True):
            pieces += (cells[c], repeat(own))
        return list(map("".join, zip(*pieces, strict=False)))  # the glue repeats

    blank = [" " * w for w in inner]

    def line_of(cells: Sequence[str]) -> Line:
        """One line of one cell text a column (filled), its runs in their styles."""
        out = []
        for run, style in runs:
            glue = glued(run)
            text = glue[0] + "".join(cells[c] + g for c, g in zip(run, glue[1:], strict=True))
            out.append((text, style))
        return out

    def continued(n: int) -> list[Line]:
        """Row ``n``'s lines after its first: each the next part of every cell that runs
        on, the other columns blank."""
        extra = {k: later[k][n] for k in runs_on if n in later[k]}
        out = []
        for m in range(max(map(len, extra.values()))):
            parts = {k: fills[k](p[m], inner[k]) for k, p in extra.items() if m < len(p)}
            out.append(line_of([parts.get(c, blank[c]) for c in range(count)]))
        return out

    later = {k: dict(zip(rows, rests, strict=True)) for k, (rows, rests) in runs_on.items()}

    if len(runs) == 1 and not runs[0][1]:  # the common case: one unstyled run a line
        texts = run_texts(filled, runs[0][0])
        if len(runs_on) == 1:  # one column runs on (a long name): its lines, the rest blank
            ((k, (rows, rests)),) = runs_on.items()
            left, _, right = line_of([*blank[:k], "\x00", *blank[k + 1 :]])[0][0].partition("\x00")
            parts = map(fills[k], chain.from_iterable(rests), repeat(inner[k]))
            more = list(map("".join, zip(repeat(left), parts, repeat(right), strict=False)))
            # each line's row, and a stable sort by it: every row's first line, then its others
            owner = [*range(len(texts)), *chain.from_iterable(map(repeat, rows, map(len, rests)))]
            every = texts + more
            texts = list(map(every.__getitem__, sorted(range(len(every)), key=owner.__getitem__)))
        elif runs_on:
            blocks = [[text] for text in texts]
            for n in sorted(set().union(*later.values())):
                blocks[n] += [line[0][0] for line in continued(n)]
            texts = list(chain.from_iterable(blocks))
        return [[(text, "")] for text in texts]
    per_run = [zip(run_texts(filled, run), repeat(style)) for run, style in runs]
    firsts: list[Line] = list(map(list, zip(*per_run, strict=True)))
    if not runs_on:
        return firsts
    out: list[Line] = []
    wrapped = set().union(*later.values())
    for n, first in enumerate(firsts):
        out.append(first)
        if n in wrapped:
            out += continued(n)
    return out


def _divided(texts: list[str], width: int, ascii_only: bool) -> Iterable[list[str]]:
    """Each of ``texts`` (one line each, none with a tab) broken into lines of ``width``
    cells (:func:`divide`); for printable ASCII words one space apart that each fit, as
    :func:`_divide_ascii` breaks them, the whole column checked at once (and a word too
    long found by the lines not making its text again)."""
    if ascii_only and texts:
        joined = "\n".join(texts)
        if (
            "" not in texts
            and "  " not in joined
            and " \n" not in joined
            and "\n " not in joined
            and joined[0] != " "
            and joined[-1] != " "
            and joined.replace("\n", "").isprintable()
        ):
            divided = list(map(_lines_of(width).findall, texts))
            # a word too long for a line would have been cut short: the lines would not
            # make the text again
            if list(map(" ".join, divided)) == texts:
                return divided
    return [(_divide_ascii(t, width) if ascii_only else None) or divide(t, width) for t in texts]


def _fill(text: str, width: int, right: bool) -> str:
    """``text`` filled with spaces to ``width`` cells, on the left when ``right``."""
    fill = " " * (width - width_of(text))
    return fill + text if right else text + fill


def _row_lines(
    con: Console,
    row: Sequence[Cell | str],
    inner: Sequence[int],
    columns: Sequence[Column],
    pads: Sequence[tuple[int, int]],
    header: bool,
    edges: tuple[str, str, str],
    show_edge: bool,
) -> list[Line]:
    """One row's lines, its cells wrapped where they do not fit; a header at the bottom of
    its row (as Rich aligns headers), every other cell at the top."""
    cells = [value if isinstance(value, Cell) else cell(value) for value in row]
    rendered = [_wrapped(con, c, inner[k], columns[k].wrap) for k, c in enumerate(cells)]
    height = max(len(r) for r in rendered)
    out = []
    last = len(columns) - 1
    for n in range(height):
        pieces: Line = [(edges[0], "")] if show_edge else []
        for k, column in enumerate(columns):
            style = cells[k].style
            start = height - len(rendered[k]) if header else 0
            own = rendered[k][n - start] if 0 <= n - start < len(rendered[k]) else []
            left, right = pads[k]
            pieces.append((" " * left, style))
            pieces += _justified(own, inner[k], column.justify, style)
            pieces.append((" " * right, style))
            if k < last:
                pieces.append((edges[1], ""))
        if show_edge:
            pieces.append((edges[2], ""))
        out.append(_join(pieces))
    return out


def text_lines(con: Console, text: str, style: str = "", width: int | None = None) -> list[Line]:
    """The lines ``con.print`` prints for the plain ``text`` (never read as markup) in
    ``style``: each of its lines as it is where it fits the console's width (``width``: that
    width, looked up once by a caller printing thousands), else broken as Rich breaks it (at
    spaces, a word too long folded: Rich's own ``Text.wrap``), with no fill after it."""
    width = con.width if width is None else width
    out: list[Line] = []
    for line in text.split("\n"):
        if "\t" not in line and (len(line) if line.isascii() else width_of(line)) <= width:
            out.append([(line, style)] if line else [])
            continue
        from rich.text import Text

        for part in Text(line, style=style).wrap(con, width, justify="default", overflow="fold"):
            out.append([(part.plain, style)] if part.plain else [])
    return out


class PrintedLines:
    """Finished lines as a Rich renderable: each piece one segment in its style, a line break
    after each line; nothing is laid out again."""

    def __init__(self, lines: Sequence[Line]) -> None:
        self.lines = lines

    def __rich_console__(self, console: Console, options: Any) -> Iterable[Any]:
        from rich.segment import Segment

        styles: dict[str, Any] = {}
        plain: list[str] = []  # unstyled text gathered, line breaks and all, into one segment
        for line in self.lines:
            for text, style in line:
                if not style:
                    plain.append(text)
                    continue
                if plain:
                    yield Segment("".join(plain))
                    plain = []
                if style not in styles:
                    styles[style] = console.get_style(style)
                yield Segment(text, styles[style])
            plain.append("\n")
        if plain:
            yield Segment("".join(plain))


def print_lines(con: Console, lines: Sequence[Line]) -> None:
    """Print finished ``lines`` on ``con``: styled where the console styles, escape codes
    nowhere else (the console's own choice: ``NO_COLOR``, a pipe)."""
    con.print(PrintedLines(lines), crop=False, soft_wrap=True)

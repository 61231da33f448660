"""The score pad on a terminal (``show``): one line per hand, as on the paper pad.

A header names the game (id, variant, target, label), the sides with their players and the
outcome; then one table row per hand: its number (``*`` where it has a note), its dealer (where
the sides named players), its partners (cutthroat), and per side the hand score, the running
total and the opening minimum that applied at the hand (RULES.md §3); then the notes, one line
each (so nothing the sheet keeps is lost); then, while the game is open, the footer that
``status`` ends with too: each side's next opening minimum and the next dealer
(:func:`~scorekeeper.presentation.standings.footer_lines`).

Every value comes from the one :class:`~scorekeeper.presentation.view.HandView` of each hand.
When a column per side does not fit the terminal (many sides, long names, a narrow terminal),
the pad stacks: one small table per side (or, narrower still, a line per hand for each side),
so no number is ever cut. Whether it fits is worked out from the text's widths (no Rich
measurement); Rich then lays out one table of a row per hand. ``show --detail`` prints the full
breakdown instead (:mod:`scorekeeper.presentation.formats.terminal_sheet`).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from msgspec import Struct

from scorekeeper.domain.minimums import NO_MINIMUM
from scorekeeper.i18n import N_, labelled, listing
from scorekeeper.i18n import gettext as _
from scorekeeper.presentation.console import print_header, text, visible
from scorekeeper.presentation.plain import Line, figures, print_lines
from scorekeeper.presentation.render import minimum_text, num
from scorekeeper.presentation.standings import footer_lines, outcome_text
from scorekeeper.presentation.view import game_heading, hand_views

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table

    from scorekeeper.domain.records import StoredGame
    from scorekeeper.presentation.view import HandView

#: The mark after a hand's number where the hand has a note (the notes follow the pad).
NOTE_MARK = "*"

#: Spaces between two columns of one side, and (with the empty column between sides) between
#: the last column of a side and the first of the next.
GAP = 1
SIDE_GAP = 3


#: The headings of the pad's own columns, kept in English in :class:`PadColumn` (the HTML
#: formats tell the columns by them) and translated where they are printed (:func:`heading`).
PAD_HEADINGS = (
    N_("hand"),
    N_("dealer"),
    N_("partners"),
    N_("total"),
    N_("min"),
    N_("score"),
)


def heading(column: PadColumn) -> str:
    """What heads ``column`` on the terminal, and what its width is measured by: a column of
    the pad's own (:data:`PAD_HEADINGS`) in the language in use, a side's name as typed (in
    English both are the header itself)."""
    return _(column.header) if column.header in PAD_HEADINGS else column.header


class PadColumn(Struct, frozen=True):
    """One column of the pad: its ``header`` (a side's name, "total", "min"), its ``cells`` top
    to bottom (as printed), whether it is a ``number`` column (right-justified, never wrapped)
    and the ``side`` it belongs to (None for the hand and dealer columns)."""

    header: str
    cells: tuple[str, ...]
    number: bool = True
    side: int | None = None


def hand_label(view: HandView, marks: bool = False) -> str:
    """A hand's number as the pad's first column shows it: ``"3"``, or ``"3*"`` when the hand
    has a note; with ``marks`` (some hand of the game has a note) ``"3 "`` for a hand without
    one, so the numbers stay in line."""
    if view.note:
        return f"{view.number}{NOTE_MARK}"
    return f"{view.number} " if marks else str(view.number)


def shows_minimums(views: Sequence[HandView]) -> bool:
    """True when some hand had an opening minimum (a variant with no minimum table has none,
    and the pad then leaves the minimum columns out)."""
    return any(m != NO_MINIMUM for v in views for m in v.minimums)


def pad_columns(stored: StoredGame, views: Sequence[HandView]) -> list[PadColumn]:
    """The pad's columns left to right: "hand", "dealer" (where the sides named players),
    "partners" (where a hand had two, cutthroat), then
    per side its name over the hand scores, "total" over the running totals and "min" over the
    opening minimums that applied (where the variant has any). A side that started at a score
    other than 0 gives the pad a first row, "start", with each side's start score as its
    total."""
    game = stored.game
    starts = [s.start_score for s in game.sides]
    start = any(starts)
    first = (_("start"),) if start else ()
    marks = any(v.note for v in views)
    columns = [PadColumn("hand", first + tuple(hand_label(v, marks) for v in views))]
    if any(v.dealer for v in views):
        columns.append(
            PadColumn("dealer", ("",) * start + tuple(v.dealer or "" for v in views), False)
        )
    if any(v.partners for v in views):  # cutthroat (RULES.md §2.2)
        partners = tuple(listing(v.partners) for v in views)
        columns.append(PadColumn("partners", ("",) * start + partners, False))
    minimums = shows_minimums(views)
    # a number or a minimum said once for all the hands (the language is looked up once)
    figure = figures()
    said = functools.cache(minimum_text)
    for i, side in enumerate(game.sides):
        blank = ("",) if start else ()
        columns.append(
            PadColumn(side.name, blank + tuple(figure(v.scores[i]) for v in views), True, i)
        )
        totals = ((num(starts[i]),) if start else ()) + tuple(figure(v.totals[i]) for v in views)
        columns.append(PadColumn("total", totals, True, i))
        if minimums:
            cells = blank + tuple(said(v.minimums[i]) for v in views)
            columns.append(PadColumn("min", cells, True, i))
    return columns


def _widest(values: Sequence[str]) -> int:
    from rich.cells import cell_len

    return max((cell_len(v) for v in values), default=0)


def _least(column: PadColumn) -> int:
    """The fewest columns (character cells) ``column`` can take with no value wrapped or cut:
    its widest cell (a number, a dealer, a minimum such as "a natural canasta"); its header
    may wrap at spaces, so only the header's longest word counts."""
    return max(_widest(column.cells), _widest(visible(heading(column)).split() or [""]))


def table_width(columns: Sequence[PadColumn], widths: Sequence[int]) -> int:
    """The width in character cells of a pad of ``columns`` ``widths`` wide: :data:`GAP`
    between the columns of one side, :data:`SIDE_GAP` before each side's first column."""
    total = sum(widths)
    for k in range(1, len(columns)):
        starts_side = columns[k].side is not None and columns[k].side != columns[k - 1].side
        total += SIDE_GAP if starts_side else GAP
    return total


def fits(columns: Sequence[PadColumn], width: int) -> bool:
    """True when the pad of ``columns`` fits ``width`` columns with every value on one line
    (the headers may wrap at spaces)."""
    return table_width(columns, [_least(c) for c in columns]) <= width


def _ascii_rule() -> Any:
    from rich.box import Box

    # Rich's boxes as eight rows of four: top, head, head row, mid, row, foot row, foot, bottom
    return Box("    \n    \n -- \n    \n    \n    \n    \n    \n", ascii=True)


def column_widths(columns: Sequence[PadColumn], width: int) -> list[int]:
    """Each column's width in character cells for a console ``width`` wide: as wide as its
    widest cell and its header where the whole pad fits so, else as wide as its widest cell
    and its header's longest word (the header then wraps), with the room left shared out
    among the wrapping headers. Set on the table, these spare Rich measuring each cell."""
    full = [max(_widest(c.cells), _widest([visible(heading(c))])) for c in columns]
    if table_width(columns, full) <= width:
        return full
    widths = [_least(c) for c in columns]
    room = width - table_width(columns, widths)
    while room > 0:  # the room left, a cell at a time to each header that wraps
        grown = False
        for k, want in enumerate(full):
            if room and widths[k] < want:
                widths[k] += 1
                room -= 1
                grown = True
        if not grown:
            break
    return widths


def pad_table(
    columns: Sequence[PadColumn],
    title: str | None = None,
    ascii_only: bool = False,
    width: int = 80,
) -> Table:
    """One Rich table of the pad: the headers bold over a rule, then a row per hand with the
    running totals bold; numbers right-justified; no value wrapped (:func:`fits` said they
    fit), only a header; every cell a Text (nothing
    typed is read as markup). Columns are :data:`GAP` apart, and an empty column sets each
    side :data:`SIDE_GAP` apart from the one before. With ``ascii_only`` (a terminal that
    cannot show box lines), the rule is of hyphens. The columns' widths are
    :func:`column_widths` for a console ``width`` wide."""
    from rich import box
    from rich.table import Table
    from rich.text import Text

    table = Table(
        title=text(title, "bold") if title else None,
        title_justify="left",
        # a rule under the headers; the box's column dividers (spaces) are the gaps
        box=_ascii_rule() if ascii_only else box.SIMPLE_HEAD,
        padding=0,
        pad_edge=False,
        show_edge=False,
        header_style="bold",
    )
    order: list[PadColumn | None] = []
    widths = column_widths(columns, width)
    for k, column in enumerate(columns):
        if k and column.side is not None and column.side != columns[k - 1].side:
            order.append(None)  # between sides
        order.append(column)
    fixed = iter(widths)
    for column in order:
        if column is None:
            table.add_column("", width=SIDE_GAP - 2 * GAP, no_wrap=True)
            continue
        justify = "right" if column.number else "left"
        table.add_column(
            text(heading(column)), justify=justify, overflow="fold", width=max(next(fixed), 1)
        )
    rows = len(columns[0].cells)
    for r in range(rows):
        cells = []
        for column in order:
            if column is None:
                cells.append(Text(""))
                continue
            value = column.cells[r]
            style = "bold" if column.header == "total" and column.side is not None else ""
            cells.append(Text(visible(value), style=style, no_wrap=True))
        table.add_row(*cells)
    return table


def pad_lines(con: Console, columns: Sequence[PadColumn], title: str | None = None) -> list[Line]:
    """:func:`pad_table` as finished lines (:func:`~scorekeeper.presentation.plain.table_lines`):
    the same pad, character for character and style for style, without Rich laying out a row
    per hand."""
    from rich import box

    from scorekeeper.presentation.plain import Column, cell, table_lines

    order: list[PadColumn | None] = []
    for k, column in enumerate(columns):
        if k and column.side is not None and column.side != columns[k - 1].side:
            order.append(None)  # between sides
        order.append(column)
    fixed = iter(column_widths(columns, con.width))
    table: list[Column] = []
    for column in order:
        if column is None:
            table.append(Column("", "left", False, SIDE_GAP - 2 * GAP))
        else:
            justify = "right" if column.number else "left"
            table.append(Column(visible(heading(column)), justify, True, max(next(fixed), 1)))
    gap = cell("")
    rows = []
    for r in range(len(columns[0].cells)):
        row = []
        for column in order:
            if column is None:
                row.append(gap)
                continue
            bold = column.header == "total" and column.side is not None
            row.append(cell(visible(column.cells[r]), "bold" if bold else ""))
        rows.append(row)
    rule = _ascii_rule() if con.options.ascii_only else box.SIMPLE_HEAD
    return table_lines(
        con,
        table,
        rows,
        box=rule,
        padding=0,
        show_edge=False,
        header_style="bold",
        title=visible(title) if title else None,
        title_style="bold",
    )


def side_columns(columns: Sequence[PadColumn], side: int) -> list[PadColumn]:
    """The hand and dealer columns and those of one ``side``, for the pad stacked per side;
    the side's score column is headed "score" (the side's name titles its table)."""
    shared = [c for c in columns if c.side is None]
    own = [c for c in columns if c.side == side]
    own[0] = PadColumn("score", own[0].cells, True, side)
    return [*shared, *own]


def row_lines(columns: Sequence[PadColumn]) -> list[str]:
    """One side's pad (:func:`side_columns`) as a line per row, for a terminal too narrow even
    for its table: the hand (and dealer), then each value after its header, ``"3 Ann: score
    110, total 330, min 50"``; the lines wrap at spaces, so no number is cut."""
    shared = [c for c in columns if c.side is None]
    own = [c for c in columns if c.side is not None]
    lines = []
    for r in range(len(columns[0].cells)):
        head = " ".join(c.cells[r].strip() for c in shared if c.cells[r].strip())
        values = listing(f"{heading(c)} {c.cells[r]}" for c in own if c.cells[r])
        lines.append(labelled(head, values))
    return lines


def header_lines(stored: StoredGame) -> list[str]:
    """The pad's header: the game's line (id, variant, target, label), the sides (each
    side's name with its players, unless its one player is its name) and the outcome
    (:func:`.standings.outcome_text`)."""
    h = game_heading(stored)
    first = _("Game {game} · {title} · {target}").format(
        game=h.game, title=h.title, target=h.target
    )
    if h.label:
        first += f" · {h.label}"
    sides = []
    for side in stored.game.sides:
        own = side.players and list(side.players) != [side.name]
        sides.append(
            _("{side} ({players})").format(side=side.name, players=listing(side.players))
            if own
            else side.name
        )
    outcome = outcome_text(stored)
    if h.deleted:
        outcome += _(" (deleted: 'scorekeeper restore' brings it back)")
    return [first, _(" vs ").join(sides), outcome]


def note_lines(views: Sequence[HandView]) -> list[str]:
    """One line per hand with a note, in hand order: ``"3* Note: the text"``."""
    note = _("Note:")
    return [f"{hand_label(v)} {note} {v.note}" for v in views if v.note]


def print_game(con: Console, stored: StoredGame) -> None:
    """The score pad (module doc): header, a row per hand, notes, and while the game is open
    the next opening minimums and the next dealer."""
    heading, *rest = header_lines(stored)
    print_header(con, heading, "bold")
    for line in rest:
        con.print(text(line))
    views = hand_views(stored.game)
    if not views:
        con.print(_("No hands recorded yet."))
    else:
        columns = pad_columns(stored, views)
        if fits(columns, con.width):
            print_lines(con, pad_lines(con, columns))
        else:
            for i, side in enumerate(stored.game.sides):
                own = side_columns(columns, i)
                if fits(own, con.width):
                    print_lines(con, pad_lines(con, own, side.name))
                    continue
                con.print(text(side.name, "bold"))
                for line in row_lines(own):
                    con.print(text(line))
        for line in note_lines(views):
            con.print(text(line))
    for line in footer_lines(stored):
        print_header(con, line)

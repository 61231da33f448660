"""The score sheet as HTML, to print and keep (README, "Export and import"): a score pad on
the first page, then every hand's breakdown.

The pad is the paper pad's page: the game's heading, the sides with their players, the outcome
(the winner with the final scores and the margin), then a row per hand with its dealer (and
partners, in cutthroat) and per side the hand score, the running total and the opening minimum
that applied (RULES.md §3), a total row, the notes, and while the game is open each side's next
opening minimum and the next dealer. The columns and lines are those of the terminal pad
(:mod:`scorekeeper.presentation.formats.terminal_pad`), so both read alike.

Printed (``@page``, ``@media print``), the pad of up to 12 hands of two sides fits one A4 or
Letter page, and the breakdowns follow it: one small block per hand, several to a row, each
kept whole (``break-inside: avoid``), so a page breaks between hands only. The page's language
is the game's (:func:`page_language`). Every name and note is escaped.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from scorekeeper.i18n import gettext as _
from scorekeeper.i18n import language, listing
from scorekeeper.presentation.formats.terminal_pad import (
    hand_label,
    header_lines,
    heading,
    note_lines,
    pad_columns,
)
from scorekeeper.presentation.render import num
from scorekeeper.presentation.standings import footer_lines
from scorekeeper.presentation.view import game_heading, hand_views, label_text

if TYPE_CHECKING:
    from scorekeeper.domain.records import StoredGame
    from scorekeeper.presentation.formats.terminal_pad import PadColumn
    from scorekeeper.presentation.view import HandView

#: The language of the sheet's words, for a game that records none (every game today).
DEFAULT_LANGUAGE = "en"

#: The page's style: on screen a sheet of paper's width; printed, the pad alone on the first
#: page (small enough for 12 hands of two sides on A4 and Letter), the breakdowns after it,
#: each hand's block never split across pages.
_CSS = """
html { font-family: Georgia, "Times New Roman", serif; color: #111; }
body { margin: 1.5em auto; max-width: 46em; padding: 0 1em; font-size: 11pt; }
h1 { font-size: 1.35em; margin: 0 0 0.15em; }
h2 { font-size: 1.1em; margin: 0.8em 0 0.4em; }
p { margin: 0.15em 0; }
p.outcome { font-weight: bold; margin-top: 0.35em; }
table { border-collapse: collapse; }
th, td { border: 1px solid #666; padding: 0.12em 0.45em; }
th { font-weight: bold; background: #eee; }
td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
td.t { font-weight: bold; }
td.hand, th.hand { text-align: center; white-space: nowrap; }
td.who { white-space: nowrap; }
table.pad { width: 100%; margin: 0.5em 0; }
table.pad tr { break-inside: avoid; }
tr.total td { font-weight: bold; border-top: 2px solid #111; }
ul.notes { margin: 0.3em 0; padding-left: 1.2em; }
section.hands { display: grid; gap: 0.6em 0.8em; font-size: 0.85em; }
div.hand { break-inside: avoid; page-break-inside: avoid; }
div.hand table { width: 100%; table-layout: fixed; }
div.hand th.side { text-align: right; overflow-wrap: anywhere; font-weight: bold; }
div.hand col.label { width: 9em; }
div.hand th, div.hand td { padding: 0.05em 0.3em; }
div.hand h3 { font-size: 1em; margin: 0 0 0.1em; }

@page { margin: 12mm; }
@media print {
  body { margin: 0; max-width: none; padding: 0; font-size: 9pt; line-height: 1.2; }
  th, td { padding: 0.02em 0.4em; }
  th { background: none; }
}
"""


def page_language(stored: StoredGame) -> str:
    """The language of the sheet, as ``<html lang>`` gives it (a BCP 47 tag): the language its
    words are written in (README, "Languages"), "en" by default."""
    return language() or DEFAULT_LANGUAGE


def _side_headers(columns: list[PadColumn]) -> tuple[str, str]:
    """The pad's two header rows: the hand, dealer and partners columns over both rows, each
    side's name over its columns, then "Score", "Total" and "Min" under it."""
    e = escape
    top, under = [], []
    for k, column in enumerate(columns):
        if column.side is None:
            css = "hand" if k == 0 else "who"
            top.append(f'<th class="{css}" rowspan="2">{e(heading(column).capitalize())}</th>')
            continue
        if column.header != "total" and column.header != "min":
            span = sum(1 for c in columns if c.side == column.side)
            top.append(f'<th colspan="{span}">{e(column.header)}</th>')
            score = _("Score")
            under.append(f'<th class="n">{e(score)}</th>')
        else:
            under.append(f'<th class="n">{e(heading(column).capitalize())}</th>')
    return "".join(top), "".join(under)


def _pad(stored: StoredGame, views: list[HandView]) -> list[str]:
    """The pad's table: a row per hand (after a "start" row where a side started above 0), the
    running totals in bold, then the total row."""
    e = escape
    game = stored.game
    columns = pad_columns(stored, views)
    top, under = _side_headers(columns)
    parts = ['<table class="pad"><thead>', f"<tr>{top}</tr>", f"<tr>{under}</tr>", "</thead>"]
    parts.append("<tbody>")
    for r in range(len(columns[0].cells)):
        cells = []
        for k, column in enumerate(columns):
            value = e(column.cells[r].strip())  # "3 " beside "4*" lines up on a terminal only
            if k == 0:
                cells.append(f'<td class="hand">{value}</td>')
            elif column.side is None:
                cells.append(f'<td class="who">{value}</td>')
            elif column.header == "total":
                cells.append(f'<td class="n t">{value}</td>')
            else:
                cells.append(f'<td class="n">{value}</td>')
        parts.append(f"<tr>{''.join(cells)}</tr>")
    shared = sum(1 for c in columns if c.side is None)
    totals = []
    for i, total in enumerate(game.totals):
        own = [c.header for c in columns if c.side == i]
        totals += [f'<td class="n">{num(total)}</td>' if h == "total" else "<td></td>" for h in own]
    total_word = _("Total")
    parts.append(
        f'<tr class="total"><td class="hand" colspan="{shared}">{e(total_word)}</td>'
        f"{''.join(totals)}</tr>"
    )
    parts.append("</tbody></table>")
    return parts


def _breakdown(view: HandView) -> str:
    """One hand's block: its items that scored, per side, and the hand score (its note, marked
    ``*`` by its number, is listed under the pad)."""
    e = escape
    head = "".join(f'<th class="side">{e(name)}</th>' for name in view.teams)
    title = _("Hand {number}").format(number=hand_label(view))
    if view.dealer:
        title += " · " + _("dealer {name}").format(name=view.dealer)
    if view.partners:
        title += " · " + _("partners {names}").format(names=listing(view.partners))
    rows = [f"<tr><th></th>{head}</tr>"]
    for item in view.items:
        if item.scored:
            cells = "".join(f'<td class="n">{num(x)}</td>' for x in item.points)
            rows.append(f"<tr><td>{e(label_text(item.label))}</td>{cells}</tr>")
    cells = "".join(f'<td class="n">{num(s)}</td>' for s in view.scores)
    hand_score = _("Hand score")
    rows.append(f'<tr class="total"><td>{e(hand_score)}</td>{cells}</tr>')
    cols = '<colgroup><col class="label">' + "<col>" * len(view.teams) + "</colgroup>"
    table = f"<table>{cols}{''.join(rows)}</table>"
    return f'<div class="hand"><h3>{e(title)}</h3>{table}</div>'


def render(stored: StoredGame) -> str:
    """A printable score sheet (module doc): the score pad, then every hand's breakdown. Every
    name and note is escaped; the page's language is :func:`page_language`."""
    game = stored.game
    h = game_heading(stored)
    views = hand_views(game)
    e = escape
    heading, sides, outcome = header_lines(stored)
    meta = _("Started {date}").format(date=h.started)
    if stored.finished:
        meta += " · " + _("finished {date}").format(date=h.finished)
    parts = [
        "<!DOCTYPE html>",
        f'<html lang="{e(page_language(stored))}"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{e(heading)}</title><style>{_CSS}</style></head><body>",
        '<div class="pad">',
        f"<h1>{e(heading)}</h1>",
        f'<p class="meta">{e(sides)}</p>',
    ]
    for side in game.sides:
        if side.start_score:
            started = _("{side} started at {points}").format(
                side=side.name, points=num(side.start_score)
            )
            parts.append(f'<p class="meta">{e(started)}</p>')
    parts.append(f'<p class="meta">{e(meta)}</p>')
    parts.append(f'<p class="outcome">{e(outcome)}</p>')
    if game.outcome.over:
        final = " · ".join(
            f"{side.name} {num(t)}" for side, t in zip(game.sides, game.totals, strict=True)
        )
        final = _("Final scores: {scores}").format(scores=final)
        parts.append(f'<p class="final">{e(final)}</p>')
    if views:
        parts += _pad(stored, views)
        notes = note_lines(views)
        if notes:
            parts.append('<ul class="notes">')
            parts += [f"<li>{e(line)}</li>" for line in notes]
            parts.append("</ul>")
    else:
        none = _("No hands recorded yet.")
        parts.append(f"<p>{e(none)}</p>")
    parts += [f'<p class="next">{e(line)}</p>' for line in footer_lines(stored)]
    parts.append("</div>")
    if views:
        # each block is as wide as its sides need; as many to a row as the page holds
        least = 9 + 5.5 * len(game.sides)
        by_hand = _("Hand by hand")
        parts.append(f'<h2 class="hands">{e(by_hand)}</h2>')
        parts.append(
            '<section class="hands" style="grid-template-columns:'
            f' repeat(auto-fill, minmax({least}em, 1fr))">'
        )
        parts += [_breakdown(view) for view in views]
        parts.append("</section>")
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"

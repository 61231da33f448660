"""The score sheet as HTML, to print (README, "Export and import"): the game's heading, a table
of each side's hand score, running total and the minimum that applied, then every hand's
breakdown, drawn from each hand's :class:`~scorekeeper.presentation.view.HandView`. Every name
and note is escaped."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from scorekeeper.presentation.render import minimum_text, num
from scorekeeper.presentation.view import game_heading, hand_views

if TYPE_CHECKING:
    from scorekeeper.domain.records import StoredGame

_CSS = """
body { font-family: Georgia, serif; margin: 2em; color: #111; }
h1 { font-size: 1.4em; margin-bottom: 0.2em; }
p.meta { margin: 0.2em 0; }
table { border-collapse: collapse; margin: 1em 0; }
th, td { border: 1px solid #555; padding: 0.25em 0.6em; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
th.hand, td.hand { text-align: center; }
tr.total td { font-weight: bold; }
@media print { body { margin: 0.5cm; } table { page-break-inside: auto; }
  tr { page-break-inside: avoid; } }
"""


def render(stored: StoredGame) -> str:
    """A printable score sheet: per hand each side's score, running total and the minimum that
    applied; then every hand's breakdown. Every name is escaped."""
    game = stored.game
    h = game_heading(stored)
    views = hand_views(game)
    e = escape
    title = f"Game {h.game} · {h.title}"
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{e(title)}</title><style>{_CSS}</style></head><body>",
        f"<h1>{e(title)}</h1>",
        f'<p class="meta">{e(h.target)}'
        + (f" · {e(h.label)}" if h.label else "")
        + f" · started {e(h.started)}"
        + (f" · finished {e(h.finished)}" if stored.finished else "")
        + "</p>",
    ]
    for side in game.sides:
        players = f": {', '.join(side.players)}" if side.players else ""
        start = f" (started at {num(side.start_score)})" if side.start_score else ""
        parts.append(f'<p class="meta">{e(side.name + players + start)}</p>')
    parts.append(f'<p class="meta">Result: {e(h.result)}</p>')

    head = "".join(f'<th colspan="3">{e(s.name)}</th>' for s in game.sides)
    sub = "<th>Score</th><th>Total</th><th>Minimum</th>" * len(game.sides)
    parts.append("<table><thead>")
    parts.append(f'<tr><th class="hand" rowspan="2">Hand</th>{head}<th rowspan="2">Note</th></tr>')
    parts.append(f"<tr>{sub}</tr></thead><tbody>")
    for view in views:
        cells = "".join(
            f'<td class="n">{num(s)}</td><td class="n">{num(t)}</td>'
            f'<td class="n">{e(minimum_text(m))}</td>'
            for s, t, m in zip(view.scores, view.totals, view.minimums, strict=True)
        )
        parts.append(f'<tr><td class="hand">{view.number}</td>{cells}<td>{e(view.note)}</td></tr>')
    totals = "".join(f'<td></td><td class="n">{num(t)}</td><td></td>' for t in game.totals)
    parts.append(f'<tr class="total"><td class="hand">Total</td>{totals}<td></td></tr>')
    parts.append("</tbody></table>")

    if views:
        parts.append("<h2>Hand by hand</h2><table><thead><tr><th>Hand</th><th>Item</th>")
        parts.append("".join(f"<th>{e(s.name)}</th>" for s in game.sides) + "</tr></thead><tbody>")
        for view in views:
            for item in view.items:
                if item.scored:
                    cells = "".join(f'<td class="n">{num(x)}</td>' for x in item.points)
                    parts.append(
                        f'<tr><td class="hand">{view.number}</td><td>{e(item.label)}</td>'
                        f"{cells}</tr>"
                    )
            cells = "".join(f'<td class="n">{num(s)}</td>' for s in view.scores)
            parts.append(
                f'<tr class="total"><td class="hand">{view.number}</td><td>Hand score</td>'
                f"{cells}</tr>"
            )
        parts.append("</tbody></table>")
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"

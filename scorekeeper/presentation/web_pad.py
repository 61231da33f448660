"""The score pad as a web page, for the phones at the table (``serve``).

The page is rendered on the server from the same values the terminal pad prints (``show``,
:mod:`scorekeeper.presentation.formats.terminal_pad`): its header lines, its columns (a row per
hand: dealer, partners, per side the hand score, running total and the opening minimum that
applied) and its notes, built from each hand's
:class:`~scorekeeper.presentation.view.HandView`; above them, per side, the total and the next
opening minimum (as ``status`` shows them), the next dealer and the winner. Nothing is scored
here.

The page reads without JavaScript (it then reloads itself every :data:`RELOAD` seconds); with
it, a small inline script applies the server-sent events of ``/events`` (:func:`event_data`:
the ``status --json`` document and the pad's HTML) without reloading. Every name and note is
escaped (:func:`html.escape`), in the page and in the events alike, and the inline script
carries no data of the game, so no markup or script typed as a side's name ever runs.

The page speaks the language the server runs in (:func:`scorekeeper.i18n.language`, from
``SCOREKEEPER_LANG`` or the locale; README, "Languages"): its ``lang`` attribute and every
text, the script's two status lines included, which the script reads from the ``data-open``
and ``data-lost`` attributes of ``#live`` so that it stays the same text (and the same CSP
hash) in every language.
"""

from __future__ import annotations

import base64
import hashlib
import json
from html import escape
from typing import TYPE_CHECKING, Any

from scorekeeper.i18n import gettext as _
from scorekeeper.i18n import language, ngettext
from scorekeeper.presentation.formats.terminal_pad import (
    header_lines,
    heading,
    note_lines,
    pad_columns,
)
from scorekeeper.presentation.render import minimum_text, num
from scorekeeper.presentation.standings import status_json
from scorekeeper.presentation.view import hand_views

if TYPE_CHECKING:
    from scorekeeper.domain.records import StoredGame

#: Seconds after which a browser without JavaScript reloads the page.
RELOAD = 15

#: The event name of a new state of the game in the event stream.
EVENT = "standings"

CSS = """
:root { color-scheme: light dark; --line: #8884; --accent: #1b6e3a; }
* { box-sizing: border-box; }
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 0;
  padding: 0.8rem; line-height: 1.35; max-width: 60rem; margin-inline: auto; }
h1 { font-size: 1.15rem; margin: 0 0 0.3rem; }
p { margin: 0.25rem 0; }
.outcome { font-weight: 600; }
.outcome.won { color: var(--accent); font-size: 1.2rem; }
.sides { display: grid; grid-template-columns: repeat(auto-fit, minmax(9rem, 1fr));
  gap: 0.6rem; margin: 0.8rem 0; }
.side { border: 1px solid var(--line); border-radius: 0.6rem; padding: 0.6rem 0.8rem; }
.side.winner { border-color: var(--accent); border-width: 3px; }
.side h2 { font-size: 1rem; margin: 0; overflow-wrap: anywhere; }
.total { font-size: 2.2rem; font-weight: 700; font-variant-numeric: tabular-nums; }
.minimum, .players { font-size: 0.9rem; }
.dealer { font-size: 1.05rem; }
.scroll { overflow-x: auto; margin: 0.8rem 0; }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; font-size: 0.95rem; }
th, td { padding: 0.2rem 0.45rem; border-bottom: 1px solid var(--line); }
th { font-weight: 600; }
th.side-name { text-align: center; overflow-wrap: anywhere; }
td.n { text-align: right; white-space: nowrap; }
td.t { font-weight: 700; }
td.start { border-left: 2px solid var(--line); }
.notes { padding-left: 1.2rem; font-size: 0.95rem; overflow-wrap: anywhere; }
#live { font-size: 0.8rem; opacity: 0.7; }
@media (min-width: 40rem) { body { padding: 1.5rem; } .total { font-size: 2.8rem; } }
/* a phone (390 px): per side only the hand score and the total, so every side fits; the
   minimums are on the sides' cards above */
@media (max-width: 32rem) {
  table.hands col.min { visibility: collapse; }
  table.hands { font-size: 0.9rem; }
  table.hands th, table.hands td { padding: 0.2rem 0.3rem; } }
"""

#: The page's script: applies each event (the pad's HTML, escaped on the server, and the
#: title) without reloading, and says whether the page is live, in the words the page gives it
#: (``data-open``, ``data-lost`` of ``#live``). It holds no data of the game and no text, so it
#: (and its hash in :data:`CONTENT_SECURITY_POLICY`) is the same in every language.
SCRIPT = """
(function () {
  var live = document.getElementById("live");
  if (!window.EventSource || !window.JSON) { return; }
  var source = new EventSource("events");
  source.onopen = function () {
    live.textContent = live.getAttribute("data-open");
    document.documentElement.setAttribute("data-live", "open");
  };
  source.onerror = function () {
    live.textContent = live.getAttribute("data-lost");
    document.documentElement.setAttribute("data-live", "lost");
  };
  source.addEventListener("standings", function (event) {
    var state = JSON.parse(event.data);
    document.getElementById("pad").innerHTML = state.pad;
    document.title = state.title;
    document.documentElement.setAttribute("data-version", event.lastEventId);
  });
})();
"""


def _source_hash(source: str) -> str:
    digest = hashlib.sha256(source.encode("utf-8")).digest()
    return "'sha256-" + base64.b64encode(digest).decode("ascii") + "'"


#: The Content-Security-Policy the page is served with: nothing but its own inline style and
#: script (by their hashes) and the event stream of the same server; no form, no frame.
CONTENT_SECURITY_POLICY = (
    "default-src 'none'; "
    f"style-src {_source_hash(CSS)}; "
    f"script-src {_source_hash(SCRIPT)}; "
    "connect-src 'self'; img-src data:; base-uri 'none'; form-action 'none'; "
    "frame-ancestors 'none'"
)


def title(stored: StoredGame | None) -> str:
    """The page's title: the game and each side's total ("Game 1 · Ann & Bob 1,305 · Cat &
    Dan 140"), so a tab or a locked phone shows the score too; in the language in use."""
    if stored is None:
        return _("scorekeeper: no game yet")
    totals = " · ".join(
        f"{s.name} {num(t)}" for s, t in zip(stored.game.sides, stored.game.totals, strict=True)
    )
    return _("Game {game} · {totals}").format(game=stored.id, totals=totals)


def _standings(stored: StoredGame) -> list[str]:
    """Per side a card: name, players, total, next opening minimum; the winner's marked."""
    game = stored.game
    over = game.outcome.over
    winner = game.outcome.winner
    parts = ['<section class="sides">']
    for i, (side, total, minimum) in enumerate(
        zip(game.sides, game.totals, game.next_minimums(), strict=True)
    ):
        mark = " winner" if winner == i else ""
        parts.append(f'<div class="side{mark}" data-side="{i}">')
        parts.append(f"<h2>{escape(side.name)}</h2>")
        if side.players and list(side.players) != [side.name]:
            parts.append(f'<p class="players">{escape(", ".join(side.players))}</p>')
        parts.append(f'<p class="total">{num(total)}</p>')
        if not over:
            text = _("next opening minimum: {minimum}").format(minimum=minimum_text(minimum))
            parts.append(f'<p class="minimum">{escape(text)}</p>')
        parts.append("</div>")
    parts.append("</section>")
    return parts


def _hands_table(stored: StoredGame) -> list[str]:
    """The pad's rows (:func:`~.formats.terminal_pad.pad_columns`): a header row of the side
    names over their columns, a row of the column headings, then a row per hand."""
    views = hand_views(stored.game)
    if not views:
        empty = escape(_("No hands recorded yet."))
        return [f"<p>{empty}</p>"]
    columns = pad_columns(stored, views)
    shared = [c for c in columns if c.side is None]
    top = [f'<th rowspan="2">{escape(heading(c))}</th>' for c in shared]
    sub = []
    score = escape(_("score"))
    for s in range(len(stored.game.sides)):
        own = [c for c in columns if c.side == s]
        top.append(f'<th class="side-name" colspan="{len(own)}">{escape(own[0].header)}</th>')
        sub += [f"<th>{score}</th>"] + [f"<th>{escape(heading(c))}</th>" for c in own[1:]]
    cols = "".join(
        '<col class="min">' if c.side is not None and c.header == "min" else "<col>"
        for c in columns
    )
    parts = [
        f'<div class="scroll"><table class="hands"><colgroup>{cols}</colgroup><thead>',
        f"<tr>{''.join(top)}</tr><tr>{''.join(sub)}</tr>",
        "</thead><tbody>",
    ]
    for r in range(len(columns[0].cells)):
        cells = []
        for k, c in enumerate(columns):
            value = escape(c.cells[r].strip())
            if c.side is None:
                cells.append(f"<td>{value}</td>")
                continue
            kind = ["n"]
            if c.header == "total":
                kind.append("t")
            if columns[k - 1].side != c.side:
                kind.append("start")
            cells.append(f'<td class="{" ".join(kind)}">{value}</td>')
        parts.append(f"<tr>{''.join(cells)}</tr>")
    parts.append("</tbody></table></div>")
    notes = note_lines(views)
    if notes:
        parts.append('<ul class="notes">')
        parts += [f"<li>{escape(line)}</li>" for line in notes]
        parts.append("</ul>")
    return parts


def pad_html(stored: StoredGame | None, problem: str = "") -> str:
    """The pad as an HTML fragment (the page's ``<main>``, and what each event carries): the
    pad's header lines (game, sides, outcome), each side's total and next opening minimum, the
    next dealer, the pad's rows and notes. With no game, a line saying so; ``problem`` (a
    file that cannot be read) is shown above it. Every name and note is escaped."""
    parts = []
    if problem:
        parts.append(f'<p class="problem">{escape(problem)}</p>')
    if stored is None:
        waiting = escape(_("This page shows the game as soon as one starts ({command}).")).format(
            command="<code>scorekeeper new</code>"
        )
        none = escape(_("No game yet"))
        parts.append(f"<h1>{none}</h1><p>{waiting}</p>")
        return "\n".join(parts)
    game = stored.game
    heading, sides, outcome = header_lines(stored)
    parts.append(f"<header><h1>{escape(heading)}</h1>")
    parts.append(f"<p>{escape(sides)}</p>")
    won = " won" if game.outcome.winner is not None else ""
    parts.append(f'<p class="outcome{won}">{escape(outcome)}</p></header>')
    parts += _standings(stored)
    if not game.outcome.over:
        dealer = game.dealer(game.next_hand)
        if dealer:
            line = escape(_("Next dealer: {dealer}")).format(
                dealer=f"<strong>{escape(dealer)}</strong>"
            )
            parts.append(f'<p class="dealer">{line}</p>')
    parts += _hands_table(stored)
    return "\n".join(parts)


def event_data(stored: StoredGame | None, problem: str = "") -> dict[str, Any]:
    """What an event carries: the ``status --json`` document of the game (README, "JSON
    output"; ``{"game": null}`` with no game), with ``title`` (:func:`title`) and ``pad``
    (:func:`pad_html`)."""
    doc: dict[str, Any] = dict(status_json(stored)) if stored is not None else {"game": None}
    doc["title"] = title(stored)
    doc["pad"] = pad_html(stored, problem)
    return doc


def event_text(data: dict[str, Any], number: int) -> str:
    """One server-sent event (the ``text/event-stream`` format): ``event:`` :data:`EVENT`,
    ``id:`` ``number``, ``data:`` the JSON of ``data`` on one line."""
    return f"event: {EVENT}\nid: {number}\ndata: {json.dumps(data, ensure_ascii=False)}\n\n"


def page(data: dict[str, Any]) -> str:
    """The whole page for the state ``data`` (:func:`event_data`): readable on a phone held
    upright and on a laptop, reloading itself every :data:`RELOAD` seconds without
    JavaScript, live with it (:data:`SCRIPT`); ``lang`` and every text in the language in use,
    the script's status lines in ``data-open`` and ``data-lost`` of ``#live`` (escaped)."""
    reloads = ngettext(
        "This page reloads itself every {n} second.",
        "This page reloads itself every {n} seconds.",
        RELOAD,
    ).format(n=RELOAD)
    opened = _("Live: the scores change here as hands are recorded.")
    lost = _("Connection lost: trying again...")
    return "\n".join(
        [
            "<!DOCTYPE html>",
            f'<html lang="{language()}"><head><meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            f"<title>{escape(data['title'])}</title>",
            '<link rel="icon" href="data:,">',
            f'<noscript><meta http-equiv="refresh" content="{RELOAD}"></noscript>',
            f"<style>{CSS}</style></head><body>",
            f'<main id="pad" aria-live="polite">{data["pad"]}</main>',
            f'<p id="live" data-open="{escape(opened)}" data-lost="{escape(lost)}">'
            f"{escape(reloads)}</p>",
            f"<script>{SCRIPT}</script>",
            "</body></html>",
        ]
    )

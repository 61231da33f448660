"""A game's score sheet as a file: CSV for spreadsheets, JSON that ``import`` reads back, and
HTML to print (README, "Export and import").

The JSON export is ``show --json``'s sheet plus ``record``: the game exactly as stored (rules,
sides, hand entries as typed, notes, timestamps), from which ``import`` rebuilds an identical
game and checks that it scores to the same sheet.
"""

from __future__ import annotations

import csv
import io
from html import escape
from typing import TYPE_CHECKING, Any

from scorekeeper.domain.scoring import BREAKDOWN_FIELDS
from scorekeeper.errors import DataFileError, ScorekeeperError
from scorekeeper.presentation.render import BREAKDOWN_LABELS, minimum_text, num
from scorekeeper.presentation.sheet import local_date, result_text, sheet_json

if TYPE_CHECKING:
    from scorekeeper.domain.records import StoredGame

#: CSV columns: the breakdown fields (DESIGN.md) and ``start_score`` sum to ``hand_score``.
CSV_COLUMNS = (
    "game",
    "hand",
    "team",
    "start_score",
    *BREAKDOWN_FIELDS,
    "hand_score",
    "total",
    "minimum_points",
    "minimum_requires",
    "dealer",
    "note",
)


def _cell(text: str) -> str:
    """Text for a CSV cell that a spreadsheet will not run as a formula (a name typed as
    ``=1+1`` is written ``'=1+1``)."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def csv_text(stored: StoredGame) -> str:
    """One row per side per hand (hand 0 holds start scores, only when a side has one).

    In each row the breakdown columns and ``start_score`` sum to ``hand_score``, and a side's
    ``hand_score`` column sums to its final total. ``minimum_*`` is the opening minimum that
    applied at that hand.
    """
    game = stored.game
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=CSV_COLUMNS, lineterminator="\n")
    writer.writeheader()
    zero = dict.fromkeys(BREAKDOWN_FIELDS, 0)
    if any(s.start_score for s in game.sides):
        for side in game.sides:
            writer.writerow(
                {
                    "game": stored.id,
                    "hand": 0,
                    "team": _cell(side.name),
                    "start_score": side.start_score,
                    **zero,
                    "hand_score": side.start_score,
                    "total": side.start_score,
                    "note": "start score",
                }
            )
    for result in game.results:
        for i, side in enumerate(game.sides):
            breakdown = result.breakdowns[i]
            minimum = result.minimums[i]
            writer.writerow(
                {
                    "game": stored.id,
                    "hand": result.number,
                    "team": _cell(side.name),
                    "start_score": 0,
                    **breakdown.to_json(),
                    "total": result.totals[i],
                    "minimum_points": "" if minimum.points is None else minimum.points,
                    "minimum_requires": minimum.to_json()["requires"] or "",
                    "dealer": _cell(game.dealer(result.number) or ""),
                    "note": _cell(result.hand.note),
                }
            )
    return out.getvalue()


def export_json(stored: StoredGame) -> dict[str, Any]:
    """The full-fidelity export: the sheet (``show --json``) plus ``record``, the stored game."""
    from scorekeeper.storage.codec import game_to_doc

    record = game_to_doc(stored)
    record.pop("redo", None)
    record.pop("deleted", None)
    return {**sheet_json(stored), "record": record}


def game_from_export(doc: Any, source: str) -> StoredGame:
    """Rebuild the game a JSON export describes, as a new game (id 0, not deleted, no redo).

    Raises DataFileError naming ``source`` for anything that is not such an export: wrong
    ``format``, a missing or damaged ``record``, hands that break the game's own rules, or a
    sheet whose numbers differ from what the record scores to.
    """
    from scorekeeper.domain.game import check_note
    from scorekeeper.storage.codec import game_from_doc

    if (
        not isinstance(doc, dict)
        or doc.get("format") != 1
        or not isinstance(doc.get("record"), dict)
    ):
        raise DataFileError(
            f"{source} is not a scorekeeper game export (expected 'format': 1 and a 'record';"
            " make one with 'scorekeeper export --format json')"
        )
    try:
        stored = game_from_doc(0, doc["record"])
        for hand in stored.game.hands:
            check_note(hand.note)
        sheet = sheet_json(stored)  # scores every hand
    except ScorekeeperError as err:
        raise DataFileError(f"{source}: the game cannot be used: {err}") from None
    except (KeyError, TypeError, ValueError, AttributeError) as err:
        what = (
            f"'{err.args[0]}' is missing"
            if isinstance(err, KeyError)
            else "a value is of the wrong kind"
        )
        raise DataFileError(f"{source}: the game record is damaged ({what})") from None
    outcome = stored.game.outcome
    if outcome.decided_at is not None and outcome.decided_at < len(stored.game.hands):
        raise DataFileError(
            f"{source}: the game ends at hand {outcome.decided_at} but has"
            f" {len(stored.game.hands)} hands"
        )
    for key in ("teams", "hands", "winner", "draw", "status"):
        if key in doc and doc[key] != sheet[key]:
            raise DataFileError(
                f"{source}: its '{key}' do not agree with the hands it records (the file was"
                " changed by hand?); nothing was imported"
            )
    from datetime import datetime

    for stamp in (stored.created, stored.finished):
        if stamp is None and stamp is stored.finished:
            continue
        try:
            datetime.fromisoformat(stamp)  # type: ignore[arg-type]
        except (TypeError, ValueError):
            raise DataFileError(
                f"{source}: 'created' and 'finished' must be ISO 8601 timestamps, not {stamp!r}"
            ) from None
    if not isinstance(stored.label, str):
        raise DataFileError(f"{source}: 'label' must be text")
    return stored


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


def html_text(stored: StoredGame) -> str:
    """A printable score sheet: per hand each side's score, running total and the minimum that
    applied; then every hand's breakdown. Every name is escaped."""
    game = stored.game
    v = game.variant
    e = escape
    target = f"target {num(v.target)}" if v.target else f"{v.hands} hands"
    title = f"Game {stored.id} · {v.title}"
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{e(title)}</title><style>{_CSS}</style></head><body>",
        f"<h1>{e(title)}</h1>",
        f'<p class="meta">{e(target)}'
        + (f" · {e(stored.label)}" if stored.label else "")
        + f" · started {e(local_date(stored.created))}"
        + (f" · finished {e(local_date(stored.finished))}" if stored.finished else "")
        + "</p>",
    ]
    for side in game.sides:
        players = f": {', '.join(side.players)}" if side.players else ""
        start = f" (started at {num(side.start_score)})" if side.start_score else ""
        parts.append(f'<p class="meta">{e(side.name + players + start)}</p>')
    parts.append(f'<p class="meta">Result: {e(result_text(stored))}</p>')

    head = "".join(f'<th colspan="3">{e(s.name)}</th>' for s in game.sides)
    sub = "<th>Score</th><th>Total</th><th>Minimum</th>" * len(game.sides)
    parts.append("<table><thead>")
    parts.append(f'<tr><th class="hand" rowspan="2">Hand</th>{head}<th rowspan="2">Note</th></tr>')
    parts.append(f"<tr>{sub}</tr></thead><tbody>")
    for result in game.results:
        cells = "".join(
            f'<td class="n">{num(b.hand_score)}</td><td class="n">{num(t)}</td>'
            f'<td class="n">{e(minimum_text(m))}</td>'
            for b, t, m in zip(result.breakdowns, result.totals, result.minimums, strict=True)
        )
        parts.append(
            f'<tr><td class="hand">{result.number}</td>{cells}<td>{e(result.hand.note)}</td></tr>'
        )
    totals = "".join(f'<td></td><td class="n">{num(t)}</td><td></td>' for t in game.totals)
    parts.append(f'<tr class="total"><td class="hand">Total</td>{totals}<td></td></tr>')
    parts.append("</tbody></table>")

    if game.results:
        parts.append("<h2>Hand by hand</h2><table><thead><tr><th>Hand</th><th>Item</th>")
        parts.append("".join(f"<th>{e(s.name)}</th>" for s in game.sides) + "</tr></thead><tbody>")
        for result in game.results:
            for key, label in BREAKDOWN_LABELS.items():
                values = [getattr(b, key) for b in result.breakdowns]
                if any(values):
                    cells = "".join(f'<td class="n">{num(x)}</td>' for x in values)
                    parts.append(
                        f'<tr><td class="hand">{result.number}</td><td>{e(label)}</td>{cells}</tr>'
                    )
            cells = "".join(f'<td class="n">{num(b.hand_score)}</td>' for b in result.breakdowns)
            parts.append(
                f'<tr class="total"><td class="hand">{result.number}</td><td>Hand score</td>'
                f"{cells}</tr>"
            )
        parts.append("</tbody></table>")
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"

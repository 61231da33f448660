"""The score sheet as CSV, for spreadsheets (README, "Export and import"): one row per side per
hand, drawn from each hand's :class:`~scorekeeper.presentation.view.HandView`."""

from __future__ import annotations

import csv
import io
from typing import TYPE_CHECKING

from scorekeeper.domain.scoring import BREAKDOWN_FIELDS
from scorekeeper.presentation.view import hand_views

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


def cell(text: str) -> str:
    """Text for a CSV cell that a spreadsheet will not run as a formula (a name typed as
    ``=1+1`` is written ``'=1+1``)."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def render(stored: StoredGame) -> str:
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
                    "team": cell(side.name),
                    "start_score": side.start_score,
                    **zero,
                    "hand_score": side.start_score,
                    "total": side.start_score,
                    "note": "start score",
                }
            )
    for view in hand_views(game):
        for i, team in enumerate(view.teams):
            minimum = view.minimums[i]
            writer.writerow(
                {
                    "game": stored.id,
                    "hand": view.number,
                    "team": cell(team),
                    "start_score": 0,
                    **view.breakdowns[i].to_json(),
                    "total": view.totals[i],
                    "minimum_points": "" if minimum.points is None else minimum.points,
                    "minimum_requires": minimum.to_json()["requires"] or "",
                    "dealer": cell(view.dealer or ""),
                    "note": cell(view.note),
                }
            )
    return out.getvalue()

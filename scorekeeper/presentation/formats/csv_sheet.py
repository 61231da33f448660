"""The score sheet as CSV, for spreadsheets (README, "Export and import"): one row per side per
hand, drawn from each hand's :class:`~scorekeeper.presentation.view.HandView`."""

from __future__ import annotations

import csv
import io
from typing import TYPE_CHECKING

from scorekeeper.domain.scoring import BREAKDOWN_FIELDS
from scorekeeper.presentation.view import hand_views

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

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
#: Count columns after :data:`CSV_COLUMNS`: one ``canastas_KIND`` per canasta kind of the
#: game's variant (in its order), then these (counts, not points; README, "Export and import").
COUNT_COLUMNS = ("red_threes", "black_threes")
#: The last column where partnerships are formed hand by hand (cutthroat, RULES.md §2.2): the
#: side's partner in that hand, whose canastas and melds its score holds (empty: alone).
PARTNER_COLUMN = "partner"
#: What ``--excel`` puts first: a UTF-8 byte-order mark, so a spreadsheet reads the file as
#: UTF-8 instead of guessing a Windows code page ("AyÅŸe" for "Ayşe").
BYTE_ORDER_MARK = "\ufeff"


def cell(text: str) -> str:
    """Text for a CSV cell that a spreadsheet will not run as a formula (a name typed as
    ``=1+1`` is written ``'=1+1``)."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def columns(stored: StoredGame) -> tuple[str, ...]:
    """The CSV header of a game: :data:`CSV_COLUMNS`, a ``canastas_KIND`` column per canasta
    kind of its variant (e.g. ``canastas_natural``, ``canastas_mixed``), :data:`COUNT_COLUMNS`,
    and :data:`PARTNER_COLUMN` where partnerships are formed hand by hand."""
    variant = stored.game.variant
    kinds = tuple(f"canastas_{kind}" for kind in variant.canastas)
    partner = (PARTNER_COLUMN,) if variant.partnerships == "per_hand" else ()
    return (*CSV_COLUMNS, *kinds, *COUNT_COLUMNS, *partner)


def render_excel(stored: StoredGame, escape: Callable[[str], str] | None = None) -> str:
    """:func:`render` for a spreadsheet (``export --format csv --excel``): a byte-order mark
    first and CRLF line ends (RFC 4180); a line break inside a note stays as typed. ``escape``
    (for standard output: :func:`scorekeeper.presentation.console.visible`) is applied to the
    rows' text only, never to the mark and the line ends, which are the format's."""
    body = render(stored, line_end="\r\n")
    if escape is not None:
        body = "\r\n".join(escape(row) for row in body.split("\r\n"))
    return BYTE_ORDER_MARK + body


def render(stored: StoredGame, line_end: str = "\n") -> str:
    """One row per side per hand (hand 0 holds start scores, only when a side has one), each
    line ended by ``line_end``.

    In each row the breakdown columns and ``start_score`` sum to ``hand_score``, and a side's
    ``hand_score`` column sums to its final total. ``minimum_*`` is the opening minimum that
    applied at that hand. The count columns (:func:`columns`) hold the side's canastas of each
    kind and its red and black threes in that hand (0 in a hand 0 row).
    """
    game = stored.game
    out = io.StringIO()
    header = columns(stored)
    writer = csv.DictWriter(out, fieldnames=header, lineterminator=line_end, restval=0)
    writer.writeheader()
    zero = dict.fromkeys(BREAKDOWN_FIELDS, 0)
    kinds = list(game.variant.canastas)
    alone = {PARTNER_COLUMN: ""} if PARTNER_COLUMN in header else {}
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
                    # no opening minimum applied and nobody dealt: text columns stay empty
                    "minimum_points": "",
                    "minimum_requires": "",
                    "dealer": "",
                    "note": "start score",
                    **alone,
                }
            )
    for view, hand in zip(hand_views(game), game.hands, strict=True):
        for i, team in enumerate(view.teams):
            minimum = view.minimums[i]
            entry = hand.entries[i]
            writer.writerow(
                {
                    **{f"canastas_{k}": entry.canastas.get(k, 0) for k in kinds},
                    "red_threes": entry.red_threes,
                    "black_threes": entry.black_threes,
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
                    **alone,
                    **_partner(game.names, hand.partners, i, alone),
                }
            )
    return out.getvalue()


def _partner(
    names: Sequence[str], partners: Sequence[int], i: int, column: dict[str, str]
) -> dict[str, str]:
    """The partner column of side ``i``'s row (when the game has one, ``column``): the other
    of the hand's two ``partners``, by name; nothing for a side that played alone."""
    if not column or i not in partners:
        return {}
    other = next(p for p in partners if p != i)
    return {PARTNER_COLUMN: cell(names[other])}

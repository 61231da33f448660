"""The score sheet as JSON: ``show --json``, and the JSON export, which is that sheet plus
``record``, the game exactly as stored (rules, sides, hand entries as typed, notes, timestamps),
from which ``import`` rebuilds an identical game (README, "JSON output", "Export and import").

Every hand's per-side object comes from its :class:`~scorekeeper.presentation.view.HandView`
(:func:`teams_json`), the same for ``hand --json``, ``show --json`` and the export.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from scorekeeper.presentation.documents import Document, document
from scorekeeper.presentation.render import CARD_KEYS, minimum_json
from scorekeeper.presentation.view import hand_views, winner_name

if TYPE_CHECKING:
    from scorekeeper.domain.records import StoredGame
    from scorekeeper.presentation.view import HandView


def teams_json(view: HandView, applied: bool = False) -> list[dict[str, Any]]:
    """Per side of hand ``view``: ``team``, the DESIGN.md breakdown fields and ``hand_score``,
    ``meld_cards`` and ``hand_cards`` (the cards it typed, null where it typed points), ``total``
    after the hand, with ``applied`` ``minimum_applied`` (the opening minimum in force during
    the hand), and ``opening_minimum`` (the one for the hand after it)."""
    teams = []
    for i, team in enumerate(view.teams):
        side: dict[str, Any] = {"team": team, **view.breakdowns[i].to_json()}
        for key in CARD_KEYS:
            side[key] = getattr(view, key)[i]
        side["total"] = view.totals[i]
        if applied:
            side["minimum_applied"] = minimum_json(view.minimums[i])
        side["opening_minimum"] = minimum_json(view.next_minimums[i])
        teams.append(side)
    return teams


def hand_json(view: HandView) -> dict[str, Any]:
    """One hand of the sheet: ``hand``, ``dealer``, ``note``, ``recorded_at``, ``partners`` and
    :func:`teams_json` with the minimum that applied."""
    return {
        "hand": view.number,
        "dealer": view.dealer,
        "note": view.note,
        "recorded_at": view.recorded_at,
        "partners": list(view.partners),
        "teams": teams_json(view, applied=True),
    }


def _sheet(stored: StoredGame) -> dict[str, Any]:
    game = stored.game
    outcome = game.outcome
    return {
        "game": stored.id,
        "variant": game.variant.name,
        "title": game.variant.title,
        "label": stored.label,
        "created": stored.created,
        "finished": stored.finished,
        "status": stored.status,
        "target": game.variant.target or None,
        "hands_played": len(game.hands),
        "teams": [
            {
                "team": s.name,
                "players": list(s.players),
                "start_score": s.start_score,
                "total": t,
            }
            for s, t in zip(game.sides, game.totals, strict=True)
        ],
        "hands": [hand_json(view) for view in hand_views(game)],
        "next_dealer": None if outcome.over else game.dealer(game.next_hand),
        "winner": winner_name(stored),
        "draw": outcome.draw,
        "decided_at": outcome.decided_at,
    }


def sheet_json(stored: StoredGame) -> Document:
    """``show --json``: the whole score sheet (README, "JSON output"); each of ``hands`` is
    :func:`hand_json`."""
    return document(**_sheet(stored))


def export_json(stored: StoredGame) -> Document:
    """The full-fidelity export: the sheet (``show --json``) plus ``record``, the stored game.
    DataFileError when an import would refuse it
    (:func:`scorekeeper.storage.codec.check_exportable`)."""
    from scorekeeper.storage.codec import check_exportable, game_to_doc

    check_exportable(stored)
    record = game_to_doc(stored)
    record.pop("redo", None)
    record.pop("deleted", None)
    return document(**_sheet(stored), record=record)


def render(stored: StoredGame) -> str:
    """The JSON export as a file: :func:`export_json`, indented, non-ASCII text as is.
    DataFileError when it would be larger than ``import`` reads
    (:data:`scorekeeper.domain.limits.MAX_EXPORT_BYTES`): refused rather than written."""
    from scorekeeper.domain.limits import MAX_EXPORT_BYTES
    from scorekeeper.errors import DataFileError
    from scorekeeper.i18n import gettext as _

    text = json.dumps(export_json(stored), ensure_ascii=False, indent=1) + "\n"
    if len(text) > MAX_EXPORT_BYTES // 4 and len(text.encode("utf-8")) > MAX_EXPORT_BYTES:
        raise DataFileError(
            _(
                "game {id}'s export would take {size} MiB, more than 'import' reads ({most}"
                " MiB); nothing was exported"
            ).format(
                id=stored.id,
                size=len(text.encode("utf-8")) // 2**20,
                most=MAX_EXPORT_BYTES // 2**20,
            )
        )
    return text

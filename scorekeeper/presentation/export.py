"""Reading a JSON export back (``import``): the game it records, checked against its sheet.

The export itself is :mod:`scorekeeper.presentation.formats.json_sheet`: ``show --json``'s
sheet plus ``record``, the game exactly as stored, from which :func:`game_from_export` rebuilds
an identical game and checks that it scores to the same sheet.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from scorekeeper.errors import DataFileError, ScorekeeperError
from scorekeeper.i18n import gettext as _
from scorekeeper.presentation.documents import FORMAT
from scorekeeper.presentation.formats.json_sheet import sheet_json
from scorekeeper.presentation.render import CARD_KEYS

if TYPE_CHECKING:
    from scorekeeper.domain.records import StoredGame


def _without_cards(hands: Any) -> Any:
    """The ``hands`` of a sheet without the typed-card keys (:data:`CARD_KEYS`) of each side,
    as exports made before those keys were in ``show --json`` hold them."""
    return [
        {**hand, "teams": [{k: v for k, v in t.items() if k not in CARD_KEYS} for t in teams]}
        for hand in hands
        for teams in [hand["teams"]]
    ]


def _has_cards(hands: Any) -> bool:
    """True when some side of some hand of an export's ``hands`` carries a typed-card key."""
    if not isinstance(hands, list):
        return True  # compared as it is: a damaged list never matches
    for hand in hands:
        teams = hand.get("teams") if isinstance(hand, dict) else None
        if not isinstance(teams, list):
            return True
        if any(isinstance(t, dict) and any(k in t for k in CARD_KEYS) for t in teams):
            return True
    return False


def game_from_export(doc: Any, source: str) -> StoredGame:
    """Rebuild the game a JSON export describes, as a new game (id 0, not deleted, no redo),
    its ``origin`` the identity of the exported game (:func:`record_identity`).

    The export of a deleted game (``status`` "deleted", which agrees with any hands) comes in
    as the game it records, not deleted (README, ``import``).

    Raises DataFileError naming ``source`` for anything that is not such an export: wrong
    ``format``, a missing or damaged ``record``, a number written with a fraction or an
    exponent (``120.0``, ``1.2e2``: :func:`scorekeeper.domain.entries.refuse_floats`), hands
    that break the game's own rules, what ``new`` refuses a game to start with
    (:meth:`~scorekeeper.domain.game.Game.check_coming_in`), or a sheet whose numbers differ
    from what the record scores to.
    """
    from scorekeeper.domain.game import check_note
    from scorekeeper.storage.codec import game_from_doc, record_identity

    if (
        not isinstance(doc, dict)
        or type(doc.get("format")) is not int
        or doc.get("format") != FORMAT
        or not isinstance(doc.get("record"), dict)
    ):
        raise DataFileError(
            _(
                "{source} is not a scorekeeper game export (expected 'format': 1 and a"
                " 'record'; make one with 'scorekeeper export --format json')"
            ).format(source=source)
        )
    from scorekeeper.domain.entries import refuse_floats

    refuse_floats(doc, source, "record", DataFileError)  # whole numbers, as a hand's file
    try:
        stored = game_from_doc(0, doc["record"])
        stored.redo = []  # an export holds no hands taken back, and no deleted game
        stored.deleted = False
        for hand in stored.game.hands:
            check_note(hand.note)
        stored.game.check_bounds()  # scores every hand; each running total as `hand` holds it
        stored.game.check_coming_in()  # what `new` refuses: start scores, names
        sheet = sheet_json(stored)
    except ScorekeeperError as err:
        raise DataFileError(
            _("{source}: the game cannot be used: {error}").format(source=source, error=err)
        ) from None
    except (KeyError, TypeError, ValueError, AttributeError) as err:
        what = (
            _("'{key}' is missing").format(key=err.args[0])
            if isinstance(err, KeyError)
            else _("a value is of the wrong kind")
        )
        raise DataFileError(
            _("{source}: the game record is damaged ({what})").format(source=source, what=what)
        ) from None
    _points_agree_with_cards(doc["record"], stored, source)
    outcome = stored.game.outcome
    if outcome.decided_at is not None and outcome.decided_at < len(stored.game.hands):
        raise DataFileError(
            _("{source}: the game ends at hand {hand} but has {n} hands").format(
                source=source, hand=outcome.decided_at, n=len(stored.game.hands)
            )
        )
    if stored.finished is not None:  # as a game played here keeps it: set once it is over
        if not outcome.over:
            raise DataFileError(
                _(
                    "{source}: 'finished' is {finished}, but the game is not over; nothing was"
                    " imported"
                ).format(source=source, finished=repr(stored.finished))
            )
        if _instant(stored.finished) < _instant(stored.created or stored.finished):
            raise DataFileError(
                _(
                    "{source}: 'finished' is {finished}, before the game was started; nothing"
                    " was imported"
                ).format(source=source, finished=repr(stored.finished))
            )
    for key in ("teams", "hands", "winner", "draw", "status"):
        expected = sheet[key]
        if key == "hands" and key in doc and not _has_cards(doc[key]):
            expected = _without_cards(expected)  # an export made before the cards were in it
        if key == "status" and doc.get(key) == "deleted":
            continue  # a deleted game's export: its status agrees with any hands (README)
        if key in doc and doc[key] != expected:
            raise DataFileError(
                _(
                    "{source}: its '{key}' do not agree with the hands it records (the file was"
                    " changed by hand?); nothing was imported"
                ).format(source=source, key=key)
            )
    if not isinstance(stored.label, str):
        raise DataFileError(_("{source}: 'label' must be text").format(source=source))
    origin = doc["record"].get("imported", "")
    if origin and not _IDENTITY.fullmatch(origin):
        raise DataFileError(
            _(
                "{source}: 'imported' is not the identity of an exported game (64 hexadecimal"
                " digits, as an export writes it); nothing was imported"
            ).format(source=source)
        )
    stored.origin = record_identity(doc["record"])
    return stored


def _points_agree_with_cards(record: dict[str, Any], stored: StoredGame, source: str) -> None:
    """DataFileError naming the place when an entry of ``record`` gives both cards and the
    points they make (``melds`` and ``meld_points``, ``hand`` and ``hand_points``, as files of
    0.1.0 hold them) and the points are not the cards' (RULES.md card values): the cards are
    what is kept, so points that differ would be dropped without a word."""
    from scorekeeper.domain.reading import resolve_cards

    variant = stored.game.variant
    for i, (raw, hand) in enumerate(zip(record.get("hands", []), stored.game.hands, strict=False)):
        for j, (given, entry) in enumerate(zip(raw["entries"], hand.entries, strict=False)):
            pairs = [
                (cards, points)
                for cards, points in (("melds", "meld_points"), ("hand", "hand_points"))
                if cards in given and points in given
            ]
            if not pairs:
                continue
            counted = resolve_cards(variant, entry)
            for cards, points in pairs:
                if given[points] != getattr(counted, points):
                    raise DataFileError(
                        _(
                            "{source}: hands[{i}].entries[{j}] gives '{cards}' and '{points}'"
                            " {given}, but the cards make {counted}; nothing was imported"
                        ).format(
                            source=source,
                            i=i,
                            j=j,
                            cards=cards,
                            points=points,
                            given=given[points],
                            counted=getattr(counted, points),
                        )
                    )


def _instant(stamp: str) -> Any:
    """The moment an ISO 8601 timestamp (checked already) names, comparable across offsets."""
    from datetime import UTC, datetime

    return datetime.fromisoformat(stamp).astimezone(UTC)


#: The identity of an exported game as a record carries it (``imported``): a SHA-256 digest.
_IDENTITY = re.compile("[0-9a-f]{64}")

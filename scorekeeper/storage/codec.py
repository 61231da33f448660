"""Turning games into the plain JSON documents kept in the database, and back.

A stored game keeps its sides, its hand entries exactly as given (DESIGN.md JSON form), and a
copy of the rules it was started with, so editing a variant file later never changes it.
"""

import json
import re
from pathlib import Path
from typing import Any

import msgspec
from msgspec import Struct

from scorekeeper.domain.bounds import check_hands, check_sides
from scorekeeper.domain.fields import entry_keys
from scorekeeper.domain.game import Game, Hand, Side
from scorekeeper.domain.reading import entry_from_json
from scorekeeper.domain.records import StoredGame
from scorekeeper.domain.schema import shown_value
from scorekeeper.domain.variant import Variant, check_bounds
from scorekeeper.errors import DataFileError, InputError, ScorekeeperError
from scorekeeper.i18n import N_, listing, unlabelled
from scorekeeper.i18n import gettext as _
from scorekeeper.storage.files import game_file
from scorekeeper.variants import check_names as check_rule_names
from scorekeeper.variants import variant_from_rules


def hand_to_doc(hand: Hand) -> dict[str, Any]:
    doc: dict[str, Any] = {"entries": [e.to_json() for e in hand.entries]}
    if hand.note:
        doc["note"] = hand.note
    if hand.recorded_at:
        doc["recorded_at"] = hand.recorded_at
    if hand.partners:
        doc["partners"] = list(hand.partners)
    return doc


def _entry_doc(doc: dict[str, Any]) -> dict[str, Any]:
    """A stored entry as typed. Files written by 0.1.0 may hold both the cards and the points
    worked out from them: the cards are the truth, so those points are dropped."""
    out = dict(doc)
    if "melds" in out:
        out.pop("meld_points", None)
    if "hand" in out:
        out.pop("hand_points", None)
    return out


class HandDoc(Struct):
    """A stored hand: an entry object per side (DESIGN.md, "Hand entry as JSON"), its note,
    when it was recorded, and a cutthroat hand's partners (side indexes)."""

    entries: list[dict[str, Any]]
    note: str = ""
    recorded_at: str = ""
    partners: list[int] = []


class SideDoc(Struct):
    """A stored side: its name, players and start score (points)."""

    name: str
    players: list[str] = []
    start_score: int = 0


class GameDoc(Struct):
    """The shape of a stored game's document, checked when it is read: a value of the wrong
    kind anywhere is damage, not something to guess at."""

    rules: dict[str, Any]
    sides: list[SideDoc]
    variant: str = ""
    hands: list[HandDoc] = []
    redo: list[HandDoc] = []
    label: str = ""
    created: str = ""
    finished: str | None = None
    deleted: bool = False
    first_dealer: str | None = None
    imported: str = ""


def hand_from_doc(game_variant: Variant, doc: HandDoc, place: str = "hand") -> Hand:
    """The hand a stored hand document holds (entries read as ``hand --file`` reads them; an
    entry's error names its place, ``hands[0].entries[1]`` when ``place`` is ``hands[0]``)."""
    entries = tuple(
        entry_from_json(game_variant, _entry_doc(e), f"{place}.entries[{i}]")
        for i, e in enumerate(doc.entries)
    )
    return Hand(entries, doc.note, doc.recorded_at, tuple(doc.partners))


#: The kinds of JSON value a stored game's document holds, as its damage is told
#: (:func:`_checked`): JSON's words, not a programming language's.
_KINDS = {
    "str": N_("text"),
    "int": N_("a whole number"),
    "float": N_("a number with a fraction"),
    "bool": N_("true or false"),
    "null": N_("null"),
    "array": N_("a list"),
    "object": N_("an object"),
}


def _kinds(names: str) -> str:
    """``"str | null"`` as the reader's words: "text or null"."""
    return _(" or ").join(_(_KINDS[n]) if n in _KINDS else n for n in names.split(" | "))


def _damage(text: str) -> str:
    """A document's first value of the wrong kind or missing, in the reader's words:
    ``"Expected `str`, got `int`"`` -> "text was expected, not a whole number"."""
    wrong = re.fullmatch(r"Expected `([^`]+)`, got `([^`]+)`", text)
    if wrong:
        return _("{wanted} was expected, not {got}").format(
            wanted=_kinds(wrong[1]), got=_kinds(wrong[2])
        )
    missing = re.fullmatch(r"Object missing required field `([^`]+)`", text)
    if missing:
        return _("'{key}' is missing").format(key=missing[1])
    return text


def _checked(doc: Any, shape: type[Any]) -> Any:
    """``doc`` as the document ``shape`` says; DataFileError naming the first value of the
    wrong kind or missing ("hands[0].note: text was expected, not a whole number")."""
    try:
        return msgspec.convert(doc, shape)
    except msgspec.ValidationError as err:
        text, _sep, where = str(err).partition(" - at `$")
        place = where.rstrip("`").lstrip(".")
        what = _damage(text)
        raise DataFileError(
            _("the game's record is damaged ({what})").format(
                what=f"{place}: {what}" if place else what
            )
        ) from None


def game_to_doc(stored: StoredGame) -> dict[str, Any]:
    """The database document of a stored game (JSON-compatible)."""
    game = stored.game
    doc: dict[str, Any] = {
        "variant": game.variant.name,
        "rules": dict(game.variant.rules),
        "sides": [
            {"name": s.name, "players": list(s.players), "start_score": s.start_score}
            for s in game.sides
        ],
        "hands": [hand_to_doc(h) for h in game.hands],
        "redo": [hand_to_doc(h) for h in stored.redo],
        "label": stored.label,
        "created": stored.created,
        "finished": stored.finished,
        "deleted": stored.deleted,
    }
    if game.first_dealer is not None:  # games started before it could be named have none
        doc["first_dealer"] = game.first_dealer
    if stored.origin:  # a game read from an export: the identity of the game exported
        doc["imported"] = stored.origin
    return doc


def record_identity(record: dict[str, Any]) -> str:
    """The identity of the game a JSON export's ``record`` holds: the origin it carries when
    the game was itself imported (``imported``), else a SHA-256 digest (hex) of the record as
    canonical JSON (keys sorted), so the same export always has the same identity."""
    import hashlib

    origin = record.get("imported")
    if isinstance(origin, str) and origin:
        return origin
    text = json.dumps(record, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


_VARIANTS: dict[str, Variant] = {}


def _variant(rules: dict[str, Any], game_id: int) -> Variant:
    """The variant a game's stored rules build (games with the same rules share one: the
    same values in the same order, as the files this program writes keep them)."""
    key = repr(rules)  # exact: tells 1 from 1.0 and True, nan from null; cheaper than JSON
    variant = _VARIANTS.get(key)
    if variant is None:
        variant = _VARIANTS[key] = variant_from_rules(
            rules, f"game {game_id}" if game_id else _("the game's rules")
        )
    return variant


def check_names(names: list[str], error: type[ScorekeeperError] = InputError) -> None:
    """``error`` unless each of ``names`` is held to the bounds of a typed name
    (:func:`scorekeeper.domain.names.check_typed_names`): a game coming in however it comes
    (an import, a restore, a schema update) is held to them (README, the bounds paragraph)."""
    from scorekeeper.domain.names import check_typed_names

    check_typed_names(names, error)


def check_values(doc: dict[str, Any], checked: GameDoc) -> None:
    """InputError unless every value of a game's document (``doc``, read as ``checked``) is
    held to the bounds of any input: checked for a game coming in (an import) and for a game
    going out as a JSON export, so that every export can be imported again (README, the bounds
    paragraph; a game stored before there were such bounds is still read). Numbers at
    most :data:`~scorekeeper.domain.bounds.MAX_NUMBER` either way and written as whole numbers,
    texts (labels, notes) without control or format characters, names as typed names are
    (:func:`check_names`), ``created``, ``finished`` and each hand's ``recorded_at`` (when
    given) timestamps any time zone can show. The
    rules are held to a variant file's checks where they are read
    (:func:`scorekeeper.domain.schema.decode`, :func:`scorekeeper.variants.check_names`)."""
    from scorekeeper.domain.bounds import check_data
    from scorekeeper.domain.entries import refuse_floats

    where = _("the game's record")
    _refuse_unknown_keys(doc)
    named = checked.rules.get("name")
    # one variant, filed and shown by name (a name of the wrong kind: said as rules are read)
    if checked.variant and isinstance(named, str) and checked.variant != named:
        raise InputError(
            _(
                "the record's 'variant' is {variant}, but its rules are those of {named}:"
                " give one name"
            ).format(variant=shown_value(checked.variant), named=shown_value(named))
        )
    values = {key: value for key, value in doc.items() if key != "rules"}
    check_data(values, where)
    refuse_floats(values, where, "record")
    check_names([n for s in checked.sides for n in (s.name, *s.players)])
    for stamp in (checked.created, checked.finished):
        if stamp is None and stamp is checked.finished:
            continue
        if not _any_zone_shows(stamp):
            raise InputError(
                _(
                    "'created' and 'finished' must be ISO 8601 timestamps from 0001-01-02 to"
                    " 9999-12-30 (UTC), not {value}"
                ).format(value=repr(stamp))
            )
    for key, hands in (("hands", checked.hands), ("redo", checked.redo)):
        for i, hand in enumerate(hands):
            if hand.recorded_at and not _any_zone_shows(hand.recorded_at):
                raise InputError(
                    _(
                        "{place} must be an ISO 8601 timestamp from 0001-01-02 to 9999-12-30"
                        " (UTC), as a hand recorded here has it, not {value}"
                    ).format(place=f"{key}[{i}].recorded_at", value=repr(hand.recorded_at))
                )


def _refuse_unknown_keys(doc: dict[str, Any]) -> None:
    """InputError for a key a game's document does not hold (:class:`GameDoc`, and in each
    side :class:`SideDoc` and each hand :class:`HandDoc`): what a game coming in holds is
    read whole, or refused, never partly ignored (the rules and the entries are checked where
    they are read; an entry's ``team``, which a hand file may give, a record's entries never
    do: they come in side order)."""
    parts: list[tuple[str, Any, type[Struct]]] = [("", doc, GameDoc)]
    for key, shape in (("sides", SideDoc), ("hands", HandDoc), ("redo", HandDoc)):
        parts += [(f"{key}[{i}]", item, shape) for i, item in enumerate(doc.get(key) or [])]
    for place, item, shape in parts:
        if not isinstance(item, dict):
            continue  # of the wrong kind: said as the document is read (_checked)
        for i, entry in enumerate(item.get("entries") or [] if shape is HandDoc else []):
            if not isinstance(entry, dict):
                continue  # said as the entry is read (hand_from_doc)
            if "team" in entry:  # a hand file's; never a record's
                raise InputError(
                    _(
                        "{place}: a recorded hand's entries come in side order and name no"
                        " side: 'team' is not one of their keys"
                    ).format(place=f"{place}.entries[{i}]")
                )
            _refuse_keys(entry, f"{place}.entries[{i}]: ", _entry_keys())
        _refuse_keys(item, f"{place}: " if place else "", shape.__struct_fields__)


def _entry_keys() -> tuple[str, ...]:
    """The keys of a recorded hand's entry: a hand file's, but ``team``."""
    return tuple(key for key in entry_keys() if key != "team")


def _refuse_keys(item: dict[str, Any], place: str, known: tuple[str, ...]) -> None:
    """InputError for the first key of ``item`` not in ``known``, at ``place``."""
    for key in item:
        if key not in known:
            raise InputError(
                _("{place}unknown key {key} (allowed: {allowed})").format(
                    place=place, key=shown_value(key), allowed=listing(known)
                )
            )


#: A time as a game or a hand records it (``2026-12-07T19:56:52+00:00``): ISO 8601's extended
#: calendar date and time, to the second or finer, with an offset in hours and minutes or
#: ``Z``, or none (read as UTC); not the other forms Python reads (week dates, basic forms,
#: an hour alone, an offset in seconds).
_STAMP = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?(?:Z|[+-]\d{2}:\d{2})?")


def _any_zone_shows(stamp: object) -> bool:
    """Whether ``stamp`` is an ISO 8601 time every time zone can show: between 0001-01-02 and
    9999-12-30 once moved to UTC (a naive time read as UTC), so that an import is refused or
    taken alike on every machine, whatever its zone (no zone is a day or more from UTC)."""
    from datetime import datetime, timedelta

    if not isinstance(stamp, str) or not _STAMP.fullmatch(stamp):
        return False
    try:
        moment = datetime.fromisoformat(stamp)
        utc = moment.replace(tzinfo=None) - (moment.utcoffset() or timedelta())
    except (ValueError, OverflowError):
        return False
    return datetime(1, 1, 2) <= utc < datetime(9999, 12, 31)


def check_exportable(stored: StoredGame) -> None:
    """DataFileError naming the game when its JSON export could not be imported again: a
    game stored before there were bounds, or changed by hand, may hold what an import refuses.
    Its record is read as an import reads it (the bounds of any input, :func:`game_from_doc`,
    every running total within :data:`~scorekeeper.domain.bounds.MAX_NUMBER`). Such a game is
    still read, shown and can be deleted, but an export of it is refused rather than written
    unusable (README, the bounds paragraph)."""
    refusal = beyond_bounds(stored)
    if refusal is not None:
        raise DataFileError(
            _(
                "game {id} holds what an import refuses ({error}), so its export could not be"
                " imported again; nothing was exported"
            ).format(id=stored.id, error=refusal)
        )


def beyond_bounds(stored: StoredGame) -> str | None:
    """Why a game coming in as ``stored`` would be refused (its record read as an import
    reads it: the bounds of any input, :func:`game_from_doc`, every running total within
    :data:`~scorekeeper.domain.bounds.MAX_NUMBER`, the names and start scores ``new`` takes),
    or None when it is held to every bound."""
    from scorekeeper.domain.bounds import check_data

    doc = game_to_doc(stored)
    try:
        check_data(doc, _("the game's record"))  # as an import's file is read (parse_json)
        game = game_from_doc(0, doc).game
        game.check_bounds()
        game.check_coming_in()  # what `new` and `import` refuse: names, start scores
    except ScorekeeperError as err:
        return unlabelled(err.message, "")
    return None


def check_incoming_rules(variant: Variant, error: type[ScorekeeperError] = DataFileError) -> None:
    """The rules of a game coming in (an import, a restore, a schema update, a rematch) held
    to a variant file's checks: its name, kinds and titles (``error`` for a refusal,
    :func:`scorekeeper.variants.check_names`) and its counts of sides, players, decks, jokers,
    hands, canasta cards and threes (DataFileError, :func:`scorekeeper.domain.variant.
    check_bounds`). A game's stored rules are read past them (README, the bounds paragraph)."""
    from scorekeeper.domain.names import NOT_A_VARIANT_NAME
    from scorekeeper.variant_folders import is_variant_name

    where = _("the game's rules")
    if not is_variant_name(variant.name):  # shown, listed and filtered by as a variant's
        refusal = _(NOT_A_VARIANT_NAME).format(name=variant.name)
        raise error(f"{where}: {refusal}")
    check_rule_names(variant, where, error)
    check_bounds(variant, where)


def game_from_doc(game_id: int, doc: dict[str, Any]) -> StoredGame:
    """Rebuild a stored game from its document; raises DataFileError/InputError if unusable.
    Game id 0 is a game coming in (an import): InputError when it holds more hands than
    :data:`~scorekeeper.domain.bounds.MAX_HANDS` (or more taken back for ``redo``)."""
    checked: GameDoc = _checked(doc, GameDoc)
    if not game_id:  # a game coming in (an export's record), held to the bounds before it is
        # scored; a game stored before there were such bounds is still read (README)
        check_values(doc, checked)
        check_hands(len(checked.hands), "")
        check_hands(len(checked.redo), "")
        check_sides(len(checked.sides), sum(len(s.players) for s in checked.sides))
    variant = _variant(checked.rules, game_id)
    if not game_id:
        check_incoming_rules(variant, InputError)
    sides = tuple(Side(s.name, tuple(s.players), s.start_score) for s in checked.sides)
    hands = [hand_from_doc(variant, h, f"hands[{i}]") for i, h in enumerate(checked.hands)]
    game = Game(variant, sides, hands, first_dealer=checked.first_dealer)
    return StoredGame(
        id=game_id,
        game=game,
        label=checked.label,
        created=checked.created,
        finished=checked.finished,
        redo=[hand_from_doc(variant, h, f"redo[{i}]") for i, h in enumerate(checked.redo)],
        deleted=checked.deleted,
        origin=checked.imported,
    )


def load_game(path: Path, game_id: int, doc: dict[str, Any]) -> StoredGame:
    """A stored game from its document, every hand scored once; DataFileError naming the game's
    file when it cannot be used (a hand its own rules refuse, a missing or mistyped key)."""
    where = game_file(path, game_id)
    try:
        stored = game_from_doc(game_id, doc)
        stored.game.results  # noqa: B018 - scores every stored hand, so damage shows here
        return stored
    except ScorekeeperError as err:
        raise DataFileError(
            _(
                "game {id} ({file}) cannot be used: {error}; it was left untouched: restore a"
                " backup ('scorekeeper backups --db {path}') or move the file away (its game is"
                " then gone)"
            ).format(id=game_id, file=where, error=err, path=path)
        ) from None
    except (KeyError, TypeError, ValueError, AttributeError, IndexError, OverflowError) as err:
        what = (
            _("'{key}' is missing").format(key=err.args[0])
            if isinstance(err, KeyError)
            else _("a value is of the wrong kind")
        )
        raise DataFileError(
            _(
                "game {id} ({file}) is damaged ({what}); restore a backup"
                " ('scorekeeper backups --db {path}')"
            ).format(id=game_id, file=where, what=what, path=path)
        ) from None

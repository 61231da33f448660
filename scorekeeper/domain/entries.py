"""A side's entry for one hand: :class:`SideEntry`, and reading its JSON object field by field
as the one table of entry fields (:data:`scorekeeper.domain.fields.FIELDS`) declares them
(:func:`read_entry`, behind :func:`scorekeeper.domain.reading.entry_from_json`).

A :class:`SideEntry` holds parsed values: typed cards as :class:`~scorekeeper.domain.cards.Card`
tuples, counts and points as numbers. How the entry was given (its JSON keys in order, the card
text as typed) is kept apart in :class:`EntryForm`, only to store the entry as it came.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from msgspec import Struct, field

from scorekeeper.domain.cards import Card, card_bound, parse_cards, parse_melds, render
from scorekeeper.domain.fields import (
    CANASTAS,
    FIELDS,
    PENALTIES,
    POINTS_OR_CARDS,
    SPECIAL_HAND,
    YES_NO,
    EntryField,
    by_json_key,
    empty_value,
    entry_keys,
    field_named,
    plural,
)
from scorekeeper.errors import InputError, RuleError, ScorekeeperError
from scorekeeper.i18n import gettext as _
from scorekeeper.i18n import labelled, language, listing

if TYPE_CHECKING:
    from scorekeeper.domain.variant import Variant

# -- the entry ----------------------------------------------------------------------------------

Meld = tuple[Card, ...]


class EntryForm(Struct, frozen=True):
    """How an entry was given, kept only to store it back as it came (not compared).

    ``keys``: its JSON keys in order; ``canastas``/``penalties``: the kinds its objects listed
    (canasta aliases as their kind), with the penalty counts as given (typed threes left in hand
    add to those in :attr:`SideEntry.penalties`); ``cards``: card text as typed, per JSON key;
    ``floats``: values given as whole-number floats (``120.0``, read as 120), per JSON key, to
    write them back as they came.
    """

    keys: tuple[str, ...] = ()
    canastas: tuple[str, ...] = ()
    penalties: tuple[tuple[str, int], ...] = ()
    cards: Mapping[str, str | None] = field(default_factory=dict)
    floats: Mapping[str, Any] = field(default_factory=dict)


class SideEntry(Struct, frozen=True):
    """What one side laid down in one hand, parsed (DESIGN.md, "Hand entry as JSON").

    Points (``meld_points``; ``hand_points``, the value of the cards left in all the side's
    hands, deducted) and counts (``canastas`` per kind key, ``red_threes``, ``black_threes``,
    ``penalties`` per penalty key) are what the side scores; where it typed cards they are
    worked out from them: ``melds`` (a tuple of melds, each a tuple of cards) and ``hand`` (the
    cards left in hand, threes that count as an in-hand penalty included), None where it gave
    points. ``other``: values of fields that no scoring rule reads, by field key. ``form``: how
    it was given (:class:`EntryForm`), None for an entry built in code; left out of equality,
    so two equal entries score alike.
    """

    meld_points: int = 0
    melds: tuple[Meld, ...] | None = None
    canastas: Mapping[str, int] = field(default_factory=dict)
    red_threes: int = 0
    black_threes: int = 0
    went_out: bool = False
    concealed: bool = False
    hand_points: int = 0
    hand: Meld | None = None
    penalties: Mapping[str, int] = field(default_factory=dict)
    special_hand: str | None = None
    acaba: bool = False
    other: Mapping[str, Any] = field(default_factory=dict)
    form: EntryForm | None = None

    def __eq__(self, other: object) -> bool:
        """Entries are equal when their values are: the form they were given in is left out."""
        if type(other) is not SideEntry:
            return NotImplemented
        return all(
            getattr(self, name) == getattr(other, name)
            for name in self.__struct_fields__
            if name != "form"
        )

    __hash__ = None  # type: ignore[assignment]  # canastas and penalties are mappings

    @property
    def canasta_count(self) -> int:
        return sum(self.canastas.values())

    @property
    def says_nothing_else(self) -> bool:
        """True when every value but ``acaba`` is empty (no points, cards, counts or flags)."""
        return not any(
            getattr(self, name) for name in self.__struct_fields__ if name not in ("acaba", "form")
        )

    def value(self, key: str) -> Any:
        """The value of field (or JSON) key ``key``: an attribute, or one of :attr:`other`
        (a field's empty value when it holds none)."""
        if key in self.__struct_fields__:
            return getattr(self, key)
        if key in self.other:
            return self.other[key]
        return empty_value(by_json_key().get(key) or field_named(key), key)

    def to_json(self) -> dict[str, Any]:
        """The entry as DESIGN.md's JSON object, the one form storage writes.

        An entry read from JSON is written as it was given: its keys in order, canasta aliases
        as their kind, card text as typed. An entry built in code gives its fields with defaults
        left out; points worked out from cards are left out too (``melds`` stands for
        ``meld_points``, ``hand`` for ``hand_points``).
        """
        fields = by_json_key()
        form = self.form
        if form is not None:
            return {
                key: form.floats[key] if key in form.floats else self._json_value(fields[key], key)
                for key in form.keys
            }
        out: dict[str, Any] = {}
        for f in FIELDS:
            for key in f.json:
                if f.kind == POINTS_OR_CARDS:
                    has_cards = self.value(f.cards_key) is not None
                    if (key == f.points_key) == has_cards:
                        continue
                value = self._json_value(f, key)
                if value not in (0, False, None, {}, ""):
                    out[key] = value
        return out

    def _json_value(self, f: EntryField, key: str) -> Any:
        form = self.form
        if f.kind == CANASTAS and form is not None:
            return {kind: self.canastas.get(kind, 0) for kind in form.canastas}
        if f.kind == PENALTIES and form is not None:
            return dict(form.penalties)
        if f.kind == POINTS_OR_CARDS and key == f.cards_key:
            if form is not None and key in form.cards:
                return form.cards[key]
            cards = self.value(key)
            if cards is None:
                return None
            return " | ".join(render(m) for m in cards) if f.grouped else render(cards)
        value = self.value(f.key if f.kind != POINTS_OR_CARDS else key)
        return dict(value) if isinstance(value, Mapping) else value


def typed_cards(entry: SideEntry) -> list[Card]:
    """Every card a side typed: its melds' cards, then the cards left in its hand."""
    cards = [c for meld in entry.melds or () for c in meld]
    return cards + list(entry.hand or ())


def combine(entries: Sequence[SideEntry]) -> SideEntry:
    """The partnership entry of partners formed for one hand (RULES.md §2.2 cutthroat): melds,
    canastas, hand points and penalties added up; out if either went out; red threes together
    (used only for the deck limit: each partner's red threes score for that partner alone)."""

    def add(maps: Sequence[Mapping[str, int]]) -> dict[str, int]:
        out: dict[str, int] = {}
        for m in maps:
            for k, n in m.items():
                out[k] = out.get(k, 0) + n
        return out

    return SideEntry(
        meld_points=sum(e.meld_points for e in entries),
        canastas=add([e.canastas for e in entries]),
        red_threes=sum(e.red_threes for e in entries),
        black_threes=sum(e.black_threes for e in entries),
        went_out=any(e.went_out for e in entries),
        concealed=any(e.concealed for e in entries),
        hand_points=sum(e.hand_points for e in entries),
        penalties=add([e.penalties for e in entries]),
    )


# -- reading the JSON object ------------------------------------------------------------------


def refuse_floats(
    value: Any, source: str, key: str, error: type[ScorekeeperError] = InputError
) -> None:
    """``error`` naming ``source`` and the field of the first number written with a fraction
    or an exponent (``2.5e1``, ``100.0``, ``1.2e2``) anywhere in ``value`` (JSON data: the
    entries of a hand file, the hands of an import), ``key`` the field for a number not inside
    an object: points and counts coming in are whole numbers, written as such, in every JSON
    input (DESIGN.md, "Hand entry as JSON"; README, "bounds"), and in every game stored
    (:func:`scorekeeper.storage.codec.check_values`: a stored float is damage)."""
    from scorekeeper.domain.bounds import quoted

    stack: list[tuple[Any, str]] = [(value, key)]
    while stack:
        item, field_key = stack.pop()
        if isinstance(item, float):
            raise error(
                _(
                    "{source}: '{key}' takes a whole number written without '.' or 'e', not {value}"
                ).format(source=source, key=field_key, value=quoted(item))
            )
        if isinstance(item, dict):
            stack.extend((v, str(k)) for k, v in reversed(list(item.items())))
        elif isinstance(item, list):
            stack.extend((v, field_key) for v in reversed(item))


def as_json(value: Any) -> str:
    """``value`` (read from JSON) as JSON writes it, cut short where long: ``true``, not
    Python's ``True``; ``"3"`` with its quotes, so a text is told from a number."""
    import json

    from scorekeeper.domain.bounds import quoted

    try:
        return quoted(json.dumps(value, ensure_ascii=False))
    except (TypeError, ValueError):
        return quoted(repr(value))


def count_value(value: Any, what: str) -> int:
    """``value`` as a count (a whole number, 0 or more; ``3.0`` is 3).

    Raises InputError for anything but a whole number, RuleError for a negative one.
    """
    if isinstance(value, bool) or not isinstance(value, int):
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        else:
            raise InputError(
                _("{what} must be a whole number, not {value}").format(
                    what=what, value=as_json(value)
                )
            )
    if value < 0:
        raise RuleError(
            _("{what} cannot be negative ({value}); counts and points are 0 or more").format(
                what=what, value=value
            )
        )
    return value


def flag_value(value: Any, what: str) -> bool:
    """``value`` as yes/no; raises InputError unless it is true or false."""
    if not isinstance(value, bool):
        raise InputError(
            _("{what} must be true or false, not {value}").format(what=what, value=as_json(value))
        )
    return value


def text_value(value: Any, what: str) -> str:
    """``value`` as text; raises InputError unless it is a string."""
    if not isinstance(value, str):
        raise InputError(
            _("{what} must be text, not {value}").format(what=what, value=as_json(value))
        )
    return value


_ABSENT = object()


def _count(obj: Mapping[str, Any], key: str, side: str) -> int:
    """``obj[key]`` (0 when absent) as a count; the error text is made only for a bad value."""
    value = obj.get(key, 0)
    if type(value) is int and value >= 0:
        return value
    return count_value(value, _("{side}: {what}").format(side=side, what=_item_words(key)))


def _item_words(key: str) -> str:
    """A field's value under JSON ``key`` as a player knows it: its title and its one-line
    name ("meld points (m=)", "red threes (r=)")."""
    f = by_json_key().get(key)
    if f is None or not f.title:
        return f"'{key}'"
    name = f.short.partition("=")[0] if f.short else (f.names[0] if f.names else key)
    return _("{title} ({name}=)").format(title=_(f.title), name=name)


def _read_counts(
    variant: Variant, f: EntryField, raw: Any, side: str
) -> tuple[dict[str, int], tuple[str, ...]]:
    """Counts per canasta or penalty kind, and the kinds listed (aliases as their kind)."""
    if f.kind == CANASTAS:
        if not isinstance(raw, Mapping):
            raise InputError(
                _("{side}: 'canastas' must be an object of counts per kind").format(side=side)
            )
        counts: dict[str, int] = {}
        named: dict[str, str] = {}
        for name, count in raw.items():
            try:
                kind = variant.canasta_key(str(name))
            except InputError as err:  # said with the side, as each error of its entry is
                raise InputError(f"{side}: {err.message}") from None
            if kind in named:
                raise InputError(
                    _(
                        "{side}: canastas '{first}' and '{second}' are the same kind ({kind});"
                        " give its count once"
                    ).format(side=side, first=named[kind], second=name, kind=kind)
                )
            named[kind] = str(name)
            title = variant.canastas[kind].title or kind
            # English says the kind in the plural ("natural canastas"); a catalogue translates
            # the kind's title, which says a count in those languages
            what = (plural(title) or title) if language() == "en" else _(title)
            counts[kind] = count_value(
                count, _("{side}: {what} ({name}=)").format(side=side, what=what, name=name)
            )
        return counts, tuple(counts)
    if not isinstance(raw, Mapping):
        raise InputError(
            _("{side}: 'penalties' must be an object of counts per penalty kind").format(side=side)
        )
    counts = {}
    for name, count in raw.items():
        if name not in variant.penalties:
            allowed = listing(variant.penalties) or _("none")
            raise InputError(
                _("{side}: {variant} has no penalty '{name}' (penalties: {allowed})").format(
                    side=side, variant=_(variant.title), name=name, allowed=allowed
                )
            )
        title = variant.penalties[name].title or name
        counts[name] = count_value(
            count,
            _("{side}: penalty {title} ({name}=)").format(side=side, title=_(title), name=name),
        )
    return counts, tuple(counts)


def _read_special(variant: Variant, raw: Any, side: str) -> str | None:
    if raw is None:
        return None
    special = text_value(raw, f"{side}: 'special_hand'")
    if special not in variant.special_hands:
        allowed = listing(variant.special_hands) or _("none")
        raise InputError(
            _("{side}: {variant} has no special hand '{name}' (special hands: {allowed})").format(
                side=side, variant=_(variant.title), name=special, allowed=allowed
            )
        )
    return special


def _parse(f: EntryField, text: str, decks: tuple[int, int]) -> tuple[Meld, ...] | Meld:
    """Typed cards as values: melds (a tuple of melds) or the cards left in hand, no more
    than ``decks`` hold (:attr:`Variant.held`)."""
    if not text.strip():
        return ()
    if f.grouped:
        return tuple(tuple(m) for m in parse_melds(text, decks=decks))
    return tuple(parse_cards(text, decks))


def _has_float(values: Any) -> bool:
    return any(isinstance(v, float) for v in values)


def read_entry(variant: Variant, obj: Mapping[str, Any], side: str = "side") -> SideEntry:
    """Read one side's JSON object field by field (:data:`FIELDS`), typed cards parsed once.

    The numbers cards make (meld points, canastas, penalties shown) are not worked out here:
    :func:`scorekeeper.domain.reading.entry_from_json` does that. Raises InputError for an
    unknown key, a wrong type, a canasta kind, penalty or special hand the variant does not
    have, a field the variant refuses (acaba), points given together with their cards or a bad
    card token; RuleError for a negative count.
    """
    if not isinstance(obj, Mapping):
        raise InputError(_("{side}: each side's entry must be a JSON object").format(side=side))
    fields = by_json_key()
    for key in obj:
        if key not in fields and key != "team":
            allowed = listing(entry_keys())
            raise InputError(
                _("{side}: unknown key '{key}' (allowed: {allowed})").format(
                    side=side, key=key, allowed=allowed
                )
            )
    values: dict[str, Any] = {}
    canastas: tuple[str, ...] = ()
    penalties: tuple[tuple[str, int], ...] = ()
    texts: dict[str, str | None] = {}
    for f in FIELDS:
        kind = f.kind
        if kind == POINTS_OR_CARDS:
            points_key, cards_key = f.json[0], f.json[-1]
            if cards_key in obj:
                if points_key in obj:
                    raise InputError(
                        _("{side}: give '{cards}' or '{points}', not both").format(
                            side=side, cards=cards_key, points=points_key
                        )
                    )
                raw = obj[cards_key]
                text = None if raw is None else text_value(raw, f"{side}: '{cards_key}'")
                texts[cards_key] = text
            values[points_key] = _count(obj, points_key, side)
        elif kind in (CANASTAS, PENALTIES):
            raw = obj.get(f.json[0], _ABSENT)
            if raw is _ABSENT:
                counts, listed = {}, ()
            else:
                counts, listed = _read_counts(variant, f, raw, side)
            if kind == CANASTAS:
                canastas = listed
            else:
                penalties = tuple(counts.items())
            values[f.key] = {k: n for k, n in counts.items() if n}
        elif kind == SPECIAL_HAND:
            values[f.key] = _read_special(variant, obj.get(f.json[0]), side)
        elif kind == YES_NO:
            flag = obj.get(f.json[0], False)
            values[f.key] = (
                flag
                if flag is True or flag is False
                else flag_value(flag, f"{side}: '{f.json[0]}'")
            )
        else:
            values[f.key] = _count(obj, f.json[0], side)
    for f in FIELDS:
        if f.kind == YES_NO and f.implies and values.get(f.key):
            # "concealed": true means the side went out, as the one-line `concealed` says.
            said = field_named(f.implies)
            if obj.get(said.json[0], True) is False:
                raise InputError(
                    _(
                        "{side}: '{key}' means going out in one turn, but '{said}' says the side"
                        " did not go out; give one"
                    ).format(side=side, key=f.json[0], said=said.json[0])
                )
            values[said.key] = True
    for f in FIELDS:
        if f.refused and values.get(f.key) and not f.used(variant):
            raise InputError(labelled(side, _(f.refused).format(variant=_(variant.title))))
    if texts:  # typed cards, parsed field by field; all of them together within the decks
        most, too_many = card_bound(variant.held)
        counted = 0
        for f in FIELDS:
            text = texts.get(f.cards_key) if f.kind == POINTS_OR_CARDS else None
            if text is not None:
                try:
                    cards = values[f.cards_key] = _parse(f, text, variant.held)
                except InputError as err:
                    raise InputError(labelled(side, err.message)) from None
                counted += sum(len(m) for m in cards) if f.grouped else len(cards)
                if counted > most:
                    raise InputError(labelled(side, too_many))
    floats = {}
    if any(isinstance(v, float | Mapping) for v in obj.values()):
        penalty_keys = [f.json[0] for f in FIELDS if f.kind == PENALTIES and f.json[0] in obj]
        floats = {
            k: dict(v) if isinstance(v, Mapping) else v
            for k, v in obj.items()
            if isinstance(v, float)
            or (k in penalty_keys and isinstance(v, Mapping) and _has_float(v.values()))
        }
    own = _OWN_FIELDS
    other = {k: v for k, v in values.items() if k not in own and v not in (0, False, None, {})}
    form = EntryForm(
        keys=tuple([k for k in obj if k != "team"]),
        canastas=canastas,
        penalties=penalties,
        cards=texts,
        floats=floats,
    )
    return SideEntry(**{k: v for k, v in values.items() if k in own}, other=other, form=form)


#: The fields a :class:`SideEntry` has of its own (the others go in its ``other``).
_OWN_FIELDS = frozenset(SideEntry.__struct_fields__)

"""A side's entry for one hand: the one table of entry fields, and :class:`SideEntry`.

:data:`FIELDS` declares each field once: its key, the names the one-line grammar knows it by
(README, "One-line entries"), its JSON key(s) (DESIGN.md, "Hand entry as JSON"), the kind of its
value, when a variant uses it, the guided prompt's question and its help text. The line grammar
(:mod:`scorekeeper.domain.entry_line`), the JSON reader (:func:`read_entry`, behind
:func:`scorekeeper.domain.reading.entry_from_json`), the guided prompt, ``hand --help``,
``edit --help`` and README's table are all built from it, so adding a field is one row here.

A :class:`SideEntry` holds parsed values: typed cards as :class:`~scorekeeper.domain.cards.Card`
tuples, counts and points as numbers. How the entry was given (its JSON keys in order, the card
text as typed) is kept apart in :class:`EntryForm`, only to store the entry as it came.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from msgspec import Struct, field

from scorekeeper.domain.cards import Card, parse_cards, parse_melds, render
from scorekeeper.domain.variant import Variant
from scorekeeper.errors import InputError, RuleError

# -- kinds of value ---------------------------------------------------------------------------

#: A whole number, 0 or more (``red=2``, ``"red_threes": 2``).
COUNT = "count"
#: Card points, or the cards themselves (``meld=340`` / ``meld=KKKK2/QQQ``): two JSON keys.
POINTS_OR_CARDS = "points_or_cards"
#: Yes or no (``out``, ``"went_out": true``).
YES_NO = "yes_no"
#: Counts per canasta kind of the variant, by key or alias (``natural=1``).
CANASTAS = "canastas"
#: Counts per penalty kind of the variant (``red_three_not_declared=1``).
PENALTIES = "penalties"
#: The key of one of the variant's special hands (``special=garbage``).
SPECIAL_HAND = "special_hand"

KINDS = (COUNT, POINTS_OR_CARDS, YES_NO, CANASTAS, PENALTIES, SPECIAL_HAND)


def _always(variant: Variant) -> bool:
    return True


def _no_limit(variant: Variant) -> int:
    return 99


class EntryField(Struct, frozen=True):
    """One field of a side's entry, declared once.

    ``key``: the field's name, and the :class:`SideEntry` attribute holding its value (a key
    that is no attribute keeps its value in :attr:`SideEntry.other`). ``kind``: one of
    :data:`KINDS`. ``json``: its JSON key(s); for :data:`POINTS_OR_CARDS` (points key, cards
    key). ``names``: what the one-line grammar calls it, full name first, then short forms
    (canasta and penalty kinds are named by the variant). ``used``: whether a variant has it
    (grammar, prompt); ``refused``: the reader's message for a value given where it is not used
    (``{variant}``: the variant's name), empty to leave that to the hand's checks. ``question``:
    the guided prompt's question; ``asked``: ``side`` (asked of each side), ``which`` (one
    question per hand: which side), ``with`` (a yes/no asked of the side ``implies`` names).
    ``limit``: the largest count the prompt takes. ``grouped``: cards form melds. ``alone``:
    the side gives nothing else (acaba). ``implies``: the yes/no field this one sets too
    (concealed: went out). ``unless``: the prompt skips this field when that JSON key was
    answered (canastas are counted from typed melds). ``syntax``/``short``: the line form
    and its short form; ``summary``: its meaning in a few words (``hand --help``); ``help``: its
    meaning in full (README).
    """

    key: str
    kind: str
    json: tuple[str, ...]
    syntax: str
    summary: str
    help: str
    names: tuple[str, ...] = ()
    short: str = ""
    question: str = ""
    asked: str = "side"
    used: Callable[[Variant], bool] = _always
    refused: str = ""
    limit: Callable[[Variant], int] = _no_limit
    grouped: bool = False
    alone: bool = False
    implies: str = ""
    unless: str = ""

    @property
    def points_key(self) -> str:
        return self.json[0]

    @property
    def cards_key(self) -> str:
        return self.json[-1]


def _scores_red_threes(v: Variant) -> bool:
    return v.red_threes.scored


def _scores_black_threes(v: Variant) -> bool:
    return v.uses_black_threes


def _has_special_hands(v: Variant) -> bool:
    return bool(v.special_hands)


def _has_acaba(v: Variant) -> bool:
    return v.acaba_points is not None


def _canastas_in_decks(v: Variant) -> int:
    return v.deck_cards // 7


def _red_threes_in_decks(v: Variant) -> int:
    return v.cards_of("red_three")


def _black_threes_in_decks(v: Variant) -> int:
    return v.cards_of("black_three")


#: The one table of entry fields, in the order the prompt asks them and JSON lists them.
FIELDS: list[EntryField] = [
    EntryField(
        "meld",
        POINTS_OR_CARDS,
        ("meld_points", "melds"),
        syntax="meld=340",
        short="m=340",
        summary="melded card points, or the cards (m=KKKK2/QQQ)",
        help="card points of everything the side melded, canastas included; `meld=KKKKKKK/QQQ2`"
        " gives the cards instead, `/` between melds (canastas are then counted from melds of"
        " 7 or more cards unless you give them)",
        names=("meld", "m"),
        question="Melded card points (or the cards, e.g. KKKK2 QQQ)",
        grouped=True,
    ),
    EntryField(
        "canastas",
        CANASTAS,
        ("canastas",),
        syntax="natural=1 mixed=2",
        short="nat=1 mix=2",
        summary="canastas by kind (key, alias or unique prefix)",
        help="canastas by kind: the variant's keys and aliases (`clean`, `dirty`...)",
        question="{kind}s",
        limit=_canastas_in_decks,
        unless="melds",
    ),
    EntryField(
        "red_threes",
        COUNT,
        ("red_threes",),
        syntax="red=2",
        short="r=2",
        summary="red threes laid out",
        help="red threes laid out",
        names=("red", "r"),
        question="Red threes",
        used=_scores_red_threes,
        limit=_red_threes_in_decks,
    ),
    EntryField(
        "black_threes",
        COUNT,
        ("black_threes",),
        syntax="black=1",
        short="b=1",
        summary="black threes laid out",
        help="black threes laid out (variants that score them)",
        names=("black", "b"),
        question="Black threes",
        used=_scores_black_threes,
        limit=_black_threes_in_decks,
    ),
    EntryField(
        "went_out",
        YES_NO,
        ("went_out",),
        syntax="out",
        short="o",
        summary="the side went out",
        help="the side went out",
        names=("out", "o"),
        question="Which side went out?",
        asked="which",
    ),
    EntryField(
        "concealed",
        YES_NO,
        ("concealed",),
        syntax="concealed",
        short="c",
        summary="went out concealed, in one turn",
        help="went out concealed, in one turn (implies `out`)",
        names=("concealed", "c"),
        question="Concealed (the whole hand melded in one turn)?",
        asked="with",
        implies="went_out",
    ),
    EntryField(
        "hand",
        POINTS_OR_CARDS,
        ("hand_points", "hand"),
        syntax="hand=25",
        short="h=25",
        summary="points left in hands, or the cards (h=J/5/X)",
        help="points left in all the side's hands (deducted); `hand=J/5/X` gives the cards",
        names=("hand", "h"),
        question="Points left in hand (or the cards)",
    ),
    EntryField(
        "penalties",
        PENALTIES,
        ("penalties",),
        syntax="red_three_not_declared=1",
        summary="a penalty kind of the variant",
        help="a penalty kind of the variant (`variants show` lists them)",
        question="{kind} ({points} each)",
    ),
    EntryField(
        "special_hand",
        SPECIAL_HAND,
        ("special_hand",),
        syntax="special=garbage",
        summary="a special hand the side laid down",
        help="a special hand the side laid down, by key (variants that have them); it replaces"
        " the side's whole score",
        names=("special",),
        question="Special hand laid down ({choices}; Enter for none)",
        used=_has_special_hands,
    ),
    EntryField(
        "acaba",
        YES_NO,
        ("acaba",),
        syntax="acaba",
        summary="the side declared acaba",
        help="the side declared acaba (variants with acaba): the opponents score its points,"
        " and nothing else counts",
        names=("acaba",),
        question="Which side declared acaba?",
        asked="which",
        used=_has_acaba,
        refused="{variant} has no acaba declaration",
        alone=True,
    ),
]


@contextlib.contextmanager
def extra_field(new: EntryField) -> Iterator[EntryField]:
    """Add ``new`` to :data:`FIELDS` for the ``with`` block, then take it out again (for tests
    and trials of a field before it joins the table)."""
    FIELDS.append(new)
    _redocument()
    try:
        yield new
    finally:
        FIELDS.remove(new)
        _redocument()


def entry_keys() -> tuple[str, ...]:
    """Every key a side's JSON object may have: ``team`` and each field's JSON keys."""
    return ("team", *(key for f in FIELDS for key in f.json))


#: Keys a side's entry may have (DESIGN.md, "Hand entry as JSON"), as the table stands at import.
ENTRY_KEYS = entry_keys()


def by_json_key() -> dict[str, EntryField]:
    """Each JSON key of the table, mapped to its field."""
    return {key: f for f in FIELDS for key in f.json}


def field_named(key: str) -> EntryField:
    """The field of the table with ``key``; KeyError if there is none."""
    return next(f for f in FIELDS if f.key == key)


def help_lines() -> list[str]:
    """The entry items for ``hand --help`` and ``edit --help``: one line per field, its line
    form and summary (a long form puts the summary on a line of its own)."""
    lines = []
    for f in FIELDS:
        form = f"{f.syntax} / {f.short}" if f.short else f.syntax
        if len(form) > 20:
            lines += [form, f"{'':<20}{f.summary}"]
        else:
            lines.append(f"{form:<20}{f.summary}")
    return lines


#: Where :func:`document` puts the entry items in a command's docstring.
ITEMS_MARK = "{entry items}"
_DOCUMENTED: list[tuple[Callable[..., Any], str]] = []


def _fill(template: str) -> str:
    out = []
    for line in template.split("\n"):
        if line.strip() == ITEMS_MARK:
            indent = line[: len(line) - len(line.lstrip())]
            out += [indent + item for item in help_lines()]
        else:
            out.append(line)
    return "\n".join(out)


def document(command: Callable[..., Any]) -> Callable[..., Any]:
    """Put the entry items (:func:`help_lines`) into ``command``'s docstring where a line reads
    :data:`ITEMS_MARK`, and keep them current when the table changes (:func:`extra_field`).
    Returns ``command``."""
    template = command.__doc__ or ""
    _DOCUMENTED.append((command, template))
    command.__doc__ = _fill(template)
    return command


def _redocument() -> None:
    for command, template in _DOCUMENTED:
        command.__doc__ = _fill(template)


def readme_table() -> str:
    """README's one-line entries table (Markdown), one row per field."""
    rows = ["| item | short | meaning |", "|---|---|---|"]
    for f in FIELDS:
        item = " ".join(f"`{part}`" for part in f.syntax.split())
        short = " ".join(f"`{part}`" for part in f.short.split())
        rows.append(f"| {item} | {short} | {f.help} |".replace("|  |", "| |"))
    return "\n".join(rows)


def empty_value(f: EntryField, key: str) -> Any:
    """What field ``f`` holds under JSON key ``key`` when nothing was given."""
    if f.kind == POINTS_OR_CARDS:
        return 0 if key == f.points_key else None
    return {COUNT: 0, YES_NO: False, CANASTAS: {}, PENALTIES: {}, SPECIAL_HAND: None}[f.kind]


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

    @property
    def given(self) -> dict[str, Any]:
        """The entry's JSON object (same as :meth:`to_json`)."""
        return self.to_json()

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


def count_value(value: Any, what: str) -> int:
    """``value`` as a count (a whole number, 0 or more; ``3.0`` is 3).

    Raises InputError for anything but a whole number, RuleError for a negative one.
    """
    if isinstance(value, bool) or not isinstance(value, int):
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        else:
            raise InputError(f"{what} must be a whole number, not {value!r}")
    if value < 0:
        raise RuleError(f"{what} cannot be negative ({value}); counts and points are 0 or more")
    return value


def flag_value(value: Any, what: str) -> bool:
    """``value`` as yes/no; raises InputError unless it is true or false."""
    if not isinstance(value, bool):
        raise InputError(f"{what} must be true or false, not {value!r}")
    return value


def text_value(value: Any, what: str) -> str:
    """``value`` as text; raises InputError unless it is a string."""
    if not isinstance(value, str):
        raise InputError(f"{what} must be text, not {value!r}")
    return value


def _read_counts(
    variant: Variant, f: EntryField, raw: Any, side: str
) -> tuple[dict[str, int], tuple[str, ...]]:
    """Counts per canasta or penalty kind, and the kinds listed (aliases as their kind)."""
    if f.kind == CANASTAS:
        if not isinstance(raw, Mapping):
            raise InputError(f"{side}: 'canastas' must be an object of counts per kind")
        counts: dict[str, int] = {}
        for name, count in raw.items():
            kind = variant.canasta_key(str(name))
            counts[kind] = counts.get(kind, 0) + count_value(count, f"{side}: canastas '{name}'")
        return counts, tuple(counts)
    if not isinstance(raw, Mapping):
        raise InputError(f"{side}: 'penalties' must be an object of counts per penalty kind")
    counts = {}
    for name, count in raw.items():
        if name not in variant.penalties:
            allowed = ", ".join(variant.penalties) or "none"
            raise InputError(
                f"{side}: {variant.name} has no penalty '{name}' (penalties: {allowed})"
            )
        counts[name] = count_value(count, f"{side}: penalty '{name}'")
    return counts, tuple(counts)


def _read_special(variant: Variant, raw: Any, side: str) -> str | None:
    if raw is None:
        return None
    special = text_value(raw, f"{side}: 'special_hand'")
    if special not in variant.special_hands:
        allowed = ", ".join(variant.special_hands) or "none"
        raise InputError(
            f"{side}: {variant.name} has no special hand '{special}' (special hands: {allowed})"
        )
    return special


def _parse(f: EntryField, text: str) -> tuple[Meld, ...] | Meld:
    """Typed cards as values: melds (a tuple of melds) or the cards left in hand."""
    if not text.strip():
        return ()
    if f.grouped:
        return tuple(tuple(m) for m in parse_melds(text))
    return tuple(parse_cards(text))


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
        raise InputError(f"{side}: each side's entry must be a JSON object")
    fields = by_json_key()
    for key in obj:
        if key != "team" and key not in fields:
            allowed = ", ".join(entry_keys())
            raise InputError(f"{side}: unknown key '{key}' (allowed: {allowed})")
    for f in FIELDS:
        if f.kind == POINTS_OR_CARDS and f.points_key in obj and f.cards_key in obj:
            raise InputError(f"{side}: give '{f.cards_key}' or '{f.points_key}', not both")
    values: dict[str, Any] = {}
    penalty_keys = {f.json[0] for f in FIELDS if f.kind == PENALTIES}
    canastas: tuple[str, ...] = ()
    penalties: tuple[tuple[str, int], ...] = ()
    texts: dict[str, str | None] = {}
    for f in FIELDS:
        if f.kind == POINTS_OR_CARDS:
            if f.cards_key in obj:
                raw = obj[f.cards_key]
                text = None if raw is None else text_value(raw, f"{side}: '{f.cards_key}'")
                texts[f.cards_key] = text
            points = obj.get(f.points_key, 0)
            values[f.points_key] = count_value(points, f"{side}: '{f.points_key}'")
        elif f.kind in (CANASTAS, PENALTIES):
            counts, listed = _read_counts(variant, f, obj.get(f.json[0], {}), side)
            if f.kind == CANASTAS:
                canastas = listed
            else:
                penalties = tuple(counts.items())
            values[f.key] = {k: n for k, n in counts.items() if n}
        elif f.kind == SPECIAL_HAND:
            values[f.key] = _read_special(variant, obj.get(f.json[0]), side)
        elif f.kind == YES_NO:
            values[f.key] = flag_value(obj.get(f.json[0], False), f"{side}: '{f.json[0]}'")
        else:
            values[f.key] = count_value(obj.get(f.json[0], 0), f"{side}: '{f.json[0]}'")
    for f in FIELDS:
        if f.refused and values.get(f.key) and not f.used(variant):
            raise InputError(f"{side}: {f.refused.format(variant=variant.name)}")
    for f in FIELDS:
        text = texts.get(f.cards_key) if f.kind == POINTS_OR_CARDS else None
        if text is not None:
            try:
                values[f.cards_key] = _parse(f, text)
            except InputError as err:
                raise InputError(f"{side}: {err}") from None
    floats = {
        k: dict(v) if isinstance(v, Mapping) else v
        for k, v in obj.items()
        if isinstance(v, float)
        or (k in penalty_keys and isinstance(v, Mapping) and _has_float(v.values()))
    }
    own = set(SideEntry.__struct_fields__)
    other = {k: v for k, v in values.items() if k not in own and v not in (0, False, None, {})}
    form = EntryForm(
        keys=tuple(k for k in obj if k != "team"),
        canastas=canastas,
        penalties=penalties,
        cards=texts,
        floats=floats,
    )
    return SideEntry(**{k: v for k, v in values.items() if k in own}, other=other, form=form)

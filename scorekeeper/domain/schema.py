"""The shape of a variant's rules, declared once: typed structures that mirror the variant TOML.

A variant file (and the rules a game stores) is a table of tables; :class:`RulesSpec` is that
table with every key's type, the values it allows and which counts cannot be negative.
:func:`decode` turns the plain data into it with :func:`msgspec.convert`, and translates
msgspec's errors (``Expected `int`, got `str` - at `$.canastas.natural.bonus```) into one line
naming the key path and what is allowed. :func:`read_setting` reads the text of
``--set KEY=VALUE`` as the type declared at KEY.

Values every variant has unless it says otherwise are data, not Python: the base variant file
(``scorekeeper/variants/base.toml``) gives them. A field with a default here is one a variant may
leave out altogether (a kind's aliases, a band's ``from``), never a rule's value.
"""

import re
import types
import typing
from typing import Annotated, Any, Literal, Union

import msgspec
from msgspec import Meta, Struct, field

from scorekeeper.errors import DataFileError, InputError

#: A count or a bonus: 0 or more (RULES.md §16c).
Count = Annotated[int, Meta(ge=0)]

#: Card-value keys of a variant's ``cards`` table (RULES.md §1).
Rank = Literal[
    "joker",
    "two",
    "ace",
    "king",
    "queen",
    "jack",
    "ten",
    "nine",
    "eight",
    "seven",
    "six",
    "five",
    "four",
    "black_three",
    "red_three",
]

#: What makes a canasta of a kind (RULES.md §16c): ``natural`` one rank and no wild card,
#: ``mixed`` one rank with wild cards, ``wild`` wild cards only, ``twos`` 2s only (Cuban, Italian,
#: Modern American), ``jokers_and_twos`` four jokers and three 2s (Cuban, Modern American),
#: ``sequence`` a run of one suit (Samba family).
Makeup = Literal["natural", "mixed", "wild", "twos", "jokers_and_twos", "sequence"]

SignRule = Literal["always_plus", "minus_without_meld", "by_canastas", "minus_without_kind"]


class Table(Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A table of a variant file: unknown keys are refused."""


class Range(Table):
    """``sides`` and ``players``: the fewest and the most (counts)."""

    min: int
    max: int


class CardValues(Table):
    """Points of each card (RULES.md §1)."""

    joker: Count
    two: Count
    ace: Count
    king: Count
    queen: Count
    jack: Count
    ten: Count
    nine: Count
    eight: Count
    seven: Count
    six: Count
    five: Count
    four: Count
    black_three: Count
    red_three: Count


class MeldRules(Table):
    """A variant's meld rules, the values of its ``[melds]`` table (counts are cards).

    ``sign`` names how melded points count (``plus``; ``minus_without_canasta``, RULES.md §3).
    ``max_cards`` 0 means no limit. ``black_threes`` is ``going_out`` (3 or more, no wild cards,
    only by a player going out: RULES.md §2) or ``never`` (RULES.md §3). ``aces`` is ``any`` or
    ``natural_unless_opening_wild`` (Modern American: aces take wild cards only when the side's
    opening held wild cards, RULES.md §3). ``opening_needs`` is ``nothing``, ``clean_triple``
    or ``clean_triple_or_wild_meld`` (RULES.md §3, K7). ``opening_discard`` is ``counts``,
    ``not_counted`` (Modern American) or ``not_allowed`` (Brazilian, RULES.md §6).
    """

    sign: Literal["plus", "minus_without_canasta"]
    min_cards: int
    max_cards: int
    min_naturals: int
    max_wilds: int
    wilds_at_most_naturals: bool
    one_meld_per_rank: bool
    wild_melds: bool
    wild_meld_max_cards: int
    wild_meld_exclusive: bool
    sequences: bool
    sequence_min: int
    sequence_max: int
    sequence_wilds: int
    black_threes: Literal["going_out", "never"]
    sevens_no_wilds: bool
    aces: Literal["any", "natural_unless_opening_wild"]
    opening_needs: Literal["nothing", "clean_triple", "clean_triple_or_wild_meld"]
    opening_discard: Literal["counts", "not_counted", "not_allowed"]
    concealed_waives_minimum: bool
    canasta_opens_freely: bool


class CanastaSpec(Table):
    """One ``[canastas.KIND]`` table: what makes a canasta of the kind and what it is worth.

    ``makeup`` (with ``rank``, a card-value key, for a kind of one given rank: Modern American's
    sevens and aces) says which melds are of the kind; ``cards`` is the fewest cards;
    ``from_cards`` false for a kind typed cards cannot show (canastas laid from hand at once,
    a Classic house rule). ``natural = true`` is the older spelling of ``makeup = "natural"``.
    """

    title: str | None = None
    bonus: Count | None = None
    aliases: tuple[str, ...] = ()
    cards: Count = 7
    counts_for_going_out: bool = True
    makeup: Makeup | None = None
    rank: Rank | None = None
    from_cards: bool = True
    natural: bool = False


class CanastaSetSpec(Table):
    """One ``[canasta_sets.KEY]`` table (RULES.md §9, Italian): ``points`` for having ``needs``
    (fewest canastas per kind, ``any`` for all kinds together); of one ``group`` only the
    largest set met counts."""

    title: str | None = None
    points: Count | None = None
    needs: dict[str, int] = {}
    group: str | None = None


class InstantWin(Table):
    """``instant_win``: ``canastas`` in one hand score ``points`` and end the game (a Classic
    house rule, RULES.md §2.6)."""

    canastas: int = 0
    points: int = 0


class ThreesSpec(Table):
    """``[red_threes]`` and ``[black_threes]``: points ``each`` or by count (``totals``, keys are
    counts), the named ``sign_rule`` and a ``negative_cap`` (RULES.md §2, §3, §4)."""

    each: Count
    totals: dict[str, Count]
    sign_rule: SignRule
    negative_cap: Count
    each_not_out: Count = 0
    sign_by_canastas: tuple[int, ...] = ()
    kind: str | None = None


class GoingOut(Table):
    """``[going_out]``: bonuses in points, the canastas needed (in all and per kind in
    ``kinds``; RULES.md §2, §13)."""

    bonus: Count
    concealed_bonus: Count
    canastas: Count
    kinds: dict[str, Count]
    red_threes_at_least_canastas: bool


class PenaltySpec(Table):
    """One ``[penalties.KEY]`` table. ``in_hand``: card-value keys the penalty charges for each
    such card left in a hand, instead of its card value (Bolivia's black three, RULES.md §5)."""

    title: str | None = None
    points: int | None = None
    meld: Literal["sequence", "aces", "sevens", "wild"] | None = None
    below_cards: int = 7
    most: int = 0
    blocks_going_out: bool = False
    in_hand: tuple[Rank, ...] | None = None


class SpecialHandSpec(Table):
    """One ``[special_hands.KEY]`` table: a hand that replaces the side's score with ``points``
    (RULES.md §3.1)."""

    title: str | None = None
    points: Count | None = None
    wins_game: bool = False


class Acaba(Table):
    """``acaba``: the points the opponents of a side declaring acaba score (RULES.md §10)."""

    points: int


class BandSpec(Table):
    """One row of ``opening_minimum.bands``: scores ``from`` (inclusive) ``below`` (exclusive) or
    a ``round``; ``points`` or ``requires`` (a requirement key)."""

    low: int | None = field(default=None, name="from")
    below: int | None = None
    round: int | None = None
    points: Count | None = None
    requires: str | None = None


class OpeningMinimum(Table):
    """``[opening_minimum]``: bands ``by`` score or by round (RULES.md §2, §14)."""

    by: Literal["score", "round"]
    bands: tuple[BandSpec, ...]


class RequirementSpec(Table):
    """An opening requirement that is not a number of points (RULES.md §6): the opening needs a
    canasta (``canasta``) with no wild card (``natural``) whose cards are worth
    ``canasta_points`` or more, and melds worth ``melds_points`` or more in all. ``title`` is what
    a player is told, ``need`` what a refused opening lacks."""

    title: str
    need: str
    canasta: bool = True
    natural: bool = False
    canasta_points: Count = 0
    melds_points: Count = 0


class OptionSpec(Table):
    """One ``[options.NAME]`` table: a switch whose ``set`` patches rules by dotted path, or a
    choice of ``choices`` (each a patch), with its ``default``."""

    description: str | None = None
    default: Any = False
    set: dict[str, Any] = {}
    choices: dict[str, dict[str, Any]] | None = None


class RulesSpec(Table, kw_only=True):
    """A variant's whole rules: the top-level table of a variant file, over the base file."""

    name: str | None = None
    title: str | None = None
    family: str
    description: str
    source: str
    extends: str | None = None
    remove: tuple[str, ...] = ()
    sides: Range
    players: Range
    decks: int
    jokers_per_deck: Count
    target: Count
    hands: Count
    tie: Literal["extra_hand", "draw"]
    partnerships: Literal["fixed", "per_hand"]
    cards: CardValues
    melds: MeldRules
    canastas: dict[str, CanastaSpec]
    canasta_sets: dict[str, CanastaSetSpec]
    instant_win: InstantWin | None = None
    red_threes: ThreesSpec
    black_threes: ThreesSpec
    going_out: GoingOut
    penalties: dict[str, PenaltySpec]
    special_hands: dict[str, SpecialHandSpec]
    acaba: Acaba | None = None
    opening_minimum: OpeningMinimum
    requirements: dict[str, RequirementSpec]
    options: dict[str, OptionSpec]
    chosen_options: dict[str, Any] = {}


def decode(data: Any, where: str) -> RulesSpec:
    """Convert plain rules (a variant file over the base file, or a game's stored rules) into
    :class:`RulesSpec`.

    Raises DataFileError starting with ``where`` and naming the key path and what it allows
    (``'target' must be a whole number, not 'lots'``, ``unknown key 'target_score' (allowed:
    ...)``).
    """
    try:
        return msgspec.convert(data, RulesSpec)
    except msgspec.ValidationError as err:
        raise DataFileError(f"{where}: {_explain(str(err), data)}") from None


# -- error messages ----------------------------------------------------------------------------

#: msgspec's message and the path it names (``$.canastas.natural.bonus``), and one step of a
#: path (``.bonus``, ``[0]``, ``[...]`` for a key msgspec does not name); compiled on an error.
_AT = r"^(?P<what>.*?)(?: - at `\$(?P<path>[^`]*)`)?$"
_STEP = r"\.([^.\[]+)|\[(\d+|\.\.\.)\]"


def _unwrap(tp: Any) -> Any:
    """The type without ``Annotated`` metadata and without ``None`` in a union."""
    while typing.get_origin(tp) is Annotated:
        tp = typing.get_args(tp)[0]
    if typing.get_origin(tp) in (Union, types.UnionType):
        rest = [t for t in typing.get_args(tp) if t is not type(None)]
        if len(rest) == 1:
            return _unwrap(rest[0])
    return tp


def _fields(cls: type) -> dict[str, Any]:
    """A Struct's fields by the name the TOML uses, with their types."""
    hints = typing.get_type_hints(cls, include_extras=True)
    return {
        enc: hints[name]
        for name, enc in zip(cls.__struct_fields__, cls.__struct_encode_fields__, strict=True)
    }


def _is_struct(tp: Any) -> bool:
    return isinstance(tp, type) and issubclass(tp, Struct)


def _step(tp: Any, part: str) -> Any:
    """The type one key (or list index) below ``tp``; None when ``tp`` has no such key."""
    tp = _unwrap(tp)
    if _is_struct(tp):
        return _fields(tp).get(part)
    origin = typing.get_origin(tp)
    if origin is dict:
        return typing.get_args(tp)[1]
    if origin is tuple and part.isdigit():
        return typing.get_args(tp)[0]
    return None


def _describe(tp: Any) -> str:
    tp = _unwrap(tp)
    if tp is bool:
        return "true or false"
    if tp is int:
        return "a whole number"
    if tp is str:
        return "text"
    if typing.get_origin(tp) is tuple:
        return "a list"
    return "a table of keys"


def _choices(tp: Any) -> tuple[str, ...] | None:
    tp = _unwrap(tp)
    return typing.get_args(tp) if typing.get_origin(tp) is Literal else None


def _locate(data: Any, tp: Any, steps: list[str]) -> tuple[list[str], Any, Any]:
    """Follow msgspec's path ``steps`` through ``data`` and its type: the path with each
    ``[...]`` (a key msgspec does not name) replaced by the key whose value is refused, the
    value there and its declared type."""
    path: list[str] = []
    for i, part in enumerate(steps):
        if part == "...":
            value_type = typing.get_args(_unwrap(tp))[1]
            bad = next(
                (k for k, v in (data or {}).items() if not _valid(v, value_type)),
                next(iter(data or {}), ""),
            )
            path.append(str(bad))
            data, tp = (data or {}).get(bad), value_type
            continue
        tp = _step(tp, part)
        if isinstance(data, list) and part.isdigit() and int(part) < len(data):
            path.append(f"[{part}]")
            data = data[int(part)]
        else:
            path.append(part)
            data = data.get(part) if isinstance(data, dict) else None
        if tp is None:
            path += steps[i + 1 :]
            break
    return path, data, tp


def _valid(value: Any, tp: Any) -> bool:
    try:
        msgspec.convert(value, tp)
    except msgspec.ValidationError:
        return False
    return True


def _dotted(path: list[str]) -> str:
    """``["opening_minimum", "bands", "[0]", "points"]`` as ``opening_minimum.bands[0].points``."""
    out = ""
    for part in path:
        out += part if part.startswith("[") or not out else f".{part}"
    return out


def _explain(message: str, data: Any) -> str:
    """One line for a msgspec ValidationError ``message`` about ``data``."""
    m = re.match(_AT, message)
    what = m.group("what") if m else message
    steps = [a or b for a, b in re.findall(_STEP, (m.group("path") if m else "") or "")]
    path, value, tp = _locate(data, RulesSpec, steps)
    unknown = re.match(r"Object contains unknown field `(.*)`", what)
    if unknown:
        key = unknown.group(1)
        allowed = ", ".join(_fields(_unwrap(tp))) if _is_struct(_unwrap(tp)) else ""
        return f"unknown key '{_dotted([*path, key])}' (allowed: {allowed})"
    missing = re.match(r"Object missing required field `(.*)`", what)
    if missing:
        return f"'{_dotted([*path, missing.group(1)])}' is missing"
    name = _dotted(path)
    if ">= 0" in what:
        return f"'{name}' cannot be negative ({value})"
    choices = _choices(tp)
    if choices is not None:
        return f"'{name}' is {value!r}; allowed: {', '.join(choices)}"
    return f"'{name}' must be {_describe(tp)}, not {value!r}"


# -- --set KEY=VALUE ---------------------------------------------------------------------------


def type_at(path: str) -> Any:
    """The type the rules declare at a dotted path such as ``canastas.natural.bonus`` (a number
    indexes a list: ``opening_minimum.bands.4.points``).

    Raises InputError when the path names no rule.
    """
    tp: Any = RulesSpec
    for part in path.split("."):
        tp = _step(tp, part)
        if tp is None:
            raise InputError(f"'{path}' is not a rule or option of this variant")
    return tp


def read_setting(path: str, text: str) -> Any:
    """Read the text of ``--set PATH=TEXT`` as the type the rule at ``path`` takes.

    Raises InputError naming the rule and what it allows.
    """
    tp = _unwrap(type_at(path))
    raw = text.strip()
    if tp is bool:
        return parse_bool(path, raw)
    if tp is int:
        try:
            return int(raw.replace(",", "").replace("_", ""))
        except ValueError:
            raise InputError(f"'{path}' takes a whole number, not '{text}'") from None
    choices = _choices(tp)
    if choices is not None:
        if raw not in choices:
            raise InputError(f"'{path}' is one of {', '.join(choices)}, not '{text}'")
        return raw
    if tp is str:
        return raw
    raise InputError(f"'{path}' is a table; set one of its keys, e.g. '{path}.KEY=VALUE'")


def parse_bool(name: str, text: str) -> bool:
    """Read yes/no text (true/false, yes/no, on/off, 1/0) or raise InputError."""
    low = text.strip().lower()
    if low in ("true", "yes", "on", "1", "y"):
        return True
    if low in ("false", "no", "off", "0", "n"):
        return False
    raise InputError(f"'{name}' takes true or false, not '{text}'")

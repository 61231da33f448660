"""The shape of a variant's rules, declared once: typed structures that mirror the variant TOML.

A variant file (and the rules a game stores) is a table of tables; :class:`RulesSpec` is that
table with every key's type, the values it allows and which counts cannot be negative.
:func:`decode` turns the plain data into it with :func:`msgspec.convert`, and translates
msgspec's errors (``Expected `int`, got `str` - at `$.canastas.natural.bonus```) into one line
naming the key path and what is allowed. :func:`read_setting` reads the text of
``--set KEY=VALUE`` as the type declared at KEY.

These classes are also what the scoring engine uses: each table's behaviour (what makes a
canasta of a kind, what laid-out threes are worth, whether a side has a set of canastas) is a
method of its class, and :class:`scorekeeper.domain.variant.Variant` holds the decoded tables.
A few values a table may leave out (a kind's or a penalty's title, a kind's make-up in files
written before ``makeup``) are filled in when the variant is built; nothing else is copied.

Values every variant has unless it says otherwise are data, not Python: the base variant file
(``scorekeeper/variants/base.toml``) gives them. A field with a default here is one a variant may
leave out altogether (a kind's aliases, a band's ``from``), never a rule's value.
"""

import re
import types
import typing
from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Annotated, Any, Literal, Union

import msgspec
from msgspec import Meta, Struct, field

from scorekeeper.domain.bounds import (
    TYPED_WITHOUT_SEPARATOR,
    check_data,
    is_digits,
    quoted,
    read_whole_number,
)
from scorekeeper.errors import DataFileError, InputError
from scorekeeper.i18n import gettext as _
from scorekeeper.i18n import listing

if TYPE_CHECKING:
    from scorekeeper.domain.cards import Card

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

#: Make-ups of wild cards only (RULES.md §3, §8).
WILD_MAKEUPS = ("wild", "twos", "jokers_and_twos")

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

    # Read as a mapping of card-value key -> points, in the order above (``values["king"]``,
    # ``values.items()``): what :func:`scorekeeper.domain.cards.card_points` takes.

    def __getitem__(self, key: str) -> int:
        """Points of the card-value key ``key``; KeyError for a key that is no card."""
        if key not in self.__struct_fields__:
            raise KeyError(key)
        return getattr(self, key)

    def __contains__(self, key: object) -> bool:
        return key in self.__struct_fields__

    def __iter__(self) -> Iterator[str]:
        return iter(self.__struct_fields__)

    def __len__(self) -> int:
        return len(self.__struct_fields__)

    def keys(self) -> tuple[str, ...]:
        """The card-value keys, ``joker`` first."""
        return self.__struct_fields__

    def values(self) -> list[int]:
        """Points of each card, in the order of :meth:`keys`."""
        return [getattr(self, k) for k in self.__struct_fields__]

    def items(self) -> list[tuple[str, int]]:
        """``(key, points)`` pairs, in the order of :meth:`keys`."""
        return [(k, getattr(self, k)) for k in self.__struct_fields__]


class MeldRules(Table):
    """A variant's meld rules, the values of its ``[melds]`` table (counts are cards).

    ``sign`` names how melded points count (``plus``; ``minus_without_canasta``, RULES.md §3).
    ``max_cards`` 0 means no limit. ``black_threes`` is ``going_out`` (3 or more, no wild cards,
    only by a player going out: RULES.md §2) or ``never`` (RULES.md §3). ``aces`` is ``any`` or
    ``natural_unless_opening_wild`` (Modern American: aces take wild cards only when the side's
    opening held wild cards, RULES.md §3). ``opening_needs`` is ``nothing``, ``clean_triple``
    or ``clean_triple_or_wild_meld`` (RULES.md §3, K7). ``opening_discard`` is ``counts``,
    ``not_counted`` (Modern American) or ``not_allowed`` (Brazilian, RULES.md §6).
    ``past_max_cards`` lists the make-ups (``natural``, ``mixed``, ``wild``) whose melds may grow
    past ``max_cards`` and ``wild_meld_max_cards``, each added card counting its points (Hand and
    Foot house rules: books past seven, RULES.md §14); empty: every meld stops there.
    """

    sign: Literal["plus", "minus_without_canasta"]
    min_cards: Count
    max_cards: Count
    min_naturals: Count
    max_wilds: Count
    wilds_at_most_naturals: bool
    one_meld_per_rank: bool
    wild_melds: bool
    wild_meld_max_cards: Count
    wild_meld_exclusive: bool
    sequences: bool
    sequence_min: Count
    sequence_max: Count
    sequence_wilds: Count
    black_threes: Literal["going_out", "never"]
    sevens_no_wilds: bool
    aces: Literal["any", "natural_unless_opening_wild"]
    opening_needs: Literal["nothing", "clean_triple", "clean_triple_or_wild_meld"]
    opening_discard: Literal["counts", "not_counted", "not_allowed"]
    concealed_waives_minimum: bool
    canasta_opens_freely: bool
    past_max_cards: tuple[Literal["natural", "mixed", "wild"], ...]

    def max_cards_for(self, makeup: str) -> int:
        """The most cards a meld of ``makeup`` (``natural`` or ``mixed`` for a meld of one rank,
        ``wild`` for wild cards only) may hold; 0: no limit. Melds of a make-up listed in
        ``past_max_cards`` grow without limit (Hand and Foot's ``books_past_seven``, RULES.md
        §14); others stop at ``max_cards`` (``wild_meld_max_cards`` for wild melds)."""
        if makeup in self.past_max_cards:
            return 0
        return self.wild_meld_max_cards if makeup == "wild" else self.max_cards


class CanastaKind(Table):
    """One ``[canastas.KIND]`` table: what makes a canasta of the kind and what it is worth
    (RULES.md §16c).

    ``makeup`` (one of :data:`Makeup`; with ``rank``, a card-value key, for a kind of one given
    rank: Modern American's sevens and aces) says which melds are of the kind; ``cards`` is the
    fewest cards (7 in every published variant); ``from_cards`` false for a kind typed cards
    cannot show (canastas laid from hand at once, a Classic house rule);
    ``counts_for_going_out`` false where a kind does not count toward the canastas needed to go
    out (RULES.md §9, Italian wild canastas); ``bonus`` in points. ``natural = true`` is the
    older spelling of ``makeup = "natural"``.

    In a built variant ``title`` and ``bonus`` are always set, and ``makeup`` is None only for
    a kind of a game stored before kinds said their make-up whose key the compatibility table
    does not know: typed cards never show it, as before
    (:func:`scorekeeper.domain.variant.build_variant` fills them in).
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

    @property
    def all_wild(self) -> bool:
        """True for a kind made of wild cards only."""
        return self.makeup in WILD_MAKEUPS

    @property
    def specificity(self) -> int:
        """How narrow the make-up is: of the kinds a meld fits, the narrowest names it (sevens
        before natural, 2s only before wild)."""
        return 2 if self.rank or self.makeup in ("twos", "jokers_and_twos") else 1

    def fits(self, meld: "Sequence[Card]") -> bool:
        """True when a meld of these cards is a canasta of this kind (RULES.md §16c)."""
        if not self.from_cards or self.makeup is None or len(meld) < self.cards:
            return False
        naturals = [c for c in meld if not c.wild]
        ranks = {c.key for c in naturals}
        twos = sum(1 for c in meld if c.rank == "2")
        if self.makeup == "wild":
            return not naturals
        if self.makeup == "twos":
            return twos == len(meld)
        if self.makeup == "jokers_and_twos":
            return not naturals and twos == 3 and len(meld) - twos == 4
        if self.makeup == "sequence":
            return len(ranks) > 1
        if len(ranks) != 1 or (self.rank is not None and ranks != {self.rank}):
            return False
        if self.makeup == "natural":
            return len(naturals) == len(meld)
        return len(naturals) < len(meld)  # mixed


class CanastaSet(Table):
    """One ``[canasta_sets.KEY]`` table (RULES.md §9, Italian): a bonus of ``points`` a side
    earns by itself for having ``needs`` (fewest canastas per kind, ``any`` for all kinds
    together) in one hand; of the sets that share a ``group``, a side scores only the largest
    it meets (K24). In a built variant ``title``, ``points`` and ``group`` are always set (title
    and group default to the set's key)."""

    title: str | None = None
    points: Count | None = None
    needs: dict[str, int] = {}
    group: str | None = None

    def met_by(self, canastas: Mapping[str, int]) -> bool:
        """True when a side with ``canastas`` (count per kind) has this set."""
        for kind, need in self.needs.items():
            have = sum(canastas.values()) if kind == "any" else canastas.get(kind, 0)
            if have < need:
                return False
        return True


class InstantWin(Table):
    """``instant_win``: ``canastas`` in one hand score ``points`` and end the game (a Classic
    house rule, RULES.md §2.6); ``canastas`` 0 (a variant without the table) means never."""

    canastas: int = 0
    points: int = 0


class ThreesRule(Table):
    """``[red_threes]`` and ``[black_threes]``: how laid-out threes of one colour score
    (RULES.md §2 red 3s, §3 3s by colour group, §4).

    A count ``n`` is worth ``totals[n]`` points when the table has it (keys are counts, written
    as text in TOML), else ``n * each`` (``each_not_out`` each, when set, for a side that did not
    go out); the ``sign_rule`` names the condition that makes the item negative or zero (with
    ``sign_by_canastas`` or the canasta ``kind`` it needs), and ``negative_cap`` (0: none)
    limits a negative item's size; ``minus_each`` (0: none) makes a negative item a flat
    ``minus_each`` per three, whatever ``totals`` say (Samba house rule: six short of the canastas
    cost 600, not 1,000). Its meanings are in :func:`scorekeeper.domain.scoring.threes_item`.
    """

    each: Count
    totals: dict[str, Count]
    sign_rule: SignRule
    negative_cap: Count
    minus_each: Count
    each_not_out: Count = 0
    sign_by_canastas: tuple[int, ...] = ()
    kind: str | None = None

    @property
    def scored(self) -> bool:
        """True when the variant gives this colour of threes any value at all."""
        return self.each != 0 or bool(self.totals)

    def totals_by_count(self) -> dict[int, int]:
        """``totals`` keyed by the counts themselves (a built variant's keys are counts)."""
        return {int(key): points for key, points in self.totals.items()}

    def signed(self, count: int, sign: int, went_out: bool = True) -> int:
        """The item of ``count`` threes of ``sign`` (-1, 0 or 1) in points: :meth:`value` with
        that sign, a flat ``minus_each`` per three when negative and ``minus_each`` is set, then
        at most ``negative_cap`` below zero (RULES.md §2 K1, §4)."""
        item = sign * self.value(count, went_out)
        if item < 0 and self.minus_each:
            item = -count * self.minus_each
        if item < 0 and self.negative_cap:
            item = max(item, -self.negative_cap)
        return item

    def value(self, count: int, went_out: bool = True) -> int:
        """Unsigned value in points of ``count`` threes (``each_not_out`` each, when set, for a
        side that did not go out: a Hand and Foot house rule, RULES.md §14)."""
        if self.totals:
            totals = self.totals_by_count()
            if count in totals:
                return totals[count]
        if self.each_not_out and not went_out:
            return count * self.each_not_out
        return count * self.each


class GoingOut(Table):
    """``[going_out]``: bonuses in points, the canastas needed (in all and per kind in
    ``kinds``; RULES.md §2, §13)."""

    bonus: Count
    concealed_bonus: Count
    canastas: Count
    kinds: dict[str, Count]
    red_threes_at_least_canastas: bool


class PenaltyRule(Table):
    """One ``[penalties.KEY]`` table: a penalty of ``points`` (negative) per time a side has it.

    ``meld`` and ``below_cards``: the penalty is one per typed meld of that shape with fewer
    cards (Modern American's unfinished aces, sevens and wild melds; Brazilian's short
    sequences). ``most``: the most a side can have in a hand (0: no limit).
    ``blocks_going_out``: a side with this penalty cannot have gone out (RULES.md §3).
    ``in_hand``: card-value keys the penalty charges for each such card left in a hand, instead
    of its card value (Bolivia's black three, RULES.md §5; Modern American's threes, §3).

    In a built variant ``title``, ``points`` and ``in_hand`` are always set (the title defaults
    to the key in words, ``in_hand`` to :data:`scorekeeper.domain.cards.LEGACY_IN_HAND`).
    """

    title: str | None = None
    points: int | None = None
    meld: Literal["sequence", "aces", "sevens", "wild"] | None = None
    below_cards: int = 7
    most: int = 0
    blocks_going_out: bool = False
    in_hand: tuple[Rank, ...] | None = None


class SpecialHand(Table):
    """One ``[special_hands.KEY]`` table: a hand that replaces the side's score with ``points``
    (RULES.md §3.1), and ends the game when ``wins_game``. ``points`` is set in a built
    variant."""

    title: str | None = None
    points: Count | None = None
    wins_game: bool = False


class Acaba(Table):
    """``acaba``: the points the opponents of a side declaring acaba score (RULES.md §10)."""

    points: int


class Band(Table):
    """One row of ``opening_minimum.bands``: score bands cover ``low <= total < below`` (the
    TOML's ``from`` and ``below``; None: unbounded), round bands apply to hand number ``round``;
    exactly one of ``points``, ``requires`` (a requirement key) and ``points_per_round`` is set
    in a built variant. ``points_per_round`` (round tables only, the last row) is a formula:
    ``points_per_round`` times the round number, for every round after the rows before it
    (from its ``round``, when it gives one), with no last round (house sets that play more
    rounds than a table lists, RULES.md §14)."""

    low: int | None = field(default=None, name="from")
    below: int | None = None
    round: int | None = None
    points: Count | None = None
    requires: str | None = None
    points_per_round: Count | None = None

    def covers_round(self, round: int) -> bool:
        """True when this row of a round table gives the minimum of hand ``round`` (1-based):
        its own round; for a formula row (which comes after the listed rounds), that round and
        every later one."""
        if self.points_per_round is not None:
            return round >= (self.round or 1)
        return self.round == round

    def points_at(self, round: int | None) -> int | None:
        """The minimum's points in hand ``round``: ``points``, or the formula's value."""
        if self.points_per_round is not None and round is not None:
            return self.points_per_round * round
        return self.points


class OpeningMinimum(Table):
    """``[opening_minimum]``: bands ``by`` score or by round (RULES.md §2, §14); a built
    variant's bands cover every score without gap or overlap, or rounds 1, 2, 3 ... in order."""

    by: Literal["score", "round"]
    bands: tuple[Band, ...]


class Requirement(Table):
    """An opening requirement that is not a number of points (RULES.md §6, Brazilian): the
    opening needs a canasta (``canasta``) with no wild card (``natural``) whose cards are worth
    ``canasta_points`` or more, and melds worth ``melds_points`` or more in all. ``title`` is what
    a player is told ("a natural canasta"), ``need`` what a refused opening lacks."""

    title: str
    need: str
    canasta: bool = True
    natural: bool = False
    canasta_points: Count = 0
    melds_points: Count = 0


class Option(Table):
    """One ``[options.NAME]`` table: a switch whose ``set`` patches rules by dotted path, or a
    choice of ``choices`` (each a patch), with its ``default``."""

    description: str | None = None
    default: Any = False
    set: dict[str, Any] = {}
    choices: dict[str, dict[str, Any]] | None = None


class RulesSpec(Table, kw_only=True):
    """A variant's whole rules: the top-level table of a variant file, over the base file.

    ``tie`` says what equal highest totals at the end make: ``extra_hand`` (another hand
    decides), ``draw``, or ``went_out`` (the leader that went out in the deciding hand wins;
    another hand when none of the leaders did) (RULES.md K20).
    """

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
    tie: Literal["extra_hand", "draw", "went_out"]
    partnerships: Literal["fixed", "per_hand"]
    cards: CardValues
    melds: MeldRules
    canastas: dict[str, CanastaKind]
    canasta_sets: dict[str, CanastaSet]
    instant_win: InstantWin = InstantWin()
    red_threes: ThreesRule
    black_threes: ThreesRule
    going_out: GoingOut
    penalties: dict[str, PenaltyRule]
    special_hands: dict[str, SpecialHand]
    acaba: Acaba | None = None
    opening_minimum: OpeningMinimum
    requirements: dict[str, Requirement]
    options: dict[str, Option]
    chosen_options: dict[str, Any] = {}


def decode(data: Any, where: str, checked: bool = False) -> RulesSpec:
    """Convert plain rules (a variant file over the base file, or a game's stored rules) into
    :class:`RulesSpec`; ``checked``: the data is known to be held to the bounds of any input
    already (:func:`scorekeeper.domain.bounds.check_data`: read from checked variant files).

    Raises DataFileError starting with ``where`` and naming the key path and what it allows
    (``'target' must be a whole number, not 'lots'``, ``unknown key 'target_score' (allowed:
    ...)``).
    """
    if not checked:
        check_data(data, where, DataFileError)
    try:
        return msgspec.convert(data, RulesSpec)
    except msgspec.ValidationError as err:
        raise DataFileError(
            _("{where}: {error}").format(where=where, error=_explain(str(err), data))
        ) from None


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
    if origin is tuple and is_digits(part):
        return typing.get_args(tp)[0]
    return None


def _describe(tp: Any) -> str:
    tp = _unwrap(tp)
    if tp is bool:
        return _("true or false")
    if tp is int:
        return _("a whole number")
    if tp is str:
        return _("text")
    if typing.get_origin(tp) is tuple:
        return _("a list")
    return _("a table of keys")


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
        if isinstance(data, list) and is_digits(part) and int(part) < len(data):
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
        allowed = listing(_fields(_unwrap(tp))) if _is_struct(_unwrap(tp)) else ""
        return _("unknown key '{key}' (allowed: {allowed})").format(
            key=_dotted([*path, key]), allowed=allowed
        )
    missing = re.match(r"Object missing required field `(.*)`", what)
    if missing:
        return _("'{key}' is missing").format(key=_dotted([*path, missing.group(1)]))
    name = _dotted(path)
    if ">= 0" in what:
        return _("'{name}' cannot be negative ({value})").format(name=name, value=value)
    choices = _choices(tp)
    if choices is not None:
        return _("'{name}' is {value}; allowed: {choices}").format(
            name=name, value=shown_value(value), choices=listing(list(choices))
        )
    return _("'{name}' must be {kind}, not {value}").format(
        name=name, kind=_describe(tp), value=shown_value(value)
    )


def refuse_dates(data: Any, where: str) -> None:
    """DataFileError starting with ``where`` when ``data`` (a variant file's TOML data) holds a
    date, a time or a date-time anywhere (an option's ``set`` among them): no rule takes one,
    and a game keeps its rules as JSON, which has none. The key path and the value are named
    as TOML writes them."""
    import datetime

    stack: list[tuple[str, Any]] = [("", data)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, datetime.date | datetime.time):
            raise DataFileError(
                _("{where}: '{key}' is a date or a time ({value}); no rule takes one").format(
                    where=where, key=path, value=shown_value(value)
                )
            )
        if isinstance(value, dict):
            stack.extend((f"{path}.{k}" if path else str(k), v) for k, v in value.items())
        elif isinstance(value, list):
            stack.extend((f"{path}[{i}]", v) for i, v in enumerate(value))


def shown_value(value: Any) -> str:
    """A refused value as an error message shows it, as the file it came from writes it (a
    variant file's TOML, an import's JSON; never as Python does): a date, time or date-time
    as ``1979-05-27T07:32:00+00:00`` (TOML's), ``true`` and ``false``, ``null`` (JSON's), text
    in double quotes as both write it (``"lots"``; a character that does not show, escaped),
    an array as ``[1, 2]`` and a table as ``{ a = 1 }``."""
    import datetime
    import json

    if isinstance(value, datetime.date | datetime.time):  # a datetime is a date too
        return value.isoformat()
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, str):
        text = json.dumps(value, ensure_ascii=False)
        return text if text.isprintable() else json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(shown_value(v) for v in value) + "]"
    if isinstance(value, dict):
        pairs = ", ".join(f"{k} = {shown_value(v)}" for k, v in value.items())
        return "{ " + pairs + " }" if pairs else "{}"
    return repr(value)


# -- --set KEY=VALUE ---------------------------------------------------------------------------


def type_at(path: str, options: Sequence[str] = ()) -> Any:
    """The type the rules declare at a dotted path such as ``canastas.natural.bonus`` (a number
    indexes a list: ``opening_minimum.bands.4.points``).

    Raises InputError when the path names no rule, with the closest rule key at that level (or
    of ``options``, the variant's option names, for a first key) as a did-you-mean.
    """
    from scorekeeper.domain.suggest import hint

    tp: Any = RulesSpec
    for depth, part in enumerate(path.split(".")):
        known = list(_fields(_unwrap(tp))) if _is_struct(_unwrap(tp)) else []
        tp = _step(tp, part)
        if tp is None:
            known += list(options) if depth == 0 else []
            raise InputError(
                _("'{path}' is not a rule or option of this variant").format(path=path)
                + hint(part, known)
            )
    return tp


def read_setting(path: str, text: str, options: Sequence[str] = ()) -> Any:
    """Read the text of ``--set PATH=TEXT`` as the type the rule at ``path`` takes
    (``options``: the variant's option names, suggested for a mistyped key).

    Raises InputError naming the rule and what it allows.
    """
    tp = _unwrap(type_at(path, options))
    raw = text.strip()
    if tp is bool:
        return parse_bool(path, raw)
    if tp is int:
        try:
            return read_whole_number(raw, f"--set {path}")
        except ValueError:
            from scorekeeper.i18n import ungrouped

            plain = ungrouped(raw)  # 3,000 as the language writes it: said how to type it
            if plain is not None:
                raise InputError(
                    _(TYPED_WITHOUT_SEPARATOR).format(key=path, plain=plain, value=quoted(text))
                ) from None
            raise InputError(
                _("'{path}' takes a whole number, not '{text}'").format(
                    path=path, text=quoted(text)
                )
            ) from None
    choices = _choices(tp)
    if choices is not None:
        if raw not in choices:
            from scorekeeper.domain.suggest import hint

            raise InputError(
                _("'{path}' is one of {choices}, not '{text}'").format(
                    path=path, choices=listing(list(choices)), text=text
                )
                + hint(raw, choices)
            )
        return raw
    if tp is str:
        return raw
    import typing

    if typing.get_origin(tp) in (list, tuple) and _is_struct(_unwrap(typing.get_args(tp)[0])):
        raise InputError(
            _(
                "'{path}' is a list of tables; set one key of an item, e.g. '{path}.0.{metavar}'"
            ).format(path=path, metavar=_("KEY=VALUE"))
        )
    if typing.get_origin(tp) in (list, tuple):
        raise InputError(
            _(
                "'{path}' is a list, which --set does not take: give its items in a variant"
                " file ('scorekeeper variants init')"
            ).format(path=path)
        )
    raise InputError(
        _("'{path}' is a table; set one of its keys, e.g. '{path}.{metavar}'").format(
            path=path, metavar=_("KEY=VALUE")
        )
    )


def _words(listed: str) -> set[str]:
    """The comma-separated answers of a translated "y,yes" or "n,no", case folded."""
    return {w.strip().casefold() for w in listed.split(",") if w.strip()}


def parse_bool(name: str, text: str) -> bool:
    """Read yes/no text (true/false, yes/no, on/off, 1/0, and the language's own yes and no
    as its questions take them: Turkish evet/hayır, e/h) or raise InputError."""
    low = text.strip().casefold()
    if low in ("true", "yes", "on", "1", "y") or low in _words(_("y,yes")):
        return True
    if low in ("false", "no", "off", "0", "n") or low in _words(_("n,no")):
        return False
    raise InputError(
        _("'{name}' takes true or false (or yes/no, on/off, 1/0), not '{text}'").format(
            name=name, text=text
        )
    )

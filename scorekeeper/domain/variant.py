"""The variant model: every scoring rule of a Canasta variant, built from plain data.

A variant file (TOML, one per variant, in ``scorekeeper/variants/``) is read into a ``dict`` by
:mod:`scorekeeper.variants`, over the base file that gives every rule's usual value. This module
merges a variant with the one it ``extends``, applies named options and ``--set KEY=VALUE``
overrides, decodes the result into the typed structures of :mod:`scorekeeper.domain.schema`
(which say what each key may hold) and builds the immutable :class:`Variant` the scoring engine
uses. Nothing here reads files.

What a canasta kind is, what an opening requirement asks for and which cards an in-hand penalty
charges are data of the variant (``makeup``, ``[requirements.KEY]``, ``in_hand``); rules that
numbers cannot express are small named rules chosen by a string in the data
(``red_threes.sign_rule``, ``melds.sign``); their meanings are in
:mod:`scorekeeper.domain.scoring` and :mod:`scorekeeper.domain.melds`.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Mapping, Sequence
from itertools import pairwise
from typing import Any

from msgspec import Struct, field

from scorekeeper.domain.cards import LEGACY_IN_HAND, RANK_KEYS, Card, in_hand_values
from scorekeeper.domain.schema import (
    CanastaSpec,
    MeldRules,
    PenaltySpec,
    RulesSpec,
    decode,
    parse_bool,
    read_setting,
)
from scorekeeper.errors import DataFileError, InputError

#: Card ranks that carry a value, in the order a variant file lists them.
RANKS: tuple[str, ...] = tuple(RANK_KEYS.values())

#: Compatibility with variant files and stored games written before kinds said their make-up:
#: the make-up (and rank, and whether typed cards show it) of the kind keys the built-in files
#: used, filled in only where a kind has no ``makeup``. A kind with ``natural = true`` and a key
#: not listed here has the natural make-up.
LEGACY_MAKEUPS: dict[str, tuple[str, str | None, bool]] = {
    "natural": ("natural", None, True),
    "mixed": ("mixed", None, True),
    "wild": ("wild", None, True),
    "wild_twos": ("twos", None, True),
    "wild_jokers": ("jokers_and_twos", None, True),
    "sevens": ("natural", "seven", True),
    "aces": ("natural", "ace", True),
    "sequence": ("sequence", None, True),
    "concealed_natural": ("natural", None, False),
    "concealed_mixed": ("mixed", None, False),
}

#: Make-ups of wild cards only (RULES.md §3, §8).
WILD_MAKEUPS = ("wild", "twos", "jokers_and_twos")


def merge(base: Mapping[str, Any], over: Mapping[str, Any]) -> dict[str, Any]:
    """Deep-merge two variant data tables: tables merge key by key, anything else is replaced."""
    out = copy.deepcopy(dict(base))
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = merge(out[key], value)
        else:
            out[key] = copy.deepcopy(value)
    return out


def set_path(data: dict[str, Any], path: str, value: Any) -> None:
    """Set a dotted path in nested tables, creating tables on the way.

    A number in the path indexes a list (``opening_minimum.bands.4``); raises InputError when the
    path does not fit the data.
    """
    parts = path.split(".")
    node: Any = data
    for i, part in enumerate(parts):
        last = i == len(parts) - 1
        if isinstance(node, list):
            if not part.isdigit() or int(part) >= len(node):
                raise InputError(f"'{path}': there is no item {part} in that list")
            if last:
                node[int(part)] = value
                return
            node = node[int(part)]
        elif isinstance(node, dict):
            if last:
                node[part] = value
                return
            node = node.setdefault(part, {})
        else:
            raise InputError(f"'{path}' is not a rule of this variant")


def _exists(data: Mapping[str, Any], path: str) -> bool:
    """True when the dotted ``path`` names a table or list item present in ``data``."""
    node: Any = data
    for part in path.split("."):
        if isinstance(node, Mapping) and part in node:
            node = node[part]
        elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            return False
    return True


class CanastaKind(Struct, frozen=True):
    """One kind of canasta a variant scores: its key, bonus in points, aliases, and what makes a
    canasta of it (RULES.md §16c).

    ``makeup`` is one of :data:`scorekeeper.domain.schema.Makeup`; ``rank`` (a card-value key
    such as ``seven``) narrows it to one rank; ``cards`` is the fewest cards such a canasta holds
    (7 in every published variant); ``from_cards`` is False for a kind typed cards cannot show
    (a canasta laid from hand at once, a Classic house rule). ``counts_for_going_out`` is False
    where a kind does not count toward the canastas needed to go out (RULES.md §9, Italian wild
    canastas). ``makeup`` is None only for a kind of a game stored before kinds said their
    make-up, whose key the compatibility table does not know: typed cards never show it, as
    before.
    """

    key: str
    title: str
    bonus: int
    aliases: tuple[str, ...] = ()
    cards: int = 7
    counts_for_going_out: bool = True
    makeup: str | None = "natural"
    rank: str | None = None
    from_cards: bool = True

    @property
    def all_wild(self) -> bool:
        """True for a kind made of wild cards only."""
        return self.makeup in WILD_MAKEUPS

    @property
    def group(self) -> tuple[str, str | None]:
        """What typed cards show of the kind: kinds of one group look alike on the table (a kind
        without a make-up is a group of its own)."""
        return (self.makeup or f"kind {self.key}", self.rank)

    @property
    def specificity(self) -> int:
        """How narrow the make-up is: of the kinds a meld fits, the narrowest names it (sevens
        before natural, 2s only before wild)."""
        return 2 if self.rank or self.makeup in ("twos", "jokers_and_twos") else 1

    def fits(self, meld: Sequence[Card]) -> bool:
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


class Requirement(Struct, frozen=True):
    """An opening requirement that is not a number of points (RULES.md §6, Brazilian).

    The opening needs a canasta (``canasta``), with no wild card (``natural``), whose cards are
    worth ``canasta_points`` or more, and melds worth ``melds_points`` or more in all. ``title``
    is what a player is told ("a natural canasta"), ``need`` what a refused opening lacks.
    """

    key: str
    title: str
    need: str
    canasta: bool = True
    natural: bool = False
    canasta_points: int = 0
    melds_points: int = 0


class ThreesRule(Struct, frozen=True):
    """How laid-out threes of one colour score (RULES.md §2 red 3s, §3 3s by colour group).

    A count ``n`` is worth ``totals[n]`` when the table has it, else ``n * each`` points; the
    ``sign_rule`` names the condition that makes the item negative or zero, and ``negative_cap``
    (0: none) limits a negative item's size.
    """

    each: int = 0
    totals: Mapping[int, int] = field(default_factory=dict)
    each_not_out: int = 0
    sign_rule: str = "always_plus"
    sign_by_canastas: tuple[int, ...] = ()
    kind: str | None = None
    negative_cap: int = 0

    @property
    def scored(self) -> bool:
        """True when the variant gives this colour of threes any value at all."""
        return self.each != 0 or bool(self.totals)

    def value(self, count: int, went_out: bool = True) -> int:
        """Unsigned value in points of ``count`` threes (``each_not_out`` each, when set, for a
        side that did not go out: a Hand and Foot house rule, RULES.md §14)."""
        if count in self.totals:
            return self.totals[count]
        if self.each_not_out and not went_out:
            return count * self.each_not_out
        return count * self.each


class PenaltyRule(Struct, frozen=True):
    """How a penalty kind is counted and checked, beyond its points.

    ``meld`` and ``below_cards``: the penalty is one per typed meld of that shape with fewer
    cards (Modern American's unfinished aces, sevens and wild melds; Brazilian's short
    sequences). ``most``: the most a side can have in a hand (0: no limit).
    ``blocks_going_out``: a side with this penalty cannot have gone out (RULES.md §3).
    ``in_hand``: card-value keys the penalty charges for each such card left in a hand, instead
    of its card value (Bolivia's black three, RULES.md §5; Modern American's threes, §3).
    """

    key: str
    meld: str | None = None
    below_cards: int = 7
    most: int = 0
    blocks_going_out: bool = False
    in_hand: tuple[str, ...] = ()


class CanastaSet(Struct, frozen=True):
    """A bonus a side earns by itself for a set of canastas in one hand (RULES.md §9, Italian).

    ``needs`` maps a canasta kind (or ``any``, every kind together) to the fewest of it. Of the
    sets that share a ``group``, a side scores only the largest it meets (K24).
    """

    key: str
    title: str
    points: int
    needs: Mapping[str, int]
    group: str

    def met_by(self, canastas: Mapping[str, int]) -> bool:
        """True when a side with ``canastas`` (count per kind) has this set."""
        for kind, need in self.needs.items():
            have = sum(canastas.values()) if kind == "any" else canastas.get(kind, 0)
            if have < need:
                return False
        return True


class Band(Struct, frozen=True):
    """One row of an opening-minimum table.

    Score bands cover ``low <= total < high`` (None: unbounded); round bands apply to hand
    number ``round``. Exactly one of ``points`` and ``requires`` is set.
    """

    low: int | None = None
    high: int | None = None
    round: int | None = None
    points: int | None = None
    requires: str | None = None


class Variant(Struct, frozen=True):
    """The complete, validated rules of one variant as the scoring engine uses them.

    Build one with :func:`build_variant`; ``rules`` keeps the plain data it was built from, which
    is what a game stores (DESIGN.md, "Each game stores a copy of the rules").
    """

    name: str
    title: str
    family: str
    description: str
    source: str
    min_sides: int
    max_sides: int
    min_players: int
    max_players: int
    decks: int
    jokers_per_deck: int
    target: int
    hands: int
    tie: str
    partnerships: str
    cards: Mapping[str, int]
    melds: MeldRules
    canastas: Mapping[str, CanastaKind]
    canasta_sets: tuple[CanastaSet, ...]
    instant_win_canastas: int
    instant_win_points: int
    red_threes: ThreesRule
    black_threes: ThreesRule
    going_out_bonus: int
    concealed_bonus: int
    going_out_canastas: int
    going_out_kinds: Mapping[str, int]
    going_out_red_threes_per_canasta: bool
    penalties: Mapping[str, int]
    penalty_titles: Mapping[str, str]
    penalty_rules: Mapping[str, PenaltyRule]
    special_hands: Mapping[str, int]
    winning_special_hands: frozenset[str]
    acaba_points: int | None
    minimum_by: str
    bands: tuple[Band, ...]
    requirements: Mapping[str, Requirement]
    rules: Mapping[str, Any]

    @property
    def meld_sign(self) -> str:
        """How melded card points count: ``plus`` or ``minus_without_canasta`` (RULES.md §3)."""
        return self.melds.sign

    def in_hand_penalty(self, card_key: str) -> str | None:
        """The penalty that charges a card of ``card_key`` (``red_three``...) left in a hand
        instead of its card value, or None (RULES.md §3, §5, §14); the last listed where
        several do, as :attr:`hand_values` counts."""
        found = None
        for key, rule in self.penalty_rules.items():
            if card_key in rule.in_hand:
                found = key
        return found

    def canasta_for(self, meld: Sequence[Card]) -> str | None:
        """The kind key of the canasta a meld of typed cards makes, or None (RULES.md §16c).

        Of the kinds the meld fits (:meth:`CanastaKind.fits`), the narrowest names it (sevens
        before natural, 2s only before wild); among equally narrow ones, the first listed.
        """
        best: CanastaKind | None = None
        for kind in self.canastas.values():
            if kind.fits(meld) and (best is None or kind.specificity > best.specificity):
                best = kind
        return best.key if best else None

    def canasta_group_name(self, group: tuple[str, str | None]) -> str:
        """The kind key that names a group of look-alike kinds (:attr:`CanastaKind.group`): the
        first that typed cards show, else the first."""
        kinds = [k for k in self.canastas.values() if k.group == group]
        shown = [k for k in kinds if k.from_cards]
        return (shown or kinds)[0].key

    # -- limits that follow from the number of decks (RULES.md §16c, "Deck limits") ----------

    def cards_of(self, rank: str) -> int:
        """How many cards of ``rank`` the decks hold (jokers per deck, 2 threes of a colour)."""
        if rank == "joker":
            return self.jokers_per_deck * self.decks
        if rank in ("red_three", "black_three"):
            return 2 * self.decks
        return 4 * self.decks

    @property
    def deck_points(self) -> int:
        """Card points of every card in the decks together: the most any hand can count."""
        return sum(self.cards_of(rank) * value for rank, value in self.cards.items())

    @property
    def deck_cards(self) -> int:
        """Number of cards in the decks, threes excluded (the cards canastas can be made of)."""
        return sum(self.cards_of(r) for r in RANKS if r not in ("red_three", "black_three"))

    @property
    def point_step(self) -> int:
        """Every card total is a multiple of this (the greatest common divisor of card values)."""
        step = 0
        for value in self.cards.values():
            step = math.gcd(step, value)
        return step or 1

    @property
    def uses_black_threes(self) -> bool:
        """True when black threes laid out in front of a side score (Modern American, Cuban)."""
        return self.black_threes.scored

    @property
    def hand_values(self) -> dict[str, int]:
        """What each card costs when left in a hand: card-value key -> points (positive): its
        card value, or the size of the in-hand penalty that charges it (Bolivia's black three:
        100, not 5; RULES.md §5)."""
        charges = {k: r.in_hand for k, r in self.penalty_rules.items()}
        return in_hand_values(self.cards, self.penalties, charges)

    def canasta_key(self, name: str) -> str:
        """Return the canonical canasta kind for a key or alias; raise InputError if unknown."""
        low = name.strip().lower()
        if low in self.canastas:
            return low
        for kind in self.canastas.values():
            if low in kind.aliases:
                return kind.key
        allowed = ", ".join(self.canastas) or "none"
        raise InputError(f"{self.name} has no canasta kind '{name}' (kinds: {allowed})")


def _remove(data: dict[str, Any], path: str, where: str) -> None:
    parts = path.split(".")
    node: Any = data
    for part in parts[:-1]:
        node = node.get(part) if isinstance(node, dict) else None
    if not isinstance(node, dict) or parts[-1] not in node:
        raise DataFileError(f"{where}: 'remove' names '{path}', which the variant does not have")
    del node[parts[-1]]


def validate_data(data: Mapping[str, Any], base: Mapping[str, Any], where: str) -> None:
    """Check one variant file's own data (before ``extends`` is followed) read over ``base``
    (the base file's data): every key known, every value of the type its key takes.

    Raises DataFileError naming ``where`` (the file), the key and what is allowed.
    """
    decode(_overlay(base, data), where)


def _overlay(base: Mapping[str, Any], over: Mapping[str, Any]) -> dict[str, Any]:
    """:func:`merge` without copying: the tables on the merged paths are new, every other value
    is shared with ``base`` or ``over`` (for reading only)."""
    out = dict(base)
    for key, value in over.items():
        old = out.get(key)
        out[key] = (
            _overlay(old, value) if isinstance(value, dict) and isinstance(old, dict) else value
        )
    return out


def resolve(chain: list[Mapping[str, Any]], where: str = "variant") -> dict[str, Any]:
    """Merge a variant's data over those it extends: ``chain[0]`` is the root (the base file's
    data, then the variant files, the one extended first).

    A file's ``remove`` list deletes inherited rules by dotted path (``options.vienna``,
    ``penalties.red_three_not_declared``) before its own keys are merged.
    """
    out: dict[str, Any] = {}
    for data in chain:
        for path in data.get("remove", []):
            _remove(out, path, data.get("name", where))
        out = merge(out, {k: v for k, v in data.items() if k != "remove"})
    out.pop("extends", None)
    return out


def apply_options(
    data: Mapping[str, Any], settings: Mapping[str, str], where: str = "--set"
) -> tuple[dict[str, Any], dict[str, Any]]:
    """Apply the variant's option defaults, then ``settings`` (``--set KEY=VALUE`` pairs).

    A KEY is either an option the variant defines (a yes/no switch, or one of its ``choices``) or
    a dotted rule path (``target``, ``canastas.natural.bonus``), whose VALUE is read as the type
    :mod:`scorekeeper.domain.schema` declares there. Returns the new rules and the options in
    force. Raises InputError for an unknown key or a value of the wrong type.
    """
    rules = copy.deepcopy(dict(data))
    options = rules.get("options", {})
    chosen: dict[str, Any] = {name: opt.get("default", False) for name, opt in options.items()}
    plain: list[tuple[str, str]] = []
    for key, text in settings.items():
        if key in options:
            opt = options[key]
            if "choices" in opt:
                if text not in opt["choices"]:
                    allowed = ", ".join(opt["choices"])
                    raise InputError(f"option '{key}' is one of {allowed}, not '{text}'")
                chosen[key] = text
            else:
                chosen[key] = parse_bool(key, text)
        else:
            plain.append((key, text))
    for name, value in chosen.items():
        opt = options[name]
        patch: Mapping[str, Any] = {}
        if "choices" in opt:
            patch = opt["choices"].get(value, {})
        elif value:
            patch = opt.get("set", {})
        for path, new in patch.items():
            set_path(rules, path, copy.deepcopy(new))
    for key, text in plain:
        if key.split(".")[0] in ("options", "name", "extends"):
            raise InputError(f"'{key}' cannot be set for one game")
        parent = key.rsplit(".", 1)[0] if "." in key else ""
        if parent and not _exists(rules, parent):
            raise InputError(
                f"'{key}': this variant has no '{parent}' (a new canasta kind, penalty or table"
                " belongs in a variant file: 'scorekeeper variants init')"
            )
        set_path(rules, key, read_setting(key, text))
    rules["chosen_options"] = chosen
    try:
        decode(rules, where)
    except DataFileError as err:
        if where == "--set":
            given = " ".join(f"{k}={v}" for k, v in settings.items())
            message = err.message.removeprefix("--set: ")
            raise InputError(f"{message} (from --set {given})") from None
        raise
    return rules, chosen


def _bands(spec: RulesSpec, where: str) -> tuple[Band, ...]:
    om = spec.opening_minimum
    bands = []
    for i, row in enumerate(om.bands):
        here = f"{where}: opening_minimum.bands[{i}]"
        if (row.points is not None) == (row.requires is not None):
            raise DataFileError(f"{here} needs exactly one of 'points' and 'requires'")
        if row.requires is not None and row.requires not in spec.requirements:
            allowed = ", ".join(spec.requirements)
            raise DataFileError(f"{here}: 'requires' is {row.requires!r}; allowed: {allowed}")
        if om.by == "round":
            if row.round is None or row.low is not None or row.below is not None:
                raise DataFileError(f"{here} needs 'round' (and no 'from'/'below') when by='round'")
        elif row.round is not None:
            raise DataFileError(f"{here} has 'round' but the table goes by score")
        bands.append(Band(row.low, row.below, row.round, row.points, row.requires))
    if not bands:
        return ()
    if om.by == "round":
        rounds = [b.round for b in bands]
        if rounds != list(range(1, len(bands) + 1)):
            raise DataFileError(f"{where}: opening_minimum rounds must be 1, 2, 3 ... in order")
        return tuple(bands)
    if bands[0].low is not None:
        raise DataFileError(
            f"{where}: the first opening_minimum band must have no 'from' (it covers every lower"
            " score)"
        )
    if bands[-1].high is not None:
        raise DataFileError(
            f"{where}: the last opening_minimum band must have no 'below' (it covers every higher"
            " score)"
        )
    for i, (a, b) in enumerate(pairwise(bands)):
        if a.high is None or b.low is None:
            raise DataFileError(
                f"{where}: opening_minimum.bands[{i}] needs 'below' and bands[{i + 1}] needs 'from'"
            )
        if a.high > b.low:
            raise DataFileError(
                f"{where}: opening_minimum bands overlap: bands[{i}] goes below {a.high} but"
                f" bands[{i + 1}] starts from {b.low}"
            )
        if a.high < b.low:
            raise DataFileError(
                f"{where}: opening_minimum bands leave a gap from {a.high} to {b.low}"
                f" (bands[{i}] and bands[{i + 1}])"
            )
        if b.high is not None and b.high <= b.low:
            raise DataFileError(f"{where}: opening_minimum.bands[{i + 1}] is empty")
    return tuple(bands)


def _threes(spec: RulesSpec, where: str, key: str) -> ThreesRule:
    t = getattr(spec, key)
    totals = {}
    for count, value in t.totals.items():
        try:
            totals[int(count)] = value
        except ValueError:
            raise DataFileError(f"{where}: '{key}.totals' keys are counts, not '{count}'") from None
    if t.sign_rule == "by_canastas" and not t.sign_by_canastas:
        raise DataFileError(f"{where}: '{key}.sign_by_canastas' is needed by sign_rule by_canastas")
    if t.sign_rule == "minus_without_kind" and t.kind not in spec.canastas:
        raise DataFileError(f"{where}: '{key}.kind' must name a canasta kind of the variant")
    return ThreesRule(
        each=t.each,
        totals=totals,
        each_not_out=t.each_not_out,
        sign_rule=t.sign_rule,
        sign_by_canastas=t.sign_by_canastas,
        kind=t.kind,
        negative_cap=t.negative_cap,
    )


def _canasta_kind(key: str, c: CanastaSpec, where: str, stored: bool) -> CanastaKind:
    """The kind a ``[canastas.KEY]`` table describes. Its make-up is the table's ``makeup``;
    for a table written before kinds said it (no ``makeup``), :data:`LEGACY_MAKEUPS` by the
    key, else the natural make-up where ``natural = true`` (the one compatibility step). Any
    other kind without a make-up is refused, except in a game's ``stored`` rules, where it
    keeps none (typed cards never show it, as when the game was started)."""
    if c.bonus is None:
        raise DataFileError(f"{where}: 'canastas.{key}.bonus' is missing")
    makeup, rank, from_cards = c.makeup, c.rank, c.from_cards
    if makeup is None:
        if key in LEGACY_MAKEUPS:
            makeup, legacy_rank, legacy_from_cards = LEGACY_MAKEUPS[key]
            rank = rank if rank is not None else legacy_rank
            from_cards = from_cards and legacy_from_cards
        elif c.natural:
            makeup = "natural"
        elif not stored:
            raise DataFileError(
                f"{where}: canastas.{key}: say what makes this canasta: makeup = natural, mixed,"
                ' wild, twos, jokers_and_twos or sequence (and rank = "seven" for a natural'
                " canasta of one rank)"
            )
    return CanastaKind(
        key=key,
        title=c.title or f"{key} canasta",
        bonus=c.bonus,
        aliases=c.aliases,
        cards=c.cards,
        counts_for_going_out=c.counts_for_going_out,
        makeup=makeup,
        rank=rank,
        from_cards=from_cards,
    )


def _penalty_rule(key: str, p: PenaltySpec) -> PenaltyRule:
    """The rule a ``[penalties.KEY]`` table describes; a table without ``in_hand`` takes
    :data:`scorekeeper.domain.cards.LEGACY_IN_HAND` by its key (compatibility with files
    written before ``in_hand``)."""
    in_hand = p.in_hand if p.in_hand is not None else LEGACY_IN_HAND.get(key, ())
    return PenaltyRule(key, p.meld, p.below_cards, p.most, p.blocks_going_out, tuple(in_hand))


def build_variant(
    rules: Mapping[str, Any], where: str = "variant", stored: bool = False
) -> Variant:
    """Build a :class:`Variant` from resolved rules: the base file's data with the variant's
    files, options and ``--set`` values over it (a game's stored rules read over the base file
    are such rules too).

    Raises DataFileError naming ``where`` when a key or value is not allowed
    (:func:`scorekeeper.domain.schema.decode`) or the rules are inconsistent (missing name,
    sides or bands out of order, a going-out kind the variant does not have, a canasta kind
    that does not say what makes it, unless the rules are a game's ``stored`` ones).
    """
    data = copy.deepcopy(dict(rules))
    spec = decode(data, where)
    if spec.name is None:
        raise DataFileError(f"{where}: 'name' is missing")
    sides, players = spec.sides, spec.players
    if not 1 <= sides.min <= sides.max:
        raise DataFileError(f"{where}: 'sides' needs 1 <= min <= max")
    if not 1 <= players.min <= players.max:
        raise DataFileError(f"{where}: 'players' needs 1 <= min <= max")
    if spec.decks < 1:
        raise DataFileError(f"{where}: 'decks' must be at least 1")
    if spec.target <= 0 and spec.hands <= 0:
        raise DataFileError(f"{where}: a variant needs a 'target' score or a number of 'hands'")
    canastas = {}
    seen: dict[str, str] = {}
    for key, c in spec.canastas.items():
        for n in (key, *c.aliases):
            if n in seen and seen[n] != key:
                raise DataFileError(
                    f"{where}: canasta name '{n}' is used by '{seen[n]}' and '{key}'"
                )
            seen[n] = key
        canastas[key] = _canasta_kind(key, c, where, stored)
    sets = []
    for key, row in spec.canasta_sets.items():
        if row.points is None or not row.needs:
            raise DataFileError(f"{where}: 'canasta_sets.{key}' needs 'points' and 'needs'")
        for kind in row.needs:
            if kind != "any" and kind not in canastas:
                raise DataFileError(f"{where}: 'canasta_sets.{key}.needs.{kind}' is not a kind")
        sets.append(
            CanastaSet(key, row.title or key, row.points, dict(row.needs), row.group or key)
        )
    instant = spec.instant_win
    go = spec.going_out
    counted = [k for k, c in canastas.items() if c.counts_for_going_out]
    if go.canastas > 0 and not counted:
        raise DataFileError(
            f"{where}: going out needs {go.canastas} canasta(s) but the variant has no canasta"
            " kinds that count: add [canastas.KIND] tables (or extend a variant that has them)"
        )
    for kind in go.kinds:
        if kind not in canastas:
            raise DataFileError(f"{where}: 'going_out.kinds.{kind}' is not a canasta kind")
    if any(p.points is None for p in spec.penalties.values()):
        raise DataFileError(f"{where}: every penalty needs 'points'")
    penalties = {k: p.points or 0 for k, p in spec.penalties.items()}
    specials = spec.special_hands
    if any(h.points is None for h in specials.values()):
        raise DataFileError(f"{where}: every special hand needs 'points'")
    name = spec.name
    return Variant(
        name=name,
        title=spec.title or name,
        family=spec.family,
        description=spec.description,
        source=spec.source,
        min_sides=sides.min,
        max_sides=sides.max,
        min_players=players.min,
        max_players=players.max,
        decks=spec.decks,
        jokers_per_deck=spec.jokers_per_deck,
        target=spec.target,
        hands=spec.hands,
        tie=spec.tie,
        partnerships=spec.partnerships,
        cards=dict(data["cards"]),
        melds=spec.melds,
        canastas=canastas,
        canasta_sets=tuple(sets),
        instant_win_canastas=instant.canastas if instant else 0,
        instant_win_points=instant.points if instant else 0,
        red_threes=_threes(spec, where, "red_threes"),
        black_threes=_threes(spec, where, "black_threes"),
        going_out_bonus=go.bonus,
        concealed_bonus=go.concealed_bonus,
        going_out_canastas=go.canastas,
        going_out_kinds=dict(go.kinds),
        going_out_red_threes_per_canasta=go.red_threes_at_least_canastas,
        penalties=penalties,
        penalty_rules={k: _penalty_rule(k, p) for k, p in spec.penalties.items()},
        penalty_titles={k: p.title or k.replace("_", " ") for k, p in spec.penalties.items()},
        special_hands={k: h.points or 0 for k, h in specials.items()},
        winning_special_hands=frozenset(k for k, h in specials.items() if h.wins_game),
        acaba_points=spec.acaba.points if spec.acaba else None,
        minimum_by=spec.opening_minimum.by,
        bands=_bands(spec, where),
        requirements={
            k: Requirement(
                k, r.title, r.need, r.canasta, r.natural, r.canasta_points, r.melds_points
            )
            for k, r in spec.requirements.items()
        },
        rules=data,
    )

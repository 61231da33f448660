"""The variant model: every scoring rule of a Canasta variant, built from plain data.

A variant file (TOML, one per variant, in ``scorekeeper/variants/``) is read into a ``dict`` by
:mod:`scorekeeper.variants`; this module validates that data against :data:`SPEC`, merges a
variant with the one it ``extends``, applies named options and ``--set KEY=VALUE`` overrides, and
builds the immutable :class:`Variant` the scoring engine uses. Nothing here reads files.

Rules that numbers cannot express are small named rules chosen by a string in the data
(``red_threes.sign_rule``, ``melds.sign``, opening-minimum ``requires``); their meanings are in
:mod:`scorekeeper.domain.scoring` and :mod:`scorekeeper.domain.minimums`.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Mapping
from itertools import pairwise
from typing import Any

from msgspec import Struct, field

from scorekeeper.errors import DataFileError, InputError

#: Card ranks that carry a value, in the order a variant file lists them.
RANKS: tuple[str, ...] = (
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
)

#: Named rules for the sign of a threes item (RULES.md §2 red 3s, §3 3s, §4, §13).
SIGN_RULES = ("always_plus", "minus_without_meld", "by_canastas", "minus_without_kind")

#: Named rules for the sign of melded card points (RULES.md §3: Modern American count).
MELD_SIGN_RULES = ("plus", "minus_without_canasta")

#: Opening requirements that are not a number of points (RULES.md §6, §16 hints), with the text
#: shown to players.
REQUIREMENTS: dict[str, str] = {
    "any_canasta": "a canasta",
    "natural_canasta": "a natural canasta",
    "canasta_worth_200": "a canasta worth at least 200",
    "canasta_and_200": "a canasta and melds worth at least 200 in all",
}

TIE_RULES = ("extra_hand", "draw")

#: Unfinished melds a penalty can be counted from when the melds are typed as cards: a run, a
#: natural meld of aces or of sevens, a meld of wild cards (RULES.md §3 penalties, §6).
PENALTY_MELDS = ("sequence", "aces", "sevens", "wild")

#: Meld-legality choices (RULES.md §2, §3, §4, §5; their meanings are in
#: :mod:`scorekeeper.domain.melds`).
BLACK_THREE_MELDS = ("going_out", "never")
ACES_RULES = ("any", "natural_unless_opening_wild")
OPENING_NEEDS = ("nothing", "clean_triple", "clean_triple_or_wild_meld")
OPENING_DISCARD = ("counts", "not_counted", "not_allowed")


class _Choice:
    def __init__(self, *values: str) -> None:
        self.values = values


class _ListOf:
    def __init__(self, item: Any) -> None:
        self.item = item


class _MapOf:
    def __init__(self, item: Any) -> None:
        self.item = item


_ANY = object()

_THREES = {
    "each": int,
    "each_not_out": int,
    "totals": _MapOf(int),
    "sign_rule": _Choice(*SIGN_RULES),
    "sign_by_canastas": _ListOf(int),
    "kind": str,
    "negative_cap": int,
}

#: The shape of a variant's data: keys, and the type each key's value must have.
SPEC: dict[str, Any] = {
    "name": str,
    "title": str,
    "family": str,
    "description": str,
    "source": str,
    "extends": str,
    "remove": _ListOf(str),
    "sides": {"min": int, "max": int},
    "players": {"min": int, "max": int},
    "decks": int,
    "jokers_per_deck": int,
    "target": int,
    "hands": int,
    "tie": _Choice(*TIE_RULES),
    "partnerships": _Choice("fixed", "per_hand"),
    "cards": dict.fromkeys(RANKS, int),
    "melds": {
        "sign": _Choice(*MELD_SIGN_RULES),
        "min_cards": int,
        "max_cards": int,
        "min_naturals": int,
        "max_wilds": int,
        "wilds_at_most_naturals": bool,
        "one_meld_per_rank": bool,
        "wild_melds": bool,
        "wild_meld_max_cards": int,
        "wild_meld_exclusive": bool,
        "sequences": bool,
        "sequence_min": int,
        "sequence_max": int,
        "sequence_wilds": int,
        "black_threes": _Choice(*BLACK_THREE_MELDS),
        "sevens_no_wilds": bool,
        "aces": _Choice(*ACES_RULES),
        "opening_needs": _Choice(*OPENING_NEEDS),
        "opening_discard": _Choice(*OPENING_DISCARD),
        "concealed_waives_minimum": bool,
        "canasta_opens_freely": bool,
    },
    "canastas": _MapOf(
        {
            "title": str,
            "bonus": int,
            "aliases": _ListOf(str),
            "cards": int,
            "counts_for_going_out": bool,
            "natural": bool,
        }
    ),
    "canasta_sets": _MapOf({"title": str, "points": int, "needs": _MapOf(int), "group": str}),
    "instant_win": {"canastas": int, "points": int},
    "red_threes": _THREES,
    "black_threes": _THREES,
    "going_out": {
        "bonus": int,
        "concealed_bonus": int,
        "canastas": int,
        "kinds": _MapOf(int),
        "red_threes_at_least_canastas": bool,
    },
    "penalties": _MapOf(
        {
            "title": str,
            "points": int,
            "meld": _Choice(*PENALTY_MELDS),
            "below_cards": int,
            "most": int,
            "blocks_going_out": bool,
        }
    ),
    "special_hands": _MapOf({"title": str, "points": int, "wins_game": bool}),
    "acaba": {"points": int},
    "opening_minimum": {
        "by": _Choice("score", "round"),
        "bands": _ListOf(
            {
                "from": int,
                "below": int,
                "round": int,
                "points": int,
                "requires": _Choice(*REQUIREMENTS),
            }
        ),
    },
    "options": _MapOf(
        {
            "description": str,
            "default": _ANY,
            "set": _ANY,
            "choices": _MapOf(_ANY),
        }
    ),
}

#: Values every variant has unless its file says otherwise (RULES.md §1 card values).
DEFAULTS: dict[str, Any] = {
    "family": "classic",
    "description": "",
    "source": "",
    "sides": {"min": 2, "max": 2},
    "players": {"min": 2, "max": 6},
    "decks": 2,
    "jokers_per_deck": 2,
    "target": 5000,
    "hands": 0,
    "tie": "extra_hand",
    "partnerships": "fixed",
    "cards": {
        "joker": 50,
        "two": 20,
        "ace": 20,
        "king": 10,
        "queen": 10,
        "jack": 10,
        "ten": 10,
        "nine": 10,
        "eight": 10,
        "seven": 5,
        "six": 5,
        "five": 5,
        "four": 5,
        "black_three": 5,
        "red_three": 0,
    },
    # Meld legality (RULES.md §2, Classic): groups of one rank, 2+ naturals, at most 3 wilds
    # and never more wilds than naturals, no runs, no all-wild melds, one meld per rank, black
    # threes only going out, the top discard counts toward the opening minimum.
    "melds": {
        "sign": "plus",
        "min_cards": 3,
        "max_cards": 0,
        "min_naturals": 2,
        "max_wilds": 3,
        "wilds_at_most_naturals": True,
        "one_meld_per_rank": True,
        "wild_melds": False,
        "wild_meld_max_cards": 7,
        "wild_meld_exclusive": False,
        "sequences": False,
        "sequence_min": 3,
        "sequence_max": 7,
        "sequence_wilds": 0,
        "black_threes": "going_out",
        "sevens_no_wilds": False,
        "aces": "any",
        "opening_needs": "nothing",
        "opening_discard": "counts",
        "concealed_waives_minimum": True,
        "canasta_opens_freely": False,
    },
    "canastas": {},
    "canasta_sets": {},
    "red_threes": {"each": 0, "totals": {}, "sign_rule": "always_plus", "negative_cap": 0},
    "black_threes": {"each": 0, "totals": {}, "sign_rule": "always_plus", "negative_cap": 0},
    "going_out": {
        "bonus": 0,
        "concealed_bonus": 0,
        "canastas": 1,
        "kinds": {},
        "red_threes_at_least_canastas": False,
    },
    "penalties": {},
    "special_hands": {},
    "opening_minimum": {"by": "score", "bands": []},
    "options": {},
}

_TYPE_NAMES = {int: "a whole number", str: "text", bool: "true or false"}


def _check(value: Any, spec: Any, path: str, where: str) -> None:
    """Raise DataFileError when ``value`` does not have the shape ``spec`` describes."""
    if spec is _ANY:
        return
    if isinstance(spec, dict):
        if not isinstance(value, dict):
            raise DataFileError(f"{where}: '{path}' must be a table of keys")
        for key, item in value.items():
            if key not in spec:
                allowed = ", ".join(spec)
                name = f"{path}.{key}" if path else key
                raise DataFileError(f"{where}: unknown key '{name}' (allowed: {allowed})")
            _check(item, spec[key], f"{path}.{key}" if path else key, where)
    elif isinstance(spec, _MapOf):
        if not isinstance(value, dict):
            raise DataFileError(f"{where}: '{path}' must be a table of keys")
        for key, item in value.items():
            _check(item, spec.item, f"{path}.{key}", where)
    elif isinstance(spec, _ListOf):
        if not isinstance(value, list):
            raise DataFileError(f"{where}: '{path}' must be a list")
        for i, item in enumerate(value):
            _check(item, spec.item, f"{path}[{i}]", where)
    elif isinstance(spec, _Choice):
        if value not in spec.values:
            allowed = ", ".join(spec.values)
            raise DataFileError(f"{where}: '{path}' is {value!r}; allowed: {allowed}")
    elif spec is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise DataFileError(f"{where}: '{path}' must be a whole number, not {value!r}")
    elif not isinstance(value, spec):
        raise DataFileError(f"{where}: '{path}' must be {_TYPE_NAMES[spec]}, not {value!r}")


def spec_at(path: str) -> Any:
    """Return the SPEC entry for a dotted rule path such as ``canastas.natural.bonus``.

    Raises InputError when the path names no rule.
    """
    spec: Any = SPEC
    for part in path.split("."):
        if isinstance(spec, dict) and part in spec:
            spec = spec[part]
        elif isinstance(spec, _MapOf) or (isinstance(spec, _ListOf) and part.isdigit()):
            spec = spec.item
        else:
            raise InputError(f"'{path}' is not a rule or option of this variant")
    return spec


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


def parse_value(path: str, text: str) -> Any:
    """Read the text of ``--set PATH=TEXT`` as the type the rule at ``path`` takes.

    Raises InputError naming the rule and what it allows.
    """
    spec = spec_at(path)
    raw = text.strip()
    if spec is int:
        try:
            return int(raw.replace(",", "").replace("_", ""))
        except ValueError:
            raise InputError(f"'{path}' takes a whole number, not '{text}'") from None
    if spec is bool:
        return parse_bool(path, raw)
    if isinstance(spec, _Choice):
        if raw not in spec.values:
            raise InputError(f"'{path}' is one of {', '.join(spec.values)}, not '{text}'")
        return raw
    if spec is str:
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


class CanastaKind(Struct, frozen=True):
    """One kind of canasta a variant scores: its key, bonus in points and aliases.

    ``cards`` is the fewest cards such a canasta holds (7 in every published variant);
    ``counts_for_going_out`` is False where a kind does not count toward the canastas needed to go
    out (RULES.md §9, Italian wild canastas).
    """

    key: str
    title: str
    bonus: int
    aliases: tuple[str, ...] = ()
    cards: int = 7
    counts_for_going_out: bool = True
    natural: bool = False


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
    """

    key: str
    meld: str | None = None
    below_cards: int = 7
    most: int = 0
    blocks_going_out: bool = False


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
    meld_sign: str
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
    rules: Mapping[str, Any]

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


def validate_data(data: Mapping[str, Any], where: str) -> None:
    """Check a variant's data (one file, before merging) against :data:`SPEC`.

    Raises DataFileError naming ``where`` (the file), the key and what is allowed.
    """
    _check(dict(data), SPEC, "", where)


def _remove(data: dict[str, Any], path: str, where: str) -> None:
    parts = path.split(".")
    node: Any = data
    for part in parts[:-1]:
        node = node.get(part) if isinstance(node, dict) else None
    if not isinstance(node, dict) or parts[-1] not in node:
        raise DataFileError(f"{where}: 'remove' names '{path}', which the variant does not have")
    del node[parts[-1]]


def resolve(chain: list[Mapping[str, Any]], where: str = "variant") -> dict[str, Any]:
    """Merge a variant's data over those it extends, base first: ``chain[0]`` is the root.

    A file's ``remove`` list deletes inherited rules by dotted path (``options.vienna``,
    ``penalties.red_three_not_declared``) before its own keys are merged.
    """
    out = copy.deepcopy(DEFAULTS)
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
    a dotted rule path (``target``, ``canastas.natural.bonus``). Returns the new rules and the
    options in force. Raises InputError for an unknown key or a value of the wrong type.
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
        set_path(rules, key, parse_value(key, text))
    rules["chosen_options"] = chosen
    try:
        _check({k: v for k, v in rules.items() if k != "chosen_options"}, SPEC, "", where)
    except DataFileError as err:
        if where == "--set":
            raise InputError(err.message) from None
        raise
    return rules, chosen


def _bands(data: Mapping[str, Any], where: str) -> tuple[Band, ...]:
    om = data["opening_minimum"]
    by = om.get("by", "score")
    bands = []
    for i, row in enumerate(om.get("bands", [])):
        here = f"{where}: opening_minimum.bands[{i}]"
        if ("points" in row) == ("requires" in row):
            raise DataFileError(f"{here} needs exactly one of 'points' and 'requires'")
        if by == "round":
            if "round" not in row or "from" in row or "below" in row:
                raise DataFileError(f"{here} needs 'round' (and no 'from'/'below') when by='round'")
        elif "round" in row:
            raise DataFileError(f"{here} has 'round' but the table goes by score")
        bands.append(
            Band(
                row.get("from"),
                row.get("below"),
                row.get("round"),
                row.get("points"),
                row.get("requires"),
            )
        )
    if not bands:
        return ()
    if by == "round":
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


def _threes(data: Mapping[str, Any], where: str, key: str) -> ThreesRule:
    t = data[key]
    totals = {}
    for count, value in t.get("totals", {}).items():
        try:
            totals[int(count)] = value
        except ValueError:
            raise DataFileError(f"{where}: '{key}.totals' keys are counts, not '{count}'") from None
    if t.get("sign_rule") == "by_canastas" and not t.get("sign_by_canastas"):
        raise DataFileError(f"{where}: '{key}.sign_by_canastas' is needed by sign_rule by_canastas")
    if t.get("sign_rule") == "minus_without_kind" and t.get("kind") not in data["canastas"]:
        raise DataFileError(f"{where}: '{key}.kind' must name a canasta kind of the variant")
    return ThreesRule(
        each=t.get("each", 0),
        totals=totals,
        each_not_out=t.get("each_not_out", 0),
        sign_rule=t.get("sign_rule", "always_plus"),
        sign_by_canastas=tuple(t.get("sign_by_canastas", ())),
        kind=t.get("kind"),
        negative_cap=t.get("negative_cap", 0),
    )


#: Rule paths whose numbers are counts or bonuses and so cannot be negative ("*": every key).
_NON_NEGATIVE = (
    "jokers_per_deck",
    "target",
    "hands",
    "cards.*",
    "canastas.*.bonus",
    "canastas.*.cards",
    "red_threes.each",
    "red_threes.each_not_out",
    "red_threes.totals.*",
    "red_threes.negative_cap",
    "black_threes.each",
    "black_threes.totals.*",
    "black_threes.negative_cap",
    "going_out.bonus",
    "going_out.concealed_bonus",
    "going_out.canastas",
    "going_out.kinds.*",
    "canasta_sets.*.points",
    "special_hands.*.points",
)


def _non_negative(data: Mapping[str, Any], where: str) -> None:
    """Raise DataFileError naming the first count or bonus of :data:`_NON_NEGATIVE` below 0."""

    def walk(node: Any, parts: list[str], path: str) -> None:
        if not parts:
            if isinstance(node, int) and node < 0:
                raise DataFileError(f"{where}: '{path}' cannot be negative ({node})")
            return
        if not isinstance(node, Mapping):
            return
        keys = list(node) if parts[0] == "*" else [parts[0]] if parts[0] in node else []
        for key in keys:
            walk(node[key], parts[1:], f"{path}.{key}" if path else str(key))

    for rule in _NON_NEGATIVE:
        walk(data, rule.split("."), "")
    for i, band in enumerate(data["opening_minimum"].get("bands", [])):
        if band.get("points", 0) < 0:
            raise DataFileError(f"{where}: opening_minimum.bands[{i}].points cannot be negative")


def build_variant(rules: Mapping[str, Any], where: str = "variant") -> Variant:
    """Build a :class:`Variant` from resolved rules (defaults, extends and options applied).

    Raises DataFileError naming ``where`` when the rules are inconsistent (missing name, sides or
    bands out of order, a going-out kind the variant does not have).
    """
    data = merge(DEFAULTS, rules)
    _check({k: v for k, v in data.items() if k != "chosen_options"}, SPEC, "", where)
    if "name" not in data:
        raise DataFileError(f"{where}: 'name' is missing")
    sides, players = data["sides"], data["players"]
    if not 1 <= sides["min"] <= sides["max"]:
        raise DataFileError(f"{where}: 'sides' needs 1 <= min <= max")
    if not 1 <= players["min"] <= players["max"]:
        raise DataFileError(f"{where}: 'players' needs 1 <= min <= max")
    if data["decks"] < 1:
        raise DataFileError(f"{where}: 'decks' must be at least 1")
    _non_negative(data, where)
    if data["target"] <= 0 and data["hands"] <= 0:
        raise DataFileError(f"{where}: a variant needs a 'target' score or a number of 'hands'")
    canastas = {}
    seen: dict[str, str] = {}
    for key, c in data["canastas"].items():
        if "bonus" not in c:
            raise DataFileError(f"{where}: 'canastas.{key}.bonus' is missing")
        names = (key, *c.get("aliases", ()))
        for n in names:
            if n in seen and seen[n] != key:
                raise DataFileError(
                    f"{where}: canasta name '{n}' is used by '{seen[n]}' and '{key}'"
                )
            seen[n] = key
        canastas[key] = CanastaKind(
            key=key,
            title=c.get("title", f"{key} canasta"),
            bonus=c["bonus"],
            aliases=tuple(c.get("aliases", ())),
            cards=c.get("cards", 7),
            counts_for_going_out=c.get("counts_for_going_out", True),
            natural=c.get("natural", key == "natural"),
        )
    sets = []
    for key, row in data["canasta_sets"].items():
        if "points" not in row or not row.get("needs"):
            raise DataFileError(f"{where}: 'canasta_sets.{key}' needs 'points' and 'needs'")
        for kind in row["needs"]:
            if kind != "any" and kind not in canastas:
                raise DataFileError(f"{where}: 'canasta_sets.{key}.needs.{kind}' is not a kind")
        sets.append(
            CanastaSet(
                key, row.get("title", key), row["points"], dict(row["needs"]), row.get("group", key)
            )
        )
    instant = data.get("instant_win", {})
    go = data["going_out"]
    counted = [k for k, c in canastas.items() if c.counts_for_going_out]
    if go["canastas"] > 0 and not counted:
        raise DataFileError(
            f"{where}: going out needs {go['canastas']} canasta(s) but the variant has no canasta"
            " kinds that count: add [canastas.KIND] tables (or extend a variant that has them)"
        )
    for kind in go.get("kinds", {}):
        if kind not in canastas:
            raise DataFileError(f"{where}: 'going_out.kinds.{kind}' is not a canasta kind")
    penalties = {k: v["points"] for k, v in data["penalties"].items() if "points" in v}
    if len(penalties) != len(data["penalties"]):
        raise DataFileError(f"{where}: every penalty needs 'points'")
    specials = data["special_hands"]
    if any("points" not in v for v in specials.values()):
        raise DataFileError(f"{where}: every special hand needs 'points'")
    name = data["name"]
    return Variant(
        name=name,
        title=data.get("title", name),
        family=data["family"],
        description=data["description"],
        source=data["source"],
        min_sides=sides["min"],
        max_sides=sides["max"],
        min_players=players["min"],
        max_players=players["max"],
        decks=data["decks"],
        jokers_per_deck=data["jokers_per_deck"],
        target=data["target"],
        hands=data["hands"],
        tie=data["tie"],
        partnerships=data["partnerships"],
        cards=dict(data["cards"]),
        meld_sign=data["melds"]["sign"],
        canastas=canastas,
        canasta_sets=tuple(sets),
        instant_win_canastas=instant.get("canastas", 0),
        instant_win_points=instant.get("points", 0),
        red_threes=_threes(data, where, "red_threes"),
        black_threes=_threes(data, where, "black_threes"),
        going_out_bonus=go["bonus"],
        concealed_bonus=go["concealed_bonus"],
        going_out_canastas=go["canastas"],
        going_out_kinds=dict(go.get("kinds", {})),
        going_out_red_threes_per_canasta=go["red_threes_at_least_canastas"],
        penalties=penalties,
        penalty_rules={
            k: PenaltyRule(
                k,
                v.get("meld"),
                v.get("below_cards", 7),
                v.get("most", 0),
                v.get("blocks_going_out", False),
            )
            for k, v in data["penalties"].items()
        },
        penalty_titles={
            k: v.get("title", k.replace("_", " ")) for k, v in data["penalties"].items()
        },
        special_hands={k: v["points"] for k, v in specials.items()},
        winning_special_hands=frozenset(k for k, v in specials.items() if v.get("wins_game")),
        acaba_points=data["acaba"]["points"] if "acaba" in data else None,
        minimum_by=data["opening_minimum"]["by"],
        bands=_bands(data, where),
        rules=data,
    )

"""The variant model: every scoring rule of a Canasta variant, built from plain data.

A variant file (TOML, one per variant, in ``scorekeeper/variants/``) is read into a ``dict`` by
:mod:`scorekeeper.variants`, over the base file that gives every rule's usual value. This module
merges a variant with the one it ``extends``, applies named options and ``--set KEY=VALUE``
overrides, decodes the result into the typed structures of :mod:`scorekeeper.domain.schema`
(which say what each key may hold and carry each table's behaviour) and builds the immutable
:class:`Variant` the scoring engine uses: those same decoded tables, checked against each other,
with the values a table may leave out filled in. Nothing here reads files.

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
from functools import cached_property
from itertools import pairwise
from typing import Any

from msgspec import structs

from scorekeeper.domain.bounds import is_digits, quoted
from scorekeeper.domain.cards import LEGACY_IN_HAND, RANK_KEYS, Card, in_hand_values
from scorekeeper.domain.limits import (
    MAX_DECKS,
    MAX_HANDS,
    MAX_JOKERS,
    MAX_NUMBER,
    MAX_PLAYERS,
    MAX_SIDES,
)
from scorekeeper.domain.schema import (
    CanastaKind,
    PenaltyRule,
    RulesSpec,
    decode,
    parse_bool,
    read_setting,
)
from scorekeeper.errors import DataFileError, InputError
from scorekeeper.i18n import gettext as _
from scorekeeper.i18n import listing, number, unlabelled

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


def merge(base: Mapping[str, Any], over: Mapping[str, Any]) -> dict[str, Any]:
    """Deep-merge two variant data tables: tables merge key by key, anything else is replaced."""
    out = copy.deepcopy(dict(base))
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = merge(out[key], value)
        else:
            out[key] = copy.deepcopy(value)
    return out


def _index(part: str) -> bool:
    """Whether the path part ``part`` can be a list's index: ASCII digits, short enough that
    ``int`` never reads thousands of them (no list of rules is that long)."""
    return is_digits(part) and len(part) <= len(str(MAX_NUMBER))


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
            if not _index(part) or int(part) >= len(node):
                raise InputError(
                    _("'{path}': there is no item {part} in that list").format(path=path, part=part)
                )
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
            raise InputError(_("'{path}' is not a rule of this variant").format(path=path))


def _exists(data: Mapping[str, Any], path: str) -> bool:
    """True when the dotted ``path`` names a table or list item present in ``data``."""
    node: Any = data
    for part in path.split("."):
        if isinstance(node, Mapping) and part in node:
            node = node[part]
        elif isinstance(node, list) and _index(part) and int(part) < len(node):
            node = node[int(part)]
        else:
            return False
    return True


class Variant(RulesSpec, frozen=True, kw_only=True, dict=True):
    """The complete, validated rules of one variant as the scoring engine uses them: the
    decoded tables of :class:`scorekeeper.domain.schema.RulesSpec` (``going_out.bonus``,
    ``red_threes.value(n)``, ``canastas[key].fits(meld)``, ``sides.min``...), with ``name``
    and ``title`` always set and the values a table may leave out filled in (see each table's
    class).

    Build one with :func:`build_variant`; ``rules`` keeps the plain data it was built from, which
    is what a game stores (DESIGN.md, "Each game stores a copy of the rules").
    """

    name: str
    title: str
    rules: Mapping[str, Any]

    def in_hand_penalty(self, card_key: str) -> str | None:
        """The penalty that charges a card of ``card_key`` (``red_three``...) left in a hand
        instead of its card value, or None (RULES.md §3, §5, §14); the last listed where
        several do, as :attr:`hand_values` counts."""
        found = None
        for key, rule in self.penalties.items():
            if card_key in rule.in_hand:
                found = key
        return found

    def canasta_for(self, meld: Sequence[Card]) -> str | None:
        """The kind key of the canasta a meld of typed cards makes, or None (RULES.md §16c).

        Of the kinds the meld fits (:meth:`~scorekeeper.domain.schema.CanastaKind.fits`), the
        narrowest names it (sevens before natural, 2s only before wild); among equally narrow
        ones, the first listed.
        """
        best: str | None = None
        for key, kind in self.canastas.items():
            if kind.fits(meld) and (
                best is None or kind.specificity > self.canastas[best].specificity
            ):
                best = key
        return best

    def canasta_group(self, key: str) -> tuple[str, str | None]:
        """What typed cards show of the kind ``key``: kinds of one group look alike on the
        table (a kind without a make-up is a group of its own)."""
        kind = self.canastas[key]
        return (kind.makeup or f"kind {key}", kind.rank)

    def canasta_group_name(self, key: str) -> str:
        """The kind key that names the group of look-alike kinds ``key`` is in
        (:meth:`canasta_group`): the first that typed cards show, else the first."""
        group = self.canasta_group(key)
        keys = [k for k in self.canastas if self.canasta_group(k) == group]
        shown = [k for k in keys if self.canastas[k].from_cards]
        return (shown or keys)[0]

    # -- limits that follow from the number of decks (RULES.md §16c, "Deck limits") ----------

    def cards_of(self, rank: str) -> int:
        """How many cards of ``rank`` the decks hold (jokers per deck, 2 threes of a colour)."""
        if rank == "joker":
            return self.jokers_per_deck * self.decks
        if rank in ("red_three", "black_three"):
            return 2 * self.decks
        return 4 * self.decks

    @cached_property
    def deck_points(self) -> int:
        """Card points of every card in the decks together: the most any hand can count."""
        return sum(self.cards_of(rank) * value for rank, value in self.cards.items())

    @property
    def sides_alone(self) -> bool:
        """Whether every side is one player: no more players than the fewest sides (two- and
        three-handed games, cutthroat; RULES.md §2.2). A side's name is then its player's."""
        return self.players.max <= self.sides.min

    @cached_property
    def lowest_natural(self) -> int:
        """The fewest points a natural card (not a joker, two or three) counts (RULES.md §1)."""
        wild_or_three = ("joker", "two", "red_three", "black_three")
        return min(v for r, v in self.cards.items() if r not in wild_or_three)

    @cached_property
    def lowest_wild(self) -> int:
        """The fewest points a wild card (a joker or a two) counts (RULES.md §1)."""
        return min(self.cards.two, self.cards.joker)

    @cached_property
    def held(self) -> tuple[int, int]:
        """The number of decks and the cards they hold together, jokers and threes included:
        no entry of a hand holds more cards (:func:`scorekeeper.domain.cards.card_bound`)."""
        return self.decks, sum(self.cards_of(rank) for rank in RANKS)

    @cached_property
    def deck_cards(self) -> int:
        """Number of cards in the decks, threes excluded (the cards canastas can be made of)."""
        return sum(self.cards_of(r) for r in RANKS if r not in ("red_three", "black_three"))

    @cached_property
    def point_step(self) -> int:
        """Every card total is a multiple of this (the greatest common divisor of card values)."""
        step = 0
        for value in self.cards.values():
            step = math.gcd(step, value)
        return step or 1

    @property
    def hand_values(self) -> dict[str, int]:
        """What each card costs when left in a hand: card-value key -> points (positive): its
        card value, or the size of the in-hand penalty that charges it (Bolivia's black three:
        100, not 5; RULES.md §5)."""
        points = {k: r.points for k, r in self.penalties.items()}
        charges = {k: r.in_hand for k, r in self.penalties.items()}
        return in_hand_values(self.cards, points, charges)

    def canasta_key(self, name: str) -> str:
        """Return the canonical canasta kind for a key or alias; raise InputError if unknown."""
        low = name.strip().lower()
        if low in self.canastas:
            return low
        for key, kind in self.canastas.items():
            if low in kind.aliases:
                return key
        allowed = listing(list(self.canastas)) or _("none")
        raise InputError(
            _("{variant} has no canasta kind '{name}' (kinds: {allowed})").format(
                variant=_(self.title), name=name, allowed=allowed
            )
        )


def _remove(data: dict[str, Any], path: str, where: str) -> None:
    parts = path.split(".")
    node: Any = data
    for part in parts[:-1]:
        node = node.get(part) if isinstance(node, dict) else None
    if not isinstance(node, dict) or parts[-1] not in node:
        raise DataFileError(
            _("{where}: 'remove' names '{path}', which the variant does not have").format(
                where=where, path=path
            )
        )
    del node[parts[-1]]


#: The keys that say which variant a game is, not how it is scored: neither ``--set`` nor an
#: option's ``set`` or ``choices`` may change them, so a game is listed, counted and shown under
#: the variant it was started with (``games --variant``, ``stats --variant``).
IDENTITY = ("name", "family", "extends", "options")


def validate_data(data: Mapping[str, Any], base: Mapping[str, Any], where: str) -> None:
    """Check one variant file's own data (before ``extends`` is followed) read over ``base``
    (the base file's data): every key known, every value of the type its key takes, and no
    option's ``set`` or ``choices`` writing a key of :data:`IDENTITY`.

    ``data`` is held to the bounds of any input by the caller, as it is read
    (:func:`scorekeeper.variants.read_file`), and the base is the package's own file: neither
    is walked again here.

    Raises DataFileError naming ``where`` (the file), the key and what is allowed.
    """
    decode(_overlay(base, data), where, checked=True)
    options = data.get("options")
    for option, spec in options.items() if isinstance(options, dict) else ():
        patches = [spec.get("set", {}), *spec.get("choices", {}).values()]
        for path in (p for patch in patches for p in patch):
            if path.split(".")[0] in IDENTITY:
                raise DataFileError(
                    _(
                        "{where}: option '{option}' sets '{path}'; an option changes rules,"
                        " never the variant's {keys}"
                    ).format(where=where, option=option, path=path, keys=listing(IDENTITY))
                )


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
            _remove(out, path, where if data is chain[-1] else data.get("name", where))
        out = merge(out, {k: v for k, v in data.items() if k != "remove"})
    out.pop("extends", None)
    return out


def _refuse_option_patch(data: Mapping[str, Any], chosen: Mapping[str, Any], where: str) -> None:
    """DataFileError naming the option in force whose own ``set`` or chosen ``choices`` patch
    makes the rules ``data`` ones no variant may have (a value of the wrong type, a key no
    rule has), applied alone; nothing when none does (the refusal is then of the rules or
    ``--set`` values: said by the caller). Called only once the rules with every option in
    force were refused."""
    for name, value in chosen.items():
        opt = data.get("options", {}).get(name, {})
        patch = opt.get("choices", {}).get(value, {}) if "choices" in opt else None
        if patch is None:
            patch = opt.get("set", {}) if value else {}
        if not patch:
            continue
        trial = copy.deepcopy(dict(data))
        for path, new in patch.items():
            set_path(trial, path, copy.deepcopy(new))
        try:
            decode(trial, where, checked=True)
        except DataFileError as err:
            part = f"choices.{value}" if "choices" in opt else "set"
            raise DataFileError(
                _("{where}: option '{option}' ({part}): {message}").format(
                    where=where,
                    option=name,
                    part=part,
                    message=unlabelled(err.message, where),
                )
            ) from None


def apply_options(
    data: Mapping[str, Any], settings: Mapping[str, str], where: str = "--set"
) -> tuple[dict[str, Any], dict[str, Any]]:
    """Apply the variant's option defaults, then ``settings`` (``--set KEY=VALUE`` pairs).

    A KEY is either an option the variant defines (a yes/no switch, or one of its ``choices``) or
    a dotted rule path (``target``, ``canastas.natural.bonus``), whose VALUE is read as the type
    :mod:`scorekeeper.domain.schema` declares there. Returns the new rules and the options in
    force. Raises InputError for an unknown key or a value of the wrong type, or a key of
    :data:`IDENTITY` (which no option's patch writes either: :func:`validate_data`).
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
                    from scorekeeper.domain.suggest import hint

                    allowed = listing(list(opt["choices"]))
                    raise InputError(
                        _("option '{key}' is one of {allowed}, not '{text}'").format(
                            key=key, allowed=allowed, text=text
                        )
                        + hint(text, list(opt["choices"]))
                    )
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
        if key.split(".")[0] in IDENTITY:
            raise InputError(_("'{key}' cannot be set for one game").format(key=key))
        parent = key.rsplit(".", 1)[0] if "." in key else ""
        if parent and not _exists(rules, parent):
            from scorekeeper.domain.suggest import hint

            *above, missing = parent.split(".")
            holder: Any = rules
            for part in above:
                holder = holder.get(part, {}) if isinstance(holder, dict) else {}
            said = hint(missing, holder) if isinstance(holder, dict) else ""
            raise InputError(
                _(
                    "'{key}': this variant has no '{parent}' (a new canasta kind, penalty or"
                    " table belongs in a variant file: 'scorekeeper variants init')"
                ).format(key=key, parent=parent)
                + said
            )
        set_path(rules, key, read_setting(key, text, list(options)))
    rules["chosen_options"] = chosen
    try:
        decode(rules, where, checked=not settings)  # the files were checked as they were read
    except DataFileError as err:
        if where != "--set":  # a file's option in force by default: named (--set: below)
            _refuse_option_patch(data, chosen, where)
        if where == "--set":
            given = " ".join(f"{k}={v}" for k, v in settings.items())
            message = unlabelled(err.message, "--set")
            raise InputError(
                _("{message} (from --set {given})").format(message=message, given=given)
            ) from None
        raise
    return rules, chosen


def _check_per_round(points: int, here: str) -> None:
    """Refuse a ``points_per_round`` formula whose minimum would pass :data:`MAX_NUMBER` within
    the :data:`MAX_HANDS` rounds a game may last, or for the hand after the last (each hand's
    export names the minimum of the next): every number a game shows must be one an export
    of it can bring back (README, the bounds paragraph)."""
    from scorekeeper.domain.limits import MAX_HANDS, MAX_NUMBER

    if points * (MAX_HANDS + 1) > MAX_NUMBER:
        raise DataFileError(
            _(
                "{here}: 'points_per_round' {points} times the round passes {most} within the"
                " {hands} hands a game may last; give at most {fewest}"
            ).format(
                here=here,
                points=number(points),
                most=number(MAX_NUMBER),
                hands=number(MAX_HANDS),
                fewest=number(MAX_NUMBER // (MAX_HANDS + 1)),
            )
        )


def _check_bands(spec: RulesSpec, where: str) -> None:
    """Refuse an opening-minimum table whose bands do not cover every score once (or rounds 1,
    2, 3 ... in order, then at most one ``points_per_round`` formula row, last), or whose rows
    do not give exactly one of points, a requirement and a formula."""
    om = spec.opening_minimum
    bands = om.bands
    for i, row in enumerate(bands):
        here = f"{where}: opening_minimum.bands[{i}]"
        given = [row.points, row.requires, row.points_per_round]
        if sum(1 for g in given if g is not None) != 1:
            raise DataFileError(
                _("{here} needs exactly one of 'points', 'requires' and 'points_per_round'").format(
                    here=here
                )
            )
        if row.requires is not None and row.requires not in spec.requirements:
            allowed = listing(spec.requirements)
            raise DataFileError(
                _("{here}: 'requires' is {requires}; allowed: {allowed}").format(
                    here=here, requires=repr(row.requires), allowed=allowed
                )
            )
        if om.by == "round":
            if row.low is not None or row.below is not None:
                raise DataFileError(
                    _("{here} needs 'round' (and no 'from'/'below') when by='round'").format(
                        here=here
                    )
                )
            if row.points_per_round is not None:
                _check_per_round(row.points_per_round, here)
                if i != len(bands) - 1 or row.round not in (None, i + 1):
                    raise DataFileError(
                        _(
                            "{here}: a 'points_per_round' row is the last row and covers every"
                            " round after the rows before it (give it no 'round', or round ="
                            " {value})"
                        ).format(here=here, value=i + 1)
                    )
            elif row.round is None:
                raise DataFileError(
                    _("{here} needs 'round' (and no 'from'/'below') when by='round'").format(
                        here=here
                    )
                )
        elif row.round is not None:
            raise DataFileError(
                _("{here} has 'round' but the table goes by score").format(here=here)
            )
        elif row.points_per_round is not None:
            raise DataFileError(
                _(
                    "{here}: 'points_per_round' is for a table by round (by = \"round\"); this one"
                    " goes by score"
                ).format(here=here)
            )
    if not bands:
        return
    if om.by == "round":
        rounds = [b.round for b in bands if b.points_per_round is None]
        if rounds != list(range(1, len(rounds) + 1)):
            raise DataFileError(
                _("{where}: opening_minimum rounds must be 1, 2, 3 ... in order").format(
                    where=where
                )
            )
        return
    if bands[0].low is not None:
        raise DataFileError(
            _(
                "{where}: the first opening_minimum band must have no 'from' (it covers every"
                " lower score)"
            ).format(where=where)
        )
    if bands[-1].below is not None:
        raise DataFileError(
            _(
                "{where}: the last opening_minimum band must have no 'below' (it covers every"
                " higher score)"
            ).format(where=where)
        )
    for i, (a, b) in enumerate(pairwise(bands)):
        if a.below is None or b.low is None:
            raise DataFileError(
                _(
                    "{where}: opening_minimum.bands[{i}] needs 'below' and bands[{value}] needs"
                    " 'from'"
                ).format(where=where, i=i, value=i + 1)
            )
        if a.below > b.low:
            raise DataFileError(
                _(
                    "{where}: opening_minimum bands overlap: bands[{i}] goes below {below} but"
                    " bands[{value}] starts from {low}"
                ).format(where=where, i=i, below=a.below, value=i + 1, low=b.low)
            )
        if a.below < b.low:
            raise DataFileError(
                _(
                    "{where}: opening_minimum bands leave a gap from {below} to {low} (bands[{i}]"
                    " and bands[{value}])"
                ).format(where=where, below=a.below, low=b.low, i=i, value=i + 1)
            )
        if b.below is not None and b.below <= b.low:
            raise DataFileError(
                _("{where}: opening_minimum.bands[{value}] is empty").format(
                    where=where, value=i + 1
                )
            )


def _check_threes(spec: RulesSpec, where: str, key: str, stored: bool = False) -> None:
    """Refuse a threes table whose ``totals`` keys are not counts or whose sign rule lacks what
    it needs. A key is a count of threes of that colour: ASCII digits with no leading zero
    (``"4"``, never ``"٤"``, ``"04"`` or ``"+4"``, which ``int`` would also read as 4), from 0
    to the threes the decks hold (two a deck, RULES.md §1); a game's ``stored`` rules are held
    to 0 to :data:`MAX_NUMBER` only (a game kept before this bound stays readable)."""
    t = getattr(spec, key)
    most = MAX_NUMBER if stored else 2 * max(spec.decks, 0)
    for count in t.totals:
        canonical = is_digits(count) and len(count) <= len(str(MAX_NUMBER))
        if not canonical or str(int(count)) != count or int(count) > most:
            raise DataFileError(
                _(
                    "{where}: '{key}.totals' key '{count}' is no count of threes: keys are"
                    " counts from 0 to {most} (the threes of a colour the decks hold), written"
                    " in the digits 0-9 without a leading zero"
                ).format(where=where, key=key, count=quoted(count), most=number(most))
            ) from None
    if t.sign_rule == "by_canastas" and not t.sign_by_canastas:
        raise DataFileError(
            _("{where}: '{key}.sign_by_canastas' is needed by sign_rule by_canastas").format(
                where=where, key=key
            )
        )
    if t.sign_rule == "minus_without_kind" and t.kind not in spec.canastas:
        raise DataFileError(
            _("{where}: '{key}.kind' must name a canasta kind of the variant").format(
                where=where, key=key
            )
        )


def _canasta_kind(key: str, c: CanastaKind, where: str, stored: bool) -> CanastaKind:
    """The ``[canastas.KEY]`` table with its title and make-up filled in. Its make-up is the
    table's ``makeup``; for a table written before kinds said it (no ``makeup``),
    :data:`LEGACY_MAKEUPS` by the key, else the natural make-up where ``natural = true`` (the
    one compatibility step). Any other kind without a make-up is refused, except in a game's
    ``stored`` rules, where it keeps none (typed cards never show it, as when the game was
    started)."""
    if c.bonus is None:
        raise DataFileError(
            _("{where}: 'canastas.{key}.bonus' is missing").format(where=where, key=key)
        )
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
                _(
                    "{where}: canastas.{key}: say what makes this canasta: makeup = natural, mixed,"
                    ' wild, twos, jokers_and_twos or sequence (and rank = "seven" for a natural'
                    " canasta of one rank)"
                ).format(where=where, key=key)
            )
    if rank is not None and makeup not in ("natural", "mixed") and not stored:
        raise DataFileError(
            _(
                "{where}: canastas.{key}: 'rank' narrows a natural or mixed canasta to one rank; a"
                " {makeup} canasta has no rank"
            ).format(where=where, key=key, makeup=makeup)
        )
    if rank in ("joker", "two") and not stored:
        raise DataFileError(
            _(
                "{where}: canastas.{key}: rank '{rank}' is a wild card; a canasta of wild cards"
                " has makeup = wild, twos or jokers_and_twos"
            ).format(where=where, key=key, rank=rank)
        )
    return structs.replace(
        c, title=c.title or f"{key} canasta", makeup=makeup, rank=rank, from_cards=from_cards
    )


def _check_sizes(variant: Variant, where: str) -> None:
    """DataFileError for a canasta kind whose ``cards`` no meld can have (fewer than a meld's
    least, more than the decks hold) and for sequences whose least is above their most."""
    melds = variant.melds
    for key, kind in variant.canastas.items():
        if not max(melds.min_cards, 3) <= kind.cards <= variant.deck_cards:
            raise DataFileError(
                _(
                    "{where}: 'canastas.{key}.cards' is {cards}; a canasta holds from {min_cards}"
                    " (a meld's least) to {deck_cards} cards (the decks' cards)"
                ).format(
                    where=where,
                    key=key,
                    cards=kind.cards,
                    min_cards=max(melds.min_cards, 3),
                    deck_cards=variant.deck_cards,
                )
            )
    if melds.sequences and melds.sequence_min > melds.sequence_max:
        raise DataFileError(
            _(
                "{where}: 'melds.sequence_min' ({sequence_min}) is above 'melds.sequence_max'"
                " ({sequence_max})"
            ).format(where=where, sequence_min=melds.sequence_min, sequence_max=melds.sequence_max)
        )


def _penalty_rule(key: str, p: PenaltyRule) -> PenaltyRule:
    """The ``[penalties.KEY]`` table with its title and ``in_hand`` filled in; a table without
    ``in_hand`` takes :data:`scorekeeper.domain.cards.LEGACY_IN_HAND` by its key
    (compatibility with files written before ``in_hand``)."""
    in_hand = p.in_hand if p.in_hand is not None else LEGACY_IN_HAND.get(key, ())
    return structs.replace(p, title=p.title or key.replace("_", " "), in_hand=tuple(in_hand))


def build_variant(
    rules: Mapping[str, Any], where: str = "variant", stored: bool = False, checked: bool = False
) -> Variant:
    """Build a :class:`Variant` from resolved rules: the base file's data with the variant's
    files, options and ``--set`` values over it (a game's stored rules read over the base file
    are such rules too).

    Raises DataFileError naming ``where`` when a key or value is not allowed
    (:func:`scorekeeper.domain.schema.decode`) or the rules are inconsistent (missing name,
    sides or bands out of order, a going-out kind the variant does not have, a canasta kind
    that does not say what makes it, unless the rules are a game's ``stored`` ones).
    ``checked``: the rules are held to the bounds already (read from variant files and
    ``--set``, :func:`apply_options`), not to be walked again.
    """
    data = copy.deepcopy(dict(rules))
    spec = decode(data, where, checked=checked)
    if spec.name is None:
        raise DataFileError(_("{where}: 'name' is missing").format(where=where))
    sides, players = spec.sides, spec.players
    if not 1 <= sides.min <= sides.max:
        raise DataFileError(_("{where}: 'sides' needs 1 <= min <= max").format(where=where))
    if not 1 <= players.min <= players.max:
        raise DataFileError(_("{where}: 'players' needs 1 <= min <= max").format(where=where))
    if spec.decks < 1:
        raise DataFileError(_("{where}: 'decks' must be at least 1").format(where=where))
    if not stored:
        _check_counts(spec, where)
    if spec.target <= 0 and spec.hands <= 0:
        raise DataFileError(
            _("{where}: a variant needs a 'target' score or a number of 'hands'").format(
                where=where
            )
        )
    canastas = {}
    seen: dict[str, str] = {}
    for key, c in spec.canastas.items():
        for n in (key, *c.aliases):
            if n in seen and seen[n] != key:
                raise DataFileError(
                    _("{where}: canasta name '{n}' is used by '{value}' and '{key}'").format(
                        where=where, n=n, value=seen[n], key=key
                    )
                )
            seen[n] = key
        canastas[key] = _canasta_kind(key, c, where, stored)
    sets = {}
    for key, row in spec.canasta_sets.items():
        if row.points is None or not row.needs:
            raise DataFileError(
                _("{where}: 'canasta_sets.{key}' needs 'points' and 'needs'").format(
                    where=where, key=key
                )
            )
        for kind in row.needs:
            if kind != "any" and kind not in canastas:
                raise DataFileError(
                    _("{where}: 'canasta_sets.{key}.needs.{kind}' is not a kind").format(
                        where=where, key=key, kind=kind
                    )
                )
        sets[key] = structs.replace(row, title=row.title or key, group=row.group or key)
    go = spec.going_out
    counted = [k for k, c in canastas.items() if c.counts_for_going_out]
    if go.canastas > 0 and not counted:
        raise DataFileError(
            _(
                "{where}: going out needs {canastas} canasta(s) but the variant has no canasta"
                " kinds that count: add [canastas.KIND] tables (or extend a variant that has them)"
            ).format(where=where, canastas=go.canastas)
        )
    for kind in go.kinds:
        if kind not in canastas:
            raise DataFileError(
                _("{where}: 'going_out.kinds.{kind}' is not a canasta kind").format(
                    where=where, kind=kind
                )
            )
    if any(p.points is None for p in spec.penalties.values()):
        raise DataFileError(_("{where}: every penalty needs 'points'").format(where=where))
    if any(h.points is None for h in spec.special_hands.values()):
        raise DataFileError(_("{where}: every special hand needs 'points'").format(where=where))
    _check_threes(spec, where, "red_threes", stored)
    _check_threes(spec, where, "black_threes", stored)
    _check_bands(spec, where)
    tables = {name: getattr(spec, name) for name in RulesSpec.__struct_fields__}
    tables.update(
        name=spec.name,
        title=spec.title or spec.name,
        canastas=canastas,
        canasta_sets=sets,
        penalties={k: _penalty_rule(k, p) for k, p in spec.penalties.items()},
        rules=data,
    )
    variant = Variant(**tables)
    if not stored:
        check_bounds(variant, where)
    return variant


def _check_counts(rules: RulesSpec, where: str) -> None:
    """DataFileError for more sides, players, decks, jokers a deck or fixed hands than any
    game may have (:func:`check_bounds`), checked before anything is built of them."""
    if rules.sides.min < 2:  # one side alone scores against nobody: no game of Canasta
        raise DataFileError(
            _("{where}: a game has at least 2 sides; 'sides.min' is {n}").format(
                where=where, n=rules.sides.min
            )
        )
    if rules.sides.max > MAX_SIDES or rules.players.max > MAX_PLAYERS:
        raise DataFileError(
            _(
                "{where}: a game has at most {sides} sides and {players} players (so that its"
                " export can be imported again); 'sides.max' and 'players.max' go no higher"
            ).format(where=where, sides=MAX_SIDES, players=MAX_PLAYERS)
        )
    if rules.decks > MAX_DECKS or rules.jokers_per_deck > MAX_JOKERS:
        raise DataFileError(
            _(
                "{where}: a variant plays with at most {decks} decks of at most {jokers} jokers"
                " each; 'decks' and 'jokers_per_deck' go no higher"
            ).format(where=where, decks=MAX_DECKS, jokers=MAX_JOKERS)
        )
    if rules.hands > MAX_HANDS:
        raise DataFileError(
            _(
                "{where}: 'hands' is {hands}; a game holds at most {most} hands, so a game of"
                " more could never end"
            ).format(where=where, hands=number(rules.hands), most=number(MAX_HANDS))
        )


def check_bounds(variant: Variant, where: str) -> None:
    """DataFileError naming ``where`` for rules past the bounds every variant is held to
    (README, "Exit codes"): fewer than 2 sides, more than MAX_SIDES sides or MAX_PLAYERS
    players, more than MAX_DECKS decks of more than MAX_JOKERS jokers, a fixed number of
    ``hands`` past MAX_HANDS (a game that could never end), a canasta kind of more cards than
    the decks hold or fewer than a meld's least, threes counted past two a deck (RULES.md §1).
    A variant file and ``--set`` are held to them as they are read (:func:`build_variant`),
    and a game coming in (an import, a restore, a schema update, a rematch) as it comes in; a
    game's stored rules are read past them (a game kept from before there were such bounds
    stays readable)."""
    _check_counts(variant, where)
    _check_sizes(variant, where)
    _check_threes(variant, where, "red_threes")
    _check_threes(variant, where, "black_threes")

"""Scoring one hand (one deal): side entries in, one signed breakdown per side out.

Generic hand score (RULES.md §0, Classic family)::

    melded card points + canasta bonuses + red-three item (may be negative)
    + black-three item + going-out bonus - points left in hand + penalties

Modern American's base-plus-count formula (RULES.md §3) is the same sum once melded points take
the sign its ``melds.sign`` rule gives and 3s take the sign of ``sign_by_canastas``. A special
hand (RULES.md §3.1) replaces the side's whole score; acaba (RULES.md §10) gives the opponents its
points and everyone else nothing.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from msgspec import Struct, field, structs

from scorekeeper.domain.cards import Card, card_points, parse_cards, parse_melds, render
from scorekeeper.domain.melds import classify_canasta, judge_meld, rank_name, too_many_cards
from scorekeeper.domain.variant import ThreesRule, Variant
from scorekeeper.errors import InputError, RuleError

#: Keys a side's entry may have (DESIGN.md, "Hand entry as JSON").
ENTRY_KEYS = (
    "team",
    "meld_points",
    "melds",
    "canastas",
    "red_threes",
    "black_threes",
    "went_out",
    "concealed",
    "hand_points",
    "hand",
    "penalties",
    "special_hand",
    "acaba",
)


class SideEntry(Struct, frozen=True):
    """What one side laid down in one hand, as typed at the table.

    Numbers are card points (``meld_points``, ``hand_points``: the value of the cards left in all
    the side's hands, deducted) or counts (``canastas`` per kind key, ``red_threes``,
    ``black_threes``, ``penalties`` per penalty key). ``melds`` and ``hand`` hold the same
    information as card notation instead of points.
    """

    meld_points: int = 0
    melds: str | None = None
    canastas: Mapping[str, int] = field(default_factory=dict)
    red_threes: int = 0
    black_threes: int = 0
    went_out: bool = False
    concealed: bool = False
    hand_points: int = 0
    hand: str | None = None
    penalties: Mapping[str, int] = field(default_factory=dict)
    special_hand: str | None = None
    acaba: bool = False
    given: Mapping[str, Any] | None = None

    def __eq__(self, other: object) -> bool:
        """Entries are equal when they score alike: ``given`` (the entry's original JSON form)
        is left out of the comparison."""
        if type(other) is not SideEntry:
            return NotImplemented
        return all(
            getattr(self, name) == getattr(other, name)
            for name in self.__struct_fields__
            if name != "given"
        )

    __hash__ = None  # type: ignore[assignment]  # canastas and penalties are mappings

    def to_json(self) -> dict[str, Any]:
        """The entry as DESIGN.md's JSON object: as it was given (canasta aliases written as
        their kind), or for an entry built in code, its fields with defaults left out.

        Points worked out from cards are left out too: ``melds`` stands for ``meld_points`` and
        ``hand`` for ``hand_points`` (an object may not hold both).
        """
        if self.given is not None:
            return copy.deepcopy(dict(self.given))
        out: dict[str, Any] = {}
        derived = {"meld_points": self.melds is not None, "hand_points": self.hand is not None}
        for name in self.__struct_fields__:
            if derived.get(name) or name == "given":
                continue
            value = getattr(self, name)
            if value not in (0, False, None, {}, ""):
                out[name] = dict(value) if isinstance(value, Mapping) else value
        return out

    @property
    def canasta_count(self) -> int:
        return sum(self.canastas.values())


class Breakdown(Struct, frozen=True):
    """One side's hand score, split into DESIGN.md's signed fields (points).

    Deductions and penalties are negative, so the fields sum to :attr:`hand_score`.
    """

    meld_points: int = 0
    canasta_bonus: int = 0
    red_three_bonus: int = 0
    black_three_bonus: int = 0
    going_out_bonus: int = 0
    hand_deduction: int = 0
    penalties: int = 0
    special_hand_bonus: int = 0

    @property
    def hand_score(self) -> int:
        return sum(getattr(self, name) for name in self.__struct_fields__)

    def to_json(self) -> dict[str, int]:
        return {**structs.asdict(self), "hand_score": self.hand_score}


BREAKDOWN_FIELDS: tuple[str, ...] = Breakdown.__struct_fields__


# -- reading entries --------------------------------------------------------------------------


def _count(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        else:
            raise InputError(f"{what} must be a whole number, not {value!r}")
    if value < 0:
        raise RuleError(f"{what} cannot be negative ({value}); counts and points are 0 or more")
    return value


def _flag(value: Any, what: str) -> bool:
    if not isinstance(value, bool):
        raise InputError(f"{what} must be true or false, not {value!r}")
    return value


def _text(value: Any, what: str) -> str:
    if not isinstance(value, str):
        raise InputError(f"{what} must be text, not {value!r}")
    return value


def entry_from_json(variant: Variant, obj: Mapping[str, Any], side: str = "side") -> SideEntry:
    """Read one side's JSON object (DESIGN.md, "Hand entry as JSON") into a :class:`SideEntry`.

    Canasta aliases become their kind key. Raises InputError for an unknown key, a wrong type, a
    canasta kind, penalty or special hand the variant does not have, or ``melds`` given together
    with ``meld_points`` (likewise ``hand`` with ``hand_points``); RuleError for a negative count.
    """
    if not isinstance(obj, Mapping):
        raise InputError(f"{side}: each side's entry must be a JSON object")
    for key in obj:
        if key not in ENTRY_KEYS:
            raise InputError(f"{side}: unknown key '{key}' (allowed: {', '.join(ENTRY_KEYS)})")
    if "melds" in obj and "meld_points" in obj:
        raise InputError(f"{side}: give 'melds' or 'meld_points', not both")
    if "hand" in obj and "hand_points" in obj:
        raise InputError(f"{side}: give 'hand' or 'hand_points', not both")
    canastas: dict[str, int] = {}
    raw = obj.get("canastas", {})
    if not isinstance(raw, Mapping):
        raise InputError(f"{side}: 'canastas' must be an object of counts per kind")
    for name, count in raw.items():
        kind = variant.canasta_key(str(name))
        canastas[kind] = canastas.get(kind, 0) + _count(count, f"{side}: canastas '{name}'")
    penalties: dict[str, int] = {}
    raw = obj.get("penalties", {})
    if not isinstance(raw, Mapping):
        raise InputError(f"{side}: 'penalties' must be an object of counts per penalty kind")
    for name, count in raw.items():
        if name not in variant.penalties:
            allowed = ", ".join(variant.penalties) or "none"
            raise InputError(
                f"{side}: {variant.name} has no penalty '{name}' (penalties: {allowed})"
            )
        penalties[name] = _count(count, f"{side}: penalty '{name}'")
    special = obj.get("special_hand")
    if special is not None:
        special = _text(special, f"{side}: 'special_hand'")
        if special not in variant.special_hands:
            allowed = ", ".join(variant.special_hands) or "none"
            raise InputError(
                f"{side}: {variant.name} has no special hand '{special}' (special hands: {allowed})"
            )
    melds = obj.get("melds")
    hand = obj.get("hand")
    entry = SideEntry(
        meld_points=_count(obj.get("meld_points", 0), f"{side}: 'meld_points'"),
        melds=_text(melds, f"{side}: 'melds'") if melds is not None else None,
        canastas={k: v for k, v in canastas.items() if v},
        red_threes=_count(obj.get("red_threes", 0), f"{side}: 'red_threes'"),
        black_threes=_count(obj.get("black_threes", 0), f"{side}: 'black_threes'"),
        went_out=_flag(obj.get("went_out", False), f"{side}: 'went_out'"),
        concealed=_flag(obj.get("concealed", False), f"{side}: 'concealed'"),
        hand_points=_count(obj.get("hand_points", 0), f"{side}: 'hand_points'"),
        hand=_text(hand, f"{side}: 'hand'") if hand is not None else None,
        penalties={k: v for k, v in penalties.items() if v},
        special_hand=special,
        acaba=_flag(obj.get("acaba", False), f"{side}: 'acaba'"),
    )
    if entry.acaba and variant.acaba_points is None:
        raise InputError(f"{side}: {variant.name} has no acaba declaration")
    given = {k: copy.deepcopy(v) for k, v in obj.items() if k != "team"}
    if "canastas" in given:
        given["canastas"] = dict(canastas)
    entry = resolve_cards(
        variant,
        entry,
        side,
        canastas_given="canastas" in obj,
        penalties_given=tuple(obj.get("penalties", {})),
    )
    return structs.replace(entry, given=given)


def _canasta_groups(variant: Variant, canastas: Mapping[str, int]) -> dict[str, int]:
    """Canasta counts by what typed cards show of them (:attr:`CanastaKind.group`), each group
    named by its kind that typed cards show: a canasta laid from hand at once (a house rule)
    has the cards of an ordinary one of its make-up."""
    out: dict[str, int] = {}
    for key, n in canastas.items():
        name = variant.canasta_group_name(variant.canastas[key].group)
        out[name] = out.get(name, 0) + n
    return out


def _counted_penalties(variant: Variant, groups: Sequence[Sequence[Card]]) -> dict[str, int]:
    """Penalties the typed melds show by themselves (:class:`PenaltyRule` ``meld``): unfinished
    aces, sevens or wild melds (RULES.md §3) and short sequences (RULES.md §6), counted per meld."""
    found: dict[str, int] = {}
    for group in groups:
        naturals = [c for c in group if not c.wild]
        ranks = {c.rank for c in naturals}
        if not naturals:
            shape = "wild"
        elif len(ranks) > 1:
            shape = "sequence"
        elif naturals == list(group) and ranks == {"A"}:
            shape = "aces"
        elif naturals == list(group) and ranks == {"7"}:
            shape = "sevens"
        else:
            continue
        for key, rule in variant.penalty_rules.items():
            if rule.meld == shape and len(group) < rule.below_cards:
                found[key] = found.get(key, 0) + 1
    return found


def _check_one_meld_per_rank(variant: Variant, groups: Sequence[Sequence[Card]]) -> None:
    if not variant.melds.one_meld_per_rank:
        return
    seen: set[str] = set()
    for group in groups:
        ranks = {c.rank for c in group if not c.wild}
        if len(ranks) != 1:
            continue
        rank = ranks.pop()
        if rank in seen:
            raise RuleError(
                f"two melds of {rank_name(rank)}: a side has one meld of each rank in"
                f" {variant.title}; write them as one meld"
            )
        seen.add(rank)


def resolve_cards(
    variant: Variant,
    entry: SideEntry,
    side: str = "side",
    canastas_given: bool = False,
    penalties_given: Sequence[str] = (),
) -> SideEntry:
    """Fill ``meld_points``/``hand_points``, canastas and meld penalties from the card strings
    ``melds`` and ``hand``.

    Each meld must be legal under the variant's meld rules (one meld of a rank where the
    variant says so). Canastas are counted from the melds, and canastas given as well must be
    the same, kind by kind. Penalties a typed meld shows (unfinished aces, sevens or wild melds,
    short sequences: :func:`_counted_penalties`) are counted too, and must agree with any given.
    Threes left in a hand count as the variant's in-hand penalty where it has one
    (:func:`threes_in_hand`). Raises InputError naming a bad card token, RuleError for an illegal
    meld or a count the melds contradict.
    """
    meld_points, hand_points, canastas = entry.meld_points, entry.hand_points, entry.canastas
    penalties = dict(entry.penalties)
    try:
        if entry.melds is not None:
            groups = parse_melds(entry.melds) if entry.melds.strip() else []
            meld_points = sum(card_points(variant.cards, g) for g in groups)
            found: dict[str, int] = {}
            for i, group in enumerate(groups, start=1):
                verdict = judge_meld(variant, group, going_out=entry.went_out)
                if not verdict.legal:
                    raise RuleError(f"meld {i} ({render(group)}): {verdict.reason}")
                kind = classify_canasta(variant, group)
                if kind:
                    found[kind] = found.get(kind, 0) + 1
            _check_one_meld_per_rank(variant, groups)
            if canastas_given:
                said = _canasta_groups(variant, canastas)
                if said != _canasta_groups(variant, found):
                    made = ", ".join(f"{n} {k}" for k, n in found.items()) or "no canasta"
                    given = ", ".join(f"{n} {k}" for k, n in said.items()) or "none"
                    raise RuleError(
                        f"the melds make {made}, but the entry says {given}; leave the canastas"
                        " out (they are counted from the cards) or make them agree"
                    )
            else:
                canastas = found
            for key, count in _counted_penalties(variant, groups).items():
                if key in penalties_given and penalties.get(key, 0) != count:
                    raise RuleError(
                        f"the melds show {count} {variant.penalty_titles[key]}, but the entry"
                        f" says {penalties.get(key, 0)}"
                    )
                penalties[key] = count
        if entry.hand is not None:
            cards = parse_cards(entry.hand) if entry.hand.strip() else []
            cards, penalties = threes_in_hand(variant, cards, penalties)
            hand_points = card_points(variant.cards, cards)
    except InputError as err:
        raise InputError(f"{side}: {err}") from None
    except RuleError as err:
        raise RuleError(f"{side}: {err}") from None
    return structs.replace(
        entry,
        meld_points=meld_points,
        hand_points=hand_points,
        canastas=canastas,
        penalties=penalties,
    )


def threes_in_hand(
    variant: Variant, cards: Sequence[Card], penalties: Mapping[str, int]
) -> tuple[list[Card], dict[str, int]]:
    """Move cards typed among the cards left in hand to the variant's in-hand penalty that
    charges them (a penalty's ``in_hand``), where it has one (Bolivia's black three -100, Hand
    and Foot's red three, Modern American's 3s); returns the other cards and the penalty
    counts."""
    out = dict(penalties)
    rest: list[Card] = []
    for card in cards:
        key = variant.in_hand_penalty(card.key)
        if key:
            out[key] = out.get(key, 0) + 1
        else:
            rest.append(card)
    return rest, out


# -- validation -------------------------------------------------------------------------------


def _fmt(n: int) -> str:
    return f"{n:,}"


def least_meld_points(variant: Variant, canastas: Mapping[str, int]) -> int:
    """The fewest card points canastas can hold: each kind's ``cards`` at the lowest value a
    card of it can have (wild cards only for the all-wild kinds), in points."""
    naturals = [
        v for r, v in variant.cards.items() if r not in ("joker", "two", "red_three", "black_three")
    ]
    wilds = [variant.cards["two"], variant.cards["joker"]]
    total = 0
    for key, count in canastas.items():
        kind = variant.canastas[key]
        low = min(wilds) if kind.all_wild else min(naturals)
        total += count * kind.cards * low
    return total


def check_going_out(variant: Variant, entry: SideEntry, side: str) -> None:
    """Raise RuleError when ``entry`` goes out without the canastas the variant requires.

    RULES.md §2 (one canasta), §2.1 (two), §5 (two incl. an escalera), §13 (one of each kind).
    """
    counted = sum(n for k, n in entry.canastas.items() if variant.canastas[k].counts_for_going_out)
    if counted < variant.going_out_canastas:
        need = variant.going_out_canastas
        word = "canasta" if need == 1 else "canastas"
        raise RuleError(
            f"{side} went out with {counted} {'canasta' if counted == 1 else 'canastas'};"
            f" {variant.name} needs at least {need} {word} to go out"
        )
    missing = [
        f"{need} {variant.canastas[kind].title} (has {entry.canastas.get(kind, 0)})"
        for kind, need in variant.going_out_kinds.items()
        if entry.canastas.get(kind, 0) < need
    ]
    if missing:
        raise RuleError(f"{side} cannot go out yet: {variant.name} needs {', '.join(missing)}")
    if variant.going_out_red_threes_per_canasta and entry.red_threes < entry.canasta_count:
        raise RuleError(
            f"{side} went out with {entry.red_threes} red threes and {entry.canasta_count}"
            f" canastas; {variant.name} needs at least as many red threes as canastas"
        )


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


def _check_partners(variant: Variant, partners: Sequence[int], count: int) -> None:
    if not partners:
        return
    if variant.partnerships != "per_hand":
        raise RuleError(f"{variant.name} has fixed sides; partners are not formed for a hand")
    if len(partners) != 2 or len(set(partners)) != 2 or not all(0 <= p < count for p in partners):
        raise RuleError("name exactly two different players as this hand's partners")


def typed_cards(entry: SideEntry) -> list[Card]:
    """Every card a side typed for its melds and the cards left in its hand."""
    cards: list[Card] = []
    for text in (entry.melds, entry.hand):
        if text and text.strip():
            cards.extend(parse_cards(text))
    return cards


def _typed_threes(variant: Variant, entry: SideEntry, rank: str) -> int:
    """Threes of ``rank`` (``3r``/``3b``) among a side's typed cards that no count holds yet:
    melded ones, and ones left in hand that no in-hand penalty of the variant took."""
    count = 0
    if entry.melds and entry.melds.strip():
        count += sum(1 for c in parse_cards(entry.melds) if c.rank == rank)
    if entry.hand and entry.hand.strip():
        key = "red_three" if rank == "3r" else "black_three"
        if variant.in_hand_penalty(key) is None:
            count += sum(1 for c in parse_cards(entry.hand) if c.rank == rank)
    return count


def validate_hand(
    variant: Variant,
    entries: Sequence[SideEntry],
    names: Sequence[str],
    partners: Sequence[int] = (),
) -> None:
    """Refuse a hand that breaks a rule or exceeds what the decks hold (RULES.md §16c limits).

    ``entries`` and ``names`` are in side order. Raises RuleError with a message that says what
    is allowed: more than one side going out, concealed without going out, going out without the
    required canastas, counts and points beyond the decks, points that are not a multiple of the
    card values' step.
    """
    if len(entries) != len(names):
        raise InputError(f"this game has {len(names)} sides; got entries for {len(entries)}")
    _check_partners(variant, partners, len(entries))
    out = [n for n, e in zip(names, entries, strict=True) if e.went_out]
    if len(out) > 1:
        raise RuleError(f"only one side can go out in a hand, but {' and '.join(out)} both did")
    acaba = [n for n, e in zip(names, entries, strict=True) if e.acaba]
    if len(acaba) > 1:
        raise RuleError("only one side can declare acaba in a hand")
    if acaba and any(e.to_json().keys() - {"acaba"} for e in entries):
        raise RuleError(
            "acaba ends the hand and nothing else counts: give only 'acaba' for the declaring"
            " side and '-' for the others"
        )
    special = [n for n, e in zip(names, entries, strict=True) if e.special_hand]
    if len(special) > 1:
        raise RuleError("a special hand ends the hand at once: only one side can lay one")
    if special and out:
        raise RuleError(f"a special hand ends the hand at once: {out[0]} cannot also have gone out")
    step = variant.point_step
    decks = f"{variant.decks} deck{'s' if variant.decks > 1 else ''}"
    for name, e in zip(names, entries, strict=True):
        if e.special_hand and (
            e.meld_points or e.canastas or e.red_threes or e.black_threes or e.went_out
        ):
            raise RuleError(
                f"{name}: a special hand replaces the side's whole score; give only special_hand"
                " (and the cards left in hand, if any)"
            )
        if e.concealed and not e.went_out:
            raise RuleError(
                f"{name}: 'concealed' means going out in one turn; the side did not go out"
            )
        for key, count in e.penalties.items():
            rule = variant.penalty_rules[key]
            title = variant.penalty_titles[key]
            if rule.most and count > rule.most:
                raise RuleError(f"{name}: at most {rule.most} {title} in a hand, not {count}")
            if rule.blocks_going_out and e.went_out:
                raise RuleError(f"{name} cannot go out with an {title} on the table")
        if e.went_out and not partners:
            check_going_out(variant, e, name)
        if e.red_threes and not variant.red_threes.scored:
            raise RuleError(f"{name}: {variant.name} does not score red threes")
        if e.black_threes and not variant.uses_black_threes:
            raise RuleError(
                f"{name}: {variant.name} does not score black threes laid out; count a melded"
                " black three in the meld points"
            )
        least = least_meld_points(variant, e.canastas)
        if e.meld_points < least:
            count = e.canasta_count
            raise RuleError(
                f"{name}: {count} canasta{'s hold' if count > 1 else ' holds'} cards worth at least"
                f" {_fmt(least)}, but the meld points are {_fmt(e.meld_points)} (meld points count"
                " every melded card, canastas included)"
            )
        for what, value in (("meld points", e.meld_points), ("hand points", e.hand_points)):
            if value % step:
                hint = (
                    " (to type cards made only of digits, end them with '/': meld=7777777/)"
                    if what == "meld points" and e.melds is None
                    else ""
                )
                raise RuleError(f"{name}: {what} {value} are not a multiple of {step}{hint}")
            if value > variant.deck_points:
                raise RuleError(
                    f"{name}: {what} {_fmt(value)} are more than the {decks} hold"
                    f" ({_fmt(variant.deck_points)} in all)"
                )
    if partners:
        pair = combine([entries[i] for i in partners])
        if pair.went_out:
            check_going_out(variant, pair, " and ".join(names[i] for i in partners))
        lone = [i for i in range(len(entries)) if i not in partners]
        for i in lone:
            if entries[i].went_out:
                check_going_out(variant, entries[i], names[i])
    problem = too_many_cards(variant, [c for e in entries for c in typed_cards(e)])
    if problem:
        raise RuleError(f"{problem} in all sides together")
    total_points = sum(e.meld_points + e.hand_points for e in entries)
    if total_points > variant.deck_points:
        raise RuleError(
            f"meld and hand points of all sides together are {_fmt(total_points)}; the {decks}"
            f" hold {_fmt(variant.deck_points)} in all"
        )
    for colour, attr in (("red", "red_threes"), ("black", "black_threes")):
        key = f"{colour}_three"
        in_hand = [k for k, r in variant.penalty_rules.items() if r.in_hand == (key,)]
        count = sum(
            getattr(e, attr)
            + sum(e.penalties.get(k, 0) for k in in_hand)
            + _typed_threes(variant, e, f"3{colour[0]}")
            for e in entries
        )
        limit = variant.cards_of(f"{colour}_three")
        if count > limit:
            raise RuleError(
                f"{count} {colour} threes in all sides together; the {decks} hold {limit}"
            )
    cards = sum(n * variant.canastas[k].cards for e in entries for k, n in e.canastas.items())
    if cards > variant.deck_cards:
        count = sum(e.canasta_count for e in entries)
        raise RuleError(
            f"{count} canastas need at least {cards} cards; the {decks} hold"
            f" {variant.deck_cards} that can be melded"
        )


# -- scoring ----------------------------------------------------------------------------------


def threes_item(rule: ThreesRule, count: int, entry: SideEntry) -> int:
    """Signed value of ``count`` laid-out threes of one colour for a side (RULES.md §2, §3, §4).

    Sign rules: ``always_plus``; ``minus_without_meld`` (the side melded nothing, Classic);
    ``by_canastas`` (``sign_by_canastas[n]`` for a side with n completed canastas, the last entry
    for more: Samba ``[-1, -1, 1]``, Modern American ``[-1, 0, 1]``); ``minus_without_kind`` (no
    canasta of ``kind``: Pennies from Heaven's sevens).
    """
    if not count:
        return 0
    value = rule.value(count, entry.went_out)
    sign = 1
    if rule.sign_rule == "minus_without_meld":
        sign = -1 if entry.meld_points == 0 and entry.canasta_count == 0 else 1
    elif rule.sign_rule == "by_canastas":
        table = rule.sign_by_canastas
        sign = table[min(entry.canasta_count, len(table) - 1)]
    elif rule.sign_rule == "minus_without_kind":
        sign = -1 if not entry.canastas.get(rule.kind or "", 0) else 1
    item = sign * value
    if item < 0 and rule.negative_cap:
        item = max(item, -rule.negative_cap)
    return item


def canasta_bonus(variant: Variant, canastas: Mapping[str, int]) -> int:
    """Canasta bonuses in points: each canasta's bonus, plus the canasta sets the side has (of
    the sets sharing a group, only the largest: RULES.md §9, K24)."""
    total = sum(variant.canastas[k].bonus * n for k, n in canastas.items())
    best: dict[str, int] = {}
    for row in variant.canasta_sets:
        if row.met_by(canastas):
            best[row.group] = max(best.get(row.group, 0), row.points)
    return total + sum(best.values())


def score_side(variant: Variant, entry: SideEntry) -> Breakdown:
    """Score one side's entry (already validated) into its :class:`Breakdown`."""
    if entry.special_hand:
        return Breakdown(special_hand_bonus=variant.special_hands[entry.special_hand])
    if variant.instant_win_canastas and entry.canasta_count >= variant.instant_win_canastas:
        return Breakdown(special_hand_bonus=variant.instant_win_points)
    meld = entry.meld_points
    if variant.meld_sign == "minus_without_canasta" and entry.canasta_count == 0:
        meld = -meld
    going_out = 0
    if entry.went_out:
        going_out = variant.going_out_bonus + (variant.concealed_bonus if entry.concealed else 0)
    return Breakdown(
        meld_points=meld,
        canasta_bonus=canasta_bonus(variant, entry.canastas),
        red_three_bonus=threes_item(variant.red_threes, entry.red_threes, entry),
        black_three_bonus=threes_item(variant.black_threes, entry.black_threes, entry),
        going_out_bonus=going_out,
        hand_deduction=-entry.hand_points,
        penalties=sum(variant.penalties[k] * n for k, n in entry.penalties.items()),
    )


def score_hand(
    variant: Variant,
    entries: Sequence[SideEntry],
    names: Sequence[str] | None = None,
    partners: Sequence[int] = (),
) -> list[Breakdown]:
    """Validate and score one hand: one :class:`Breakdown` per side, in side order.

    ``partners`` (cutthroat, RULES.md §2.2) names the two sides that played this hand as a
    partnership: each records the partnership's whole score, except red threes, which count for
    the player who holds them. Raises RuleError or InputError as :func:`validate_hand` does.
    """
    names = list(names) if names is not None else [f"side {i + 1}" for i in range(len(entries))]
    validate_hand(variant, entries, names, partners)
    if any(e.acaba for e in entries):
        points = variant.acaba_points or 0
        return [Breakdown() if e.acaba else Breakdown(special_hand_bonus=points) for e in entries]
    scores = [score_side(variant, e) for e in entries]
    if partners:
        pair = combine([entries[i] for i in partners])
        shared = score_side(variant, structs.replace(pair, red_threes=0))
        for i in partners:
            own = structs.replace(pair, red_threes=entries[i].red_threes)
            red = threes_item(variant.red_threes, entries[i].red_threes, own)
            scores[i] = structs.replace(shared, red_three_bonus=red)
    return scores

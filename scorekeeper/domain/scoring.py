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

from collections.abc import Callable, Collection, Mapping, Sequence

from msgspec import Struct, structs

from scorekeeper.domain.cards import Card
from scorekeeper.domain.entries import SideEntry, combine, typed_cards
from scorekeeper.domain.fields import counted_kind
from scorekeeper.domain.melds import too_many_cards
from scorekeeper.domain.schema import ThreesRule
from scorekeeper.domain.variant import Variant
from scorekeeper.errors import InputError, RuleError
from scorekeeper.i18n import N_, listing, names_joined, ngettext, number, say
from scorekeeper.i18n import gettext as _


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
        """The sum of the fields (points): the side's score for the hand."""
        return sum(structs.astuple(self))

    def to_json(self) -> dict[str, int]:
        return {**structs.asdict(self), "hand_score": self.hand_score}


BREAKDOWN_FIELDS: tuple[str, ...] = Breakdown.__struct_fields__


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
    return number(n)


def least_meld_points(variant: Variant, canastas: Mapping[str, int]) -> int:
    """The fewest card points canastas can hold: each kind's ``cards`` at the lowest value a
    card of it can have (wild cards only for the all-wild kinds), in points."""
    total = 0
    for key, count in canastas.items():
        kind = variant.canastas[key]
        low = variant.lowest_wild if kind.all_wild else variant.lowest_natural
        total += count * kind.cards * low
    return total


def check_going_out(variant: Variant, entry: SideEntry, side: str) -> None:
    """Raise RuleError when ``entry`` goes out without the canastas the variant requires.

    RULES.md §2 (one canasta), §2.1 (two), §5 (two incl. an escalera), §13 (one of each kind).
    """
    has = sum(n for k, n in entry.canastas.items() if variant.canastas[k].counts_for_going_out)
    if has < variant.going_out.canastas:
        need = variant.going_out.canastas
        raise RuleError(
            _("{side} went out with {has}; {variant} needs at least {need} to go out").format(
                side=side, has=_canastas(has), variant=_(variant.title), need=_canastas(need)
            )
        )
    missing = [
        _("{what} (has {has})").format(
            what=counted_kind(need, variant.canastas[kind].title), has=entry.canastas.get(kind, 0)
        )
        for kind, need in variant.going_out.kinds.items()
        if entry.canastas.get(kind, 0) < need
    ]
    if missing:
        raise RuleError(
            _("{side} cannot go out yet: {variant} needs {missing}").format(
                side=side, variant=_(variant.title), missing=listing(missing)
            )
        )
    if variant.going_out.red_threes_at_least_canastas and entry.red_threes < entry.canasta_count:
        threes = ngettext("{n} red three", "{n} red threes", entry.red_threes)
        raise RuleError(
            _(
                "{side} went out with {threes} and {canastas}; {variant} needs at least as many"
                " red threes as canastas"
            ).format(
                side=side,
                threes=threes.format(n=entry.red_threes),
                canastas=_canastas(entry.canasta_count),
                variant=_(variant.title),
            )
        )


def _typed_threes(variant: Variant, entry: SideEntry, rank: str) -> int:
    """Threes of ``rank`` (``3r``/``3b``) among a side's typed cards that no count holds yet:
    melded ones, and ones left in hand that no in-hand penalty of the variant took."""
    count = 0
    if entry.melds:
        count += sum(1 for meld in entry.melds for c in meld if c.rank == rank)
    if entry.hand:
        key = "red_three" if rank == "3r" else "black_three"
        if variant.in_hand_penalty(key) is None:
            count += sum(1 for c in entry.hand if c.rank == rank)
    return count


# -- the refusals of a hand, one named check each ---------------------------------------------
#
# A hand check takes (variant, entries, names, partners) in side order; a side check takes
# (variant, entry, name, partners) and runs for each side in turn (:func:`each_side`). Each
# raises RuleError (InputError for a wrong number of sides) saying what is allowed.

HandCheck = Callable[[Variant, Sequence[SideEntry], Sequence[str], Sequence[int]], None]
SideCheck = Callable[[Variant, SideEntry, str, Sequence[int]], None]


def _decks(variant: Variant) -> str:
    return ngettext("{n} deck", "{n} decks", variant.decks).format(n=variant.decks)


def _canastas(n: int) -> str:
    """``n`` canastas in words; none has its own message ("no canasta", "カナスタなし")."""
    if n == 0:
        return _("no canasta")
    return ngettext("{n} canasta", "{n} canastas", n).format(n=n)


def one_entry_per_side(
    variant: Variant, entries: Sequence[SideEntry], names: Sequence[str], partners: Sequence[int]
) -> None:
    """Each side of the game has one entry."""
    if len(entries) != len(names):
        raise InputError(
            _("this game has {sides} sides; got entries for {entries}").format(
                sides=len(names), entries=len(entries)
            )
        )


def partners_named(
    variant: Variant, entries: Sequence[SideEntry], names: Sequence[str], partners: Sequence[int]
) -> None:
    """Partners are formed for a hand only where partnerships change each hand, and they are
    two different sides of the game (RULES.md §2.2 cutthroat)."""
    if not partners:
        return
    if variant.partnerships != "per_hand":
        raise RuleError(
            _("{variant} has fixed sides; partners are not formed for a hand").format(
                variant=_(variant.title)
            )
        )
    count = len(entries)
    if len(partners) != 2 or len(set(partners)) != 2 or not all(0 <= p < count for p in partners):
        raise RuleError(_("name exactly two different players as this hand's partners"))


def one_side_out(
    variant: Variant, entries: Sequence[SideEntry], names: Sequence[str], partners: Sequence[int]
) -> None:
    """At most one side goes out in a hand (RULES.md §0)."""
    out = [n for n, e in zip(names, entries, strict=True) if e.went_out]
    if len(out) > 1:
        raise RuleError(
            _("only one side can go out in a hand, but {sides} both did").format(
                sides=names_joined(out)
            )
        )


def one_acaba(
    variant: Variant, entries: Sequence[SideEntry], names: Sequence[str], partners: Sequence[int]
) -> None:
    """At most one side declares acaba (RULES.md §10)."""
    if sum(1 for e in entries if e.acaba) > 1:
        raise RuleError(_("only one side can declare acaba in a hand"))


def acaba_alone(
    variant: Variant, entries: Sequence[SideEntry], names: Sequence[str], partners: Sequence[int]
) -> None:
    """Acaba ends the hand: no side gives anything else (RULES.md §10). Judged on the values,
    so an entry that spells out a zero is the same as one that leaves it out."""
    if any(e.acaba for e in entries) and not all(e.says_nothing_else for e in entries):
        raise RuleError(
            _(
                "acaba ends the hand and nothing else counts: give only 'acaba' for the declaring"
                " side and '-' for the others"
            )
        )


def one_special_hand(
    variant: Variant, entries: Sequence[SideEntry], names: Sequence[str], partners: Sequence[int]
) -> None:
    """A special hand ends the hand at once: one side lays one, and nobody went out
    (RULES.md §3.1)."""
    special = [n for n, e in zip(names, entries, strict=True) if e.special_hand]
    if len(special) > 1:
        raise RuleError(_("a special hand ends the hand at once: only one side can lay one"))
    out = [n for n, e in zip(names, entries, strict=True) if e.went_out]
    if special and out:
        raise RuleError(
            _("a special hand ends the hand at once: {side} cannot also have gone out").format(
                side=out[0]
            )
        )


def special_hand_alone(variant: Variant, e: SideEntry, name: str, partners: Sequence[int]) -> None:
    """A special hand replaces the side's whole score (RULES.md §3.1)."""
    if e.special_hand and (
        e.meld_points or e.canastas or e.red_threes or e.black_threes or e.went_out
    ):
        raise RuleError(
            _(
                "{side}: a special hand replaces the side's whole score; give only special_hand"
                " (and the cards left in hand, if any)"
            ).format(side=name)
        )


def concealed_went_out(variant: Variant, e: SideEntry, name: str, partners: Sequence[int]) -> None:
    """Concealed means going out in one turn (RULES.md §0)."""
    if e.concealed and not e.went_out:
        raise RuleError(
            _("{side}: 'concealed' means going out in one turn; the side did not go out").format(
                side=name
            )
        )


def penalties_allowed(variant: Variant, e: SideEntry, name: str, partners: Sequence[int]) -> None:
    """Each penalty within its rule's ``most`` per hand, and none that blocks going out on a
    side that went out (RULES.md §16c)."""
    for key, count in e.penalties.items():
        rule = variant.penalties[key]
        title = _(rule.title)
        if rule.most and count > rule.most:
            raise RuleError(
                _("{side}: at most {most} {penalty} in a hand, not {count}").format(
                    side=name, most=rule.most, penalty=title, count=count
                )
            )
        if rule.blocks_going_out and e.went_out:
            raise RuleError(
                _("{side} cannot go out with an {penalty} on the table").format(
                    side=name, penalty=title
                )
            )


def canastas_to_go_out(variant: Variant, e: SideEntry, name: str, partners: Sequence[int]) -> None:
    """A side that went out has the canastas the variant requires (:func:`check_going_out`);
    partners formed for the hand are judged together (:func:`partners_go_out`)."""
    if e.went_out and not partners:
        check_going_out(variant, e, name)


def threes_scored(variant: Variant, e: SideEntry, name: str, partners: Sequence[int]) -> None:
    """Red and black threes laid out only where the variant scores them (RULES.md §4)."""
    if e.red_threes and not variant.red_threes.scored:
        raise RuleError(
            _("{side}: {variant} does not score red threes").format(
                side=name, variant=_(variant.title)
            )
        )
    if e.black_threes and not variant.black_threes.scored:
        raise RuleError(
            _(
                "{side}: {variant} does not score black threes laid out; count a melded"
                " black three in the meld points"
            ).format(side=name, variant=_(variant.title))
        )


def meld_points_hold_canastas(
    variant: Variant, e: SideEntry, name: str, partners: Sequence[int]
) -> None:
    """Meld points count every melded card, so they are at least what the canastas hold
    (:func:`least_meld_points`)."""
    least = least_meld_points(variant, e.canastas)
    if e.meld_points < least:
        count = e.canasta_count
        raise RuleError(
            ngettext(
                "{side}: {n} canasta holds cards worth at least {least}, but the meld points"
                " are {points} (meld points count every melded card, canastas included)",
                "{side}: {n} canastas hold cards worth at least {least}, but the meld points"
                " are {points} (meld points count every melded card, canastas included)",
                count,
            ).format(side=name, n=count, least=_fmt(least), points=_fmt(e.meld_points))
        )


def points_in_steps_and_decks(
    variant: Variant, e: SideEntry, name: str, partners: Sequence[int]
) -> None:
    """Meld and hand points are multiples of the card values' step and within what the decks
    hold (RULES.md §16c)."""
    step = variant.point_step
    for what, value in ((N_("meld points"), e.meld_points), (N_("hand points"), e.hand_points)):
        if value % step:
            hint = (
                _(" (to type cards made only of digits, end them with '/': meld=7777777/)")
                if what == "meld points" and e.melds is None
                else ""
            )
            raise RuleError(
                _("{side}: {what} {value} are not a multiple of {step}{hint}").format(
                    side=name, what=_(what), value=value, step=step, hint=hint
                )
            )
        if value > variant.deck_points:
            raise RuleError(
                _("{side}: {what} {value} are more than the {decks} hold ({most} in all)").format(
                    side=name,
                    what=_(what),
                    value=_fmt(value),
                    decks=_decks(variant),
                    most=_fmt(variant.deck_points),
                )
            )


def each_side(*checks: SideCheck) -> HandCheck:
    """A hand check running ``checks`` side by side: all of the first side's, then the next's."""

    def run(
        variant: Variant,
        entries: Sequence[SideEntry],
        names: Sequence[str],
        partners: Sequence[int],
    ) -> None:
        for name, e in zip(names, entries, strict=True):
            for check in checks:
                check(variant, e, name, partners)

    run.__name__ = "each_side(" + ", ".join(c.__name__ for c in checks) + ")"
    return run


def partners_go_out(
    variant: Variant, entries: Sequence[SideEntry], names: Sequence[str], partners: Sequence[int]
) -> None:
    """Partners formed for the hand go out on their canastas together; the others alone
    (RULES.md §2.2)."""
    if not partners:
        return
    pair = combine([entries[i] for i in partners])
    if pair.went_out:
        check_going_out(variant, pair, " and ".join(names[i] for i in partners))
    for i in range(len(entries)):
        if i not in partners and entries[i].went_out:
            check_going_out(variant, entries[i], names[i])


def cards_in_decks(
    variant: Variant, entries: Sequence[SideEntry], names: Sequence[str], partners: Sequence[int]
) -> None:
    """The cards all sides typed exist in the variant's decks (:func:`too_many_cards`)."""
    problem = too_many_cards(variant, [c for e in entries for c in typed_cards(e)])
    if problem:
        raise RuleError(_("{problem} in all sides together").format(problem=say(problem)))


def points_in_decks(
    variant: Variant, entries: Sequence[SideEntry], names: Sequence[str], partners: Sequence[int]
) -> None:
    """Meld and hand points of all sides together are within the decks' card points."""
    total_points = sum(e.meld_points + e.hand_points for e in entries)
    if total_points > variant.deck_points:
        raise RuleError(
            _(
                "meld and hand points of all sides together are {points}; the {decks} hold"
                " {most} in all"
            ).format(
                points=_fmt(total_points), decks=_decks(variant), most=_fmt(variant.deck_points)
            )
        )


def threes_in_decks(
    variant: Variant, entries: Sequence[SideEntry], names: Sequence[str], partners: Sequence[int]
) -> None:
    """Red and black threes of all sides together (laid out, charged in hand, typed) are within
    what the decks hold."""
    for colour, attr in (("red", "red_threes"), ("black", "black_threes")):
        key = f"{colour}_three"
        in_hand = [k for k, r in variant.penalties.items() if r.in_hand == (key,)]
        count = sum(
            getattr(e, attr)
            + sum(e.penalties.get(k, 0) for k in in_hand)
            + _typed_threes(variant, e, f"3{colour[0]}")
            for e in entries
        )
        limit = variant.cards_of(f"{colour}_three")
        if count > limit:
            many = (
                _("{count} red threes in all sides together; the {decks} hold {most}")
                if colour == "red"
                else _("{count} black threes in all sides together; the {decks} hold {most}")
            )
            raise RuleError(many.format(count=count, decks=_decks(variant), most=limit))


def canastas_in_decks(
    variant: Variant, entries: Sequence[SideEntry], names: Sequence[str], partners: Sequence[int]
) -> None:
    """The canastas of all sides together need no more cards than the decks can meld."""
    cards = sum(n * variant.canastas[k].cards for e in entries for k, n in e.canastas.items())
    if cards > variant.deck_cards:
        count = sum(e.canasta_count for e in entries)
        raise RuleError(
            _(
                "{count} canastas need at least {cards} cards; the {decks} hold {most} that can"
                " be melded"
            ).format(count=count, cards=cards, decks=_decks(variant), most=variant.deck_cards)
        )


#: The refusals of a hand, in the order they are judged (the first that fails is reported).
HAND_CHECKS: tuple[HandCheck, ...] = (
    one_entry_per_side,
    partners_named,
    one_side_out,
    one_acaba,
    acaba_alone,
    one_special_hand,
    each_side(
        special_hand_alone,
        concealed_went_out,
        penalties_allowed,
        canastas_to_go_out,
        threes_scored,
        meld_points_hold_canastas,
        points_in_steps_and_decks,
    ),
    partners_go_out,
    cards_in_decks,
    points_in_decks,
    threes_in_decks,
    canastas_in_decks,
)


def went_out_holding_nothing(
    variant: Variant, e: SideEntry, name: str, partners: Sequence[int]
) -> None:
    """A player who goes out holds no card (RULES.md §0, going out): where every side is one
    player (:attr:`~scorekeeper.domain.variant.Variant.sides_alone`), the side that went out
    has no cards left in hand. A partnership's side may: the partner's cards."""
    # a penalty for cards kept in hand (a red three not declared) is cards left in hand too
    kept = any(n and variant.penalties[k].in_hand for k, n in e.penalties.items())
    if e.went_out and (e.hand_points or e.hand or kept) and variant.sides_alone:
        raise RuleError(
            _(
                "{side}: a player who goes out holds no card, so the cards left in hand are 0"
                " (or the side did not go out)"
            ).format(side=name)
        )


#: What a side's entry coming in (a hand recorded, a side's entry corrected) is checked for
#: beyond :data:`HAND_CHECKS`: rules added since hands were first kept, never applied to an
#: entry already stored (a game kept before them is read, scored, taken back and put back as
#: it was).
NEW_SIDE_CHECKS: tuple[SideCheck, ...] = (went_out_holding_nothing,)


def check_new_hand(
    variant: Variant,
    entries: Sequence[SideEntry],
    names: Sequence[str],
    partners: Sequence[int] = (),
    sides: Collection[int] | None = None,
) -> None:
    """Run :data:`NEW_SIDE_CHECKS` on the entries of ``sides`` (indexes; default every side)
    of a hand being recorded or corrected; RuleError as they raise it."""
    for i, (name, entry) in enumerate(zip(names, entries, strict=True)):
        if sides is None or i in sides:
            for check in NEW_SIDE_CHECKS:
                check(variant, entry, name, partners)


def validate_hand(
    variant: Variant,
    entries: Sequence[SideEntry],
    names: Sequence[str],
    partners: Sequence[int] = (),
) -> None:
    """Refuse a hand that breaks a rule or exceeds what the decks hold (RULES.md §16c limits):
    runs :data:`HAND_CHECKS` in order.

    ``entries`` and ``names`` are in side order. Raises RuleError with a message that says what
    is allowed (InputError when the entries are not one per side).
    """
    for check in HAND_CHECKS:
        check(variant, entries, names, partners)


# -- scoring ----------------------------------------------------------------------------------


def threes_item(rule: ThreesRule, count: int, entry: SideEntry) -> int:
    """Signed value of ``count`` laid-out threes of one colour for a side (RULES.md §2, §3, §4).

    Sign rules: ``always_plus``; ``minus_without_meld`` (the side melded nothing, Classic);
    ``by_canastas`` (``sign_by_canastas[n]`` for a side with n completed canastas, the last entry
    for more: Samba ``[-1, -1, 1]``, Modern American ``[-1, 0, 1]``); ``minus_without_kind`` (no
    canasta of ``kind``: Pennies from Heaven's sevens). A negative item is a flat
    ``minus_each`` per three where the rule sets it, and at most ``negative_cap``
    (:meth:`~scorekeeper.domain.schema.ThreesRule.signed`).
    """
    if not count:
        return 0
    sign = 1
    if rule.sign_rule == "minus_without_meld":
        sign = -1 if entry.meld_points == 0 and entry.canasta_count == 0 else 1
    elif rule.sign_rule == "by_canastas":
        table = rule.sign_by_canastas
        sign = table[min(entry.canasta_count, len(table) - 1)]
    elif rule.sign_rule == "minus_without_kind":
        sign = -1 if not entry.canastas.get(rule.kind or "", 0) else 1
    return rule.signed(count, sign, entry.went_out)


def canasta_bonus(variant: Variant, canastas: Mapping[str, int]) -> int:
    """Canasta bonuses in points: each canasta's bonus, plus the canasta sets the side has (of
    the sets sharing a group, only the largest: RULES.md §9, K24)."""
    total = sum(variant.canastas[k].bonus * n for k, n in canastas.items())
    best: dict[str, int] = {}
    for row in variant.canasta_sets.values():
        if row.met_by(canastas):
            best[row.group] = max(best.get(row.group, 0), row.points)
    return total + sum(best.values())


def score_side(variant: Variant, entry: SideEntry) -> Breakdown:
    """Score one side's entry (already validated) into its :class:`Breakdown`."""
    if entry.special_hand:
        return Breakdown(special_hand_bonus=variant.special_hands[entry.special_hand].points)
    instant = variant.instant_win
    if instant.canastas and entry.canasta_count >= instant.canastas:
        return Breakdown(special_hand_bonus=instant.points)
    meld = entry.meld_points
    if variant.melds.sign == "minus_without_canasta" and entry.canasta_count == 0:
        meld = -meld
    going_out = 0
    if entry.went_out:
        go = variant.going_out
        going_out = go.bonus + (go.concealed_bonus if entry.concealed else 0)
    return Breakdown(
        meld_points=meld,
        canasta_bonus=canasta_bonus(variant, entry.canastas),
        red_three_bonus=threes_item(variant.red_threes, entry.red_threes, entry),
        black_three_bonus=threes_item(variant.black_threes, entry.black_threes, entry),
        going_out_bonus=going_out,
        hand_deduction=-entry.hand_points,
        penalties=sum(variant.penalties[k].points * n for k, n in entry.penalties.items()),
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
        points = variant.acaba.points if variant.acaba else 0
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

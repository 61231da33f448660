"""Reading a side's entry: its JSON object into a :class:`SideEntry` whose typed cards are
parsed once and whose numbers (meld and hand points, canastas, penalties a meld shows) are
worked out from them (DESIGN.md, "Hand entry as JSON"; RULES.md §16c).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from msgspec import structs

from scorekeeper.domain.cards import Card, card_points, render
from scorekeeper.domain.entries import SideEntry, read_entry
from scorekeeper.domain.fields import counted_kind
from scorekeeper.domain.melds import GOING_OUT_ENTERED, classify_canasta, judge_meld, rank_name
from scorekeeper.domain.scoring import threes_in_hand
from scorekeeper.domain.variant import Variant
from scorekeeper.errors import InputError, RuleError
from scorekeeper.i18n import gettext as _
from scorekeeper.i18n import labelled, listing, say


def entry_from_json(variant: Variant, obj: Mapping[str, Any], side: str = "side") -> SideEntry:
    """Read one side's JSON object (DESIGN.md, "Hand entry as JSON") into a :class:`SideEntry`.

    Fields are read as :data:`scorekeeper.domain.entries.FIELDS` declares them
    (:func:`~scorekeeper.domain.entries.read_entry`), then the typed cards are resolved
    (:func:`resolve_cards`). Canasta aliases become their kind key. Raises InputError for an
    unknown key, a wrong type, a canasta kind, penalty or special hand the variant does not
    have, ``melds`` given together with ``meld_points`` (likewise ``hand`` with
    ``hand_points``) or a bad card token; RuleError for a negative count, an illegal meld or a
    count the melds contradict.
    """
    entry = read_entry(variant, obj, side)
    form = entry.form
    return resolve_cards(
        variant,
        entry,
        side,
        canastas_given=form is not None and "canastas" in form.keys,
        penalties_given=tuple(k for k, _ in form.penalties) if form is not None else (),
    )


def _kinds(variant: Variant, counts: Mapping[str, int]) -> list[str]:
    """Canasta counts by kind as a player says them ("2 natural canastas")."""
    return [counted_kind(n, variant.canastas[k].title) for k, n in counts.items()]


def _canasta_groups(variant: Variant, canastas: Mapping[str, int]) -> dict[str, int]:
    """Canasta counts by what typed cards show of them (:meth:`Variant.canasta_group`), each group
    named by its kind that typed cards show: a canasta laid from hand at once (a house rule)
    has the cards of an ordinary one of its make-up."""
    out: dict[str, int] = {}
    for key, n in canastas.items():
        name = variant.canasta_group_name(key)
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
        for key, rule in variant.penalties.items():
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
                _(
                    "two melds of {rank}: a side has one meld of each rank in {variant};"
                    " write them as one meld"
                ).format(rank=_(rank_name(rank)), variant=_(variant.title))
            )
        seen.add(rank)


def resolve_cards(
    variant: Variant,
    entry: SideEntry,
    side: str = "side",
    canastas_given: bool = False,
    penalties_given: Sequence[str] = (),
) -> SideEntry:
    """Fill ``meld_points``/``hand_points``, canastas and meld penalties from the typed cards
    ``melds`` and ``hand`` (already parsed).

    Each meld must be legal under the variant's meld rules (one meld of a rank where the
    variant says so). Canastas are counted from the melds, and canastas given as well must be
    the same, kind by kind. Penalties a typed meld shows (unfinished aces, sevens or wild melds,
    short sequences: :func:`_counted_penalties`) are counted too, and must agree with any given.
    Threes left in a hand count as the variant's in-hand penalty where it has one
    (:func:`~scorekeeper.domain.scoring.threes_in_hand`). Raises RuleError (naming ``side``) for
    an illegal meld or a count the melds contradict.
    """
    meld_points, hand_points, canastas = entry.meld_points, entry.hand_points, entry.canastas
    penalties = dict(entry.penalties)
    try:
        if entry.melds is not None:
            groups = entry.melds
            meld_points = sum(card_points(variant.cards, g) for g in groups)
            found: dict[str, int] = {}
            for i, group in enumerate(groups, start=1):
                verdict = judge_meld(
                    variant, list(group), going_out=entry.went_out, how_out=GOING_OUT_ENTERED
                )
                if not verdict.legal:
                    raise RuleError(
                        _("meld {i} ({cards}): {reason}").format(
                            i=i, cards=render(group), reason=say(verdict.reason)
                        )
                    )
                kind = classify_canasta(variant, group)
                if kind:
                    found[kind] = found.get(kind, 0) + 1
            _check_one_meld_per_rank(variant, groups)
            if canastas_given:
                said = _canasta_groups(variant, canastas)
                if said != _canasta_groups(variant, found):
                    made = listing(_kinds(variant, found)) or _("no canasta")
                    given = listing(_kinds(variant, said)) or _("none")
                    raise RuleError(
                        _(
                            "the melds make {made}, but the entry says {given}; leave the"
                            " canastas out (they are counted from the cards) or make them agree"
                        ).format(made=made, given=given)
                    )
            else:
                canastas = found
            for key, count in _counted_penalties(variant, groups).items():
                if key in penalties_given and penalties.get(key, 0) != count:
                    raise RuleError(
                        _("the melds show {count} {penalty}, but the entry says {given}").format(
                            count=count,
                            penalty=_(variant.penalties[key].title),
                            given=penalties.get(key, 0),
                        )
                    )
                penalties[key] = count
        if entry.hand is not None:
            cards, penalties = threes_in_hand(variant, entry.hand, penalties)
            hand_points = card_points(variant.cards, cards)
    except InputError as err:
        raise InputError(labelled(side, err.message)) from None
    except RuleError as err:
        raise RuleError(labelled(side, err.message)) from None
    return structs.replace(
        entry,
        meld_points=meld_points,
        hand_points=hand_points,
        canastas=canastas,
        penalties=penalties,
    )

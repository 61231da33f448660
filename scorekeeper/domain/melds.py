"""Meld legality and the opening-meld check: may these melds be laid down, and do they open?

Every rule is a value of the variant's ``[melds]`` table (:class:`MeldRules`), never a test of the
variant's name. A meld is one of:

- a *group*: cards of one natural rank with wild cards (jokers, 2s) among them (RULES.md §2);
- a *sequence*: a run of one suit from 4 up to ace, no wrap-around (RULES.md §4, Samba family);
- a *wild meld*: wild cards only (RULES.md §3, §5, §8, §13);
- a meld of *black threes*: only by a player going out, with no wild cards (RULES.md §2).

Red threes are never melded. The opening check adds the top discard of the pile (which must join
a meld of its rank holding a natural pair from the hand), totals the card points and compares them
with the side's opening minimum, requirements such as "a natural canasta" included
(RULES.md §2 "Opening minimum", §6).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from msgspec import Struct

from scorekeeper.domain.cards import RANK_KEYS, RANK_WORDS, Card, card_points, render
from scorekeeper.domain.minimums import Minimum
from scorekeeper.domain.schema import MeldRules, Requirement
from scorekeeper.domain.variant import Variant
from scorekeeper.i18n import N_, Message

__all__ = [
    "GOING_OUT_CHECKED",
    "GOING_OUT_ENTERED",
    "SEQUENCE_RANKS",
    "MeldRules",
    "MeldVerdict",
    "OpeningCheck",
    "cards_to_count",
    "check_opening",
    "classify_canasta",
    "hand_points",
    "hand_values",
    "judge_meld",
    "rank_name",
    "too_many_cards",
]

#: Natural ranks of a sequence, low to high: 4 up to ace, no wrap-around (RULES.md §4).
SEQUENCE_RANKS: tuple[str, ...] = ("4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


def rank_name(rank: str) -> str:
    """How a player names cards of ``rank`` in the plural ("kings", "black threes")."""
    return RANK_WORDS[RANK_KEYS[rank]] if rank in RANK_KEYS else f"{rank}s"


def _rank(rank: str) -> Message:
    """:func:`rank_name` as a message, translated where a reason is shown."""
    return Message(rank_name(rank))


def classify_canasta(variant: Variant, meld: Sequence[Card]) -> str | None:
    """The canasta kind a meld of cards makes under ``variant``, or None if it is no canasta.

    Each kind of the variant says what makes it (``makeup``, ``rank``, at least ``cards``
    cards); of the kinds the meld fits, the narrowest names it: seven natural sevens make
    ``sevens`` where the variant has such a kind, else ``natural`` (RULES.md §16c). See
    :meth:`scorekeeper.domain.variant.Variant.canasta_for`.
    """
    return variant.canasta_for(meld)


def too_many_cards(variant: Variant, cards: Sequence[Card]) -> str | None:
    """Why ``cards`` (typed anywhere in one hand) cannot all exist in the variant's decks: more
    of a rank than the decks hold, or more of one suited card than there are decks; None when
    they can (RULES.md §16c deck limits)."""
    if not cards:  # a hand typed as points: nothing to count
        return None
    by_rank: dict[str, int] = {}
    by_card: dict[tuple[str, str], int] = {}
    for card in cards:
        by_rank[card.key] = by_rank.get(card.key, 0) + 1
        if card.suit:
            by_card[(card.rank, card.suit)] = by_card.get((card.rank, card.suit), 0) + 1

    def decks() -> Message:
        if variant.decks > 1:
            return Message(N_("the {n} decks"), n=variant.decks)
        return Message(N_("the deck"))

    for key, n in by_rank.items():
        if n > variant.cards_of(key):
            return Message(
                N_("{n} {cards} typed; {decks} hold {most}"),
                n=n,
                cards=Message(RANK_WORDS[key]),
                decks=decks(),
                most=variant.cards_of(key),
            )
    for (rank, suit), n in by_card.items():
        if n > variant.decks:
            card = Card(rank, suit)
            return Message(
                N_("{n} cards {card} typed; {decks} hold {most}"),
                n=n,
                card=str(card),
                decks=decks(),
                most=variant.decks,
            )
    return None


def cards_to_count(variant: Variant, text: str) -> list[Card]:
    """The cards of ``text`` (``"K 9 5 X 3b"``) to count as ``points`` counts them: InputError
    for a card the variant does not know, for more of a rank than its decks hold (RULES.md
    §16c deck limits), or for a total past :data:`~scorekeeper.domain.bounds.MAX_NUMBER` in
    points, melded or left in a hand."""
    from scorekeeper.domain.bounds import check_number
    from scorekeeper.domain.cards import parse_cards
    from scorekeeper.errors import InputError
    from scorekeeper.i18n import gettext as _
    from scorekeeper.i18n import say

    cards = parse_cards(text, variant.held)
    excess = too_many_cards(variant, cards)
    if excess:
        raise InputError(say(excess))
    for values in (variant.cards, variant.hand_values):
        check_number(card_points(values, cards), _("the total"))
    return cards


class MeldVerdict(Struct, frozen=True):
    """One meld judged: its cards, card points, shape, whether it may be laid and why not.

    ``shape`` is ``group``, ``sequence``, ``wild`` or ``black_threes``; ``canasta`` is the
    canasta kind it makes (seven cards or more) or None; ``reason`` is None for a legal meld,
    else one sentence saying what the rule allows. ``note`` explains a legal meld when a rule
    shaped the verdict (Modern American aces with wild cards).
    """

    cards: tuple[Card, ...]
    points: int
    shape: str
    legal: bool = True
    reason: str | None = None
    canasta: str | None = None
    note: str | None = None
    with_discard: bool = False

    def refused(self, reason: str) -> MeldVerdict:
        """This verdict made illegal with ``reason`` (the first reason is kept)."""
        if not self.legal:
            return self
        return MeldVerdict(
            self.cards, self.points, self.shape, False, reason, None, self.note, self.with_discard
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "cards": render(self.cards),
            "points": self.points,
            "shape": self.shape,
            "legal": self.legal,
            "reason": None if self.reason is None else str(self.reason),
            "canasta": self.canasta,
            "note": None if self.note is None else str(self.note),
            "with_discard": self.with_discard,
        }


def _judge_sequence(rules: MeldRules, cards: Sequence[Card], naturals: list[Card]) -> str | None:
    """Why a run of one suit is not a legal sequence (RULES.md §4), or None when it is."""
    wilds = len(cards) - len(naturals)
    if wilds > rules.sequence_wilds:
        if rules.sequence_wilds == 0:
            return Message(N_("a sequence takes no wild cards"))
        if rules.sequence_wilds == 1:
            return Message(N_("a sequence takes at most 1 wild card"))
        return Message(N_("a sequence takes at most {n} wild cards"), n=rules.sequence_wilds)
    unsuited = [c for c in naturals if c.suit is None]
    if unsuited:
        return Message(
            N_("a sequence needs the suit of every card (e.g. 5h 6h 7h); '{card}' has none"),
            card=str(unsuited[0]),
        )
    suits = sorted({c.suit or "" for c in naturals})
    if len(suits) > 1:
        return Message(N_("a sequence is all one suit; these cards are {suits}"), suits=suits)
    counts = Counter(c.rank for c in naturals)
    double = [r for r, n in counts.items() if n > 1]
    if double:
        return Message(
            N_("a sequence holds each rank once; it has {n} {cards}"),
            n=counts[double[0]],
            cards=_rank(double[0]),
        )
    places = sorted(SEQUENCE_RANKS.index(c.rank) for c in naturals)
    span = places[-1] - places[0] + 1
    missing = [SEQUENCE_RANKS[i] for i in range(places[0], places[-1] + 1) if i not in places]
    if len(missing) > wilds:
        if places[-1] == 10 and places[0] == 0:
            return Message(
                N_(
                    "the cards are not consecutive: {missing} missing; a sequence runs 4 up to"
                    " ace (ace is high only: no wrap-around)"
                ),
                missing=missing,
            )
        return Message(
            N_("the cards are not consecutive: {missing} missing; a sequence runs 4 up to ace"),
            missing=missing,
        )
    if len(cards) > span and len(cards) > len(SEQUENCE_RANKS):
        return Message(N_("a sequence cannot be longer than 4 up to ace"))
    if len(cards) < rules.sequence_min:
        return Message(
            N_("a sequence needs at least {most} cards; this one has {n}"),
            most=rules.sequence_min,
            n=len(cards),
        )
    if len(cards) > rules.sequence_max:
        return Message(
            N_("a sequence holds at most {most} cards; this one has {n}"),
            most=rules.sequence_max,
            n=len(cards),
        )
    return None


#: How a meld of one rank is named where only some make-ups grow past the most cards.
_GROWING = {False: N_("a natural meld"), True: N_("a meld with wild cards")}
_MAKEUP_WORDS = {"natural": N_("natural"), "mixed": N_("mixed"), "wild": N_("wild-card")}


#: How going out is said: to ``check`` (its ``--out``), and in a hand's entry (its ``out``).
GOING_OUT_CHECKED = N_("say so with --out")
GOING_OUT_ENTERED = N_("add 'out' to the entry of the player who went out")


def judge_meld(
    variant: Variant,
    cards: Sequence[Card],
    going_out: bool = False,
    opening_wilds: bool = True,
    how_out: str = GOING_OUT_CHECKED,
) -> MeldVerdict:
    """Judge one meld under the variant's ``[melds]`` rules (RULES.md §2, §3, §4, §5).

    ``going_out``: the player goes out in this turn (black threes may then be melded, RULES.md
    §2); ``how_out`` says how the input tells it, for the refusal of black threes melded
    without it (``check``'s ``--out``, :data:`GOING_OUT_CHECKED`, or an entry's ``out``,
    :data:`GOING_OUT_ENTERED`). ``opening_wilds``: the side's opening meld held wild cards
    (Modern American aces rule). Returns a :class:`MeldVerdict`; never raises for an illegal
    meld.
    """
    rules = variant.melds
    cards = tuple(cards)
    points = card_points(variant.cards, cards)
    naturals = [c for c in cards if not c.wild]
    wilds = len(cards) - len(naturals)
    name = Message(variant.title)

    def verdict(shape: str, reason: str | None = None, note: str | None = None) -> MeldVerdict:
        canasta = classify_canasta(variant, cards) if reason is None else None
        if shape == "black_threes":
            canasta = None
        return MeldVerdict(cards, points, shape, reason is None, reason, canasta, note)

    if any(c.rank == "3r" for c in cards):
        return verdict(
            "group", Message(N_("red threes are never melded: lay them out in front of the side"))
        )
    if any(c.rank == "3b" for c in cards):
        if rules.black_threes == "never":
            return verdict(
                "black_threes", Message(N_("threes are never melded in {variant}"), variant=name)
            )
        if wilds:
            return verdict(
                "black_threes", Message(N_("a meld of black threes takes no wild cards"))
            )
        if len(naturals) != len(cards) or len({c.rank for c in naturals}) > 1:
            return verdict(
                "black_threes", Message(N_("black threes are melded only with black threes"))
            )
        if len(cards) < rules.min_cards:
            return verdict(
                "black_threes",
                Message(
                    N_("a meld needs at least {most} cards; this one has {n}"),
                    most=rules.min_cards,
                    n=len(cards),
                ),
            )
        if not going_out:
            return verdict(
                "black_threes",
                Message(
                    N_(
                        "black threes may be melded only by a player going out in that turn ({how})"
                    ),
                    how=Message(how_out),
                ),
            )
        return verdict("black_threes")
    if len(cards) < rules.min_cards:
        return verdict(
            "group",
            Message(
                N_("a meld needs at least {most} cards; this one has {n}"),
                most=rules.min_cards,
                n=len(cards),
            ),
        )
    if not naturals:
        if not rules.wild_melds:
            return verdict(
                "wild", Message(N_("{variant} allows no melds of wild cards only"), variant=name)
            )
        most = rules.max_cards_for("wild")
        if most and len(cards) > most:
            return verdict(
                "wild",
                Message(
                    N_("a meld of wild cards holds at most {most} cards; this one has {n}"),
                    most=most,
                    n=len(cards),
                ),
            )
        return verdict("wild")
    if len({c.rank for c in naturals}) > 1:
        ranks = [_rank(r) for r in dict.fromkeys(c.rank for c in naturals)]
        one_suit = len({c.suit for c in naturals}) == 1 and naturals[0].suit is not None
        if not rules.sequences:
            said = N_(
                "a meld is cards of one rank ({variant} has no sequences); this one mixes {ranks}"
            )
            return verdict("group", Message(said, variant=name, ranks=ranks))
        if not one_suit and max(Counter(c.rank for c in naturals).values()) > 1:
            # KKQ: neither cards of one rank nor a sequence (5h 6h 6h 7h is told as one)
            said = N_(
                "a meld is cards of one rank, or a sequence of one suit holding each rank once"
                " (e.g. 5h 6h 7h); this one mixes {ranks}"
            )
            return verdict("group", Message(said, ranks=ranks))
        return verdict("sequence", _judge_sequence(rules, cards, naturals))
    rank = naturals[0].rank
    if len(naturals) < rules.min_naturals:
        return verdict(
            "group",
            Message(
                N_("a meld needs at least {most} natural cards; this one has {n}"),
                most=rules.min_naturals,
                n=len(naturals),
            ),
        )
    if rank == "7" and rules.sevens_no_wilds and wilds:
        return verdict(
            "group", Message(N_("a meld of sevens takes no wild cards in {variant}"), variant=name)
        )
    if wilds > rules.max_wilds:
        return verdict(
            "group",
            Message(
                N_("a meld takes at most 1 wild card; this one has {n}")
                if rules.max_wilds == 1
                else N_("a meld takes at most {most} wild cards; this one has {n}"),
                most=rules.max_wilds,
                n=wilds,
            ),
        )
    if rules.wilds_at_most_naturals and wilds > len(naturals):
        return verdict(
            "group",
            Message(
                N_(
                    "a meld never holds more wild cards than natural ones; this one has {wilds}"
                    " wild and {n} natural"
                ),
                wilds=wilds,
                n=len(naturals),
            ),
        )
    most = rules.max_cards_for("mixed" if wilds else "natural")
    if most and len(cards) > most:
        if not rules.past_max_cards:
            return verdict(
                "group",
                Message(
                    N_("a meld holds at most {most} cards in {variant}; this one has {n}"),
                    most=most,
                    variant=name,
                    n=len(cards),
                ),
            )
        return verdict(
            "group",
            Message(
                N_(
                    "{what} holds at most {most} cards in {variant}; this one has {n} (only"
                    " {makeups} melds grow past it)"
                ),
                what=Message(_GROWING[bool(wilds)]),
                most=most,
                variant=name,
                n=len(cards),
                makeups=[Message(_MAKEUP_WORDS[m]) for m in rules.past_max_cards],
            ),
        )
    note = None
    if rank == "A" and wilds and rules.aces == "natural_unless_opening_wild":
        if not opening_wilds:
            return verdict(
                "group",
                Message(N_("aces stay natural: the side's opening meld held no wild cards")),
            )
        note = Message(
            N_("aces with wild cards make an ordinary mixed meld (the opening holds wild cards)")
        )
    return verdict("group", note=note)


def hand_values(variant: Variant) -> dict[str, int]:
    """What each card costs when left in a hand (card-value key -> points), see
    :attr:`scorekeeper.domain.variant.Variant.hand_values` (RULES.md §3, §5, §14)."""
    return variant.hand_values


def hand_points(variant: Variant, cards: Sequence[Card]) -> int:
    """Points the cards left in a hand cost (positive; deducted), by :func:`hand_values`."""
    return card_points(hand_values(variant), cards)


# -- the opening check ------------------------------------------------------------------------


class OpeningCheck(Struct, frozen=True):
    """An opening meld judged against a side's minimum (RULES.md §2 "Opening minimum").

    ``total`` is the card points that count toward the minimum: of the legal melds only (an
    illegal meld is not laid down), the top discard only where the variant lets it count;
    ``problems`` are reasons that concern the melds together (the discard, a second meld of one
    rank, what the opening must contain, the minimum itself).
    """

    melds: tuple[MeldVerdict, ...]
    minimum: Minimum
    total: int
    discard: Card | None = None
    discard_counted: bool = False
    problems: tuple[str, ...] = ()
    short_by: int = 0
    requirement_missing: str | None = None

    @property
    def legal(self) -> bool:
        """True when every meld may be laid down."""
        return all(m.legal for m in self.melds)

    @property
    def allowed(self) -> bool:
        """True when the melds may be laid down as the side's opening."""
        return self.legal and not self.problems

    @property
    def meets_minimum(self) -> bool:
        """True when the counted points and any requirement reach the minimum."""
        return self.short_by == 0 and self.requirement_missing is None

    def to_json(self) -> dict[str, Any]:
        return {
            "melds": [m.to_json() for m in self.melds],
            "discard": None
            if self.discard is None
            else {"card": str(self.discard), "counted": self.discard_counted},
            "total": self.total,
            "opening_minimum": self.minimum.to_json(),
            "meets_minimum": self.meets_minimum,
            "short_by": self.short_by,
            "problems": [str(p) for p in self.problems],
            "allowed": self.allowed,
        }


def _discard_problem(variant: Variant, rules: MeldRules, discard: Card) -> str | None:
    if rules.opening_discard == "not_allowed":
        return Message(
            N_("{variant} does not let a side take the pile for its opening meld"),
            variant=Message(variant.title),
        )
    if discard.is_three:
        return Message(N_("a three on top of the pile blocks it: the pile cannot be taken"))
    if discard.wild:
        return Message(N_("the pile cannot be taken with a wild card on top"))
    return None


def _requirement_problem(
    requirement: Requirement, verdicts: Sequence[MeldVerdict], total: int
) -> str | None:
    """Why the melds miss a requirement that is not a number (RULES.md §6), or None.

    ``requirement`` is one of the variant's ``[requirements.KEY]`` tables: a canasta, with no
    wild card, worth so many card points, and melds worth so many in all.
    """
    canastas = [v for v in verdicts if v.legal and v.canasta]
    if requirement.natural:
        canastas = [v for v in canastas if not any(c.wild for c in v.cards)]
    canastas = [v for v in canastas if v.points >= requirement.canasta_points]
    ok = (bool(canastas) or not requirement.canasta) and total >= requirement.melds_points
    if ok:
        return None
    if requirement.melds_points:
        return Message(
            N_("the opening needs {need} (these are worth {total})"),
            need=Message(requirement.need),
            total=total,
        )
    return Message(N_("the opening needs {need}"), need=Message(requirement.need))


def check_opening(
    variant: Variant,
    melds: Sequence[Sequence[Card]],
    minimum: Minimum | None,
    discard: Card | None = None,
    going_out: bool = False,
    concealed: bool = False,
) -> OpeningCheck:
    """Judge proposed opening melds (cards from the hand) against ``minimum``.

    ``discard`` is the top card of the pile taken: it joins the first meld of its rank holding a
    natural pair from the hand (the pile is frozen for a side that has not melded, RULES.md §2)
    and counts toward the minimum where ``opening_discard`` is ``counts``. Card points only:
    bonuses and red threes never count (RULES.md §2). Returns an :class:`OpeningCheck`.
    InputError for more of a card than the variant's decks hold (RULES.md §16c deck limits).
    """
    rules = variant.melds
    minimum = minimum or Minimum()
    groups = [list(m) for m in melds]
    problems: list[str] = []
    typed = [c for m in groups for c in m] + ([discard] if discard is not None else [])
    excess = too_many_cards(variant, typed)
    if excess:  # cards no table deals: refused as points refuses them, never judged as melds
        from scorekeeper.errors import InputError
        from scorekeeper.i18n import say

        raise InputError(say(excess))
    joined = None
    if discard is not None:
        problem = _discard_problem(variant, rules, discard)
        if problem is None:
            for i, meld in enumerate(groups):
                pair = sum(1 for c in meld if c.rank == discard.rank)
                others = {c.rank for c in meld if not c.wild and c.rank != discard.rank}
                if pair >= 2 and not others:
                    joined = i
                    meld.append(discard)
                    break
            else:
                problem = Message(
                    N_(
                        "the top discard {card} must join a meld of {cards} holding two natural"
                        " {cards} from the hand (the pile is frozen for a side that has not"
                        " melded)"
                    ),
                    card=str(discard),
                    cards=_rank(discard.rank),
                )
        if problem:
            problems.append(problem)
    opening_wilds = any(c.wild for m in groups for c in m)
    verdicts = []
    for i, meld in enumerate(groups):
        v = judge_meld(variant, meld, going_out=going_out, opening_wilds=opening_wilds)
        if i == joined:
            v = MeldVerdict(v.cards, v.points, v.shape, v.legal, v.reason, v.canasta, v.note, True)
        verdicts.append(v)
    if rules.one_meld_per_rank:
        seen: set[str] = set()
        for i, v in enumerate(verdicts):
            if v.shape not in ("group", "black_threes") or not v.legal:
                continue
            rank = next(c.rank for c in v.cards if not c.wild)
            if rank in seen:
                verdicts[i] = v.refused(
                    Message(
                        N_(
                            "a side has one meld of each rank in {variant}: put the {cards}"
                            " together in one meld"
                        ),
                        variant=Message(variant.title),
                        cards=_rank(rank),
                    )
                )
            seen.add(rank)
    if rules.wild_meld_exclusive and any(v.shape == "wild" for v in verdicts):
        for i, v in enumerate(verdicts):
            if v.shape != "wild" and any(c.wild for c in v.cards):
                verdicts[i] = v.refused(
                    Message(N_("while a meld of wild cards is open, wild cards go only to it"))
                )
    if rules.opening_needs != "nothing":
        clean = any(
            v.legal and v.shape == "group" and not any(c.wild for c in v.cards) for v in verdicts
        )
        wild = rules.opening_needs == "clean_triple_or_wild_meld" and any(
            v.legal and v.shape == "wild" for v in verdicts
        )
        if not clean and not wild:
            problems.append(
                Message(
                    N_(
                        "the opening needs a clean meld: three or more natural cards of one rank"
                        " and no wild card or a meld of wild cards"
                    )
                )
                if rules.opening_needs.endswith("wild_meld")
                else Message(
                    N_(
                        "the opening needs a clean meld: three or more natural cards of one rank"
                        " and no wild card"
                    )
                )
            )
    counted = discard is not None and joined is not None and rules.opening_discard == "counts"
    # Only melds that may be laid down count toward the minimum (an illegal one is not laid).
    total = sum(v.points for v in verdicts if v.legal)
    if discard is not None and joined is not None and not counted and verdicts[joined].legal:
        total -= variant.cards[discard.key]
    short_by = 0
    if concealed:
        # Going out concealed: the whole hand at once, a canasta among it (RULES.md §2); the
        # opening minimum is waived where the variant says so (K2).
        if not any(v.canasta for v in verdicts if v.legal):
            problems.append(Message(N_("going out concealed needs a canasta among the melds")))
        if rules.concealed_waives_minimum:
            minimum = Minimum()
    if rules.canasta_opens_freely and any(
        v.legal and v.canasta and (v.shape == "wild" or not any(c.wild for c in v.cards))
        for v in verdicts
    ):
        # A complete natural or wild canasta laid from the hand opens with no minimum
        # (RULES.md §3: pagat's "splash", ja.wikipedia).
        minimum = Minimum()
    if minimum.points is not None and total < minimum.points:
        short_by = minimum.points - total
        problems.append(
            Message(
                N_("melds worth {total} are {short} short of the {needed} needed"),
                total=total,
                short=short_by,
                needed=minimum.points,
            )
        )
    missing = None
    if minimum.requires:
        missing = _requirement_problem(variant.requirements[minimum.requires], verdicts, total)
        if missing:
            problems.append(missing)
    return OpeningCheck(
        melds=tuple(verdicts),
        minimum=minimum,
        total=total,
        discard=discard,
        discard_counted=counted,
        problems=tuple(problems),
        short_by=short_by,
        requirement_missing=missing,
    )

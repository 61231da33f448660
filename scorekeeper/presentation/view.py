"""One view of a hand, and the game's heading: what every output of a game shows, built once.

A :class:`HandView` is a plain value (no Rich) made from the game's scored hands
(:attr:`~scorekeeper.domain.game.Game.results`): the breakdown items with their labels, the
cards each side typed, hand scores, totals, the opening minimums that applied and the next ones,
the dealer, partners and note. ``hand``'s breakdown and ``show``'s sheet on a terminal, the
HTML, CSV and JSON sheets and every ``--json`` hand are rendered from it, so a number or a card
a side typed reads the same in each. :class:`GameHeading` is the game's line (id, variant,
label, target, hands played, dates, result) the same way.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from msgspec import Struct, structs

from scorekeeper.i18n import N_, Message, say
from scorekeeper.i18n import gettext as _
from scorekeeper.presentation.render import entry_cards, game_end, local_date, result_word

if TYPE_CHECKING:
    from scorekeeper.domain.game import Game, Hand
    from scorekeeper.domain.minimums import Minimum
    from scorekeeper.domain.records import StoredGame
    from scorekeeper.domain.scoring import Breakdown, SideEntry
    from scorekeeper.domain.variant import Variant

#: Row labels of a hand's breakdown, by DESIGN.md field, in DESIGN.md order.
BREAKDOWN_LABELS = {
    "meld_points": N_("Melded cards"),
    "canasta_bonus": N_("Canasta bonuses"),
    "red_three_bonus": N_("Red threes"),
    "black_three_bonus": N_("Black threes"),
    "going_out_bonus": N_("Going out"),
    "hand_deduction": N_("Cards left in hand"),
    "penalties": N_("Penalties and extras"),
    "special_hand_bonus": N_("Special hand / acaba"),
}


def breakdown_labels(variant: Variant) -> dict[str, str]:
    """:data:`BREAKDOWN_LABELS` in ``variant``'s words: the special-hand row named by what the
    variant has (its special hands, RULES.md §3.1; acaba, §10; the seven-canasta hand that wins
    at once, §2.6), and canasta bonuses called book bonuses where every canasta kind of the
    variant is a book (hand-and-foot's clean, dirty and wild books).

    Each label is a :class:`scorekeeper.i18n.Message`: English as a string, in the language in
    use through :func:`label_text` (the one home of these labels for every view)."""
    labels = {key: Message(label) for key, label in BREAKDOWN_LABELS.items()}
    n = variant.instant_win.canastas
    has = []
    if variant.special_hands:
        has.append((N_("Special hand"), N_("special hand")))
    if variant.acaba is not None:
        has.append((N_("Acaba"), N_("acaba")))
    if n:
        has.append((N_("{n} canastas in one hand"), N_("{n} canastas in one hand")))
    if has:
        label = Message(has[0][0], n=n)
        for _first, more in has[1:]:
            label = Message(N_("{label} / {more}"), label=label, more=Message(more, n=n))
        labels["special_hand_bonus"] = label
    titles = [kind.title or "" for kind in variant.canastas.values()]
    if titles and all("book" in title.split() for title in titles):
        labels["canasta_bonus"] = Message(N_("Book bonuses"))
    return labels


def label_text(label: str) -> str:
    """A breakdown row's label (:func:`breakdown_labels`) in the language in use."""
    return say(label) if isinstance(label, Message) else _(label)


#: The breakdown fields under which the cards a side typed are shown: its melds under the
#: melded cards' points, its hand under the deduction for it.
CARDS_UNDER = {"meld_points": "meld_cards", "hand_deduction": "hand_cards"}


class Item(Struct, frozen=True):
    """One item of a hand's breakdown: its DESIGN.md ``field`` (``meld_points``), its ``label``
    ("Melded cards"), the signed ``points`` it adds to each side's hand score, and, for the
    items cards stand for (:data:`CARDS_UNDER`), the ``cards`` each side typed (None for a side
    that typed points; empty for the other items)."""

    field: str
    label: str
    points: tuple[int, ...]
    cards: tuple[str | None, ...] = ()

    @property
    def scored(self) -> bool:
        """True when some side has points for this item."""
        return any(self.points)

    @property
    def typed(self) -> bool:
        """True when some side typed cards for this item."""
        return any(c is not None for c in self.cards)


class HandView(Struct, frozen=True):
    """Hand ``number`` of a game as every output shows it, one value per side in side order.

    ``breakdowns``: the signed DESIGN.md fields (points) per side; :attr:`items`: the same as
    the eight breakdown items in DESIGN.md order, with their ``labels`` (the game's
    :func:`breakdown_labels`, one mapping shared by every hand) and cards; ``meld_cards`` /
    ``hand_cards``: the cards a side typed, written compactly (``KKKK2 QQQ``, ``J 5 X``), None
    where it typed points; ``scores``: hand scores; ``totals``: running totals after the hand;
    ``minimums``: the opening minimums that applied at the hand (RULES.md §3); ``next_minimums``:
    those of the hand after it (None where there is none: the game is over). ``totals`` and
    both minimums are empty for a hand not recorded (a proposed hand shown before it is
    stored). ``dealer``: who dealt it (None when the sides named no players); ``partners``: the
    names of the hand's two partners (cutthroat, RULES.md §2.2), else empty."""

    number: int
    teams: tuple[str, ...]
    breakdowns: tuple[Breakdown, ...]
    labels: Mapping[str, str]
    meld_cards: tuple[str | None, ...]
    hand_cards: tuple[str | None, ...]
    scores: tuple[int, ...]
    totals: tuple[int, ...] = ()
    minimums: tuple[Minimum, ...] = ()
    next_minimums: tuple[Minimum | None, ...] = ()
    dealer: str | None = None
    partners: tuple[str, ...] = ()
    note: str = ""
    recorded_at: str = ""

    @property
    def items(self) -> tuple[Item, ...]:
        """The breakdown as items, in DESIGN.md order (made when asked for: the score pad of
        a long game shows hand scores only)."""
        typed = {"meld_cards": self.meld_cards, "hand_cards": self.hand_cards}
        return tuple(
            Item(
                key,
                label,
                tuple([getattr(b, key) for b in self.breakdowns]),
                typed[CARDS_UNDER[key]] if key in CARDS_UNDER else (),
            )
            for key, label in self.labels.items()
        )


def _view(
    game: Game,
    number: int,
    breakdowns: Sequence[Breakdown],
    entries: Sequence[SideEntry] | None,
    hand: Hand | None = None,
    totals: Sequence[int] = (),
    minimums: Sequence[Minimum] = (),
    after: Sequence[Minimum | None] = (),
    labels: Mapping[str, str] | None = None,
) -> HandView:
    if labels is None:
        labels = breakdown_labels(game.variant)
    if entries:
        cards = [entry_cards(e) for e in entries]
        meld_cards, hand_cards = tuple(c[0] for c in cards), tuple(c[1] for c in cards)
    else:
        meld_cards = hand_cards = (None,) * len(breakdowns)
    return HandView(
        number=number,
        teams=tuple(game.names),
        breakdowns=tuple(breakdowns),
        labels=labels,
        meld_cards=meld_cards,
        hand_cards=hand_cards,
        scores=tuple([b.hand_score for b in breakdowns]),
        totals=tuple(totals),
        minimums=tuple(minimums),
        next_minimums=tuple(after),
        dealer=game.dealer(number),
        partners=tuple(game.names[i] for i in hand.partners) if hand else (),
        note=hand.note if hand else "",
        recorded_at=hand.recorded_at if hand else "",
    )


def hand_view(game: Game, number: int, labels: Mapping[str, str] | None = None) -> HandView:
    """The view of recorded hand ``number`` (1 is the first) of ``game``; ``labels``: the
    game's :func:`breakdown_labels`, when the caller has them already.

    Raises IndexError for a hand the game does not have."""
    results = game.results
    if not 1 <= number <= len(results):
        raise IndexError(f"game has no hand {number}")
    result = results[number - 1]
    after = results[number].minimums if number < len(results) else game.next_minimums()
    hand = result.hand
    return _view(
        game,
        number,
        result.breakdowns,
        hand.entries,
        hand,
        result.totals,
        result.minimums,
        after,
        labels,
    )


def hand_views(game: Game) -> list[HandView]:
    """The view of every recorded hand of ``game``, in order (:func:`hand_view`), their
    labels made once."""
    labels = breakdown_labels(game.variant)
    return [hand_view(game, number, labels) for number in range(1, len(game.results) + 1)]


def proposed_view(
    game: Game,
    number: int,
    breakdowns: Sequence[Breakdown],
    entries: Sequence[SideEntry] | None = None,
    partners: Sequence[int] = (),
) -> HandView:
    """The view of a hand not recorded as it stands: ``breakdowns`` (as scored by
    :meth:`~scorekeeper.domain.game.Game.score`) of hand ``number``, with the cards of
    ``entries`` when given and its ``partners`` (side indexes, cutthroat); no totals or
    minimums."""
    view = _view(game, number, breakdowns, entries)
    return structs.replace(view, partners=tuple(game.names[i] for i in partners))


# -- the game's line ----------------------------------------------------------------------------


def winner_name(stored: StoredGame) -> str | None:
    """The winning side's name, or None while no side has won (a draw included)."""
    w = stored.game.outcome.winner
    return stored.game.sides[w].name if w is not None else None


def result_text(stored: StoredGame) -> str:
    """Who won, "draw", "deleted" or "playing" (:func:`~.render.result_word`)."""
    return result_word(stored.deleted, winner_name(stored), stored.game.outcome.draw)


class GameHeading(Struct, frozen=True):
    """The game's line as every output heads it: ``game`` id, ``title`` of its variant,
    ``label`` ("" for none), ``target`` ("target 5,000", or "4 rounds" for a game played over a
    number of hands), ``hands_played``, local dates ``started`` and ``finished`` (YYYY-MM-DD,
    "" when not finished), ``deleted``, and ``result`` (:func:`result_text`)."""

    game: int
    title: str
    label: str
    target: str
    hands_played: int
    started: str
    finished: str
    deleted: bool
    result: str


def game_heading(stored: StoredGame) -> GameHeading:
    """The heading of a stored game (:class:`GameHeading`)."""
    v = stored.game.variant
    return GameHeading(
        game=stored.id,
        title=_(v.title),
        label=stored.label,
        target=game_end(v),
        hands_played=len(stored.game.hands),
        started=local_date(stored.created),
        finished=local_date(stored.finished),
        deleted=stored.deleted,
        result=result_text(stored),
    )

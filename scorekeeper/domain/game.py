"""Game state: sides, the hands recorded so far, and everything derived from them.

Totals, opening minimums and the winner are always computed from the stored hand entries and the
game's copy of its rules; they are never stored as the truth (STYLE.md).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from functools import cached_property

from msgspec import Struct, field, structs

from scorekeeper.domain.bounds import (
    MAX_HANDS,
    MAX_NUMBER,
    ODD_TEXT,
    check_number,
    is_digits,
    side_place,
)
from scorekeeper.domain.entries import SideEntry
from scorekeeper.domain.minimums import Minimum, opening_minimum
from scorekeeper.domain.names import NameFinder, ascii_field, name_key
from scorekeeper.domain.scoring import Breakdown, check_new_hand, score_hand
from scorekeeper.domain.variant import Variant
from scorekeeper.errors import InputError, RuleError
from scorekeeper.i18n import gettext as _
from scorekeeper.i18n import listing, ngettext, number


def check_note(note: str) -> None:
    """InputError for a hand's note holding a control character other than a line break or a
    tab, or a direction control (U+202E): an escape sequence in a note would drive the terminal
    each time the note is shown (:data:`scorekeeper.domain.bounds.ODD_TEXT`)."""
    for c in note:
        kind = unicodedata.category(c)
        if kind == "Cs":
            raise InputError(
                _("the note is not valid text ({code} stands alone)").format(code=f"U+{ord(c):04X}")
            )
        if (kind == "Cc" and c not in "\n\t") or re.fullmatch(ODD_TEXT, c):
            raise InputError(
                _(
                    "the note holds a control character ({code}); notes are plain text"
                    " (line breaks and tabs are fine, escape and direction characters are not)"
                ).format(code=f"U+{ord(c):04X}")
            )


class Side(Struct, frozen=True):
    """One side (a partnership, or a solo player): its name, players and starting score.

    ``start_score`` (points) carries on a game begun on paper.
    """

    name: str
    players: tuple[str, ...] = ()
    start_score: int = 0


class Hand(Struct, frozen=True):
    """One recorded hand: an entry per side in side order, an optional note, when it was made.

    ``partners`` holds the indexes of the two sides that played this hand as a partnership, in
    variants whose partnerships are formed hand by hand (RULES.md §2.2, cutthroat); else empty.
    """

    entries: tuple[SideEntry, ...]
    note: str = ""
    recorded_at: str = ""
    partners: tuple[int, ...] = ()


class HandResult(Struct, frozen=True):
    """A scored hand: breakdowns per side, totals after it, minimums that applied to it."""

    number: int
    hand: Hand
    breakdowns: tuple[Breakdown, ...]
    totals: tuple[int, ...]
    minimums: tuple[Minimum, ...]


class Outcome(Struct, frozen=True):
    """How the game stands: ``winner`` is a side index or None; ``draw`` is True for a tie that
    the variant's ``tie = "draw"`` rule ends; ``decided_at`` is the deciding hand's number;
    ``by_going_out`` is True when the winner shares the highest total and wins because it went
    out in the deciding hand (``tie = "went_out"``)."""

    winner: int | None = None
    draw: bool = False
    decided_at: int | None = None
    by_going_out: bool = False

    @property
    def over(self) -> bool:
        return self.winner is not None or self.draw


class Game(Struct, dict=True):
    """A game of one variant between sides, with its recorded hands.

    All derived values (``results``, ``totals``, ``outcome``) are computed from ``hands``.
    ``first_dealer``: who deals the first hand, a player's name (or a side's, when the sides
    name no players) as :meth:`dealer_named` gives it; None: the first player, as games
    started before it could be named keep.
    """

    variant: Variant
    sides: tuple[Side, ...]
    hands: list[Hand] = field(default_factory=list)
    first_dealer: str | None = None

    def __post_init__(self) -> None:
        names = [s.name for s in self.sides]
        sides = self.variant.sides
        if not sides.min <= len(names) <= sides.max:
            lo, hi = sides.min, sides.max
            allowed = str(lo) if lo == hi else _("{lo} to {hi}").format(lo=lo, hi=hi)
            raise RuleError(
                _("{variant} is played by {allowed} sides, not {n}").format(
                    variant=_(self.variant.title), allowed=allowed, n=len(names)
                )
            )
        folded = [name_key(n) for n in names]
        if not all(folded):
            raise InputError(_("a side's name cannot be empty"))
        if len(set(folded)) != len(folded):
            raise InputError(_("two sides have the same name; give each side its own name"))
        everyone = [name_key(p) for s in self.sides for p in s.players]
        if any(not p for p in everyone):
            raise InputError(_("a player's name cannot be empty"))
        if len(set(everyone)) != len(everyone):
            raise InputError(_("a player is named twice; give each player a name of their own"))
        if everyone and not all(s.players for s in self.sides):
            raise InputError(_("name the players of every side, or of none"))
        players = sum(len(s.players) for s in self.sides)
        if players and not self.variant.players.min <= players <= self.variant.players.max:
            raise RuleError(
                _("{variant} is for {lo} to {hi} players, not {n}").format(
                    variant=_(self.variant.title),
                    lo=self.variant.players.min,
                    hi=self.variant.players.max,
                    n=players,
                )
            )
        sizes = {len(s.players) for s in self.sides}
        if players and self.variant.partnerships == "fixed" and len(sizes) > 1:
            # RULES.md §2 and §7: partners sit opposite, so the sides are partnerships of the
            # same number of players (2 x 2, 2 x 3, 3 x 2)
            counts = listing(f"{s.name} {len(s.players)}" for s in self.sides)
            raise RuleError(
                _(
                    "{variant} is played in partnerships of the same size: give every side the"
                    " same number of players (--players), not {counts}"
                ).format(variant=_(self.variant.title), counts=counts)
            )
        if self.first_dealer is not None:
            self.first_dealer = self.dealer_named(self.first_dealer)

    # -- derived values -------------------------------------------------------------------------

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.sides]

    def side_index(self, name: str) -> int:
        """Index of the side called ``name`` (read as :func:`~scorekeeper.domain.names.name_key`
        reads names: case, Turkish dotted and dotless i, Unicode composition and spacing
        ignored), or of the side numbered ``name`` in seating order (``"2"`` is the second
        side, as ``play``'s ``fix 2`` reads it; no side is named by a number alone, see
        :meth:`check_coming_in`); InputError if none."""
        found = _find(NameFinder(self.names), name)
        if found is not None:
            return found
        place = side_place(name, len(self.sides))
        if place is not None:
            return place
        from scorekeeper.domain.suggest import hint

        sides = listing(self.names)
        raise InputError(
            _("no side called '{name}' in this game (sides: {sides})").format(
                name=name, sides=sides
            )
            + hint(name, self.names)
        )

    def check_coming_in(self) -> None:
        """InputError for what a game may not start with, checked as it comes in (``new``,
        ``import``; a game kept before a check is read as it is): a side's start score that
        is not a multiple of the variant's point step, or at or above its target (that game
        would be over already); a side or a player named by a number alone (or with colons
        after it, ``2:``) or ``-`` (a number chooses a side by its place: ``fix 2``, ``2:
        m=50``, the partners "2 3"; ``-`` says nobody) or a name ending with a colon (which
        starts a named entry: ``Ann: m=50``); a player with the name of a side other than their
        own, or two players whose names differ only in width (``Ann``, ``ＡＮＮ``): a dealer or
        a cutthroat partner of that name would name either."""
        variant = self.variant
        # names read with width ignored too, as an entry reads them ("A：B:" is "A:B:")
        side_keys: dict[str, str] = {}
        for side in self.sides:
            for name in (side.name, *side.players):
                plain = name_key(ascii_field(name))  # a selector or a joiner changes no name
                if is_digits(plain.rstrip(": ")) or plain == "-":  # "2", "2:" name side 2
                    raise InputError(
                        _(
                            "a side's or a player's name cannot be a number alone or '-'"
                            " ('{name}'): a number chooses a side by its place, '-' says"
                            " nobody"
                        ).format(name=name)
                    )
                if plain.endswith(":"):  # "Ann:": its entry would be "Ann:: m=50"
                    raise InputError(
                        _(
                            "a side's or a player's name cannot end with a colon ('{name}'): a"
                            " colon after a side's name starts its entry ('Ann: m=50')"
                        ).format(name=name)
                    )
            other = side_keys.setdefault(name_key(ascii_field(side.name)), side.name)
            if other != side.name:
                raise InputError(
                    _(
                        "the sides '{side}' and '{other}' differ only in the width of their"
                        " characters; give each side a name of its own"
                    ).format(side=side.name, other=other)
                )
            score = side.start_score
            if score % variant.point_step:
                raise InputError(
                    _("start score {score} is not a multiple of {step}").format(
                        score=score, step=variant.point_step
                    )
                )
            if variant.target and score >= variant.target:
                raise InputError(
                    _(
                        "start score {score} is at or above the target {target}: that game is"
                        " over already"
                    ).format(score=number(score), target=number(variant.target))
                )
        player_keys: dict[str, str] = {}
        for side in self.sides:
            for player in side.players:
                twin = player_keys.setdefault(name_key(ascii_field(player)), player)
                if twin != player:  # "Ann" and "ＡＮＮ": a dealer or a partner named either
                    raise InputError(
                        _(
                            "the players '{player}' and '{other}' differ only in the width of"
                            " their characters; give each player a name of their own"
                        ).format(player=player, other=twin)
                    )
                other = side_keys.get(name_key(ascii_field(player)), side.name)
                if other != side.name:  # a dealer or a partner of that name would be either
                    raise InputError(
                        _(
                            "the player '{player}' of {side} has the name of the side"
                            " '{other}': give them names of their own"
                        ).format(player=player, side=side.name, other=other)
                    )

    def side_of(self, name: str) -> int:
        """Index of the side whose player is called ``name``, or of the side ``name`` names
        as :meth:`side_index` reads it (its name or its number): a cutthroat partner is named
        any of these ways (RULES.md §2.2). InputError naming the sides (and players) if
        none."""
        players = [p for side in self.sides for p in side.players]
        found = _find(NameFinder(players), name)
        if found is not None:
            return next(i for i, side in enumerate(self.sides) if players[found] in side.players)
        try:
            return self.side_index(name)
        except InputError:
            if not players:
                raise
        from scorekeeper.domain.suggest import hint

        raise InputError(
            _(
                "no side or player called '{name}' in this game (sides: {sides};"
                " players: {players})"
            ).format(name=name, sides=listing(self.names), players=listing(players))
            + hint(name, [*self.names, *players])
        )

    def _minimums(self, totals: Sequence[int], number: int) -> tuple[Minimum, ...]:
        """Each side's opening minimum in hand ``number`` from ``totals`` before it. A hand
        after the last of a game of so many hands (another hand deciding a tie, RULES.md K20)
        is played at the last hand's minimum."""
        if self.variant.hands:
            number = min(number, self.variant.hands)
        return tuple(opening_minimum(self.variant, score=t, round=number) for t in totals)

    @cached_property
    def _scored(self) -> tuple[list[HandResult], Outcome]:
        results: list[HandResult] = []
        outcome = Outcome()
        for hand in self.hands:
            breakdowns = score_hand(self.variant, hand.entries, self.names, hand.partners)
            outcome = self._follow(results, outcome, hand, breakdowns)
        return results, outcome

    def _follow(
        self,
        results: list[HandResult],
        outcome: Outcome,
        hand: Hand,
        breakdowns: Sequence[Breakdown],
    ) -> Outcome:
        """Append the result of ``hand`` (scored as ``breakdowns``) after ``results``: the
        minimums that applied to it, the running totals after it; returns the outcome after it
        (an outcome already decided stays)."""
        number = len(results) + 1
        before = results[-1].totals if results else tuple(s.start_score for s in self.sides)
        minimums = self._minimums(before, number)
        totals = tuple(t + b.hand_score for t, b in zip(before, breakdowns, strict=True))
        results.append(HandResult(number, hand, tuple(breakdowns), totals, minimums))
        return outcome if outcome.over else self._decide(hand, totals, number)

    def _decide(self, hand: Hand, totals: Sequence[int], number: int) -> Outcome:
        """Who, if anyone, has won after hand ``number`` (RULES.md §2 target, §3.1 dream hands).

        Equal highest totals at the end follow the variant's ``tie`` rule (K20): a draw, the
        leader that went out in this hand (``went_out``; another hand when no leader did), or
        another hand."""
        v = self.variant
        instant = v.instant_win
        for i, entry in enumerate(hand.entries):
            special = v.special_hands.get(entry.special_hand or "")
            if (special is not None and special.wins_game) or (
                instant.canastas and entry.canasta_count >= instant.canastas
            ):
                return Outcome(winner=i, decided_at=number)
        finished = (v.hands and number >= v.hands) or (
            v.target > 0 and any(t >= v.target for t in totals)
        )
        if not finished:
            return Outcome()
        best = max(totals)
        leaders = [i for i, t in enumerate(totals) if t == best]
        if len(leaders) == 1:
            return Outcome(winner=leaders[0], decided_at=number)
        if v.tie == "draw":
            return Outcome(draw=True, decided_at=number)
        if v.tie == "went_out":
            out = [i for i in leaders if hand.entries[i].went_out]
            if len(out) == 1:
                return Outcome(winner=out[0], decided_at=number, by_going_out=True)
        return Outcome()

    @property
    def results(self) -> list[HandResult]:
        """Every recorded hand scored, in order."""
        return self._scored[0]

    @property
    def outcome(self) -> Outcome:
        return self._scored[1]

    @property
    def totals(self) -> tuple[int, ...]:
        """Each side's running total in points, start score included."""
        if self.results:
            return self.results[-1].totals
        return tuple(s.start_score for s in self.sides)

    @property
    def next_hand(self) -> int:
        return len(self.hands) + 1

    def next_minimums(self) -> tuple[Minimum | None, ...]:
        """Each side's opening minimum for the next hand; None when the game is over (a winner
        or a draw; a game of so many hands tied after the last goes on, as :meth:`_decide`
        says)."""
        if self.outcome.over:
            return tuple(None for _ in self.sides)
        return self._minimums(self.totals, self.next_hand)

    @property
    def seats(self) -> list[str]:
        """Players in seating order, sides alternating (partners sit opposite): empty when the
        sides named no players."""
        if not all(s.players for s in self.sides):
            return []
        seats = []
        for k in range(max(len(s.players) for s in self.sides)):
            seats.extend(s.players[k] for s in self.sides if k < len(s.players))
        return seats

    @property
    def rotation(self) -> list[str]:
        """Who deals in turn: the players in seating order (:attr:`seats`); the sides in side
        order when no players are named but a first dealer is, or every side is one player
        (the first deals first, as the first player does); else empty (no dealer known)."""
        seats = self.seats
        if seats:
            return seats
        alone = self.variant.sides_alone
        return self.names if self.first_dealer is not None or alone else []

    def dealer_named(self, name: str) -> str:
        """The dealer ``name`` stands for (case and spacing ignored, as side names are): a
        player of the game; or a side, which is its first player when players are named, else
        the side itself. Returns the name as the game spells it; InputError when it names
        nobody in the game."""
        seats = self.seats
        player = NameFinder(seats).find(name)
        if player is not None:
            return seats[player]
        side = NameFinder(self.names).find(name)
        if side is not None:
            return self.sides[side].players[0] if seats else self.sides[side].name
        sides = listing(self.names)
        if seats:
            raise InputError(
                _(
                    "the dealer '{name}' is not in this game (players: {players}; sides: {sides})"
                ).format(name=name, players=listing(seats), sides=sides)
            )
        raise InputError(
            _("the dealer '{name}' is not in this game (sides: {sides})").format(
                name=name, sides=sides
            )
        )

    def dealer(self, number: int) -> str | None:
        """The player (or side) who deals hand ``number``: the first dealer deals hand 1 and
        the deal passes to the left each hand (the next in :attr:`rotation`); None when no
        dealer is known (no players and no first dealer named)."""
        rotation = self.rotation
        if not rotation:
            return None
        start = rotation.index(self.first_dealer) if self.first_dealer in rotation else 0
        return rotation[(start + number - 1) % len(rotation)]

    # -- changes --------------------------------------------------------------------------------

    def score(
        self, entries: Sequence[SideEntry], partners: Sequence[int] = (), kept: bool = False
    ) -> list[Breakdown]:
        """Score a proposed next hand without recording it; raises as :func:`score_hand`, and
        as :meth:`check_open` when no hand may be added. A ``kept`` hand (one ``undo`` took
        back, to be put back by ``redo``) is held to the rules a stored hand is, not to those
        added since it was recorded (:func:`check_new_hand`)."""
        self.check_open()
        breakdowns = score_hand(self.variant, entries, self.names, partners)
        if not kept:
            check_new_hand(self.variant, entries, self.names, partners)
        return breakdowns

    def add(self, hand: Hand, kept: bool = False) -> list[Breakdown]:
        """Validate, score and append a hand (``kept``: as :meth:`score` takes it); returns
        its breakdowns. Nothing changes on error. The earlier hands' results are kept: adding
        hand n scores hand n alone."""
        check_note(hand.note)
        breakdowns = self.score(hand.entries, hand.partners, kept)  # earlier hands scored once
        results, outcome = self._scored
        results = list(results)  # a list handed out before stays as it was
        outcome = self._follow(results, outcome, hand, breakdowns)
        self._check_totals(results[-1:])
        self.hands.append(hand)
        self.__dict__["_scored"] = (results, outcome)
        return breakdowns

    def replace(self, number: int, hand: Hand) -> None:
        """Put ``hand`` in place of hand ``number`` (1-based); every later value is recomputed.

        Raises InputError for a hand that does not exist, and re-raises a refusal of the new hand
        or of any later hand it makes invalid (the game is then left unchanged).
        """
        if not 1 <= number <= len(self.hands):
            raise InputError(
                _("there is no hand {number}; this game has {n} hands").format(
                    number=number, n=len(self.hands)
                )
            )
        check_note(hand.note)
        old = list(self.hands)
        was = old[number - 1].entries
        self.hands[number - 1] = hand
        self.__dict__.pop("_scored", None)
        try:
            self._check_all()  # the hand itself first, then what it changes after it
            # the entries changed, as new ones; a side's entry kept as it was stays as it was
            changed = {i for i, e in enumerate(hand.entries) if i >= len(was) or was[i] != e}
            check_new_hand(self.variant, hand.entries, self.names, hand.partners, changed)
        except Exception:
            self.hands[:] = old
            self.__dict__.pop("_scored", None)
            raise

    def pop(self) -> Hand:
        """Remove and return the last hand; InputError when there is none."""
        if not self.hands:
            raise InputError(_("no hand has been recorded yet"))
        hand = self.hands.pop()
        self.__dict__.pop("_scored", None)
        return hand

    def check_bounds(self) -> None:
        """InputError naming the side and the hand when any hand score or running total of
        the game lies beyond :data:`~scorekeeper.domain.bounds.MAX_NUMBER` points either way
        (README, the bounds paragraph). The one check of every side's running total: ``hand``
        and ``edit`` make it on each change, and a game coming in whole (``import``,
        ``backups restore``, a schema update) is held to it before anything is stored, so a
        game kept can always grow by a hand, be exported and imported again. Scores every
        hand (once: the results are kept)."""
        self._check_totals(self.results)

    def _check_totals(self, results: Sequence[HandResult]) -> None:
        """InputError when a side's hand score, any item of its breakdown (melded cards,
        bonuses, penalties...: each is shown and exported) or its running total in ``results``
        lies beyond :data:`~scorekeeper.domain.bounds.MAX_NUMBER` either way (a game within it
        can always be exported and imported again)."""
        for result in results:
            for side, total, b in zip(self.sides, result.totals, result.breakdowns, strict=True):
                items = structs.astuple(b)
                if max(map(abs, (*items, b.hand_score, total))) <= MAX_NUMBER:
                    continue  # the refusal's words are made only for a number past the bound
                for key, item in zip(b.__struct_fields__, items, strict=True):
                    where = _("{side}'s {item} in hand {n}").format(
                        side=side.name, item=key, n=result.number
                    )
                    check_number(item, where)
                where = _("{side}'s total after hand {n}").format(side=side.name, n=result.number)
                check_number(b.hand_score, where)
                check_number(total, where)

    def _check_all(self) -> None:
        self.check_bounds()
        outcome = self._scored[1]
        if outcome.decided_at is not None and outcome.decided_at < len(self.hands):
            later = len(self.hands) - outcome.decided_at
            raise RuleError(
                ngettext(
                    "the game would end at hand {hand}, but {n} more hand follows it:"
                    " undo those first",
                    "the game would end at hand {hand}, but {n} more hands follow it:"
                    " undo those first",
                    later,
                ).format(hand=outcome.decided_at, n=later)
            )

    @property
    def full(self) -> bool:
        """True when the game holds :data:`MAX_HANDS` hands, the most a game may hold."""
        return len(self.hands) >= MAX_HANDS

    def check_open(self) -> None:
        """Raise RuleError when no hand may be added: the game is over (won or drawn), or
        :attr:`full` (README, the bounds paragraph)."""
        if self.outcome.over:
            raise RuleError(self._over_message())
        if self.full:
            said = _("a game holds at most {most} hands and this one holds {n}; start a new game")
            raise RuleError(said.format(most=number(MAX_HANDS), n=number(len(self.hands))))

    def _over_message(self) -> str:
        o = self.outcome
        if o.draw:
            said = _(
                "this game ended in a draw at hand {hand}; 'rematch' starts the next game like it"
            )
            return said.format(hand=o.decided_at)
        said = _(
            "this game is over: {side} won at hand {hand}; 'rematch' starts the next game like it"
        )
        return said.format(side=self.names[o.winner or 0], hand=o.decided_at)


def _find(finder: NameFinder, name: str) -> int | None:
    """The name ``name`` stands for, with the colon a named entry writes after it or not
    (``Cat & Dan:``, as ``2:`` names side 2; no name ends with one:
    :meth:`Game.check_coming_in`)."""
    found = finder.find(name)
    if found is None:
        bare = name.strip().removesuffix(":").removesuffix("：").strip()
        found = finder.find(bare) if bare and bare != name.strip() else None
    return found

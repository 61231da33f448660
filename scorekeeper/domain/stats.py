"""Statistics across games, per player and per side: games, wins, hands, canastas, red threes.

Pure: takes :class:`~scorekeeper.domain.game.Game` objects (the caller leaves out deleted games)
and returns plain records. Every number is derived from the stored hand entries, as the score
sheet's are, so a side's hands here are the same hand scores ``show`` prints.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

from msgspec import Struct, field

from scorekeeper.domain.names import name_key

if TYPE_CHECKING:
    from scorekeeper.domain.game import Game


class Record(Struct, array_like=True):
    """One player's or one side's figures across games.

    ``games``: games with at least one hand; ``finished``: of those, games that are over;
    ``wins``: games won; ``hands``: hands played; ``points``: the sum of their hand scores;
    ``best_hand``: the highest hand score (points, None before any hand); ``canastas``: count
    per canasta kind key; ``red_threes``: red threes laid out (counts).

    As JSON (msgspec) a record is one array of its fields in this order, so that a cache of
    thousands is written and decoded straight from and into records.
    """

    name: str
    games: int = 0
    finished: int = 0
    wins: int = 0
    hands: int = 0
    points: int = 0
    best_hand: int | None = None
    canastas: dict[str, int] = field(default_factory=dict)
    red_threes: int = 0

    @property
    def win_rate(self) -> float | None:
        """Wins per finished game (0 to 1), None before any game is finished."""
        return self.wins / self.finished if self.finished else None

    @property
    def average_hand(self) -> int | None:
        """Mean hand score in points, rounded half up to a whole point; None before any hand."""
        if not self.hands:
            return None
        return (2 * self.points + self.hands) // (2 * self.hands)


class Statistics(Struct):
    """Records per player and per side, each sorted by wins, then win rate, then name."""

    players: list[Record]
    sides: list[Record]


class SideFigures(Struct):
    """One side's figures in one game: ``name`` and ``players`` as typed, ``total`` (points,
    start score included), ``hands`` played, ``points`` (the sum of its hand scores),
    ``best_hand`` (points, None before any hand), ``canastas`` (count per kind key) and
    ``red_threes`` (counts)."""

    name: str
    players: tuple[str, ...]
    total: int
    hands: int
    points: int
    best_hand: int | None
    canastas: dict[str, int]
    red_threes: int


class GameFigures(Struct):
    """What statistics need of one game: its ``variant`` name, ``hands`` played, whether it is
    ``over``, the ``winner`` side index (None for none or a draw) and each side's figures.
    Small and plain, so a store can keep it for every game and statistics never re-score one."""

    variant: str
    hands: int
    over: bool
    winner: int | None
    sides: list[SideFigures]


def game_figures(game: Game) -> GameFigures:
    """The figures of ``game``, derived from its hand entries as the score sheet's are."""
    outcome = game.outcome
    sides = []
    for index, (side, total) in enumerate(zip(game.sides, game.totals, strict=True)):
        figures = SideFigures(side.name, tuple(side.players), total, 0, 0, None, {}, 0)
        for result in game.results:
            score = result.breakdowns[index].hand_score
            figures.hands += 1
            figures.points += score
            if figures.best_hand is None or score > figures.best_hand:
                figures.best_hand = score
            entry = result.hand.entries[index]
            for kind, n in entry.canastas.items():
                if n:
                    figures.canastas[kind] = figures.canastas.get(kind, 0) + n
            figures.red_threes += entry.red_threes
        sides.append(figures)
    return GameFigures(game.variant.name, len(game.hands), outcome.over, outcome.winner, sides)


def merge_record(into: Record, other: Record) -> None:
    """Add ``other``'s figures to ``into`` (games, wins, hands, points, canastas...)."""
    into.games += other.games
    into.finished += other.finished
    into.wins += other.wins
    into.hands += other.hands
    into.points += other.points
    if other.best_hand is not None and (into.best_hand is None or other.best_hand > into.best_hand):
        into.best_hand = other.best_hand
    for kind, n in other.canastas.items():
        into.canastas[kind] = into.canastas.get(kind, 0) + n
    into.red_threes += other.red_threes


def remove_lineups(
    records: dict[tuple[str, str, tuple[str, ...]], Record],
    game: GameFigures,
    replacing: Mapping[tuple[str, str, tuple[str, ...]], Record],
) -> bool:
    """Take the figures of ``game`` off the line-up ``records`` (:func:`lineups`) in place, as
    when the game changes or goes; ``replacing`` holds the line-up records of what takes its
    place. A record left with no game goes. Returns False, with ``records`` partly changed,
    when a line-up's best hand could drop (the game held it and what replaces it does not
    reach it): a maximum cannot be taken off, so the records must then be counted again."""
    for key, figures in lineups([game]).items():
        record = records.get(key)
        if record is None or record.games < figures.games:
            return False
        record.games -= figures.games
        record.finished -= figures.finished
        record.wins -= figures.wins
        record.hands -= figures.hands
        record.points -= figures.points
        record.red_threes -= figures.red_threes
        for kind, n in figures.canastas.items():
            left = record.canastas.get(kind, 0) - n
            if left:
                record.canastas[kind] = left
            else:
                record.canastas.pop(kind, None)
        if record.games == 0:
            del records[key]
            continue
        best, new = figures.best_hand, replacing.get(key)
        held = best is not None and record.best_hand is not None and best >= record.best_hand
        kept = new is not None and new.best_hand is not None and new.best_hand >= (best or 0)
        if held and not kept:
            return False
    return True


def statistics(games: Iterable[Game], variant: str | None = None) -> Statistics:
    """Figures per player and per side over ``games`` that have at least one hand.

    ``variant`` keeps only games of that variant name. Sides and players are matched by name,
    case and spacing ignored; the name shown is the first spelling met. A player's figures are
    those of the side they played on. Raises nothing for valid games.
    """
    return statistics_of((game_figures(g) for g in games), variant)


def lineups(games: Iterable[GameFigures]) -> dict[tuple[str, str, tuple[str, ...]], Record]:
    """Each line-up's record: a line-up is (variant name, a side's name, its players) as typed,
    over the ``games`` that have at least one hand. A club plays many games with few line-ups,
    so these few records hold everything :func:`statistics_from` needs.

    Counted a side at a time into a list per line-up (games, finished, wins, hands, points,
    best hand, canastas, red threes), keyed by one flat tuple, and made records only at the end:
    at 100,000 games nothing is built per game but that key. Every side scores every hand, so
    each side's hands are the game's (``game.hands``: one count, read once)."""
    sums: dict[tuple[str, ...], list] = {}
    get = sums.get
    for game in games:
        hands = game.hands
        if not hands:
            continue
        variant, over, winner = game.variant, game.over, game.winner
        for index, side in enumerate(game.sides):
            key = (variant, side.name, *side.players)
            row = get(key)
            if row is None:
                row = sums[key] = [0, 0, 0, 0, 0, None, {}, 0]
            row[0] += 1
            if over:
                row[1] += 1
                if winner == index:
                    row[2] += 1
            row[3] += hands
            row[4] += side.points
            best = side.best_hand
            if best is not None and (row[5] is None or best > row[5]):
                row[5] = best
            if side.canastas:
                kinds = row[6]
                for kind, n in side.canastas.items():
                    kinds[kind] = kinds.get(kind, 0) + n
            row[7] += side.red_threes
    return {(key[0], key[1], key[2:]): Record(key[1], *row) for key, row in sums.items()}


def statistics_from(
    records: Mapping[tuple[str, str, tuple[str, ...]], Record],
    variant: str | None = None,
    collate: Callable[[str], Any] | None = None,
) -> Statistics:
    """Fold line-up records (:func:`lineups`) into records per side and per player; ``variant``
    keeps only that variant's line-ups. Each spelling of a name is folded
    (:func:`~scorekeeper.domain.names.name_key`) once, each name's line-ups gathered and summed
    once: a club of thousands of line-ups builds one record per player, and a side met in
    one line-up only is that line-up's record itself (shared, not copied). Equal records are
    in the order of their names' keys, or of ``collate`` of their names where given (a
    reader's alphabet: :func:`~scorekeeper.domain.names.collation`)."""
    keys: dict[str, str] = {}  # a name as typed -> its key
    players: dict[str, list[Record]] = {}
    sides: dict[str, list[Record]] = {}
    player_shown: dict[str, str] = {}  # a player's key -> the first spelling met
    side_shown: dict[str, str] = {}  # a side's key -> the first spelling met
    for (game_variant, name, members), record in records.items():
        if variant is not None and game_variant != variant:
            continue
        key = keys.get(name)
        if key is None:
            key = keys[name] = name_key(name)
        group = sides.get(key)
        if group is None:
            sides[key] = [record]
            side_shown[key] = name
        else:
            group.append(record)
        for player in members:
            key = keys.get(player)
            if key is None:
                key = keys[player] = name_key(player)
            group = players.get(key)
            if group is None:
                players[key] = [record]
                player_shown[key] = player
            else:
                group.append(record)
    return Statistics(
        _ordered(players, player_shown, collate), _ordered(sides, side_shown, collate)
    )


def _ordered(
    groups: dict[str, list[Record]],
    shown: dict[str, str],
    collate: Callable[[str], Any] | None,
) -> list[Record]:
    """One record per key of ``groups`` (its line-ups' records summed, named as ``shown``
    says), sorted by wins, then win rate (both highest first), then key (or ``collate`` of
    the name shown). Sorted in two stable passes (by name, then by wins and rate), so that
    each compares values of one type."""
    totals = [
        group[0] if len(group) == 1 and group[0].name == shown[key] else _summed(shown[key], group)
        for key, group in groups.items()
    ]
    names = list(groups) if collate is None else [collate(shown[key]) for key in groups]
    order = sorted(range(len(totals)), key=names.__getitem__)
    if any(r.wins for r in totals):
        first = [(-r.wins, -(r.wins / r.finished if r.finished else 0.0)) for r in totals]
        order.sort(key=first.__getitem__)
    return [totals[n] for n in order]


def _summed(name: str, group: list[Record]) -> Record:
    """One record named ``name`` holding the sum of ``group``'s figures (the highest best
    hand, canastas added per kind): the one record of ``group`` itself when it is the only one
    and has that name, else a new record (those of ``group`` are left as they are)."""
    if len(group) == 1 and group[0].name == name:
        return group[0]  # a side of one line-up (most of a club's) is that line-up's record
    bests = [r.best_hand for r in group if r.best_hand is not None]
    canastas: dict[str, int] = {}
    for r in group:
        for kind, n in r.canastas.items():
            canastas[kind] = canastas.get(kind, 0) + n
    return Record(
        name,
        sum([r.games for r in group]),
        sum([r.finished for r in group]),
        sum([r.wins for r in group]),
        sum([r.hands for r in group]),
        sum([r.points for r in group]),
        max(bests) if bests else None,
        canastas,
        sum([r.red_threes for r in group]),
    )


def statistics_of(games: Iterable[GameFigures], variant: str | None = None) -> Statistics:
    """:func:`statistics` over the figures of games (:func:`game_figures`), as a store's index
    keeps them."""
    return statistics_from(lineups(games), variant)

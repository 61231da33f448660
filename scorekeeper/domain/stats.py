"""Statistics across games, per player and per side: games, wins, hands, canastas, red threes.

Pure: takes :class:`~scorekeeper.domain.game.Game` objects (the caller leaves out deleted games)
and returns plain records. Every number is derived from the stored hand entries, as the score
sheet's are, so a side's hands here are the same hand scores ``show`` prints.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from scorekeeper.domain.game import Game
from scorekeeper.domain.scoring import resolve_cards


@dataclass
class Record:
    """One player's or one side's figures across games.

    ``games``: games with at least one hand; ``finished``: of those, games that are over;
    ``wins``: games won; ``hands``: hands played; ``points``: the sum of their hand scores;
    ``best_hand``: the highest hand score (points, None before any hand); ``canastas``: count
    per canasta kind key; ``red_threes``: red threes laid out (counts).
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


@dataclass
class Statistics:
    """Records per player and per side, each sorted by wins, then win rate, then name."""

    players: list[Record]
    sides: list[Record]


def _key(name: str) -> str:
    return " ".join(name.split()).casefold()


def _add_side(record: Record, game: Game, index: int) -> None:
    """Fold side ``index`` of ``game`` into ``record``."""
    record.games += 1
    outcome = game.outcome
    if outcome.over:
        record.finished += 1
        if outcome.winner == index:
            record.wins += 1
    for result in game.results:
        score = result.breakdowns[index].hand_score
        record.hands += 1
        record.points += score
        if record.best_hand is None or score > record.best_hand:
            record.best_hand = score
        entry = resolve_cards(game.variant, result.hand.entries[index])
        for kind, n in entry.canastas.items():
            if n:
                record.canastas[kind] = record.canastas.get(kind, 0) + n
        record.red_threes += entry.red_threes


def statistics(games: Iterable[Game], variant: str | None = None) -> Statistics:
    """Figures per player and per side over ``games`` that have at least one hand.

    ``variant`` keeps only games of that variant name. Sides and players are matched by name,
    case and spacing ignored; the name shown is the first spelling met. A player's figures are
    those of the side they played on. Raises nothing for valid games.
    """
    players: dict[str, Record] = {}
    sides: dict[str, Record] = {}
    for game in games:
        if not game.hands or (variant is not None and game.variant.name != variant):
            continue
        for i, side in enumerate(game.sides):
            _add_side(sides.setdefault(_key(side.name), Record(side.name)), game, i)
            for player in side.players:
                _add_side(players.setdefault(_key(player), Record(player)), game, i)

    def order(r: Record) -> tuple[int, float, str]:
        return (-r.wins, -(r.win_rate or 0.0), r.name.casefold())

    return Statistics(sorted(players.values(), key=order), sorted(sides.values(), key=order))

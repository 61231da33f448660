"""The score sheet of past games: the games list, one game hand by hand, statistics and the
score-race chart, as Rich tables and as their ``--json`` shapes (README, "JSON output").

Every number comes from :class:`~scorekeeper.domain.game.Game`'s derived results, so a total
printed by ``games``, ``show``, ``chart``, ``export`` and ``status`` is the same number.
Names go to Rich as :class:`rich.text.Text`, never as markup.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

from scorekeeper.presentation.console import visible
from scorekeeper.presentation.hands import SheetLine
from scorekeeper.presentation.render import (
    BREAKDOWN_LABELS,
    minimum_json,
    minimum_text,
    num,
    winner_name,
)

#: Below this many columns, lists print as blocks of lines instead of wide tables.
NARROW = 72

if TYPE_CHECKING:
    from rich.console import Console

    from scorekeeper.domain.game import Game, HandResult
    from scorekeeper.domain.records import StoredGame
    from scorekeeper.domain.stats import Record, Statistics
    from scorekeeper.storage.index import GameSummary


def local_date(stamp: str | None) -> str:
    """An ISO 8601 timestamp (stored in UTC) as the local date ``YYYY-MM-DD``; "" when unset."""
    if not stamp:
        return ""
    try:
        return datetime.fromisoformat(stamp).astimezone().date().isoformat()
    except (TypeError, ValueError):
        return ""


def result_text(stored: StoredGame) -> str:
    """Who won, "draw", "deleted" or "playing"."""
    if stored.deleted:
        return "deleted"
    name = winner_name(stored)
    if name is not None:
        return name
    return "draw" if stored.game.outcome.draw else "playing"


# -- games ------------------------------------------------------------------------------------


def summary_result_text(summary: GameSummary) -> str:
    """Who won, "draw", "deleted" or "playing", from a game's summary."""
    if summary.deleted:
        return "deleted"
    if summary.winner is not None:
        return summary.winner
    return "draw" if summary.draw else "playing"


def game_summary_json(summary: GameSummary, current: int | None) -> dict[str, Any]:
    """One game in ``games --json``: id, dates, variant, label, sides with totals, outcome."""
    return {
        "game": summary.id,
        "created": summary.created,
        "finished": summary.finished,
        "variant": summary.variant,
        "label": summary.label,
        "hands_played": summary.hands_played,
        "teams": [
            {"team": s.name, "players": list(s.players), "total": s.total} for s in summary.sides
        ],
        "winner": summary.winner,
        "draw": summary.draw,
        "status": summary.status,
        "current": summary.id == current,
    }


def games_json(games: Sequence[GameSummary], current: int | None) -> dict[str, Any]:
    """``games --json``: ``{"format": 1, "games": [...]}``, newest first."""
    return {"format": 1, "games": [game_summary_json(g, current) for g in games]}


def print_games(con: Console, games: Sequence[GameSummary], current: int | None) -> None:
    """The games list (game summaries), newest first; the current game is marked with ``*``."""
    from rich.text import Text

    from scorekeeper.presentation.render import _table

    if not games:
        con.print("No games match.")
        return
    if con.width < NARROW:
        _print_games_narrow(con, games, current)
        return
    table = _table("Games")
    table.add_column("Game", justify="right", no_wrap=True)
    table.add_column("Date", no_wrap=True)
    table.add_column("Variant", overflow="fold")
    table.add_column("Sides and totals", overflow="fold")
    table.add_column("Hands", justify="right")
    table.add_column("Winner", overflow="fold")
    for summary in games:
        sides = Text()
        for i, side in enumerate(summary.sides):
            if i:
                sides.append("\n")
            sides.append(side.name)
            sides.append(f" {num(side.total)}")
        label = f"\n{summary.label}" if summary.label else ""
        mark = "*" if summary.id == current else ""
        table.add_row(
            f"{mark}{summary.id}",
            local_date(summary.created),
            Text(summary.variant + label),
            sides,
            str(summary.hands_played),
            Text(summary_result_text(summary)),
        )
    con.print(table)
    if any(g.id == current for g in games):
        con.print("* the current game")


def _print_games_narrow(con: Console, games: Sequence[GameSummary], current: int | None) -> None:
    """The games list as one short block per game, for terminals under :data:`NARROW` columns."""
    from rich.text import Text

    for summary in games:
        mark = " (current)" if summary.id == current else ""
        head = Text(f"Game {summary.id}{mark} · {local_date(summary.created)} · {summary.variant}")
        head.stylize("bold")
        if summary.label:
            head.append(f" · {summary.label}")
        con.print(head)
        for side in summary.sides:
            con.print(Text(f"  {side.name}: {num(side.total)}"))
        hands = summary.hands_played
        text = f"  {summary_result_text(summary)}, {hands} hand{'s' if hands != 1 else ''}"
        con.print(Text(text))


# -- one game, hand by hand ---------------------------------------------------------------------


def sheet_json(stored: StoredGame) -> dict[str, Any]:
    """``show --json``: the whole score sheet.

    Each hand lists, per side, the DESIGN.md breakdown fields, ``hand_score``, ``total`` after
    the hand, ``minimum_applied`` (the opening minimum in force during that hand) and
    ``opening_minimum`` (the minimum for the hand after it, as ``hand --json`` gives it).
    """
    game = stored.game
    results = game.results
    outcome = game.outcome
    hands = []
    for k, result in enumerate(results):
        after = results[k + 1].minimums if k + 1 < len(results) else game.next_minimums()
        hands.append(
            {
                "hand": result.number,
                "dealer": game.dealer(result.number),
                "note": result.hand.note,
                "recorded_at": result.hand.recorded_at,
                "partners": [game.names[i] for i in result.hand.partners],
                "teams": [
                    {
                        "team": side.name,
                        **result.breakdowns[i].to_json(),
                        "total": result.totals[i],
                        "minimum_applied": minimum_json(result.minimums[i]),
                        "opening_minimum": minimum_json(after[i]),
                    }
                    for i, side in enumerate(game.sides)
                ],
            }
        )
    return {
        "format": 1,
        "game": stored.id,
        "variant": game.variant.name,
        "title": game.variant.title,
        "label": stored.label,
        "created": stored.created,
        "finished": stored.finished,
        "status": stored.status,
        "target": game.variant.target or None,
        "hands_played": len(game.hands),
        "teams": [
            {
                "team": s.name,
                "players": list(s.players),
                "start_score": s.start_score,
                "total": t,
            }
            for s, t in zip(game.sides, game.totals, strict=True)
        ],
        "hands": hands,
        "next_dealer": None if outcome.over else game.dealer(game.next_hand),
        "winner": winner_name(stored),
        "draw": outcome.draw,
        "decided_at": outcome.decided_at,
    }


def hand_lines(game: Game, result: HandResult) -> list[SheetLine]:
    """The lines of one hand on the score sheet, top to bottom: the title ("Hand 3 · dealt by
    Ann"), each breakdown item (DESIGN.md order) that is not zero for every side, the hand
    score, the running total, the opening minimum that applied at the hand (RULES.md §3),
    then the partners (cutthroat) and the note, when there are any."""
    title = f"Hand {result.number}"
    dealer = game.dealer(result.number)
    if dealer:
        title += f" · dealt by {dealer}"
    lines = [SheetLine(title, bold=True)]
    for key, label in BREAKDOWN_LABELS.items():
        values = [getattr(b, key) for b in result.breakdowns]
        if any(values):
            lines.append(SheetLine(f"  {label}", tuple(num(n) for n in values)))
    lines.append(SheetLine("  Hand score", tuple(num(b.hand_score) for b in result.breakdowns)))
    lines.append(SheetLine("  Total", tuple(num(t) for t in result.totals), bold=True))
    lines.append(SheetLine("  Minimum this hand", tuple(minimum_text(m) for m in result.minimums)))
    if result.hand.partners:
        pair = " and ".join(game.names[i] for i in result.hand.partners)
        lines.append(SheetLine(f"  Partners: {pair}"))
    if result.hand.note:
        lines.append(SheetLine(f"  Note: {visible(result.hand.note)}"))
    return lines


def print_sheet(con: Console, stored: StoredGame) -> None:
    """The score sheet: a header, then per hand each side's breakdown, hand score, running total
    and the opening minimum that applied at that hand; then the outcome.

    One table for the whole sheet, a section per hand, so columns line up from hand to hand.
    When the table fits the console with no line folded (:func:`packed_width`), each hand is a
    single row of multi-line cells, which Rich lays out about three times faster than a row per
    line; otherwise (a narrow terminal, many sides, long names or notes) each line is its own
    row, so a folded label or name never pushes a number off its label's line. Both print the
    same sheet."""
    from rich.text import Text

    from scorekeeper.presentation.hands import print_hands
    from scorekeeper.presentation.render import print_outcome

    game = stored.game
    v = game.variant
    target = f"target {num(v.target)}" if v.target else f"{v.hands} hands"
    head = Text(f"Game {stored.id} · {v.title} · {target}", style="bold")
    if stored.label:
        head.append(f" · {stored.label}")
    con.print(head)
    dates = f"Started {local_date(stored.created)}"
    if stored.finished:
        dates += f", finished {local_date(stored.finished)}"
    if stored.deleted:
        dates += " (deleted: 'scorekeeper restore' brings it back)"
    con.print(dates)
    for side in game.sides:
        line = Text(f"  {side.name}")
        if side.players:
            line.append(f": {', '.join(side.players)}")
        if side.start_score:
            line.append(f" (started at {num(side.start_score)})")
        con.print(line)
    if not game.results:
        con.print("No hands recorded yet.")
        print_outcome(con, stored)
        return
    names = [side.name for side in game.sides]
    hands = [hand_lines(game, result) for result in game.results]
    print_hands(con, names, hands)
    print_outcome(con, stored)


# -- statistics ---------------------------------------------------------------------------------


def record_json(record: Record, key: str) -> dict[str, Any]:
    """One player's or side's figures; ``win_rate`` is wins per finished game (0 to 1)."""
    rate = record.win_rate
    return {
        key: record.name,
        "games": record.games,
        "finished": record.finished,
        "wins": record.wins,
        "win_rate": None if rate is None else round(rate, 3),
        "hands": record.hands,
        "average_hand": record.average_hand,
        "best_hand": record.best_hand,
        "canastas": dict(sorted(record.canastas.items())),
        "red_threes": record.red_threes,
    }


def stats_json(stats: Statistics, variant: str | None) -> dict[str, Any]:
    """``stats --json``: ``players`` and ``teams`` (the sides), each a list of records."""
    return {
        "format": 1,
        "variant": variant,
        "players": [record_json(r, "player") for r in stats.players],
        "teams": [record_json(r, "team") for r in stats.sides],
    }


def _rate(record: Record) -> str:
    rate = record.win_rate
    return "-" if rate is None else f"{rate:.0%}"


def _canastas(record: Record) -> str:
    return ", ".join(f"{n} {k}" for k, n in sorted(record.canastas.items())) or "-"


def print_stats(con: Console, stats: Statistics) -> None:
    """One table per players and per sides: games, wins, win rate, hands, canastas by kind."""
    from rich.text import Text

    from scorekeeper.presentation.render import _table

    if not stats.sides:
        con.print("No hands recorded yet: statistics start with the first hand.")
        return
    for title, records, first in (
        ("Players", stats.players, "Player"),
        ("Sides", stats.sides, "Side"),
    ):
        if not records:
            continue
        if con.width < NARROW:
            con.print(title, style="bold")
            for r in records:
                con.print(Text(r.name, style="bold"))
                con.print(
                    f"  {r.games} games, {r.wins} wins, win rate {_rate(r)}\n"
                    f"  hands {r.hands}: average {num(r.average_hand)}, best {num(r.best_hand)}\n"
                    f"  red threes {r.red_threes}; canastas {_canastas(r)}",
                    highlight=False,
                )
            continue
        table = _table(title)
        table.add_column(first, overflow="fold")
        for name in ("Games", "Wins", "Win rate", "Avg hand", "Best hand", "Red 3s"):
            table.add_column(name, justify="right")
        table.add_column("Canastas", overflow="fold")
        for r in records:
            canastas = _canastas(r)
            table.add_row(
                Text(r.name),
                str(r.games),
                str(r.wins),
                _rate(r),
                num(r.average_hand),
                num(r.best_hand),
                str(r.red_threes),
                canastas,
            )
        con.print(table)
    con.print("Win rate: wins per finished game. Deleted games are left out.")


# -- chart ------------------------------------------------------------------------------------


def running_totals(stored: StoredGame) -> list[list[int]]:
    """Per side, its total before the first hand (its start score) and after every hand."""
    game = stored.game
    series = [[s.start_score] for s in game.sides]
    for result in game.results:
        for i, total in enumerate(result.totals):
            series[i].append(total)
    return series


def chart_text(stored: StoredGame, width: int, height: int, color: bool) -> str:
    """The score race drawn by plotext: one line per side, hand 0 (the start) to the last hand,
    and the target as a labelled line. ``width``/``height`` in character cells."""
    import plotext as plt

    game = stored.game
    series = running_totals(stored)
    hands = list(range(len(series[0])))
    plt.clear_figure()
    plt.plot_size(width, height)
    plt.theme("clear" if not color else "pro")
    marks = ("*", "o", "+", "x", "#", "@")
    for k, (side, totals) in enumerate(zip(game.sides, series, strict=True)):
        marker = "braille" if color else marks[k % len(marks)]
        plt.plot(hands, totals, label=side.name, marker=marker)
    target = game.variant.target
    if target:
        ends = [hands[0], hands[-1]] if len(hands) > 1 else [0, 1]
        plt.plot(
            ends, [target] * 2, label=f"target {num(target)}", marker="braille" if color else "-"
        )
    values = [t for totals in series for t in totals] + ([target] if target else [])
    low, high = min(0, *values), max(values)
    ticks = _nice_ticks(low, high, max(2, (height - 6) // 2))
    plt.ylim(ticks[0], ticks[-1] + (ticks[-1] - ticks[0]) // 6)
    plt.yticks(ticks, [num(t) for t in ticks])
    columns = max(1, (width - 12) // 5)
    step = -(-len(hands) // columns)
    plt.xticks(hands[::step])
    plt.xlabel("hand")
    plt.title(f"Game {stored.id}: running totals")
    text = plt.build()
    plt.clear_figure()
    return text if color else plt.uncolorize(text)


def _nice_ticks(low: int, high: int, most: int) -> list[int]:
    """Round tick values (points) from at or below ``low`` to at or above ``high``, at most
    ``most`` + 1 of them, spaced 1, 2 or 5 times a power of ten."""
    span = max(high - low, 1)
    step = 1
    while True:
        for factor in (1, 2, 5):
            if span / (step * factor) <= most:
                size = step * factor
                first = (low // size) * size
                last = -(-high // size) * size
                return list(range(first, last + 1, size))
        step *= 10


def print_chart(con: Console, stored: StoredGame) -> None:
    """The chart on a terminal that takes UTF-8 (width from the console, at least 40 columns
    drawn); a plain table of the same running totals otherwise."""
    from rich.text import Text

    from scorekeeper.presentation.render import _table

    game = stored.game
    if not game.results:
        con.print(f"Game {stored.id} has no hands yet: nothing to chart.")
        return
    if con.is_terminal and con.encoding.lower().startswith("utf"):
        width = max(40, con.width)
        height = max(12, min(25, (con.height or 24) - 4))
        text = chart_text(stored, width, height, color=con.color_system is not None)
        con.print(Text.from_ansi(text), no_wrap=True, overflow="crop", crop=True)
        return
    table = _table(f"Game {stored.id}: running totals")
    table.add_column("Hand", justify="right")
    for side in game.sides:
        table.add_column(Text(side.name), justify="right", overflow="fold")
    for number, row in enumerate(zip(*running_totals(stored), strict=True)):
        table.add_row("start" if number == 0 else str(number), *[num(t) for t in row])
    con.print(table)
    if game.variant.target:
        con.print(f"Target: {num(game.variant.target)}")

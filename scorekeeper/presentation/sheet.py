"""Reviewing past games on a terminal: the games list, statistics and the score-race chart, as
Rich tables and as their ``--json`` shapes (README, "JSON output"). A game's score sheet is a
format of :mod:`scorekeeper.presentation.formats`.

Every number comes from :class:`~scorekeeper.domain.game.Game`'s derived results, so a total
printed by ``games``, ``show``, ``chart``, ``export`` and ``status`` is the same number.
Names go to Rich as :class:`rich.text.Text`, never as markup.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from scorekeeper.i18n import N_, labelled, listing, ngettext, percent
from scorekeeper.i18n import gettext as _
from scorekeeper.presentation.console import has_controls, visible
from scorekeeper.presentation.documents import Document, StreamedDocument, document, streamed
from scorekeeper.presentation.render import local_date, num, plain_table, result_word

#: Below this many columns, lists print as blocks of lines instead of wide tables.
NARROW = 72
#: The cells a figure of the statistics takes at most as a rule ("10,000", "100%").
FIGURE = 6

if TYPE_CHECKING:
    from rich.console import Console

    from scorekeeper.domain.records import StoredGame
    from scorekeeper.domain.stats import Record, Statistics
    from scorekeeper.storage.index import GameSummary

# -- games ------------------------------------------------------------------------------------


def summary_result_text(summary: GameSummary) -> str:
    """Who won, "draw", "deleted" or "playing", from a game's summary."""
    return result_word(summary.deleted, summary.winner, summary.draw)


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


def games_json(games: Sequence[GameSummary], current: int | None) -> Document:
    """``games --json``: ``{"format": 1, "games": [...]}``, newest first."""
    return document(games=[game_summary_json(g, current) for g in games])


def game_summary_text(summary: GameSummary, current: int | None, ensure_ascii: bool) -> str:
    """One game of ``games --json`` as JSON text: the text ``json.dumps`` gives for
    :func:`game_summary_json` (``ensure_ascii`` as there), made without building the dict, for
    ``games --all --json`` over a long history."""
    from json.encoder import encode_basestring, encode_basestring_ascii

    quote = encode_basestring_ascii if ensure_ascii else encode_basestring
    s = summary.summary
    created = "null" if s.created is None else quote(s.created)
    finished = "null" if s.finished is None else quote(s.finished)
    teams = ", ".join(
        [
            f'{{"team": {quote(side.name)}, "players": [{", ".join(map(quote, side.players))}],'
            f' "total": {side.total}}}'
            for side in s.sides
        ]
    )
    winner = "null" if s.winner is None else quote(s.sides[s.winner].name)
    return (
        f'{{"game": {summary.id}, "created": {created}, "finished": {finished},'
        f' "variant": {quote(s.variant)}, "label": {quote(s.label)},'
        f' "hands_played": {s.hands}, "teams": [{teams}], "winner": {winner},'
        f' "draw": {"true" if s.draw else "false"}, "status": "{summary.status}",'
        f' "current": {"true" if summary.id == current else "false"}}}'
    )


def games_json_stream(games: Iterable[GameSummary], current: int | None) -> StreamedDocument:
    """``games --json`` for every game of ``games`` (an iterable gone through once), written
    entry by entry: the same text as :func:`games_json` of them all."""
    return streamed("games", lambda ascii: (game_summary_text(g, current, ascii) for g in games))


def print_games(con: Console, games: Sequence[GameSummary], current: int | None) -> None:
    """The games list (game summaries), newest first; the current game is marked with ``*``.

    Printed as finished lines (:func:`~.plain.table_lines`: Rich's look, its widths and its
    wrapping of a long name or label, without Rich laying out each row)."""
    if not games:
        con.print(_("No games match."))
        return
    if con.width < NARROW:
        _print_games_narrow(con, games, current)
        return
    from rich import box

    from scorekeeper.presentation.plain import Column, cell, figures, print_lines, table_lines

    columns = [
        Column(_("Game"), "right", wrap=False),
        Column(_("Date"), wrap=False),
        Column(_("Variant")),
        Column(_("Sides and totals")),
        Column(_("Hands"), "right"),
        Column(_("Winner")),
    ]
    figure = figures()
    rows = []
    for summary in games:
        sides = "\n".join(f"{side.name} {figure(side.total)}" for side in summary.sides)
        label = f"\n{summary.label}" if summary.label else ""
        texts = [summary.variant + label, sides, summary_result_text(summary)]
        if has_controls("".join(texts)):  # shown escaped, as the console shows them
            texts = [visible(t) for t in texts]
        variant, sides, result = texts
        rows.append(
            (
                f"{'*' if summary.id == current else ''}{summary.id}",
                local_date(summary.created),
                cell(variant) if label else variant,
                cell(sides),
                str(summary.hands_played),
                result,
            )
        )
    print_lines(con, table_lines(con, columns, rows, box=box.SIMPLE_HEAVY, title=_("Games")))
    if any(g.id == current for g in games):
        con.print(_("* the current game"))


def _print_games_narrow(con: Console, games: Sequence[GameSummary], current: int | None) -> None:
    """The games list as one short block per game, for terminals under :data:`NARROW` columns."""
    from rich.text import Text

    for summary in games:
        game = (_("Game {id} (current)") if summary.id == current else _("Game {id}")).format(
            id=summary.id
        )
        head = Text(f"{game} · {local_date(summary.created)} · {summary.variant}")
        head.stylize("bold")
        if summary.label:
            head.append(f" · {summary.label}")
        con.print(head)
        for side in summary.sides:
            con.print(Text("  " + labelled(side.name, num(side.total))))
        hands = summary.hands_played
        played = ngettext("{n} hand", "{n} hands", hands).format(n=hands)
        result = summary_result_text(summary)
        if summary.winner is not None and not summary.deleted:
            result = labelled(_("Winner"), result)  # a name alone would read as a side's
        text = "  " + listing([result, played])
        con.print(Text(text))


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


def stats_json(stats: Statistics, variant: str | None) -> Document:
    """``stats --json``: ``players`` and ``teams`` (the sides), each a list of records."""
    return document(
        variant=variant,
        players=[record_json(r, "player") for r in stats.players],
        teams=[record_json(r, "team") for r in stats.sides],
    )


def _rate(record: Record) -> str:
    rate = record.win_rate
    return "-" if rate is None else percent(rate)


#: The canasta kinds' keys as the statistics name them (the key itself in English; one
#: literal each, for translations). A kind a variant file adds is shown by its key.
KIND_WORDS = {
    "natural": N_("natural"),
    "mixed": N_("mixed"),
    "wild": N_("wild"),
    "sequence": N_("sequence"),
    "sevens": N_("sevens"),
    "aces": N_("aces"),
    "wild_jokers": N_("wild_jokers"),
    "wild_twos": N_("wild_twos"),
}


def _canastas(record: Record, lines: bool = False) -> str:
    """The canastas of ``record`` by kind, natural first ("1 natural, 1 sequence"); with
    ``lines``, a kind a line, as a table's cell holds them without breaking a kind's words
    apart."""
    if not record.canastas:
        return "-"
    rank = {key: i for i, key in enumerate(KIND_WORDS)}  # natural first, a variant's own last
    counts = sorted(record.canastas.items(), key=lambda kn: (rank.get(kn[0], len(rank)), kn[0]))
    words = [
        _("{n} {kind}").format(n=n, kind=_(KIND_WORDS[k]) if k in KIND_WORDS else k)
        for k, n in counts
    ]
    if not words:
        return "-"
    return "\n".join(words) if lines else listing(words)


def print_stats(con: Console, stats: Statistics) -> None:
    """One table per players and per sides: games, wins, win rate, hands, canastas by kind.

    Each table is printed as finished lines (:func:`~.plain.table_lines`: Rich's look, its
    widths and its wrapping of a long name, without Rich laying out each of thousands of
    rows); under :data:`NARROW` columns, a block of lines per record."""
    if not stats.sides:
        con.print(_("No hands recorded yet: statistics start with the first hand."))
        return
    for title, records, first in (
        (_("Players"), stats.players, _("Player")),
        (_("Sides"), stats.sides, _("Side")),
    ):
        if not records:
            continue
        if con.width < NARROW:
            _print_records_narrow(con, title, records)
            continue
        from rich import box

        from scorekeeper.presentation.plain import Column, figure_column, print_lines, table_lines

        headings = (_("Games"), _("Wins"), _("Win rate"), _("Avg hand"), _("Best hand"))
        if con.width < _least_width((first, *headings, _("Red 3s"), _("Canastas"))):
            _print_records_narrow(con, title, records)
            continue
        columns = [Column(first)]
        for name in headings:
            columns.append(Column(name, "right"))
        columns += [Column(_("Red 3s"), "right"), Column(_("Canastas"))]
        names = [r.name for r in records]
        if has_controls("".join(names)):  # one look at every name; escaped where needed
            names = [visible(name) for name in names]
        # a column at a time: thousands of records, each cell one call made in C
        dashes = ["-"] * len(records)  # a column where no record has a figure
        rows = list(
            zip(
                names,
                map(str, [r.games for r in records]),
                map(str, [r.wins for r in records]),
                map(_rate, records) if any(r.finished for r in records) else dashes,
                figure_column([r.average_hand for r in records]),
                figure_column([r.best_hand for r in records]),
                map(str, [r.red_threes for r in records]),
                [_canastas(r, lines=True) for r in records]
                if any(r.canastas for r in records)
                else dashes,
                strict=True,
            )
        )
        print_lines(con, table_lines(con, columns, rows, box=box.SIMPLE_HEAVY, title=title))
    con.print(_("Win rate: wins per finished game. Deleted games are left out."))


def _least_width(headings: Sequence[str]) -> int:
    """The width the statistics table needs for none of its ``headings`` to be cut inside a
    word: each column as wide as the longest word of its heading (a Japanese heading is one
    word: it has no space to wrap at) and at least :data:`FIGURE` for its figures, a cell of
    padding each side and a divider between columns. Under it the records are blocks."""
    from rich.cells import cell_len

    least = [max(FIGURE, *(cell_len(w) for w in h.split())) for h in headings]
    return sum(least) + 3 * (len(least) - 1) + 2


def _print_records_narrow(con: Console, title: str, records: Sequence[Record]) -> None:
    """The statistics of ``records`` as a block of lines each, under :data:`NARROW` columns:
    the name in bold, then its figures, each line broken where it does not fit
    (:func:`~.plain.text_lines`: what printing each would give, without Rich laying out
    thousands of records)."""
    from scorekeeper.presentation.plain import figures, print_lines, text_lines

    figure = figures()

    def played(r: Record) -> str:  # "1 game, 1 win", as the count says
        return _("{games}, {wins}, win rate {rate}").format(
            games=ngettext("{n} game", "{n} games", r.games).format(n=figure(r.games)),
            wins=ngettext("{n} win", "{n} wins", r.wins).format(n=figure(r.wins)),
            rate=_rate(r),
        )

    hands = _("hands {hands}: average {average}, best {best}")
    threes = _("red threes {red}; canastas {canastas}")
    width = con.width
    lines = text_lines(con, title, "bold", width)
    for r in records:
        lines += text_lines(con, r.name, "bold", width)
        lines += text_lines(
            con,
            "  "
            + played(r)
            + "\n  "
            + hands.format(hands=r.hands, average=figure(r.average_hand), best=figure(r.best_hand))
            + "\n  "
            + threes.format(red=r.red_threes, canastas=_canastas(r)),
            "",
            width,
        )
    print_lines(con, lines)


# -- chart ------------------------------------------------------------------------------------


def running_totals(stored: StoredGame) -> list[list[int]]:
    """Per side, its total before the first hand (its start score) and after every hand."""
    game = stored.game
    series = [[s.start_score] for s in game.sides]
    for result in game.results:
        for i, total in enumerate(result.totals):
            series[i].append(total)
    return series


def chart_json(stored: StoredGame) -> Document:
    """``chart --json``: ``game``, ``target`` (points, null for a game played over rounds with
    no target), ``hands`` (0 for the start, then each hand's number) and ``teams``, each with
    ``team`` and ``totals``: its running total at each of ``hands`` (the start score first)."""
    game = stored.game
    series = running_totals(stored)
    return document(
        game=stored.id,
        target=game.variant.target or None,
        hands=list(range(len(game.results) + 1)),
        teams=[
            {"team": side.name, "totals": totals}
            for side, totals in zip(game.sides, series, strict=True)
        ],
    )


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
            ends,
            [target] * 2,
            label=_("target {points}").format(points=num(target)),
            marker="braille" if color else "-",
        )
    values = [t for totals in series for t in totals] + ([target] if target else [])
    low, high = min(0, *values), max(values)
    ticks = _nice_ticks(low, high, max(2, (height - 6) // 2))
    plt.ylim(ticks[0], ticks[-1] + (ticks[-1] - ticks[0]) // 6)
    plt.yticks(ticks, [num(t) for t in ticks])
    columns = max(1, (width - 12) // 5)
    step = -(-len(hands) // columns)
    plt.xticks(hands[::step])
    plt.xlabel(_("hand"))
    plt.title(_("Game {id}: running totals").format(id=stored.id))
    text = plt.build()
    plt.clear_figure()
    text = text if color else plt.uncolorize(text)
    # plotext counts a character a column: a wide one (a Japanese name) pushes the legend's
    # border and the title out, which the spaces around them give back
    from scorekeeper.presentation.wrapping import squeeze_drawing

    return squeeze_drawing(text)


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

    game = stored.game
    if not game.results:
        con.print(_("Game {id} has no hands yet: nothing to chart.").format(id=stored.id))
        return
    if con.is_terminal and con.encoding.lower().startswith("utf"):
        width = max(40, con.width)
        height = max(12, min(25, (con.height or 24) - 4))
        text = chart_text(stored, width, height, color=con.color_system is not None)
        con.print(Text.from_ansi(text), no_wrap=True, overflow="crop", crop=True)
        return
    table = plain_table(_("Game {id}: running totals").format(id=stored.id))
    table.add_column(_("Hand"), justify="right")
    for side in game.sides:
        table.add_column(Text(side.name), justify="right", overflow="fold")
    for number, row in enumerate(zip(*running_totals(stored), strict=True)):
        table.add_row(_("start") if number == 0 else str(number), *[num(t) for t in row])
    con.print(table)
    if game.variant.target:
        con.print(_("Target: {points}").format(points=num(game.variant.target)))

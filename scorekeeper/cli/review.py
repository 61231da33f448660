"""Reviewing past games: ``games``, ``show``, ``resume``, ``stats``, ``chart``, ``export`` and
``import``."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path
from typing import Annotated

import typer

from scorekeeper.cli.common import DbOption, JsonOption, emit_json, emit_text
from scorekeeper.errors import DataFileError, InputError, NotFound, UsageError
from scorekeeper.presentation import formats

GameArgument = Annotated[
    int | None,
    typer.Argument(help="Game id (default: the current game).", show_default=False),
]
STATUSES = ("playing", "finished", "won", "draw", "deleted", "all")
PAGE = 20  # games listed by default


def _since(text: str, today: date | None = None) -> date:
    """``--since``: a date ``YYYY-MM-DD``, or a number of days or weeks back (``7d``, ``2w``)."""
    from datetime import timedelta

    text = text.strip().lower()
    try:
        if text[:-1].isdigit() and text[-1:] in ("d", "w"):
            days = int(text[:-1]) * (7 if text.endswith("w") else 1)
            return (today or date.today()) - timedelta(days=days)
        return date.fromisoformat(text)
    except (ValueError, OverflowError):
        raise UsageError(
            "--since takes a date as YYYY-MM-DD (e.g. 2026-11-22) or days or weeks back (7d,"
            f" 2w); got '{text}'"
        ) from None


def games(
    variant: Annotated[str | None, typer.Option(help="Only games of this variant.")] = None,
    player: Annotated[
        str | None, typer.Option(help="Only games with this side or player (any case).")
    ] = None,
    since: Annotated[
        str | None,
        typer.Option(help="Only games started on or after a date (YYYY-MM-DD), or 7d, 2w back."),
    ] = None,
    status: Annotated[
        str | None,
        typer.Option(help="playing, finished (won or draw), won, draw, deleted, or all."),
    ] = None,
    limit: Annotated[
        int, typer.Option("--limit", "-n", help="Show at most this many games.", min=1)
    ] = PAGE,
    every: Annotated[bool, typer.Option("--all", help="Show every game that matches.")] = False,
    as_json: JsonOption = False,
    db: DbOption = None,
) -> None:
    """List games, newest first: date, variant, sides, totals, hands, winner.

    The newest 20 that match by default (--limit N or --all for more). Deleted games are left
    out unless --status deleted (or all) asks for them.
    Example: scorekeeper games --player Ann --since 1w
    """
    from scorekeeper.presentation import sheet
    from scorekeeper.storage.database import open_store

    if status is not None and status not in STATUSES:
        raise UsageError(f"--status is one of {', '.join(STATUSES)}; got '{status}'")
    start = _since(since) if since else None
    if not (variant or player or since or status or every):
        # The plain first page: the newest games, read from their own files.
        with open_store(db) as store:
            chosen, more = store.newest(limit)
            current = store.current_id
        if as_json:
            emit_json(sheet.games_json(chosen, current))
        else:
            from scorekeeper.presentation.console import console

            sheet.print_games(console(), chosen, current)
        if more:
            typer.echo(f"Showing the newest {len(chosen)} games; --all lists every one.", err=True)
        return
    with open_store(db) as store:
        summaries = store.summaries()
        current = store.current_id
    wanted = player.strip().casefold() if player else None
    chosen = []
    matching = 0
    for g in summaries:
        if status in (None, "finished", "won", "draw", "playing") and g.deleted:
            continue
        if status == "deleted" and not g.deleted:
            continue
        if status == "finished" and g.status not in ("won", "draw"):
            continue
        if status in ("won", "draw", "playing") and g.status != status:
            continue
        if variant and g.variant != variant:
            continue
        if wanted:
            names = [s.name for s in g.sides] + [p for s in g.sides for p in s.players]
            if not any(n.strip().casefold() == wanted for n in names):
                continue
        if start:
            day = sheet.local_date(g.created)
            if not day or date.fromisoformat(day) < start:
                continue
        matching += 1
        if every or len(chosen) < limit:
            chosen.append(g)
    if as_json:
        emit_json(sheet.games_json(chosen, current))
    else:
        from scorekeeper.presentation.console import console

        sheet.print_games(console(), chosen, current)
    if len(chosen) < matching:
        typer.echo(
            f"Showing the newest {len(chosen)} of {matching} games; --all lists every one.",
            err=True,
        )


def show(game_id: GameArgument = None, as_json: JsonOption = False, db: DbOption = None) -> None:
    """Show a game's score sheet hand by hand: each side's breakdown, running totals, and the
    opening minimum that applied at each hand.

    Example: scorekeeper show 3
    """
    from scorekeeper.storage.database import open_store

    with open_store(db) as store:
        stored = store.current(game_id)
    if as_json:
        from scorekeeper.presentation.formats.json_sheet import sheet_json

        emit_json(sheet_json(stored))
        return
    from scorekeeper.presentation.console import console

    formats.find("sheet", file=False).renderer()(console(), stored)


def resume(
    game_id: Annotated[int, typer.Argument(help="Game id ('games' lists them).")],
    as_json: JsonOption = False,
    db: DbOption = None,
) -> None:
    """Make GAME the current game, so 'hand', 'undo' and 'status' go to it.

    Example: scorekeeper resume 3
    """
    from scorekeeper.presentation import standings
    from scorekeeper.storage.database import open_store

    with open_store(db, write=True) as store:
        stored = store.get(game_id)
        if stored.deleted:
            raise InputError(
                f"game {game_id} is deleted: 'scorekeeper restore {game_id}' brings it back"
            )
        store.set_current(game_id)
    if as_json:
        emit_json(standings.status_json(stored))
        return
    from scorekeeper.presentation.console import console

    standings.print_standings(console(), stored)


def stats(
    variant: Annotated[str | None, typer.Option(help="Only games of this variant.")] = None,
    as_json: JsonOption = False,
    db: DbOption = None,
) -> None:
    """Statistics per player and per side across games: games, wins, win rate, average and
    best hand, canastas by kind, red threes. Deleted games are left out.

    Example: scorekeeper stats --variant classic
    """
    from scorekeeper.domain.stats import statistics_from
    from scorekeeper.presentation import sheet
    from scorekeeper.storage.database import open_store

    with open_store(db) as store:
        records = store.lineup_records()
    if variant is not None and all(key[0] != variant for key in records):
        from scorekeeper.variants import catalog

        known = catalog()
        if variant not in known:
            # a game's variant is known by its name even when its file is gone
            names = ", ".join(sorted({*known, *(key[0] for key in records)}))
            raise NotFound(f"no variant called '{variant}' (variants: {names})")
    figures = statistics_from(records, variant)
    if as_json:
        emit_json(sheet.stats_json(figures, variant))
        return
    from scorekeeper.presentation.console import console

    sheet.print_stats(console(), figures)


def chart(game_id: GameArgument = None, db: DbOption = None) -> None:
    """Chart the running totals per side, hand by hand, with the target line.

    On a terminal it draws the chart (plotext); otherwise it prints a plain table.
    Example: scorekeeper chart 3
    """
    from scorekeeper.presentation import sheet
    from scorekeeper.presentation.console import console
    from scorekeeper.storage.database import open_store

    with open_store(db) as store:
        stored = store.current(game_id)
    sheet.print_chart(console(), stored)


def export(
    game_id: GameArgument = None,
    fmt: Annotated[
        str,
        typer.Option(
            "--format", help=f"{formats.names_text(formats.names())}.", show_default=False
        ),
    ] = "json",
    output: Annotated[
        Path | None,
        typer.Option(
            "--output", "-o", help="File to write (default: standard output).", dir_okay=False
        ),
    ] = None,
    db: DbOption = None,
) -> None:
    """Export a game's score sheet as CSV (one row per side per hand), JSON (which 'import'
    reads back) or HTML (a printable sheet).

    Example: scorekeeper export 3 --format html --output game3.html
    """
    from scorekeeper.storage.database import open_store

    output_format = formats.find(fmt)
    with open_store(db) as store:
        stored = store.current(game_id)
    text = output_format.renderer()(stored)
    if output is None:
        emit_text(text)
        return
    try:
        output.write_text(text, encoding="utf-8")
    except OSError as err:
        raise InputError(f"cannot write {output}: {err.strerror}") from None
    typer.echo(f"Game {stored.id} written to {output} ({fmt}).", err=True)


def import_game(
    file: Annotated[str, typer.Argument(help="A JSON export ('-' reads stdin).")],
    as_json: JsonOption = False,
    db: DbOption = None,
) -> None:
    """Read a game exported with 'export --format json' back in, as a new game.

    A file that is not such an export, or whose numbers disagree with its hands, is refused
    and nothing changes. The current game stays current ('resume' switches).
    Example: scorekeeper import game3.json
    """
    import sys

    from scorekeeper.presentation import standings
    from scorekeeper.presentation.export import game_from_export
    from scorekeeper.storage.database import open_store

    try:
        text = sys.stdin.read() if file == "-" else Path(file).read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as err:
        raise DataFileError(
            f"cannot read {file}: {getattr(err, 'strerror', None) or err}"
        ) from None
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as err:
        raise DataFileError(f"{file} is not JSON: {err.msg} (line {err.lineno})") from None
    stored = game_from_export(doc, file)
    with open_store(db, write=True) as store:
        previous = store.current_id
        store.add(stored)
        if previous is not None:
            store.set_current(previous)
    if as_json:
        emit_json(standings.status_json(stored))
        return
    from scorekeeper.presentation.console import console

    con = console()
    standings.print_standings(con, stored)
    if previous is not None:
        con.print(f"Imported as game {stored.id}; 'scorekeeper resume {stored.id}' plays it.")

"""Reviewing past games: ``games``, ``show``, ``resume``, ``stats``, ``chart``, ``export`` and
``import``."""

from datetime import date
from pathlib import Path
from typing import Annotated

import typer

from scorekeeper.cli.common import DbOption, JsonOption, emit_json, emit_text, read_input
from scorekeeper.cli.complete import (
    complete_format,
    complete_game,
    complete_status,
    complete_variant,
)
from scorekeeper.domain.limits import MAX_NUMBER
from scorekeeper.errors import DataFileError, UsageError
from scorekeeper.i18n import N_, english, language
from scorekeeper.i18n import gettext as _
from scorekeeper.presentation import formats

GameArgument = Annotated[
    int | None,
    typer.Argument(
        help=N_("Game id (default: the current game)."),
        show_default=False,
        autocompletion=complete_game,
    ),
]
PAGE = 20  # games listed by default


#: The refusal of a ``--since`` it cannot read (one literal: a translation replaces it whole).
SINCE_ERROR = N_(
    "--since takes today, yesterday, a number of days, weeks, months or years back (3d, 2w, 1m,"
    " 1y) or a date YYYY-MM-DD (e.g. 2026-11-22); got '{text}'"
)
#: ``--since`` words, by the days they go back.
SINCE_WORDS = {"today": 0, "yesterday": 1}


def since_date(text: str, today: date | None = None) -> date:
    """``--since``: ``today``, ``yesterday``, ``Nd`` / ``Nw`` days or weeks back, ``Nm`` / ``Ny``
    calendar months or years back (the same day of the month, or the month's last day where it
    has none: 1m from 31 March is 28 or 29 February), or an ISO date ``YYYY-MM-DD``; any case,
    spaces around ignored. UsageError for anything else, a date before year 1, or a day
    before the first this system's local time can place (0001-01-01 east of UTC)."""
    from datetime import datetime

    from scorekeeper.domain.bounds import quoted

    cleaned = text.strip().lower()
    base = today or date.today()
    number, unit = cleaned[:-1], cleaned[-1:]
    back = cleaned in SINCE_WORDS or (number.isdigit() and number.isascii() and unit in "dwmy")
    try:
        day = _since_day(cleaned, base)
        # the day's first local instant, as the listing compares it (year 1 may not have one)
        datetime.combine(day, datetime.min.time()).astimezone()
    except (ValueError, OverflowError, OSError):
        if back:  # the form is right; it goes back too far
            raise UsageError(
                _(
                    "--since {text} goes back before 0001-01-02, the first day this system's"
                    " clock can place: go back less far"
                ).format(text=quoted(text.strip()))
            ) from None
        if _is_iso_date(cleaned):
            raise UsageError(
                _(
                    "--since {text} is before the first day this system's clock can place;"
                    " give 0001-01-02 or later"
                ).format(text=quoted(text.strip()))
            ) from None
        raise UsageError(_(SINCE_ERROR).format(text=quoted(text.strip()))) from None
    return day


def filter_name(option: str, value: str | None) -> str | None:
    """A ``--variant`` or ``--player`` filter as typed; UsageError when it was given blank
    (an empty shell variable would otherwise list every game as if no filter were given)."""
    if value is not None and not value.strip():
        from scorekeeper.domain.bounds import quoted

        said = _("{option} needs a name; got '{text}'")
        raise UsageError(said.format(option=option, text=quoted(value)))
    return value


def _output_file(given: str | Path) -> Path | None:
    """``export --output`` as typed: ``-`` is standard output (None), as it is for ``import``
    and ``hand --file``; an empty name, never read as the folder ``.``, and a folder are
    refused (UsageError)."""
    if isinstance(given, Path):
        return given
    if given == "-":
        return None
    if not given.strip():
        raise UsageError(_("--output needs a file name, or '-' for standard output"))
    from scorekeeper.application.paths import names_a_folder

    if names_a_folder(given) or Path(given).is_dir():
        from scorekeeper.presentation.console import visible

        raise UsageError(
            _("--output {path} is a folder: give a file name").format(path=visible(given))
        )
    return Path(given)


def _is_iso_date(text: str) -> bool:
    """True when ``text`` is a date ``YYYY-MM-DD`` of the calendar."""
    try:
        date.fromisoformat(text)
    except ValueError:
        return False
    return True


def _since_day(cleaned: str, base: date) -> date:
    """The day ``cleaned`` (a ``--since`` text, lower case) names, counted back from ``base``.
    ValueError or OverflowError for anything else."""
    from datetime import timedelta

    if cleaned in SINCE_WORDS:
        return base - timedelta(days=SINCE_WORDS[cleaned])
    number, unit = cleaned[:-1], cleaned[-1:]
    if number.isdigit() and number.isascii():
        number = number.lstrip("0") or "0"  # leading zeros are no value, however many
        if len(number) > 9:  # far before year 1, and never a 4,300-digit int()
            raise OverflowError(cleaned)
        if unit in ("d", "w"):
            return base - timedelta(days=int(number) * (7 if unit == "w" else 1))
        if unit in ("m", "y"):
            return _months_back(base, int(number) * (12 if unit == "y" else 1))
    return date.fromisoformat(cleaned)


def _months_back(day: date, months: int) -> date:
    """``day`` moved ``months`` calendar months back, kept within the month it lands in.
    ValueError before year 1."""
    import calendar

    index = day.year * 12 + (day.month - 1) - months
    year, month = divmod(index, 12)
    last = calendar.monthrange(year, month + 1)[1] if year >= 1 else 31
    return date(year, month + 1, min(day.day, last))


def games(
    variant: Annotated[
        str | None,
        typer.Option(help=N_("Only games of this variant."), autocompletion=complete_variant),
    ] = None,
    player: Annotated[
        str | None, typer.Option(help=N_("Only games with this side or player (any case)."))
    ] = None,
    since: Annotated[
        str | None,
        typer.Option(
            help=N_(
                "Only games started on or after a day: today, yesterday, 3d, 2w, 1m, 1y back,"
                " or YYYY-MM-DD."
            )
        ),
    ] = None,
    status: Annotated[
        str | None,
        typer.Option(
            autocompletion=complete_status,
            help=N_("playing, finished (won or draw), won, draw, deleted, or all."),
        ),
    ] = None,
    limit: Annotated[
        int,
        typer.Option(
            "--limit", "-n", help=N_("Show at most this many games."), min=1, max=MAX_NUMBER
        ),
    ] = PAGE,
    every: Annotated[bool, typer.Option("--all", help=N_("Show every game that matches."))] = False,
    as_json: JsonOption = False,
    db: DbOption = None,
) -> None:
    """List games, newest first: date, variant, sides, totals, hands, winner.

    The newest 20 that match by default (--limit N or --all for more). Deleted games are left
    out unless --status deleted (or all) asks for them.
    Example: scorekeeper games --player Ann --since 1w
    """
    from scorekeeper.application import queries
    from scorekeeper.presentation import sheet

    queries.check_status(status)
    variant, player = filter_name("--variant", variant), filter_name("--player", player)
    start = since_date(since) if since is not None else None
    if every and as_json:  # every game, written entry by entry (a long history)
        from scorekeeper.presentation.documents import streamed

        stream = queries.each_game(db, variant, player, start, status)
        games, current = stream.games, stream.current
        emit_json(streamed("games", lambda a: queries.games_json_texts(games, current, a)))
        return
    if not (variant or player or since or status or every):
        # The plain first page: the newest games, read from their own files.
        page = queries.newest_games(db, limit)
    else:
        page = queries.find_games(db, variant, player, start, status, None if every else limit)
    chosen, current = page.games, page.current
    if variant and not chosen:
        _unknown_variant_note(variant)
    if player and not chosen:
        _unknown_player_note(db, player)
    if as_json:
        emit_json(sheet.games_json(chosen, current))
    else:
        from scorekeeper.presentation.console import console

        sheet.print_games(console(), chosen, current)
    if not page.more:
        return
    if not (variant or player or since or status or every):
        said = _("Showing the newest {n} games; --all lists every one.")
        typer.echo(said.format(n=len(chosen)), err=True)
        return
    said = _("Showing the newest {n} of {matching} games; --all lists every one.")
    typer.echo(said.format(n=len(chosen), matching=page.matching), err=True)


def _unknown_variant_note(name: str) -> None:
    """When ``games --variant NAME`` matched nothing and NAME is no variant's name, say so on
    standard error with the closest name (a game keeps the variant it was started with, so the
    filter itself stays: a variant file since removed still names its games)."""
    from scorekeeper.domain.suggest import hint
    from scorekeeper.variant_folders import variant_files

    names = variant_files()
    said = hint(name, names) if name not in names else ""
    if said:
        typer.echo(_("No variant is called '{name}'").format(name=name) + said, err=True)


def _unknown_player_note(db: Path | None, name: str) -> None:
    """When ``games --player NAME`` matched nothing and NAME is no side's or player's name in
    the history, say so on standard error with the closest name there."""
    from scorekeeper.application.queries import closest_player
    from scorekeeper.domain.suggest import DID_YOU_MEAN

    found = closest_player(db, name)
    if found:
        said = _("No side or player is called '{name}'").format(name=name)
        typer.echo(said + _("; ") + _(DID_YOU_MEAN).format(suggestion=found), err=True)


def show(
    game_id: GameArgument = None,
    detail: Annotated[
        bool,
        typer.Option(
            "--detail", help=N_("Every hand's full breakdown instead of one line per hand.")
        ),
    ] = False,
    as_json: JsonOption = False,
    db: DbOption = None,
) -> None:
    """Show a game's score pad: one line per hand with each side's hand score, running total
    and the opening minimum that applied, the dealer, and a * where the hand has a note (the
    notes follow); then the next opening minimums and dealer. --detail prints every hand's
    full breakdown.

    Example: scorekeeper show 3 --detail
    """
    from scorekeeper.application.queries import game

    stored = game(db, game_id)
    if as_json:
        from scorekeeper.presentation.formats.json_sheet import sheet_json

        emit_json(sheet_json(stored))
        return
    from scorekeeper.presentation.console import console

    formats.find("sheet" if detail else "pad", file=False).renderer()(console(), stored)


def resume(
    game_id: Annotated[
        int, typer.Argument(help=N_("Game id ('games' lists them)."), autocompletion=complete_game)
    ],
    as_json: JsonOption = False,
    db: DbOption = None,
) -> None:
    """Make GAME the current game, so 'hand', 'undo' and 'status' go to it.

    Example: scorekeeper resume 3
    """
    from scorekeeper.application.usecases import resume as resume_game
    from scorekeeper.presentation import standings

    stored = resume_game(db, game_id)
    if as_json:
        emit_json(standings.status_json(stored))
        return
    from scorekeeper.presentation.console import console

    standings.print_standings(console(), stored)


def stats(
    variant: Annotated[
        str | None,
        typer.Option(help=N_("Only games of this variant."), autocompletion=complete_variant),
    ] = None,
    as_json: JsonOption = False,
    db: DbOption = None,
) -> None:
    """Statistics per player and per side across games: games, wins, win rate, average and
    best hand, canastas by kind, red threes. Deleted games are left out.

    Example: scorekeeper stats --variant classic
    """
    from scorekeeper.application.queries import statistics
    from scorekeeper.domain.names import collation
    from scorekeeper.presentation import sheet

    variant = filter_name("--variant", variant)
    # equal records in the reader's alphabet on the terminal; --json keeps one order
    figures = statistics(db, variant, None if as_json else collation(language()))
    if as_json:
        emit_json(sheet.stats_json(figures, variant))
        return
    from scorekeeper.presentation.console import console

    sheet.print_stats(console(), figures)


def chart(game_id: GameArgument = None, as_json: JsonOption = False, db: DbOption = None) -> None:
    """Chart the running totals per side, hand by hand, with the target line.

    On a terminal it draws the chart (plotext); otherwise it prints a plain table.
    Example: scorekeeper chart 3
    """
    from scorekeeper.application.queries import game
    from scorekeeper.presentation import sheet

    stored = game(db, game_id)
    if as_json:
        emit_json(sheet.chart_json(stored))
        return
    from scorekeeper.presentation.console import console

    sheet.print_chart(console(), stored)


with english():  # the help's English, its msgid, whatever the language at import
    FORMAT_NAMES = formats.names_text(formats.names())


def export(
    game_id: GameArgument = None,
    fmt: Annotated[
        str | None,
        typer.Option(
            "--format",
            autocompletion=complete_format,
            help=f"{FORMAT_NAMES}. Without it the --output file's suffix says which, else json.",
            show_default=False,
        ),
    ] = None,
    output: Annotated[
        Path | None,
        typer.Option(
            "--output",
            "-o",
            help=N_("File to write (default, or '-': standard output)."),
            parser=_output_file,
            metavar="FILE",
        ),
    ] = None,
    excel: Annotated[
        bool,
        typer.Option(
            "--excel",
            help=N_(
                "With csv: a byte-order mark and CRLF line ends, so a spreadsheet reads names"
                " as UTF-8."
            ),
        ),
    ] = False,
    db: DbOption = None,
) -> None:
    """Export a game's score sheet as CSV (one row per side per hand), JSON (which 'import'
    reads back) or HTML (a printable sheet). Without --format the file name's suffix says
    which (game3.csv, game3.json, game3.html).

    A file of the database (or one in its games or backups folder, or a link to one) is
    refused as --output.
    Example: scorekeeper export 3 --output game3.html
    """
    from scorekeeper.application.exporting import export_target, write_export
    from scorekeeper.application.queries import game

    fmt = fmt if fmt is not None else _format_of(output)
    output_format = formats.find(fmt)
    if excel and fmt != "csv":
        raise UsageError(
            _("--excel shapes a CSV file: give it with --format csv, not {format}").format(
                format=fmt
            )
        )
    target = export_target(db, output) if output is not None else None
    stored = game(db, game_id)
    if excel:
        from scorekeeper.presentation.console import visible
        from scorekeeper.presentation.formats.csv_sheet import render_excel

        shown = output is None or target is None  # standard output: its text escaped
        text = render_excel(stored, visible if shown else None)
    else:
        text = output_format.renderer()(stored)
    if output is None or target is None:
        emit_text(text, checked=excel, utf8=True)  # a spreadsheet's mark and line ends are its own
        return
    # atomic (a temporary file renamed over it): a refusal or a Ctrl-C before the rename
    # leaves the old file; after it a Ctrl-C or a failing output says the file was written
    write_export(target, output, stored.id, text)
    said = _("Game {game} written to {path} ({format}).")
    # the format's name as the option takes it in English; Japanese and Turkish name a
    # format in capitals, as their help does (CSV, JSON, HTML)
    shown = fmt if language() == "en" else fmt.upper()
    from scorekeeper.presentation.console import visible

    shown_path = visible(str(output))  # a path as typed: never a control character raw
    typer.echo(said.format(game=stored.id, path=shown_path, format=shown), err=True)


def _format_of(output: Path | None) -> str:
    """The export format a file name's suffix names (``.csv``, ``.json``, ``.html``, ``.htm``;
    any case); json for standard output. UsageError for a suffix that names none."""
    if output is None:
        return "json"
    suffix = output.suffix.lower().lstrip(".")
    suffix = "html" if suffix == "htm" else suffix
    if suffix in formats.names():
        return suffix
    known = formats.names_text([f".{name}" for name in formats.names()])
    raise UsageError(
        _(
            "cannot tell the format of '{name}' from its name: end it in {known}, or give"
            " --format {formats}"
        ).format(name=output.name, known=known, formats=formats.names_text(formats.names()))
    )


def import_game(
    file: Annotated[str, typer.Argument(help=N_("A JSON export ('-' reads stdin)."))],
    again: Annotated[
        bool,
        typer.Option(
            "--again", help=N_("Import a file already imported once more (a second copy).")
        ),
    ] = False,
    as_json: JsonOption = False,
    db: DbOption = None,
) -> None:
    """Read a game exported with 'export --format json' back in, as a new game.

    A file that is not such an export, or whose numbers disagree with its hands, is refused
    and nothing changes; so is a file imported already (exit 1, naming that game) unless
    --again. The current game stays current ('resume' switches).
    Example: scorekeeper import game3.json
    """

    from scorekeeper.application.usecases import import_game as store_imported
    from scorekeeper.domain.bounds import parse_json
    from scorekeeper.presentation import standings
    from scorekeeper.presentation.export import game_from_export

    where = _("standard input") if file == "-" else file
    from scorekeeper.domain.limits import MAX_EXPORT_BYTES

    doc = parse_json(read_input(file, DataFileError, MAX_EXPORT_BYTES), where, DataFileError)
    imported = store_imported(db, game_from_export(doc, file), again)
    stored, previous = imported.stored, imported.previous
    if as_json:
        emit_json(standings.status_json(stored))
        return
    from scorekeeper.presentation.console import console

    con = console()
    standings.print_standings(con, stored)
    if previous is not None:
        said = (
            _("Imported as game {game}; 'scorekeeper show {game}' shows it.")
            if stored.game.outcome.over
            else _("Imported as game {game}; 'scorekeeper resume {game}' plays it.")
        )
        con.print(said.format(game=stored.id))

"""The database's backups: ``backups`` lists them, ``backups restore N`` brings one back.

Before every write the previous version of the database is kept in ``<database>.backups/``
beside it (the last 10), and before a schema migration a copy that is kept until removed by
hand (scorekeeper/storage/backups.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from scorekeeper.cli.common import (
    DbOption,
    JsonOption,
    ScorekeeperCommand,
    ScorekeeperGroup,
    YesOption,
    emit_json,
    stdin_is_terminal,
)
from scorekeeper.errors import UsageError
from scorekeeper.presentation.documents import document

KINDS = {
    "write": "before a change",
    "migration": "before a schema update",
    "restore": "before a restore",
    "damaged": "unreadable file moved aside",
}

backups_app = typer.Typer(
    cls=ScorekeeperGroup, invoke_without_command=True, no_args_is_help=False, rich_markup_mode=None
)


@backups_app.callback()
def backups_list(ctx: typer.Context, as_json: JsonOption = False, db: DbOption = None) -> None:
    """List the backups of the database, newest first (number 1 is the newest).

    Example: scorekeeper backups; scorekeeper backups restore 1
    """
    if ctx.invoked_subcommand is not None:
        ctx.obj = db
        return
    from scorekeeper.application.queries import backups

    listed = backups(db)
    path, rows = listed.database, listed.rows
    if as_json:
        emit_json(document(database=str(path), backups=rows))
        return
    from rich.table import Table

    from scorekeeper.presentation.console import console, text

    con = console()
    if not rows:
        con.print(text(f"No backups of {path} yet (one is kept before every change)."))
        return
    table = Table(title=text(f"Backups in {listed.folder}"), title_justify="left")
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column("Taken (UTC)", no_wrap=True)
    table.add_column("Why", overflow="fold")
    table.add_column("Games", justify="right", no_wrap=True)
    table.add_column("Hands", justify="right", no_wrap=True)
    for row in rows:
        games = "unreadable" if row["error"] else f"{row['games']:,}"
        hands = "" if row["error"] else f"{row['hands']:,}"
        taken = row["taken"][:19].replace("T", " ")
        table.add_row(str(row["number"]), taken, KINDS[row["kind"]], games, hands)
    con.print(table)
    con.print("Restore one with 'scorekeeper backups restore NUMBER'.")


@backups_app.command("restore", cls=ScorekeeperCommand)
def backups_restore(
    ctx: typer.Context,
    number: Annotated[int, typer.Argument(help="Backup number from 'scorekeeper backups'.")],
    yes: YesOption = False,
    as_json: JsonOption = False,
    db: DbOption = None,
) -> None:
    """Make backup NUMBER the database again; the version it replaces is kept as a backup.

    Without a terminal it needs --yes.

    Example: scorekeeper backups restore 1
    """
    from scorekeeper.application.queries import backup_to_restore
    from scorekeeper.application.usecases import restore_backup

    chosen = db if db is not None else ctx.obj
    backup = backup_to_restore(Path(chosen) if chosen is not None else None, number)
    path = backup.database
    if not yes and not stdin_is_terminal():
        raise UsageError(
            "restoring a backup replaces games (a game made after it goes away): say --yes"
        )
    if not yes:
        games, hands = backup.games, backup.hands
        question = (
            f"Replace {path} with backup {number} of {backup.taken} ({games}"
            f" game{'s' if games != 1 else ''}, {hands} hand{'s' if hands != 1 else ''})? Games"
            " it does not hold, or holds earlier versions of, go back to that state"
        )
        if not typer.confirm(question, default=False, err=True):
            typer.echo("Nothing restored.", err=True)
            raise typer.Exit(0)
    kept = restore_backup(backup)
    if as_json:
        emit_json(
            document(
                database=str(path),
                backup=number,
                taken=backup.taken,
                games=backup.games,
                hands=backup.hands,
                kept=kept.name if kept is not None else None,
            )
        )
        return
    from scorekeeper.presentation.console import console, text

    message = f"Restored backup {number} of {backup.taken} into {path}."
    if kept is not None:
        message += f" The version it replaced is kept as {kept.name}."
    console().print(text(message))

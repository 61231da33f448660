"""The database's backups: ``backups`` lists them, ``backups restore N`` brings one back.

Before every write the previous version of the database is kept in ``<database>.backups/``
beside it (the last 10), and before a schema migration a copy that is kept until removed by
hand (scorekeeper/storage/database.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from scorekeeper.cli.common import (
    DbOption,
    JsonOption,
    ScorekeeperGroup,
    YesOption,
    emit_json,
    stdin_is_terminal,
)
from scorekeeper.errors import NotFound, UsageError
from scorekeeper.presentation.documents import document

KINDS = {
    "write": "before a change",
    "migration": "before a schema update",
    "restore": "before a restore",
    "damaged": "unreadable file moved aside",
}

backups_app = typer.Typer(cls=ScorekeeperGroup, invoke_without_command=True, no_args_is_help=False)


def _summary(path: Path) -> dict[str, Any]:
    """What a backup holds: games and hands, or why it cannot be read."""
    from scorekeeper.errors import DataFileError
    from scorekeeper.storage.database import read_database

    try:
        data = read_database(path) or {}
    except DataFileError as err:
        return {"games": None, "hands": None, "schema": None, "error": err.message}
    games = data.get("games", {})
    hands = sum(len(g.get("hands", [])) for g in games.values() if isinstance(g.get("hands"), list))
    schema = data.get("meta", {}).get("1", {}).get("schema")
    return {"games": len(games), "hands": hands, "schema": schema, "error": None}


@backups_app.callback()
def backups_list(ctx: typer.Context, as_json: JsonOption = False, db: DbOption = None) -> None:
    """List the backups of the database, newest first (number 1 is the newest).

    Example: scorekeeper backups; scorekeeper backups restore 1
    """
    if ctx.invoked_subcommand is not None:
        ctx.obj = db
        return
    from scorekeeper.storage.database import backup_folder, default_path, list_backups

    path = Path(db) if db is not None else default_path()
    found = list_backups(path)
    rows = [
        {
            "number": n,
            "file": b.path.name,
            "taken": b.taken,
            "kind": b.kind,
            "size": b.path.stat().st_size,
            **_summary(b.path),
        }
        for n, b in enumerate(found, start=1)
    ]
    if as_json:
        emit_json(document(database=str(path), backups=rows))
        return
    from rich.table import Table

    from scorekeeper.presentation.console import console, text

    con = console()
    if not rows:
        con.print(text(f"No backups of {path} yet (one is kept before every change)."))
        return
    table = Table(title=text(f"Backups in {backup_folder(path)}"), title_justify="left")
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


@backups_app.command("restore")
def backups_restore(
    ctx: typer.Context,
    number: Annotated[int, typer.Argument(help="Backup number from 'scorekeeper backups'.")],
    yes: YesOption = False,
    db: DbOption = None,
) -> None:
    """Make backup NUMBER the database again; the version it replaces is kept as a backup.

    Without a terminal it needs --yes.

    Example: scorekeeper backups restore 1
    """
    from scorekeeper.storage.database import default_path, list_backups, restore_backup

    chosen = db if db is not None else ctx.obj
    path = Path(chosen) if chosen is not None else default_path()
    found = list_backups(path)
    if not found:
        raise NotFound(f"there are no backups of {path}")
    if not 1 <= number <= len(found):
        raise UsageError(f"give a backup number from 1 to {len(found)} ('scorekeeper backups')")
    backup = found[number - 1]
    summary = _summary(backup.path)
    if summary["error"]:
        from scorekeeper.errors import DataFileError

        raise DataFileError(f"backup {number} cannot be restored: {summary['error']}")
    if not yes and not stdin_is_terminal():
        raise UsageError(
            "restoring a backup replaces games (a game made after it goes away): say --yes"
        )
    if not yes:
        games, hands = summary["games"], summary["hands"]
        question = (
            f"Replace {path} with backup {number} of {backup.taken} ({games}"
            f" game{'s' if games != 1 else ''}, {hands} hand{'s' if hands != 1 else ''})? Games"
            " it does not hold, or holds earlier versions of, go back to that state"
        )
        if not typer.confirm(question, default=False, err=True):
            typer.echo("Nothing restored.", err=True)
            raise typer.Exit(0)
    kept = restore_backup(path, backup.path)
    from scorekeeper.presentation.console import console, text

    message = f"Restored backup {number} of {backup.taken} into {path}."
    if kept is not None:
        message += f" The version it replaced is kept as {kept.name}."
    console().print(text(message))

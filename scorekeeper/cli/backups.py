"""The database's backups: ``backups`` lists them, ``backups restore N`` brings one back.

Before every write the previous version of the database is kept in ``<database>.backups/``
beside it (the last 10), and before a schema migration a copy that is kept until removed by
hand (scorekeeper/storage/backups.py).
"""

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
from scorekeeper.i18n import N_, listing, ngettext
from scorekeeper.i18n import gettext as _
from scorekeeper.i18n import number as figure
from scorekeeper.presentation.documents import document

KINDS = {
    "write": N_("before a change"),
    "migration": N_("before a schema update"),
    "restore": N_("before a restore"),
    "damaged": N_("unreadable file moved aside"),
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
    from scorekeeper.presentation.console import console, text
    from scorekeeper.presentation.render import plain_table, utc_time

    con = console()
    if not rows:
        said = _("No backups of {path} yet (one is kept before every change).")
        con.print(text(said.format(path=path)))
        return
    title = text(_("Backups in {folder}").format(folder=listed.folder))
    table = plain_table(title)
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column(_("Taken (UTC)"), no_wrap=True)
    table.add_column(_("Why"), overflow="fold")
    table.add_column(_("Games"), justify="right", no_wrap=True)
    table.add_column(_("Hands"), justify="right", no_wrap=True)
    for row in rows:
        games = _("unreadable") if row["error"] else figure(row["games"])
        hands = "" if row["error"] else figure(row["hands"])
        taken = utc_time(row["taken"])
        table.add_row(str(row["number"]), taken, _(KINDS[row["kind"]]), games, hands)
    con.print(table)
    con.print(_("Restore one with 'scorekeeper backups restore NUMBER'."))


@backups_app.command("restore", cls=ScorekeeperCommand)
def backups_restore(
    ctx: typer.Context,
    number: Annotated[int, typer.Argument(help=N_("Backup number from 'scorekeeper backups'."))],
    yes: YesOption = False,
    as_json: JsonOption = False,
    db: DbOption = None,
) -> None:
    """Make backup N the database again; the version it replaces is kept as a backup.

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
            _("restoring a backup replaces games (a game made after it goes away): say --yes")
        )
    from scorekeeper.presentation.render import utc_time

    taken = utc_time(backup.taken)
    if not yes:
        games, hands = backup.games, backup.hands
        held = listing(
            (
                ngettext("{n} game", "{n} games", games).format(n=figure(games)),
                ngettext("{n} hand", "{n} hands", hands).format(n=figure(hands)),
            )
        )
        question = _(
            "Put back backup {number} of {taken} ({held}) into {path}? The games it holds go"
            " back to the versions it keeps and a game made since it goes away; every other"
            " game stays as it is"
        ).format(path=path, number=number, taken=taken, held=held)
        from scorekeeper.cli.language import confirm

        if not confirm(question, default=False):
            typer.echo(_("Nothing restored."), err=True)
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

    message = _("Restored backup {number} of {taken} into {path}.").format(
        number=number, taken=taken, path=path
    )
    if kept is not None:
        message += " " + _("The version it replaced is kept as {name}.").format(name=kept.name)
    console().print(text(message))

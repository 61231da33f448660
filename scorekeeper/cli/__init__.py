"""The command line: a thin Typer layer that parses, calls the domain, stores and renders.

Each group of commands is one module; :class:`~scorekeeper.cli.common.ScorekeeperGroup` turns
errors into one line on stderr and the exit codes listed in README.
"""

from __future__ import annotations

from typing import Annotated

import typer

from scorekeeper.cli import backups, cards, edit, play, review, tables
from scorekeeper.cli.common import ScorekeeperGroup

app = typer.Typer(
    cls=ScorekeeperGroup,
    name="scorekeeper",
    help="Keep score of Canasta and its variants at a real table.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    if value:
        from scorekeeper import __version__

        typer.echo(f"scorekeeper {__version__}")
        raise typer.Exit()


@app.callback()
def root(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help="Show the version."),
    ] = False,
) -> None:
    """Keep score of Canasta and its variants at a real table."""


app.command()(play.new)
app.command()(play.hand)
app.command()(play.status)
app.command()(tables.minimum)
app.command()(cards.check)
app.command()(cards.points)
app.add_typer(tables.variants_app, name="variants")
app.command()(review.games)
app.command()(review.show)
app.command()(review.resume)
app.command()(edit.undo)
app.command()(edit.redo)
app.command()(edit.edit)
app.command()(edit.delete)
app.command()(edit.restore)
app.command()(review.stats)
app.command()(review.chart)
app.command()(review.export)
app.command("import")(review.import_game)
app.add_typer(backups.backups_app, name="backups")


def main() -> None:
    """Console-script entry point."""
    app()

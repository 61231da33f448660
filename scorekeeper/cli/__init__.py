"""The command line: a thin Typer layer that parses, calls the domain, stores and renders.

Each group of commands is one module; :class:`~scorekeeper.cli.common.ScorekeeperGroup` turns
errors into one line on stderr and the exit codes listed in README.
"""

from __future__ import annotations

import typer

from scorekeeper.cli import backups, play, tables
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
app.command()(play.new)
app.command()(play.hand)
app.command()(play.status)
app.command()(tables.minimum)
app.add_typer(tables.variants_app, name="variants")
app.add_typer(backups.backups_app, name="backups")


def main() -> None:
    """Console-script entry point."""
    app()

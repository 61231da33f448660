"""What every command shares: options, error handling, JSON output, terminal detection."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from typer.core import TyperGroup

from scorekeeper.errors import InputError, ScorekeeperError, UsageError

DbOption = Annotated[
    Path | None,
    typer.Option(
        "--db",
        envvar="SCOREKEEPER_DB",
        help="Database file (default: scorekeeper.json in your user data folder).",
        show_default=False,
        dir_okay=False,
    ),
]
JsonOption = Annotated[
    bool, typer.Option("--json", help="Print one JSON document (format 1) instead of tables.")
]
YesOption = Annotated[bool, typer.Option("--yes", "-y", help="Do not ask for confirmation.")]
GameOption = Annotated[
    int | None, typer.Option("--game", "-g", help="Game id (default: the current game).")
]
SetOption = Annotated[
    list[str] | None,
    typer.Option(
        "--set",
        help="Rule override or option, KEY=VALUE (e.g. target=6000, draw_on_tie=true).",
        show_default=False,
    ),
]


def stdin_is_terminal() -> bool:
    """True when standard input is a terminal (commands then ask before they change data)."""
    return sys.stdin.isatty()


def emit_json(document: dict[str, Any]) -> None:
    """Write one JSON document straight to standard output (never through Rich)."""
    typer.echo(json.dumps(document, ensure_ascii=False))


def parse_settings(items: list[str] | None) -> dict[str, str]:
    """``--set KEY=VALUE`` items as a dict; InputError for an item without ``=``."""
    settings: dict[str, str] = {}
    for item in items or []:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise InputError(f"--set takes KEY=VALUE, e.g. --set target=6000; got '{item}'")
        settings[key.strip()] = value.strip()
    return settings


def error_line(message: str) -> None:
    typer.echo(f"Error: {message}", err=True)


class ScorekeeperGroup(TyperGroup):
    """The command group that turns errors into one line on stderr and an exit code.

    ScorekeeperError: its message and exit code (1, 2, 3, 4); Ctrl-C: exit 130; any other
    exception: a short message without a traceback or local variables, exit 1
    (``SCOREKEEPER_DEBUG=1`` shows the traceback).
    """

    def invoke(self, ctx: typer.Context) -> Any:
        try:
            return super().invoke(ctx)
        except ScorekeeperError as err:
            error_line(err.message)
            raise typer.Exit(err.exit_code) from None
        except (KeyboardInterrupt, typer.Abort):
            typer.echo("Interrupted: nothing was changed.", err=True)
            raise typer.Exit(130) from None
        except (typer.Exit, typer.TyperException):
            raise
        except Exception as err:
            if os.environ.get("SCOREKEEPER_DEBUG"):
                raise
            error_line(f"unexpected internal error ({type(err).__name__}: {err}); please report it")
            raise typer.Exit(1) from None


def usage(message: str) -> UsageError:
    return UsageError(message)

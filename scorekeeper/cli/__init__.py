"""The command line: a thin Typer layer that parses, calls a use case, and renders its result.

The use cases and queries are :mod:`scorekeeper.application`'s; this package never touches
the storage. Each group of commands is one module;
:class:`~scorekeeper.cli.common.ScorekeeperGroup` turns errors into one line on stderr and the
exit codes listed in README. The commands are built
lazily (:class:`CommandGroup`): a run imports and converts only the command it invokes, so a
quick command does not pay for the options of every other one.
"""

import os
from importlib import import_module
from typing import Annotated, Any

import typer

from scorekeeper.cli import complete
from scorekeeper.cli.common import ScorekeeperCommand, ScorekeeperGroup
from scorekeeper.i18n import N_
from scorekeeper.i18n import gettext as _

#: Command name -> (module of scorekeeper.cli, function or Typer group), in help order.
COMMANDS: dict[str, tuple[str, str]] = {
    "new": ("play", "new"),
    "rematch": ("play", "rematch"),
    "hand": ("play", "hand"),
    "play": ("session", "play"),
    "status": ("play", "status"),
    "minimum": ("tables", "minimum"),
    "check": ("cards", "check"),
    "points": ("cards", "points"),
    "variants": ("tables", "variants_app"),
    "games": ("review", "games"),
    "show": ("review", "show"),
    "resume": ("review", "resume"),
    "undo": ("edit", "undo"),
    "redo": ("edit", "redo"),
    "edit": ("edit", "edit"),
    "delete": ("edit", "delete"),
    "restore": ("edit", "restore"),
    "stats": ("review", "stats"),
    "chart": ("review", "chart"),
    "export": ("review", "export"),
    "import": ("review", "import_game"),
    "backups": ("backups", "backups_app"),
    "serve": ("serve", "serve"),
    "paths": ("paths", "paths"),
}


class CommandGroup(ScorekeeperGroup):
    """The root group: lists every command of :data:`COMMANDS`, and builds one only when it is
    asked for (to run it, or to show its line in the help)."""

    def list_commands(self, ctx: Any) -> list[str]:
        return list(COMMANDS)

    def _main_shell_completion(
        self, ctx_args: Any, prog_name: str, complete_var: Any = None
    ) -> None:
        # the shell asks for completions: only then are Typer's shells registered
        if os.environ.get("_SCOREKEEPER_COMPLETE"):
            complete.register_shells()
        super()._main_shell_completion(ctx_args, prog_name, complete_var)

    def format_commands(self, ctx: Any, formatter: Any) -> None:
        """The root help's list of commands, each line from its command's help as Typer finds
        it (a function's docstring, a group's callback's), without building the commands:
        converting every command's options would cost the help most of its time."""
        import inspect

        from typer.main import solve_typer_info_help
        from typer.models import TyperInfo

        rows: list[tuple[str, str]] = []
        limit = formatter.width - 6 - max(len(name) for name in COMMANDS)
        for name, (module, attr) in COMMANDS.items():
            target = getattr(import_module(f"scorekeeper.cli.{module}"), attr)
            if isinstance(target, typer.Typer):
                helped = solve_typer_info_help(TyperInfo(target))
            else:
                helped = inspect.getdoc(target)
            rows.append((name, ScorekeeperCommand(name, help=helped).get_short_help_str(limit)))
        with formatter.section(_("Commands")):
            formatter.write_dl(rows)

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        if cmd_name not in self.commands and cmd_name in COMMANDS:
            module, attr = COMMANDS[cmd_name]
            target = getattr(import_module(f"scorekeeper.cli.{module}"), attr)
            if isinstance(target, typer.Typer):
                command = typer.main.get_group(target)
            else:
                single = typer.Typer(
                    add_completion=False, pretty_exceptions_enable=False, rich_markup_mode=None
                )
                single.command(cmd_name, cls=ScorekeeperCommand)(target)
                command = typer.main.get_command(single)
            command.name = cmd_name
            self.commands[cmd_name] = command
        return self.commands.get(cmd_name)


app = typer.Typer(
    cls=CommandGroup,
    name="scorekeeper",
    help="Keep score of Canasta and its variants at a real table.",
    no_args_is_help=True,
    add_completion=False,  # Typer's would import its completion code on every run
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(ctx: typer.Context, value: bool) -> None:
    if value and not ctx.resilient_parsing:  # not while the shell asks for completions
        from scorekeeper import __version__

        typer.echo(f"scorekeeper {__version__}")
        raise typer.Exit()


def _install_completion(ctx: typer.Context, value: Any) -> None:
    complete.install_completion(ctx, value)


def _show_completion(ctx: typer.Context, value: Any) -> None:
    complete.show_completion(ctx, value)


#: The completion options are flags (the shell is detected), or take the shell's name where
#: Typer's test switch asks for it, as Typer's own options do.
ShellValue = str | None if os.environ.get(complete.SHELL_AS_VALUE) else bool


@app.callback()
def root(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help=N_("Show the version.")),
    ] = False,
    install_completion: Annotated[
        ShellValue,
        typer.Option(
            "--install-completion",
            callback=_install_completion,
            is_eager=True,
            expose_value=False,
            help=N_("Install shell completion (bash, zsh or fish) for the shell this runs in."),
        ),
    ] = None,
    show_completion: Annotated[
        ShellValue,
        typer.Option(
            "--show-completion",
            callback=_show_completion,
            is_eager=True,
            expose_value=False,
            help=N_(
                "Print the shell completion script for the shell this runs in, to place by hand."
            ),
        ),
    ] = None,
) -> None:
    """Keep score of Canasta and its variants at a real table."""


def main() -> None:
    """Console-script entry point. The program is called ``scorekeeper`` however it was
    started (``python -m scorekeeper`` too), so help, errors and shell completion
    (``_SCOREKEEPER_COMPLETE``) name it alike."""
    app(prog_name="scorekeeper")

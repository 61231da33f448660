"""Shell completion's answers (bash, zsh, fish; ``scorekeeper --install-completion``): variant
names, game ids with their sides, the current game's side names, option choices.

Each ``complete_*`` function is a Typer ``autocompletion`` callback. They run only when the
shell asks for completions (never in an ordinary run: this module imports nothing at its top),
and never fail. The answers that depend on what is stored are
:mod:`scorekeeper.shell_completion`'s, which also answers the shell's requests without building
this app, from the table :func:`completion_table` writes (``tools/completion_table.py``).
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import Any

from scorekeeper import shell_completion
from scorekeeper.i18n import N_
from scorekeeper.shell_completion import GAMES_OFFERED as GAMES_OFFERED

#: --status values (those :data:`scorekeeper.application.queries.STATUSES` takes), with what
#: each lists; one literal per description, for translations.
STATUS_CHOICES = {
    "playing": "games still open",
    "finished": "won or drawn games",
    "won": "games with a winner",
    "draw": "drawn games",
    "deleted": "deleted games",
    "all": "every game",
}


def _db(ctx: Any) -> Path | None:
    """The --db of the command line being completed (given before or after the command),
    else None (SCOREKEEPER_DB or the default)."""
    while ctx is not None:
        value = (getattr(ctx, "params", None) or {}).get("db")
        if value:
            return Path(value)
        ctx = getattr(ctx, "parent", None)
    return None


def complete_variant(incomplete: str) -> list[str]:
    """Built-in and user variant names starting with ``incomplete``."""
    return shell_completion.variant_choices(incomplete)


def complete_game(ctx: Any, incomplete: str) -> list[tuple[str, str]]:
    """Ids of the newest games (newest first) starting with ``incomplete``, each with its
    sides as the description."""
    return shell_completion.game_choices(_db(ctx), incomplete)


def complete_deleted_game(ctx: Any, incomplete: str) -> list[tuple[str, str]]:
    """Ids of the newest deleted games (what ``restore`` brings back), with their sides."""
    return shell_completion.game_choices(_db(ctx), incomplete, deleted=True)


def complete_side(ctx: Any, incomplete: str) -> list[str]:
    """Side names of the game the command line names (--game), else of the current game, that
    start with ``incomplete``."""
    game_id = (getattr(ctx, "params", None) or {}).get("game_id")
    return shell_completion.side_choices(_db(ctx), game_id, incomplete)


def complete_format(incomplete: str) -> list[tuple[str, str]]:
    """``export --format`` values, with their descriptions."""
    from scorekeeper.presentation import formats

    return [
        (f.name, f.description)
        for f in formats.REGISTRY.values()
        if f.file and f.name.startswith(incomplete)
    ]


def complete_status(incomplete: str) -> list[tuple[str, str]]:
    """``games --status`` values, with what each lists."""
    return [(k, v) for k, v in STATUS_CHOICES.items() if k.startswith(incomplete)]


#: The messages of --install-completion (one literal each, for translations).
INSTALLED = N_("{shell} completion installed in {path}; it takes effect in a new shell.")
NO_SHELL = N_("cannot tell which shell this is: give it, e.g. SHELL=/bin/bash")
#: The shells completion is offered for.
SHELLS = ("bash", "zsh", "fish")
#: Typer's own switch for tests: the completion options then take the shell's name.
SHELL_AS_VALUE = "_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION"


def register_shells() -> None:
    """Make Typer's bash, zsh and fish completion known to Click (done only when the shell
    asks for completions or a completion option is given, so no ordinary run pays for it),
    each writing a completion as :func:`scorekeeper.shell_completion.format_item` does: a
    description as it is, on one line (Typer's own would read it as Rich markup and wrap it
    at the terminal's width, which breaks fish's one-completion-a-line answer)."""
    from typer.completion import completion_init
    from typer.completion import shell_completion as click_shells

    completion_init()
    for shell in SHELLS:
        typer_class = click_shells.get_completion_class(shell)
        if typer_class is None or getattr(typer_class, "plain_descriptions", False):
            continue
        plain = type(
            typer_class.__name__,
            (typer_class,),
            {
                "format_completion": _plain_format(shell),
                "complete": _checked_complete(typer_class.complete),
                "plain_descriptions": True,
            },
        )
        click_shells.add_completion_class(plain, shell)


def _checked_complete(complete: Any) -> Any:
    def checked(self: Any) -> str:
        # the shell's variables missing or not a word's index: nothing to offer, no traceback
        if shell_completion.shell_words(self.name, os.environ) is None:
            return ""
        return str(complete(self))

    return checked


def _plain_format(shell: str) -> Any:
    def format_completion(self: Any, item: Any) -> str:
        return shell_completion.format_item(shell, str(item.value), item.help)

    return format_completion


#: The completion callbacks whose answers depend on what is stored, by their name in the
#: table (:func:`scorekeeper.shell_completion.table`); any other callback gives fixed choices.
STORED_ANSWERS = {
    complete_variant: "variant",
    complete_game: "game",
    complete_deleted_game: "deleted_game",
    complete_side: "side",
}


def _declared_callback(param: Any) -> Any:
    """The ``complete_*`` function of this module a parameter was declared with
    (``autocompletion=``), found inside the wrappers Typer puts around it; None for none.
    ValueError for a completion that is not one of this module's."""
    wrapped = getattr(param, "_custom_shell_complete", None)
    todo, seen = [wrapped], set()
    while todo:
        func = todo.pop()
        if func is None or id(func) in seen:
            continue
        seen.add(id(func))
        name = getattr(func, "__name__", "")
        if name.startswith("complete_") and globals().get(name) is func:
            return func
        for cell in getattr(func, "__closure__", None) or ():
            with contextlib.suppress(ValueError):  # an empty cell
                if callable(cell.cell_contents):
                    todo.append(cell.cell_contents)
    if wrapped is not None:
        raise ValueError(f"parameter {param.name}: a completion that is not in {__name__}")
    return None


def _is_a(value: Any, class_name: str) -> bool:
    """True when ``value`` is of Click's class ``class_name`` (Typer keeps Click inside it)."""
    return any(c.__name__ == class_name for c in type(value).__mro__)


def _param_entry(param: Any) -> dict[str, Any]:
    """One parameter as the completion table holds it (``shell_completion.table``)."""
    callback = _declared_callback(param)
    if callback is None:
        complete: Any = None
    elif callback in STORED_ANSWERS:
        complete = STORED_ANSWERS[callback]
    else:
        complete = [[c, None] if isinstance(c, str) else [c[0], c[1]] for c in callback("")]
    option = param.param_type_name == "option"
    envvar = param.envvar if isinstance(param.envvar, str) else None
    return {
        "name": param.name,
        "argument": not option,
        "opts": list(param.opts) if option else [],
        "secondary": list(param.secondary_opts) if option else [],
        "flag": bool(option and (param.is_flag or param.count)),
        "multiple": bool(param.multiple),
        "nargs": param.nargs,
        "hidden": bool(getattr(param, "hidden", False)),
        "help": getattr(param, "help", None),
        "int": _is_a(param.type, "IntParamType"),
        "file": _is_a(param.type, "File"),
        "envvar": envvar,
        "complete": complete,
    }


def completion_table(root: Any) -> dict[str, Any]:
    """The table :mod:`scorekeeper.shell_completion` answers from, read off the Click command
    ``root`` (``typer.main.get_command(scorekeeper.cli.app)``) the way Click's completion sees
    it: each command's context made as completion makes it (so the program's ``-h`` reaches
    every command), its parameters in order, its short help, and a group's subcommands. The
    shape is :func:`scorekeeper.shell_completion.table`'s."""
    import typer

    commands: dict[str, Any] = {}

    def walk(command: Any, path: str, ctx: Any) -> None:
        node: dict[str, Any] = {
            "help": command.get_short_help_str(),
            "hidden": bool(command.hidden),
            "params": [_param_entry(p) for p in command.get_params(ctx)],
        }
        commands[path] = node
        if isinstance(command, typer.core.TyperGroup):
            names = list(command.list_commands(ctx))
            node["commands"] = names
            for name in names:
                sub = command.get_command(ctx, name)
                with sub.make_context(name, [], parent=ctx, resilient_parsing=True) as sub_ctx:
                    walk(sub, f"{path} {name}".strip(), sub_ctx)

    with root.make_context("scorekeeper", [], resilient_parsing=True) as ctx:
        walk(root, "", ctx)
    return {"format": 1, "commands": commands}


def shell_name(value: Any) -> str:
    """The shell a completion option is for: the value given (where the option takes one),
    else the shell this runs in (shellingham, as Typer detects it), else ``$SHELL``'s name.
    UsageError when none is known."""

    from scorekeeper.errors import UsageError
    from scorekeeper.i18n import gettext as _

    if isinstance(value, str) and value:
        return value
    try:
        import shellingham

        return str(shellingham.detect_shell()[0])
    except Exception:
        name = os.path.basename(os.environ.get("SHELL", ""))
        if not name:
            raise UsageError(_(NO_SHELL)) from None
        return name


def install_completion(ctx: Any, value: Any) -> None:
    """``--install-completion``: install the completion script for the shell (Typer's
    ``install``: a file under the home folder, sourced from the shell's start-up file)."""
    if not value or ctx.resilient_parsing:
        return
    import typer
    from typer.completion import install

    from scorekeeper.i18n import gettext as _

    register_shells()
    shell, path = install(shell=shell_name(value), prog_name="scorekeeper")
    from scorekeeper.presentation.console import visible

    typer.echo(_(INSTALLED).format(shell=shell, path=visible(str(path))))
    raise typer.Exit(0)


def show_completion(ctx: Any, value: Any) -> None:
    """``--show-completion``: print the completion script for the shell, to place by hand."""
    if not value or ctx.resilient_parsing:
        return
    import typer
    from typer.completion import get_completion_script

    register_shells()
    script = get_completion_script(
        prog_name="scorekeeper", complete_var="_SCOREKEEPER_COMPLETE", shell=shell_name(value)
    )
    typer.echo(script)
    raise typer.Exit(0)

"""Shell completion's answers (bash, zsh, fish; ``scorekeeper --install-completion``): variant
names, game ids with their sides, the current game's side names, option choices.

Each function is a Typer ``autocompletion`` callback. They run only when the shell asks for
completions (never in an ordinary run: this module imports nothing at its top), and never
fail: whatever goes wrong, the shell is offered nothing rather than an error. Game ids come
from the newest games' own files, so completion stays fast however many games are kept.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from scorekeeper.i18n import N_

#: How many of the newest games a game id completes to.
GAMES_OFFERED = 20
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
    try:
        from scorekeeper.variants import catalog

        return [name for name in catalog() if name.startswith(incomplete)]
    except Exception:
        return []


def complete_game(ctx: Any, incomplete: str) -> list[tuple[str, str]]:
    """Ids of the newest games (newest first) starting with ``incomplete``, each with its
    sides as the description."""
    try:
        from scorekeeper.application.completion import games_to_complete

        found = games_to_complete(_db(ctx), GAMES_OFFERED)
        return [(str(i), sides) for i, sides in found if str(i).startswith(incomplete)]
    except Exception:
        return []


def complete_side(ctx: Any, incomplete: str) -> list[str]:
    """Side names of the game the command line names (--game), else of the current game, that
    start with ``incomplete``."""
    try:
        from scorekeeper.application.completion import sides_to_complete

        game_id = (getattr(ctx, "params", None) or {}).get("game_id")
        names = sides_to_complete(_db(ctx), game_id)
        return [n for n in names if n.startswith(incomplete)]
    except Exception:
        return []


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
    asks for completions or a completion option is given, so no ordinary run pays for it)."""
    from typer.completion import completion_init

    completion_init()


def shell_name(value: Any) -> str:
    """The shell a completion option is for: the value given (where the option takes one),
    else the shell this runs in (shellingham, as Typer detects it), else ``$SHELL``'s name.
    UsageError when none is known."""
    import os

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
    typer.echo(_(INSTALLED).format(shell=shell, path=path))
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

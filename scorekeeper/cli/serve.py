"""``serve``: the live score pad for the phones at the table (README, "Scores on every phone").

Parses the options, opens the watch on the game (:class:`~scorekeeper.application.queries.
GameWatch`), prints the address (and with ``--lan`` its QR code) and hands the rest to
:mod:`scorekeeper.presentation.live`, which imports the web stack: nothing of it is imported
until ``serve`` runs.
"""

from typing import Annotated

import typer

from scorekeeper.cli.common import DbOption, interrupt_said
from scorekeeper.i18n import N_
from scorekeeper.i18n import gettext as _

#: The port ``serve`` listens on unless ``--port`` says otherwise.
DEFAULT_PORT = 8765


def serve(
    game_id: Annotated[
        int | None,
        typer.Argument(
            help=N_(
                "Game id (default: the current game, followed when new, rematch or resume"
                " changes it)."
            ),
            show_default=False,
        ),
    ] = None,
    port: Annotated[
        int,
        typer.Option(help=N_("Port to listen on; 0 picks a free one."), min=0, max=65535),
    ] = DEFAULT_PORT,
    lan: Annotated[
        bool,
        typer.Option(
            "--lan",
            help=N_(
                "Listen on all of this machine's addresses, behind a random token in the"
                " address, and print it as a QR code."
            ),
        ),
    ] = False,
    db: DbOption = None,
) -> None:
    """Serve a read-only live page of the game's score pad for the phones at the table,
    updated within a second of each change (events at /events); on 127.0.0.1 only unless
    --lan. Ctrl-C stops it (exit 130).

    Example: scorekeeper serve --lan
    """
    import gc
    import secrets
    import sys

    gc.enable()  # a server stays open: it collects its reference cycles (scorekeeper.__main__)

    from scorekeeper.application.queries import GameWatch
    from scorekeeper.presentation import live
    from scorekeeper.presentation.console import plain_output

    watch = GameWatch(db, game_id)
    board = live.Board(watch)  # reads the game once: a game that does not exist stops here
    token = secrets.token_urlsafe(16) if lan else None
    sock = live.listen("0.0.0.0" if lan else "127.0.0.1", port)
    actual = sock.getsockname()[1]
    host = live.lan_address() if lan else "127.0.0.1"
    url = f"http://{host}:{actual}/{token}/" if token else f"http://{host}:{actual}/"
    game_name = _("game {game}").format(game=game_id) if game_id is not None else ""
    which = game_name or _("the current game")
    typer.echo(_("Serving {which} at {url}").format(which=which, url=url))
    if lan and not live.print_qr(url, sys.stdout, colour=not plain_output(sys.stdout)):
        typer.echo(_("(No QR code: this terminal cannot show its block characters.)"), err=True)
    sys.stdout.flush()
    if lan:
        typer.echo(
            _(
                "Anyone on this network who has the address can read the scores; nothing can be"
                " changed from the page."
            ),
            err=True,
        )
    typer.echo(_("Ctrl-C stops it."), err=True)
    try:
        live.serve(board, sock, token)
    except KeyboardInterrupt:
        typer.echo("\n" + _("Stopped."), err=True)  # on a line of its own, after the "^C"
        raise interrupt_said() from None
    finally:
        sock.close()

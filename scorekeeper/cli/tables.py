"""Rule look-ups: ``minimum`` and the ``variants`` commands."""

from typing import Annotated

import typer

from scorekeeper.cli.common import (
    DbOption,
    GameOption,
    JsonOption,
    RoundOption,
    ScorekeeperCommand,
    ScorekeeperGroup,
    ScoreOption,
    SetOption,
    VariantOption,
    emit_json,
    parse_settings,
    variant_minimum,
)
from scorekeeper.cli.complete import complete_variant
from scorekeeper.errors import UsageError
from scorekeeper.i18n import N_
from scorekeeper.i18n import gettext as _
from scorekeeper.presentation.documents import document


def minimum(
    variant: VariantOption = None,
    score: ScoreOption = None,
    round_: RoundOption = None,
    settings: SetOption = None,
    game_id: GameOption = None,
    as_json: JsonOption = False,
    db: DbOption = None,
) -> None:
    """Show the opening-meld minimum of each side of the current game, or of a score.

    Example: scorekeeper minimum --variant classic --score 1650
    """
    from scorekeeper.presentation import render

    if variant is None and (score is not None or round_ is not None or settings):
        raise UsageError(
            _("--score, --round and --set need --variant; without it the current game is used")
        )
    if variant is not None:
        from scorekeeper.variants import load_variant

        v = load_variant(variant, parse_settings(settings))
        m = variant_minimum(v, score, round_)
        if as_json:
            emit_json(document(variant=v.name, opening_minimum=m.to_json()))
            return
        from scorekeeper.presentation.console import console

        by_round = v.opening_minimum.by == "round"
        what = (
            _("round {round}").format(round=round_)
            if by_round
            else _("a score of {score}").format(score=render.num(score))
        )
        said = _("{variant}: at {what} the opening minimum is {minimum}.")
        from rich.text import Text

        from scorekeeper.presentation.console import text

        # the variant's title is a variant file's text: shown as typed, never read as markup
        before, _mark, after = said.format(variant=_(v.title), what=what, minimum="\0").partition(
            "\0"
        )
        console().print(Text.assemble(text(before), text(m.text, "bold"), text(after)))
        return
    from scorekeeper.application.queries import game as read_game

    stored = read_game(db, game_id)
    game = stored.game
    minimums = game.next_minimums()
    if as_json:
        from scorekeeper.presentation.standings import standing_json

        emit_json(document(game=stored.id, hand=game.next_hand, teams=standing_json(stored)))
        return
    from scorekeeper.presentation.console import console

    title = (
        _("Game {game} is over · final totals").format(game=stored.id)
        if game.outcome.over or minimums[0] is None
        else _("Game {game} · opening minimums for hand {number}").format(
            game=stored.id, number=game.next_hand
        )
    )
    render.print_minimums(console(), game.names, game.totals, minimums, title)


variants_app = typer.Typer(
    cls=ScorekeeperGroup,
    invoke_without_command=True,
    no_args_is_help=False,
    rich_markup_mode=None,
)


@variants_app.callback()
def variants_list(ctx: typer.Context, as_json: JsonOption = False) -> None:
    """List built-in and user variants (name, family, sides, players, target), or show one.

    Example: scorekeeper variants; scorekeeper variants show classic
    """
    if ctx.invoked_subcommand is not None:
        return
    from scorekeeper.errors import ScorekeeperError
    from scorekeeper.variants import catalog, load_variant, remove_stale_temporary_files

    remove_stale_temporary_files()  # those a killed 'variants init' left (older than a minute)
    rows = []
    for name, vf in catalog().items():
        try:  # a user file usable as 'variants check' says: every option's setting too
            rows.append((load_variant(name), name, vf.builtin, ""))
        except ScorekeeperError as err:
            rows.append((None, name, vf.builtin, err.message))
    if as_json:
        emit_json(
            document(
                variants=[
                    {
                        "name": name,
                        "builtin": builtin,
                        "error": error or None,
                        **(
                            {
                                "title": v.title,
                                "family": v.family,
                                "sides": [v.sides.min, v.sides.max],
                                "players": [v.players.min, v.players.max],
                                "target": v.target or None,
                                "hands": v.hands or None,
                            }
                            if v
                            else {}
                        ),
                    }
                    for v, name, builtin, error in rows
                ],
            )
        )
        return
    from scorekeeper.presentation.console import console
    from scorekeeper.presentation.variants import print_variants

    print_variants(console(), rows)


@variants_app.command("show", cls=ScorekeeperCommand)
def variants_show(
    name: Annotated[str, typer.Argument(help=N_("Variant name."), autocompletion=complete_variant)],
    settings: SetOption = None,
    as_json: JsonOption = False,
) -> None:
    """Print every rule of a variant: card values, canastas, threes, minimums, options.

    Example: scorekeeper variants show classic --set vienna=true
    """
    from scorekeeper.presentation import variants as shown
    from scorekeeper.variants import load_variant

    v = load_variant(name, parse_settings(settings))
    if as_json:
        emit_json(shown.variant_json(v))
        return
    from scorekeeper.presentation.console import console

    shown.print_variant(console(), v)


@variants_app.command("init", cls=ScorekeeperCommand)
def variants_init(
    name: Annotated[
        str, typer.Argument(help=N_("Name of the new variant (letters, digits, - and _)."))
    ],
    base: Annotated[
        str,
        typer.Option("--from", help=N_("Variant to start from."), autocompletion=complete_variant),
    ] = "classic",
    force: Annotated[bool, typer.Option(help=N_("Replace an existing file of that name."))] = False,
    as_json: JsonOption = False,
) -> None:
    """Write an editable variant file, based on another, into your config folder.

    Example: scorekeeper variants init house --from classic
    """
    from scorekeeper.application.usecases import write_user_variant
    from scorekeeper.presentation.console import visible

    written = write_user_variant(name, base, force)
    if as_json:
        emit_json(document(variant=name, base=base, file=str(written)))
        return
    path = visible(str(written))  # the config folder as given: never a control character raw
    typer.echo(_("Wrote {path}").format(path=path))
    typer.echo(
        _("Edit it, check it with 'scorekeeper variants check {path}', then play it with").format(
            path=path
        )
    )
    typer.echo(_("'scorekeeper new {name} --team ... --team ...'.").format(name=name))


@variants_app.command("check", cls=ScorekeeperCommand)
def variants_check(
    file: Annotated[str, typer.Argument(help=N_("Variant file (or the name of a user variant)."))],
    as_json: JsonOption = False,
) -> None:
    """Validate a variant file and everything it extends; exit 3 when it cannot be used.

    Example: scorekeeper variants check ~/.config/scorekeeper/variants/house.toml
    """
    from scorekeeper.variants import check_file, variant_file

    path = variant_file(file)
    v = check_file(path)
    if as_json:
        emit_json(document(file=str(path), variant=v.name, valid=True))
        return
    from scorekeeper.presentation.console import visible

    typer.echo(
        _("{path}: a valid variant '{name}' ({title}).").format(
            path=visible(str(path)), name=v.name, title=visible(_(v.title))
        )
    )

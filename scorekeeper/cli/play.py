"""Playing a game: ``new``, ``rematch``, ``hand`` and ``status``."""

from typing import TYPE_CHECKING, Annotated

import typer

from scorekeeper.cli import language
from scorekeeper.cli.common import (
    DbOption,
    EntryFileOption,
    GameOption,
    GuidedOption,
    JsonOption,
    SetOption,
    YesOption,
    emit_json,
    parse_settings,
    read_input,
    report_hand,
    stdin_is_terminal,
)
from scorekeeper.cli.complete import complete_game, complete_variant
from scorekeeper.cli.entries import prompts, read_entries, say_if_nobody_scored
from scorekeeper.domain.fields import document
from scorekeeper.errors import InputError, UsageError
from scorekeeper.i18n import N_, listing, ngettext
from scorekeeper.i18n import gettext as _

if TYPE_CHECKING:
    from scorekeeper.application.usecases import Started
    from scorekeeper.domain.entries import SideEntry
    from scorekeeper.domain.game import Game


def new(
    variant: Annotated[
        str,
        typer.Argument(
            help=N_("Variant name, e.g. classic (see 'variants')."), autocompletion=complete_variant
        ),
    ],
    team: Annotated[
        list[str] | None,
        typer.Option("--team", "-t", help=N_("A side's name; once per side, in seating order.")),
    ] = None,
    players: Annotated[
        list[str] | None,
        typer.Option(
            "--players", "-p", help=N_("A side's players, comma-separated; once per side.")
        ),
    ] = None,
    target: Annotated[int | None, typer.Option(help=N_("Score that ends the game."))] = None,
    label: Annotated[str, typer.Option(help=N_("A label for the game, e.g. 'Friday club'."))] = "",
    settings: SetOption = None,
    start_score: Annotated[
        list[int] | None,
        typer.Option("--start-score", help=N_("Score to start from, once per side in side order.")),
    ] = None,
    dealer: Annotated[
        str | None,
        typer.Option(
            "--dealer",
            help=N_(
                "Who deals the first hand: a player's or a side's name (default: the first"
                " player); the deal then passes to the left."
            ),
        ),
    ] = None,
    as_json: JsonOption = False,
    db: DbOption = None,
) -> None:
    """Start a game of VARIANT and make it the current game.

    Example: scorekeeper new classic --team "Ann & Bob" --team "Cat & Dan" --dealer "Cat & Dan"
    """
    from scorekeeper.application.usecases import new_game
    from scorekeeper.domain.game import Side
    from scorekeeper.variants import load_variant

    names = team or []
    if not names:
        raise UsageError(_("name every side with --team, e.g. --team Ann --team Bob"))
    chosen = parse_settings(settings)
    if target is not None and "target" in chosen:
        raise UsageError(_("give the target once: --target N or --set target=N"))
    if target is not None:
        if target <= 0:
            raise UsageError(
                _("--target must be a positive score, not {target}").format(target=target)
            )
        from scorekeeper.domain.limits import MAX_NUMBER
        from scorekeeper.i18n import number as figure

        if target > MAX_NUMBER:  # named as typed, not as the --set it becomes
            raise UsageError(
                _("--target is at most {most}, not {target}").format(
                    most=figure(MAX_NUMBER), target=figure(target)
                )
            )
        chosen["target"] = str(target)
    game_variant = load_variant(variant, chosen)
    if players and len(players) != len(names):
        raise UsageError(
            _("give --players once per side ({n} sides), not {got}").format(
                n=len(names), got=len(players)
            )
        )
    if start_score and len(start_score) != len(names):
        raise UsageError(
            _("give --start-score once per side ({n} sides), not {got}").format(
                n=len(names), got=len(start_score)
            )
        )
    sides = tuple(
        Side(
            name=name.strip(),
            players=tuple(
                p.strip() for p in (players[i] if players else "").split(",") if p.strip()
            ),
            start_score=start_score[i] if start_score else 0,
        )
        for i, name in enumerate(names)
    )
    if dealer is not None and not dealer.strip():
        raise InputError(_("--dealer needs a player's or a side's name"))
    _report_started(new_game(db, game_variant, sides, label, dealer), as_json)


def rematch(
    game_id: Annotated[
        int | None,
        typer.Argument(
            help=N_("The game to play again (default: the current game)."),
            show_default=False,
            autocompletion=complete_game,
        ),
    ] = None,
    as_json: JsonOption = False,
    db: DbOption = None,
) -> None:
    """Start a new game like GAME and make it current: the same variant and rules (as that game
    keeps them), options, sides, players and label; the deal passes on to the player after the
    one who dealt GAME's first hand.

    Example: scorekeeper rematch 3
    """
    from scorekeeper.application.usecases import rematch as start_rematch

    _report_started(start_rematch(db, game_id), as_json)


def _report_started(started: "Started", as_json: bool) -> None:
    """Print a game just started (its standings, or ``status --json``) and the earlier
    unfinished games on stderr."""
    if started.warning:  # a damaged old game must not stop a new one
        typer.echo(_("Warning: {message}").format(message=started.warning), err=True)
    stored, unfinished = started.stored, started.unfinished
    from scorekeeper.presentation import standings

    if as_json:
        emit_json(standings.status_json(stored))
        _mention_unfinished(unfinished)
        return
    from scorekeeper.presentation.console import console

    con = console()
    standings.print_standings(con, stored)
    _mention_unfinished(unfinished)


def _mention_unfinished(ids: list[int]) -> None:
    """Tell on stderr which earlier games are still open, so a new game never hides one."""
    if not ids:
        return
    shown = listing(str(i) for i in ids[:5])
    if len(ids) > 5:
        shown = _("{games} and {n} more").format(games=shown, n=len(ids) - 5)
    said = ngettext(
        "Unfinished: game {games}; 'scorekeeper resume ID' goes back to one"
        " ('scorekeeper games --status playing' lists them).",
        "Unfinished: games {games}; 'scorekeeper resume ID' goes back to one"
        " ('scorekeeper games --status playing' lists them).",
        len(ids),
    )
    language.echo_message(said.format(games=shown))


@document
def hand(
    entries: Annotated[
        list[str] | None,
        typer.Argument(
            help=N_(
                "One entry per side in side order, e.g. 'meld=220 nat=1 mix=1 red=2 out hand=15'."
            ),
            show_default=False,
        ),
    ] = None,
    file: EntryFileOption = None,
    guided: GuidedOption = False,
    note: Annotated[str, typer.Option(help=N_("A note kept with the hand."))] = "",
    partners: Annotated[
        str | None,
        typer.Option(
            help=N_(
                "Cutthroat: the two players who were partners this hand, 'Bob,Cat' (or their"
                " sides' numbers, '2 3'; '-': nobody took the pile)."
            )
        ),
    ] = None,
    game_id: GameOption = None,
    yes: YesOption = False,
    as_json: JsonOption = False,
    db: DbOption = None,
) -> None:
    """Record the next hand of the current game and show the score.

    \b
    One-line entries, one per side in side order, or named in any order
    ("Cat & Dan: m=110 h=70"):
      {entry items}
      -                   the side scored nothing
    Example: scorekeeper hand "m=220 nat=1 mix=1 r=2 out h=15" "m=110 r=1 h=70"
    With no entries on a terminal it asks side by side; --file takes the
    JSON entry.
    """
    from scorekeeper.application import queries, usecases
    from scorekeeper.presentation import standings
    from scorekeeper.presentation.console import console
    from scorekeeper.presentation.view import proposed_view

    interactive = stdin_is_terminal()
    asks = guided or (interactive and not (yes and (entries or file)))
    if not asks:
        # The file is read first (a pipe may keep it waiting), then its entries against the
        # game as stored, under the lock: scripts' hands never collide.
        text = read_input(file) if file and not entries else None

        def given(game: "Game") -> "usecases.HandInput":
            side_entries, file_note, pair = read_entries(
                game, entries, file, False, False, partners, file_text=text
            )
            return usecases.HandInput(side_entries, note or file_note, pair)

        stored = usecases.record_hand(db, given, game_id)
        say_if_nobody_scored(stored.game.hands[-1].entries)
        report_hand(stored, len(stored.game.hands), as_json)
        return
    # Ask (and confirm) without holding the lock; the write checks that the game did not
    # change meanwhile.
    seen = queries.game_to_change(db, game_id)
    game = seen.stored.game
    game.check_open()  # a game over, or full, is refused before anything is asked
    con = console()
    earlier: list[SideEntry] | None = None
    earlier_pair: tuple[int, ...] = ()
    while True:
        side_entries, file_note, pair = read_entries(
            game,
            entries,
            file,
            guided,
            interactive,
            partners,
            defaults=earlier,
            default_partners=earlier_pair,
        )
        breakdowns = game.score(side_entries, pair)
        if not interactive or yes:
            say_if_nobody_scored(side_entries)  # no question: said all the same
            break
        shown = proposed_view(game, game.next_hand, breakdowns, side_entries, pair)
        standings.print_breakdown(con, shown)
        say_if_nobody_scored(side_entries)
        if prompts(entries, file, guided, interactive):
            from scorekeeper.cli.prompt import confirm_hand

            # "n" goes back to the answers, each starting at the one just given
            answer = confirm_hand(_("Record this hand?"))
            if answer is False:
                earlier, earlier_pair = side_entries, pair
                continue
        else:
            from scorekeeper.cli.language import confirm

            answer = confirm(_("Record this hand?"), default=True)
        if not answer:
            con.print(_("Nothing recorded."))
            raise typer.Exit(0)
        break
    hand_input = usecases.HandInput(side_entries, note or file_note, pair)
    stored = usecases.record_hand(db, hand_input, seen=seen)
    report_hand(stored, len(stored.game.hands), as_json)


def status(game_id: GameOption = None, as_json: JsonOption = False, db: DbOption = None) -> None:
    """Show the current game: totals, hands played, opening minimums, winner; it ends with
    the score pad's last lines (next opening minimums, next dealer) while the game is open.

    Example: scorekeeper status
    """
    from scorekeeper.application.queries import game
    from scorekeeper.presentation import standings

    stored = game(db, game_id)
    if as_json:
        emit_json(standings.status_json(stored))
        return
    from scorekeeper.presentation.console import console

    standings.print_standings(console(), stored, True)  # ending with the pad's footer

"""Correcting games: ``undo``, ``redo``, ``edit N``, ``delete`` and ``restore``.

Each change is shown and asked on a terminal (``--yes`` skips the question); with no terminal it
goes ahead, except ``delete``, which then needs ``--yes`` (DESIGN.md). Totals, minimums and the
winner are recomputed from the hands; a finished game whose outcome changes reopens, and is
finished again (with a new timestamp) when a hand decides it.
"""

from typing import TYPE_CHECKING, Annotated

import typer

from scorekeeper.cli.common import (
    DbOption,
    EntryFileOption,
    GameOption,
    GuidedOption,
    JsonOption,
    YesOption,
    emit_json,
    report_hand,
    stdin_is_terminal,
)
from scorekeeper.cli.complete import complete_deleted_game, complete_game, complete_side
from scorekeeper.domain.fields import document
from scorekeeper.errors import UsageError
from scorekeeper.i18n import N_, listing, ngettext
from scorekeeper.i18n import gettext as _
from scorekeeper.i18n import number as figure

if TYPE_CHECKING:
    from scorekeeper.domain.entries import SideEntry
    from scorekeeper.domain.game import Game, Hand
    from scorekeeper.domain.records import StoredGame


def _ask(question: str, yes: bool, default: bool = True) -> None:
    """Ask on a terminal unless ``yes``; a "no" ends the command with nothing changed. Enter
    alone answers ``default``: no for a destructive question (``delete``), as gh and git do."""
    if yes or not stdin_is_terminal():
        return
    from scorekeeper.cli.language import confirm

    if not confirm(question, default=default):
        typer.echo(_("Nothing changed."), err=True)
        raise typer.Exit(0)


def _report(stored: "StoredGame", as_json: bool, message: str) -> None:
    from scorekeeper.presentation import standings

    if as_json:
        emit_json(standings.status_json(stored))
        return
    from scorekeeper.presentation.console import console

    con = console()
    con.print(message)
    standings.print_standings(con, stored)


def undo(
    game_id: GameOption = None,
    yes: YesOption = False,
    as_json: JsonOption = False,
    db: DbOption = None,
) -> None:
    """Take back the last hand of the current game; 'redo' puts it back until a new hand is
    recorded. Undoing the winning hand reopens the game.

    Example: scorekeeper undo
    """
    from scorekeeper.application import queries, usecases
    from scorekeeper.presentation import standings
    from scorekeeper.presentation.console import console
    from scorekeeper.presentation.view import hand_view

    seen = queries.game_to_change(db, game_id)
    shown = seen.stored
    usecases.hand_to_undo(shown)
    number = len(shown.game.hands)
    if stdin_is_terminal() and not yes:
        standings.print_breakdown(console(), hand_view(shown.game, number))
    _ask(_("Take back hand {number} of game {game}?").format(number=number, game=shown.id), yes)
    stored = usecases.undo(db, seen=seen)
    said = _("Hand {number} taken back ('scorekeeper redo' puts it back).").format(number=number)
    _report(stored, as_json, said)


def redo(
    game_id: GameOption = None,
    yes: YesOption = False,
    as_json: JsonOption = False,
    db: DbOption = None,
) -> None:
    """Put back the last hand taken back with 'undo' (possible until a new hand is recorded).

    Example: scorekeeper redo
    """
    from scorekeeper.application import queries, usecases
    from scorekeeper.presentation import standings
    from scorekeeper.presentation.console import console
    from scorekeeper.presentation.view import proposed_view

    seen = queries.game_to_change(db, game_id)
    shown = seen.stored
    hand = usecases.hand_to_redo(shown)
    number = shown.game.next_hand
    breakdowns = shown.game.score(hand.entries, hand.partners, kept=True)
    if stdin_is_terminal() and not yes:
        standings.print_breakdown(
            console(), proposed_view(shown.game, number, breakdowns, partners=hand.partners)
        )
    _ask(_("Put back hand {number} of game {game}?").format(number=number, game=shown.id), yes)
    stored = usecases.redo(db, seen=seen)
    report_hand(stored, number, as_json)


@document
def edit(
    number: Annotated[int, typer.Argument(help=N_("The hand to re-enter (1 is the first)."))],
    entries: Annotated[
        list[str] | None,
        typer.Argument(
            help=N_(
                "One entry per side in side order, as for 'hand'; with --side, the items to change."
            ),
            show_default=False,
        ),
    ] = None,
    side: Annotated[
        str | None,
        typer.Option(
            "--side",
            autocompletion=complete_side,
            help=N_(
                "Change only the items given (ITEM=VALUE ...) of this side's entry (the side's"
                " name or number, 1 is the first); the rest of the hand stays as recorded."
            ),
        ),
    ] = None,
    file: EntryFileOption = None,
    guided: GuidedOption = False,
    note: Annotated[
        str | None, typer.Option(help=N_("A new note for the hand (default: keep the old one)."))
    ] = None,
    partners: Annotated[
        str | None,
        typer.Option(
            help=N_(
                "Cutthroat: this hand's two partners, 'Bob,Cat' or '2 3' ('-' for none;"
                " default: keep)."
            )
        ),
    ] = None,
    game_id: GameOption = None,
    yes: YesOption = False,
    as_json: JsonOption = False,
    db: DbOption = None,
) -> None:
    """Re-enter hand N of the current game, in any entry style 'hand' takes; totals, later
    opening minimums and the winner are recomputed.

    A finished game whose outcome changes reopens (or finishes again if still decided).

    Asked side by side (--guided, or no entries on a terminal), every question starts at the
    hand as recorded: Enter keeps it. At the last question, n goes back to the answers.

    With --side NAME, the arguments are items of that side's entry: only they change
    (m=150 replaces the meld points or cards; out is refused if another side went out).

    \b
    One-line entries, one per side in side order, or named in any order
    ("Cat & Dan: m=110 h=70"):
      {entry items}
      -                   the side scored nothing
    Example: scorekeeper edit 2 "m=120 nat=1 out" "m=90 h=20"
    Example: scorekeeper edit 2 --side "Cat & Dan" h=25
    """
    from scorekeeper.application import queries, usecases
    from scorekeeper.cli.entries import prompts, read_entries
    from scorekeeper.domain.game import Game, Hand
    from scorekeeper.presentation import render, standings
    from scorekeeper.presentation.console import console
    from scorekeeper.presentation.view import hand_view

    seen = queries.game_to_change(db, game_id)
    shown = seen.stored
    game = shown.game
    old = usecases.hand_to_edit(shown, number)
    con = console()
    interactive = stdin_is_terminal()
    # The game as it stood before hand N: entries are read and checked as that hand.
    earlier_game = Game(
        game.variant, game.sides, list(game.hands[: number - 1]), first_dealer=game.first_dealer
    )
    asking = side is None and prompts(entries, file, guided, interactive)
    # The guided prompt starts every answer at the hand as recorded, and after an "n" at the
    # question at the answers just given.
    earlier, earlier_pair = list(old.entries), old.partners
    while True:
        if side is not None:
            side_entries, file_note, pair = _amended(
                earlier_game, old, side, entries, file, guided, partners
            )
        else:
            side_entries, file_note, pair = read_entries(
                earlier_game,
                entries,
                file,
                guided,
                interactive,
                partners,
                defaults=earlier,
                default_partners=earlier_pair,
            )
        if not pair and partners is None and not asking:
            pair = old.partners  # like the note, the hand's partners stay unless given again
        chosen_note = note if note is not None else (file_note or old.note)
        new_hand = Hand(tuple(side_entries), chosen_note, old.recorded_at, pair)
        trial = Game(game.variant, game.sides, list(game.hands), first_dealer=game.first_dealer)
        trial.replace(number, new_hand)  # raises when the change breaks a rule; nothing stored
        if interactive and not yes:
            con.print(_("Hand {number} now:").format(number=number))
            standings.print_breakdown(con, hand_view(game, number))
            con.print(_("would become:"))
            standings.print_breakdown(con, hand_view(trial, number))
            totals = listing(
                f"{n} {render.num(t)}" for n, t in zip(trial.names, trial.totals, strict=True)
            )
            from rich.text import Text

            con.print(Text(_("Totals would be: {totals}").format(totals=totals)))
        question = _("Replace hand {number} of game {game}?").format(number=number, game=shown.id)
        if asking and interactive and not yes:
            from scorekeeper.cli.prompt import confirm_hand

            answer = confirm_hand(question)
            if answer is False:
                earlier, earlier_pair = side_entries, pair
                continue
            if answer is None:
                typer.echo(_("Nothing changed."), err=True)
                raise typer.Exit(0)
        else:
            _ask(question, yes)
        break
    stored = usecases.edit_hand(db, number, new_hand, seen=seen)
    report_hand(stored, number, as_json)


def _amended(
    game: "Game",
    old: "Hand",
    side: str,
    items: list[str] | None,
    file: str | None,
    guided: bool,
    partners: str | None,
) -> "tuple[list[SideEntry], str, tuple[int, ...]]":
    """Hand ``old``'s entries with side ``side``'s items changed (``edit --side``), no note, and
    the partners kept. UsageError with --file or --guided, or without items."""
    from scorekeeper.cli.entries import partner_indexes, show_hints
    from scorekeeper.domain.amend import amend_side

    if file or guided:
        raise UsageError(_("--side changes items of one side: give them, not --file or --guided"))
    if not items:
        raise UsageError(
            _("--side {side}: give the items to change, e.g. m=150 h=20").format(side=side)
        )
    hints: list[str] = []
    index = game.side_of(side)  # a player names their side too
    entries = amend_side(game.variant, old.entries, game.names, index, " ".join(items), hints)
    show_hints(hints)
    return entries, "", partner_indexes(game, partners) if partners else old.partners


def delete(
    game_id: Annotated[
        int, typer.Argument(help=N_("Game id ('games' lists them)."), autocompletion=complete_game)
    ],
    yes: YesOption = False,
    as_json: JsonOption = False,
    db: DbOption = None,
) -> None:
    """Delete a game: it leaves the games list and statistics, and 'restore' brings it back.

    Asks on a terminal; with no terminal it needs --yes.
    Example: scorekeeper delete 3 --yes
    """
    from scorekeeper.application import queries, usecases

    seen = queries.game_to_change(db, game_id, deleted_ok=True)
    shown = seen.stored.game
    usecases.refuse_deleted_again(seen.stored)
    if not yes and not stdin_is_terminal():
        raise UsageError(
            _("delete asks before it acts: add --yes to delete game {game}").format(game=game_id)
        )
    totals = listing(f"{n} {figure(t)}" for n, t in zip(shown.names, shown.totals, strict=True))
    hands = ngettext("{n} hand", "{n} hands", len(shown.hands)).format(n=len(shown.hands))
    question = _("Delete game {game} ({hands}; {totals})?").format(
        game=game_id, hands=hands, totals=totals
    )
    _ask(question, yes, default=False)
    stored = usecases.delete_game(db, game_id, seen=seen)
    if as_json:
        from scorekeeper.presentation import standings

        emit_json(standings.status_json(stored))
    typer.echo(
        _("Game {game} deleted; 'scorekeeper restore {game}' brings it back.").format(game=game_id),
        err=True,
    )


def restore(
    game_id: Annotated[
        int,
        typer.Argument(help=N_("Id of a deleted game."), autocompletion=complete_deleted_game),
    ],
    as_json: JsonOption = False,
    db: DbOption = None,
) -> None:
    """Bring back a deleted game (into the games list and statistics).

    Example: scorekeeper restore 3
    """
    from scorekeeper.application.usecases import restore_game

    stored = restore_game(db, game_id)
    if as_json:
        from scorekeeper.presentation import standings

        emit_json(standings.status_json(stored))
    typer.echo(
        _("Game {game} restored; 'scorekeeper resume {game}' makes it current.").format(
            game=game_id
        ),
        err=True,
    )

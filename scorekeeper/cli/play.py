"""Playing a game: ``new``, ``hand`` and ``status``."""

from __future__ import annotations

from typing import Annotated

import typer

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
    refuse_deleted,
    report_hand,
    stdin_is_terminal,
)
from scorekeeper.cli.entries import read_entries
from scorekeeper.errors import InputError, UsageError


def new(
    variant: Annotated[str, typer.Argument(help="Variant name, e.g. classic (see 'variants').")],
    team: Annotated[
        list[str] | None,
        typer.Option("--team", "-t", help="A side's name; once per side, in seating order."),
    ] = None,
    players: Annotated[
        list[str] | None,
        typer.Option("--players", "-p", help="A side's players, comma-separated; once per side."),
    ] = None,
    target: Annotated[int | None, typer.Option(help="Score that ends the game.")] = None,
    label: Annotated[str, typer.Option(help="A label for the game, e.g. 'Friday club'.")] = "",
    settings: SetOption = None,
    start_score: Annotated[
        list[int] | None,
        typer.Option("--start-score", help="Score to start from, once per side in side order."),
    ] = None,
    as_json: JsonOption = False,
    db: DbOption = None,
) -> None:
    """Start a game of VARIANT and make it the current game.

    Example: scorekeeper new classic --team "Ann & Bob" --team "Cat & Dan"
    """
    from scorekeeper.domain.game import Game, Side
    from scorekeeper.storage.codec import StoredGame
    from scorekeeper.storage.database import now, open_store
    from scorekeeper.variants import load_variant

    names = team or []
    if not names:
        raise UsageError("name every side with --team, e.g. --team Ann --team Bob")
    chosen = parse_settings(settings)
    if target is not None and "target" in chosen:
        raise UsageError("give the target once: --target N or --set target=N")
    if target is not None:
        if target <= 0:
            raise InputError(f"--target must be a positive score, not {target}")
        chosen["target"] = str(target)
    game_variant = load_variant(variant, chosen)
    if players and len(players) != len(names):
        raise UsageError(f"give --players once per side ({len(names)} sides), not {len(players)}")
    if start_score and len(start_score) != len(names):
        raise UsageError(
            f"give --start-score once per side ({len(names)} sides), not {len(start_score)}"
        )
    for score in start_score or []:
        if score % game_variant.point_step:
            raise InputError(f"start score {score} is not a multiple of {game_variant.point_step}")
        if game_variant.target and score >= game_variant.target:
            raise InputError(
                f"start score {score:,} is at or above the target {game_variant.target:,}: that"
                " game is over already"
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
    game = Game(game_variant, sides)
    from scorekeeper.errors import DataFileError

    with open_store(db, write=True) as store:
        try:
            unfinished = store.unfinished_ids()
        except DataFileError as err:  # a damaged old game must not stop a new one
            typer.echo(f"Warning: {err.message}", err=True)
            unfinished = []
        stored = StoredGame(id=0, game=game, label=label, created=now())
        store.add(stored)
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
    shown = ", ".join(str(i) for i in ids[:5]) + (
        f" and {len(ids) - 5} more" if len(ids) > 5 else ""
    )
    typer.echo(
        f"Unfinished: game{'s' if len(ids) > 1 else ''} {shown}; 'scorekeeper resume ID' goes back"
        " to one ('scorekeeper games --status playing' lists them).",
        err=True,
    )


def hand(
    entries: Annotated[
        list[str] | None,
        typer.Argument(
            help="One entry per side in side order, e.g. 'meld=220 nat=1 mix=1 red=2 out hand=15'.",
            show_default=False,
        ),
    ] = None,
    file: EntryFileOption = None,
    guided: GuidedOption = False,
    note: Annotated[str, typer.Option(help="A note kept with the hand.")] = "",
    partners: Annotated[
        str | None,
        typer.Option(help="Cutthroat: the two players who were partners this hand, 'Bob,Cat'."),
    ] = None,
    game_id: GameOption = None,
    yes: YesOption = False,
    as_json: JsonOption = False,
    db: DbOption = None,
) -> None:
    """Record the next hand of the current game and show the score.

    \b
    One-line entries, one per side in side order (README, "One-line entries"):
      meld=N / m=N      melded card points   hand=N / h=N   points left in hands
      natural=N mixed=N canastas by kind (any alias or unique prefix: nat=1 mix=2)
      red=N / r=N       red threes           out / o        the side went out
      concealed / c     went out concealed   -              the side scored nothing
    Example: scorekeeper hand "m=220 nat=1 mix=1 r=2 out h=15" "m=110 r=1 h=70"
    With no entries on a terminal it asks side by side; --file takes the JSON entry.
    """
    from scorekeeper.domain.game import Hand
    from scorekeeper.presentation import standings
    from scorekeeper.presentation.console import console
    from scorekeeper.presentation.view import proposed_view
    from scorekeeper.storage.database import now, open_store

    interactive = stdin_is_terminal()
    asks = guided or (interactive and not (yes and (entries or file)))
    seen = None
    if asks:
        # Ask (and confirm) without holding the lock; the write below checks that the game
        # did not change meanwhile.
        with open_store(db) as store:
            seen = store.current(game_id)
        refuse_deleted(seen)
        if seen.game.outcome.over:
            seen.game.score([])  # raises the "game is over" refusal
        con = console()
        side_entries, file_note, pair = read_entries(
            seen.game, entries, file, guided, interactive, partners
        )
        breakdowns = seen.game.score(side_entries, pair)
        if interactive and not yes:
            shown = proposed_view(seen.game, seen.game.next_hand, breakdowns, side_entries)
            standings.print_breakdown(con, shown)
            if not typer.confirm("Record this hand?", default=True, err=True):
                con.print("Nothing recorded.")
                raise typer.Exit(0)
    with open_store(db, write=True) as store:
        stored = store.current(seen.id if seen else game_id)
        refuse_deleted(stored)
        if seen is None:
            if stored.game.outcome.over:
                stored.game.score([])  # raises the "game is over" refusal
            side_entries, file_note, pair = read_entries(
                stored.game, entries, file, False, False, partners
            )
        elif len(stored.game.hands) != len(seen.game.hands):
            raise InputError("the game changed while you typed (another terminal); try again")
        note = note or file_note
        stored.game.add(Hand(tuple(side_entries), note, now(), pair))
        stored.redo = []
        if stored.game.outcome.over and not stored.finished:
            stored.finished = now()
        store.save(stored)
    number = len(stored.game.hands)
    report_hand(stored, number, as_json)


def status(game_id: GameOption = None, as_json: JsonOption = False, db: DbOption = None) -> None:
    """Show the current game: totals, hands played, opening minimums, next dealer, winner.

    Example: scorekeeper status
    """
    from scorekeeper.presentation import standings
    from scorekeeper.storage.database import open_store

    with open_store(db) as store:
        stored = store.current(game_id)
    if as_json:
        emit_json(standings.status_json(stored))
        return
    from scorekeeper.presentation.console import console

    standings.print_standings(console(), stored)

"""Playing a game: ``new``, ``hand`` and ``status``."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from scorekeeper.cli import prompt
from scorekeeper.cli.common import (
    DbOption,
    GameOption,
    JsonOption,
    SetOption,
    YesOption,
    emit_json,
    parse_settings,
    stdin_is_terminal,
)
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
    from scorekeeper.domain.variant import build_variant
    from scorekeeper.storage.codec import StoredGame
    from scorekeeper.storage.database import now, open_store
    from scorekeeper.variants import load_rules

    names = team or []
    if not names:
        raise UsageError("name every side with --team, e.g. --team Ann --team Bob")
    chosen = parse_settings(settings)
    if target is not None:
        if target <= 0:
            raise InputError(f"--target must be a positive score, not {target}")
        chosen["target"] = str(target)
    rules = load_rules(variant, chosen)
    game_variant = build_variant(rules, variant)
    if players and len(players) != len(names):
        raise UsageError(f"give --players once per side ({len(names)} sides), not {len(players)}")
    if start_score and len(start_score) != len(names):
        raise UsageError(
            f"give --start-score once per side ({len(names)} sides), not {len(start_score)}"
        )
    for score in start_score or []:
        if score % game_variant.point_step:
            raise InputError(f"start score {score} is not a multiple of {game_variant.point_step}")
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
    with open_store(db, write=True) as store:
        previous = store.current_id
        unfinished = None
        if previous is not None:
            try:
                old = store.get(previous)
                if old.status == "playing" and old.game.hands:
                    unfinished = previous
            except Exception:  # a damaged old game must not block a new one
                unfinished = None
        stored = StoredGame(id=0, game=game, label=label, created=now())
        store.add(stored)
    from scorekeeper.presentation import render

    if as_json:
        emit_json(render.status_json(stored))
        return
    from scorekeeper.presentation.console import console

    con = console()
    render.print_standings(con, stored)
    if unfinished is not None:
        con.print(
            f"Game {unfinished} is unfinished: record into it with 'scorekeeper hand --game"
            f" {unfinished}'."
        )


def _partners(game: Any, names: Any) -> tuple[int, ...]:
    """Side indexes of this hand's partners (cutthroat), from "Bob,Cat" or a JSON list."""
    if isinstance(names, str):
        names = [n for n in names.split(",") if n.strip()]
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise InputError('partners are two players\' names, e.g. "Bob,Cat"')
    return tuple(game.side_index(n) for n in names)


def _read_file_entries(game: Any, source: str) -> tuple[list[Any], str, tuple[int, ...]]:
    """Hand entries from a JSON file (``-`` for stdin), in side order, the hand's note, and the
    partners of a cutthroat hand."""
    from scorekeeper.domain.scoring import SideEntry, entry_from_json

    try:
        text = sys.stdin.read() if source == "-" else Path(source).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise InputError(f"cannot read {source}: {getattr(err, 'strerror', None) or err}") from None
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as err:
        raise InputError(f"{source} is not valid JSON: {err.msg} at line {err.lineno}") from None
    if not isinstance(doc, dict) or not isinstance(doc.get("teams"), list):
        raise InputError(f'{source}: expected an object with a "teams" list, one entry per side')
    for key in doc:
        if key not in ("teams", "note", "partners"):
            raise InputError(f"{source}: unknown key '{key}' (allowed: teams, note, partners)")
    pair = _partners(game, doc["partners"]) if "partners" in doc else ()
    items = doc["teams"]
    names = game.names
    note = doc.get("note", "")
    if not isinstance(note, str):
        raise InputError(f"{source}: 'note' must be text")
    named = [isinstance(t, dict) and "team" in t for t in items]
    entries: list[SideEntry | None] = [None] * len(names)
    if any(named):
        if not all(named):
            raise InputError(f"{source}: name every side with 'team', or none of them")
        for item in items:
            if not isinstance(item["team"], str):
                raise InputError(f"{source}: 'team' must be a side's name")
            i = game.side_index(item["team"])
            if entries[i] is not None:
                raise InputError(f"{source}: side '{names[i]}' has two entries")
            entries[i] = entry_from_json(game.variant, item, names[i])
        missing = [n for n, e in zip(names, entries, strict=True) if e is None]
        if missing:
            raise InputError(f"{source}: no entry for {', '.join(missing)}; every side needs one")
    else:
        if len(items) != len(names):
            raise InputError(
                f"{source}: this game has {len(names)} sides ({', '.join(names)}); got"
                f" {len(items)} entries"
            )
        entries = [entry_from_json(game.variant, t, n) for t, n in zip(items, names, strict=True)]
    return list(entries), note, pair


def hand(
    entries: Annotated[
        list[str] | None,
        typer.Argument(
            help="One entry per side in side order, e.g. 'meld=220 nat=1 mix=1 red=2 out hand=15'.",
            show_default=False,
        ),
    ] = None,
    file: Annotated[
        str | None, typer.Option("--file", "-f", help="JSON hand entry file; '-' reads stdin.")
    ] = None,
    guided: Annotated[
        bool, typer.Option("--guided", help="Ask side by side even when input is not a terminal.")
    ] = False,
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
    from scorekeeper.domain.entry_line import parse_line
    from scorekeeper.domain.game import Hand
    from scorekeeper.presentation import render
    from scorekeeper.presentation.console import console
    from scorekeeper.storage.database import now, open_store

    if file and entries:
        raise UsageError("give one-line entries or --file, not both")
    with open_store(db) as store:
        stored = store.current(game_id)
    game = stored.game
    if game.outcome.over:
        game.score([])  # raises the "game is over" refusal
    con = console()
    interactive = stdin_is_terminal()
    file_partners: tuple[int, ...] = ()
    if file:
        side_entries, file_note, file_partners = _read_file_entries(game, file)
        note = note or file_note
    elif entries:
        if len(entries) != len(game.sides):
            raise InputError(
                f"this game has {len(game.sides)} sides ({', '.join(game.names)}): give one entry"
                f" per side in that order ('-' for a side that scored nothing); got {len(entries)}"
            )
        side_entries = [
            parse_line(game.variant, text, name)
            for text, name in zip(entries, game.names, strict=True)
        ]
    elif interactive or guided:
        side_entries, file_partners = prompt.ask_hand(con, game)
    else:
        raise UsageError(
            "no hand given: pass one entry per side, --file FILE (- for stdin), or --guided"
        )
    pair = _partners(game, partners) if partners else file_partners
    breakdowns = game.score(side_entries, pair)
    if interactive and not yes:
        render.print_breakdown(con, stored, game.next_hand, breakdowns, side_entries)
        if not typer.confirm("Record this hand?", default=True):
            con.print("Nothing recorded.")
            raise typer.Exit(0)
    with open_store(db, write=True) as store:
        stored = store.current(stored.id)
        if len(stored.game.hands) != len(game.hands):
            raise InputError("the game changed while you typed (another terminal); try again")
        stored.game.add(Hand(tuple(side_entries), note, now(), pair))
        stored.redo = []
        if stored.game.outcome.over and not stored.finished:
            stored.finished = now()
        store.save(stored)
        store.set_current(stored.id)
    number = len(stored.game.hands)
    if as_json:
        emit_json(render.hand_json(stored, number))
        return
    render.print_breakdown(con, stored, number)
    render.print_standings(con, stored)


def status(game_id: GameOption = None, as_json: JsonOption = False, db: DbOption = None) -> None:
    """Show the current game: totals, hands played, opening minimums, next dealer, winner.

    Example: scorekeeper status
    """
    from scorekeeper.presentation import render
    from scorekeeper.storage.database import open_store

    with open_store(db) as store:
        stored = store.current(game_id)
    if as_json:
        emit_json(render.status_json(stored))
        return
    from scorekeeper.presentation.console import console

    render.print_standings(console(), stored)

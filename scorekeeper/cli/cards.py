"""Counting cards at the table: ``points`` and ``check``."""

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from scorekeeper.cli.common import (
    DbOption,
    GameOption,
    JsonOption,
    RoundOption,
    ScoreOption,
    SetOption,
    VariantOption,
    emit_json,
)
from scorekeeper.cli.complete import complete_side
from scorekeeper.errors import InputError, RuleError, UsageError
from scorekeeper.i18n import N_, listing
from scorekeeper.i18n import gettext as _
from scorekeeper.presentation.documents import document

if TYPE_CHECKING:
    from scorekeeper.domain.variant import Variant

CardsArgument = Annotated[
    list[str],
    typer.Argument(
        help=N_(
            "Cards: ranks A K Q J 10-4 (T for ten), 2, 3r 3b, jokers X; e.g. KKK2 AAA,"
            " K-K-K-2, 'Kh 10 X'."
        ),
        show_default=False,
    ),
]


def _variant_of(
    name: str | None, settings: list[str] | None, game_id: int | None, db: Path | None
) -> "tuple[Variant, bool]":
    """The variant named, else the current game's, else classic; and whether a game gave it."""
    from scorekeeper.cli.common import parse_settings
    from scorekeeper.variants import load_variant

    if name is not None:
        return load_variant(name, parse_settings(settings)), False
    if settings:
        raise UsageError(_("--set needs --variant; a game keeps the rules it was started with"))
    from scorekeeper.application.queries import variant_in_play

    in_play = variant_in_play(db, game_id)
    if in_play is not None:
        return in_play, True
    return load_variant("classic"), False


def points(
    cards: CardsArgument,
    variant: VariantOption = None,
    settings: SetOption = None,
    game_id: GameOption = None,
    as_json: JsonOption = False,
    db: DbOption = None,
) -> None:
    """Count the card points of CARDS: a total and each card's value.

    Uses --variant, else the current game's variant, else classic. Where a card left in a hand
    costs something else (Bolivia's black three: 100), that is shown too.
    Example: scorekeeper points K 9 5 X 3b --variant classic
    """
    from scorekeeper.domain.cards import card_points
    from scorekeeper.domain.melds import cards_to_count

    v, _current = _variant_of(variant, settings, game_id, db)
    parsed = cards_to_count(v, " ".join(cards))
    in_hand = v.hand_values
    total = card_points(v.cards, parsed)
    left = card_points(in_hand, parsed)
    if as_json:
        emit_json(
            document(
                variant=v.name,
                points=total,
                in_hand_points=left,
                cards=[
                    {"card": str(c), "points": v.cards[c.key], "in_hand": in_hand[c.key]}
                    for c in parsed
                ],
            )
        )
        return
    from scorekeeper.presentation.cards import print_points
    from scorekeeper.presentation.console import console

    print_points(console(), v, parsed, in_hand)


def check(
    cards: CardsArgument,
    discard: Annotated[
        str | None,
        typer.Option("--discard", "-d", help=N_("Top card of the discard pile taken (one card).")),
    ] = None,
    out: Annotated[
        bool,
        typer.Option("--out", help=N_("The player goes out this turn (black threes may meld).")),
    ] = False,
    concealed: Annotated[
        bool,
        typer.Option(
            "--concealed",
            help=N_("Going out concealed: the whole hand at once (implies --out)."),
        ),
    ] = False,
    team: Annotated[
        str | None,
        typer.Option(
            "--team",
            "-t",
            help=N_("Side of the current game that melds: its name or number (1 is the first)."),
            autocompletion=complete_side,
        ),
    ] = None,
    variant: VariantOption = None,
    score: ScoreOption = None,
    round_: RoundOption = None,
    settings: SetOption = None,
    game_id: GameOption = None,
    as_json: JsonOption = False,
    db: DbOption = None,
) -> None:
    """Check an opening meld: is each meld legal, and do they reach the side's minimum?

    \b
    Melds are separated by '|', or each token is a meld: 666 KKK2, K-K-K-2 A-A-A,
    '6 6 6 | A A A 2'. Exit code 0 when the melds may be laid down, 1 when not.
    For a side of the current game (--team NAME), or for --variant V
    --score N (--round R).
    Example: scorekeeper check 666 KKK2 --variant classic --score 1600
    """
    from scorekeeper.domain.cards import parse_cards, parse_melds
    from scorekeeper.domain.melds import check_opening
    from scorekeeper.domain.minimums import Minimum

    context: dict[str, Any] = {"game": None, "team": None, "score": score, "round": round_}
    if variant is not None:
        from scorekeeper.cli.common import parse_settings, variant_minimum
        from scorekeeper.variants import load_variant

        if team is not None or game_id is not None:
            raise UsageError(_("--team and --game check against a game; leave out --variant"))
        v = load_variant(variant, parse_settings(settings))
        minimum: Minimum | None = variant_minimum(v, score, round_)
    else:
        if score is not None or round_ is not None or settings:
            raise UsageError(
                _("--score, --round and --set need --variant; without it the current game is used")
            )
        from scorekeeper.application.queries import game as read_game

        stored = read_game(db, game_id)
        game = stored.game
        v = game.variant
        if game.outcome.over:
            raise RuleError(
                _("game {game} is over; check against --variant V --score N").format(game=stored.id)
            )
        if team is None:
            if len(game.sides) > 1:
                raise UsageError(
                    _("say which side melds with --team NAME (sides: {sides})").format(
                        sides=listing(game.names)
                    )
                )
            index = 0
        else:
            index = game.side_of(team)  # a player names their side too
        minimum = game.next_minimums()[index]
        if minimum is None:
            raise RuleError(
                _("game {game} is over; check against --variant V --score N").format(game=stored.id)
            )
        context = {
            "game": stored.id,
            "team": game.names[index],
            "score": game.totals[index],
            "round": game.next_hand if v.opening_minimum.by == "round" else None,
        }
    melds = parse_melds(" ".join(cards), decks=v.held)
    top = None
    if discard is not None:
        found = parse_cards(discard) if discard.strip() else []  # '' is no card: said below
        if len(found) != 1:
            raise InputError(
                _("--discard takes one card, the top of the pile; got '{card}'").format(
                    card=discard
                )
            )
        top = found[0]
    result = check_opening(
        v, melds, minimum, discard=top, going_out=out or concealed, concealed=concealed
    )
    from scorekeeper.presentation.cards import check_message

    if as_json:
        emit_json(
            document(variant=v.name, **context, **result.to_json(), message=check_message(result))
        )
    else:
        from scorekeeper.presentation.cards import print_check
        from scorekeeper.presentation.console import console

        print_check(console(), v, result, context)
    if not result.allowed:
        raise typer.Exit(1)

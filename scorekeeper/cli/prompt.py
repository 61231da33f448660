"""The guided ``hand`` prompt: asks side by side only what the variant scores.

Every answer is checked as it is typed and asked again when it is wrong; a hand that breaks a
rule as a whole (two sides out, going out without the canastas) is explained and entered again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import typer

from scorekeeper.domain.cards import card_points, parse_cards, parse_melds
from scorekeeper.domain.scoring import SideEntry, entry_from_json
from scorekeeper.errors import ScorekeeperError

if TYPE_CHECKING:
    from scorekeeper.domain.game import Game


def _ask(question: str, parse: Any, default: str = "0") -> Any:
    """Ask until ``parse(answer)`` succeeds; ``parse`` raises ScorekeeperError or ValueError."""
    while True:
        answer = typer.prompt(question, default=default, show_default=True, err=True)
        try:
            return parse(answer.strip())
        except (ScorekeeperError, ValueError) as err:
            typer.echo(f"  {err}", err=True)


def _count(limit: int, what: str) -> Any:
    def parse(text: str) -> int:
        if not text.isdigit():
            raise ValueError(f"{what}: type a count from 0 to {limit}")
        n = int(text)
        if n > limit:
            raise ValueError(f"{what}: at most {limit}")
        return n

    return parse


def _points_or_cards(game: Game, what: str, melds: bool) -> Any:
    v = game.variant

    def parse(text: str) -> tuple[int, str | None]:
        plain = text.replace(",", "")
        if plain.lstrip("-").replace(".", "", 1).isdigit() and not plain.isdigit():
            raise ValueError(f"{what}: a whole number, 0 or more, or the cards")
        text = " ".join(text.split("/"))  # melds may be separated by '/' as in one-line entries
        if plain.isdigit():
            n = int(plain)
            if n % v.point_step or n > v.deck_points:
                raise ValueError(
                    f"{what}: a multiple of {v.point_step} up to {v.deck_points:,}, or the cards"
                )
            return n, None
        if melds:
            return sum(card_points(v.cards, m) for m in parse_melds(text)), text
        return card_points(v.cards, parse_cards(text)), text

    return parse


def ask_side(game: Game, index: int, went_out: bool, concealed: bool) -> SideEntry:
    """Ask one side's entry, field by field."""
    v = game.variant
    name = game.names[index]
    typer.echo(f"\n{name}", err=True)
    obj: dict[str, Any] = {"went_out": went_out, "concealed": concealed}
    points, cards = _ask(
        "  Melded card points (or the cards, e.g. KKKK2 QQQ)",
        _points_or_cards(game, "meld", melds=True),
    )
    obj["melds" if cards else "meld_points"] = cards or points
    if cards:
        typer.echo("  (canastas are counted from the cards)", err=True)
    else:
        limit = v.deck_cards // 7
        canastas = {}
        for kind in v.canastas.values():
            n = _ask(f"  {kind.title.capitalize()}s", _count(limit, kind.title))
            if n:
                canastas[kind.key] = n
        obj["canastas"] = canastas
    if v.red_threes.scored:
        obj["red_threes"] = _ask("  Red threes", _count(v.cards_of("red_three"), "red threes"))
    if v.uses_black_threes:
        obj["black_threes"] = _ask(
            "  Black threes", _count(v.cards_of("black_three"), "black threes")
        )
    points, cards = _ask(
        "  Points left in hand (or the cards)", _points_or_cards(game, "hand", melds=False)
    )
    obj["hand" if cards else "hand_points"] = cards or points
    penalties = {}
    for key, value in v.penalties.items():
        n = _ask(f"  {v.penalty_titles[key].capitalize()} ({value:,} each)", _count(99, key))
        if n:
            penalties[key] = n
    obj["penalties"] = penalties
    return entry_from_json(v, obj, name)


def _ask_partners(game: Game, choices: str) -> tuple[int, ...]:
    def parse(text: str) -> tuple[int, ...]:
        if text in ("", "0"):
            return ()
        picks = text.replace(",", " ").split()
        if len(picks) != 2 or not all(p.isdigit() for p in picks):
            raise ValueError(
                "type the two partners' numbers, e.g. 2 3, or 0 if nobody took the pile"
            )
        pair = tuple(int(p) - 1 for p in picks)
        if len(set(pair)) != 2 or not all(0 <= p < len(game.names) for p in pair):
            raise ValueError(f"two different numbers from 1 to {len(game.names)}")
        return pair

    return _ask(f"Partners this hand? ({choices}; two numbers, 0 nobody took the pile)", parse)


def ask_hand(game: Game) -> tuple[list[SideEntry], tuple[int, ...]]:
    """Ask the whole hand (and, in cutthroat, the hand's partners); asks again from the start
    when the hand breaks a rule. Returns the entries in side order and the partners."""
    names = game.names
    choices = ", ".join(f"{i} {n}" for i, n in enumerate(names, start=1))
    while True:
        typer.echo(
            f"Hand {game.next_hand}: answer for each side (Enter keeps the default).", err=True
        )
        partners: tuple[int, ...] = ()
        if game.variant.partnerships == "per_hand":
            partners = _ask_partners(game, choices)
        out = _ask(f"Which side went out? ({choices}; 0 nobody)", _count(len(names), "side number"))
        concealed = False
        if out:
            concealed = typer.confirm(
                "Concealed (the whole hand melded in one turn)?", default=False, err=True
            )
        entries = [
            ask_side(game, i, out == i + 1, concealed and out == i + 1) for i in range(len(names))
        ]
        try:
            game.score(entries, partners)
        except ScorekeeperError as err:
            typer.echo(f"That hand cannot be recorded: {err}. Enter it again.", err=True)
            continue
        return entries, partners

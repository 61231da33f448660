"""The guided ``hand`` prompt: asks side by side only what the variant scores, as the one
table of entry fields (:data:`scorekeeper.domain.entries.FIELDS`) declares it.

Every answer is checked as it is typed and asked again when it is wrong; a hand that breaks a
rule as a whole (two sides out, going out without the canastas) is explained and entered again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import typer

from scorekeeper.domain.cards import card_points, parse_cards, parse_melds
from scorekeeper.domain.entries import SideEntry
from scorekeeper.domain.fields import (
    CANASTAS,
    FIELDS,
    PENALTIES,
    POINTS_OR_CARDS,
    SPECIAL_HAND,
    YES_NO,
    EntryField,
)
from scorekeeper.domain.reading import entry_from_json
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


def _points_or_cards(game: Game, what: str, melds: bool, going_out: bool = False) -> Any:
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
            # each meld judged as it is typed (legal, one meld per rank): asked again if not
            entry_from_json(v, {"melds": text, "went_out": going_out}, what)
            return sum(card_points(v.cards, m) for m in parse_melds(text)), text
        return card_points(v.cards, parse_cards(text)), text

    return parse


def _special_hand(game: Game, f: EntryField) -> Any:
    keys = list(game.variant.special_hands)

    def parse(text: str) -> str | None:
        if text.lower() in ("", "0", "-", "none", "no"):
            return None
        if text not in keys:
            raise ValueError(f"{f.key}: one of {', '.join(keys)}, or Enter for none")
        return text

    return parse


def _ask_field(game: Game, f: EntryField, obj: dict[str, Any]) -> None:
    """Ask one side's field ``f`` (:data:`FIELDS`) and put its answer into ``obj`` (JSON)."""
    v = game.variant
    if f.kind == POINTS_OR_CARDS:
        parse = _points_or_cards(game, f.key, f.grouped, bool(obj.get("went_out")))
        points, cards = _ask(f"  {f.question}", parse)
        obj[f.cards_key if cards else f.points_key] = cards or points
    elif f.kind == CANASTAS:
        canastas = {}
        for key, kind in v.canastas.items():
            question = f.question.format(kind=kind.title.capitalize())
            n = _ask(f"  {question}", _count(f.limit(v), kind.title))
            if n:
                canastas[key] = n
        obj[f.json[0]] = canastas
    elif f.kind == PENALTIES:
        penalties = {}
        for key, rule in v.penalties.items():
            title = rule.title.capitalize()
            question = f.question.format(kind=title, points=f"{rule.points:,}")
            n = _ask(f"  {question}", _count(f.limit(v), key))
            if n:
                penalties[key] = n
        obj[f.json[0]] = penalties
    elif f.kind == SPECIAL_HAND:
        question = f.question.format(choices=", ".join(v.special_hands))
        special = _ask(f"  {question}", _special_hand(game, f), default="")
        if special:
            obj[f.json[0]] = special
    elif f.kind == YES_NO:
        obj[f.json[0]] = typer.confirm(f"  {f.question}", default=False, err=True)
    else:
        obj[f.json[0]] = _ask(f"  {f.question}", _count(f.limit(v), f.question.lower()))


def ask_side(game: Game, index: int, answers: dict[str, Any]) -> SideEntry:
    """Ask one side's entry, field by field as :data:`FIELDS` lists those the variant uses;
    ``answers``: what the hand's questions (who went out...) already say of this side (JSON)."""
    v = game.variant
    name = game.names[index]
    typer.echo(f"\n{name}", err=True)
    obj: dict[str, Any] = dict(answers)
    for f in FIELDS:
        if f.asked != "side" or not f.used(v):
            continue
        if f.unless and f.unless in obj:
            typer.echo(f"  ({f.key} are counted from the cards)", err=True)
            continue
        _ask_field(game, f, obj)
    return entry_from_json(v, obj, name)


def _ask_which(game: Game, choices: str) -> list[dict[str, Any]]:
    """Ask the hand's questions (:data:`FIELDS` asked ``which`` and ``with``): which side went
    out, concealed or not, which side declared acaba. Fields that end the hand on their own
    (``alone``) come first. Returns what they say of each side (JSON keys)."""
    v = game.variant
    names = game.names
    answers: list[dict[str, Any]] = [{} for _ in names]
    asked = [f for f in FIELDS if f.asked == "which" and f.used(v)]
    for f in sorted(asked, key=lambda f: not f.alone):
        pick = _ask(f"{f.question} ({choices}; 0 nobody)", _count(len(names), "side number"))
        if f.alone:
            if pick:
                answers[pick - 1][f.json[0]] = True
                return answers
            continue
        for i, side in enumerate(answers):
            side[f.json[0]] = pick == i + 1
        for w in FIELDS:
            if w.asked == "with" and w.implies == f.key and w.used(v):
                yes = bool(pick) and typer.confirm(w.question, default=False, err=True)
                for i, side in enumerate(answers):
                    side[w.json[0]] = yes and pick == i + 1
    return answers


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
        answers = _ask_which(game, choices)
        if any(f.alone and side.get(f.json[0]) for f in FIELDS for side in answers):
            entries = [
                entry_from_json(game.variant, a, n) for a, n in zip(answers, names, strict=True)
            ]
        else:
            entries = [ask_side(game, i, answers[i]) for i in range(len(names))]
        try:
            game.score(entries, partners)
        except ScorekeeperError as err:
            typer.echo(f"That hand cannot be recorded: {err}. Enter it again.", err=True)
            continue
        return entries, partners

"""Rich output of ``points`` and ``check``, and the one-line verdict of an opening check."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from scorekeeper.domain.cards import Card, card_points, render
from scorekeeper.domain.melds import OpeningCheck
from scorekeeper.presentation.render import num, plain_table

if TYPE_CHECKING:
    from rich.console import Console

    from scorekeeper.domain.variant import Variant


def print_points(
    con: Console, v: Variant, cards: Sequence[Card], in_hand: Mapping[str, int]
) -> None:
    """Each card's value and the total; an "In hand" column where a card costs more there."""
    differ = any(in_hand[c.key] != v.cards[c.key] for c in cards)
    count = f"{len(cards)} card{'s' if len(cards) != 1 else ''}"
    from rich.text import Text

    con.print(Text(f"{v.title} · {count}"))
    table = plain_table()
    table.add_column("Card")
    table.add_column("Points", justify="right")
    if differ:
        table.add_column("Left in a hand", justify="right")
    for card in cards:
        row = [str(card), num(v.cards[card.key])]
        if differ:
            row.append(num(in_hand[card.key]))
        table.add_row(*row)
    total = [num(card_points(v.cards, cards))]
    if differ:
        total.append(num(card_points(in_hand, cards)))
    table.add_row("Total", *total, style="bold")
    con.print(table)


def reasons(result: OpeningCheck) -> list[str]:
    """Every reason the melds may not be laid down: illegal melds first, then the problems of
    the melds together (discard, minimum, requirements)."""
    out = [f"{render(v.cards)}: {v.reason}" for v in result.melds if not v.legal]
    return out + list(result.problems)


def check_message(result: OpeningCheck) -> str:
    """One sentence: may the melds be laid down, and if not, the first reason why."""
    if result.allowed:
        m = result.minimum
        if m.points is not None:
            return (
                f"May be laid down: melds worth {num(result.total)} meet the"
                f" {num(m.points)} needed."
            )
        if m.requires:
            return f"May be laid down: the melds hold {m.text}."
        return f"May be laid down: melds worth {num(result.total)}; no minimum applies."
    return f"Not allowed: {reasons(result)[0]}."


def print_check(con: Console, v: Variant, result: OpeningCheck, context: Mapping[str, Any]) -> None:
    """Each meld with its points and verdict, the total counted (legal melds only, which a line
    says when some meld is illegal), the minimum and the verdict."""
    from rich.text import Text

    where = []
    if context.get("team") is not None:
        where.append(f"{context['team']}")
    if context.get("round") is not None:
        where.append(f"round {context['round']}")
    elif context.get("score") is not None:
        where.append(f"at {num(context['score'])}")
    con.print(Text(f"{v.title} · {' '.join(where)} · opening minimum {result.minimum.text}"))
    table = plain_table()
    table.add_column("Meld", overflow="fold")
    table.add_column("Points", justify="right")
    table.add_column("Verdict", overflow="fold")
    for verdict in result.melds:
        cards = render(verdict.cards)
        if verdict.with_discard and result.discard is not None:
            cards += f" (with the discard {result.discard})"
        text = "ok" if verdict.legal else f"not allowed: {verdict.reason}"
        if verdict.legal and verdict.canasta:
            kind = v.canastas[verdict.canasta].title if verdict.canasta in v.canastas else ""
            text = f"ok, a {kind}" if kind else text
        if verdict.note:
            text += f" ({verdict.note})"
        table.add_row(Text(cards), num(verdict.points), Text(text))
    joined = any(m.with_discard for m in result.melds)
    if result.discard is not None and joined and not result.discard_counted:
        table.add_row(Text(f"Discard {result.discard}: not counted"), "", "")
    table.add_row("Counted", num(result.total), "", style="bold")
    con.print(table)
    if not result.legal:
        con.print(Text("Illegal melds are not counted toward the minimum."))
    con.print(Text(check_message(result)), style="bold")
    for reason in reasons(result)[1:]:
        con.print(Text(f"Also: {reason}."))

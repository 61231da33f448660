"""Rich output of ``points`` and ``check``, and the one-line verdict of an opening check."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from scorekeeper.domain.cards import Card, card_points, render
from scorekeeper.domain.melds import OpeningCheck

if TYPE_CHECKING:
    from rich.console import Console

    from scorekeeper.domain.variant import Variant


def _num(n: int | None) -> str:
    return "-" if n is None else f"{n:,}"


def _table(title: str | None = None) -> Any:
    from rich import box
    from rich.table import Table

    return Table(title=title, box=box.SIMPLE_HEAVY, title_justify="left", pad_edge=False)


def print_points(
    con: Console, v: Variant, cards: Sequence[Card], in_hand: Mapping[str, int]
) -> None:
    """Each card's value and the total; an "In hand" column where a card costs more there."""
    differ = any(in_hand[c.key] != v.cards[c.key] for c in cards)
    count = f"{len(cards)} card{'s' if len(cards) != 1 else ''}"
    from rich.text import Text

    con.print(Text(f"{v.title} · {count}"))
    table = _table()
    table.add_column("Card")
    table.add_column("Points", justify="right")
    if differ:
        table.add_column("Left in a hand", justify="right")
    for card in cards:
        row = [str(card), _num(v.cards[card.key])]
        if differ:
            row.append(_num(in_hand[card.key]))
        table.add_row(*row)
    total = [_num(card_points(v.cards, cards))]
    if differ:
        total.append(_num(card_points(in_hand, cards)))
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
                f"May be laid down: melds worth {_num(result.total)} meet the"
                f" {_num(m.points)} needed."
            )
        if m.requires:
            return f"May be laid down: the melds hold {m.text}."
        return f"May be laid down: melds worth {_num(result.total)}; no minimum applies."
    return f"Not allowed: {reasons(result)[0]}."


def print_check(con: Console, v: Variant, result: OpeningCheck, context: Mapping[str, Any]) -> None:
    """Each meld with its points and verdict, the total counted, the minimum and the verdict."""
    from rich.text import Text

    where = []
    if context.get("team") is not None:
        where.append(f"{context['team']}")
    if context.get("round") is not None:
        where.append(f"round {context['round']}")
    elif context.get("score") is not None:
        where.append(f"at {_num(context['score'])}")
    con.print(Text(f"{v.title} · {' '.join(where)} · opening minimum {result.minimum.text}"))
    table = _table()
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
        table.add_row(Text(cards), _num(verdict.points), Text(text))
    joined = any(m.with_discard for m in result.melds)
    if result.discard is not None and joined and not result.discard_counted:
        table.add_row(Text(f"Discard {result.discard}: not counted"), "", "")
    table.add_row("Counted", _num(result.total), "", style="bold")
    con.print(table)
    con.print(Text(check_message(result)), style="bold")
    for reason in reasons(result)[1:]:
        con.print(Text(f"Also: {reason}."))


def meld_rules_text(v: Variant) -> str:
    """The variant's meld rules in one line, as ``variants show`` prints them."""
    r = v.melds
    parts = [f"{r.min_cards}+ cards, {r.min_naturals}+ natural, at most {r.max_wilds} wild"]
    if r.wilds_at_most_naturals:
        parts.append("never more wild than natural")
    if r.max_cards:
        parts.append(f"at most {r.max_cards} cards")
    if r.one_meld_per_rank:
        parts.append("one meld per rank")
    if r.wild_melds:
        parts.append(f"melds of wild cards only (up to {r.wild_meld_max_cards})")
    if r.sequences:
        seq = f"runs of one suit, 4 up to ace, {r.sequence_min} to {r.sequence_max} cards"
        parts.append(seq + (f", {r.sequence_wilds} wild" if r.sequence_wilds else ""))
    parts.append(
        "black threes only going out" if r.black_threes == "going_out" else "no threes melded"
    )
    if r.sevens_no_wilds:
        parts.append("7s take no wild cards")
    if r.aces != "any":
        parts.append("aces natural unless the opening held wild cards")
    if r.opening_needs != "nothing":
        parts.append("the opening needs a clean meld")
    discard = {
        "counts": "the top discard counts toward the opening",
        "not_counted": "the top discard does not count toward the opening",
        "not_allowed": "the pile cannot be taken to open",
    }
    parts.append(discard[r.opening_discard])
    return "; ".join(parts)

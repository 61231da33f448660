"""Rich output of ``points`` and ``check``, and the one-line verdict of an opening check."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from scorekeeper.domain.cards import Card, card_points, render
from scorekeeper.domain.melds import OpeningCheck
from scorekeeper.i18n import english, ngettext, say
from scorekeeper.i18n import gettext as _
from scorekeeper.presentation.console import print_header
from scorekeeper.presentation.render import minimum_text, num, plain_table

if TYPE_CHECKING:
    from rich.console import Console

    from scorekeeper.domain.variant import Variant


def print_points(
    con: Console, v: Variant, cards: Sequence[Card], in_hand: Mapping[str, int]
) -> None:
    """Each card's value and the total; an "In hand" column where a card costs more there."""
    differ = any(in_hand[c.key] != v.cards[c.key] for c in cards)
    count = ngettext("{n} card", "{n} cards", len(cards)).format(n=len(cards))
    from rich.text import Text

    con.print(Text(f"{_(v.title)} · {count}"))
    table = plain_table()
    table.add_column(_("Card"))
    table.add_column(_("Points"), justify="right")
    if differ:
        table.add_column(_("Left in a hand"), justify="right")
    for card in cards:
        row = [str(card), num(v.cards[card.key])]
        if differ:
            row.append(num(in_hand[card.key]))
        table.add_row(*row)
    total = [num(card_points(v.cards, cards))]
    if differ:
        total.append(num(card_points(in_hand, cards)))
    table.add_row(_("Total"), *total, style="bold")
    con.print(table)


def reasons(result: OpeningCheck) -> list[str]:
    """Every reason the melds may not be laid down: illegal melds first, then the problems of
    the melds together (discard, minimum, requirements)."""
    out = [
        _("{cards}: {reason}").format(cards=render(v.cards), reason=say(v.reason))
        for v in result.melds
        if not v.legal
    ]
    return out + [say(p) for p in result.problems]


def check_message(result: OpeningCheck) -> str:
    """One sentence in English (``check --json``'s ``message``): may the melds be laid down,
    and if not, the first reason why."""
    with english():
        return check_sentence(result)


def check_sentence(result: OpeningCheck) -> str:
    """:func:`check_message` in the language in use (the terminal's)."""
    if result.allowed:
        m = result.minimum
        if m.points is not None:
            return _("May be laid down: melds worth {total} meet the {needed} needed.").format(
                total=num(result.total), needed=num(m.points)
            )
        if m.requires:
            return _("May be laid down: the melds hold {what}.").format(what=minimum_text(m))
        return _("May be laid down: melds worth {total}; no minimum applies.").format(
            total=num(result.total)
        )
    return _("Not allowed: {reason}.").format(reason=reasons(result)[0])


def print_check(con: Console, v: Variant, result: OpeningCheck, context: Mapping[str, Any]) -> None:
    """Each meld with its points and verdict, the total counted (legal melds only, which a line
    says when some meld is illegal), the minimum and the verdict."""
    from rich.text import Text

    team, round_, score = context.get("team"), context.get("round"), context.get("score")
    if team is not None and round_ is not None:
        where = _("{side} in round {n}").format(side=team, n=round_)
    elif team is not None and score is not None:
        where = _("{side} with {points}").format(side=team, points=num(score))
    elif team is not None:
        where = str(team)
    elif round_ is not None:
        where = _("round {n}").format(n=round_)
    elif score is not None:
        where = _("at {points}").format(points=num(score))
    else:
        where = ""
    minimum = _("opening minimum {minimum}").format(minimum=minimum_text(result.minimum))
    heading = [_(v.title), where, minimum] if where else [_(v.title), minimum]
    print_header(con, " · ".join(heading))
    table = plain_table()
    table.add_column(_("Meld"), overflow="fold")
    table.add_column(_("Points"), justify="right")
    table.add_column(_("Verdict"), overflow="fold")
    for verdict in result.melds:
        cards = render(verdict.cards)
        if verdict.with_discard and result.discard is not None:
            cards += " " + _("(with the discard {card})").format(card=result.discard)
        text = (
            _("ok")
            if verdict.legal
            else _("not allowed: {reason}").format(reason=say(verdict.reason))
        )
        if verdict.legal and verdict.canasta:
            kind = v.canastas[verdict.canasta].title if verdict.canasta in v.canastas else ""
            text = _("ok, a {kind}").format(kind=_(kind)) if kind else text
        if verdict.note:
            text += " " + _("({note})").format(note=say(verdict.note))
        table.add_row(Text(cards), num(verdict.points), Text(text))
    joined = any(m.with_discard for m in result.melds)
    if result.discard is not None and joined and not result.discard_counted:
        discard = _("Discard {card}: not counted").format(card=result.discard)
        table.add_row(Text(discard), "", "")
    table.add_row(_("Counted"), num(result.total), "", style="bold")
    con.print(table)
    if not result.legal:
        con.print(Text(_("Illegal melds are not counted toward the minimum.")))
    con.print(Text(check_sentence(result)), style="bold")
    for reason in reasons(result)[1:]:
        con.print(Text(_("Also: {reason}.").format(reason=reason)))

"""How a game stands, after a hand or at any time: the game's line, one hand's breakdown, the
standings and the outcome on a terminal, and their ``--json`` documents (``hand --json``,
``status --json``; README, "JSON output").

The breakdown is drawn from a :class:`~scorekeeper.presentation.view.HandView`, the same view
``show``, ``export`` and ``show --json`` render. Names are passed to Rich as
:class:`rich.text.Text`, never as markup (DESIGN.md, "Storage and safety").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scorekeeper.i18n import N_, ngettext
from scorekeeper.i18n import gettext as _
from scorekeeper.presentation.console import print_header, text, visible
from scorekeeper.presentation.documents import Document, document
from scorekeeper.presentation.render import (
    minimum_json,
    minimum_text,
    num,
    number_cell,
    plain_table,
)
from scorekeeper.presentation.view import game_heading, hand_view, label_text, winner_name

if TYPE_CHECKING:
    from rich.console import Console

    from scorekeeper.domain.records import StoredGame
    from scorekeeper.presentation.hands import SheetLine
    from scorekeeper.presentation.view import HandView


# -- JSON (DESIGN.md) ---------------------------------------------------------------------------


def hand_json(stored: StoredGame, number: int) -> Document:
    """``hand --json``: the breakdown of hand ``number`` per side (with the cards it typed),
    totals and next opening minimums, the next dealer and the outcome."""
    from scorekeeper.presentation.formats.json_sheet import teams_json

    game = stored.game
    view = hand_view(game, number)
    later = number == len(game.hands)
    return document(
        game=stored.id,
        hand=number,
        teams=teams_json(view),
        next_dealer=game.dealer(number + 1) if later and not game.outcome.over else None,
        winner=winner_name(stored),
        draw=game.outcome.draw,
    )


def standing_json(stored: StoredGame) -> list[dict[str, Any]]:
    """Per side: ``team``, its ``total`` and its ``opening_minimum`` for the next hand (null
    points and requirement when the game is over), as ``status --json`` and ``minimum --json``
    list them."""
    game = stored.game
    return [
        {"team": s.name, "total": t, "opening_minimum": minimum_json(m)}
        for s, t, m in zip(game.sides, game.totals, game.next_minimums(), strict=True)
    ]


def status_json(stored: StoredGame) -> Document:
    """``status --json``: totals and next opening minimum per side, winner, variant, hands."""
    game = stored.game
    return document(
        game=stored.id,
        variant=game.variant.name,
        label=stored.label,
        hands_played=len(game.hands),
        target=game.variant.target or None,
        teams=standing_json(stored),
        next_dealer=None if game.outcome.over else game.dealer(game.next_hand),
        winner=winner_name(stored),
        draw=game.outcome.draw,
        status=stored.status,
    )


# -- terminal -----------------------------------------------------------------------------------


def item_lines(view: HandView, cards: bool) -> list[SheetLine]:
    """The lines of ``view``'s breakdown items, in DESIGN.md order: each item some side scored
    (points with thousands separators per side); with ``cards``, also each item a side typed
    cards for, and under it a dim "cards" line of what each side typed ("" where it typed
    points). ``hand`` shows the cards; the sheet of ``show`` leaves them out."""
    from scorekeeper.presentation.hands import SheetLine

    lines = []
    for item in view.items:
        typed = cards and item.typed
        if item.scored or typed:
            lines.append(
                SheetLine(f"  {label_text(item.label)}", tuple(num(n) for n in item.points))
            )
        if typed:
            lines.append(
                SheetLine("    " + _("cards"), tuple(c or "" for c in item.cards), dim=True)
            )
    return lines


def partners_lines(view: HandView) -> list[SheetLine]:
    """The line naming a hand's two partners (cutthroat, RULES.md §2.2: each scores their
    partnership's melds and canastas), under its figures; none for a hand without."""
    from scorekeeper.i18n import names_joined
    from scorekeeper.presentation.hands import SheetLine

    if not view.partners:
        return []
    partners = names_joined(view.partners)
    return [SheetLine("  " + _("Partners: {partners}").format(partners=partners))]


def breakdown_lines(view: HandView, standings: bool = False) -> list[SheetLine]:
    """``hand``'s breakdown of one hand: its title, the items with the cards typed, the hand
    score; with ``standings`` (a recorded hand, the game's last), the running totals and each
    side's next opening minimum too, as on the score sheet; then the partners (cutthroat)."""
    from scorekeeper.presentation.hands import SheetLine

    lines = [
        SheetLine(_("Hand {number}").format(number=view.number), bold=True),
        *item_lines(view, cards=True),
    ]
    lines.append(
        SheetLine("  " + _("Hand score"), tuple(num(s) for s in view.scores), bold=not standings)
    )
    if standings:
        lines.append(SheetLine("  " + _("Total"), tuple(num(t) for t in view.totals), bold=True))
        nexts = tuple("-" if m is None else minimum_text(m) for m in view.next_minimums)
        lines.append(SheetLine("  " + _("Next opening minimum"), nexts))
    return lines + partners_lines(view)


def print_breakdown(con: Console, view: HandView, standings: bool = False) -> None:
    """The breakdown of one hand (:func:`breakdown_lines`): one column per side; where a side
    typed cards, the cards appear under their count."""
    from scorekeeper.presentation.hands import print_hands

    print_hands(con, list(view.teams), [breakdown_lines(view, standings)])


def print_title(con: Console, stored: StoredGame) -> None:
    """The game's line: id, variant, label, target (or hands) and hands played."""
    h = game_heading(stored)
    label = f" · {h.label}" if h.label else ""
    line = _("Game {game} · {title}{label} · {target} · hands played: {hands}").format(
        game=h.game, title=h.title, label=label, target=h.target, hands=h.hands_played
    )
    print_header(con, line, "bold")


def print_standings(con: Console, stored: StoredGame, footer: bool = False) -> None:
    """Totals, next opening minimum per side, hands played, next dealer and the winner; with
    ``footer`` (``status``), ending with the score pad's last lines (:func:`footer_lines`),
    which then give the next opening minimums (the table has no column for them)."""
    game = stored.game
    print_title(con, stored)
    if not footer and not _minimum_column_fits(con, stored):
        # a heading with no space to wrap at (Japanese) would be cut: the footer's lines say
        # the next opening minimums instead, as status says them
        footer = True
    over = game.outcome.over
    rows = []
    for side, total, minimum in zip(game.sides, game.totals, game.next_minimums(), strict=True):
        row = [visible(side.name), num(total)]
        if not footer:  # with the footer, its line gives the next opening minimums, once
            row.append("-" if over else minimum_text(minimum))
        rows.append(row)
    _print_standings_table(con, rows)
    print_outcome(con, stored, dealer=not footer)
    if footer:
        for line in footer_lines(stored):
            print_header(con, line)


def _print_standings_table(con: Console, rows: list[list[str]]) -> None:
    """The standings table of ``rows`` (a side's name, its total and, when there are three
    cells, its next opening minimum): as finished lines where it fits at its cells' widths
    (:func:`~.plain.fitted_table_lines`, the lines Rich would print), else laid out by Rich,
    which narrows the names and the heading but never cuts a number."""
    from rich import box

    from scorekeeper.presentation.plain import Column, fitted_table_lines, print_lines

    columns = [Column(_("Side")), Column(_("Total"), "right", wrap=False)]
    if len(rows[0]) == 3:
        columns.append(Column(_("Next opening minimum"), "right"))
    lines = fitted_table_lines(con, columns, rows, box=box.SIMPLE_HEAVY)
    if lines is not None:
        print_lines(con, lines)
        return
    table = plain_table()
    table.add_column(columns[0].header, overflow="fold")
    table.add_column(columns[1].header, justify="right", no_wrap=True)
    if len(columns) == 3:
        table.add_column(columns[2].header, justify="right")
    for row in rows:
        table.add_row(text(row[0]), *map(number_cell, row[1:]))
    con.print(table)


def _minimum_column_fits(con: Console, stored: StoredGame) -> bool:
    """True when the standings table's "Next opening minimum" column fits ``con`` beside the
    sides and totals with no word of its heading cut: every column at least as wide as its
    longest word (the heading's, a name's, a number), a cell of padding each side of every
    column but at the table's edges, a divider between columns and an edge each side."""
    from rich.cells import cell_len

    def longest(text: str) -> int:
        return max((cell_len(word) for word in text.split()), default=0)

    game = stored.game
    names = max((longest(side.name) for side in game.sides), default=0)
    side = max(longest(_("Side")), names)
    total = max([cell_len(_("Total"))] + [cell_len(num(t)) for t in game.totals])
    minimums = [minimum_text(m) for m in game.next_minimums()]
    minimum = max([longest(_("Next opening minimum"))] + [longest(m) for m in minimums])
    return side + total + minimum + 2 * 3 - 2 + 2 + 2 <= con.width


def footer_lines(stored: StoredGame, minimums_shown: bool = False) -> list[str]:
    """The score pad's last lines, which ``status`` ends with too, while the game is open:
    each side's next opening minimum (RULES.md §3; left out where the variant has none, or
    ``minimums_shown`` by a breakdown just above), then the next dealer (where the sides named
    players). Empty once the game is over."""
    from scorekeeper.domain.minimums import NO_MINIMUM

    game = stored.game
    if game.outcome.over:
        return []
    lines = []
    minimums = game.next_minimums()
    if not minimums_shown and any(m != NO_MINIMUM for m in minimums):
        each = " · ".join(
            f"{side.name} {minimum_text(m)}" for side, m in zip(game.sides, minimums, strict=True)
        )
        lines.append(_("Next opening minimum: {each}").format(each=each))
    dealer = game.dealer(game.next_hand)
    if dealer:
        lines.append(_("Next dealer: {dealer}").format(dealer=dealer))
    return lines


#: Why a side level with another at the top won (``tie = "went_out"``, RULES.md K20).
TIE_BY_GOING_OUT = N_("equal highest totals; {side} went out in the deciding hand")


def outcome_text(stored: StoredGame) -> str:
    """The outcome in words, as the score pad's header gives it: "Winner: Ann & Bob with
    5,120, by 300 points" (or "... (a hand that wins the game at once)", or why a side level at
    the top won), "Draw at 5,000: equal highest totals", "Tied at 5,000: another hand decides the
    game", or "Playing, 3 hands played"."""
    game = stored.game
    outcome = game.outcome
    totals = game.totals
    if outcome.winner is not None:
        mine = totals[outcome.winner]
        others = [t for i, t in enumerate(totals) if i != outcome.winner]
        name = game.sides[outcome.winner].name
        words = _("Winner: {side} with {total}").format(side=name, total=num(mine))
        if others and mine > max(others):
            by = mine - max(others)
            return ngettext("{words}, by {n} point", "{words}, by {n} points", by).format(
                words=words, n=num(by)
            )
        if outcome.by_going_out:
            return f"{words} ({_(TIE_BY_GOING_OUT).format(side=name)})"
        return f"{words} ({_('a hand that wins the game at once')})" if others else words
    if outcome.draw:
        return _("Draw at {total}: equal highest totals").format(total=num(max(totals)))
    if tied_at_end(stored):
        return _("Tied at {total}: another hand decides the game").format(total=num(max(totals)))
    played = len(game.hands)
    return ngettext("Playing, {n} hand played", "Playing, {n} hands played", played).format(
        n=num(played)
    )


def tied_at_end(stored: StoredGame) -> bool:
    """True when the game reached its target (or its number of hands) with two sides or more
    level at the top: another hand decides it."""
    game = stored.game
    v = game.variant
    best = max(game.totals)
    ended = (v.target and best >= v.target) or (v.hands and len(game.hands) >= v.hands)
    return bool(ended) and sum(1 for t in game.totals if t == best) > 1


def print_outcome(con: Console, stored: StoredGame, dealer: bool = True) -> None:
    """The winner and by how much, a draw, a tie that another hand decides, or (unless not
    ``dealer``) the next dealer."""
    game = stored.game
    outcome = game.outcome
    if outcome.winner is not None:
        from rich.text import Text

        name = game.sides[outcome.winner].name
        mine = game.totals[outcome.winner]
        others = [t for i, t in enumerate(game.totals) if i != outcome.winner]
        head, _sep, rest = _("Winner: {side} with {total}").partition("{side}")
        line = Text(head, style="bold green")
        line.append(text(name))
        line.append(rest.format(total=num(mine)))
        if others and mine > max(others):
            by = mine - max(others)
            line.append(ngettext(", by {n} point", ", by {n} points", by).format(n=num(by)))
        elif outcome.by_going_out:
            line.append(f" ({_(TIE_BY_GOING_OUT).format(side=name)})")
        elif others:
            line.append(f" ({_('a hand that wins the game at once')})")
        con.print(line)
    elif outcome.draw:
        draw = _("Draw at {total}: equal highest totals end the game, nobody wins.")
        con.print(text(draw.format(total=num(max(game.totals)))), style="bold")
    else:
        if tied_at_end(stored):
            tied = _("Tied at {total}: another hand decides the game.")
            con.print(text(tied.format(total=num(max(game.totals)))))
        nxt = game.dealer(game.next_hand) if dealer else None
        if nxt:
            con.print(text(_("Next dealer: {dealer}").format(dealer=nxt)))


def print_hand_report(con: Console, stored: StoredGame, number: int) -> None:
    """Recorded hand ``number`` after it was recorded or changed: the game's line, the hand's
    breakdown with the totals and next opening minimums in the same table, and the outcome,
    when it is the game's last hand; for an earlier hand, its breakdown then the standings."""
    view = hand_view(stored.game, number)
    if number != len(stored.game.hands):  # an earlier hand, edited: the standings are now's
        print_breakdown(con, view)
        print_standings(con, stored)
        return
    print_title(con, stored)
    print_breakdown(con, view, standings=True)
    print_outcome(con, stored)

"""The score sheet on a terminal (``show``): a header, then every hand's breakdown, hand
score, running total and the opening minimum that applied, then the outcome.

Each hand is drawn from its :class:`~scorekeeper.presentation.view.HandView`; the table and its
fast layout are :mod:`scorekeeper.presentation.hands`'.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from scorekeeper.i18n import gettext as _
from scorekeeper.i18n import labelled, listing
from scorekeeper.presentation.console import print_header, visible
from scorekeeper.presentation.hands import SheetLine
from scorekeeper.presentation.render import minimum_text, num
from scorekeeper.presentation.standings import (
    footer_lines,
    item_lines,
    partners_lines,
    print_outcome,
)
from scorekeeper.presentation.view import game_heading, hand_view, hand_views

if TYPE_CHECKING:
    from rich.console import Console

    from scorekeeper.domain.game import Game, HandResult
    from scorekeeper.domain.records import StoredGame
    from scorekeeper.presentation.view import HandView


def sheet_lines(view: HandView) -> list[SheetLine]:
    """The lines of one hand on the score sheet, top to bottom: the title ("Hand 3 · dealt by
    Ann"), each breakdown item (DESIGN.md order) that is not zero for every side, the hand
    score, the running total, the opening minimum that applied at the hand (RULES.md §3),
    then the partners (cutthroat) and the note, when there are any."""
    title = _("Hand {number}").format(number=view.number)
    if view.dealer:
        title += _(" · dealt by {dealer}").format(dealer=view.dealer)
    lines = [SheetLine(title, bold=True), *item_lines(view, cards=False)]
    lines.append(SheetLine("  " + _("Hand score"), tuple(num(s) for s in view.scores)))
    lines.append(SheetLine("  " + _("Total"), tuple(num(t) for t in view.totals), bold=True))
    minimums = tuple(minimum_text(m) for m in view.minimums)
    lines.append(SheetLine("  " + _("Minimum this hand"), minimums))
    lines += partners_lines(view)
    if view.note:
        lines.append(SheetLine(f"  {_('Note:')} {visible(view.note)}"))
    return lines


def hand_lines(game: Game, result: HandResult) -> list[SheetLine]:
    """:func:`sheet_lines` of the scored hand ``result`` of ``game``."""
    return sheet_lines(hand_view(game, result.number))


def print_game(con: Console, stored: StoredGame) -> None:
    """The score sheet: a header, then per hand each side's breakdown, hand score, running total
    and the opening minimum that applied at that hand; then the outcome and, while the game is
    open, the score pad's last lines (:func:`~.standings.footer_lines`: each side's next
    opening minimum, the next dealer).

    One table for the whole sheet, a section per hand, so columns line up from hand to hand.
    When the table fits the console with no line folded (:func:`~.hands.packed_width`), each
    hand is a single row of multi-line cells, which Rich lays out about three times faster than
    a row per line; otherwise (a narrow terminal, many sides, long names or notes) each line is
    its own row, so a folded label or name never pushes a number off its label's line. Both
    print the same sheet."""
    from rich.text import Text

    from scorekeeper.presentation.hands import print_hands

    game = stored.game
    h = game_heading(stored)
    first = _("Game {game} · {title} · {target}").format(
        game=h.game, title=h.title, target=h.target
    )
    print_header(con, first + (f" · {h.label}" if h.label else ""), "bold")
    dates = _("Started {day}").format(day=h.started)
    if h.finished:
        dates += _(", finished {day}").format(day=h.finished)
    if h.deleted:
        dates += _(" (deleted: 'scorekeeper restore' brings it back)")
    con.print(dates)
    for side in game.sides:
        line = Text(f"  {side.name}")
        if side.players:
            line.append(labelled("", listing(side.players)).lstrip())
        if side.start_score:
            line.append(_(" (started at {score})").format(score=num(side.start_score)))
        con.print(line)
    views = hand_views(game)
    if not views:
        con.print(_("No hands recorded yet."))
    else:
        print_hands(con, game.names, [sheet_lines(v) for v in views])
    print_outcome(con, stored, dealer=False)
    for line in footer_lines(stored):  # the score pad's last lines, as show and status end
        print_header(con, line)

"""What every terminal output shares (numbers as players write them, the listing table, cells
that never cut a number, the cards a side typed), and the minimum and variant tables with their
``--json`` shapes. A game's hands and standings are drawn by :mod:`.standings` and the sheets
of :mod:`.formats` from one :mod:`.view`.

Names are always passed to Rich as :class:`rich.text.Text`, never as markup, so a side called
``[bold]x[/]`` prints exactly those characters (DESIGN.md, "Storage and safety").
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from scorekeeper.i18n import N_, date, ngettext, number
from scorekeeper.i18n import gettext as _

#: The separator of the items of a list inside a sentence ("a, b"; "a、b" in Japanese), as
#: :func:`scorekeeper.i18n.listing` joins them.
LIST_SEPARATOR = N_(", ")

if TYPE_CHECKING:
    from rich.console import Console

    from scorekeeper.domain.entries import SideEntry
    from scorekeeper.domain.minimums import Minimum
    from scorekeeper.domain.variant import Variant


def num(n: int | None) -> str:
    """A number as players write it: thousands separated as the language does
    (:func:`scorekeeper.i18n.number`: "5,190"; Turkish "5.190")."""
    return "-" if n is None else number(n)


def game_end(v: Variant, word: bool = True) -> str:
    """What ends a game of ``v`` (RULES.md, each variant's target): "target 5,000" (with
    ``word`` False, "5,000"), "4 rounds", or both when a game has both ("target 5,000 or 3
    rounds", ``--set hands=3``): whichever comes first."""
    rounds = ngettext("{n} round", "{n} rounds", v.hands).format(n=num(v.hands))
    if not v.target:
        return rounds
    target = _("target {points}").format(points=num(v.target)) if word else num(v.target)
    return _("{target} or {rounds}").format(target=target, rounds=rounds) if v.hands else target


def minimum_text(m: Minimum | None) -> str:
    """An opening minimum as a player says it ("90", "a natural canasta"); None (no hand is
    left to open) as "none (the game is over)"; in the language in use (a requirement's
    title from the variant file too)."""
    if m is None:
        return _("none (the game is over)")
    if m.requires:
        return _(m.title) if m.title else m.requires
    return _("none") if m.points is None else num(m.points)


def minimum_json(m: Minimum | None) -> dict[str, Any]:
    """An opening minimum as DESIGN.md's ``{"points": N or null, "requires": text or null}``;
    None gives both null."""
    if m is None:
        from scorekeeper.domain.minimums import Minimum  # the rules engine: not for a list

        m = Minimum()
    return m.to_json()


def result_word(deleted: bool, winner: str | None, draw: bool) -> str:
    """A game's result in one word as the lists show it: "deleted", the winner's name, "draw"
    or "playing" (in that order: a deleted game says so first)."""
    if deleted:
        return _("deleted")
    if winner is not None:
        return winner
    return _("draw") if draw else _("playing")


def local_date(stamp: str | None) -> str:
    """An ISO 8601 timestamp (stored in UTC) as the local date, as the language writes it
    (:func:`scorekeeper.i18n.date`: ``YYYY-MM-DD`` in English); "" when unset."""
    if not stamp:
        return ""
    try:
        return date(datetime.fromisoformat(stamp).astimezone().date())
    except (TypeError, ValueError, OverflowError):  # no timestamp, or one past year 9999 here
        return ""


def utc_time(stamp: str | None) -> str:
    """An ISO 8601 timestamp as its UTC date, as the language writes it
    (:func:`scorekeeper.i18n.date`), and time to the second: ``2026-12-01 17:16:00``,
    ``2026年12月1日 17:16:00``, ``01.12.2026 17:16:00``; the text as it is when it is not a
    timestamp, "" when unset."""
    if not stamp:
        return ""
    try:
        moment = datetime.fromisoformat(stamp)
        if moment.tzinfo is not None:
            moment = moment.astimezone(UTC)
    except (TypeError, ValueError, OverflowError):  # no timestamp, or one past year 9999 in UTC
        return stamp
    return f"{date(moment.date())} {moment:%H:%M:%S}"


# -- JSON shapes (DESIGN.md) -------------------------------------------------------------------


def plain_table(title: Any = None) -> Any:
    """The Rich table every listing uses: heavy simple box, title on the left, no edge padding.
    Every cell given as a string is shown as typed (:func:`text_cell`: never read as markup,
    its control characters escaped), so a key or an alias from a variant file such as
    ``[bold]x`` prints those characters."""
    from rich import box
    from rich.table import Table

    class TextTable(Table):
        def add_row(self, *renderables: Any, **kwargs: Any) -> None:
            cells = [text_cell(r) if isinstance(r, str) else r for r in renderables]
            super().add_row(*cells, **kwargs)

    return TextTable(
        title=text_cell(title) if isinstance(title, str) else title,
        box=box.SIMPLE_HEAVY,
        title_justify="left",
        pad_edge=False,
    )


def text_cell(value: str) -> Any:
    """A name or other typed text: shown as typed, never read as markup."""
    from scorekeeper.presentation.console import text

    return text(value)


def number_cell(value: int | str | None) -> Any:
    """A number cell (or a short value such as "50" or "a canasta") that a narrow terminal
    never cuts: the column is made at least as wide as the number (names wrap instead)."""
    from rich.text import Text

    return Text(value if isinstance(value, str) else num(value), no_wrap=True)


#: ``hand --json`` keys of the cards a side typed instead of points (null when it typed points).
CARD_KEYS = ("meld_cards", "hand_cards")


def entry_cards(entry: SideEntry) -> tuple[str | None, str | None]:
    """The cards a side typed for its melds and its hand, written back compactly (``KKKK2 QQQ
    TTT``, ``J 5 X``), or None where it typed points."""
    melds = hand = None
    if entry.melds is not None:
        melds = " ".join("".join(str(c).replace("10", "T") for c in g) for g in entry.melds)
    if entry.hand is not None:
        hand = " ".join(str(c) for c in entry.hand)
    return melds, hand


def print_minimums(
    con: Console,
    names: Sequence[str],
    totals: Sequence[int | None],
    minimums: Sequence[Minimum | None],
    title: str,
) -> None:
    table = plain_table(title)
    table.add_column(_("Side"), overflow="fold")
    table.add_column(_("Score"), justify="right", no_wrap=True)
    table.add_column(_("Opening minimum"), justify="right")
    for name, total, minimum in zip(names, totals, minimums, strict=True):
        table.add_row(text_cell(name), number_cell(total), number_cell(minimum_text(minimum)))
    con.print(table)

"""What every terminal output shares (numbers as players write them, the listing table, cells
that never cut a number, the cards a side typed), and the minimum and variant tables with their
``--json`` shapes. A game's hands and standings are drawn by :mod:`.standings` and the sheets
of :mod:`.formats` from one :mod:`.view`.

Names are always passed to Rich as :class:`rich.text.Text`, never as markup, so a side called
``[bold]x[/]`` prints exactly those characters (DESIGN.md, "Storage and safety").
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

from scorekeeper.domain.cards import RANK_WORDS
from scorekeeper.domain.minimums import Minimum
from scorekeeper.domain.variant import CanastaKind, Variant
from scorekeeper.presentation.documents import Document, document

if TYPE_CHECKING:
    from rich.console import Console

    from scorekeeper.domain.entries import SideEntry


def num(n: int | None) -> str:
    """A number as players write it: thousands separated by commas."""
    return "-" if n is None else f"{n:,}"


def minimum_text(m: Minimum | None) -> str:
    """An opening minimum as a player says it ("90", "a natural canasta"); None (no hand is
    left to open) as "none (the game is over)"."""
    return "none (the game is over)" if m is None else m.text


def minimum_json(m: Minimum | None) -> dict[str, Any]:
    """An opening minimum as DESIGN.md's ``{"points": N or null, "requires": text or null}``;
    None gives both null."""
    return (m or Minimum()).to_json()


def result_word(deleted: bool, winner: str | None, draw: bool) -> str:
    """A game's result in one word as the lists show it: "deleted", the winner's name, "draw"
    or "playing" (in that order: a deleted game says so first)."""
    if deleted:
        return "deleted"
    if winner is not None:
        return winner
    return "draw" if draw else "playing"


def local_date(stamp: str | None) -> str:
    """An ISO 8601 timestamp (stored in UTC) as the local date ``YYYY-MM-DD``; "" when unset."""
    if not stamp:
        return ""
    try:
        return datetime.fromisoformat(stamp).astimezone().date().isoformat()
    except (TypeError, ValueError):
        return ""


# -- JSON shapes (DESIGN.md) -------------------------------------------------------------------


def variant_json(v: Variant) -> Document:
    """Every rule of a variant as plain data (``variants show --json``)."""
    rules = {k: val for k, val in v.rules.items() if k not in ("options", "chosen_options")}
    options = {
        name: {k: val for k, val in opt.items()} for name, opt in v.rules.get("options", {}).items()
    }
    return document(variant=v.name, rules=rules, options=options)


# -- Rich output ------------------------------------------------------------------------------


def plain_table(title: str | None = None) -> Any:
    """The Rich table every listing uses: heavy simple box, title on the left, no edge padding."""
    from rich import box
    from rich.table import Table

    return Table(title=title, box=box.SIMPLE_HEAVY, title_justify="left", pad_edge=False)


def _text(value: str) -> Any:
    """A name or other typed text: shown as typed, never read as markup."""
    from scorekeeper.presentation.console import text

    return text(value)


def number_cell(value: int | str | None) -> Any:
    """A number cell (or a short value such as "50" or "a canasta") that a narrow terminal
    never cuts: the column is made at least as wide as the number (names wrap instead)."""
    from rich.text import Text

    return Text(value if isinstance(value, str) else num(value), no_wrap=True)


_table = plain_table
_number = number_cell


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
    table = _table(title)
    table.add_column("Side", overflow="fold")
    table.add_column("Score", justify="right", no_wrap=True)
    table.add_column("Opening minimum", justify="right")
    for name, total, minimum in zip(names, totals, minimums, strict=True):
        table.add_row(_text(name), _number(total), _number(minimum_text(minimum)))
    con.print(table)


def print_variants(con: Console, rows: Sequence[tuple[Variant | None, str, bool, str]]) -> None:
    """The variant list: (variant or None when it failed to load, name, builtin, error).

    Below 80 columns only the name, sides and target are shown, so no number is cut.
    """
    wide = con.width >= 80
    table = _table("Variants")
    table.add_column("Name", overflow="fold")
    if wide:
        table.add_column("Title", overflow="fold")
        table.add_column("Family", overflow="fold")
    table.add_column("Sides", justify="right", no_wrap=True)
    if wide:
        table.add_column("Players", justify="right", no_wrap=True)
    table.add_column("Target", justify="right", no_wrap=True)
    if wide:
        table.add_column("Source", overflow="fold")
    for v, name, builtin, error in rows:
        where = "built-in" if builtin else "user"
        if v is None:
            problem = _text(f"cannot be used: {error}")
            cells = [problem, "", "", "", "", where] if wide else ["", problem]
            table.add_row(_text(name), *cells)
            continue
        sides = f"{v.min_sides}" if v.min_sides == v.max_sides else f"{v.min_sides}-{v.max_sides}"
        players = (
            f"{v.min_players}"
            if v.min_players == v.max_players
            else f"{v.min_players}-{v.max_players}"
        )
        target = num(v.target) if v.target else f"{v.hands} hands"
        if wide:
            table.add_row(
                _text(name), _text(v.title), v.family, sides, players, _number(target), where
            )
        else:
            table.add_row(_text(name), sides, _number(target))
    con.print(table)


#: What each canasta make-up is, as ``variants show`` says it (RULES.md §16c).
_MAKEUPS = {
    "natural": "one rank, no wild card",
    "mixed": "one rank with wild cards",
    "wild": "wild cards only",
    "twos": "2s only",
    "jokers_and_twos": "four jokers and three 2s",
    "sequence": "a run of one suit",
}


def _makeup_text(kind: CanastaKind) -> str:
    """What makes a canasta of ``kind``: "7+ cards: one rank, no wild card"."""
    if kind.makeup is None:
        return "not told by its cards"
    what = _MAKEUPS[kind.makeup]
    if kind.rank:
        what = what.replace("one rank", RANK_WORDS[kind.rank])
    text = what if kind.makeup == "jokers_and_twos" else f"{kind.cards}+ cards: {what}"
    return text if kind.from_cards else f"{text} (laid from hand at once)"


def print_variant(con: Console, v: Variant) -> None:
    """Every rule of one variant: card values, canastas, threes, going out, minimums, options."""
    con.print(_text(f"{v.title} ({v.name})"), style="bold")
    if v.description:
        con.print(_text(v.description))
    if v.source:
        con.print(_text(f"Source: {v.source}"))
    game = _table("Game")
    game.add_column("Rule")
    game.add_column("Value", overflow="fold")
    lo, hi = v.min_sides, v.max_sides
    game.add_row("Sides", str(lo) if lo == hi else f"{lo} to {hi}")
    game.add_row("Players", f"{v.min_players} to {v.max_players}")
    game.add_row("Decks", f"{v.decks} ({v.decks * (52 + v.jokers_per_deck)} cards with jokers)")
    game.add_row("Target", num(v.target) if v.target else "none")
    if v.hands:
        game.add_row("Hands in a game", str(v.hands))
    game.add_row("Equal totals at the target", "draw" if v.tie == "draw" else "play another hand")
    game.add_row("Melded cards", "minus without a canasta" if v.meld_sign != "plus" else "plus")
    from scorekeeper.presentation.cards import meld_rules_text

    game.add_row("Melds", meld_rules_text(v))
    con.print(game)

    cards = _table("Card values (points)")
    cards.add_column("Card")
    cards.add_column("Value", justify="right")
    for rank, value in v.cards.items():
        cards.add_row(rank.replace("_", " "), _number(value))
    con.print(cards)

    kinds = _table("Canastas (key for hand entries, bonus)")
    kinds.add_column("Key", overflow="fold")
    kinds.add_column("Kind")
    kinds.add_column("Made of")
    kinds.add_column("Aliases")
    kinds.add_column("Bonus", justify="right")
    for kind in v.canastas.values():
        kinds.add_row(
            kind.key,
            _text(kind.title),
            _makeup_text(kind),
            ", ".join(kind.aliases),
            _number(kind.bonus),
        )
    con.print(kinds)

    threes = _table("Threes and going out")
    threes.add_column("Rule")
    threes.add_column("Value", overflow="fold")
    for label, rule in (("Red threes", v.red_threes), ("Black threes", v.black_threes)):
        if rule.scored:
            threes.add_row(label, _threes_text(rule))
    go = f"{num(v.going_out_bonus)}"
    if v.concealed_bonus:
        go += f" ({num(v.going_out_bonus + v.concealed_bonus)} concealed)"
    threes.add_row("Going-out bonus", go)
    need = []
    if v.going_out_canastas:
        need.append(f"{v.going_out_canastas} canasta{'s' if v.going_out_canastas != 1 else ''}")
    need += [f"{n} {v.canastas[k].title}" for k, n in v.going_out_kinds.items() if n]
    if v.going_out_red_threes_per_canasta:
        need.append("at least as many red threes as canastas")
    threes.add_row("To go out, a side needs", ", ".join(need) or "nothing")
    if v.partnerships == "per_hand":
        threes.add_row(
            "Partnerships",
            "formed each hand: the two partners each score the partnership's total, red"
            " threes their own",
        )
    con.print(threes)

    if v.canasta_sets or v.instant_win_canastas:
        sets = _table("Bonuses for sets of canastas (counted by themselves)")
        sets.add_column("Set")
        sets.add_column("Points", justify="right")
        groups: dict[str, int] = {}
        for row in v.canasta_sets:
            groups[row.group] = groups.get(row.group, 0) + 1
        for row in v.canasta_sets:
            alone = " (the largest of its group only)" if groups[row.group] > 1 else ""
            sets.add_row(_text(row.title + alone), num(row.points))
        if v.instant_win_canastas:
            sets.add_row(
                f"{v.instant_win_canastas} canastas in one hand: scores this and wins",
                num(v.instant_win_points),
            )
        con.print(sets)

    if v.penalties:
        pen = _table("Penalties (key for hand entries)")
        pen.add_column("Key", overflow="fold")
        pen.add_column("Meaning")
        pen.add_column("Points", justify="right")
        for key, points in v.penalties.items():
            pen.add_row(key, _text(v.penalty_titles[key]), _number(points))
        con.print(pen)

    if v.special_hands:
        sp = _table("Special hands")
        sp.add_column("Key", overflow="fold")
        sp.add_column("Points", justify="right")
        for key, points in v.special_hands.items():
            won = " (wins the game)" if key in v.winning_special_hands else ""
            sp.add_row(key, num(points) + won)
        con.print(sp)
    if v.acaba_points is not None:
        con.print(f"Acaba: the opponents score {num(v.acaba_points)}, the declaring side 0.")

    mins = _table("Opening minimum")
    if v.minimum_by == "round":
        mins.add_column("Round", justify="right")
    else:
        mins.add_column("Side's score", no_wrap=True)
    mins.add_column("Minimum", justify="right")
    for band in v.bands:
        req = v.requirements[band.requires].title if band.requires else num(band.points)
        if v.minimum_by == "round":
            mins.add_row(str(band.round), _number(req))
        elif band.low is None:
            mins.add_row(f"below {num(band.high)}", _number(req))
        elif band.high is None:
            mins.add_row(f"{num(band.low)} or more", _number(req))
        else:
            mins.add_row(f"{num(band.low)} to {num(band.high - v.point_step)}", _number(req))
    con.print(mins)

    options = v.rules.get("options", {})
    if options:
        chosen = v.rules.get("chosen_options", {})
        if con.width < 70:
            con.print("Options (new --set NAME=VALUE)", style="italic")
            for name, o in options.items():
                default = str(o.get("default", False)).lower()
                now = str(chosen.get(name, o.get("default", False))).lower()
                choices = f" (one of {', '.join(o['choices'])})" if "choices" in o else ""
                con.print(_text(f"{name}: default {default}, in force {now}"), style="bold")
                con.print(_text(f"  {o.get('description', '')}{choices}"))
            return
        opt = _table("Options (new --set NAME=VALUE)")
        opt.add_column("Name", overflow="fold")
        opt.add_column("Default", no_wrap=True)
        opt.add_column("In force", no_wrap=True)
        opt.add_column("What it does", overflow="fold")
        for name, o in options.items():
            default = o.get("default", False)
            now = chosen.get(name, default)
            choices = f" (one of {', '.join(o['choices'])})" if "choices" in o else ""
            opt.add_row(
                name,
                str(default).lower(),
                str(now).lower(),
                _text(o.get("description", "") + choices),
            )
        con.print(opt)


def _threes_text(rule: Any) -> str:
    parts = []
    if rule.each:
        parts.append(f"{num(rule.each)} each")
    if rule.each_not_out:
        parts.append(f"{num(rule.each_not_out)} each for a side that did not go out")
    for count, total in sorted(rule.totals.items()):
        parts.append(f"{count} threes: {num(total)}")
    sign = {
        "always_plus": "always plus",
        "minus_without_meld": "minus when the side made no meld",
        "minus_without_kind": f"minus without a {rule.kind} canasta",
    }.get(rule.sign_rule)
    if sign is None:
        words = {-1: "minus", 0: "not scored", 1: "plus"}
        table = rule.sign_by_canastas
        sign = ", ".join(
            f"{i} canasta{'' if i == 1 else 's'}"
            f"{' or more' if i == len(table) - 1 else ''}: {words.get(s, s)}"
            for i, s in enumerate(table)
        )
    if rule.negative_cap:
        sign += f"; a negative item at most {num(rule.negative_cap)}"
    return "; ".join(parts) + f" ({sign})"

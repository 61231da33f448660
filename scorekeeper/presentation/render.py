"""Rich rendering of hands, standings, minimums and variants, plus their ``--json`` shapes.

Names are always passed to Rich as :class:`rich.text.Text`, never as markup, so a side called
``[bold]x[/]`` prints exactly those characters (DESIGN.md, "Storage and safety").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from scorekeeper.domain.cards import RANK_WORDS
from scorekeeper.domain.minimums import Minimum
from scorekeeper.domain.variant import CanastaKind, Variant

if TYPE_CHECKING:
    from rich.console import Console

    from scorekeeper.domain.entries import SideEntry
    from scorekeeper.domain.records import StoredGame
    from scorekeeper.domain.scoring import Breakdown

#: Row labels of a hand's breakdown, in DESIGN.md order.
BREAKDOWN_LABELS = {
    "meld_points": "Melded cards",
    "canasta_bonus": "Canasta bonuses",
    "red_three_bonus": "Red threes",
    "black_three_bonus": "Black threes",
    "going_out_bonus": "Going out",
    "hand_deduction": "Cards left in hand",
    "penalties": "Penalties and extras",
    "special_hand_bonus": "Special hand / acaba",
}


def num(n: int | None) -> str:
    """A number as players write it: thousands separated by commas."""
    return "-" if n is None else f"{n:,}"


def minimum_text(m: Minimum | None) -> str:
    return "none (the game is over)" if m is None else m.text


def minimum_json(m: Minimum | None) -> dict[str, Any]:
    return (m or Minimum()).to_json()


# -- JSON shapes (DESIGN.md) -------------------------------------------------------------------


def hand_json(stored: StoredGame, number: int) -> dict[str, Any]:
    """``hand --json``: the breakdown of hand ``number`` per side, totals and next minimums."""
    game = stored.game
    result = game.results[number - 1]
    later = number == len(game.hands)
    minimums = game.next_minimums() if later else game.results[number].minimums
    teams = []
    for i, side in enumerate(game.sides):
        teams.append(
            {
                "team": side.name,
                **result.breakdowns[i].to_json(),
                **dict(zip(CARD_KEYS, entry_cards(result.hand.entries[i]), strict=True)),
                "total": result.totals[i],
                "opening_minimum": minimum_json(minimums[i]),
            }
        )
    return {
        "format": 1,
        "game": stored.id,
        "hand": number,
        "teams": teams,
        "next_dealer": game.dealer(number + 1) if later and not game.outcome.over else None,
        "winner": winner_name(stored),
        "draw": game.outcome.draw,
    }


def winner_name(stored: StoredGame) -> str | None:
    w = stored.game.outcome.winner
    return stored.game.sides[w].name if w is not None else None


def status_json(stored: StoredGame) -> dict[str, Any]:
    """``status --json``: totals and next opening minimum per side, winner, variant, hands."""
    game = stored.game
    minimums = game.next_minimums()
    return {
        "format": 1,
        "game": stored.id,
        "variant": game.variant.name,
        "label": stored.label,
        "hands_played": len(game.hands),
        "target": game.variant.target or None,
        "teams": [
            {"team": s.name, "total": t, "opening_minimum": minimum_json(m)}
            for s, t, m in zip(game.sides, game.totals, minimums, strict=True)
        ],
        "next_dealer": None if game.outcome.over else game.dealer(game.next_hand),
        "winner": winner_name(stored),
        "draw": game.outcome.draw,
        "status": stored.status,
    }


def variant_json(v: Variant) -> dict[str, Any]:
    """Every rule of a variant as plain data (``variants show --json``)."""
    rules = {k: val for k, val in v.rules.items() if k not in ("options", "chosen_options")}
    options = {
        name: {k: val for k, val in opt.items()} for name, opt in v.rules.get("options", {}).items()
    }
    return {"format": 1, "variant": v.name, "rules": rules, "options": options}


# -- Rich output ------------------------------------------------------------------------------


def _table(title: str | None = None) -> Any:
    from rich import box
    from rich.table import Table

    return Table(title=title, box=box.SIMPLE_HEAVY, title_justify="left", pad_edge=False)


def _text(value: str) -> Any:
    """A name or other typed text: shown as typed, never read as markup."""
    from scorekeeper.presentation.console import text

    return text(value)


def _number(value: int | str | None) -> Any:
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


def print_breakdown(
    con: Console,
    stored: StoredGame,
    number: int,
    breakdowns: Sequence[Breakdown] | None = None,
    entries: Sequence[SideEntry] | None = None,
    standings: bool = False,
) -> None:
    """The breakdown of hand ``number`` (or proposed ``breakdowns`` and ``entries``): one column
    per side; where a side typed cards, the cards appear under their count. With
    ``standings`` (hand ``number`` is the game's last), the totals and each side's next opening
    minimum follow in the same table, as on the score sheet."""
    game = stored.game
    if breakdowns is None:
        breakdowns = game.results[number - 1].breakdowns
    if entries is None and number <= len(game.hands):
        entries = game.hands[number - 1].entries
    from scorekeeper.presentation.hands import SheetLine, print_hands

    cards = [entry_cards(e) for e in entries or ()]
    lines = [SheetLine(f"Hand {number}", bold=True)]
    for key, label in BREAKDOWN_LABELS.items():
        values = [getattr(b, key) for b in breakdowns]
        which = {"meld_points": 0, "hand_deduction": 1}.get(key)
        typed = [c[which] for c in cards] if which is not None and cards else []
        if any(values) or any(t is not None for t in typed):
            lines.append(SheetLine(f"  {label}", tuple(num(n) for n in values)))
        if any(t is not None for t in typed):
            lines.append(SheetLine("    cards", tuple(t or "" for t in typed), dim=True))
    scores = tuple(num(b.hand_score) for b in breakdowns)
    lines.append(SheetLine("  Hand score", scores, bold=not standings))
    if standings:
        lines.append(SheetLine("  Total", tuple(num(t) for t in game.totals), bold=True))
        minimums = game.next_minimums()
        nexts = tuple("-" if m is None else minimum_text(m) for m in minimums)
        lines.append(SheetLine("  Next opening minimum", nexts))
    print_hands(con, [side.name for side in game.sides], [lines])


def print_title(con: Console, stored: StoredGame) -> None:
    """The game's line: id, variant, label, target (or hands) and hands played."""
    game = stored.game
    v = game.variant
    target = f"target {num(v.target)}" if v.target else f"{v.hands} hands"
    label = f" · {stored.label}" if stored.label else ""
    con.print(
        _text(f"Game {stored.id} · {v.title}{label} · {target} · hands played: {len(game.hands)}"),
        style="bold",
    )


def print_standings(con: Console, stored: StoredGame) -> None:
    """Totals, next opening minimum per side, hands played, next dealer and the winner."""
    game = stored.game
    print_title(con, stored)
    table = _table()
    table.add_column("Side", overflow="fold")
    table.add_column("Total", justify="right", no_wrap=True)
    table.add_column("Next opening minimum", justify="right")
    over = game.outcome.over
    for side, total, minimum in zip(game.sides, game.totals, game.next_minimums(), strict=True):
        table.add_row(
            _text(side.name), _number(total), _number("-" if over else minimum_text(minimum))
        )
    con.print(table)
    print_outcome(con, stored)


def print_outcome(con: Console, stored: StoredGame) -> None:
    game = stored.game
    outcome = game.outcome
    if outcome.winner is not None:
        from rich.text import Text

        line = Text("Winner: ", style="bold green")
        line.append(_text(game.sides[outcome.winner].name))
        mine = game.totals[outcome.winner]
        others = [t for i, t in enumerate(game.totals) if i != outcome.winner]
        line.append(f" with {num(mine)}")
        if others and mine > max(others):
            line.append(f", by {num(mine - max(others))} points")
        elif others:
            line.append(" (a hand that wins the game at once)")
        con.print(line)
    elif outcome.draw:
        con.print(f"[bold]Draw[/] at {num(max(game.totals))}: the game is over.")
    else:
        v = game.variant
        best = max(game.totals)
        leaders = sum(1 for t in game.totals if t == best)
        ended = (v.target and best >= v.target) or (v.hands and len(game.hands) >= v.hands)
        if leaders > 1 and ended:
            con.print(f"Tied at {num(best)}: another hand decides the game.")
        dealer = game.dealer(game.next_hand)
        if dealer:
            con.print(_text(f"Next dealer: {dealer}"))


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

"""How ``variants`` and ``variants show`` print a variant's rules: the variant list, every rule
of one variant (card values, canastas and what makes each, threes, going out, minimums,
options) and its ``--json`` document. Names go to Rich as Text, never as markup.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from scorekeeper.domain.cards import RANK_WORDS
from scorekeeper.domain.fields import counted
from scorekeeper.domain.schema import CanastaKind, ThreesRule
from scorekeeper.domain.variant import Variant
from scorekeeper.presentation.documents import Document, document
from scorekeeper.presentation.render import num, number_cell, plain_table, text_cell

if TYPE_CHECKING:
    from rich.console import Console


def variant_json(v: Variant) -> Document:
    """Every rule of a variant as plain data (``variants show --json``)."""
    rules = {k: val for k, val in v.rules.items() if k not in ("options", "chosen_options")}
    options = {
        name: {k: val for k, val in opt.items()} for name, opt in v.rules.get("options", {}).items()
    }
    return document(variant=v.name, rules=rules, options=options)


# -- Rich output ------------------------------------------------------------------------------


def print_variants(con: Console, rows: Sequence[tuple[Variant | None, str, bool, str]]) -> None:
    """The variant list: (variant or None when it failed to load, name, builtin, error).

    Below 80 columns only the name, sides and target are shown, so no number is cut.
    """
    wide = con.width >= 80
    table = plain_table("Variants")
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
            problem = text_cell(f"cannot be used: {error}")
            cells = [problem, "", "", "", "", where] if wide else ["", problem]
            table.add_row(text_cell(name), *cells)
            continue
        sides = f"{v.sides.min}" if v.sides.min == v.sides.max else f"{v.sides.min}-{v.sides.max}"
        players = (
            f"{v.players.min}"
            if v.players.min == v.players.max
            else f"{v.players.min}-{v.players.max}"
        )
        target = num(v.target) if v.target else f"{v.hands} hands"
        if wide:
            table.add_row(
                text_cell(name),
                text_cell(v.title),
                v.family,
                sides,
                players,
                number_cell(target),
                where,
            )
        else:
            table.add_row(text_cell(name), sides, number_cell(target))
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
    con.print(text_cell(f"{v.title} ({v.name})"), style="bold")
    if v.description:
        con.print(text_cell(v.description))
    if v.source:
        con.print(text_cell(f"Source: {v.source}"))
    game = plain_table("Game")
    game.add_column("Rule")
    game.add_column("Value", overflow="fold")
    lo, hi = v.sides.min, v.sides.max
    game.add_row("Sides", str(lo) if lo == hi else f"{lo} to {hi}")
    game.add_row("Players", f"{v.players.min} to {v.players.max}")
    game.add_row("Decks", f"{v.decks} ({v.decks * (52 + v.jokers_per_deck)} cards with jokers)")
    game.add_row("Target", num(v.target) if v.target else "none")
    if v.hands:
        game.add_row("Hands in a game", str(v.hands))
    game.add_row("Equal totals at the target", tie_text(v.tie))
    game.add_row("Melded cards", "minus without a canasta" if v.melds.sign != "plus" else "plus")
    game.add_row("Melds", meld_rules_text(v))
    con.print(game)

    cards = plain_table("Card values (points)")
    cards.add_column("Card")
    cards.add_column("Value", justify="right")
    for rank, value in v.cards.items():
        cards.add_row(rank.replace("_", " "), number_cell(value))
    con.print(cards)

    kinds = plain_table("Canastas (key for hand entries, bonus)")
    kinds.add_column("Key", overflow="fold")
    kinds.add_column("Kind")
    kinds.add_column("Made of")
    kinds.add_column("Aliases")
    kinds.add_column("Bonus", justify="right")
    for key, kind in v.canastas.items():
        kinds.add_row(
            key,
            text_cell(kind.title),
            _makeup_text(kind),
            ", ".join(kind.aliases),
            number_cell(kind.bonus),
        )
    con.print(kinds)

    threes = plain_table("Threes and going out")
    threes.add_column("Rule")
    threes.add_column("Value", overflow="fold")
    for label, rule in (("Red threes", v.red_threes), ("Black threes", v.black_threes)):
        if rule.scored:
            threes.add_row(label, _threes_text(rule))
    going_out = v.going_out
    go = f"{num(going_out.bonus)}"
    if going_out.concealed_bonus:
        go += f" ({num(going_out.bonus + going_out.concealed_bonus)} concealed)"
    threes.add_row("Going-out bonus", go)
    need = []
    if going_out.canastas:
        need.append(counted(going_out.canastas, "canasta"))
    need += [counted(n, v.canastas[k].title) for k, n in going_out.kinds.items() if n]
    if going_out.red_threes_at_least_canastas:
        need.append("at least as many red threes as canastas")
    threes.add_row("To go out, a side needs", ", ".join(need) or "nothing")
    if v.partnerships == "per_hand":
        threes.add_row(
            "Partnerships",
            "formed each hand: the two partners each score the partnership's total, red"
            " threes their own",
        )
    con.print(threes)

    if v.canasta_sets or v.instant_win.canastas:
        sets = plain_table("Bonuses for sets of canastas (counted by themselves)")
        sets.add_column("Set")
        sets.add_column("Points", justify="right")
        groups: dict[str, int] = {}
        for row in v.canasta_sets.values():
            groups[row.group] = groups.get(row.group, 0) + 1
        for row in v.canasta_sets.values():
            alone = " (the largest of its group only)" if groups[row.group] > 1 else ""
            sets.add_row(text_cell(row.title + alone), num(row.points))
        if v.instant_win.canastas:
            sets.add_row(
                f"{v.instant_win.canastas} canastas in one hand: scores this and wins",
                num(v.instant_win.points),
            )
        con.print(sets)

    if v.penalties:
        pen = plain_table("Penalties (key for hand entries)")
        pen.add_column("Key", overflow="fold")
        pen.add_column("Meaning")
        pen.add_column("Points", justify="right")
        for key, rule in v.penalties.items():
            pen.add_row(key, text_cell(rule.title), number_cell(rule.points))
        con.print(pen)

    if v.special_hands:
        sp = plain_table("Special hands")
        sp.add_column("Key", overflow="fold")
        sp.add_column("Points", justify="right")
        for key, hand in v.special_hands.items():
            won = " (wins the game)" if hand.wins_game else ""
            sp.add_row(key, num(hand.points) + won)
        con.print(sp)
    if v.acaba is not None:
        con.print(f"Acaba: the opponents score {num(v.acaba.points)}, the declaring side 0.")

    mins = plain_table("Opening minimum")
    by_round = v.opening_minimum.by == "round"
    if by_round:
        mins.add_column("Round", justify="right")
    else:
        mins.add_column("Side's score", no_wrap=True)
    mins.add_column("Minimum", justify="right")
    for band in v.opening_minimum.bands:
        req = v.requirements[band.requires].title if band.requires else num(band.points)
        if band.points_per_round is not None:
            after = sum(1 for b in v.opening_minimum.bands if b.points_per_round is None)
            rounds = f"{after + 1} and every later round" if after else "every round"
            mins.add_row(rounds, f"{num(band.points_per_round)} x the round number")
        elif by_round:
            mins.add_row(str(band.round), number_cell(req))
        elif band.low is None:
            mins.add_row(f"below {num(band.below)}", number_cell(req))
        elif band.below is None:
            mins.add_row(f"{num(band.low)} or more", number_cell(req))
        else:
            mins.add_row(f"{num(band.low)} to {num(band.below - v.point_step)}", number_cell(req))
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
                con.print(text_cell(f"{name}: default {default}, in force {now}"), style="bold")
                con.print(text_cell(f"  {o.get('description', '')}{choices}"))
            return
        opt = plain_table("Options (new --set NAME=VALUE)")
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
                text_cell(o.get("description", "") + choices),
            )
        con.print(opt)


#: What each ``tie`` rule does with equal highest totals at the end (RULES.md K20).
_TIES = {
    "extra_hand": "play another hand",
    "draw": "draw",
    "went_out": "the side that went out in the deciding hand wins (else another hand)",
}


def tie_text(tie: str) -> str:
    """The ``tie`` rule in words, with the values ``--set tie=`` takes."""
    return f"{_TIES[tie]} (tie = {tie}; --set tie={', '.join(_TIES)})"


def _threes_text(rule: ThreesRule) -> str:
    parts = []
    if rule.each:
        parts.append(f"{num(rule.each)} each")
    if rule.each_not_out:
        parts.append(f"{num(rule.each_not_out)} each for a side that did not go out")
    for count, total in sorted(rule.totals_by_count().items()):
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
    if rule.minus_each:
        sign += f"; a negative item {num(rule.minus_each)} each, whatever the count"
    if rule.negative_cap:
        sign += f"; a negative item at most {num(rule.negative_cap)}"
    return "; ".join(parts) + f" ({sign})"


def meld_rules_text(v: Variant) -> str:
    """The variant's meld rules in one line, as ``variants show`` prints them."""
    r = v.melds
    parts = [f"{r.min_cards}+ cards, {r.min_naturals}+ natural, at most {r.max_wilds} wild"]
    if r.wilds_at_most_naturals:
        parts.append("never more wild than natural")
    if r.max_cards:
        grow = [m for m in ("natural", "mixed") if m in r.past_max_cards]
        words = {"natural": "natural melds", "mixed": "melds with wild cards"}
        also = f" ({' and '.join(words[m] for m in grow)} grow past it)" if grow else ""
        parts.append(f"at most {r.max_cards} cards{also}")
    if r.one_meld_per_rank:
        parts.append("one meld per rank")
    if r.wild_melds:
        most = r.max_cards_for("wild")
        parts.append(f"melds of wild cards only ({f'up to {most}' if most else 'no limit'})")
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

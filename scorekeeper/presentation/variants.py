"""How ``variants`` and ``variants show`` print a variant's rules: the variant list, every rule
of one variant (card values, canastas and what makes each, threes, going out, minimums,
options) and its ``--json`` document. Names go to Rich as Text, never as markup.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from scorekeeper.domain.cards import RANK_WORDS
from scorekeeper.domain.fields import counted_kind
from scorekeeper.domain.schema import CanastaKind, ThreesRule
from scorekeeper.domain.variant import Variant
from scorekeeper.i18n import N_, aside, language, listing, ngettext
from scorekeeper.i18n import gettext as _
from scorekeeper.presentation.documents import Document, document
from scorekeeper.presentation.render import game_end, num, number_cell, plain_table, text_cell

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

    Below 80 columns only the name, sides and target are shown, below 110 no family and
    source, so no key, number or word is cut; below :data:`NARROW_LIST` one block a variant.
    """
    if con.width < NARROW_LIST:
        _print_variants_narrow(con, rows)
        return
    # the title and players from 80 columns, the family and where the file is from 110: each
    # column that is shown has room (a key, a number or a word is never squeezed)
    shown = ["name", "title", "family", "sides", "players", "target", "source"]
    if con.width < 110:
        shown = [c for c in shown if c not in ("family", "source")]
    if con.width < 80:
        shown = [c for c in shown if c not in ("title", "players")]
    table = plain_table(_("Variants"))
    # a variant's key never breaks: it is typed as shown (the readers' reports, C.2)
    longest = max((len(row[1]) for row in rows), default=0)
    columns = {
        "name": (_("Name"), {"no_wrap": True, "min_width": longest}),
        "title": (_("Title"), {"overflow": "fold"}),
        "family": (_("Family"), {"no_wrap": True}),
        "sides": (_("Sides"), {"justify": "right", "no_wrap": True}),
        "players": (_("Players"), {"justify": "right", "no_wrap": True}),
        "target": (_("Target"), {"justify": "right", "no_wrap": True}),
        "source": (_("Source"), {"no_wrap": True}),
    }
    for key in shown:
        heading, options = columns[key]
        table.add_column(heading, **options)
    for v, name, builtin, error in rows:
        cells: dict[str, Any] = {"name": text_cell(name)}
        cells["source"] = _("built-in") if builtin else _("user")
        if v is None:
            problem = text_cell(_("cannot be used: {error}").format(error=error))
            cells["title" if "title" in shown else "target"] = problem
        else:
            sides, target = _sides_and_target(v)
            low, high = v.players.min, v.players.max
            cells["title"] = text_cell(_(v.title))
            cells["family"] = v.family
            cells["sides"] = sides
            cells["players"] = f"{low}" if low == high else f"{low}-{high}"
            cells["target"] = number_cell(target)
        table.add_row(*(cells.get(key, "") for key in shown))
    con.print(table)


#: Below this many columns the variant list prints one short block per variant (a table would
#: cut a target or a key).
NARROW_LIST = 60


def _sides_and_target(v: Variant) -> tuple[str, str]:
    sides = f"{v.sides.min}" if v.sides.min == v.sides.max else f"{v.sides.min}-{v.sides.max}"
    return sides, game_end(v, word=False)


def _print_variants_narrow(
    con: Console, rows: Sequence[tuple[Variant | None, str, bool, str]]
) -> None:
    """The variant list for terminals under :data:`NARROW_LIST` columns: the key on its own
    line (it never breaks), then the title, then the sides and target."""
    from rich.text import Text

    from scorekeeper.i18n import labelled

    con.print(_("Variants"), style="bold")
    for v, name, _builtin, error in rows:
        con.print(Text(name, style="bold", no_wrap=True, overflow="ignore"))
        if v is None:
            con.print(Text("  " + _("cannot be used: {error}").format(error=error)))
            continue
        sides, target = _sides_and_target(v)
        con.print(Text("  " + _(v.title)))
        figures = [labelled(_("Sides"), sides), labelled(_("Target"), target)]
        con.print(Text("  " + " · ".join(figures)))


#: The card-value keys of a variant file (``[cards]``) as a player names one such card; the keys
#: themselves stay English (they are the file's interface).
CARD_NAMES = {
    "joker": N_("joker"),
    "two": N_("two"),
    "ace": N_("ace"),
    "king": N_("king"),
    "queen": N_("queen"),
    "jack": N_("jack"),
    "ten": N_("ten"),
    "nine": N_("nine"),
    "eight": N_("eight"),
    "seven": N_("seven"),
    "six": N_("six"),
    "five": N_("five"),
    "four": N_("four"),
    "black_three": N_("black three"),
    "red_three": N_("red three"),
}


def card_name(key: str) -> str:
    """A card-value key (``black_three``) as the language names the card ("black three",
    "黒い3", "siyah üç"); a key not in :data:`CARD_NAMES` with its underscores as spaces."""
    return _(CARD_NAMES[key]) if key in CARD_NAMES else key.replace("_", " ")


def option_value(value: object) -> str:
    """An option's value as ``variants show`` prints it: ``true``/``false`` as typed with
    ``--set`` (in Turkish its own evet/hayır, which ``--set`` takes too: the last word of the
    catalogue's "y,yes" and "n,no"), a number as the language writes it (1,500; 1.500 in
    Turkish)."""
    if isinstance(value, bool):
        if language() == "tr":
            return (_("y,yes") if value else _("n,no")).split(",")[-1].strip()
        return str(value).lower()
    if isinstance(value, int):
        return num(value)
    return str(value)


#: What each canasta make-up is, as ``variants show`` says it (RULES.md §16c).
_MAKEUPS = {
    "natural": N_("one rank, no wild card"),
    "mixed": N_("one rank with wild cards"),
    "wild": N_("wild cards only"),
    "twos": N_("2s only"),
    "jokers_and_twos": N_("four jokers and three 2s"),
    "sequence": N_("a run of one suit"),
}
#: The same with the rank named ("aces, no wild card").
_RANK_MAKEUPS = {
    "natural": N_("{rank}, no wild card"),
    "mixed": N_("{rank} with wild cards"),
}


def _makeup_text(kind: CanastaKind) -> str:
    """What makes a canasta of ``kind``: "7+ cards: one rank, no wild card"."""
    if kind.makeup is None:
        return _("not told by its cards")
    if kind.rank and kind.makeup in _RANK_MAKEUPS:
        what = _(_RANK_MAKEUPS[kind.makeup]).format(rank=_(RANK_WORDS[kind.rank]))
    else:
        what = _(_MAKEUPS[kind.makeup])
    if kind.makeup != "jokers_and_twos":
        what = _("{n}+ cards: {what}").format(n=kind.cards, what=what)
    return what if kind.from_cards else _("{what} (laid from hand at once)").format(what=what)


def _print_kinds_narrow(con: Console, v: Variant) -> None:
    """The canasta kinds of ``v`` as a block of lines each (a console too narrow for their
    table): the key and the kind's title, what makes it, then its aliases and its bonus."""
    from scorekeeper.i18n import labelled

    con.print(_("Canastas (key for hand entries, bonus)"), style="bold")
    for key, kind in v.canastas.items():
        con.print(text_cell(labelled(key, _(kind.title))), style="bold")
        con.print(text_cell("  " + _makeup_text(kind)))
        if kind.aliases:
            con.print(text_cell("  " + labelled(_("Aliases"), listing(list(kind.aliases)))))
        con.print(text_cell("  " + labelled(_("Bonus"), num(kind.bonus))))


def print_variant(con: Console, v: Variant) -> None:
    """Every rule of one variant: card values, canastas, threes, going out, minimums, options."""
    con.print(text_cell(_("{title} ({name})").format(title=_(v.title), name=v.name)), style="bold")
    if v.description:
        con.print(text_cell(_(v.description)))
    if v.source:
        con.print(text_cell(_("Source: {source}").format(source=v.source)))
    game = plain_table(_("Game"))
    game.add_column(_("Rule"))
    game.add_column(_("Value"), overflow="fold")
    lo, hi = v.sides.min, v.sides.max
    game.add_row(_("Sides"), str(lo) if lo == hi else _("{lo} to {hi}").format(lo=lo, hi=hi))
    game.add_row(_("Players"), _("{lo} to {hi}").format(lo=v.players.min, hi=v.players.max))
    game.add_row(
        _("Decks"),
        _("{n} ({cards} cards with jokers)").format(
            n=v.decks, cards=v.decks * (52 + v.jokers_per_deck)
        ),
    )
    game.add_row(_("Target"), num(v.target) if v.target else _("none"))
    if v.hands:
        game.add_row(_("Hands in a game"), str(v.hands))
    game.add_row(_("Equal totals at the target"), tie_text(v.tie))
    game.add_row(
        _("Melded cards"), _("minus without a canasta") if v.melds.sign != "plus" else _("plus")
    )
    game.add_row(_("Melds"), meld_rules_text(v))
    con.print(game)

    cards = plain_table(_("Card values (points)"))
    cards.add_column(_("Card"))
    cards.add_column(_("Value"), justify="right")
    for rank, value in v.cards.items():
        cards.add_row(card_name(rank), number_cell(value))
    con.print(cards)

    kinds = plain_table(_("Canastas (key for hand entries, bonus)"))
    kinds.add_column(_("Key"), no_wrap=True)
    kinds.add_column(_("Kind"))
    kinds.add_column(_("Made of"))
    kinds.add_column(_("Aliases"))
    kinds.add_column(_("Bonus"), justify="right")
    for key, kind in v.canastas.items():
        kinds.add_row(
            key,
            text_cell(_(kind.title)),
            _makeup_text(kind),
            listing(list(kind.aliases)),
            number_cell(kind.bonus),
        )
    if con.measure(kinds, options=con.options.update_width(10**6)).minimum <= con.width:
        con.print(kinds)
    else:  # too narrow for the table without cutting a word: a block of lines per kind
        _print_kinds_narrow(con, v)

    threes = plain_table(_("Threes and going out"))
    threes.add_column(_("Rule"))
    threes.add_column(_("Value"), overflow="fold")
    for label, rule in ((_("Red threes"), v.red_threes), (_("Black threes"), v.black_threes)):
        if rule.scored:
            threes.add_row(label, _threes_text(rule))
    going_out = v.going_out
    go = f"{num(going_out.bonus)}"
    if going_out.concealed_bonus:
        concealed = num(going_out.bonus + going_out.concealed_bonus)
        go += aside(_("({points} concealed)").format(points=concealed))
    threes.add_row(_("Going-out bonus"), go)
    need = []
    if going_out.canastas:
        n = going_out.canastas
        need.append(ngettext("{n} canasta", "{n} canastas", n).format(n=n))
    need += [counted_kind(n, v.canastas[k].title) for k, n in going_out.kinds.items() if n]
    if going_out.red_threes_at_least_canastas:
        need.append(_("at least as many red threes as canastas"))
    threes.add_row(_("To go out, a side needs"), listing(need) or _("nothing"))
    if v.partnerships == "per_hand":
        threes.add_row(
            _("Partnerships"),
            _(
                "formed each hand: the two partners each score the partnership's total, red"
                " threes their own"
            ),
        )
    con.print(threes)

    if v.canasta_sets or v.instant_win.canastas:
        sets = plain_table(_("Bonuses for sets of canastas (counted by themselves)"))
        sets.add_column(_("Set"))
        sets.add_column(_("Points"), justify="right")
        groups: dict[str, int] = {}
        for row in v.canasta_sets.values():
            groups[row.group] = groups.get(row.group, 0) + 1
        for row in v.canasta_sets.values():
            alone = aside(_("(the largest of its group only)")) if groups[row.group] > 1 else ""
            sets.add_row(text_cell(_(row.title) + alone), num(row.points))
        if v.instant_win.canastas:
            sets.add_row(
                _("{n} canastas in one hand: scores this and wins").format(
                    n=v.instant_win.canastas
                ),
                num(v.instant_win.points),
            )
        con.print(sets)

    if v.penalties:
        pen = plain_table(_("Penalties (key for hand entries)"))
        pen.add_column(_("Key"), no_wrap=True)
        pen.add_column(_("Meaning"))
        pen.add_column(_("Points"), justify="right")
        for key, rule in v.penalties.items():
            pen.add_row(key, text_cell(_(rule.title)), number_cell(rule.points))
        con.print(pen)

    if v.special_hands:
        sp = plain_table(_("Special hands"))
        sp.add_column(_("Key"), no_wrap=True)
        sp.add_column(_("Points"), justify="right")
        for key, hand in v.special_hands.items():
            won = aside(_("(wins the game)")) if hand.wins_game else ""
            sp.add_row(key, num(hand.points) + won)
        con.print(sp)
    if v.acaba is not None:
        con.print(
            _("Acaba: the opponents score {points}, the declaring side 0.").format(
                points=num(v.acaba.points)
            )
        )

    mins = plain_table(_("Opening minimum"))
    by_round = v.opening_minimum.by == "round"
    if by_round:
        mins.add_column(_("Round"), justify="right")
    else:
        mins.add_column(_("Side's score"), no_wrap=True)
    mins.add_column(_("Minimum"), justify="right")
    for band in v.opening_minimum.bands:
        req = _(v.requirements[band.requires].title) if band.requires else num(band.points)
        if band.points_per_round is not None:
            after = sum(1 for b in v.opening_minimum.bands if b.points_per_round is None)
            rounds = (
                _("{n} and every later round").format(n=after + 1) if after else _("every round")
            )
            mins.add_row(
                rounds, _("{points} x the round number").format(points=num(band.points_per_round))
            )
        elif by_round:
            mins.add_row(str(band.round), number_cell(req))
        elif band.low is None:
            mins.add_row(_("below {points}").format(points=num(band.below)), number_cell(req))
        elif band.below is None:
            mins.add_row(_("{points} or more").format(points=num(band.low)), number_cell(req))
        else:
            low, high = num(band.low), num(band.below - v.point_step)
            mins.add_row(_("{lo} to {hi}").format(lo=low, hi=high), number_cell(req))
    con.print(mins)

    options = v.rules.get("options", {})
    if options:
        chosen = v.rules.get("chosen_options", {})
        options_heading = _("Options (new --set {metavar})").format(metavar=_("KEY=VALUE"))
        if con.width < 70:
            con.print(options_heading, style="italic")
            for name, o in options.items():
                default = option_value(o.get("default", False))
                now = option_value(chosen.get(name, o.get("default", False)))
                con.print(
                    text_cell(
                        _("{name}: default {default}, in force {now}").format(
                            name=name, default=default, now=now
                        )
                    ),
                    style="bold",
                )
                con.print(text_cell(f"  {_option_text(o)}"))
            return
        opt = plain_table(options_heading)
        opt.add_column(_("Name"), no_wrap=True)
        opt.add_column(_("Default"), no_wrap=True)
        opt.add_column(_("In force"), no_wrap=True)
        opt.add_column(_("What it does"), overflow="fold")
        for name, o in options.items():
            default = o.get("default", False)
            now = chosen.get(name, default)
            opt.add_row(name, option_value(default), option_value(now), text_cell(_option_text(o)))
        con.print(opt)


def _option_text(option: dict) -> str:
    """An option's description (translated) and the values it takes."""
    text = _(option["description"]) if option.get("description") else ""
    if "choices" in option:
        text += aside(_("(one of {choices})").format(choices=listing(option["choices"])))
    return text


#: What each ``tie`` rule does with equal highest totals at the end (RULES.md K20).
_TIES = {
    "extra_hand": N_("play another hand"),
    "draw": N_("draw"),
    "went_out": N_("the side that went out in the deciding hand wins (else another hand)"),
}


def tie_text(tie: str) -> str:
    """The ``tie`` rule in words, with the values ``--set tie=`` takes; the rule's own key
    ("tie = draw") only in English, where the words around it are English too."""
    choices = listing(list(_TIES))
    if language() == "en":
        keys = _("(tie = {tie}; --set tie={choices})").format(tie=tie, choices=choices)
    else:
        keys = _("(--set tie= takes {choices})").format(choices=choices)
    return _(_TIES[tie]) + aside(keys)


def _threes_text(rule: ThreesRule) -> str:
    parts = []
    if rule.each:
        parts.append(_("{points} each").format(points=num(rule.each)))
    if rule.each_not_out:
        parts.append(
            _("{points} each for a side that did not go out").format(points=num(rule.each_not_out))
        )
    for count, total in sorted(rule.totals_by_count().items()):
        said = ngettext("{count} three: {points}", "{count} threes: {points}", count)
        parts.append(said.format(count=count, points=num(total)))
    signs = {
        "always_plus": N_("always plus"),
        "minus_without_meld": N_("minus when the side made no meld"),
        "minus_without_kind": N_("minus without a {kind} canasta"),
    }
    sign = signs.get(rule.sign_rule)
    if sign is not None:
        sign = _(sign).format(kind=rule.kind)
    else:
        words = {-1: _("minus"), 0: _("not scored"), 1: _("plus")}
        table = rule.sign_by_canastas
        sign = listing(
            [
                (
                    _("no canasta: {sign}")
                    if i == 0 and len(table) > 1
                    else ngettext("{n} canasta or more: {sign}", "{n} canastas or more: {sign}", i)
                    if i == len(table) - 1
                    else ngettext("{n} canasta: {sign}", "{n} canastas: {sign}", i)
                ).format(n=i, sign=words.get(s, s))
                for i, s in enumerate(table)
            ]
        )
    if rule.minus_each:
        sign += _("; ") + _("a negative item {points} each, whatever the count").format(
            points=num(rule.minus_each)
        )
    if rule.negative_cap:
        sign += _("; ") + _("a negative item at most {points}").format(
            points=num(rule.negative_cap)
        )
    return _("; ").join(parts) + aside(_("({note})").format(note=sign))


def meld_rules_text(v: Variant) -> str:
    """The variant's meld rules in one line, as ``variants show`` prints them."""
    r = v.melds
    parts = [
        _("{cards}+ cards, {naturals}+ natural, at most {wilds} wild").format(
            cards=r.min_cards, naturals=r.min_naturals, wilds=r.max_wilds
        )
    ]
    if r.wilds_at_most_naturals:
        parts.append(_("never more wild than natural"))
    if r.max_cards:
        grow = [m for m in ("natural", "mixed") if m in r.past_max_cards]
        words = {"natural": _("natural melds"), "mixed": _("melds with wild cards")}
        also = (
            aside(_("({melds} grow past it)").format(melds=_(" and ").join(words[m] for m in grow)))
            if grow
            else ""
        )
        parts.append(_("at most {n} cards").format(n=r.max_cards) + also)
    if r.one_meld_per_rank:
        parts.append(_("one meld per rank"))
    if r.wild_melds:
        most = r.max_cards_for("wild")
        limit = _("up to {n}").format(n=most) if most else _("no limit")
        parts.append(_("melds of wild cards only ({limit})").format(limit=limit))
    if r.sequences:
        seq = _("runs of one suit, 4 up to ace, {lo} to {hi} cards").format(
            lo=r.sequence_min, hi=r.sequence_max
        )
        wild = ", " + _("{n} wild").format(n=r.sequence_wilds) if r.sequence_wilds else ""
        parts.append(seq + wild)
    parts.append(
        _("black threes only going out") if r.black_threes == "going_out" else _("no threes melded")
    )
    if r.sevens_no_wilds:
        parts.append(_("7s take no wild cards"))
    if r.aces != "any":
        parts.append(_("aces natural unless the opening held wild cards"))
    if r.opening_needs != "nothing":
        parts.append(_("the opening needs a clean meld"))
    discard = {
        "counts": N_("the top discard counts toward the opening"),
        "not_counted": N_("the top discard does not count toward the opening"),
        "not_allowed": N_("the pile cannot be taken to open"),
    }
    parts.append(_(discard[r.opening_discard]))
    return _("; ").join(parts)

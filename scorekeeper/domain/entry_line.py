"""The one-line hand entry: one short string per side, typed fast at the table.

Grammar (README, "One-line entries"): items separated by spaces, each ``KEY=VALUE`` (or
``KEY:VALUE``), or a bare ``KEY`` meaning 1 / yes. A lone ``-`` is a side that scored nothing.
The items are the fields of :data:`scorekeeper.domain.entries.FIELDS` (their ``names``; the
variant's canasta kinds, aliases and penalty kinds by key), each read by its kind of value.
Any name of an item (its JSON keys too: ``red_threes=1``) may be shortened to a prefix
that names only one item (``nat=1``, ``mix=2``); a prefix of two items is refused, naming
both. Points
may be a sum (``m=120+85+40``). A line may start with its side's name and a colon
(``Cat & Dan: m=110``): :func:`split_name`, :func:`order_lines`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from scorekeeper.domain.bounds import (
    MAX_NUMBER,
    SEPARATED_NUMBER,
    TYPED_WITHOUT_SEPARATOR,
    check_number,
    is_digits,
    quoted,
    read_whole_number,
    side_place,
)
from scorekeeper.domain.cards import RANK_KEYS, card_points, parse_cards, reads_as_cards, render
from scorekeeper.domain.entries import SideEntry
from scorekeeper.domain.fields import (
    CANASTAS,
    COUNT,
    FIELDS,
    PENALTIES,
    POINTS_OR_CARDS,
    SPECIAL_HAND,
    YES_NO,
    EntryField,
)
from scorekeeper.domain.names import NameFinder, ascii_field, item_key
from scorekeeper.domain.reading import entry_from_json
from scorekeeper.domain.variant import Variant
from scorekeeper.errors import InputError
from scorekeeper.i18n import N_, labelled, listing, number
from scorekeeper.i18n import gettext as _

#: A name the grammar knows: (its field, and the canasta or penalty kind it names, else "").
Name = tuple[EntryField, str]


def _names(variant: Variant) -> dict[str, Name]:
    """Every name the line grammar knows for ``variant``: each canasta kind's key and aliases,
    each penalty kind's key, and each used field's names and JSON keys (``red``, ``r``,
    ``red_threes``)."""
    names: dict[str, Name] = {}
    for f in FIELDS:
        if f.kind == CANASTAS:
            for key, kind in variant.canastas.items():
                names[item_key(key)] = (f, key)
                for alias in kind.aliases:
                    names[item_key(alias)] = (f, key)
        elif f.kind == PENALTIES:
            for key in variant.penalties:
                names[item_key(key)] = (f, key)
    for f in FIELDS:
        if f.kind not in (CANASTAS, PENALTIES) and f.used(variant):
            for name in (*f.names, *f.json):
                names.setdefault(name, (f, ""))
    return names


def _described(variant: Variant, name: Name) -> str:
    """One item as a player knows it: its full name and what it is ("red (red threes)",
    "red_three_not_declared (a penalty)")."""
    f, kind = name
    if f.kind == CANASTAS:
        title = variant.canastas[kind].title
        title = _(title) if title else _("a canasta kind")
        return f"{kind} ({title})"
    if f.kind == PENALTIES:
        return _("{kind} (a penalty)").format(kind=kind)
    return f"{f.names[0] if f.names else f.json[0]} ({_(f.title)})"


def _resolve(variant: Variant, key: str, names: dict[str, Name]) -> Name:
    """The item ``key`` names: a name of it, or a prefix of names of one item only (case,
    width and the forms of i ignored: :func:`scorekeeper.domain.names.item_key`). Raises
    InputError for a prefix of two or more items (naming each) or of none."""
    low = item_key(key)
    if low in names:
        return names[low]
    matches = sorted(n for n in names if n.startswith(low) and len(n) > 1)
    targets: dict[tuple[str, str], Name] = {}
    for n in matches:
        targets.setdefault((names[n][0].key, names[n][1]), names[n])
    if len(targets) == 1:
        return next(iter(targets.values()))
    if targets:
        each = sorted(_described(variant, name) for name in targets.values())
        options = _("{some} or {last}").format(some=listing(each[:-1]), last=each[-1])
        raise InputError(
            _("'{key}' could be {options}; type more of it").format(key=key, options=options)
        )
    full = sorted(n for n, (f, kind) in names.items() if len(n) > 1 and (kind or n in f.names))
    from scorekeeper.domain.suggest import hint

    raise InputError(
        _("unknown item '{key}' for {variant}; items: {items}").format(
            key=key, variant=_(variant.title), items=listing(full)
        )
        + hint(key, [n for n in names if len(n) > 1], prefixes=True)  # mxi: mix(ed)
    )


def _plain(key: str, value: str) -> str:
    """``value`` with the thousands grouping of the language in use taken out (``1,200``;
    Turkish ``1.200``: :func:`scorekeeper.i18n.ungrouped`). InputError for digits separated
    any other way (``1_0``, ``1,20``, ``2.5``; ``1,200`` in Turkish), which would otherwise
    be read as another number or as cards; anything else is returned as it is."""
    from scorekeeper.i18n import ungrouped

    grouped = ungrouped(value)
    if grouped is not None:
        return grouped
    if SEPARATED_NUMBER.fullmatch(value):
        digits = re.sub(r"[,._]", "", value)
        if re.fullmatch(r"-?[1-9][0-9]{0,2}(?:[,._][0-9]{3})+", value):  # not 0,005
            raise InputError(
                _(TYPED_WITHOUT_SEPARATOR).format(key=key, plain=digits, value=quoted(value))
            )
        raise InputError(
            _("'{key}' takes a whole number, not '{value}'").format(key=key, value=quoted(value))
        )
    return value


def _number(key: str, value: str) -> int:
    text = _plain(key, value)
    if not re.fullmatch(r"-?[0-9]+", text):
        raise InputError(
            _("'{key}' takes a whole number, not '{value}'").format(key=key, value=quoted(value))
        )
    return read_whole_number(text, f"'{key}'")


def _points(key: str, value: str) -> int | None:
    """Points written as a number or a sum of numbers (``120+85+40``; each grouped as the
    language groups thousands, or not at all: :func:`_plain`); None for anything else
    (cards). Raises InputError for a sum with an empty or signed term (``120++5``, ``5+-2``)
    and for digits separated another way (``1_0``)."""
    if any(c.isdigit() and not c.isascii() for c in value):  # another script's digits: ٣٠
        raise InputError(
            _("'{key}' takes points in the digits 0-9, not '{value}'").format(
                key=key, value=quoted(value)
            )
        )
    if re.fullmatch(r"[0-9]+(?:-[0-9]+)+", value) and any(
        term not in (*RANK_KEYS, "3") for term in value.split("-")
    ):  # 120-85: no cards (5-5-5 are three fives; 5-3 a three without its colour), and
        # points are only ever added
        raise InputError(
            _("'{key}' takes points or a sum of points (e.g. 120+85), not '{value}'").format(
                key=key, value=quoted(value)
            )
        )
    terms = [_plain(key, term) for term in value.split("+")]
    plain = "+".join(terms)
    if is_digits(plain.lstrip("-")):
        return _number(key, plain)
    if "+" not in plain or not re.fullmatch(r"[0-9+]+", plain):
        return None
    if not all(terms):
        raise InputError(
            _("'{key}' takes points or a sum of points (e.g. 120+85), not '{value}'").format(
                key=key, value=quoted(value)
            )
        )
    return check_number(sum(read_whole_number(t, f"'{key}'") for t in terms), f"'{key}'")


def cards_hint(variant: Variant, key: str, value: str) -> str:
    """A one-line hint when points typed as digits only could also be read as cards: three or
    more cards of one rank, wild cards allowed (``m=555``: three fives, 15 points); "" when
    they could not (``m=120``, ``m=85``). The value stays points; the hint says how to write
    the cards (``m=555/``)."""
    plain = value.strip()
    if not is_digits(plain) or len(plain) > len(str(MAX_NUMBER)):
        return ""
    try:
        cards = parse_cards(plain)
    except InputError:
        return ""
    ranks = {c.rank for c in cards if not c.wild}
    if len(cards) < 3 or len(ranks) > 1:
        return ""
    points = card_points(variant.cards, cards)
    return _(
        "hint: {item} is read as {points} points; for the cards {cards} ({card_points} points)"
        " write {item}/"
    ).format(
        item=f"{key}={value}",
        points=number(int(plain)),
        cards=render(cards),
        card_points=number(points),
    )


def _value(f: EntryField, kind: str, key: str, sep: str, value: str) -> tuple[str, Any]:
    """The JSON key and value one item stands for (``meld=KKK`` -> ``("melds", "KKK")``)."""
    if f.kind in (CANASTAS, PENALTIES):
        return kind, _number(key, value) if sep else 1
    if f.kind == POINTS_OR_CARDS:
        if not sep:
            raise InputError(
                _("'{key}' needs a value, e.g. {example}").format(key=key, example=f"{key}=120")
            )
        points = _points(key, value)
        if points is not None:
            return f.points_key, points
        return f.cards_key, " ".join(value.split("/"))
    if f.kind == YES_NO:
        if not sep or value.lower() in ("yes", "y", "true", "1"):
            return f.json[0], True
        if value.lower() in ("no", "n", "false", "0"):
            return f.json[0], False
        raise InputError(_("'{key}' is a yes/no item: write '{key}' alone").format(key=key))
    if f.kind == SPECIAL_HAND:
        if not sep:
            raise InputError(
                _("'{key}' needs the special hand's key, e.g. {example}").format(
                    key=f.names[0], example=f.syntax
                )
            )
        return f.json[0], value
    assert f.kind == COUNT
    return f.json[0], _number(key, value) if sep else 1


def line_to_json(
    variant: Variant, text: str, hints: list[str] | None = None, keep_no: bool = False
) -> dict[str, Any]:
    """Parse one side's line into DESIGN.md's JSON entry object.

    ``hints``, when given, collects a one-line hint for each points value that could also be
    cards (:func:`cards_hint`); ``keep_no`` keeps a yes/no item answered no (``out=no``) as
    false instead of leaving it out. Raises InputError for an unknown item, a bad value, or two
    items that say different things about one field (``m=100 m=200``; ``concealed out=0``:
    concealed means the side went out).
    """
    names = _names(variant)
    stripped = ascii_field(text).strip()  # full-width digits and letters read as ASCII
    if stripped == "-":
        return {}
    if not stripped:
        raise InputError(_("the entry is empty: write '-' for a side that scored nothing"))
    values: dict[tuple[str, str], Any] = {}
    said_by: dict[tuple[str, str], str] = {}

    def put(where: tuple[str, str], value: Any, item: str) -> None:
        if where in values and values[where] != value:
            first = said_by[where]
            hint = (
                " " + _("('concealed' means the side went out)") if where[0] == "went_out" else ""
            )
            raise InputError(
                _("'{first}' and '{item}' say different things: give one").format(
                    first=first, item=item
                )
                + hint
            )
        values[where] = value
        said_by.setdefault(where, item)

    by_key = {f.key: f for f in FIELDS}
    cards_before = ""  # the item just read, when it gave cards (m=KKKK2/QQQ)
    for item in stripped.split():
        if item == "-":
            raise InputError(
                _("'-' stands alone, for a side that scored nothing: leave it out beside items")
            )
        key, sep, value = item.partition("=")
        if not sep:
            key, sep, value = item.partition(":")
        if sep and not value:
            raise InputError(_("'{item}' has no value after '{sep}'").format(item=item, sep=sep))
        if not sep and cards_before and item_key(key) not in names and reads_as_cards(item):
            raise InputError(
                _(
                    "'{item}' follows the cards of '{before}': write the cards without"
                    " spaces, '/' between melds, e.g. {joined}"
                ).format(item=item, before=cards_before, joined=f"{cards_before}/{item}")
            )
        f, kind = _resolve(variant, key, names)
        json_key, parsed = _value(f, kind, key, sep, value)
        cards_before = item if f.kind == POINTS_OR_CARDS and json_key == f.cards_key else ""
        if f.kind == POINTS_OR_CARDS and json_key == f.points_key and hints is not None:
            hint = cards_hint(variant, key, value)
            if hint:
                hints.append(hint)
        if f.kind == POINTS_OR_CARDS:
            put((f.key, ""), (json_key, parsed), item)  # meld= / hand= once, in either form
        else:
            put((f.key, kind), parsed, item)
        if f.implies and parsed is True:
            put((by_key[f.implies].key, ""), True, item)
    obj: dict[str, Any] = {}
    for (key, kind), value in values.items():
        f = by_key[key]
        if f.kind in (CANASTAS, PENALTIES):
            obj.setdefault(f.json[0], {})[kind] = value
        elif f.kind == POINTS_OR_CARDS:
            obj[value[0]] = value[1]
        elif value is not False or keep_no:
            obj[f.json[0]] = value
    return obj


def names_item(variant: Variant, key: str) -> bool:
    """Whether a one-line entry reads ``key`` as an item of ``variant``: one of its names, or
    the start of one or more (``nat``; ``re``, which could be two, is refused as such)."""
    low = item_key(key)
    return bool(low) and any(
        n == low or (n.startswith(low) and len(n) > 1) for n in _names(variant)
    )


def parse_line(
    variant: Variant, text: str, side: str = "side", hints: list[str] | None = None
) -> SideEntry:
    """Parse one side's line into a validated :class:`SideEntry`; raises InputError/RuleError.
    ``hints`` collects the hints of :func:`line_to_json`, each starting with ``side``."""
    try:
        found: list[str] = []
        obj = line_to_json(variant, text, found)
        if hints is not None:
            hints += [labelled(side, hint) for hint in found]
    except InputError as err:
        raise InputError(labelled(side, err.message)) from None
    return entry_from_json(variant, obj, side)


def split_name(
    text: str, names: list[str] | tuple[str, ...], variant: Variant | None = None
) -> tuple[str | None, str]:
    """A line's side name and the rest: ``"Cat & Dan: m=110"`` -> ``("Cat & Dan", "m=110")``.

    The text before a colon is a side's name when it is one of ``names`` (case and spacing
    ignored; the longest such, as a name may hold a colon: ``"A:B: m=50"`` with the sides
    ``A`` and ``A:B``), or, before the first colon, when it holds no ``=`` and the colon ends
    the line or is followed by a space (``KEY:VALUE`` has its value right after the colon); an
    unknown name raises InputError. A side named as one of ``variant``'s items, or as the start
    of one (a side "Red" and the item ``red``; a side "nat"), is named with a space after its
    colon (``"Red: m=50"``): right after the colon comes the item's value (``"red:2"``).
    A side's number named so (``"2: m=50"``, ``"2:m=50"``) is that side, as ``fix 2`` names
    it. Returns
    ``(None, text)`` for a line with no name.
    """
    plain = text.replace("：", ":")  # a full-width colon too
    finder = NameFinder(names)
    head, sep, rest = plain.partition(":")
    if not sep:
        _refuse_name_without_colon(plain, names, finder, variant)
        return None, text
    # a side's name holding a colon typed whole without one after it ("Us:Red m=50" beside a
    # side "Us") is no shorter side's entry: said, never split at its own colon
    _refuse_named_without_colon(plain.split(), names, finder, holding_colon=True)
    # the longest side's name the line starts with: a name may hold a colon ("A:B: m=50")
    for at in sorted((i for i, c in enumerate(plain) if c == ":"), reverse=True):
        side = finder.find(plain[:at])
        if side is not None:
            after = plain[at + 1 :]
            if after[:1].strip() and variant is not None and names_item(variant, plain[:at]):
                continue  # KEY:VALUE, the key an item's name or the start of one
            return names[side], after
    place = side_place(head, len(names))
    if place is not None:  # "2: m=50", "2:m=50": the second side, as fix 2 names it (no item
        return names[place], rest.lstrip()  # is named by a number: no KEY:VALUE is meant)
    looks_named = "=" not in head and (not rest or rest[0].isspace())
    if looks_named and head.strip():
        from scorekeeper.domain.suggest import hint

        raise InputError(
            _("no side called '{name}' in this game (sides: {sides})").format(
                name=head.strip(), sides=listing(names)
            )
            + hint(head.strip(), names)
        )
    _refuse_name_without_colon(plain, names, finder, variant)  # no side named by a colon
    return None, text


#: The refusal of an entry starting with a side's name and no colon after it.
NAME_WITHOUT_COLON = N_(
    "'{name}' is a side: write a colon after its name to name it ('{name}: {rest}')"
)


def _refuse_name_without_colon(
    line: str, names: Sequence[str], finder: NameFinder, variant: Variant | None
) -> None:
    """InputError for a line that starts with a side's name and no colon after it (``"Cat &
    Dan m=400"``): it would be read as items, the name's first word refused as an unknown one;
    this says how to name the side. A line whose first word is an item (a side called "Red",
    the item ``red``) is left to be read as items."""
    words = line.split()
    if variant is None or len(words) < 2 or names_item(variant, re.split("[=:]", words[0])[0]):
        return
    _refuse_named_without_colon(words, names, finder, holding_colon=False)


def _refuse_named_without_colon(
    words: list[str], names: Sequence[str], finder: NameFinder, holding_colon: bool
) -> None:
    """InputError (:data:`NAME_WITHOUT_COLON`) when the line's first words (``words``, more
    following them) are a side's name with no colon after it: the longest such name, among
    those holding a colon (``holding_colon``: "Us:Red") or those holding none ("Cat & Dan").
    A colon as the next word ("Us:Red : m=50") names the side."""
    for k in range(len(words) - 1, 0, -1):
        head = " ".join(words[:k])
        side = finder.find(head) if (":" in head) == holding_colon else None
        if side is not None and not words[k].startswith(":"):
            raise InputError(
                _(NAME_WITHOUT_COLON).format(name=names[side], rest=" ".join(words[k:]))
            )


def order_lines(
    lines: list[str], names: list[str] | tuple[str, ...], variant: Variant | None = None
) -> list[str]:
    """One-line entries in side order, the names taken off: lines that all start with their
    side's name (``"Cat & Dan: m=110"``, read by :func:`split_name` with ``variant``'s items)
    come in any order; lines with no name are in side order. Raises InputError for a mix of
    named and unnamed lines, an unknown name, a side named twice or a side missing, or
    (unnamed) a count of lines other than the count of sides.
    """
    split = [split_name(line, names, variant) for line in lines]
    named = [name is not None for name, _ in split]
    if not any(named):
        if len(lines) != len(names):
            said = _(
                "this game has {n} sides ({sides}): give one entry per side in that order"
                " ('-' for a side that scored nothing); got {got}"
            ).format(n=len(names), sides=listing(names), got=len(lines))
            if len(lines) > len(names) and all(len(line.split()) == 1 for line in lines):
                # m=220 h=30 typed without quotes: two entries of one item each
                said += _(' (quote each side\'s entry, its items together: "{example}")').format(
                    example=f"{lines[0].strip()} {lines[1].strip()}"
                )
            raise InputError(said)
        return list(lines)
    if not all(named):
        unnamed = next(line for (name, _), line in zip(split, lines, strict=True) if not name)
        raise InputError(
            _(
                "name every side's entry ('{example}') or none of them; '{line}' has no side's name"
            ).format(example=f"{names[0]}: m=120 ...", line=unnamed.strip())
        )
    ordered: dict[str, str] = {}
    for name, rest in split:
        assert name is not None
        if name in ordered:
            raise InputError(_("side '{name}' has two entries").format(name=name))
        ordered[name] = rest
    missing = [n for n in names if n not in ordered]
    if missing:
        raise InputError(
            _("no entry for {sides}; every side needs one").format(sides=listing(missing))
        )
    return [ordered[n] for n in names]

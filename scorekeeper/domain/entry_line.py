"""The one-line hand entry: one short string per side, typed fast at the table.

Grammar (README, "One-line entries"): items separated by spaces, each ``KEY=VALUE`` (or
``KEY:VALUE``), or a bare ``KEY`` meaning 1 / yes. A lone ``-`` is a side that scored nothing.
The items are the fields of :data:`scorekeeper.domain.entries.FIELDS` (their ``names``; the
variant's canasta kinds, aliases and penalty kinds by key), each read by its kind of value.
Any key may be shortened to a prefix that names only one key (``nat=1``, ``mix=2``).
"""

from __future__ import annotations

import re
from typing import Any

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
from scorekeeper.domain.reading import entry_from_json
from scorekeeper.domain.variant import Variant
from scorekeeper.errors import InputError

#: A name the grammar knows: (its field, and the canasta or penalty kind it names, else "").
Name = tuple[EntryField, str]


def _names(variant: Variant) -> dict[str, Name]:
    """Every full key and short form the line grammar knows for ``variant``."""
    names: dict[str, Name] = {}
    for f in FIELDS:
        if f.kind == CANASTAS:
            for key, kind in variant.canastas.items():
                names[key] = (f, key)
                for alias in kind.aliases:
                    names[alias] = (f, key)
        elif f.kind == PENALTIES:
            for key in variant.penalties:
                names[key] = (f, key)
    for f in FIELDS:
        if f.kind not in (CANASTAS, PENALTIES) and f.used(variant):
            for name in f.names:
                names[name] = (f, "")
    return names


def _resolve(variant: Variant, key: str, names: dict[str, Name]) -> Name:
    low = key.lower()
    if low in names:
        return names[low]
    matches = {n for n in names if n.startswith(low) and len(n) > 1}
    targets = {(names[n][0].key, names[n][1]) for n in matches}
    if len(targets) == 1:
        return names[matches.pop()]
    full = sorted(n for n in names if len(n) > 1)
    if matches:
        raise InputError(f"'{key}' could mean {', '.join(sorted(matches))}; type more of it")
    raise InputError(f"unknown item '{key}' for {variant.name}; items: {', '.join(full)}")


def _number(key: str, value: str) -> int:
    text = value.replace(",", "").replace("_", "")
    if not re.fullmatch(r"-?[0-9]+", text):
        raise InputError(f"'{key}' takes a whole number, not '{value}'")
    return int(text)


def _value(f: EntryField, kind: str, key: str, sep: str, value: str) -> tuple[str, Any]:
    """The JSON key and value one item stands for (``meld=KKK`` -> ``("melds", "KKK")``)."""
    if f.kind in (CANASTAS, PENALTIES):
        return kind, _number(key, value) if sep else 1
    if f.kind == POINTS_OR_CARDS:
        if not sep:
            raise InputError(f"'{key}' needs a value, e.g. {key}=120")
        plain = value.replace(",", "").replace("_", "").lstrip("-")
        if plain.isdigit():
            return f.points_key, _number(key, value)
        return f.cards_key, " ".join(value.split("/"))
    if f.kind == YES_NO:
        if not sep or value.lower() in ("yes", "y", "true", "1"):
            return f.json[0], True
        if value.lower() in ("no", "n", "false", "0"):
            return f.json[0], False
        raise InputError(f"'{key}' is a yes/no item: write '{key}' alone")
    if f.kind == SPECIAL_HAND:
        if not sep:
            raise InputError(f"'{f.names[0]}' needs the special hand's key, e.g. {f.syntax}")
        return f.json[0], value
    assert f.kind == COUNT
    return f.json[0], _number(key, value) if sep else 1


def line_to_json(variant: Variant, text: str) -> dict[str, Any]:
    """Parse one side's line into DESIGN.md's JSON entry object.

    Raises InputError for an unknown item, a bad value, or two items that say different things
    about one field (``m=100 m=200``; ``concealed out=0``: concealed means the side went out).
    """
    names = _names(variant)
    stripped = text.strip()
    if stripped == "-":
        return {}
    if not stripped:
        raise InputError("the entry is empty: write '-' for a side that scored nothing")
    values: dict[tuple[str, str], Any] = {}
    said_by: dict[tuple[str, str], str] = {}

    def put(where: tuple[str, str], value: Any, item: str) -> None:
        if where in values and values[where] != value:
            first = said_by[where]
            hint = " ('concealed' means the side went out)" if where[0] == "went_out" else ""
            raise InputError(f"'{first}' and '{item}' say different things: give one{hint}")
        values[where] = value
        said_by.setdefault(where, item)

    by_key = {f.key: f for f in FIELDS}
    for item in stripped.split():
        key, sep, value = item.partition("=")
        if not sep:
            key, sep, value = item.partition(":")
        if sep and not value:
            raise InputError(f"'{item}' has no value after '{sep}'")
        f, kind = _resolve(variant, key, names)
        json_key, parsed = _value(f, kind, key, sep, value)
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
        elif value is not False:
            obj[f.json[0]] = value
    return obj


def parse_line(variant: Variant, text: str, side: str = "side") -> SideEntry:
    """Parse one side's line into a validated :class:`SideEntry`; raises InputError/RuleError."""
    try:
        obj = line_to_json(variant, text)
    except InputError as err:
        raise InputError(f"{side}: {err}") from None
    return entry_from_json(variant, obj, side)

"""The one-line hand entry: one short string per side, typed fast at the table.

Grammar (README, "One-line entries"): items separated by spaces, each ``KEY=VALUE`` (or
``KEY:VALUE``), or a bare ``KEY`` meaning 1 / yes. A lone ``-`` is a side that scored nothing.

=================  =========================================================================
``meld=340``       melded card points (``m``); ``meld=KKKK2/QQQ`` gives the cards, ``/``
                   between melds
``hand=25``        points left in the side's hands, deducted (``h``); ``hand=J5X`` the cards
``red=2``          red threes laid out (``r``); ``black=1`` black threes (``b``)
``out``            the side went out (``o``); ``concealed`` went out in one turn (``c``)
``natural=1``      canastas of a kind, by key or alias (``clean=1``, ``mixed=2``, ``dirty=2``)
``PENALTY=1``      a penalty kind of the variant, e.g. ``red_three_not_declared=1``
``special=KEY``    a special hand; ``acaba`` the side declared acaba
=================  =========================================================================

Any key may be shortened to a prefix that names only one key (``nat=1``, ``mix=2``).
"""

from __future__ import annotations

import re
from typing import Any

from scorekeeper.domain.scoring import SideEntry, entry_from_json
from scorekeeper.domain.variant import Variant
from scorekeeper.errors import InputError

#: Fixed keys of the line grammar, with their one-letter short forms.
FIELDS = {
    "meld": "meld",
    "m": "meld",
    "hand": "hand",
    "h": "hand",
    "red": "red_threes",
    "r": "red_threes",
    "black": "black_threes",
    "b": "black_threes",
    "out": "went_out",
    "o": "went_out",
    "concealed": "concealed",
    "c": "concealed",
    "special": "special_hand",
    "acaba": "acaba",
}


def _names(variant: Variant) -> dict[str, tuple[str, str]]:
    """Every full key the line grammar knows, mapped to (category, canonical key)."""
    names: dict[str, tuple[str, str]] = {}
    for kind in variant.canastas.values():
        names[kind.key] = ("canasta", kind.key)
        for alias in kind.aliases:
            names[alias] = ("canasta", kind.key)
    for key in variant.penalties:
        names[key] = ("penalty", key)
    unused = set()
    if not variant.red_threes.scored:
        unused.add("red_threes")
    if not variant.uses_black_threes:
        unused.add("black_threes")
    if not variant.special_hands:
        unused.add("special_hand")
    if variant.acaba_points is None:
        unused.add("acaba")
    for key, field in FIELDS.items():
        if field not in unused:
            names[key] = ("field", field)
    return names


def _resolve(variant: Variant, key: str, names: dict[str, tuple[str, str]]) -> tuple[str, str]:
    low = key.lower()
    if low in names:
        return names[low]
    matches = {names[n] for n in names if n.startswith(low) and len(n) > 1}
    if len(matches) == 1:
        return matches.pop()
    full = sorted(n for n in names if len(n) > 1)
    if matches:
        which = sorted(n for n in names if n.startswith(low) and len(n) > 1)
        raise InputError(f"'{key}' could mean {', '.join(which)}; type more of it")
    raise InputError(f"unknown item '{key}' for {variant.name}; items: {', '.join(full)}")


def _number(key: str, value: str) -> int:
    text = value.replace(",", "").replace("_", "")
    if not re.fullmatch(r"-?[0-9]+", text):
        raise InputError(f"'{key}' takes a whole number, not '{value}'")
    return int(text)


def _value(category: str, canonical: str, key: str, sep: str, value: str) -> tuple[str, Any]:
    """The JSON key and value one item stands for (``meld=KKK`` -> ``("melds", "KKK")``)."""
    if category in ("canasta", "penalty"):
        return canonical, _number(key, value) if sep else 1
    if canonical in ("meld", "hand"):
        if not sep:
            raise InputError(f"'{key}' needs a value, e.g. {key}=120")
        plain = value.replace(",", "").replace("_", "").lstrip("-")
        if plain.isdigit():
            return f"{canonical}_points", _number(key, value)
        return ("melds" if canonical == "meld" else "hand"), " ".join(value.split("/"))
    if canonical in ("went_out", "concealed", "acaba"):
        if not sep or value.lower() in ("yes", "y", "true", "1"):
            return canonical, True
        if value.lower() in ("no", "n", "false", "0"):
            return canonical, False
        raise InputError(f"'{key}' is a yes/no item: write '{key}' alone")
    if canonical == "special_hand":
        if not sep:
            raise InputError("'special' needs the special hand's key, e.g. special=garbage")
        return canonical, value
    return canonical, _number(key, value) if sep else 1


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
            hint = " ('concealed' means the side went out)" if where[1] == "went_out" else ""
            raise InputError(f"'{first}' and '{item}' say different things: give one{hint}")
        values[where] = value
        said_by.setdefault(where, item)

    for item in stripped.split():
        key, sep, value = item.partition("=")
        if not sep:
            key, sep, value = item.partition(":")
        if sep and not value:
            raise InputError(f"'{item}' has no value after '{sep}'")
        category, canonical = _resolve(variant, key, names)
        field, parsed = _value(category, canonical, key, sep, value)
        group = category if category in ("canasta", "penalty") else "field"
        if group == "field" and field in ("meld_points", "melds", "hand_points", "hand"):
            put(("field", canonical), (field, parsed), item)  # meld= / hand= once, any form
        else:
            put((group, field), parsed, item)
        if field == "concealed" and parsed:
            put(("field", "went_out"), True, item)
    obj: dict[str, Any] = {}
    for (group, field), value in values.items():
        if group == "canasta":
            obj.setdefault("canastas", {})[field] = value
        elif group == "penalty":
            obj.setdefault("penalties", {})[field] = value
        elif field in ("meld", "hand"):
            obj[value[0]] = value[1]
        elif value is not False:
            obj[field] = value
    return obj


def parse_line(variant: Variant, text: str, side: str = "side") -> SideEntry:
    """Parse one side's line into a validated :class:`SideEntry`; raises InputError/RuleError."""
    try:
        obj = line_to_json(variant, text)
    except InputError as err:
        raise InputError(f"{side}: {err}") from None
    return entry_from_json(variant, obj, side)

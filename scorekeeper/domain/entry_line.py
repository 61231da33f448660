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
    for key, field in FIELDS.items():
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


def line_to_json(variant: Variant, text: str) -> dict[str, Any]:
    """Parse one side's line into DESIGN.md's JSON entry object; raises InputError."""
    obj: dict[str, Any] = {}
    names = _names(variant)
    stripped = text.strip()
    if stripped in ("-", ""):
        return obj
    for item in stripped.split():
        key, sep, value = item.partition("=")
        if not sep:
            key, sep, value = item.partition(":")
        if sep and not value:
            raise InputError(f"'{item}' has no value after '{sep}'")
        category, canonical = _resolve(variant, key, names)
        if category == "canasta":
            count = _number(key, value) if sep else 1
            obj.setdefault("canastas", {})
            obj["canastas"][canonical] = obj["canastas"].get(canonical, 0) + count
        elif category == "penalty":
            obj.setdefault("penalties", {})[canonical] = _number(key, value) if sep else 1
        elif canonical in ("meld", "hand"):
            if not sep:
                raise InputError(f"'{key}' needs a value, e.g. {key}=120")
            plain = value.replace(",", "").replace("_", "").lstrip("-")
            if plain.isdigit():
                obj[f"{canonical}_points"] = _number(key, value)
            elif canonical == "meld":
                obj["melds"] = " ".join(value.split("/"))
            else:
                obj["hand"] = " ".join(value.split("/"))
        elif canonical in ("went_out", "concealed", "acaba"):
            if sep and value.lower() not in ("yes", "y", "true", "1"):
                if value.lower() in ("no", "n", "false", "0"):
                    continue
                raise InputError(f"'{key}' is a yes/no item: write '{key}' alone")
            obj[canonical] = True
            if canonical == "concealed":
                obj["went_out"] = True
        elif canonical == "special_hand":
            if not sep:
                raise InputError("'special' needs the special hand's key, e.g. special=garbage")
            obj["special_hand"] = value
        else:
            obj[canonical] = _number(key, value) if sep else 1
    return obj


def parse_line(variant: Variant, text: str, side: str = "side") -> SideEntry:
    """Parse one side's line into a validated :class:`SideEntry`; raises InputError/RuleError."""
    try:
        obj = line_to_json(variant, text)
    except InputError as err:
        raise InputError(f"{side}: {err}") from None
    return entry_from_json(variant, obj, side)

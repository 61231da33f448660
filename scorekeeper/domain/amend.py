"""Correcting one side's entry item by item (``edit N --side NAME ITEM=VALUE ...``).

The items are one-line items (:mod:`scorekeeper.domain.entry_line`, fields from
:data:`scorekeeper.domain.fields.FIELDS`); each replaces only what it names, and the rest of the
side's entry stays as recorded. Items that contradict what is kept are read the way a player
means them:

- points or cards replace the field in either form: ``m=150`` replaces the meld points or the
  typed melds (canastas the melds made are kept as counts), ``m=KKKKKKK/QQQ`` replaces either
  and its canastas are counted from the new cards unless the items give them;
- a canasta or penalty kind changes that kind only;
- ``out`` (or ``concealed``) is refused when another side went out in the hand; ``out=no``
  clears ``concealed`` too;
- ``acaba`` clears the side's other values; any other item clears ``acaba``;
- ``special=KEY`` keeps only what the side has left in hand (and its penalties);
- ``-`` alone: the side scored nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scorekeeper.domain.entries import SideEntry
from scorekeeper.domain.entry_line import line_to_json
from scorekeeper.domain.fields import CANASTAS, FIELDS, PENALTIES, POINTS_OR_CARDS
from scorekeeper.domain.reading import entry_from_json
from scorekeeper.domain.variant import Variant
from scorekeeper.errors import InputError, RuleError
from scorekeeper.i18n import gettext as _
from scorekeeper.i18n import labelled


def amended_json(
    variant: Variant,
    old: SideEntry,
    items: str,
    side: str = "side",
    hints: list[str] | None = None,
) -> dict[str, Any]:
    """The JSON entry object of ``old`` with the one-line ``items`` applied (module docstring).

    ``hints`` collects the line grammar's hints (:func:`line_to_json`). Raises InputError for
    no items or an item the line grammar refuses.
    """
    if not items.strip():
        raise InputError(_("{side}: give the items to change, e.g. m=150 h=20").format(side=side))
    try:
        found: list[str] = []
        given = line_to_json(variant, items, found, keep_no=True)
    except InputError as err:
        raise InputError(labelled(side, err.message)) from None
    if hints is not None:
        hints += [labelled(side, hint) for hint in found]
    if items.strip() == "-":
        return {}
    new = old.to_json()
    if given.get("acaba"):
        return given
    if given.get("special_hand"):  # it replaces the side's score: only the hand's cards stay
        new = {k: v for k, v in new.items() if k in ("hand", "hand_points", "penalties")}
    new.pop("acaba", None)
    for f in FIELDS:
        if f.kind == POINTS_OR_CARDS:
            if f.points_key not in given and f.cards_key not in given:
                continue
            if (
                f.key == "meld"
                and f.cards_key in new
                and f.points_key in given
                and "canastas" not in new
            ):
                new["canastas"] = dict(old.canastas)  # what the melds made stays
            if f.key == "meld" and f.cards_key in given and "canastas" not in given:
                new.pop("canastas", None)  # counted from the new cards
            new.pop(f.points_key, None)
            new.pop(f.cards_key, None)
            new.update({k: given[k] for k in f.json if k in given})
        elif f.kind in (CANASTAS, PENALTIES):
            key = f.json[0]
            if key in given:
                base = new.get(key) or (dict(old.canastas) if f.kind == CANASTAS else {})
                new[key] = {**base, **given[key]}
        elif f.json[0] in given:
            new[f.json[0]] = given[f.json[0]]
    if given.get("went_out") is False:
        new.pop("concealed", None)
    return {k: v for k, v in new.items() if v is not False}


def amend_side(
    variant: Variant,
    entries: Sequence[SideEntry],
    names: Sequence[str],
    index: int,
    items: str,
    hints: list[str] | None = None,
) -> list[SideEntry]:
    """The hand's entries (side order) with side ``index``'s entry amended by ``items``
    (:func:`amended_json`); the other sides are kept as recorded.

    Raises InputError for an item the line grammar refuses, RuleError when the side would go
    out while another side went out in the hand, or when the amended entry breaks a rule of
    reading (an illegal meld, canastas the melds contradict).
    """
    side = names[index]
    obj = amended_json(variant, entries[index], items, side, hints)
    if obj.get("went_out") and not entries[index].went_out:
        others = [n for i, (n, e) in enumerate(zip(names, entries, strict=True)) if e.went_out]
        if others and others[0] != side:
            raise RuleError(
                _(
                    "{side} went out in this hand, and one side goes out: edit {side} with"
                    " out=no first, or re-enter the whole hand"
                ).format(side=others[0])
            )
    out = list(entries)
    out[index] = entry_from_json(variant, obj, side)
    return out

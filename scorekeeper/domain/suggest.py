"""Did-you-mean: the known word closest to a mistyped one (difflib's ratio, as git and gh
suggest a command), for refusals that list what is allowed."""

from __future__ import annotations

from collections.abc import Iterable

from scorekeeper.i18n import N_
from scorekeeper.i18n import gettext as _

#: How close a known word must be (difflib's ratio, 0 to 1) to be suggested.
CUTOFF = 0.6
#: The suggestion, appended to a refusal after "; " (one literal, for translations).
DID_YOU_MEAN = N_("did you mean '{suggestion}'?")


def closest(word: str, known: Iterable[str]) -> str | None:
    """The word of ``known`` closest to ``word`` (case ignored), or None when none is close
    enough (:data:`CUTOFF`) or ``word`` is itself known. A word known but for its case is
    answered with the known word (``SHOW``: ``show``)."""
    import difflib

    known = list(known)
    choices = {k.lower(): k for k in known}
    low = word.strip().lower()
    if not low or word.strip() in known:
        return None
    if low in choices:
        return choices[low]
    found = difflib.get_close_matches(low, list(choices), n=1, cutoff=CUTOFF)
    return choices[found[0]] if found else None


def closest_by_prefix(word: str, known: Iterable[str]) -> str | None:
    """:func:`closest` where a known word may be typed as its prefix (an item of a one-line
    entry: ``nat`` for ``natural``, README "One-line entries"): each known word is compared
    whole and cut to the typed length and one letter either side (``mxi`` is close to ``mix``
    of ``mixed``). Returns the whole known word; the shortest of those a prefix is shared by."""
    size = len(word.strip())
    cuts: dict[str, str] = {}
    for name in sorted(known, key=lambda n: (len(n), n)):
        for cut in {name, *(name[:k] for k in range(max(size - 1, 2), size + 2))}:
            cuts.setdefault(cut.lower(), name)
    found = closest(word, cuts)
    return cuts[found] if found else None


def hint(word: str, known: Iterable[str], prefixes: bool = False) -> str:
    """``"; did you mean 'show'?"`` for the closest known word (with ``prefixes``, by
    :func:`closest_by_prefix`), or ``""`` when there is none: to end a refusal's message
    with."""
    found = closest_by_prefix(word, known) if prefixes else closest(word, known)
    return _("; ") + _(DID_YOU_MEAN).format(suggestion=found) if found else ""

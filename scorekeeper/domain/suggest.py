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
    enough (:data:`CUTOFF`) or ``word`` is itself known."""
    import difflib

    choices = {k.lower(): k for k in known}
    low = word.strip().lower()
    if not low or low in choices:
        return None
    found = difflib.get_close_matches(low, list(choices), n=1, cutoff=CUTOFF)
    return choices[found[0]] if found else None


def hint(word: str, known: Iterable[str]) -> str:
    """``"; did you mean 'show'?"`` for the closest known word, or ``""`` when there is none:
    to end a refusal's message with."""
    found = closest(word, known)
    return _("; ") + _(DID_YOU_MEAN).format(suggestion=found) if found else ""

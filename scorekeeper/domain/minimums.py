"""Opening-meld minimums: what a side must meld to open, from its score or the round.

RULES.md conventions: the minimum for a hand is looked up from the side's total *before* that
hand; published bands such as "0-1,495" mean ``0 <= score < 1,500``.
"""

from __future__ import annotations

from msgspec import Struct

from scorekeeper.domain.schema import Band
from scorekeeper.domain.variant import Variant
from scorekeeper.errors import InputError
from scorekeeper.i18n import gettext as _
from scorekeeper.i18n import number


class Minimum(Struct, frozen=True):
    """An opening minimum: a number of points, a requirement that is not a number, or none.

    ``points`` is in card points; ``requires`` is the key of one of the variant's
    requirements (``[requirements.KEY]`` of its rules, e.g. ``natural_canasta``) and ``title``
    how a player says it ("a natural canasta", RULES.md §6).
    """

    points: int | None = None
    requires: str | None = None
    title: str | None = None

    @property
    def text(self) -> str:
        """How a player says it: "90", "a natural canasta", or "none"."""
        if self.requires:
            return self.title or self.requires
        if self.points is None:
            return "none"
        return number(self.points)

    def to_json(self) -> dict[str, int | str | None]:
        """The DESIGN.md shape: ``{"points": N or null, "requires": text or null}``."""
        return {
            "points": self.points,
            "requires": (self.title or self.requires) if self.requires else None,
        }


NO_MINIMUM = Minimum()


def _minimum(variant: Variant, band: Band, round: int | None = None) -> Minimum:
    if band.requires is None:
        return Minimum(band.points_at(round))
    return Minimum(None, band.requires, variant.requirements[band.requires].title)


def opening_minimum(
    variant: Variant, score: int | None = None, round: int | None = None
) -> Minimum:
    """Return the opening minimum for a side at ``score`` points (or in hand ``round``).

    Variants whose table goes by round (Hand and Foot, RULES.md §14) need ``round`` (1-based);
    past the last round there is no minimum, unless the table ends with a formula
    (``points_per_round``: that many points times the round number, every later round). Others
    need ``score``. A variant with no table has no minimum. Raises InputError when the needed
    argument is missing or a round is below 1.
    """
    bands = variant.opening_minimum.bands
    if not bands:
        return NO_MINIMUM
    if variant.opening_minimum.by == "round":
        if round is None:
            raise InputError(
                _("{variant} sets its minimum by round: give the round number").format(
                    variant=_(variant.title)
                )
            )
        if round < 1:
            raise InputError(_("rounds are numbered from 1, not {round}").format(round=round))
        for band in bands:
            if band.covers_round(round):
                return _minimum(variant, band, round)
        return NO_MINIMUM
    if score is None:
        raise InputError(
            _("{variant} sets its minimum by score: give the score").format(
                variant=_(variant.title)
            )
        )
    for band in bands:
        if (band.low is None or score >= band.low) and (band.below is None or score < band.below):
            return _minimum(variant, band)
    return NO_MINIMUM  # unreachable for a validated table, which covers every score

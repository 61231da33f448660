"""The pure rules engine: cards, variants, scoring, opening minimums and game state.

Nothing in this package reads or writes files, prints, or imports Typer, Rich or TinyDB.
"""

from scorekeeper.domain.game import Game, Hand, HandResult, Outcome, Side
from scorekeeper.domain.minimums import Minimum, opening_minimum
from scorekeeper.domain.scoring import Breakdown, SideEntry, entry_from_json, score_hand
from scorekeeper.domain.variant import Variant, build_variant

__all__ = [
    "Breakdown",
    "Game",
    "Hand",
    "HandResult",
    "Minimum",
    "Outcome",
    "Side",
    "SideEntry",
    "Variant",
    "build_variant",
    "entry_from_json",
    "opening_minimum",
    "score_hand",
]

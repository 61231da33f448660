"""The pure rules engine: cards, variants, scoring, opening minimums and game state.

Nothing in this package reads or writes files, prints, or imports Typer, Rich or TinyDB. The
names below are imported from their modules on first use, so a command that needs only the
variants and minimums (``minimum``) does not load the game and scoring modules.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from scorekeeper.domain.entries import SideEntry
    from scorekeeper.domain.game import Game, Hand, HandResult, Outcome, Side
    from scorekeeper.domain.minimums import Minimum, opening_minimum
    from scorekeeper.domain.reading import entry_from_json
    from scorekeeper.domain.scoring import Breakdown, score_hand
    from scorekeeper.domain.variant import Variant, build_variant

_WHERE = {
    "Game": "game",
    "Hand": "game",
    "HandResult": "game",
    "Outcome": "game",
    "Side": "game",
    "Minimum": "minimums",
    "opening_minimum": "minimums",
    "Breakdown": "scoring",
    "SideEntry": "entries",
    "entry_from_json": "reading",
    "score_hand": "scoring",
    "Variant": "variant",
    "build_variant": "variant",
}

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


def __getattr__(name: str) -> Any:
    """Import ``name`` from its module the first time it is asked for (PEP 562)."""
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value

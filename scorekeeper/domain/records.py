"""A game as it is kept: the game itself and what is recorded around it.

Pure data (no I/O): the store reads and writes these, the application changes them, the
presentation shows them.
"""

from __future__ import annotations

from msgspec import Struct, field

from scorekeeper.domain.game import Game, Hand


class StoredGame(Struct):
    """A game with what is kept around it (DESIGN.md, "Storage and safety").

    ``id``: the game's id (never reused; 0 for a game not stored yet); ``game``: sides, rules
    and hands; ``label``: the user's label; ``created`` and ``finished``: ISO 8601 UTC times
    (``finished`` None while the game is open); ``redo``: the hands ``undo`` took back, last
    taken back last; ``deleted``: left out of the games list and statistics until restored;
    ``origin``: for a game read from a JSON export, the identity of the exported game (a
    digest of its record, or the origin that record carried), "" for a game started here.
    """

    id: int
    game: Game
    label: str = ""
    created: str = ""
    finished: str | None = None
    redo: list[Hand] = field(default_factory=list)
    deleted: bool = False
    origin: str = ""

    @property
    def status(self) -> str:
        """``playing``, ``won``, ``draw`` or ``deleted``."""
        if self.deleted:
            return "deleted"
        outcome = self.game.outcome
        if outcome.draw:
            return "draw"
        return "won" if outcome.winner is not None else "playing"

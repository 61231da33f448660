"""What shell completion offers from the database: the newest games with their sides, and
the side names of a game. Kept apart from :mod:`scorekeeper.application.queries` so that a
completion imports no rules engine: it reads the game files as they are, and its time does
not grow with the number of games kept."""

from __future__ import annotations

from pathlib import Path


def games_to_complete(
    db: str | Path | None, limit: int, deleted: bool = False
) -> list[tuple[int, str]]:
    """The ``limit`` newest games not deleted (with ``deleted``: the newest deleted ones),
    newest first, as (id, the sides' names joined by " / "), read from the newest game files
    alone (:func:`scorekeeper.storage.store.newest_side_names`)."""
    from scorekeeper.storage.store import database_path, newest_side_names

    path = database_path(None if db is None else Path(db))
    found = newest_side_names(path, limit, deleted)
    return [(game_id, " / ".join(names)) for game_id, names in found]


def sides_to_complete(db: str | Path | None, game_id: int | None = None) -> list[str]:
    """The side names of game ``game_id`` (None: the current game), in side order; empty when
    there is no such game (:func:`scorekeeper.storage.store.side_names`)."""
    from scorekeeper.storage.store import database_path, side_names

    return side_names(database_path(None if db is None else Path(db)), game_id)

"""The statistics cache: statistics' records per line-up, kept in ``<database>.stats.json``.

Counted from the summaries index (:mod:`scorekeeper.storage.index`) when missing or out of date,
and brought up to date by the application's write step after each change to games
(:func:`lineups_before_change` before the files are written, :func:`update_lineups` after, both
under the lock), so statistics right after a hand need no recount. It is a cache: always
rebuildable from the game files.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterable
from contextlib import suppress
from pathlib import Path
from typing import Any

from scorekeeper.storage import index as summaries_index
from scorekeeper.storage.files import stats_file, write_atomically

FORMAT = 1

#: A line-up: (variant name, side name, players).
Lineup = tuple[str, str, tuple[str, ...]]


def _cached_lineups(path: Path, here: list[int] | None) -> dict[Lineup, Any] | None:
    """The line-up records of ``<database>.stats.json`` when they still describe the games
    folder, whose identity is ``here``: it is the one they were counted at, and either that
    count lies long enough after the folder's last change (a scan,
    :func:`scorekeeper.storage.index.is_settled`) or they were brought up to date by the
    command that made that change, under the lock (``exact``).
    None otherwise, or when the file is missing or damaged."""
    from scorekeeper.domain.stats import record_from_row

    if here is None:
        return None
    try:
        data = json.loads(stats_file(path).read_bytes())
        if data["format"] != FORMAT or data["folder"] != here:
            return None
        settled = summaries_index.is_settled(data["checked_ns"], here[1])
        if data.get("exact") is not True and not settled:
            return None
        return {
            (v, name, tuple(players)): record_from_row(row)
            for v, name, players, row in data["lineups"]
        }
    except (OSError, ValueError, UnicodeDecodeError, RecursionError, KeyError, TypeError):
        return None


def _save_lineups(
    path: Path, records: dict[Lineup, Any], here: list[int] | None, exact: bool
) -> None:
    """Write the line-up records back (best effort: a cache), counted at folder identity
    ``here``; ``exact`` when a writer updated them under the lock right after its change."""
    from scorekeeper.domain.stats import record_row

    content = json.dumps(
        {
            "format": FORMAT,
            "folder": here,
            "checked_ns": time.time_ns(),
            "exact": exact,
            "lineups": [[k[0], k[1], list(k[2]), record_row(r)] for k, r in records.items()],
        },
        ensure_ascii=False,
        separators=(",", ":"),
    ).encode("utf-8")
    with suppress(OSError):
        write_atomically(stats_file(path), content, durable=False)


def lineup_records(path: Path) -> dict[Lineup, Any]:
    """Statistics' records per line-up (variant, side name, players) over every game that is
    not deleted (:func:`scorekeeper.domain.stats.lineups`).

    They are kept in ``<database>.stats.json`` with the games folder's identity, and used as
    they are while the folder shows no change (as the summaries index is trusted); every
    command that changes games brings them up to date itself (:func:`update_lineups`), so
    statistics right after a hand need no recount. Otherwise they are counted again from the
    summaries and written back. A cache: always rebuildable."""
    from scorekeeper.domain.stats import lineups

    here = summaries_index.folder_identity(path)
    cached = _cached_lineups(path, here)
    if cached is not None:
        return cached
    # an index summary has the fields of GameFigures that lineups reads (variant, hands, over,
    # winner, each side's name, players, hands, points, best hand, canastas, red threes), so
    # it is counted as it is decoded: nothing built per game, nothing held
    games = (s.summary for s in summaries_index.summaries(path) if not s.deleted)
    records = lineups(games)  # type: ignore[arg-type]
    _save_lineups(path, records, here, exact=False)
    return records


def lineups_before_change(path: Path) -> tuple[list[int], dict[Lineup, Any]] | None:
    """For a command about to change games (under the lock): the games folder's identity and
    the cached line-up records, when they are up to date; None when there is nothing to keep
    up to date (statistics then recount them when next asked)."""
    here = summaries_index.folder_identity(path)
    cached = _cached_lineups(path, here)
    return None if cached is None else (here, cached)  # type: ignore[return-value]


def drop_lineups(path: Path) -> None:
    """Forget the cached line-up records: statistics count them again when next asked."""
    with suppress(OSError):
        stats_file(path).unlink()


def update_lineups(
    path: Path,
    records: dict[Lineup, Any],
    changes: Iterable[tuple[Any, Any]],
) -> None:
    """Bring the cached line-up ``records`` (:func:`lineups_before_change`) up to date with the
    games just written, each given as (figures before, figures after), a
    :class:`~scorekeeper.domain.stats.GameFigures` or None for no game, a deleted one or one
    without hands; then store them with the folder's new identity (under the lock, so ``exact``).

    Sums (games, wins, hands, points, canastas, red threes) are taken off and added exactly; a
    best hand cannot be taken off a maximum, so when a change may lower a line-up's best hand
    (an undone or edited hand, a deleted game) the cache is dropped and recounted when next
    asked."""
    from scorekeeper.domain.stats import lineups, merge_record, remove_lineups

    for before, after in changes:
        added = lineups([after] if after is not None else [])
        if before is not None and not remove_lineups(records, before, added):
            drop_lineups(path)
            return
        for key, record in added.items():
            if key in records:
                merge_record(records[key], record)
            else:  # a new line-up comes first, as the newest game's line-ups do in a count
                records = {key: record, **records}
    _save_lineups(path, records, summaries_index.folder_identity(path), exact=True)

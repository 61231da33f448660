"""The statistics cache: statistics' records per line-up, kept in ``<database>.stats.json``.

Counted from the summaries index (:mod:`scorekeeper.storage.index`) when missing or out of date,
and brought up to date by the application's write step after each change to games
(:func:`lineups_before_change` before the files are written, :func:`update_lineups` after, both
under the lock), so statistics right after a hand need no recount. It is a cache: always
rebuildable from the game files.

Since format 2 the file is a header line, ``{"format": 2, "seal": S}``, then the cache's JSON
(folder, checked_ns, exact, lineups) on the next line; ``S`` is the seal of those bytes
(:func:`scorekeeper.storage.index.seal`). A cache whose seal does not match (edited by hand, cut
short) is counted again from the summaries, never believed. Nor is one sealed again by hand
with figures no count can give (:func:`_sound`: a game count beyond the bound, more wins than
finished games, a negative count...): it is dropped and counted again, never carried forward.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from contextlib import suppress
from operator import le, mul
from pathlib import Path
from typing import Any

import msgspec

from scorekeeper.domain.limits import (
    MAX_CANASTAS_A_HAND,
    MAX_HANDS,
    MAX_NUMBER,
    MAX_PLAYERS,
    MAX_RED_THREES_A_HAND,
)
from scorekeeper.domain.stats import Record
from scorekeeper.storage import index as summaries_index
from scorekeeper.storage.files import (
    NotPlain,
    is_settled,
    read_plain,
    stats_file,
    write_atomically,
)

FORMAT = 2
#: The largest statistics cache read (a club of hundreds of thousands of line-ups).
CACHE_LIMIT = 64 * 1024 * 1024

#: A line-up: (variant name, side name, players).
Lineup = tuple[str, str, tuple[str, ...]]


class _Header(msgspec.Struct):
    """The first line of ``<database>.stats.json``: ``format`` and the ``seal`` of the rest."""

    format: int
    seal: str


class _Cache(msgspec.Struct):
    """``<database>.stats.json`` after its header, as decoded: the games ``folder``'s identity
    it was counted at, ``checked_ns``, whether a writer brought it up to date under the lock
    (``exact``), and each line-up with its record (a
    :class:`~scorekeeper.domain.stats.Record`, one array)."""

    folder: list[int] | None
    checked_ns: int
    lineups: list[tuple[str, str, tuple[str, ...], Record]]
    exact: bool = False


class _RawCache(_Cache):
    """``<database>.stats.json`` with each record left as its JSON text: what a command that
    changes games reads, to decode only the line-ups its change touches."""

    lineups: list[tuple[str, str, tuple[str, ...], msgspec.Raw]]  # type: ignore[assignment]


def _read(path: Path, here: list[int] | None, raw: bool) -> Any:
    """The decoded cache file (:class:`_RawCache` when ``raw``, else :class:`_Cache`) when it
    still describes the games folder, whose identity is ``here``: it is the one it was counted
    at, and either that count lies long enough after the folder's last change (a scan,
    :func:`scorekeeper.storage.files.is_settled`) or it was brought up to date by the command
    that made that change, under the lock (``exact``). None otherwise, or when the file is
    missing or damaged (decoded by msgspec against its shape: a value of the wrong type is
    damage)."""
    if here is None:
        return None
    try:
        head, _, body = read_plain(stats_file(path), CACHE_LIMIT).partition(b"\n")
        header = _HEADER(head)
        if header.format != FORMAT or header.seal.encode() != summaries_index.seal(body):
            return None
        data = (_DECODE_RAW if raw else _DECODE)(body)
        if data.folder != here:
            return None
        if not data.exact and not is_settled(data.checked_ns, here[1]):
            return None
        checked = data if not raw else _DECODE(body)  # every record looked at, even raw
    except (OSError, NotPlain, msgspec.ValidationError, msgspec.DecodeError):
        return None  # a pipe, a device or a file past the bound is no cache: counted again
    if not _sound(checked.lineups) or not _named(checked.lineups, body):
        return None  # figures or names no count gives: sealed again by hand, counted again
    return data


def _named(lineups: list[tuple[str, str, tuple[str, ...], Record]], body: bytes) -> bool:
    """True when the line-ups of a cache (its JSON ``body``) are ones games can have: at most
    :data:`MAX_PLAYERS` players to a side, none twice, and every name, variant and canasta kind
    a text the same input typed would be
    (:func:`scorekeeper.storage.index.texts_believed`; looked at only when ``body`` is not
    plain ASCII)."""
    teams = [row[2] for row in lineups]
    sizes = list(map(len, teams))  # in C: a club's cache holds thousands of line-ups
    if (sizes and max(sizes) > MAX_PLAYERS) or sizes != list(map(len, map(set, teams))):
        return False
    if summaries_index.plain(body):
        return True
    names = [name for row in lineups for name in (row[1], *row[2])]
    texts = [row[0] for row in lineups] + [kind for row in lineups for kind in row[3].canastas]
    return summaries_index.texts_believed(names, texts)


def _sound(lineups: list[tuple[str, str, tuple[str, ...], Record]]) -> bool:
    """True when every line-up record of a cache holds figures a count of games can give
    (:func:`scorekeeper.domain.stats.lineups`, the bounds of README's bounds paragraph; a
    line-up given twice is found where the records are gathered by line-up): whole numbers
    (decoded as such); ``games`` from 1 (a record
    with no game goes) to :data:`MAX_NUMBER` (game ids stop there); ``wins`` <= ``finished``
    <= ``games``, none negative; ``hands`` from ``games`` (a game counted has a hand) to
    ``games`` x :data:`MAX_HANDS`; ``best_hand`` a hand score within the bound, and
    ``points`` (the sum of ``hands`` hand scores) no more than ``hands`` x ``best_hand`` nor
    less than ``hands`` x -:data:`MAX_NUMBER`; each canasta count and ``red_threes`` from 0
    (a canasta kind counted at least once); ``red_threes`` at most ``hands`` x
    :data:`MAX_RED_THREES_A_HAND`, and the canastas of all kinds together at most ``hands`` x
    :data:`MAX_CANASTAS_A_HAND` (what no hand can pass)."""
    if not lineups:
        return True
    records = [row[3] for row in lineups]
    games = [r.games for r in records]
    hands = [r.hands for r in records]
    best = [r.best_hand for r in records]
    if None in best:
        return False
    finished = [r.finished for r in records]
    points = [r.points for r in records]
    threes = [r.red_threes for r in records]
    counted = [r for r in records if r.canastas]
    fewest = [min(r.canastas.values()) for r in counted]
    made = [sum(r.canastas.values()) for r in counted]
    # each column looked at in C (map, min, max): a club's cache holds thousands of line-ups
    return (
        min(games) > 0
        and max(games) <= MAX_NUMBER
        and min([r.wins for r in records]) >= 0
        and all(map(le, [r.wins for r in records], finished))
        and all(map(le, finished, games))
        and all(map(le, games, hands))
        and all(map(le, hands, [g * MAX_HANDS for g in games]))
        and min(best) >= -MAX_NUMBER  # type: ignore[type-var]
        and max(best) <= MAX_NUMBER  # type: ignore[type-var]
        and all(map(le, [h * -MAX_NUMBER for h in hands], points))
        and all(map(le, points, map(mul, hands, best)))  # type: ignore[arg-type]
        and min(threes) >= 0
        and all(map(le, threes, [h * MAX_RED_THREES_A_HAND for h in hands]))
        and (not fewest or min(fewest) > 0)
        and all(map(le, made, [r.hands * MAX_CANASTAS_A_HAND for r in counted]))
    )


def _cached_lineups(path: Path, here: list[int] | None) -> dict[Lineup, Any] | None:
    """The line-up records of ``<database>.stats.json`` when they still describe the games
    folder (:func:`_read`); None otherwise."""
    data = _read(path, here, raw=False)
    if data is None:
        return None
    records = {(v, name, players): record for v, name, players, record in data.lineups}
    return records if len(records) == len(data.lineups) else None  # a line-up twice: recount


_HEADER = msgspec.json.Decoder(_Header).decode
_DECODE = msgspec.json.Decoder(_Cache).decode
_DECODE_RAW = msgspec.json.Decoder(_RawCache).decode
_RECORD = msgspec.json.Decoder(Record).decode


def _save_lineups(
    path: Path, records: dict[Lineup, Any], here: list[int] | None, exact: bool, checked_ns: int
) -> None:
    """Write the line-up records back (best effort: a cache), counted at folder identity
    ``here``, looked at ``checked_ns`` (nanoseconds since the epoch, taken before the
    identity: a change made after it, in the same tick of a coarse clock, may leave the
    folder's identity as it was, so only a count begun well after the folder's last change
    vouches for it, :func:`scorekeeper.storage.files.is_settled`); ``exact`` when a writer
    updated them under the lock right after its change. A record still held as its JSON text
    (:func:`lineups_before_change`) is written as it was read."""
    body = msgspec.json.encode(
        {
            "folder": here,
            "checked_ns": checked_ns,
            "exact": exact,
            "lineups": [[k[0], k[1], k[2], r] for k, r in records.items()],
        }
    )
    with suppress(OSError):
        write_atomically(stats_file(path), sealed_cache(body), durable=False)


def sealed_cache(body: bytes) -> bytes:
    """The content of ``<database>.stats.json`` holding ``body`` (the JSON of the cache after
    its header): the header line with the format and the seal of ``body``, then ``body``."""
    seal = summaries_index.seal(body).decode()
    return msgspec.json.encode({"format": FORMAT, "seal": seal}) + b"\n" + body


def lineup_records(path: Path, next_id: int | None = None) -> dict[Lineup, Any]:
    """Statistics' records per line-up (variant, side name, players) over every game that is
    not deleted (:func:`scorekeeper.domain.stats.lineups`).

    They are kept in ``<database>.stats.json`` with the games folder's identity, and used as
    they are while the folder shows no change (as the summaries index is trusted); every
    command that changes games brings them up to date itself (:func:`update_lineups`), so
    statistics right after a hand need no recount. Otherwise they are counted again from the
    summaries (``next_id``: the database's next game id,
    :func:`scorekeeper.storage.index.summaries`) and written back. A count whose records hold
    figures no count of games gives (:func:`_sound`: an index sealed again by hand with
    figures no hands can give) is made again from an index checked line by line against the
    game files (:func:`scorekeeper.storage.index.summaries` with ``rescan``). A cache: always
    rebuildable."""
    from scorekeeper.domain.stats import lineups

    checked = time.time_ns()  # before the folder is looked at: see _save_lineups
    here = summaries_index.folder_identity(path)
    cached = _cached_lineups(path, here)
    if cached is not None:
        return cached
    # an index summary has the fields of GameFigures that lineups reads (variant, hands, over,
    # winner, each side's name, players, points, best hand, canastas, red threes), so it is
    # counted as it is decoded: nothing built per game, nothing held
    for rescan in (False, True):
        every = summaries_index.summaries(path, next_id, rescan=rescan)
        records = lineups(s.summary for s in every if not s.deleted)  # type: ignore[misc]
        if _sound([(*key, record) for key, record in records.items()]):
            break
    if path.exists():  # a database not there yet gets no cache (nor a folder made for one)
        _save_lineups(path, records, here, exact=False, checked_ns=checked)
    return records


def lineups_before_change(path: Path) -> tuple[list[int], dict[Lineup, Any]] | None:
    """For a command about to change games (under the lock): the games folder's identity and
    the cached line-up records, when they are up to date, each still as its JSON text
    (``msgspec.Raw``: a change decodes only the line-ups it touches, and writes the others
    back as they were, so a hand costs little however many line-ups a club has); None when
    there is nothing to keep up to date (a cache out of date or damaged is dropped:
    statistics then recount them when next asked)."""
    here = summaries_index.folder_identity(path)
    data = _read(path, here, raw=True)
    if data is None:  # out of date or damaged: of no use once the folder changes
        drop_lineups(path)
        return None
    rows = {(v, name, players): row for v, name, players, row in data.lineups}
    if len(rows) < len(data.lineups):  # a line-up twice: of no use, recounted when next asked
        drop_lineups(path)
        return None
    return here, rows  # type: ignore[return-value]


def drop_lineups(path: Path) -> None:
    """Forget the cached line-up records: statistics count them again when next asked."""
    with suppress(OSError):
        stats_file(path).unlink()


def update_lineups(
    path: Path,
    records: dict[Lineup, Any],
    changes: Iterable[tuple[Any, Any]],
) -> None:
    """Bring the cached line-up ``records`` (:func:`lineups_before_change`: records, or their
    JSON text where not yet decoded) up to date with the
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
        for key in (*(lineups([before]) if before is not None else ()), *added):
            row = records.get(key)
            if type(row) is msgspec.Raw:  # decoded only where the change touches it
                records[key] = _RECORD(row)
        if before is not None and not remove_lineups(records, before, added):
            drop_lineups(path)
            return
        for key, record in added.items():
            if key in records:
                merge_record(records[key], record)
            else:  # a new line-up comes first, as the newest game's line-ups do in a count
                records = {key: record, **records}
    checked = time.time_ns()
    _save_lineups(path, records, summaries_index.folder_identity(path), True, checked)

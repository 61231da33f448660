"""The index of game summaries: what ``games`` lists and ``stats`` counts, without reading or
scoring every game.

``<database>.index.json`` holds, per game, a summary (dates, variant, label, sides with players
and totals, outcome, and the per-side figures statistics need: hands, sum and best of hand
scores, canastas by kind, red threes) and the identity of the game file it was made from (inode,
modification time in nanoseconds, size). It is a cache: every game file is written by atomic
rename, so a game file whose identity differs from its entry changed since, and only those games
are read and summarised again. A missing or damaged index is rebuilt from the game files. The
index is written back (atomically, without the lock: any complete version is a valid cache) only
when something changed. Recording a hand never reads or writes it.

The statistics cache (:mod:`scorekeeper.storage.statistics`) counts from these summaries.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterable, Iterator, Sequence
from contextlib import suppress
from pathlib import Path
from typing import Any, overload

import msgspec
from msgspec import Struct

from scorekeeper.errors import DataFileError
from scorekeeper.storage.codec import load_game
from scorekeeper.storage.files import (
    GAME_FILE,
    game_file,
    games_folder,
    index_file,
    parse_game_file,
    write_atomically,
)

FORMAT = 1


class SideSummary(Struct):
    """One side of a summarised game: name and players as typed, total (points)."""

    name: str
    players: tuple[str, ...]
    total: int


class IndexSide(Struct, array_like=True):
    """One side of an index entry, stored as a list: name, players, total, hands, points, best
    hand, red threes, canastas by kind."""

    name: str
    players: list[str]
    total: int
    hands: int
    points: int
    best_hand: int | None
    red_threes: int
    canastas: dict[str, int]


class IndexSummary(Struct):
    """The summary an index entry holds (see :func:`summary_doc`)."""

    created: str | None
    finished: str | None
    variant: str
    label: str
    hands: int
    deleted: bool
    over: bool
    winner: int | None
    draw: bool
    sides: list[IndexSide]


class IndexEntry(Struct, array_like=True):
    """An index entry as stored: the identity of the game file and its summary."""

    identity: list[int]
    summary: IndexSummary


#: Decodes one stored entry, checking its shape (msgspec: typed, in C).
_ENTRY = msgspec.json.Decoder(IndexEntry)


class GameSummary:
    """One game as ``games`` lists it: ``id``, ``created`` and ``finished`` (ISO 8601 UTC or
    None), ``variant`` name, ``label``, ``hands_played``, ``deleted``, ``draw``, ``winner``
    (the winning side's name or None), ``over``, ``sides``; ``status`` is ``playing``, ``won``,
    ``draw`` or ``deleted``. :meth:`figures` gives what statistics count."""

    __slots__ = ("id", "summary")

    def __init__(self, game_id: int, summary: IndexSummary) -> None:
        self.id = game_id
        self.summary = summary

    created = property(lambda self: self.summary.created)
    finished = property(lambda self: self.summary.finished)
    variant = property(lambda self: self.summary.variant)
    label = property(lambda self: self.summary.label)
    hands_played = property(lambda self: self.summary.hands)
    deleted = property(lambda self: self.summary.deleted)
    over = property(lambda self: self.summary.over)
    winner_index = property(lambda self: self.summary.winner)
    draw = property(lambda self: self.summary.draw)

    @property
    def sides(self) -> list[SideSummary]:
        return [SideSummary(s.name, tuple(s.players), s.total) for s in self.summary.sides]

    @property
    def winner(self) -> str | None:
        w = self.winner_index
        return None if w is None else self.summary.sides[w].name

    @property
    def status(self) -> str:
        if self.deleted:
            return "deleted"
        if self.draw:
            return "draw"
        return "won" if self.winner_index is not None else "playing"

    def figures(self) -> Any:
        """The game's :class:`~scorekeeper.domain.stats.GameFigures`."""
        from scorekeeper.domain.stats import GameFigures, SideFigures

        sides = [
            SideFigures(
                s.name,
                tuple(s.players),
                s.total,
                s.hands,
                s.points,
                s.best_hand,
                s.canastas,
                s.red_threes,
            )
            for s in self.summary.sides
        ]
        return GameFigures(self.variant, self.hands_played, self.over, self.winner_index, sides)


class Summaries(Sequence[GameSummary]):
    """Every game's summary, newest first, each decoded from its stored entry only when it is
    asked for and not kept: going through 100,000 games holds one decoded summary at a time
    (beside the index's text). An entry that cannot be decoded (a damaged index) is made again
    from its game file."""

    def __init__(self, path: Path, entries: dict[str, Any]) -> None:
        self.path = path
        self.entries = entries
        self.keys = sorted(entries, key=int, reverse=True)

    def __len__(self) -> int:
        return len(self.keys)

    @overload
    def __getitem__(self, index: int) -> GameSummary: ...
    @overload
    def __getitem__(self, index: slice) -> list[GameSummary]: ...
    def __getitem__(self, index: int | slice) -> GameSummary | list[GameSummary]:
        if isinstance(index, slice):
            return [self._summary(key) for key in self.keys[index]]
        return self._summary(self.keys[index])

    def __iter__(self) -> Iterator[GameSummary]:
        for key in self.keys:
            yield self._summary(key)

    def _summary(self, key: str) -> GameSummary:
        entry = _entry(self.entries[key])
        if entry is None:
            read = _read_game(self.path, int(key), game_file(self.path, int(key)))
            if read is None:
                raise DataFileError(f"game {key} went away while the games were listed")
            entry = _entry(read)
            self.entries[key] = list(read)
        return GameSummary(int(key), entry.summary)  # type: ignore[union-attr]


def _entry(stored: Any) -> IndexEntry | None:
    """An index entry from its stored form (raw JSON text, or the list a scan made); None when
    it is damaged."""
    try:
        if isinstance(stored, msgspec.Raw):
            return _ENTRY.decode(stored)
        return msgspec.convert(stored, IndexEntry)
    except (msgspec.ValidationError, msgspec.DecodeError):
        return None


def summary_doc(stored: Any) -> dict[str, Any]:
    """The index entry of a :class:`~scorekeeper.storage.codec.StoredGame` (JSON-compatible).
    Sides are lists: name, players, total, hands, points, best hand, red threes, canastas."""
    from scorekeeper.domain.stats import game_figures

    figures = game_figures(stored.game)
    outcome = stored.game.outcome
    return {
        "created": stored.created,
        "finished": stored.finished,
        "variant": figures.variant,
        "label": stored.label,
        "hands": figures.hands,
        "deleted": stored.deleted,
        "over": figures.over,
        "winner": figures.winner,
        "draw": outcome.draw,
        "sides": [
            [
                s.name,
                list(s.players),
                s.total,
                s.hands,
                s.points,
                s.best_hand,
                s.red_threes,
                s.canastas,
            ]
            for s in figures.sides
        ],
    }


class IndexFile(Struct):
    """The index as stored: ``games`` ``{id: [identity, summary]}``, each entry kept as its
    JSON text until it is asked for; ``folder`` (the games folder's identity when it was last
    scanned) with ``checked_ns``."""

    format: int
    games: dict[str, msgspec.Raw]
    folder: list[int] | None = None
    checked_ns: int = 0


_INDEX = msgspec.json.Decoder(IndexFile)
#: The identity of a stored entry, its summary left as text.
_IDENTITY = msgspec.json.Decoder(tuple[list[int], msgspec.Raw])


def _load(path: Path) -> IndexFile:
    """The index as stored; an empty one when it is missing, damaged or of another format."""
    try:
        data = _INDEX.decode(index_file(path).read_bytes())
    except (OSError, msgspec.ValidationError, msgspec.DecodeError, RecursionError):
        return IndexFile(FORMAT, {})
    return data if data.format == FORMAT else IndexFile(FORMAT, {})


def _stored_identity(entry: Any) -> list[int] | None:
    """The game-file identity an entry was made from (None for a damaged entry)."""
    if isinstance(entry, list):
        return entry[0]
    try:
        return _IDENTITY.decode(entry)[0]
    except (msgspec.ValidationError, msgspec.DecodeError):
        return None


def _save(path: Path, entries: dict[str, Any], folder: list[int] | None, checked: int) -> None:
    """Write the index back (best effort: it is a cache). Entries read from it are written
    back as the text they were."""
    content = msgspec.json.encode(
        {"format": FORMAT, "folder": folder, "checked_ns": checked, "games": entries}
    )
    with suppress(OSError):
        write_atomically(index_file(path), content, durable=False)


#: Nanoseconds a folder's modification time must lie before a scan for the scan to vouch for it
#: (file systems keep times as coarsely as 2 seconds).
_SETTLED_NS = 2_000_000_000


def is_settled(checked_ns: Any, changed_ns: int) -> bool:
    """True when a scan at ``checked_ns`` (nanoseconds since the epoch) lies far enough after a
    folder's last change at ``changed_ns`` to vouch that the folder holds no later change."""
    return checked_ns - changed_ns > _SETTLED_NS


def _identity(st: os.stat_result) -> list[int]:
    return [st.st_ino, st.st_mtime_ns, st.st_size]


def _read_game(path: Path, game_id: int, file: Path) -> tuple[list[int], dict[str, Any]] | None:
    """The identity and summary of a game file, read through one open file so that both
    describe the same version; None when the file went away meanwhile."""
    try:
        with open(file, "rb") as handle:
            identity = _identity(os.fstat(handle.fileno()))
            raw = handle.read()
    except FileNotFoundError:
        return None
    except OSError as err:
        raise DataFileError(f"cannot read the game file {file}: {err.strerror}") from None
    doc = parse_game_file(path, game_id, file, raw)
    return identity, summary_doc(load_game(path, game_id, doc))


def summaries(path: Path) -> Summaries:
    """A summary of every game of the database at ``path``, newest first.

    Every game file is written by rename inside the games folder, so a folder whose identity
    (inode, modification time) is what the index recorded at its last scan holds no change
    since, and the index is used as it is. Otherwise every game file's identity is looked at
    (one ``stat`` each) and only the files that changed are read and summarised again; the
    index is written back if anything changed. DataFileError names a game file that cannot be
    read."""
    data = _load(path)
    entries: dict[str, Any] = data.games
    folder = games_folder(path)
    try:
        st = folder.stat()
        here = [st.st_ino, st.st_mtime_ns]
    except OSError:
        here = None
    settled = is_settled(data.checked_ns, here[1] if here else 0)
    if here is not None and data.folder == here and settled:
        return Summaries(path, entries)
    checked = time.time_ns()
    fresh: dict[str, Any] = {}
    changed = False
    if here is not None:
        with os.scandir(folder) as scan:
            for item in scan:
                match = GAME_FILE.fullmatch(item.name)
                if not match:
                    continue
                key = match[1]
                entry = entries.get(key)
                try:
                    identity = _identity(item.stat())
                except FileNotFoundError:
                    continue
                if entry is not None and _stored_identity(entry) == identity:
                    fresh[key] = entry
                    continue
                read = _read_game(path, int(key), Path(item.path))
                if read is not None:
                    fresh[key] = list(read)
                    changed = True
    if changed or len(fresh) != len(entries) or data.folder != here:
        _save(path, fresh, here, checked)
    return Summaries(path, fresh)


def folder_identity(path: Path) -> list[int] | None:
    """The games folder's identity (inode, modification time in nanoseconds); None when it
    cannot be looked at. Every game file is written by rename inside it, so any change to a
    game changes it."""
    try:
        st = games_folder(path).stat()
    except OSError:
        return None
    return [st.st_ino, st.st_mtime_ns]


def newest(path: Path, count: int, keep: Any = None) -> tuple[list[GameSummary], bool]:
    """The ``count`` newest games that ``keep(summary)`` accepts (default: those not deleted),
    read from their own files, newest first, without the index; and whether older games that
    match remain. What it costs does not grow with the number of games kept."""
    keep = keep or (lambda s: not s.deleted)
    try:
        with os.scandir(games_folder(path)) as scan:
            ids = sorted(
                (int(m[1]) for item in scan if (m := GAME_FILE.fullmatch(item.name))),
                reverse=True,
            )
    except (FileNotFoundError, NotADirectoryError):
        return [], False
    out: list[GameSummary] = []
    for game_id in ids:
        read = _read_game(path, game_id, games_folder(path) / f"{game_id}.json")
        if read is None:
            continue
        summary = GameSummary(game_id, msgspec.convert(read[1], IndexSummary))
        if keep(summary):
            if len(out) == count:
                return out, True
            out.append(summary)
    return out, False


def record(path: Path, games: Iterable[Any]) -> None:
    """Put the summaries of stored games just written into the index (bulk building)."""
    entries: dict[str, Any] = dict(_load(path).games)
    for stored in games:
        with suppress(OSError):
            identity = _identity(game_file(path, stored.id).stat())
            entries[str(stored.id)] = [identity, summary_doc(stored)]
    _save(path, entries, None, 0)

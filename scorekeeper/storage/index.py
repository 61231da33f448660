"""The index of game summaries: what ``games`` lists and ``stats`` counts, without reading or
scoring every game.

``<database>.index.json`` is JSON lines: a header line (``format``, the games folder's identity
``folder`` when it was last scanned, ``checked_ns``, ``count``), then one line per game, newest
first: ``[id, [inode, modification time in ns, size], digest, summary]``. The summary holds
dates, variant, label, sides with players and totals, outcome, and the per-side figures
statistics need (hands, sum and best of hand scores, canastas by kind, red threes); the digest
is a BLAKE2b digest of the game file's bytes.

It is a cache. Every game file is written by atomic rename, so a game file whose identity
(inode, time, size) is what its entry recorded is the version the summary was made from. A file
whose identity differs (it changed, or the data folder was copied or restored, which gives every
file a new inode) is read again: when its bytes still have the recorded digest the summary is
kept (a copied folder costs one read of each file, never a re-score); otherwise it is summarised
again. A missing or damaged index is rebuilt from the game files; an index of format 1 (one
JSON object) is taken over the same way, its summaries kept for the files whose identity
matches. The index is written back (atomically, without the lock: any complete version is a
valid cache) only when something changed. Recording a hand never reads or writes it.

Reading it never holds the whole of it: the entries are decoded one at a time as they are
asked for, so listing or counting 100,000 games holds one summary at a time. The first page of
``games`` (:func:`newest`) reads only its first lines.

The statistics cache (:mod:`scorekeeper.storage.statistics`) counts from these summaries.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import suppress
from itertools import islice
from pathlib import Path
from typing import Any, overload

import msgspec
from msgspec import Struct

from scorekeeper.errors import DataFileError
from scorekeeper.storage.files import (
    GAME_FILE,
    game_file,
    game_ids,
    games_folder,
    index_file,
    parse_game_file,
    write_atomically,
)

FORMAT = 2
#: The longest header line read: a longer first line is no index of this format (format 1 is
#: one line of JSON).
_HEADER_LIMIT = 4096
#: Missing game files in a row after which the first page stops counting ids down and lists the
#: games folder instead (ids are never reused, so gaps are rare and short).
_GAP = 1000


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


class _SummaryFields(Struct):
    """What a game's summary holds, in this order: created, finished, variant, label, hands,
    deleted, over, winner (side index or None), draw, sides."""

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


class IndexSummary(_SummaryFields, array_like=True):
    """The summary an index entry holds (see :func:`summary_of`), stored as a list of
    :class:`_SummaryFields`' values."""


class IndexEntry(Struct, array_like=True):
    """One game's line of the index: its ``id``, the ``identity`` of the game file its summary
    was made from (inode, modification time in ns, size), the ``digest`` of that file's bytes
    (:func:`digest`) and the ``summary``."""

    id: int
    identity: list[int]
    digest: str
    summary: IndexSummary


class _Known(Struct, array_like=True):
    """An index line with its summary left as JSON text: what a scan keeps or writes back."""

    id: int
    identity: list[int]
    digest: str
    summary: msgspec.Raw


class Header(Struct):
    """The first line of the index: ``format``, the games folder's identity (inode,
    modification time in ns) at the scan that wrote it, when that scan began
    (``checked_ns``), and how many entries follow (``count``)."""

    format: int
    folder: list[int] | None = None
    checked_ns: int = 0
    count: int = 0


class _SummaryV1(_SummaryFields):
    """A summary as format 1 kept it (an object): taken over when that index is upgraded."""


class _IndexV1(Struct):
    """The index of format 1: ``{id: [identity, summary]}`` in one JSON object."""

    format: int
    games: dict[str, tuple[list[int], _SummaryV1]]


_HEADER = msgspec.json.Decoder(Header)
_ENTRY = msgspec.json.Decoder(IndexEntry)
_KNOWN = msgspec.json.Decoder(_Known)
_SUMMARY = msgspec.json.Decoder(IndexSummary)
_ENCODE = msgspec.json.Encoder().encode


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
        summary = self.summary
        if summary.deleted:
            return "deleted"
        if summary.draw:
            return "draw"
        return "won" if summary.winner is not None else "playing"

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


class Summaries:
    """Every game's summary, newest first, decoded one at a time as iteration reaches it and
    not kept: going through 100,000 games holds one decoded summary at a time. ``len`` is the
    number of games; indexing (``[0]``, ``[:5]``) goes through them from the newest."""

    def __init__(self, count: int, source: Callable[[], Iterator[GameSummary]]) -> None:
        self.count = count
        self.source = source

    def __len__(self) -> int:
        return self.count

    def __iter__(self) -> Iterator[GameSummary]:
        return self.source()

    @overload
    def __getitem__(self, index: int) -> GameSummary: ...
    @overload
    def __getitem__(self, index: slice) -> list[GameSummary]: ...
    def __getitem__(self, index: int | slice) -> GameSummary | list[GameSummary]:
        if isinstance(index, slice):
            return list(self)[index]
        if index < 0:
            return list(self)[index]
        found = next(islice(iter(self), index, None), None)
        if found is None:
            raise IndexError(index)
        return found


def summary_of(stored: Any) -> IndexSummary:
    """The summary of a :class:`~scorekeeper.storage.codec.StoredGame` (every hand scored)."""
    from scorekeeper.domain.stats import game_figures

    figures = game_figures(stored.game)
    return IndexSummary(
        stored.created,
        stored.finished,
        figures.variant,
        stored.label,
        figures.hands,
        stored.deleted,
        figures.over,
        figures.winner,
        stored.game.outcome.draw,
        [
            IndexSide(
                s.name,
                list(s.players),
                s.total,
                s.hands,
                s.points,
                s.best_hand,
                s.red_threes,
                dict(s.canastas),
            )
            for s in figures.sides
        ],
    )


def summary_doc(stored: Any) -> dict[str, Any]:
    """The summary of a stored game as JSON-compatible data (:func:`summary_of`). Sides are
    lists: name, players, total, hands, points, best hand, red threes, canastas."""
    summary = summary_of(stored)
    doc = {f: getattr(summary, f) for f in summary.__struct_fields__}
    doc["sides"] = msgspec.to_builtins(summary.sides)
    return doc


def digest(content: bytes) -> str:
    """The digest the index keeps of a game file's bytes: BLAKE2b, 16 bytes, as hex. It tells
    a copied or restored file (new inode, the same bytes) from a changed one."""
    import hashlib  # only a scan that meets a file it does not know needs it

    return hashlib.blake2b(content, digest_size=16).hexdigest()


#: Nanoseconds a folder's modification time must lie before a scan for the scan to vouch for it
#: (file systems keep times as coarsely as 2 seconds).
_SETTLED_NS = 2_000_000_000


def is_settled(checked_ns: Any, changed_ns: int) -> bool:
    """True when a scan at ``checked_ns`` (nanoseconds since the epoch) lies far enough after a
    folder's last change at ``changed_ns`` to vouch that the folder holds no later change."""
    return checked_ns - changed_ns > _SETTLED_NS


def _identity(st: os.stat_result) -> list[int]:
    return [st.st_ino, st.st_mtime_ns, st.st_size]


def folder_identity(path: Path) -> list[int] | None:
    """The games folder's identity (inode, modification time in nanoseconds); None when it
    cannot be looked at. Every game file is written by rename inside it, so any change to a
    game changes it."""
    try:
        st = games_folder(path).stat()
    except OSError:
        return None
    return [st.st_ino, st.st_mtime_ns]


# -- reading the index ------------------------------------------------------------------------


def _open(path: Path) -> tuple[Any, Header] | None:
    """The index file opened at its first entry, and its header; None when it is missing, of
    another format or its header is damaged."""
    try:
        handle = open(index_file(path), "rb")  # noqa: SIM115 - handed to the caller
    except OSError:
        return None
    try:
        header = _HEADER.decode(handle.readline(_HEADER_LIMIT))
        if header.format == FORMAT:
            return handle, header
    except (OSError, msgspec.ValidationError, msgspec.DecodeError):
        pass
    handle.close()
    return None


def _lines(handle: Any) -> Iterator[IndexEntry | None]:
    """The entries of an opened index, newest first, each decoded as it is reached; None for
    a damaged line or one out of order (and then nothing more). Closes the file at the end."""
    last = None
    with handle:
        for line in handle:
            try:
                entry = _ENTRY.decode(line)
            except (msgspec.ValidationError, msgspec.DecodeError):
                entry = None
            if entry is None or (last is not None and entry.id >= last):
                yield None
                return
            last = entry.id
            yield entry


def _stream(path: Path, first: tuple[Any, Header] | None) -> Iterator[GameSummary]:
    """Every game's summary from the index file (``first``: the file opened already), one at a
    time. When the file turns out damaged or cut short the index is rebuilt and the games not
    yet given come from the rebuilt one."""
    opened = first or _open(path)
    given: set[int] = set()  # the ids given already: a rebuild gives every other game
    if opened is not None:
        handle, header = opened
        for entry in _lines(handle):
            if entry is None:
                break
            given.add(entry.id)
            yield GameSummary(entry.id, entry.summary)
        else:
            if len(given) == header.count:
                return
    for summary in _scanned(path, _scan(path, folder_identity(path), None)):
        if summary.id not in given:
            yield summary


def _scanned(path: Path, entries: list[_Known]) -> Iterator[GameSummary]:
    """The summaries of scanned entries, each decoded when reached (a summary that does not
    decode is made again from its game file)."""
    for known in entries:
        try:
            summary = _SUMMARY.decode(known.summary)
        except (msgspec.ValidationError, msgspec.DecodeError):
            made = _summarised(path, known.id, game_file(path, known.id), None)
            if made is None:
                raise DataFileError(
                    f"game {known.id} went away while the games were listed"
                ) from None
            summary = _SUMMARY.decode(made.summary)
        yield GameSummary(known.id, summary)


def _known_entries(path: Path) -> tuple[dict[int, _Known], Header | None]:
    """Every entry the index holds, its summary left as text, by game id, and its header
    (None when it is missing or not of this format). A damaged line is left out (its game is
    summarised again). An index of format 1 gives its entries with no digest: they are kept
    only for a file whose identity matches."""
    try:
        handle = index_file(path).open("rb")
    except OSError:
        return {}, None
    with handle:
        try:
            head = handle.readline()
            header = _HEADER.decode(head)
        except (OSError, msgspec.ValidationError, msgspec.DecodeError):
            return {}, None
        known: dict[int, _Known] = {}
        if header.format == 1:
            try:
                old = msgspec.json.decode(head + handle.read(), type=_IndexV1)
            except (OSError, msgspec.ValidationError, msgspec.DecodeError, RecursionError):
                return {}, None
            for key, (identity, summary) in old.games.items():
                fields = [getattr(summary, f) for f in summary.__struct_fields__]
                made = msgspec.Raw(_ENCODE(IndexSummary(*fields)))
                known[int(key)] = _Known(int(key), identity, "", made)
            return known, None
        if header.format != FORMAT:
            return {}, None
        try:
            for line in handle:  # one line at a time: the file is never held whole
                try:
                    entry = _KNOWN.decode(line)
                except (msgspec.ValidationError, msgspec.DecodeError):
                    continue
                known[entry.id] = entry
        except OSError:
            return {}, None
    return known, header


def _summarised(path: Path, game_id: int, file: Path, known: _Known | None) -> _Known | None:
    """The entry of a game file whose identity is not the one ``known`` recorded: read
    through one open file (identity and bytes of the same version); its recorded summary kept
    when the bytes have the recorded digest (a copied or restored file), else made again by
    scoring the game. None when the file went away meanwhile; DataFileError when it cannot be
    read or used."""
    try:
        with open(file, "rb") as handle:
            identity = _identity(os.fstat(handle.fileno()))
            raw = handle.read()
    except FileNotFoundError:
        return None
    except OSError as err:
        raise DataFileError(f"cannot read the game file {file}: {err.strerror}") from None
    made = digest(raw)
    if known is not None and (
        known.digest == made or (not known.digest and known.identity == identity)
    ):
        return _Known(game_id, identity, made, known.summary)
    from scorekeeper.storage.codec import load_game  # the rules engine: only to score a game

    doc = parse_game_file(path, game_id, file, raw)
    summary = summary_of(load_game(path, game_id, doc))
    return _Known(game_id, identity, made, msgspec.Raw(_ENCODE(summary)))


def _save(path: Path, entries: list[_Known], folder: list[int] | None, checked: int) -> None:
    """Write the index (best effort: it is a cache): the header line, then the entries as
    given (newest first); summaries read from it are written back as the text they were."""
    content = bytearray(_ENCODE(Header(FORMAT, folder, checked, len(entries))))
    for entry in entries:  # one buffer grown line by line: no list of every line beside it
        content += b"\n"
        content += _ENCODE(entry)
    content += b"\n"
    with suppress(OSError):
        write_atomically(index_file(path), content, durable=False)  # type: ignore[arg-type]


def _scan(path: Path, here: list[int] | None, header: Header | None) -> list[_Known]:
    """Every game's entry, newest first, made by looking at each game file (one ``stat``
    each): an entry whose file has the identity it recorded is kept as it is, any other file is
    read (:func:`_summarised`). The index is written back when anything changed.
    ``header``: the index's header when it was read just before (None: read it again)."""
    known, stored_header = _known_entries(path)
    header = header or stored_header
    checked = time.time_ns()
    fresh: list[_Known] = []
    changed = stored_header is None
    if here is not None:
        with os.scandir(games_folder(path)) as scan:
            for item in scan:
                match = GAME_FILE.fullmatch(item.name)
                if not match:
                    continue
                game_id = int(match[1])
                entry = known.get(game_id)
                try:
                    identity = _identity(item.stat())
                except FileNotFoundError:
                    continue
                if entry is not None and entry.digest and entry.identity == identity:
                    fresh.append(entry)
                    continue
                made = _summarised(path, game_id, Path(item.path), entry)
                if made is not None:
                    fresh.append(made)
                    changed = True
    known_count = len(known)
    del known  # what the scan kept is in ``fresh``: the rest can go before the index is written
    fresh.sort(key=lambda e: e.id, reverse=True)
    was_settled = (
        header is not None
        and header.folder == here
        and here is not None
        and is_settled(header.checked_ns, here[1])
    )
    now_settled = here is not None and is_settled(checked, here[1])
    if (
        changed
        or len(fresh) != known_count
        or header is None
        or header.folder != here
        or (now_settled and not was_settled)
    ):
        _save(path, fresh, here, checked)
    return fresh


def summaries(path: Path) -> Summaries:
    """A summary of every game of the database at ``path``, newest first, decoded one at a
    time as they are gone through.

    Every game file is written by rename inside the games folder, so a folder whose identity
    (inode, modification time) is what the index recorded at its last scan holds no change
    since, and the index is read as it is. Otherwise every game file's identity is looked at
    (one ``stat`` each) and only the files that changed are read (and only those whose bytes
    changed summarised again); the index is written back if anything changed. DataFileError
    names a game file that cannot be read."""
    here = folder_identity(path)
    opened = _open(path)
    if opened is not None:
        handle, header = opened
        if here is not None and header.folder == here and is_settled(header.checked_ns, here[1]):
            first: list[Any] = [opened]

            def source() -> Iterator[GameSummary]:
                return _stream(path, first.pop() if first else None)

            return Summaries(header.count, source)
        handle.close()
    entries = _scan(path, here, opened[1] if opened else None)
    return Summaries(len(entries), lambda: _scanned(path, entries))


def _newest_files(path: Path, next_id: int | None) -> Iterator[tuple[int, os.stat_result | None]]:
    """The game files of the database, newest first, each with its ``stat`` (None when it
    cannot be looked at): counted down from ``next_id`` (ids are never reused, so the folder is
    not listed), or from the folder's listing when there is no ``next_id`` or a long run of ids
    has no file."""
    folder = games_folder(path)
    below = None
    if isinstance(next_id, int) and next_id > 0:
        misses = 0
        for game_id in range(next_id - 1, 0, -1):
            try:
                st = os.stat(folder / f"{game_id}.json")
            except (FileNotFoundError, NotADirectoryError):
                misses += 1
                if misses > _GAP:
                    below = game_id
                    break
                continue
            except OSError:
                st = None
            misses = 0
            yield game_id, st
        if below is None:
            return
    ids = sorted((i for i in game_ids(path) if below is None or i < below), reverse=True)
    for game_id in ids:
        try:
            st = os.stat(folder / f"{game_id}.json")
        except FileNotFoundError:
            continue
        except OSError:
            st = None
        yield game_id, st


def _index_head(path: Path) -> Iterator[IndexEntry]:
    """The index's entries from the newest, read only as far as they are asked for; nothing
    when there is no index of this format, and nothing more after a damaged line."""
    opened = _open(path)
    if opened is None:
        return
    for entry in _lines(opened[0]):
        if entry is None:
            return
        yield entry


def newest(
    path: Path, count: int, keep: Any = None, next_id: int | None = None
) -> tuple[list[GameSummary], bool]:
    """The ``count`` newest games that ``keep(summary)`` accepts (default: those not deleted),
    newest first; and whether older games that match remain. Game ids are counted down from
    ``next_id`` (the database's next game id; None: the games folder is listed), each game file
    looked at once: its summary is the index's entry when the file's identity is the one the
    entry recorded (the index is read only as far as the page goes), else the game is read
    from its file. What it costs does not grow with the number of games kept."""
    keep = keep or (lambda s: not s.deleted)
    listed = _index_head(path)
    pending = next(listed, None)
    out: list[GameSummary] = []
    for game_id, st in _newest_files(path, next_id):
        while pending is not None and pending.id > game_id:
            pending = next(listed, None)
        if (
            st is not None
            and pending is not None
            and pending.id == game_id
            and pending.identity == _identity(st)
        ):
            summary = GameSummary(game_id, pending.summary)
        else:
            known = None
            if pending is not None and pending.id == game_id:  # a copied file keeps its summary
                raw = msgspec.Raw(_ENCODE(pending.summary))
                known = _Known(game_id, pending.identity, pending.digest, raw)
            made = _summarised(path, game_id, game_file(path, game_id), known)
            if made is None:
                continue
            summary = GameSummary(game_id, _SUMMARY.decode(made.summary))
        if keep(summary):
            if len(out) == count:
                return out, True
            out.append(summary)
    return out, False


def record(path: Path, games: Iterable[Any]) -> None:
    """Put the summaries of stored games just written into the index (bulk building)."""
    known, _ = _known_entries(path)
    for stored in games:
        file = game_file(path, stored.id)
        with suppress(OSError):
            raw = file.read_bytes()
            summary = msgspec.Raw(_ENCODE(summary_of(stored)))
            known[stored.id] = _Known(stored.id, _identity(file.stat()), digest(raw), summary)
    entries = sorted(known.values(), key=lambda e: e.id, reverse=True)
    _save(path, entries, None, 0)

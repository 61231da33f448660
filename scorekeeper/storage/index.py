"""The index of game summaries: what ``games`` lists and ``stats`` counts, without reading or
scoring every game.

``<database>.index.json`` is JSON lines: a header line (``format``, the games folder's identity
``folder`` when it was last scanned, ``checked_ns``, ``count``, and ``lines``, the CRC-32 of
every line after it; padded with spaces), then one
line per game, newest first: ``["seal", id, [inode, modification time in ns, size], digest,
summary]``. The summary holds dates, variant, label, sides with players and totals, outcome,
and the per-side figures statistics need (hands, sum and best of hand scores, canastas by kind,
red threes); the digest is a BLAKE2b digest (16 bytes, hex) of the game file's bytes. The seal
is the BLAKE2b digest (8 bytes, as 16 hex characters) of the rest of its line: the bytes after
the seal's ``",`` up to the line break. It ties the summary to the game's id and to the digest
of the game file it was made from.

It is a cache, and nothing in it is believed that the game files do not vouch for. A line
whose seal does not match (a summary, an id or a digest edited by hand, a line cut short) is
a damaged line: its game is summarised again from its file. A summary is held to the bounds
of every input (:mod:`scorekeeper.domain.limits`: names of at most ``MAX_NAME`` characters,
texts of at most ``MAX_TEXT``, numbers within ``MAX_NUMBER``, a winner among the sides): one
past them is taken from the game file instead. A line's id is a whole number from 1 to
``MAX_NUMBER``, below the line before it (newest first) and given by no other line; a line
that is not so is not believed (nor the line before it, for an id given twice), and the games
from there on come from the rebuilt index, each from its file. The games folder is not listed
to vouch for each id (a listing of 100,000 files would cost a whole-history read a tenth of a
second): an index resealed by hand with other ids of games within the bounds, the games
folder untouched, is believed, as a game file edited in place keeping the folder's identity is
(README, the caches paragraph: delete the index to rebuild it).

Every game file is written by atomic rename, so a game file whose identity (inode, time, size)
is what its entry recorded is the version the summary was made from. A file whose identity
differs (it changed, or the data folder was copied or restored, which gives every file a new
inode) is read again: when its bytes still have the recorded digest the summary is kept (a
copied folder costs one read of each file, never a re-score); otherwise it is summarised
again. A missing or damaged index is rebuilt from the game files, and so is an index of an
earlier format (1: one JSON object; 2: lines without a seal): with no seal, nothing ties its
summaries to their games, so none is kept. The index is written back (atomically, without the
lock: any complete version is a valid cache) only when something changed. Recording a hand
never reads or writes it.

Nothing holds the whole of it: the entries are decoded one at a time as they are asked for,
and a scan (the games folder changed since the index was written) goes through the folder's
ids (sorted, newest first) beside the index's lines, writing the new index line by line as
it goes; so listing, counting or revalidating 100,000 games holds one summary at a time. The
first page of ``games`` (:func:`newest`) reads only its first lines. A listing
(:func:`listing`: filtered ``games``, ``games --all --json``) checks each line as every reader
does but decodes only what it shows (dates, variant, label, hands, outcome, sides with players
and totals, each held to its bounds; the per-side figures only statistics count are left
unread) and tests its filter on that before anything is made for a game.

The statistics cache (:mod:`scorekeeper.storage.statistics`) counts from these summaries.
"""

import functools
import os
import re
import stat
import time
import zlib
from collections.abc import Callable, Iterable, Iterator
from contextlib import suppress
from itertools import islice
from pathlib import Path
from typing import Annotated, Any, overload

import msgspec
from msgspec import Meta, Struct

from scorekeeper import progress
from scorekeeper.domain.limits import (
    MAX_CANASTAS_A_HAND,
    MAX_HANDS,
    MAX_NAME,
    MAX_NUMBER,
    MAX_PLAYERS,
    MAX_RED_THREES_A_HAND,
    MAX_SIDES,
    MAX_TEXT,
)
from scorekeeper.errors import DataFileError
from scorekeeper.i18n import gettext as _
from scorekeeper.i18n import number
from scorekeeper.storage.files import (
    GAME_FILE_LIMIT,
    NotPlain,
    damaged,
    game_file,
    game_ids,
    games_folder,
    index_file,
    is_settled,
    parse_game_file,
    read_plain_version,
    temporary_prefix,
    write_atomically,
)

try:  # hashlib's own BLAKE2b, without loading OpenSSL (about 100 ms cold) for it
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - a Python built without it
    from hashlib import blake2b

FORMAT = 3
#: The longest header line read: a longer first line is no index of this format (format 1 is
#: one line of JSON).
_HEADER_LIMIT = 4096
#: The width of the header line written (spaces after the JSON): a scan writes it first, with
#: the count still unknown, and writes it again over the same bytes at the end.
_HEADER_WIDTH = 256
#: Missing game files in a row after which the first page stops counting ids down and lists the
#: games folder instead (ids are never reused, so gaps are rare and short).
_GAP = 1000
#: Where a line's seal lies (``["`` + 16 hex characters), and where the bytes it covers begin
#: (after ``",``).
_SEAL = slice(2, 18)
_SEALED_FROM = 20

#: A name of a side or a player, as every input holds it (1 to MAX_NAME characters).
_Name = Annotated[str, Meta(min_length=1, max_length=MAX_NAME)]
#: A side's players: at most :data:`MAX_PLAYERS` (a game seats no more).
_Players = Annotated[list[_Name], Meta(max_length=MAX_PLAYERS)]
#: Any other text (a label, a variant's name, a canasta kind), at most MAX_TEXT characters.
_Text = Annotated[str, Meta(max_length=MAX_TEXT)]
#: Points (a total, a sum or the best of hand scores), within the bound of every number.
_Points = Annotated[int, Meta(ge=-MAX_NUMBER, le=MAX_NUMBER)]
#: A sum of a side's hand scores: each within the bound, over at most MAX_HANDS hands (a total
#: within the bound may rest on a start score and hands adding up past it either way).
_Sum = Annotated[int, Meta(ge=-MAX_NUMBER * MAX_HANDS, le=MAX_NUMBER * MAX_HANDS)]
#: A count (a side's index).
_Count = Annotated[int, Meta(ge=0, le=MAX_NUMBER)]
#: A game's hands, at most :data:`MAX_HANDS`.
_Hands = Annotated[int, Meta(ge=0, le=MAX_HANDS)]
#: A side's red threes, and its canastas of one kind, over a game: at most what that many
#: hands can give.
_RedThrees = Annotated[int, Meta(ge=0, le=MAX_HANDS * MAX_RED_THREES_A_HAND)]
_Canastas = Annotated[int, Meta(ge=1, le=MAX_HANDS * MAX_CANASTAS_A_HAND)]
#: A game's id: a whole number from 1 to the bound of every number, as a game file's name has it.
_Id = Annotated[int, Meta(ge=1, le=MAX_NUMBER)]
#: A time (ISO 8601), or a digest in hex: short texts.
_Short = Annotated[str, Meta(max_length=64)]


class SideSummary(Struct):
    """One side of a summarised game: name and players as typed, total (points)."""

    name: str
    players: tuple[str, ...]
    total: int


class IndexSide(Struct, array_like=True, gc=False):
    """One side of an index entry, stored as a list: name, players, total, hands, points, best
    hand, red threes, canastas by kind (each held to the input bounds when read)."""

    name: _Name
    players: _Players
    total: _Points
    hands: _Hands
    points: _Sum
    best_hand: _Points | None
    red_threes: _RedThrees
    canastas: dict[_Text, _Canastas]


class _SummaryFields(Struct):
    """What a game's summary holds, in this order: created, finished, variant, label, hands,
    deleted, over, winner (side index or None), draw, sides."""

    created: _Short | None
    finished: _Short | None
    variant: _Text
    label: _Text
    hands: _Hands
    deleted: bool
    over: bool
    winner: _Count | None
    draw: bool
    sides: Annotated[list[IndexSide], Meta(min_length=1, max_length=MAX_SIDES)]


class IndexSummary(_SummaryFields, array_like=True, gc=False):
    """The summary an index entry holds (see :func:`summary_of`), stored as a list of
    :class:`_SummaryFields`' values."""


class IndexEntry(Struct, array_like=True):
    """One game's line of the index: its ``seal`` (see the module's description), its ``id``,
    the ``identity`` of the game file its summary was made from (inode, modification time in
    ns, size), the ``digest`` of that file's bytes (:func:`digest`) and the ``summary``."""

    seal: str
    id: _Id
    identity: list[int]
    digest: _Short
    summary: IndexSummary


# The structs a listing decodes (one line after another, 100,000 of them) hold only texts,
# numbers and lists of these, never a cycle: left out of the cyclic garbage collector, which
# otherwise runs again and again while they are made (issue 17).
class _ListedSide(Struct, array_like=True, gc=False):
    """One side of an index entry as a listing reads it: name, players, total (each held to the
    input bounds); the figures only statistics count are left unread."""

    name: _Name
    players: _Players
    total: _Points


class _ListedSummary(Struct, array_like=True, gc=False):
    """A summary as a listing reads it: the fields of :class:`_SummaryFields`, its sides as
    :class:`_ListedSide`."""

    created: _Short | None
    finished: _Short | None
    variant: _Text
    label: _Text
    hands: _Hands
    deleted: bool
    over: bool
    winner: _Count | None
    draw: bool
    sides: Annotated[list[_ListedSide], Meta(min_length=1, max_length=MAX_SIDES)]


class _ListedEntry(Struct, array_like=True, gc=False):
    """A line of the index as a listing reads it: its seal, identity and digest left unread
    (the seal is checked on the line's bytes), its id and summary (:class:`_ListedSummary`)."""

    seal: msgspec.Raw
    id: _Id
    identity: msgspec.Raw
    digest: msgspec.Raw
    summary: _ListedSummary


class _SummarisedEntry(Struct, array_like=True, gc=False):
    """A line of the index as :func:`summaries` reads it: its summary and id, the seal,
    identity and digest left unread (a summary is all a reader of summaries is given)."""

    seal: msgspec.Raw
    id: _Id
    identity: msgspec.Raw
    digest: msgspec.Raw
    summary: IndexSummary


class _Sealed(Struct, array_like=True):
    """What a line is encoded from after its seal: id, identity, digest, summary (a
    :class:`IndexSummary`, or its JSON text as it was read)."""

    id: int
    identity: list[int]
    digest: str
    summary: Any


class _LineId(Struct, array_like=True):
    """The seal and id of a line (the rest left unread)."""

    seal: str
    id: _Id


class Header(Struct):
    """The first line of the index: ``format``, the games folder's identity (inode,
    modification time in ns) at the scan that wrote it, when that scan began
    (``checked_ns``), how many entries follow (``count``), and ``lines``, the CRC-32 (8 hex
    digits; :class:`_LinesCheck`) of every byte after the header: while it matches, every line
    is the one written, and the lines' own seals need not be looked at one by one."""

    format: int
    folder: list[int] | None = None
    checked_ns: int = 0
    count: int = 0
    lines: str = ""


class _Unusable(Struct):
    """A line whose seal matches but whose summary is past the input bounds: its game is
    taken from its file."""

    id: int


@functools.cache
def _decoder(target: type) -> msgspec.json.Decoder:
    """The JSON decoder of lines of type ``target``, made the first time a line of it is read:
    a decoder resolves every annotation of its type when it is made, which a command that
    reads no such line (``hand`` reads only the header) need not pay for."""
    return msgspec.json.Decoder(target)


_ENCODE = msgspec.json.Encoder().encode
_ERRORS = (msgspec.ValidationError, msgspec.DecodeError)


def seal(sealed: bytes) -> bytes:
    """The seal of an index line whose bytes after the seal are ``sealed`` (up to the line
    break): BLAKE2b, 8 bytes, as 16 hex digits (ASCII bytes)."""
    return blake2b(sealed, digest_size=8).hexdigest().encode()


def entry_line(game_id: int, identity: list[int], file_digest: str, summary: Any) -> bytes:
    """The index line of game ``game_id`` (its line break included): seal, id, the identity
    and ``file_digest`` of the game file, and ``summary`` (an :class:`IndexSummary`, or its
    JSON text as :class:`msgspec.Raw`)."""
    sealed = _ENCODE(_Sealed(game_id, identity, file_digest, summary))[1:]
    return b'["' + seal(sealed) + b'",' + sealed + b"\n"


def _read_line(line: bytes) -> IndexEntry | _Unusable | None:
    """The entry of an index line; :class:`_Unusable` for a sealed line whose summary is past
    the bounds; None for a damaged line (not JSON, not an entry, or a seal that does not match
    the rest of it)."""
    if line[_SEAL] != seal(line[_SEALED_FROM:-1]):
        return None
    try:
        entry = _decoder(IndexEntry).decode(line)
    except msgspec.ValidationError:
        try:
            return _Unusable(_decoder(_LineId).decode(line).id)
        except _ERRORS:
            return None
    except msgspec.DecodeError:
        return None
    summary = entry.summary
    if not (_outcome_possible(summary) and _figures_possible(summary) and _seated(summary)):
        return _Unusable(entry.id)
    if not plain(line) and not _believed(entry.summary):
        return _Unusable(entry.id)
    return entry


def _outcome_possible(summary: Any) -> bool:
    """True when the outcome of ``summary`` (an index summary as any decoder reads it) is one a
    game can have: a winner among its sides, and a winner or a draw (never both) only in a game
    that is over."""
    winner = summary.winner
    if winner is not None:
        return winner < len(summary.sides) and not summary.draw and summary.over
    return summary.over or not summary.draw


def _seated(summary: Any) -> bool:
    """True when the sides of ``summary`` are ones a game seats: at most :data:`MAX_PLAYERS`
    players in all, no name only spacing, no two sides of one name."""
    players = [p for side in summary.sides for p in side.players]
    names = [side.name for side in summary.sides]
    return (
        len(players) <= MAX_PLAYERS
        and all(n.strip() for n in names + players)
        and len(set(names)) == len(names)
    )


def _figures_possible(summary: IndexSummary) -> bool:
    """True when the per-side figures of ``summary`` are ones its hands can give
    (:func:`scorekeeper.domain.stats.game_figures`): every side played every hand; a best hand
    exactly when a hand was played, and points (the sum of the hand scores) within ``hands``
    times the best hand and the least a hand scores; red threes and canastas no more than
    ``hands`` times the most a hand gives (:data:`MAX_RED_THREES_A_HAND`,
    :data:`MAX_CANASTAS_A_HAND`)."""
    hands = summary.hands
    for side in summary.sides:
        best = side.best_hand
        if best is None:
            possible = not (hands or side.hands or side.points or side.red_threes or side.canastas)
        else:
            possible = (
                side.hands == hands > 0
                and -MAX_NUMBER * hands <= side.points <= best * hands
                and side.red_threes <= MAX_RED_THREES_A_HAND * hands
                and sum(side.canastas.values()) <= MAX_CANASTAS_A_HAND * hands
            )
        if not possible:
            return False
    return True


def plain(data: bytes) -> bool:
    """True when the index bytes ``data`` can hold no text a name or a label may not: ASCII
    with no escape (JSON writes every control character as one) and no DEL; looked at in C."""
    return data.isascii() and b"\\" not in data and b"\x7f" not in data


def _believed(summary: Any) -> bool:
    """True when every text of ``summary`` (an index summary as any decoder reads it) passes
    the checks of the same text typed on the command line: names hold no character
    :func:`scorekeeper.domain.names.unseen_character` finds, the variant, label,
    times and canasta kinds none of :data:`scorekeeper.domain.bounds.ODD_TEXT`. A line sealed
    again by hand with other text is not believed: its game is summarised from its file."""
    names: list[str] = []
    texts = [summary.variant, summary.label, summary.created or "", summary.finished or ""]
    for side in summary.sides:
        names.append(side.name)
        names.extend(side.players)
        texts.extend(getattr(side, "canastas", None) or ())
    return texts_believed(names, texts)


def texts_believed(names: list[str], texts: list[str]) -> bool:
    """True when the ``names`` (of sides and players) and other ``texts`` (a variant, a label,
    a time, a canasta kind) read from a cache pass the checks of the same texts typed on the
    command line: no name holds a character
    :func:`scorekeeper.domain.names.unseen_character` finds, no other text one of
    :data:`scorekeeper.domain.bounds.ODD_TEXT`."""
    from scorekeeper.domain.names import unseen_character

    if unseen_character("".join(names)) is not None:
        return False
    if "".join(texts).isprintable():
        return True  # printable text holds none of them (the common case, in C)
    from scorekeeper.domain.bounds import ODD_TEXT

    return not any(re.search(ODD_TEXT, text) for text in texts)


class GameSummary(Struct, gc=False, eq=False):
    """One game as ``games`` lists it: ``id``, ``created`` and ``finished`` (ISO 8601 UTC or
    None), ``variant`` name, ``label``, ``hands_played``, ``deleted``, ``draw``, ``winner``
    (the winning side's name or None), ``over``, ``sides``; ``status`` is ``playing``, ``won``,
    ``draw`` or ``deleted``. :meth:`figures` gives what statistics count. Made for every game
    listed (100,000 of them), so made in C: a struct of the id and the ``summary``, compared
    by identity."""

    id: int
    summary: Any

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
    number of games (counted by going through them when the index was out of date); indexing
    (``[0]``, ``[:5]``) goes through them from the newest."""

    def __init__(self, count: int | None, source: Callable[[], Iterator[GameSummary]]) -> None:
        self.count = count
        self.source = source

    def __len__(self) -> int:
        if self.count is None:
            self.count = sum(1 for _ in self)
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
    return blake2b(content, digest_size=16).hexdigest()


def _identity(st: os.stat_result) -> list[int]:
    return [st.st_ino, st.st_mtime_ns, st.st_size]


def vouches(recorded: list[int], identity: list[int], checked_ns: int) -> bool:
    """True when a game file's ``identity`` (inode, modification time in ns, size) vouches that
    it is the version an index line recorded as ``recorded``, in an index whose scan began at
    ``checked_ns``: the two are equal, and that time lies far enough after the file's last
    change (:func:`is_settled`). A file changed again within the same tick of a coarse clock
    (whole seconds on some file systems), with the same size and the inode the system just
    freed given back to it, keeps the identity of the version before; only a look taken once
    the tick was over tells them apart, so a file changed too near the scan is read again and
    its bytes compared with the recorded digest."""
    return recorded == identity and is_settled(checked_ns, identity[1])


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


#: The longest index line read: a summary held to the input bounds takes a few KiB at most,
#: so a longer line is damage, never read whole into memory.
_LINE_LIMIT = 256 * 1024


def _open_plain(file: Path) -> Any:
    """``file`` opened for reading when it is a plain file (a pipe or a device in the index's
    place is never waited on or read); None otherwise or when it cannot be opened."""
    try:
        fd = os.open(file, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return None
    try:
        if stat.S_ISREG(os.fstat(fd).st_mode):
            return os.fdopen(fd, "rb")
    except OSError:
        pass
    os.close(fd)
    return None


def _bounded(handle: Any) -> Iterator[bytes]:
    """The lines of an opened index, each of at most :data:`_LINE_LIMIT` bytes; a longer one
    ends them with an empty line (which no line decodes as), so it reads as damage."""
    while line := handle.readline(_LINE_LIMIT):
        if len(line) == _LINE_LIMIT and not line.endswith(b"\n"):
            yield b""
            return
        yield line


def _open(path: Path) -> tuple[Any, Header] | None:
    """The index file opened at its first entry, and its header; None when it is missing, of
    another format, no plain file or its header is damaged."""
    handle = _open_plain(index_file(path))
    if handle is None:
        return None
    try:
        header = _decoder(Header).decode(handle.readline(_HEADER_LIMIT))
        if header.format == FORMAT:
            return handle, header
    except (OSError, msgspec.ValidationError, msgspec.DecodeError):
        pass
    handle.close()
    return None


def _lines(handle: Any) -> Iterator[IndexEntry | _Unusable | None]:
    """The entries of an opened index, newest first, each decoded as it is reached
    (:func:`_read_line`); None for a damaged line or one out of order (and then nothing more).
    Closes the file at the end."""
    last = None
    with handle:
        for line in _bounded(handle):
            entry = _read_line(line)
            if entry is None or (last is not None and entry.id >= last):
                yield None
                return
            last = entry.id
            yield entry


def _kept_from_file(
    path: Path, game_id: int, keep: Callable[[Any], bool] | None, summary: Any = None
) -> Iterator[GameSummary]:
    """Game ``game_id`` as an index line gives it when ``keep`` accepts it: from ``summary``
    (the line's), or summarised from its file when that is None (the line not believed);
    nothing when it has no file."""
    made = GameSummary(game_id, summary) if summary is not None else _from_file(path, game_id)
    if made is not None and (keep is None or keep(made.summary)):
        yield made


def _from_file(path: Path, game_id: int) -> GameSummary | None:
    """Game ``game_id`` summarised from its file (None when it has none)."""
    made = _summarised(path, game_id, game_file(path, game_id), None)
    return None if made is None else GameSummary(game_id, made[2])


class _LinesCheck:
    """The check of every byte after an index's header (:attr:`Header.lines`): their CRC-32 as
    8 hex digits, read at memory speed (the lines' own seals guard each line; this one only
    says that no byte changed since they were written). An index written before held the
    BLAKE2b digest (32 hex digits) there, and is still read by it (``recorded``)."""

    def __init__(self, recorded: str = "") -> None:
        self.blake = blake2b(digest_size=16) if len(recorded) == 32 else None
        self.crc = 0

    def update(self, data: bytes) -> None:
        if self.blake is not None:
            self.blake.update(data)
        else:
            self.crc = zlib.crc32(data, self.crc)

    def hexdigest(self) -> str:
        return self.blake.hexdigest() if self.blake is not None else f"{self.crc:08x}"


def _lines_intact(handle: Any, header: Header) -> tuple[bool, bool]:
    """Whether the bytes of the opened index after its header (read in pieces of 1 MiB, then
    read again from there) have the digest its header records (``lines``), and whether they
    are all plain (:func:`plain`: no line's texts need a look)."""
    if not header.lines:
        return False, False
    start = handle.tell()
    made = _LinesCheck(header.lines)
    clean = True
    try:
        while chunk := handle.read(1 << 20):
            made.update(chunk)
            clean = clean and plain(chunk)
        handle.seek(start)
    except OSError:
        return False, False
    return made.hexdigest() == header.lines, clean


def _before(path: Path, game_id: int, next_id: int | None) -> bool:
    """True when ``game_id`` (the newest line's) lies below ``next_id`` (the database's next
    game id; None: not known), or has a game file (the database file says less than the
    games folder holds: the game file vouches for it)."""
    return next_id is None or game_id < next_id or game_file(path, game_id).exists()


def _stream(
    path: Path,
    first: tuple[Any, Header] | None,
    decoder: type = _SummarisedEntry,
    keep: Callable[[Any], bool] | None = None,
    next_id: int | None = None,
) -> Iterator[GameSummary]:
    """Every game's summary from the index file (``first``: the file opened already), one at a
    time, each line's seal (unless every line is intact: :func:`_lines_intact`), bounds and
    texts (unless the whole index is plain) checked (:func:`_read_line`, here written out for
    speed). When the file turns out
    damaged or cut short the index is rebuilt and the games not yet given come from the
    rebuilt one; a sealed summary past the bounds is taken from its game file.

    ``decoder``: the type a line is decoded as (:class:`_ListedEntry`: only what a listing
    shows, each field held to its bounds); ``keep``: only the games whose summary it accepts
    are given, looked at before anything is made for them; ``next_id``: the database's next
    game id (no line's id reaches it unless that game has a file: ids are given in turn), or
    None."""
    from array import array

    opened = first or _open(path)
    given = array("q")  # the ids given already, newest first: a rebuild gives every other game
    if opened is not None:
        handle, header = opened
        add, complete, last = given.append, False, None
        # the last line's game, given once the next line's id is known to lie below it (an id
        # given twice, or out of order: neither line believed); its summary None: from its file
        held_id = 0
        held: Any = None
        with handle:
            whole, clean = _lines_intact(handle, header)  # then no line's seal needs a look
            checked = whole and clean  # then no line's texts need a look either
            decode = _decoder(decoder).decode
            readline = handle.readline
            while line := readline(_LINE_LIMIT):
                if len(line) == _LINE_LIMIT and not line.endswith(b"\n"):
                    break  # longer than any line the index writes: damage
                if not whole and line[_SEAL] != seal(line[_SEALED_FROM:-1]):
                    break  # damaged: not the line the index wrote
                try:
                    entry: Any = decode(line)
                except msgspec.ValidationError:
                    entry = _read_line(line)  # past the bounds (or damaged)
                except msgspec.DecodeError:
                    break
                if entry is None:
                    break
                if last is not None and entry.id >= last:
                    held_id = 0  # an id given twice, or out of order: neither line believed
                    break
                if last is None and not _before(path, entry.id, next_id):
                    break  # an id the database has not given yet: no line of it believed
                last = entry.id
                if entry.__class__ is _Unusable:
                    summary = None
                else:
                    summary = entry.summary
                    winner = summary.winner  # _outcome_possible, written out for speed
                    if (summary.draw or winner is not None) and (
                        not summary.over
                        or (winner is not None and (summary.draw or winner >= len(summary.sides)))
                    ):
                        summary = None  # an outcome no game has
                    elif not checked and not plain(line) and not _believed(summary):
                        summary = None  # text no input may hold
                if held_id:
                    add(held_id)
                    if held is None:  # past the bounds: from its file
                        yield from _kept_from_file(path, held_id, keep)
                    elif keep is None or keep(held):
                        yield GameSummary(held_id, held)
                held_id, held = entry.id, summary
            else:
                complete = True
            if held_id:  # the last line's, with no line after it
                add(held_id)
                yield from _kept_from_file(path, held_id, keep, held)
        if complete and len(given) == header.count:
            return
    at = 0  # both newest first: the ids given are passed by as the rebuilt ones go down
    for made in _revalidated(path, folder_identity(path)):
        while at < len(given) and given[at] > made.id:
            at += 1
        if at < len(given) and given[at] == made.id:
            continue
        if keep is None or keep(made.summary):
            yield made


#: An entry of the index being replaced, as a scan meets it: id, identity, digest, summary,
#: and its line when it can be written back as it is (None: it is written again, sealed).
_Old = tuple[int, list[int], str, IndexSummary, bytes | None]


def _old_entries(path: Path) -> tuple[Header | None, Iterator[_Old]]:
    """The header of the index (None when it is missing, damaged or of an earlier format) and
    its entries, newest first, read one line at a time. A damaged line, a line out of order
    and a summary past the bounds are left out (their games are summarised again); an index of
    an earlier format gives none (its lines carry no seal: every game is summarised again)."""
    handle = _open_plain(index_file(path))
    if handle is None:
        return None, iter(())
    try:
        header = _decoder(Header).decode(handle.readline(_HEADER_LIMIT))
    except (OSError, msgspec.ValidationError, msgspec.DecodeError):
        handle.close()
        return None, iter(())
    if header.format != FORMAT:
        handle.close()
        return None, iter(())
    return header, _old_lines(handle)


def _old_lines(handle: Any) -> Iterator[_Old]:
    """The entries of an opened index, newest first (see :func:`_old_entries`). Closes the file
    at the end."""
    last = None
    with handle:
        try:
            for line in _bounded(handle):
                entry = _read_line(line)
                if entry is None or entry.__class__ is _Unusable:
                    continue
                found: _Old = (entry.id, entry.identity, entry.digest, entry.summary, line)  # type: ignore[union-attr]
                if last is not None and found[0] >= last:
                    continue
                last = found[0]
                yield found
        except OSError:
            return


def _summarised(
    path: Path, game_id: int, file: Path | str, known: _Old | None
) -> tuple[list[int], str, IndexSummary] | None:
    """The identity, digest and summary of a game file whose identity does not vouch for what
    ``known`` recorded (:func:`vouches`): read through one open file (identity and bytes of the
    same version); its recorded summary kept when the bytes have the recorded digest (a copied
    or restored file, or one changed too recently for its identity to tell), else made again
    by scoring the game. None when the file went away meanwhile; DataFileError when it cannot
    be read or used."""
    try:
        seen, raw = read_plain_version(file, GAME_FILE_LIMIT)
    except FileNotFoundError:
        return None
    except NotPlain:
        raise damaged(
            Path(file),
            _("is not a plain file of at most {most} bytes").format(most=number(GAME_FILE_LIMIT)),
            path,
        ) from None
    except OSError as err:
        raise DataFileError(f"cannot read the game file {file}: {err.strerror}") from None
    identity = _identity(seen)
    made = digest(raw)
    if known is not None and known[2] == made:
        return identity, made, known[3]
    from scorekeeper.storage.codec import load_game  # the rules engine: only to score a game

    doc = parse_game_file(path, game_id, Path(file), raw)
    return identity, made, summary_of(load_game(path, game_id, doc))


class _IndexWriter:
    """A new index written line by line into a temporary file beside the index (best effort:
    it is a cache, so a write the system refuses only leaves the old one), put in place by
    :meth:`commit`."""

    def __init__(self, path: Path) -> None:
        import tempfile

        self.target = index_file(path)
        prefix = temporary_prefix(self.target)
        progress.file_change("create", self.target.parent / prefix)
        self.tmp: Path | None = None
        self.lines = _LinesCheck()  # of every line after the header
        try:  # a Ctrl-C is held until the file is known, then removes it: none is left behind
            with progress.interrupts_held():
                fd, name = tempfile.mkstemp(prefix=prefix, suffix=".tmp", dir=self.target.parent)
                self.tmp = self.target.parent / os.path.basename(name)
                self.handle = os.fdopen(fd, "wb", buffering=1 << 16)
        except BaseException:
            self.discard()
            raise
        try:
            self.handle.write(b" " * (_HEADER_WIDTH - 1) + b"\n")  # the header's place
        except OSError:
            self.discard()

    def add(self, line: bytes) -> None:
        """Write one line (best effort: after a refusal nothing more is written)."""
        if self.tmp is not None:
            self.lines.update(line)
            try:
                self.handle.write(line)
            except OSError:
                self.discard()

    def commit(self, header: Header) -> bool:
        """Write ``header`` in its place and put the new index in place of the old; False
        when that cannot be done (the old one stays)."""
        header.lines = self.lines.hexdigest()
        head = _ENCODE(header)
        if self.tmp is None or len(head) >= _HEADER_WIDTH:
            self.discard()
            return False
        try:
            self.handle.seek(0)
            self.handle.write(head.ljust(_HEADER_WIDTH - 1) + b"\n")
            self.handle.close()
            with suppress(OSError):  # the index keeps its permissions, as every file does
                os.chmod(self.tmp, self.target.stat().st_mode & 0o7777 | 0o600)
            progress.file_change("rename", self.target)
            os.replace(self.tmp, self.target)
        except OSError:
            self.discard()
            return False
        self.tmp = None
        return True

    def discard(self) -> None:
        """Leave the old index as it is: the temporary file is removed."""
        with suppress(OSError, AttributeError):  # no handle when its making was cut short
            self.handle.close()
        if self.tmp is not None:
            with suppress(OSError):
                self.tmp.unlink()
            self.tmp = None


def _revalidated(path: Path, here: list[int] | None) -> Iterator[GameSummary]:
    """Every game's summary, newest first, made by going through the games folder's ids
    (sorted) beside the index's entries (:func:`_old_entries`), each game file looked at once
    (one ``stat``): an entry whose file has the identity it recorded is kept as it is, any
    other file is read (:func:`_summarised`; so is a file changed too near the old index's scan
    for its identity to vouch for it, :func:`vouches`). The new index is written line by line as the
    games are given, and put in place once the last is given, when anything changed (a scan
    stopped part-way writes nothing). ``here``: the games folder's identity, looked at
    before."""
    checked = time.time_ns()
    header, old = _old_entries(path)
    ids = sorted(game_ids(path), reverse=True) if here is not None else []
    writer: _IndexWriter | None = None
    changed = header is None
    count = 0
    folder = os.fspath(games_folder(path))
    try:
        with suppress(OSError):
            writer = _IndexWriter(path)
        pending = next(old, None)
        for game_id in ids:
            while pending is not None and pending[0] > game_id:  # its game file is gone
                changed = True
                pending = next(old, None)
            known = None
            if pending is not None and pending[0] == game_id:
                known, pending = pending, next(old, None)
            file = os.path.join(folder, f"{game_id}.json")
            try:
                identity = _identity(os.stat(file))
            except FileNotFoundError:
                changed = True
                continue
            if (
                known is not None
                and known[4] is not None
                and vouches(known[1], identity, header.checked_ns)  # type: ignore[union-attr]
            ):
                line, summary = known[4], known[3]
            else:
                made = _summarised(path, game_id, file, known)
                if made is None:
                    changed = True
                    continue
                summary = made[2]
                try:
                    line = entry_line(game_id, made[0], made[1], summary)
                except UnicodeEncodeError:  # a text no JSON can hold: read from its file again
                    line = b""
                changed = True
            if writer is not None:
                writer.add(line)
            count += 1
            yield GameSummary(game_id, summary)
        if pending is not None:
            changed = True
        if writer is not None:
            was_settled = (
                header is not None
                and header.folder == here
                and here is not None
                and is_settled(header.checked_ns, here[1])
            )
            now_settled = here is not None and is_settled(checked, here[1])
            if (
                changed
                or header is None
                or header.count != count
                or header.folder != here
                or (now_settled and not was_settled)
            ):
                writer.commit(Header(FORMAT, here, checked, count))
    finally:
        if writer is not None:
            writer.discard()  # nothing, once committed
        close = getattr(old, "close", None)
        if close is not None:
            close()


def summaries(path: Path, next_id: int | None = None, rescan: bool = False) -> Summaries:
    """A summary of every game of the database at ``path``, newest first, decoded one at a
    time as they are gone through.

    Every game file is written by rename inside the games folder, so a folder whose identity
    (inode, modification time) is what the index recorded at its last scan holds no change
    since, and the index is read as it is. Otherwise every game file's identity is looked at
    (one ``stat`` each) and only the files that changed are read (and only those whose bytes
    changed summarised again), the index written back as they are gone through
    (:func:`_revalidated`); so too, whatever the folder's identity, with ``rescan`` (each
    line checked against its game file and by :func:`_read_line`). ``next_id``: the
    database's next game id (:func:`_stream`), or None. DataFileError names a game file that
    cannot be read."""
    here = folder_identity(path)
    opened = None if rescan else _open(path)
    if opened is not None:
        handle, header = opened
        if here is not None and header.folder == here and is_settled(header.checked_ns, here[1]):
            first: list[Any] = [opened]

            def source() -> Iterator[GameSummary]:
                return _stream(path, first.pop() if first else None, next_id=next_id)

            return Summaries(header.count, source)
        handle.close()
    return Summaries(None, lambda: _revalidated(path, here))


def listing(
    path: Path, keep: Callable[[Any], bool] | None = None, next_id: int | None = None
) -> Iterator[GameSummary]:
    """The games of the database at ``path`` whose summary ``keep`` accepts (None: every
    game), newest first, one at a time, as ``games`` lists them: each line of the index is
    checked as :func:`summaries` checks it (its seal, or the digest of every line; the bounds
    of what is read) but only what a listing shows is decoded (dates, variant, label, hands,
    outcome, sides with players and totals), and ``keep`` looks at that before anything is
    made for the game. Its summaries give no :meth:`GameSummary.figures`. When the games
    folder changed since the index was written, this is :func:`summaries` (revalidated), kept
    to what ``keep`` accepts. ``next_id``: as for :func:`summaries`. DataFileError names a
    game file that cannot be read."""
    here = folder_identity(path)
    opened = _open(path)
    if opened is not None:
        handle, header = opened
        if here is not None and header.folder == here and is_settled(header.checked_ns, here[1]):
            return _stream(path, opened, _ListedEntry, keep, next_id)
        handle.close()
    every = _revalidated(path, here)
    return every if keep is None else (g for g in every if keep(g.summary))


def _newest_files(path: Path, next_id: int | None) -> Iterator[tuple[int, os.stat_result | None]]:
    """The game files of the database, newest first, each with its ``stat`` (None when it
    cannot be looked at): counted down from ``next_id`` (ids are never reused, so the folder is
    not listed), or from the folder's listing when there is no ``next_id`` or a long run of ids
    has no file, or when ``next_id`` has a file of its own (the database file says less than
    the games folder holds: edited by hand, or put back from elsewhere)."""
    folder = games_folder(path)
    below = None
    if isinstance(next_id, int) and next_id > 0 and (folder / f"{next_id}.json").exists():
        next_id = None  # no game may have the next id: the folder is listed instead
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


def _index_head(path: Path) -> tuple[int, Iterator[IndexEntry | _Unusable]]:
    """When the index's scan began (``checked_ns``; 0 without an index) and its entries from
    the newest, read only as far as they are asked for; none when there is no index of this
    format, and none after a damaged line."""
    opened = _open(path)
    if opened is None:
        return 0, iter(())

    def entries(handle: Any) -> Iterator[IndexEntry | _Unusable]:
        for entry in _lines(handle):
            if entry is None:
                return
            yield entry

    return opened[1].checked_ns, entries(opened[0])


def newest(
    path: Path, count: int, keep: Any = None, next_id: int | None = None
) -> tuple[list[GameSummary], bool]:
    """The ``count`` newest games that ``keep(summary)`` accepts (default: those not deleted),
    newest first; and whether older games that match remain. Game ids are counted down from
    ``next_id`` (the database's next game id; None: the games folder is listed), each game file
    looked at once: its summary is the index's entry when the file's identity vouches for the
    one the entry recorded (:func:`vouches`; the index is read only as far as the page goes),
    else the game is read from its file. What it costs does not grow with the number of
    games kept."""
    keep = keep or (lambda s: not s.deleted)
    checked_ns, listed = _index_head(path)
    pending = next(listed, None)
    out: list[GameSummary] = []
    for game_id, st in _newest_files(path, next_id):
        while pending is not None and pending.id > game_id:
            pending = next(listed, None)
        entry = pending if isinstance(pending, IndexEntry) and pending.id == game_id else None
        if (
            entry is not None
            and st is not None
            and vouches(entry.identity, _identity(st), checked_ns)
        ):
            summary = GameSummary(game_id, entry.summary)
        else:
            known = None
            if entry is not None:  # a copied file keeps its summary
                known = (game_id, entry.identity, entry.digest, entry.summary, None)
            made = _summarised(path, game_id, game_file(path, game_id), known)
            if made is None:
                continue
            summary = GameSummary(game_id, made[2])
        if keep(summary):
            if len(out) == count:
                return out, True
            out.append(summary)
    return out, False


def record(path: Path, games: Iterable[Any]) -> None:
    """Put the summaries of stored games just written into the index (bulk building)."""
    checked = time.time_ns()  # before any identity is looked at (:func:`vouches`)
    header, old = _old_entries(path)
    if header is not None:
        checked = min(checked, header.checked_ns)  # the lines kept were looked at before
    lines: dict[int, bytes] = {}
    for game_id, identity, file_digest, summary, line in old:
        lines[game_id] = line or entry_line(game_id, identity, file_digest, summary)
    for stored in games:
        file = game_file(path, stored.id)
        with suppress(OSError):
            raw = file.read_bytes()
            identity = _identity(file.stat())
            lines[stored.id] = entry_line(stored.id, identity, digest(raw), summary_of(stored))
    body = bytearray()
    for game_id in sorted(lines, reverse=True):  # one buffer grown line by line
        body += lines[game_id]
    check = _LinesCheck()
    check.update(body)
    whole = check.hexdigest()
    content = _ENCODE(Header(FORMAT, None, checked, len(lines), whole)) + b"\n" + body
    with suppress(OSError):
        write_atomically(index_file(path), content, durable=False)  # type: ignore[arg-type]

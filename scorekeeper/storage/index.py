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

import json
import os
import time
from collections.abc import Iterable
from contextlib import suppress
from pathlib import Path
from typing import Any

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


class GameSummary:
    """One game as ``games`` lists it, read from its index entry as it is asked for (so listing
    the newest of many games builds little): ``id``, ``created`` and ``finished`` (ISO 8601 UTC
    or None), ``variant`` name, ``label``, ``hands_played``, ``deleted``, ``draw``, ``winner``
    (the winning side's name or None), ``over``, ``sides``; ``status`` is ``playing``, ``won``,
    ``draw`` or ``deleted``. :meth:`figures` gives what statistics count."""

    __slots__ = ("doc", "id")

    def __init__(self, game_id: int, doc: dict[str, Any]) -> None:
        self.id = game_id
        self.doc = doc

    created = property(lambda self: self.doc["created"])
    finished = property(lambda self: self.doc["finished"])
    variant = property(lambda self: self.doc["variant"])
    label = property(lambda self: self.doc["label"])
    hands_played = property(lambda self: self.doc["hands"])
    deleted = property(lambda self: self.doc["deleted"])
    over = property(lambda self: self.doc["over"])
    winner_index = property(lambda self: self.doc["winner"])
    draw = property(lambda self: self.doc["draw"])

    @property
    def sides(self) -> list[SideSummary]:
        return [SideSummary(s[0], tuple(s[1]), s[2]) for s in self.doc["sides"]]

    @property
    def winner(self) -> str | None:
        w = self.winner_index
        return None if w is None else self.doc["sides"][w][0]

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
            SideFigures(s[0], tuple(s[1]), s[2], s[3], s[4], s[5], s[7], s[6])
            for s in self.doc["sides"]
        ]
        return GameFigures(self.variant, self.hands_played, self.over, self.winner_index, sides)


_KEYS = ("created", "finished", "variant", "label", "hands", "deleted", "over", "winner", "draw")


def _valid(doc: Any) -> bool:
    """True when an index entry's summary has every key and sides of the right shape."""
    return (
        isinstance(doc, dict)
        and all(k in doc for k in _KEYS)
        and isinstance(doc.get("sides"), list)
        and all(isinstance(s, list) and len(s) == 8 for s in doc["sides"])
    )


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


def _load(path: Path) -> dict[str, Any]:
    """The index as stored: ``games`` ``{id: [identity, summary]}``, and ``folder`` (the game
    folder's identity when it was last scanned) with ``checked_ns``; empty when unusable."""
    try:
        data = json.loads(index_file(path).read_bytes())
    except (OSError, ValueError, UnicodeDecodeError, RecursionError):
        return {}
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return {}
    if not isinstance(data.get("games"), dict):
        return {}
    return data


def _save(
    path: Path, entries: dict[str, list[Any]], folder: list[int] | None, checked: int
) -> None:
    """Write the index back (best effort: it is a cache)."""
    content = json.dumps(
        {"format": FORMAT, "folder": folder, "checked_ns": checked, "games": entries},
        ensure_ascii=False,
        separators=(",", ":"),
    ).encode("utf-8")
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


def summaries(path: Path) -> list[GameSummary]:
    """A summary of every game of the database at ``path``, newest first.

    Every game file is written by rename inside the games folder, so a folder whose identity
    (inode, modification time) is what the index recorded at its last scan holds no change
    since, and the index is used as it is. Otherwise every game file's identity is looked at
    (one ``stat`` each) and only the files that changed are read and summarised again; the
    index is written back if anything changed. DataFileError names a game file that cannot be
    read."""
    data = _load(path)
    entries: dict[str, list[Any]] = data.get("games", {})
    folder = games_folder(path)
    try:
        st = folder.stat()
        here = [st.st_ino, st.st_mtime_ns]
    except OSError:
        here = None
    settled = is_settled(data.get("checked_ns", 0), here[1] if here else 0)
    if here is not None and data.get("folder") == here and settled:
        fresh = entries
    else:
        checked = time.time_ns()
        fresh = {}
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
                    if isinstance(entry, list) and len(entry) == 2 and entry[0] == identity:
                        fresh[key] = entry
                        continue
                    read = _read_game(path, int(key), Path(item.path))
                    if read is not None:
                        fresh[key] = list(read)
        if fresh != entries or data.get("folder") != here:
            _save(path, fresh, here, checked)
    out = []
    for key in sorted(fresh, key=int, reverse=True):
        entry = fresh[key]
        if not (isinstance(entry, list) and len(entry) == 2 and _valid(entry[1])):
            # a damaged entry: forget the index, so it is rebuilt from the game files
            return summaries_rebuilt(path)
        out.append(GameSummary(int(key), entry[1]))
    return out


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
        summary = GameSummary(game_id, read[1])
        if keep(summary):
            if len(out) == count:
                return out, True
            out.append(summary)
    return out, False


def summaries_rebuilt(path: Path) -> list[GameSummary]:
    """:func:`summaries` after throwing the index away (it is rebuilt from the game files)."""
    with suppress(OSError):
        index_file(path).unlink()
    return summaries(path)


def record(path: Path, games: Iterable[Any]) -> None:
    """Put the summaries of stored games just written into the index (bulk building)."""
    data = _load(path)
    entries = data.get("games", {})
    for stored in games:
        with suppress(OSError):
            identity = _identity(game_file(path, stored.id).stat())
            entries[str(stored.id)] = [identity, summary_doc(stored)]
    _save(path, entries, None, 0)

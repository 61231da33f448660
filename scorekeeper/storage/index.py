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
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scorekeeper.errors import DataFileError

FORMAT = 1


@dataclass
class SideSummary:
    """One side of a summarised game: name and players as typed, total (points)."""

    name: str
    players: tuple[str, ...]
    total: int


@dataclass
class GameSummary:
    """One game as ``games`` lists it: ``id``, ``created`` and ``finished`` (ISO 8601 UTC or
    None), ``variant`` name, ``label``, ``hands_played``, ``deleted``, ``draw``, ``winner`` (the
    winning side's name or None), ``over``, ``sides``; ``status`` is ``playing``, ``won``,
    ``draw`` or ``deleted``. :meth:`figures` gives what statistics count."""

    id: int
    created: str
    finished: str | None
    variant: str
    label: str
    hands_played: int
    deleted: bool
    over: bool
    winner_index: int | None
    draw: bool
    sides: list[SideSummary]
    doc: dict[str, Any]

    @property
    def winner(self) -> str | None:
        return None if self.winner_index is None else self.sides[self.winner_index].name

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


def _summary(game_id: int, doc: dict[str, Any]) -> GameSummary:
    return GameSummary(
        id=game_id,
        created=doc["created"],
        finished=doc["finished"],
        variant=doc["variant"],
        label=doc["label"],
        hands_played=doc["hands"],
        deleted=doc["deleted"],
        over=doc["over"],
        winner_index=doc["winner"],
        draw=doc["draw"],
        sides=[SideSummary(s[0], tuple(s[1]), s[2]) for s in doc["sides"]],
        doc=doc,
    )


def _load(path: Path) -> dict[str, list[Any]]:
    """The index's entries ``{id: [identity, summary]}``; empty when missing or unusable."""
    from scorekeeper.storage.database import index_file

    try:
        data = json.loads(index_file(path).read_bytes())
    except (OSError, ValueError, UnicodeDecodeError, RecursionError):
        return {}
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return {}
    games = data.get("games")
    return games if isinstance(games, dict) else {}


def _save(path: Path, entries: dict[str, list[Any]]) -> None:
    """Write the index back (best effort: it is a cache)."""
    from scorekeeper.storage.database import index_file, write_atomically

    content = json.dumps(
        {"format": FORMAT, "games": entries}, ensure_ascii=False, separators=(",", ":")
    ).encode("utf-8")
    with suppress(OSError):
        write_atomically(index_file(path), content, durable=False)


def _identity(st: os.stat_result) -> list[int]:
    return [st.st_ino, st.st_mtime_ns, st.st_size]


def _read_game(path: Path, game_id: int, file: Path) -> tuple[list[int], dict[str, Any]] | None:
    """The identity and summary of a game file, read through one open file so that both
    describe the same version; None when the file went away meanwhile."""
    from scorekeeper.storage.database import load_game, parse_game_file

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

    Reads the index, looks at every game file's identity (one ``stat`` each), reads and
    summarises only the game files that changed, and writes the index back if anything did.
    DataFileError names a game file that cannot be read."""
    from scorekeeper.storage.database import _GAME_FILE, games_folder

    entries = _load(path)
    folder = games_folder(path)
    fresh: dict[str, list[Any]] = {}
    changed = False
    try:
        scan = os.scandir(folder)
    except (FileNotFoundError, NotADirectoryError):
        scan = None
    if scan is not None:
        with scan:
            for item in scan:
                match = _GAME_FILE.fullmatch(item.name)
                if not match:
                    continue
                key = match[1]
                entry = entries.get(key)
                try:
                    identity = _identity(item.stat())
                except FileNotFoundError:
                    continue
                if (
                    isinstance(entry, list)
                    and len(entry) == 2
                    and entry[0] == identity
                    and isinstance(entry[1], dict)
                ):
                    fresh[key] = entry
                    continue
                read = _read_game(path, int(key), Path(item.path))
                if read is not None:
                    fresh[key] = list(read)
                changed = True
    if changed or len(fresh) != len(entries):
        _save(path, fresh)
    out = []
    for key in sorted(fresh, key=int, reverse=True):
        try:
            out.append(_summary(int(key), fresh[key][1]))
        except (KeyError, TypeError, IndexError, ValueError):
            # a damaged entry: forget the index, so the next command rebuilds it
            _save(path, {})
            return summaries_rebuilt(path)
    return out


def summaries_rebuilt(path: Path) -> list[GameSummary]:
    """:func:`summaries` after throwing the index away (it is rebuilt from the game files)."""
    from scorekeeper.storage.database import index_file

    with suppress(OSError):
        index_file(path).unlink()
    return summaries(path)


def record(path: Path, games: Iterable[Any]) -> None:
    """Put the summaries of stored games just written into the index (bulk building)."""
    from scorekeeper.storage.database import game_file

    entries = _load(path)
    for stored in games:
        with suppress(OSError):
            identity = _identity(game_file(path, stored.id).stat())
            entries[str(stored.id)] = [identity, summary_doc(stored)]
    _save(path, entries)

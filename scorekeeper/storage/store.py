"""The store interface: what the application layer sees of where games are kept.

:class:`GameStore` is the shape of a store opened for one command; :func:`open_store` opens the
one backend there is, the TinyDB files of :mod:`scorekeeper.storage.database` (imported when a
store is opened, so a command that never opens one never loads TinyDB). A new backend is one
more class of this shape and a branch in :func:`open_store`.

The backups of a database are files beside it: :func:`list_backups`, :func:`read_backup_tables`
and :func:`restore_backup` reach them (:mod:`scorekeeper.storage.backups`).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import AbstractContextManager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from scorekeeper.domain.records import StoredGame
    from scorekeeper.storage.backups import Backup


class GameStore(Protocol):
    """The user's games, opened for one command.

    ``path``: the database file; ``durable``: writes are flushed to disk and backed up
    (False only when building throw-away databases in bulk). Reading a game: :meth:`get`,
    :meth:`current`; what a game's stored form was when this command read it:
    :meth:`fingerprint`. Changing: :meth:`add`, :meth:`save`, :meth:`set_current`, then
    :meth:`commit` (or the end of the ``with`` block of a store opened for writing). Listing:
    :meth:`summaries`, :meth:`newest`, :meth:`lineup_records`, :meth:`all`.
    Raises NotFound for a game that does not exist and DataFileError for one that cannot be
    read.
    """

    path: Path
    durable: bool

    @property
    def current_id(self) -> int | None:
        """The current game's id; None when there is none."""

    def set_current(self, game_id: int | None) -> None:
        """Make game ``game_id`` current (None: no current game)."""

    def get(self, game_id: int) -> StoredGame:
        """The game with ``game_id``; NotFound when there is none."""

    def current(self, game_id: int | None = None) -> StoredGame:
        """The game ``game_id``, or the current game; NotFound when there is none."""

    def fingerprint(self, game_id: int) -> str:
        """A digest of game ``game_id`` as stored when this command read it ("" for none)."""

    def add(self, stored: StoredGame) -> int:
        """Store a new game under the next unused id, make it current, return the id."""

    def save(self, stored: StoredGame) -> None:
        """Write back a changed game (at :meth:`commit`)."""

    def commit(self) -> None:
        """Write every change so far (under the lock of a store opened for writing)."""

    def summaries(self) -> list[Any]:
        """A :class:`~scorekeeper.storage.index.GameSummary` of every game, newest first."""

    def listing(self, keep: Any = None) -> Iterator[Any]:
        """The games whose summary ``keep`` accepts (None: every game), newest first, one at a
        time, as summaries of what ``games`` lists (no statistics' figures)."""

    def newest(self, count: int) -> tuple[list[Any], bool]:
        """The ``count`` newest games not deleted, as summaries; and whether more remain."""

    def lineup_records(self) -> dict[Any, Any]:
        """Statistics' records per line-up over the games not deleted."""

    def unfinished_ids(self) -> list[int]:
        """Ids of games with hands, not finished and not deleted, newest first."""

    def all(self) -> list[StoredGame]:
        """Every stored game, newest first."""


def open_store(
    path: Path | None = None, write: bool = False, durable: bool = True
) -> AbstractContextManager[GameStore]:
    """Open the database at ``path`` (None: ``SCOREKEEPER_DB``, else the user data folder's
    ``scorekeeper.json``) for one command, as a context manager giving a :class:`GameStore`.

    ``write`` holds the inter-process lock from the read until the block ends and writes what
    changed when it ends without an error. Raises DatabaseBusy, DataFileError
    (:func:`scorekeeper.storage.database.open_store`)."""
    from scorekeeper.storage import database

    return database.open_store(path, write=write, durable=durable)


def database_path(path: Path | None = None) -> Path:
    """The database file ``path`` names, or the default one (as :func:`open_store` opens)."""
    if path is not None:
        return Path(path)
    from scorekeeper.storage.files import default_path

    return default_path()


def game_path(path: Path, game_id: int) -> Path:
    """The file that holds game ``game_id`` of the database file ``path`` (it may not exist)."""
    from scorekeeper.storage.files import game_file

    return game_file(path, game_id)


def is_database_path(path: Path, other: Path) -> bool:
    """True when ``other`` is one of the files of the database file ``path`` (the file itself,
    its caches, lock, journal) or lies inside its games or backups folder."""
    from scorekeeper.storage.files import is_own_path

    return is_own_path(path, other)


def is_scorekeeper_file(other: Path) -> bool:
    """True when ``other`` is a file of any scorekeeper database (its file, a game file, a
    backup, a cache, the lock, the journal), also through a link
    (:func:`.files.is_scorekeeper_file`)."""
    from scorekeeper.storage.files import is_scorekeeper_file as is_theirs

    return is_theirs(other)


def refuse_database_name(path: Path) -> None:
    """DataFileError when the database path ``path`` is named as a temporary file
    (:func:`.files.refuse_database_name`)."""
    from scorekeeper.storage.files import refuse_database_name as refuse

    refuse(path)


def write_file(target: Path, content: bytes, links: bool = True) -> None:
    """Replace the file ``target`` with ``content`` atomically, its rename the command's
    commit point (:func:`.files.write_file`; ``links=False``: a link of that name is replaced,
    never written through). DataFileError when the system refuses; the file is then
    untouched."""
    from scorekeeper.storage.files import write_file as write

    write(target, content, links=links)


def beyond_bounds(stored: StoredGame) -> str | None:
    """Why the game ``stored`` holds what no game coming in may (an import refuses it: a value
    past the bounds of every input, rules past a variant file's; README, the bounds paragraph),
    or None. A game stored so before there were bounds, or changed by hand, is still read."""
    from scorekeeper.storage.codec import beyond_bounds as refusal

    return refusal(stored)


def is_settled(checked_ns: int, changed_ns: int) -> bool:
    """True when a look at a file begun at ``checked_ns`` lies far enough after its last change
    at ``changed_ns`` (both nanoseconds since the epoch) to vouch that the file holds no later
    change (:func:`.files.is_settled`)."""
    from scorekeeper.storage.files import is_settled as settled

    return settled(checked_ns, changed_ns)


def home_expanded(given: str) -> Path:
    """The path ``given`` names, a ``~`` at the start of its text read as the home folder
    (:func:`.files.home_expanded`; DataFileError for a user with none)."""
    from scorekeeper.storage.files import home_expanded as expanded

    return expanded(given)


def complete_stored_change(path: Path, backups: bool = False) -> None:
    """Put in place a change of the database file ``path`` an earlier command stored but did
    not finish, and with ``backups`` its backup a kill left pending
    (:func:`.database.complete_stored_change`). DataFileError when it cannot be put in place
    now."""
    from scorekeeper.storage.database import complete_stored_change as complete

    complete(path, backups)


def backup_folder(path: Path) -> Path:
    """The folder that holds the backups of the database file ``path``."""
    from scorekeeper.storage.files import backup_folder as folder

    return folder(path)


def list_backups(path: Path) -> list[Backup]:
    """The backups of the database file ``path`` as they are listed and restored, newest first
    (each a :class:`~scorekeeper.storage.backups.Backup`: ``path``, ``kind``, ``taken``): at
    most :data:`~scorekeeper.storage.backups.BACKUPS_KEPT` of the ``write`` kind, the oldest
    beyond them going with the next change (:func:`~scorekeeper.storage.backups.kept_backups`)."""
    from scorekeeper.storage.backups import kept_backups

    return kept_backups(path)


def read_backup_tables(path: Path, db: Path | None = None) -> dict[str, dict[str, Any]] | None:
    """The tables of a backup file (``{table: {doc_id: document}}``) of the database file
    ``db``, checked as a restore checks them, every game it puts back too
    (:func:`~scorekeeper.storage.database.checked_backup`);
    None for one no longer there (rotated away since it was listed). DataFileError for one this
    version cannot read (naming it as a backup of ``db``), or that holds nothing (a file of
    spaces: listed and numbered as unreadable, as a restore of it is refused)."""
    from scorekeeper.errors import NotFound
    from scorekeeper.storage.database import checked_backup

    try:
        return checked_backup(path, db if db is not None else path)
    except NotFound:
        return None


def restore_backup(path: Path, backup: Path) -> Path | None:
    """Put back the versions the backup file ``backup`` holds into the database ``path``, under
    the lock, keeping what it replaces as a backup first (returned; None when nothing was
    replaced). DataFileError for a backup this version cannot read (nothing changes)."""
    from scorekeeper.storage.database import restore_backup as restore

    return restore(path, backup)


def file_layout(path: Path) -> dict[str, Path]:
    """Where the database file ``path`` keeps everything (README, "Where data lives"): the
    ``database`` file itself, its ``games`` folder, the ``index`` and ``statistics`` caches,
    the ``backups`` folder and the ``lock`` file (any of them may not exist yet)."""
    from scorekeeper.storage import files

    return {
        "database": path,
        "games": files.games_folder(path),
        "index": files.index_file(path),
        "statistics": files.stats_file(path),
        "backups": files.backup_folder(path),
        "lock": path.with_name(path.name + ".lock"),
    }


#: How many of the newest game files completion looks through for deleted games (a deleted
#: game is usually restored soon; the bound keeps completion quick at any history size).
DELETED_LOOKED_AT = 200


#: The largest database file shell completion reads (bytes): it holds the games' index, far
#: smaller; a larger file, a pipe or a device offers nothing, at once (never waits or fills
#: memory: a TAB must not freeze the shell).
COMPLETION_LIMIT = 16 * 1024 * 1024


def _game_to_complete(path: Path, game_id: int) -> dict[str, Any] | None:
    """The document of game ``game_id`` of the database file ``path`` for completion: None
    when there is no file; DataFileError when it is no plain file, is larger than
    GAME_FILE_LIMIT, or is not the game's file (:func:`.files.read_game_file`)."""
    from scorekeeper.storage import files

    return files.read_game_file(path, game_id)


def newest_side_names(path: Path, count: int, deleted: bool = False) -> list[tuple[int, list[str]]]:
    """For shell completion: the ``count`` newest games not deleted (with ``deleted``: the
    deleted ones, among the :data:`DELETED_LOOKED_AT` newest games) of the database file
    ``path``, newest first, each as (id, its side names), read from the game files alone (no
    game is rebuilt, so the time does not grow with the number of games). A game file that
    cannot be read is left out."""
    from scorekeeper.errors import DataFileError

    found: list[tuple[int, list[str]]] = []
    for looked_at, game_id in enumerate(_newest_ids(path)):
        if deleted and looked_at >= DELETED_LOOKED_AT:
            break
        try:
            doc = _game_to_complete(path, game_id)
        except DataFileError:
            continue
        if doc is None or bool(doc.get("deleted")) != deleted:
            continue
        found.append((game_id, _names_to_complete(doc)))
        if len(found) >= count:
            break
    return found


def side_names(path: Path, game_id: int | None = None) -> list[str]:
    """For shell completion: the side names of game ``game_id`` (None: the current game) of the
    database file ``path``, read from its files alone; empty when there is no such game or a
    file cannot be read."""
    from scorekeeper.errors import DataFileError
    from scorekeeper.storage import files

    try:
        if game_id is None:
            data = files.read_json(path, limit=COMPLETION_LIMIT) if path.exists() else None
            meta = (data or {}).get("meta", {}).get("1", {}) if isinstance(data, dict) else {}
            game_id = meta.get("current")
        doc = _game_to_complete(path, int(game_id)) if game_id is not None else None
    except (DataFileError, TypeError, ValueError, AttributeError):
        return []
    return _names_to_complete(doc or {})


def _names_to_complete(doc: dict) -> list[str]:
    """The side names of the game document ``doc`` that a typed name could be (README, the
    bounds paragraph): a name damaged in its file (a line break, an escape, a direction
    control, past MAX_NAME) is left out, never written to the shell that asked."""
    from scorekeeper.domain.limits import MAX_NAME
    from scorekeeper.domain.names import begins_with_mark, name_refusal

    sides = doc.get("sides")
    names = [s.get("name") for s in sides if isinstance(s, dict)] if isinstance(sides, list) else []
    return [
        name
        for name in names
        if isinstance(name, str)
        and name.strip()
        and len(name) <= MAX_NAME
        and name_refusal(name) is None
        and begins_with_mark(name) is None
    ]


def _newest_ids(path: Path) -> Iterator[int]:
    """Game ids of the database file ``path``, newest first: counted down from its
    ``next_id`` (ids are never reused, so the folder of thousands of games is not listed),
    else the ids of the game files there are."""
    from scorekeeper.errors import DataFileError
    from scorekeeper.storage import files

    try:
        data = files.read_json(path, limit=COMPLETION_LIMIT)  # a pipe or device: none
        next_id = data["meta"]["1"]["next_id"]
    except (DataFileError, KeyError, TypeError):
        next_id = None
    if isinstance(next_id, int) and next_id > 0:
        yield from range(next_id - 1, 0, -1)
        return
    yield from sorted(files.game_ids(path), reverse=True)

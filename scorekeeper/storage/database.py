"""The TinyDB database of games: where it lives, how it is written, and what it holds.

Tables: ``games`` (one document per game, its doc id is the game id, ids never reused) and
``meta`` (one document: ``schema`` version, ``current`` game id, ``next_id``).

Every write replaces the file atomically (temporary file in the same folder, flush, fsync,
rename, fsync of the folder) under an inter-process lock held for the whole command, so a crash,
Ctrl-C or a second terminal never leaves a half-written or mixed file. A file that cannot be read
is never overwritten.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from tinydb import TinyDB
from tinydb.storages import Storage
from tinydb.table import Document

from scorekeeper.errors import DatabaseBusy, DataFileError, NotFound, ScorekeeperError
from scorekeeper.storage.codec import StoredGame, game_from_doc, game_to_doc

SCHEMA_VERSION = 1
LOCK_TIMEOUT = 10.0  # seconds a command waits for another one to finish


def default_path() -> Path:
    """The database file: ``SCOREKEEPER_DB`` if set, else ``scorekeeper.json`` in the user data
    folder that platformdirs gives."""
    env = os.environ.get("SCOREKEEPER_DB")
    if env:
        return Path(env)
    from platformdirs import user_data_dir

    return Path(user_data_dir("scorekeeper", appauthor=False)) / "scorekeeper.json"


def now() -> str:
    """The current time as an ISO 8601 string in UTC, to the second."""
    return datetime.now(UTC).replace(microsecond=0).isoformat()


class AtomicJSONStorage(Storage):
    """A TinyDB storage that reads the file once per command and replaces it atomically.

    TinyDB's writes go to memory; :meth:`commit` writes the file once, at the end of a command
    that succeeded. An empty or missing file reads as a new database. Anything else that is not
    a database this version can use raises DataFileError naming the file; such a file is never
    written over.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._data: dict[str, dict[str, Any]] | None = None
        self._loaded = False
        self.dirty = False

    def read(self) -> dict[str, dict[str, Any]] | None:
        if not self._loaded:
            self._data = self._read_file()
            self._loaded = True
        return self._data

    def _read_file(self) -> dict[str, dict[str, Any]] | None:
        try:
            raw = self.path.read_bytes()
        except FileNotFoundError:
            return None
        except OSError as err:
            raise DataFileError(f"cannot read the database {self.path}: {err.strerror}") from None
        if not raw.strip():
            return None
        try:
            data = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError):
            raise DataFileError(
                f"the database {self.path} is damaged (not JSON); it was left untouched: restore"
                " a backup or move it away to start a new one"
            ) from None
        if (
            not isinstance(data, dict)
            or not all(isinstance(t, dict) for t in data.values())
            or (data and "meta" not in data)
        ):
            raise DataFileError(
                f"{self.path} is not a scorekeeper database; it was left untouched: choose"
                " another file with --db"
            )
        return data

    def write(self, data: dict[str, dict[str, Any]]) -> None:
        self._data = data
        self._loaded = True
        self.dirty = True

    def commit(self) -> None:
        """Write the database to its file if anything changed (atomic replace, then fsync)."""
        if not self.dirty or self._data is None:
            return
        folder = self.path.parent
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{self.path.name}.", suffix=".tmp", dir=folder)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                json.dump(self._data, handle, ensure_ascii=False, separators=(",", ":"))
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(tmp, self.path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        self.dirty = False
        try:
            dir_fd = os.open(folder, os.O_RDONLY)
        except OSError:
            return
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)

    def close(self) -> None:
        pass


class Store:
    """The user's games, opened for one command.

    Use :func:`open_store` as a context manager: it takes the lock, reads the file once, and
    writes it once at the end if anything changed (nothing is written when the command fails).
    """

    def __init__(self, db: TinyDB, path: Path) -> None:
        self.db = db
        self.path = path
        self._games = db.table("games", cache_size=0)
        self._meta = db.table("meta", cache_size=0)
        meta = self._meta.get(doc_id=1)
        if meta is None:
            self.meta: dict[str, Any] = {"schema": SCHEMA_VERSION, "current": None, "next_id": 1}
        else:
            self.meta = dict(meta)
        schema = self.meta.get("schema")
        if not isinstance(schema, int) or schema > SCHEMA_VERSION:
            raise DataFileError(
                f"the database {path} was written by a newer scorekeeper (schema {schema}); this"
                f" version reads schema {SCHEMA_VERSION}: upgrade scorekeeper"
            )

    def _save_meta(self) -> None:
        self._meta.upsert(Document(self.meta, doc_id=1))

    # -- games --------------------------------------------------------------------------------

    @property
    def current_id(self) -> int | None:
        return self.meta.get("current")

    def set_current(self, game_id: int | None) -> None:
        self.meta["current"] = game_id
        self._save_meta()

    def add(self, stored: StoredGame) -> int:
        """Store a new game under the next unused id, make it current, and return the id."""
        used = max((doc.doc_id for doc in self._games.all()), default=0)
        game_id = max(int(self.meta.get("next_id", 1)), used + 1)
        stored.id = game_id
        self._games.insert(Document(game_to_doc(stored), doc_id=game_id))
        self.meta["next_id"] = game_id + 1
        self.set_current(game_id)
        return game_id

    def save(self, stored: StoredGame) -> None:
        """Write back a changed game."""
        self._games.upsert(Document(game_to_doc(stored), doc_id=stored.id))

    def get(self, game_id: int) -> StoredGame:
        """The game with ``game_id``; NotFound when there is none."""
        doc = self._games.get(doc_id=game_id)
        if doc is None:
            raise NotFound(f"there is no game {game_id}; 'scorekeeper games' lists them")
        return self._load(game_id, doc)

    def _load(self, game_id: int, doc: dict[str, Any]) -> StoredGame:
        try:
            return game_from_doc(game_id, doc)
        except ScorekeeperError as err:
            raise DataFileError(f"game {game_id} in {self.path} cannot be used: {err}") from None
        except (KeyError, TypeError, ValueError) as err:
            raise DataFileError(f"game {game_id} in {self.path} is damaged ({err!r})") from None

    def current(self, game_id: int | None = None) -> StoredGame:
        """The game ``game_id``, or the current game; NotFound when there is none."""
        if game_id is not None:
            return self.get(game_id)
        if self.current_id is None:
            raise NotFound("no current game: start one with 'scorekeeper new VARIANT --team ...'")
        return self.get(self.current_id)

    def unfinished_ids(self) -> list[int]:
        """Ids of games with hands, not finished and not deleted, newest first (read from the
        stored documents without scoring them)."""
        docs = sorted(self._games.all(), key=lambda d: d.doc_id, reverse=True)
        return [
            d.doc_id
            for d in docs
            if d.get("hands") and not d.get("finished") and not d.get("deleted")
        ]

    def all(self) -> list[StoredGame]:
        """Every stored game, newest first."""
        docs = sorted(self._games.all(), key=lambda d: d.doc_id, reverse=True)
        return [self._load(d.doc_id, d) for d in docs]


@contextmanager
def open_store(path: Path | None = None, write: bool = False) -> Iterator[Store]:
    """Open the database at ``path`` (default :func:`default_path`) for one command.

    With ``write`` the inter-process lock is held until the block ends, and the file is written
    once if the block finishes without an error. Raises DatabaseBusy when another command holds
    the lock for longer than LOCK_TIMEOUT seconds, DataFileError for a file that cannot be used.
    """
    path = Path(path) if path is not None else default_path()
    if path.is_dir():
        raise DataFileError(f"the database path {path} is a folder; give a file with --db")
    from filelock import FileLock, Timeout

    lock = None
    if write:
        path.parent.mkdir(parents=True, exist_ok=True)
        lock = FileLock(str(path) + ".lock")
        try:
            lock.acquire(timeout=LOCK_TIMEOUT)
        except Timeout:
            raise DatabaseBusy(
                f"the database {path} is busy (another scorekeeper command is using it); try again"
            ) from None
    try:
        db = TinyDB(path, storage=AtomicJSONStorage)
        yield Store(db, path)
        if write:
            db.storage.commit()  # only reached when the command succeeded
    finally:
        if lock is not None:
            lock.release()

"""The TinyDB database of games: where it lives, how it is written, and what it holds.

Tables: ``games`` (one document per game, its doc id is the game id, ids never reused) and
``meta`` (one document: ``schema`` version, the ``migrations`` applied, ``current`` game id,
``next_id``); scorekeeper/storage/migrations.py keeps the schema's history.

Every write replaces the file atomically (temporary file in the same folder, flush, fsync,
rename, fsync of the folder) under an inter-process lock held across the command's
read-modify-write, so a crash, Ctrl-C or a second terminal never leaves a half-written or mixed
file. A file that cannot be read is never overwritten. Before each write the previous version is
kept in the backups folder beside the database (the last :data:`BACKUPS_KEPT`), and before a
migration a copy that is never rotated away.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from tinydb import TinyDB
from tinydb.storages import Storage
from tinydb.table import Document

from scorekeeper.errors import DatabaseBusy, DataFileError, NotFound, ScorekeeperError
from scorekeeper.storage import migrations
from scorekeeper.storage.codec import StoredGame, game_from_doc, game_to_doc

#: The schema version this scorekeeper writes (the number of migrations it knows).
SCHEMA_VERSION = migrations.schema_version()
LOCK_TIMEOUT = 10.0  # seconds a command waits for another one to finish
BACKUPS_KEPT = 10  # rotating backups: the versions before the last this many writes

_DOC_ID = re.compile(r"[0-9]{1,18}")


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


def backup_folder(path: Path) -> Path:
    """The folder beside the database that holds its backups: ``<file name>.backups``."""
    return path.with_name(path.name + ".backups")


def _damaged(path: Path, what: str) -> DataFileError:
    return DataFileError(
        f"the database {path} {what}; it was left untouched: restore a backup"
        f" ('scorekeeper backups --db {path}') or move the file away to start a new one"
    )


def read_database(path: Path) -> dict[str, dict[str, Any]] | None:
    """The tables of the database file at ``path`` as plain JSON data, checked.

    None for a missing or empty file (a new database). DataFileError naming the file for
    anything this version cannot use: not UTF-8 JSON (garbage, NUL bytes, a truncated write),
    not the structure of a scorekeeper database, or a schema newer than :data:`SCHEMA_VERSION`.
    """
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None
    except IsADirectoryError:
        raise DataFileError(
            f"the database path {path} is a folder; give a file with --db"
        ) from None
    except OSError as err:
        raise DataFileError(f"cannot read the database {path}: {err.strerror}") from None
    if not raw.strip():
        return None
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise _damaged(path, "is damaged (not complete JSON)") from None
    check_structure(path, data)
    return data


def check_structure(path: Path, data: Any) -> None:
    """DataFileError unless ``data`` has the shape of a scorekeeper database this version reads:
    tables of documents keyed by number, a ``meta`` document with an integer ``schema`` no newer
    than this version's, ``current`` and ``next_id`` numbers, and a table of ``games``."""
    not_ours = DataFileError(
        f"{path} is not a scorekeeper database; it was left untouched: choose another file"
        " with --db"
    )
    if not isinstance(data, dict) or not data:
        raise not_ours
    for table in data.values():
        if not isinstance(table, dict):
            raise not_ours
        for key, doc in table.items():
            if not _DOC_ID.fullmatch(key) or not isinstance(doc, dict):
                raise not_ours
    meta = data.get("meta", {}).get("1")
    if meta is None:
        raise not_ours
    schema = meta.get("schema")
    if type(schema) is not int or schema < 1:
        raise not_ours
    if schema > SCHEMA_VERSION:
        raise DataFileError(
            f"the database {path} was written by a newer scorekeeper (schema {schema}); this"
            f" version reads schema {SCHEMA_VERSION} and older: upgrade scorekeeper. The file"
            " was left untouched"
        )
    current, next_id = meta.get("current"), meta.get("next_id", 1)
    if (current is not None and type(current) is not int) or type(next_id) is not int:
        raise _damaged(path, "has a damaged 'meta' record")
    if "games" not in data and not migrations.pending(data):
        raise not_ours


def _fsync_folder(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _remove_stale_temporary_files(path: Path) -> None:
    """Temporary files a killed command left beside the database (only call under the lock)."""
    for stale in path.parent.glob(f".{path.name}.*.tmp"):
        stale.unlink(missing_ok=True)


def write_atomically(path: Path, content: bytes) -> None:
    """Replace ``path`` with ``content``: temporary file in the same folder, flush, fsync,
    rename over the file, fsync of the folder. The file keeps its permissions."""
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(content)
            handle.flush()
            os.fsync(handle.fileno())
        with suppress(OSError):  # a new database keeps mkstemp's owner-only permissions
            os.chmod(tmp, path.stat().st_mode & 0o7777)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    _fsync_folder(folder)


def encode(data: dict[str, dict[str, Any]]) -> bytes:
    """The bytes of a database file: compact UTF-8 JSON."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


# -- backups -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Backup:
    """One backup file: ``kind`` is ``write`` (the version before a write), ``migration`` (before
    a schema migration), ``restore`` (the version a restore replaced) or ``damaged`` (an
    unreadable database that a restore moved aside); ``taken`` is its UTC time (ISO 8601)."""

    path: Path
    kind: str
    taken: str


_BACKUP_NAME = re.compile(
    r"(?P<stamp>\d{8}T\d{6}\.\d{6}Z)(?:-(?P<kind>migration|restore|damaged))?.*\.json"
)


def _stamp() -> str:
    return datetime.now(UTC).strftime("%Y%m%dT%H%M%S.%fZ")


def _backup_target(path: Path, kind: str, note: str = "") -> Path:
    folder = backup_folder(path)
    folder.mkdir(parents=True, exist_ok=True)
    suffix = "" if kind == "write" else f"-{kind}{note}"
    target = folder / f"{_stamp()}{suffix}.json"
    while target.exists():  # two backups within a microsecond
        target = folder / f"{_stamp()}{suffix}.json"
    return target


def list_backups(path: Path) -> list[Backup]:
    """The backups of the database at ``path``, newest first."""
    folder = backup_folder(path)
    if not folder.is_dir():
        return []
    found = []
    for item in folder.iterdir():
        match = _BACKUP_NAME.fullmatch(item.name)
        if not match or not item.is_file():
            continue
        s = match["stamp"]
        taken = f"{s[0:4]}-{s[4:6]}-{s[6:8]}T{s[9:11]}:{s[11:13]}:{s[13:15]}+00:00"
        found.append((item.name, Backup(item, match["kind"] or "write", taken)))
    return [b for _, b in sorted(found, key=lambda pair: pair[0], reverse=True)]


def keep_backup(path: Path, kind: str = "write", note: str = "") -> Path | None:
    """Keep the current version of the database file in its backups folder (a hard link, as the
    file is only ever replaced, never changed in place; a copy where links are not possible),
    then drop the oldest ``write`` backups beyond :data:`BACKUPS_KEPT`. Returns the backup, or
    None when there is no file yet. Raises OSError when the copy cannot be made."""
    if not path.is_file() or path.stat().st_size == 0:
        return None
    target = _backup_target(path, kind, note)
    try:
        os.link(path, target)
    except OSError:
        shutil.copyfile(path, target)
    if kind == "write":
        rotating = [b for b in list_backups(path) if b.kind == "write"]
        for old in rotating[BACKUPS_KEPT:]:
            old.path.unlink(missing_ok=True)
    return target


def restore_backup(path: Path, backup: Path) -> Path | None:
    """Make the backup file ``backup`` the database at ``path``, under the lock.

    The backup must be a database this version can read (DataFileError otherwise, and nothing
    changes). The version it replaces is kept first: as a ``restore`` backup when it is
    readable, or moved aside as a ``damaged`` one when it is not, so a restore can itself be
    undone. Returns where the replaced version was kept (None when there was no file).
    """
    with _locked(path):
        content = backup.read_bytes()
        read_database(backup)  # refuses a damaged backup or one from a newer version
        try:
            read_database(path)
            kept = keep_backup(path, "restore")
        except DataFileError:
            kept = _backup_target(path, "damaged")
            os.replace(path, kept)
        write_atomically(path, content)
        return kept


# -- TinyDB storage ----------------------------------------------------------------------------


class AtomicJSONStorage(Storage):
    """A TinyDB storage that reads the file once per command and replaces it atomically.

    TinyDB's writes go to memory; :meth:`commit` writes the file once, at the end of a command
    that succeeded, after keeping the previous version as a rotating backup. An empty or missing
    file reads as a new database. Anything else that is not a database this version can use
    raises DataFileError naming the file (see :func:`read_database`); such a file is never
    written over.
    """

    def __init__(self, path: str | Path, data: dict[str, dict[str, Any]] | None = None) -> None:
        self.path = Path(path)
        self._data = data
        self._loaded = data is not None
        self.dirty = False

    def read(self) -> dict[str, dict[str, Any]] | None:
        if not self._loaded:
            self._data = read_database(self.path)
            self._loaded = True
        return self._data

    def write(self, data: dict[str, dict[str, Any]]) -> None:
        self._data = data
        self._loaded = True
        self.dirty = True

    def commit(self, backup: bool = True) -> None:
        """Write the database to its file if anything changed: keep the previous version as a
        rotating backup (best effort), then replace the file atomically. Call under the lock."""
        if not self.dirty or self._data is None:
            return
        content = encode(self._data)  # before touching any file: fails on unencodable text
        _remove_stale_temporary_files(self.path)
        if backup:
            # a backup that cannot be made must not stop the game being recorded
            with suppress(OSError):
                keep_backup(self.path)
        write_atomically(self.path, content)
        self.dirty = False

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
        self.meta: dict[str, Any] = dict(meta) if meta is not None else {}
        self.meta.setdefault("schema", SCHEMA_VERSION)
        self.meta.setdefault("current", None)
        self.meta.setdefault("next_id", 1)

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
        doc = self._games.get(doc_id=game_id) if 0 < game_id < 10**18 else None
        if doc is None:
            raise NotFound(f"there is no game {game_id}; 'scorekeeper games' lists them")
        return self._load(game_id, doc)

    def _load(self, game_id: int, doc: dict[str, Any]) -> StoredGame:
        try:
            return game_from_doc(game_id, doc)
        except ScorekeeperError as err:
            raise DataFileError(f"game {game_id} in {self.path} cannot be used: {err}") from None
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as err:
            raise DataFileError(
                f"game {game_id} in {self.path} is damaged ({type(err).__name__}: {err}); restore"
                f" a backup ('scorekeeper backups --db {self.path}')"
            ) from None

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
def _locked(path: Path) -> Iterator[None]:
    """Hold the database's inter-process lock (``<file>.lock``, from the filelock library);
    DatabaseBusy after LOCK_TIMEOUT seconds."""
    from filelock import FileLock, Timeout

    path.parent.mkdir(parents=True, exist_ok=True)
    lock = FileLock(str(path) + ".lock")
    try:
        lock.acquire(timeout=LOCK_TIMEOUT)
    except Timeout:
        raise DatabaseBusy(
            f"the database {path} is busy (another scorekeeper command is using it); try again"
        ) from None
    try:
        yield
    finally:
        lock.release()


def _migrate(path: Path, data: dict[str, dict[str, Any]] | None) -> dict[str, dict[str, Any]]:
    """Bring ``data`` (read under the lock) to the current schema. A file on disk is first kept
    as a ``migration`` backup, and the migrated file is written at once."""
    pending = migrations.pending(data)
    if not pending:
        return data  # type: ignore[return-value]
    context = migrations.MigrationContext(path, data if data is not None else {})
    if data is None:  # a new database: nothing to keep, nothing to write yet
        migrations.migrate(context)
        return context.data
    try:
        keep_backup(path, "migration", f"-to-schema-{SCHEMA_VERSION}")
    except OSError as err:
        raise DataFileError(
            f"cannot keep a backup of {path} before updating it to schema {SCHEMA_VERSION}"
            f" ({err.strerror or err}); nothing was changed"
        ) from None
    migrations.migrate(context)
    storage = AtomicJSONStorage(path, context.data)
    storage.dirty = True
    storage.commit(backup=False)
    return context.data


@contextmanager
def open_store(path: Path | None = None, write: bool = False) -> Iterator[Store]:
    """Open the database at ``path`` (default :func:`default_path`) for one command.

    With ``write`` the inter-process lock is held from the read until the block ends, and the
    file is written once if the block finishes without an error. A file of an older schema is
    migrated first (under the lock, after a backup). Raises DatabaseBusy when another command
    holds the lock for longer than LOCK_TIMEOUT seconds, DataFileError for a file that cannot
    be used (it is never written over).
    """
    path = Path(path) if path is not None else default_path()
    if path.is_dir():
        raise DataFileError(f"the database path {path} is a folder; give a file with --db")
    with _locked(path) if write else _unlocked():
        data = read_database(path)
        if migrations.pending(data) and data is not None and not write:
            with _locked(path):
                data = _migrate(path, read_database(path))
        else:
            data = _migrate(path, data)
        storage = AtomicJSONStorage(path, data)
        db = TinyDB(storage=lambda: storage)
        yield Store(db, path)
        if write:
            storage.commit()  # only reached when the command succeeded


@contextmanager
def _unlocked() -> Iterator[None]:
    yield

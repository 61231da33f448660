"""The TinyDB database of games: where it lives, how it is written, and what it holds.

The database file that ``--db`` names (``scorekeeper.json``) is the user's entry point. It holds
the ``meta`` table (one document: ``schema`` version, the ``migrations`` applied, ``current``
game id, ``next_id``). Each game lives in its own small TinyDB file in the folder beside it,
``<file>.games/<id>.json`` (a ``games`` table holding that one game, its doc id the game id), so
recording a hand or showing a game costs the same with one game kept or ten thousand.
``<file>.index.json`` is a cache of game summaries for ``games`` and ``stats``
(:mod:`scorekeeper.storage.index`), rebuilt from the game files whenever it is missing, damaged
or out of date. Game ids are never reused. scorekeeper/storage/migrations.py keeps the schema's
history (schema 1 kept every game in the database file itself).

Every write replaces a file atomically (temporary file in the database's folder, flush, fsync,
rename, fsync of the folder) under an inter-process lock held across the command's
read-modify-write, so a crash, Ctrl-C or a second terminal never leaves a half-written or mixed
file; a command writes each game file it changed, then the database file. A file that cannot be
read is never overwritten. Before each write the previous version of every file the command
changes is kept in one backup file in the backups folder beside the database (the last
:data:`BACKUPS_KEPT`), and before a migration a copy that is never rotated away.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from msgspec import Struct
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
_GAME_FILE = re.compile(r"([0-9]{1,18})\.json")

Tables = dict[str, dict[str, Any]]


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


def games_folder(path: Path) -> Path:
    """The folder beside the database that holds one file per game: ``<file name>.games``."""
    return path.with_name(path.name + ".games")


def game_file(path: Path, game_id: int) -> Path:
    """The file of game ``game_id`` of the database at ``path``."""
    return games_folder(path) / f"{game_id}.json"


def index_file(path: Path) -> Path:
    """The cache of game summaries beside the database: ``<file name>.index.json``."""
    return path.with_name(path.name + ".index.json")


def game_ids(path: Path) -> list[int]:
    """Ids of the game files of the database at ``path`` (unordered)."""
    try:
        names = os.listdir(games_folder(path))
    except (FileNotFoundError, NotADirectoryError):
        return []
    return [int(m[1]) for m in map(_GAME_FILE.fullmatch, names) if m]


def _damaged(path: Path, what: str, db: Path | None = None) -> DataFileError:
    db = db or path
    return DataFileError(
        f"the database {path} {what}; it was left untouched: restore a backup"
        f" ('scorekeeper backups --db {db}') or move the file away to start a new one"
    )


def _read_json(path: Path, db: Path | None = None) -> Any:
    """The JSON data of ``path``: None for a missing or empty file; DataFileError for a file
    that is not UTF-8 JSON (garbage, NUL bytes, a truncated write) or cannot be read."""
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
        return json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise _damaged(path, "is damaged (not complete JSON)", db) from None


def read_database(path: Path) -> Tables | None:
    """The tables of the database file at ``path`` as plain JSON data, checked.

    None for a missing or empty file (a new database). DataFileError naming the file for
    anything this version cannot use: not UTF-8 JSON (garbage, NUL bytes, a truncated write),
    not the structure of a scorekeeper database, or a schema newer than :data:`SCHEMA_VERSION`.
    """
    data = _read_json(path)
    if data is None:
        return None
    check_structure(path, data)
    return data


def _check_tables(data: Any) -> bool:
    """True when ``data`` is TinyDB's shape: tables of documents keyed by number."""
    if not isinstance(data, dict) or not data:
        return False
    for table in data.values():
        if not isinstance(table, dict):
            return False
        for key, doc in table.items():
            if not _DOC_ID.fullmatch(key) or not isinstance(doc, dict):
                return False
    return True


def check_structure(path: Path, data: Any) -> None:
    """DataFileError unless ``data`` has the shape of a scorekeeper database file this version
    reads: tables of documents keyed by number, a ``meta`` document with an integer ``schema``
    no newer than this version's, and ``current`` and ``next_id`` numbers. A file of schema 1
    also holds its ``games`` table."""
    not_ours = DataFileError(
        f"{path} is not a scorekeeper database; it was left untouched: choose another file"
        " with --db"
    )
    if not _check_tables(data):
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
    if schema == 1 and "games" not in data:
        raise not_ours


def read_game_file(db: Path, game_id: int, file: Path | None = None) -> dict[str, Any] | None:
    """The stored document of game ``game_id`` from its file (None when there is no file).

    DataFileError naming the file when it is not a game file of this database."""
    file = file or game_file(db, game_id)
    try:
        raw = file.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as err:
        raise DataFileError(f"cannot read the game file {file}: {err.strerror}") from None
    return parse_game_file(db, game_id, file, raw)


def parse_game_file(db: Path, game_id: int, file: Path, raw: bytes) -> dict[str, Any]:
    """The document of game ``game_id`` from the bytes of its file ``file``; DataFileError
    naming the file unless they are complete JSON holding a ``games`` table of that one game."""
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise _damaged(file, "is damaged (not complete JSON)", db) from None
    doc = data.get("games", {}).get(str(game_id)) if _check_tables(data) else None
    if doc is None or len(data) != 1 or len(data["games"]) != 1:
        raise _damaged(file, f"is not the file of game {game_id}", db)
    return doc


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
    """Temporary files a killed command left beside the database (only call under the lock).
    Every file of the database is written through a temporary file in the database's folder."""
    for stale in path.parent.glob(f".{path.name}.*.tmp"):
        stale.unlink(missing_ok=True)


def write_atomically(
    path: Path, content: bytes, durable: bool = True, temporary: tuple[Path, str] | None = None
) -> None:
    """Replace ``path`` with ``content``: temporary file (``temporary`` gives its folder, on the
    same file system, and name prefix; default the file's folder and ``.<name>.``), flush,
    fsync, rename over the file, fsync of the folder. The file keeps its permissions (with
    read and write for its owner, who wrote it).
    ``durable=False`` skips the fsyncs (for building throw-away databases in bulk)."""
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    temp_folder, prefix = temporary or (folder, f".{path.name}.")
    fd, tmp = tempfile.mkstemp(prefix=prefix, suffix=".tmp", dir=temp_folder)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(content)
            if durable:
                handle.flush()
                os.fsync(handle.fileno())
        with suppress(OSError):  # a new file keeps mkstemp's owner-only permissions
            # ... and the owner can always read and write what it wrote
            os.chmod(tmp, path.stat().st_mode & 0o7777 | 0o600)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    if durable:
        _fsync_folder(folder)


def encode(data: Tables) -> bytes:
    """The bytes of a database or game file: compact UTF-8 JSON."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def write_game_file(path: Path, game_id: int, doc: dict[str, Any], durable: bool = True) -> None:
    """Write game ``game_id``'s file of the database at ``path`` atomically (under the lock).
    The temporary file is made in the database's folder, so the stale ones a killed command
    leaves are found there without listing every game file."""
    write_game_content(path, game_id, encode({"games": {str(game_id): doc}}), durable)


def write_game_content(path: Path, game_id: int, content: bytes, durable: bool = True) -> None:
    """Write the encoded file of game ``game_id`` (see :func:`write_game_file`)."""
    folder = games_folder(path)
    if not folder.is_dir():
        folder.mkdir(parents=True, exist_ok=True)
    temporary = (path.parent, f".{path.name}.game-{game_id}.")
    write_atomically(game_file(path, game_id), content, durable, temporary)


# -- backups -----------------------------------------------------------------------------------


class Backup(Struct, frozen=True):
    """One backup file: ``kind`` is ``write`` (the versions before a write), ``migration``
    (before a schema migration), ``restore`` (the versions a restore replaced) or ``damaged``
    (an unreadable file that a restore moved aside); ``taken`` is its UTC time (ISO 8601).

    A backup is a database file holding the ``meta`` document and the games the change
    touched as they were before it, and in a ``created`` table the ids of games the change
    created (a restore removes them again, keeping them in its own backup)."""

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


def _rotate(path: Path) -> None:
    rotating = [b for b in list_backups(path) if b.kind == "write"]
    for old in rotating[BACKUPS_KEPT:]:
        old.path.unlink(missing_ok=True)


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
        _rotate(path)
    return target


def write_backup(path: Path, data: Tables, kind: str = "write") -> Path:
    """Keep ``data`` (the previous versions of what a change replaces) as a backup of the
    database at ``path``, then rotate the ``write`` backups. Raises OSError when it cannot."""
    target = _backup_target(path, kind)
    target.write_bytes(encode(data))
    if kind == "write":
        _rotate(path)
    return target


def read_backup(path: Path) -> Tables:
    """The tables of a backup file, checked: a ``meta`` document as a database file has it,
    and ``games`` (doc id = game id) and ``created`` tables. DataFileError otherwise."""
    data = read_database(path)
    if data is None:
        raise DataFileError(f"the backup {path} is empty")
    created = data.get("created", {}).get("1", {}).get("games", [])
    if not isinstance(created, list) or not all(type(i) is int for i in created):
        raise _damaged(path, "has a damaged 'created' record")
    return data


def restore_backup(path: Path, backup: Path) -> Path | None:
    """Put back the versions a backup holds, under the lock.

    The backup must be one this version can read (DataFileError otherwise, and nothing
    changes). What it replaces is kept first, as a ``restore`` backup, so a restore can itself
    be undone; a database file that cannot be read is moved aside as a ``damaged`` one. A
    backup of schema 1 (every game in one file) becomes the database file and is migrated on
    its next use. Returns where the replaced versions were kept (None when there were none).
    """
    with _locked(path):
        data = read_backup(backup)
        kept: Path | None = None
        try:
            current_meta = read_database(path)
        except DataFileError:
            current_meta = None
            kept = _backup_target(path, "damaged")
            os.replace(path, kept)
        if migrations.pending(data):  # a whole database of an older schema
            if current_meta is not None:
                kept = keep_backup(path, "restore")
            write_atomically(path, encode(data))
            return kept
        games = data.get("games", {})
        created = data.get("created", {}).get("1", {}).get("games", [])
        touched = sorted({int(i) for i in games} | set(created))
        replaced: Tables = {"games": {}}
        if current_meta is not None:
            replaced["meta"] = current_meta.get("meta", {})
        newly: list[int] = []
        for game_id in touched:
            try:
                doc = read_game_file(path, game_id)
            except DataFileError:
                doc = None
                aside = _backup_target(path, "damaged", f"-game-{game_id}")
                os.replace(game_file(path, game_id), aside)
            if doc is None:
                newly.append(game_id)
            else:
                replaced["games"][str(game_id)] = doc
        if newly:
            replaced["created"] = {"1": {"games": newly}}
        if current_meta is not None or replaced["games"]:
            if "meta" not in replaced:
                replaced["meta"] = data["meta"]
            kept = write_backup(path, replaced, "restore")
        _remove_stale_temporary_files(path)
        for key, doc in games.items():
            write_game_file(path, int(key), doc)
        for game_id in created:
            game_file(path, game_id).unlink(missing_ok=True)
        meta = dict(data["meta"]["1"])
        old = (current_meta or {}).get("meta", {}).get("1", {})
        used = max(game_ids(path), default=0)
        meta["next_id"] = max(int(meta.get("next_id", 1)), int(old.get("next_id", 1)), used + 1)
        if meta.get("current") is not None and not game_file(path, meta["current"]).exists():
            meta["current"] = None
        write_atomically(path, encode({"meta": {"1": meta}}))
        return kept


# -- TinyDB storage ----------------------------------------------------------------------------


class AtomicJSONStorage(Storage):
    """A TinyDB storage over data read once per command; the store writes the files.

    TinyDB's writes go to memory and mark the storage ``dirty``; :class:`Store` writes the
    files once, at the end of a command that succeeded.
    """

    def __init__(self, data: Tables | None = None) -> None:
        self._data = data
        self.dirty = False

    def read(self) -> Tables | None:
        return self._data

    def write(self, data: Tables) -> None:
        self._data = data
        self.dirty = True

    def close(self) -> None:
        pass


class Store:
    """The user's games, opened for one command.

    Use :func:`open_store` as a context manager: it takes the lock (for a command that writes),
    reads the database file once, reads each game file the command asks for once, and at the end
    writes the game files that changed and then the database file, if it changed (nothing is
    written when the command fails).
    """

    def __init__(
        self,
        path: Path,
        data: Tables | None,
        existed: bool = True,
        durable: bool = True,
        write: bool = False,
    ) -> None:
        self.path = path
        self.durable = durable
        self.writable = write
        self._existed = existed
        self._storage = AtomicJSONStorage(data)
        self.db = TinyDB(storage=lambda: self._storage)
        self._meta = self.db.table("meta", cache_size=0)
        meta = self._meta.get(doc_id=1)
        self.meta: dict[str, Any] = dict(meta) if meta is not None else {}
        self.meta.setdefault("schema", SCHEMA_VERSION)
        self.meta.setdefault("current", None)
        self.meta.setdefault("next_id", 1)
        self._meta_before = json.dumps(self.meta, sort_keys=True)
        self._read: dict[int, dict[str, Any] | None] = {}  # game docs as their files hold them
        self._changed: dict[int, dict[str, Any]] = {}
        self._used_ids: int | None = None
        self._stored: dict[int, StoredGame] = {}  # the games written, for the index in bulk
        # what each changed game counted in statistics before and counts after the change
        self._before: dict[int, Any] = {}
        self._after: dict[int, StoredGame] = {}

    def _save_meta(self) -> None:
        self._meta.upsert(Document(self.meta, doc_id=1))

    # -- games --------------------------------------------------------------------------------

    @property
    def current_id(self) -> int | None:
        return self.meta.get("current")

    def set_current(self, game_id: int | None) -> None:
        if self.meta.get("current") != game_id:
            self.meta["current"] = game_id
            self._save_meta()

    def add(self, stored: StoredGame) -> int:
        """Store a new game under the next unused id (never one a game file or an earlier game
        had), make it current, and return the id."""
        if self._used_ids is None:
            self._used_ids = max(game_ids(self.path), default=0)
        game_id = max(int(self.meta.get("next_id", 1)), self._used_ids + 1)
        stored.id = game_id
        self._used_ids = game_id
        self._changed[game_id] = game_to_doc(stored)
        if not self.durable:
            self._stored[game_id] = stored
        self._read[game_id] = None
        self._before[game_id] = None
        self._after[game_id] = stored
        self.meta["next_id"] = game_id + 1
        self._save_meta()
        self.set_current(game_id)
        return game_id

    def save(self, stored: StoredGame) -> None:
        """Write back a changed game."""
        if stored.id not in self._read:
            self._document(stored.id)
        self._changed[stored.id] = game_to_doc(stored)
        self._after[stored.id] = stored
        if not self.durable:
            self._stored[stored.id] = stored

    def _document(self, game_id: int) -> dict[str, Any] | None:
        if game_id in self._changed:
            return self._changed[game_id]
        if game_id not in self._read:
            doc = read_game_file(self.path, game_id) if 0 < game_id < 10**18 else None
            if doc is not None:  # through TinyDB, as the database's other tables
                table = TinyDB(storage=lambda: AtomicJSONStorage({"games": {str(game_id): doc}}))
                doc = dict(table.table("games", cache_size=0).get(doc_id=game_id) or {})
            self._read[game_id] = doc
        return self._read[game_id]

    def get(self, game_id: int) -> StoredGame:
        """The game with ``game_id``; NotFound when there is none."""
        doc = self._document(game_id)
        if doc is None and game_id == self.current_id:
            raise DataFileError(
                f"the current game's file {game_file(self.path, game_id)} is missing; restore a"
                f" backup ('scorekeeper backups --db {self.path}') or 'scorekeeper resume' another"
                " game"
            )
        if doc is None:
            raise NotFound(f"there is no game {game_id}; 'scorekeeper games' lists them")
        stored = load_game(self.path, game_id, doc)
        if self.writable and self.durable and game_id not in self._before:
            self._before[game_id] = _figures(stored)  # before the command changes it
        return stored

    def current(self, game_id: int | None = None) -> StoredGame:
        """The game ``game_id``, or the current game; NotFound when there is none."""
        if game_id is not None:
            return self.get(game_id)
        if self.current_id is None:
            raise NotFound("no current game: start one with 'scorekeeper new VARIANT --team ...'")
        return self.get(self.current_id)

    def summaries(self) -> list[Any]:
        """A :class:`~scorekeeper.storage.index.GameSummary` of every game, newest first, from
        the index (refreshed for the game files that changed since it was written)."""
        from scorekeeper.storage.index import summaries

        return summaries(self.path)

    def newest(self, count: int) -> tuple[list[Any], bool]:
        """The ``count`` newest games not deleted, as summaries, read from their own files;
        and whether older ones remain (:func:`scorekeeper.storage.index.newest`)."""
        from scorekeeper.storage.index import newest

        return newest(self.path, count)

    def lineup_records(self) -> dict[Any, Any]:
        """Statistics per line-up over the games not deleted
        (:func:`scorekeeper.storage.index.lineup_records`)."""
        from scorekeeper.storage.index import lineup_records

        return lineup_records(self.path)

    def unfinished_ids(self) -> list[int]:
        """Ids of games with hands, not finished and not deleted, newest first."""
        return [
            s.id for s in self.summaries() if s.hands_played and not s.finished and not s.deleted
        ]

    def all(self) -> list[StoredGame]:
        """Every stored game, newest first (reads every game file: ``summaries`` is cheaper)."""
        return [self.get(i) for i in sorted(game_ids(self.path), reverse=True)]

    # -- writing ------------------------------------------------------------------------------

    def commit(self) -> None:
        """Write what changed (call under the lock): keep the previous versions as one rotating
        backup (best effort), then write each changed game file, then the database file."""
        meta_changed = self._storage.dirty or json.dumps(self.meta, sort_keys=True) != (
            self._meta_before
        )
        if not self._changed and not meta_changed:
            return
        # encode everything before touching any file: fails on unencodable text
        games = {i: encode({"games": {str(i): doc}}) for i, doc in self._changed.items()}
        meta_content = encode({"meta": {"1": self.meta}})
        cached = None
        if self.durable and games:
            from scorekeeper.storage.index import lineups_before_change

            cached = lineups_before_change(self.path)
        _remove_stale_temporary_files(self.path)
        if self.durable:
            with suppress(OSError):  # a backup that cannot be made must not stop the game
                self._keep_previous()
        for game_id, content in games.items():
            write_game_content(self.path, game_id, content, self.durable)
        if meta_changed or not self._existed:
            write_atomically(self.path, meta_content, self.durable)
        if not self.durable:
            from scorekeeper.storage.index import record

            record(self.path, self._stored.values())
            self._stored.clear()
        if cached is not None:
            from scorekeeper.storage.index import drop_lineups, update_lineups

            try:
                changes = [(self._figures_before(i), _figures(self._after.get(i))) for i in games]
                update_lineups(self.path, cached[1], changes)
            except Exception:  # a cache: the games are written; it is counted again instead
                drop_lineups(self.path)
        self._changed.clear()

    def _figures_before(self, game_id: int) -> Any:
        """What game ``game_id`` counted in statistics before this command changed it."""
        if game_id not in self._before:
            doc = self._read.get(game_id)
            self._before[game_id] = (
                None if doc is None else _figures(load_game(self.path, game_id, doc))
            )
        return self._before[game_id]

    def _keep_previous(self) -> None:
        previous = {i: self._read.get(i) for i in self._changed}
        if not self._existed and all(doc is None for doc in previous.values()):
            return  # nothing existed before this change
        data: Tables = {
            "meta": {"1": json.loads(self._meta_before)},
            "games": {str(i): doc for i, doc in previous.items() if doc is not None},
        }
        created = [i for i, doc in previous.items() if doc is None]
        if created:
            data["created"] = {"1": {"games": created}}
        write_backup(self.path, data)


def _figures(stored: StoredGame | None) -> Any:
    """What a stored game counts in statistics: its GameFigures; None for no game or a deleted
    one (statistics leave deleted games out)."""
    if stored is None or stored.deleted:
        return None
    from scorekeeper.domain.stats import game_figures

    return game_figures(stored.game)


def load_game(path: Path, game_id: int, doc: dict[str, Any]) -> StoredGame:
    """A stored game from its document, every hand scored once; DataFileError naming the game's
    file when it cannot be used (a hand its own rules refuse, a missing or mistyped key)."""
    where = game_file(path, game_id)
    try:
        stored = game_from_doc(game_id, doc)
        stored.game.results  # noqa: B018 - scores every stored hand, so damage shows here
        return stored
    except ScorekeeperError as err:
        raise DataFileError(f"game {game_id} ({where}) cannot be used: {err}") from None
    except (KeyError, TypeError, ValueError, AttributeError, IndexError, OverflowError) as err:
        what = (
            f"'{err.args[0]}' is missing"
            if isinstance(err, KeyError)
            else "a value is of the wrong kind"
        )
        raise DataFileError(
            f"game {game_id} ({where}) is damaged ({what}); restore a backup"
            f" ('scorekeeper backups --db {path}')"
        ) from None


@contextmanager
def _locked(path: Path) -> Iterator[None]:
    """Hold the database's inter-process lock (``<file>.lock``); DatabaseBusy after
    LOCK_TIMEOUT seconds. On POSIX systems an ``flock`` from the standard library (the lock
    filelock takes there too, without its import cost); elsewhere the filelock library."""
    path.parent.mkdir(parents=True, exist_ok=True)
    lock_path = str(path) + ".lock"
    busy = DatabaseBusy(
        f"the database {path} is busy (another scorekeeper command is using it); try again"
    )
    try:
        import fcntl
    except ImportError:  # Windows
        from filelock import FileLock, Timeout

        lock = FileLock(lock_path)
        try:
            lock.acquire(timeout=LOCK_TIMEOUT)
        except Timeout:
            raise busy from None
        try:
            yield
        finally:
            lock.release()
        return
    import time

    fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        deadline = time.monotonic() + LOCK_TIMEOUT
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    raise busy from None
                time.sleep(0.02)
        try:
            yield
        finally:
            fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)


def _migrate(path: Path, data: Tables | None) -> Tables:
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
    _remove_stale_temporary_files(path)
    write_atomically(path, encode(context.data))
    return context.data


@contextmanager
def open_store(
    path: Path | None = None, write: bool = False, durable: bool = True
) -> Iterator[Store]:
    """Open the database at ``path`` (default :func:`default_path`) for one command.

    With ``write`` the inter-process lock is held from the read until the block ends, and the
    changed files are written once if the block finishes without an error. A file of an older
    schema is migrated first (under the lock, after a backup). ``durable=False`` (building
    throw-away databases in bulk) skips the fsyncs and backups and records the games written
    in the index. Raises DatabaseBusy when another command holds the lock for longer than
    LOCK_TIMEOUT seconds, DataFileError for a file that cannot be used (it is never written
    over).
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
        existed = data is not None and path.is_file()
        store = Store(path, data, existed, durable, write)
        yield store
        if write:
            store.commit()  # only reached when the command succeeded


@contextmanager
def _unlocked() -> Iterator[None]:
    yield

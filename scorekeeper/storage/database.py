"""The TinyDB database of games: where it lives, how it is written, and what it holds.

The database file that ``--db`` names (``scorekeeper.json``) is the user's entry point. It holds
the ``meta`` table (one document: ``schema`` version, the ``migrations`` applied, ``current``
game id, ``next_id``). Each game lives in its own small TinyDB file in the folder beside it,
``<file>.games/<id>.json`` (a ``games`` table holding that one game, its doc id the game id), so
recording a hand or showing a game costs the same with one game kept or ten thousand.
Game ids are never reused. scorekeeper/storage/migrations.py keeps the schema's history
(schema 1 kept every game in the database file itself), scorekeeper/storage/files.py the file
layout and the atomic writes, scorekeeper/storage/backups.py the backup files. The caches
beside the database (the summaries index and the statistics cache) are fed by the application
layer's write step, not by this module.

Every write replaces a file atomically (temporary file in the database's folder, flush, fsync,
rename, fsync of the folder) under an inter-process lock held across the command's
read-modify-write, so a crash, Ctrl-C or a second terminal never leaves a half-written or mixed
file; a command writes each game file it changed, then the database file. A file that cannot be
read is never overwritten. Before each write the previous version of every file the command
changes is kept in one backup file in the backups folder beside the database (the last
:data:`BACKUPS_KEPT`), and before a migration a copy that is never rotated away.
"""

from __future__ import annotations

import errno
import json
import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scorekeeper import progress
from scorekeeper.domain.bounds import MAX_GAME_BYTES, check_game_size, check_hands, quoted
from scorekeeper.errors import (
    DATABASE_INSIDE_A_FILE,
    DATABASE_IS_A_FOLDER,
    DatabaseBusy,
    DataFileError,
    InputError,
    NotFound,
    os_reason,
    refused_file,
)
from scorekeeper.i18n import gettext as _
from scorekeeper.i18n import number, unlabelled
from scorekeeper.storage import backups, migrations
from scorekeeper.storage.backups import (
    backup_target,
    keep_backup,
    list_backups,
    rotate_backups,
    write_backup,
)
from scorekeeper.storage.files import (
    BACKUP_LIMIT,
    NotPlain,
    Tables,
    backup_folder,
    change_files,
    check_folders_take,
    check_lock,
    check_own_names,
    check_tables,
    complete_pending,
    damaged,
    default_path,
    encode,
    game_file,
    game_ids,
    games_folder,
    hold_lock,
    journal_file,
    lock_names,
    put_backups_in_place,
    read_game_file,
    read_json,
    read_plain,
    refuse_database_in_backups,
    refuse_game_database,
    remove_stale_temporary_files,
    write_atomically,
    write_failed,
    write_game_file,
)

if TYPE_CHECKING:
    from scorekeeper.domain.records import StoredGame

#: The schema version this scorekeeper writes (the number of migrations it knows).
SCHEMA_VERSION = migrations.schema_version()
#: The largest game id (far more games than anyone plays; its file name stays short).
MAX_GAME_ID = 10**9
LOCK_TIMEOUT = 10.0  # seconds a command waits for another one to finish
BACKUPS_KEPT = backups.BACKUPS_KEPT  # rotating backups: the versions before the last this many

#: What this module gives besides its own: the file layout and backups it writes through.
__all__ = [
    "SCHEMA_VERSION",
    "AtomicJSONStorage",
    "Store",
    "check_structure",
    "default_path",
    "game_file",
    "game_ids",
    "games_folder",
    "list_backups",
    "open_store",
    "read_backup",
    "read_database",
    "read_game_file",
    "restore_backup",
    "write_game_file",
]


def read_database(path: Path, db: Path | None = None, backup: bool = False) -> Tables | None:
    """The tables of the database file at ``path`` as plain JSON data, checked.

    None for a missing or empty file (a new database). DataFileError naming the file for
    anything this version cannot use: not UTF-8 JSON (garbage, NUL bytes, a truncated write),
    not the structure of a scorekeeper database, or a schema newer than :data:`SCHEMA_VERSION`.
    ``backup``: the file is a backup (of ``db``), which may hold games whatever its schema.
    """
    data = read_json(path, db, BACKUP_LIMIT)  # a schema-1 file holds every game, as a backup
    if data is None:
        return None
    check_structure(path, data, db, backup)
    return data


def check_structure(path: Path, data: Any, db: Path | None = None, backup: bool = False) -> None:
    """DataFileError unless ``data`` has the shape of a scorekeeper database file this version
    reads: tables of documents keyed by number, a ``meta`` document with an integer ``schema``
    no newer than this version's, and ``current`` and ``next_id`` numbers, and the migrations
    it lists (if it does) the first ``schema`` ones. A file of schema 1 also holds its ``games``
    table and no ``created`` one; a database file (not a ``backup``, nor a file of ``db``
    other than ``db`` itself) of a later schema holds no game."""
    not_ours = DataFileError(
        _(
            "{path} is not a scorekeeper database; it was left untouched: choose another file"
            " with --db"
        ).format(path=path)
    )
    if db is not None and path != db:  # a backup of the database ``db``
        not_ours = damaged(path, _("is not a scorekeeper backup"), db)
    if not check_tables(data):
        raise not_ours
    meta = data.get("meta", {}).get("1")
    if meta is None:
        raise not_ours
    schema = meta.get("schema")
    if type(schema) is not int or schema < 1:
        raise not_ours
    if schema > SCHEMA_VERSION:
        raise DataFileError(
            _(
                "the database {path} was written by a newer scorekeeper (schema {schema}); this"
                " version reads schema {version} and older: upgrade scorekeeper. The file was"
                " left untouched"
            ).format(path=path, schema=schema, version=SCHEMA_VERSION)
        )
    names = meta.get("migrations")
    if names is not None and names != [fn.__name__ for fn in migrations.MIGRATIONS[:schema]]:
        # the schema it claims and the migrations it lists must agree: a file believed to be
        # of the wrong schema would be read (or migrated, or restored) as what it is not
        raise damaged(
            path,
            _("has a damaged 'meta' record (its schema and its migrations disagree)"),
            db,
        )
    current, next_id = meta.get("current"), meta.get("next_id", 1)
    if (current is not None and type(current) is not int) or type(next_id) is not int:
        raise damaged(path, _("has a damaged 'meta' record"), db)
    # a next id past the largest says every id was given (the next new game is refused)
    next_ok = 0 < next_id <= MAX_GAME_ID + 1
    if not next_ok or (current is not None and not 0 < current <= MAX_GAME_ID):
        raise damaged(
            path,
            _("has a damaged 'meta' record (game ids go up to {n})").format(n=number(MAX_GAME_ID)),
            db,
        )
    if schema == 1 and "games" not in data:
        raise not_ours
    database = not backup and (db is None or path == db)  # the file itself, not a backup
    # a "created" table is held only by backups of schema 2 and later, and from schema 2 on the
    # database file holds no game (a games table there would be ignored, and dropped)
    if (schema == 1 and "created" in data) or (schema > 1 and database and data.get("games")):
        raise damaged(
            path, _("has a damaged 'meta' record (its schema and its tables disagree)"), db
        )
    for key in data.get("games", {}):
        check_game_key(path, key, db)


def check_game_key(path: Path, key: str, db: Path | None = None) -> int:
    """The game id a ``games`` table's key ``key`` in the file ``path`` gives: DataFileError
    unless it is a number from 1 to :data:`MAX_GAME_ID` written as a game file's name writes it
    (no leading zero)."""
    game_id = int(key) if key.isascii() and key.isdigit() else 0
    if str(game_id) != key or not 0 < game_id <= MAX_GAME_ID:
        raise damaged(
            path,
            _("holds a game numbered '{key}' (game ids go from 1 to {n})").format(
                key=key, n=number(MAX_GAME_ID)
            ),
            db,
        )
    return game_id


def read_backup(path: Path, db: Path | None = None) -> Tables:
    """The tables of a backup file, checked: a ``meta`` document as a database file has it,
    and ``games`` (doc id = game id) and ``created`` tables, no game in both. DataFileError
    otherwise; NotFound for a backup no longer there (another command's rotation removed it
    after it was chosen)."""
    data = read_database(path, db, backup=True)
    if data is None and not os.path.lexists(path):  # rotated away since it was listed
        raise NotFound(
            _(
                "the backup {path} was removed by another command meanwhile (the oldest make"
                " way for new ones); nothing was changed: list the backups again ('scorekeeper"
                " backups')"
            ).format(path=path)
        )
    if data is None:
        raise DataFileError(_("the backup {path} is empty").format(path=path))
    created = data.get("created", {}).get("1", {}).get("games", [])
    if not isinstance(created, list) or not all(
        type(i) is int and 0 < i <= MAX_GAME_ID for i in created
    ):
        raise damaged(path, _("has a damaged 'created' record"), db)
    held = data.get("games", {})
    if any(str(i) in held for i in created):  # a game both kept as it was and made by the change
        raise damaged(path, _("has a damaged 'created' record"), db)
    return data


def check_games(file: Path, db: Path, games: dict[str, Any]) -> None:
    """DataFileError naming ``file`` (a backup, or a database of an older schema) unless each
    of its ``games`` (key: game id) is a game this version can use and keep: numbered as a
    game file is, within the bounds of every input (README, "bounds"), every hand scored and
    every total within them. A restore or a migration puts back nothing that would stop the
    next command, or that could not be exported and imported again."""
    from scorekeeper.domain.bounds import check_data
    from scorekeeper.domain.limits import MAX_TEXT
    from scorekeeper.storage.codec import (  # the rules engine: only here
        check_incoming_rules,
        check_names,
        load_game,
    )

    for key, doc in games.items():
        game_id = check_game_key(file, key, db)
        refusal = damaged(file, _("holds a game {id} that cannot be used").format(id=game_id), db)
        # the bounds a game is held to however it comes in, checked before it is scored
        hands = [doc.get(k) for k in ("hands", "redo")] if isinstance(doc, dict) else []
        try:
            for held in hands:
                check_hands(len(held) if isinstance(held, list) else 0, "", DataFileError)
            check_game_size(len(encode({"games": {key: doc}})), "", DataFileError)
        except DataFileError as err:
            what = unlabelled(str(err), "")
            raise damaged(
                file,
                _("holds a game {id} beyond the bounds ({what})").format(id=game_id, what=what),
                db,
            ) from None
        try:
            check_data(doc, str(file), DataFileError)
            stored = load_game(db, game_id, doc)
            stored.game.check_bounds()  # every hand score and running total, as import's
        except (DataFileError, InputError):
            raise refusal from None
        try:  # the names as typed ones are held (length, control and separator characters)
            check_names([n for s in stored.game.sides for n in (s.name, *s.players)], DataFileError)
            check_incoming_rules(stored.game.variant)  # its rules as a variant file's
        except DataFileError as err:
            raise damaged(
                file,
                _("holds a game {id} beyond the bounds ({what})").format(id=game_id, what=err),
                db,
            ) from None
        if len(str(doc.get("label", ""))) > MAX_TEXT:
            raise refusal


def restore_backup(path: Path, backup: Path) -> Path | None:
    """Put back the versions a backup holds, under the lock.

    The backup must be one this version can read (DataFileError otherwise, and nothing
    changes). What it replaces is kept first, as a ``restore`` backup holding every file the
    restore replaces or removes (so a restore can itself be undone), and an unreadable file it
    replaces is copied aside as a ``damaged`` one. A backup of schema 1 (every game in one
    file) is migrated as it is put back: its games become the game files, and a game it does
    not hold is removed. The change is one journal (:func:`files.change_files`): a kill at any
    step leaves the database as it was or as the backup holds it, once the next command ran.
    Returns where the replaced versions were kept (None when there were none).
    """
    check_database_path(path)
    check_own_names(path)
    refuse_database_in_backups(path)
    with _locked(path):
        _complete_pending(path)
        data = checked_backup(backup, path)  # before anything is kept aside or changed
        kept: Path | None = None
        try:
            current_meta = read_database(path)
        except DataFileError:
            current_meta = None
            kept = _copy_aside(path, backup_target(path, "damaged"))
        if migrations.pending(current_meta) and current_meta is not None:
            # a database of an older schema is updated first (its games become game files,
            # kept in its "before a schema update" backup), so what the restore replaces is
            # in the backup it keeps; one whose games folder holds other files of its games
            # is refused as every command refuses it (readable, it is no damaged file)
            _refuse_replacing_games(path, current_meta.get("games", {}))
            try:
                current_meta = _migrate(path, current_meta)
            except DataFileError:  # one it cannot update (a game beyond the bounds): kept aside
                current_meta = None
                kept = _copy_aside(path, backup_target(path, "damaged"))
        existing = set(game_ids(path))
        games, new_meta = backup_games(path, data)
        if migrations.pending(data):  # a whole database of an older schema: a game made
            created = sorted(existing - {int(key) for key in games})  # after it goes away
        else:
            created = data.get("created", {}).get("1", {}).get("games", [])
        touched = sorted({int(i) for i in games} | set(created))
        replaced: Tables = {"games": {}}
        if current_meta is not None:
            replaced["meta"] = current_meta.get("meta", {})
        newly: list[int] = []
        aside: list[Path] = []  # the unreadable game files copied aside
        for game_id in touched:
            try:
                doc = read_game_file(path, game_id)
            except DataFileError:
                doc = None
                aside.append(
                    _copy_aside(
                        game_file(path, game_id),
                        backup_target(path, "damaged", f"-game-{game_id}"),
                    )
                )
            if doc is None:
                if str(game_id) in games:
                    newly.append(game_id)
            else:
                replaced["games"][str(game_id)] = doc
        if newly:
            replaced["created"] = {"1": {"games": newly}}
        old = (current_meta or {}).get("meta", {}).get("1", {})
        after = (existing | {int(i) for i in games}) - set(created)
        new_meta["next_id"] = max(
            int(new_meta.get("next_id", 1)),
            int(old.get("next_id", 1)),
            max(existing | after, default=0) + 1,
        )
        current = new_meta.get("current")
        if current is not None and (current not in after or _deleted(path, current, games)):
            new_meta["current"] = None  # the current game is one the database holds, not deleted
        try:  # what the backup claims is checked as a whole: the next command reads the result
            check_structure(path, {"meta": {"1": new_meta}})
        except DataFileError:
            raise damaged(
                backup, _("holds a 'meta' record this version cannot restore"), path
            ) from None
        writes = [
            (game_file(path, int(key)), encode({"games": {key: doc}})) for key, doc in games.items()
        ]
        writes.append((path, encode({"meta": {"1": new_meta}})))
        removals = [game_file(path, game_id) for game_id in created if game_id in existing]
        remove_stale_temporary_files(path)
        kept_box: list[Path] = []
        fresh: list[Path] = []

        def keep() -> list[Path]:
            if current_meta is not None or replaced["games"]:
                if "meta" not in replaced:
                    replaced["meta"] = data["meta"]
                try:
                    kept_box.append(write_backup(path, replaced, "restore", fresh=fresh))
                except OSError as err:
                    raise DataFileError(
                        _(
                            "cannot keep a backup of what the restore replaces ({error});"
                            " nothing was changed"
                        ).format(error=os_reason(err))
                    ) from None
            return kept_box + aside  # every file the restore removes is in one of them

        # the statistics per line-up are counted again when next asked: dropped before the
        # commit point (a kill after it leaves none to trust), as a restore replaces games
        # wholesale and a folder changed within one tick of a coarse clock may keep its look
        from scorekeeper.storage.statistics import drop_lineups

        drop_lineups(path)
        change_files(path, writes, removals, keep=keep, fresh=fresh)
        drop_lineups(path)  # one a reader counted meanwhile from the games before
        return kept_box[0] if kept_box else kept


def backup_games(path: Path, data: Tables) -> tuple[dict[str, Any], dict[str, Any]]:
    """The games a backup ``data`` of the database ``path`` puts back (by key) and the
    ``meta`` record it holds: a schema-1 backup's (every game in one file) migrated as a
    restore migrates it, in memory."""
    if not migrations.pending(data):
        return data.get("games", {}), dict(data["meta"]["1"])
    collected: dict[int, dict[str, Any]] = {}
    context = migrations.MigrationContext(
        path,
        json.loads(json.dumps(data)),
        write_game=lambda game_id, doc: collected.__setitem__(game_id, doc),
    )
    migrations.migrate(context)
    return {str(i): doc for i, doc in collected.items()}, dict(context.data["meta"]["1"])


def checked_backup(backup: Path, db: Path) -> Tables:
    """The tables of ``backup`` (:func:`read_backup`) once every game it puts back is one this
    version can use and keep (:func:`check_games`): what ``backups`` lists as readable is what
    ``backups restore`` puts back (DataFileError naming the backup otherwise; NotFound for one
    rotated away meanwhile)."""
    data = read_backup(backup, db)
    check_games(backup, db, backup_games(db, data)[0])
    return data


def _deleted(path: Path, game_id: int, games: dict[str, Any]) -> bool:
    """Whether game ``game_id`` is deleted once a restore puts back ``games`` (the backup's
    games by key; a game it does not hold stays as its file holds it)."""
    doc = games.get(str(game_id))
    if doc is None:
        try:
            doc = read_game_file(path, game_id)
        except DataFileError:
            return False  # the restore replaces no such file; the next command names it
    return bool(doc and doc.get("deleted"))


def _copy_aside(source: Path, target: Path) -> Path:
    """Copy an unreadable file into the backups folder (the change that follows replaces it),
    synced and put in place as every backup is (owner-only permissions). DataFileError naming
    ``source`` when it is no plain file of at most BACKUP_LIMIT bytes (a pipe, a device, a
    link: never read, so the change is refused rather than made without its copy)."""
    try:
        content = read_plain(source, BACKUP_LIMIT)
    except NotPlain:  # a restore's own advice, never "restore a backup"
        raise DataFileError(
            _(
                "{path} is not a plain file of at most {most} bytes (a folder, a link, a pipe),"
                " of which the restore cannot keep a copy before replacing it; nothing was"
                " changed: move it away, then restore again"
            ).format(path=source, most=number(BACKUP_LIMIT))
        ) from None
    except OSError as err:
        raise write_failed(source, err) from None
    progress.file_change("backup", target)
    write_atomically(target, content)
    return target


# -- TinyDB storage ----------------------------------------------------------------------------


class AtomicJSONStorage:
    """A TinyDB storage (read, write, close) over data read once per command; the store writes
    the files. TinyDB is imported only by a store that changes its tables, so a command that
    only reads never loads it.

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
    """The user's games in TinyDB files, opened for one command (the backend behind
    :class:`scorekeeper.storage.store.GameStore`).

    Use :func:`open_store` as a context manager: it takes the lock (for a command that writes),
    reads the database file once, reads each game file the command asks for once, and at the end
    writes the game files that changed and then the database file, if it changed (nothing is
    written when the command fails). :meth:`commit` writes them earlier, still under the lock,
    so that the caches beside the database can be brought up to date before it is released.
    """

    def __init__(
        self,
        path: Path,
        data: Tables | None,
        existed: bool = True,
        durable: bool = True,
    ) -> None:
        self.path = path
        self.durable = durable
        self._existed = existed
        self._fresh: list[Path] = []  # the backups this change wrote (files.change_files)
        self._unkept: str | None = None  # why no backup of this change could be kept
        self._storage = AtomicJSONStorage(data)
        self._db: Any = None
        meta = (data or {}).get("meta", {}).get("1")  # as TinyDB's meta table gives it
        self.meta: dict[str, Any] = dict(meta) if meta is not None else {}
        self.meta.setdefault("schema", SCHEMA_VERSION)
        self.meta.setdefault("current", None)
        self.meta.setdefault("next_id", 1)
        self._meta_before = json.dumps(self.meta, sort_keys=True)
        self._read: dict[int, dict[str, Any] | None] = {}  # game docs as their files hold them
        self._changed: dict[int, dict[str, Any]] = {}
        self._used_ids: int | None = None

    @property
    def db(self) -> Any:
        """The TinyDB database over the tables read (made, and TinyDB imported, on first use)."""
        if self._db is None:
            from tinydb import TinyDB

            self._db = TinyDB(storage=lambda: self._storage)
        return self._db

    def _save_meta(self) -> None:
        from tinydb.table import Document

        self.db.table("meta", cache_size=0).upsert(Document(self.meta, doc_id=1))

    # -- games --------------------------------------------------------------------------------

    @property
    def current_id(self) -> int | None:
        """The current game's id; None when there is none."""
        return self.meta.get("current")

    def set_current(self, game_id: int | None) -> None:
        """Make game ``game_id`` the current game (None: no current game)."""
        if self.meta.get("current") != game_id:
            self.meta["current"] = game_id
            self._save_meta()

    def add(self, stored: StoredGame) -> int:
        """Store a new game under the next unused id (never one a game file or an earlier game
        had), make it current, and return the id."""
        from scorekeeper.storage.codec import game_to_doc

        if self._used_ids is None:
            self._used_ids = max(game_ids(self.path, refuse_databases=True), default=0)
        game_id = max(int(self.meta.get("next_id", 1)), self._used_ids + 1)
        if game_id > MAX_GAME_ID:  # ids are never reused: no new game can be numbered
            raise InputError(
                _(
                    "every game id up to {n} has been given; nothing was stored (ids are never"
                    " reused: start a new database with --db)"
                ).format(n=number(MAX_GAME_ID))
            )
        stored.id = game_id
        self._used_ids = game_id
        self._changed[game_id] = game_to_doc(stored)
        self._read[game_id] = None
        self.meta["next_id"] = game_id + 1
        self._save_meta()
        self.set_current(game_id)
        return game_id

    def save(self, stored: StoredGame) -> None:
        """Write back a changed game."""
        from scorekeeper.storage.codec import game_to_doc

        if stored.id not in self._read:
            self._document(stored.id)
        self._changed[stored.id] = game_to_doc(stored)

    def _document(self, game_id: int) -> dict[str, Any] | None:
        if game_id in self._changed:
            return self._changed[game_id]
        return self._stored_document(game_id)

    def _stored_document(self, game_id: int) -> dict[str, Any] | None:
        """Game ``game_id``'s document as its file holds it (read once; None for no file)."""
        if game_id not in self._read:
            doc = read_game_file(self.path, game_id) if 0 < game_id < 10**18 else None
            if doc is not None:  # a copy, as TinyDB's table of the one game gives it
                doc = dict(doc)
            self._read[game_id] = doc
        return self._read[game_id]

    def fingerprint(self, game_id: int) -> str:
        """A digest of game ``game_id``'s document as stored when this command read it (its
        file's content, whatever the command changed since): two reads give the same digest
        exactly when the stored game is the same. "" when there is no such game."""
        doc = self._stored_document(game_id)
        if doc is None:
            return ""
        import hashlib  # only a command that changes a game after asking needs it

        text = json.dumps(doc, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
        return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()

    def get(self, game_id: int) -> StoredGame:
        """The game with ``game_id``; NotFound when there is none."""
        from scorekeeper.storage.codec import load_game  # the rules engine: only to read a game

        doc = self._document(game_id)
        if doc is None and game_id == self.current_id:
            raise DataFileError(
                _(
                    "the current game's file {file} is missing; restore a backup"
                    " ('scorekeeper backups --db {path}') or 'scorekeeper resume' another game"
                ).format(file=game_file(self.path, game_id), path=self.path)
            )
        if doc is None:
            raise NotFound(
                _("there is no game {id}; 'scorekeeper games' lists them").format(
                    id=quoted(game_id)  # a number typed with hundreds of digits: "(huge)"
                )
            )
        return load_game(self.path, game_id, doc)

    def current(self, game_id: int | None = None) -> StoredGame:
        """The game ``game_id``, or the current game; NotFound when there is none."""
        if game_id is not None:
            return self.get(game_id)
        if self.current_id is None:
            raise NotFound(
                _("no current game: start one with 'scorekeeper new VARIANT --team ...'")
            )
        return self.get(self.current_id)

    def summaries(self) -> list[Any]:
        """A :class:`~scorekeeper.storage.index.GameSummary` of every game, newest first, from
        the index (refreshed for the game files that changed since it was written)."""
        from scorekeeper.storage.index import summaries

        return summaries(self.path, self.next_game_id())

    def listing(self, keep: Any = None) -> Iterator[Any]:
        """The games whose summary ``keep`` accepts, newest first, one at a time, decoded only
        as far as ``games`` shows them (:func:`scorekeeper.storage.index.listing`)."""
        from scorekeeper.storage.index import listing

        return listing(self.path, keep, self.next_game_id())

    def newest(self, count: int) -> tuple[list[Any], bool]:
        """The ``count`` newest games not deleted, as summaries; and whether older ones
        remain (:func:`scorekeeper.storage.index.newest`: ids counted down from the next game
        id, never a listing of the games folder)."""
        from scorekeeper.storage.index import newest

        return newest(self.path, count, next_id=self.next_game_id())

    def next_game_id(self) -> int:
        """The id the next game will be given: every game's id lies below it (the database
        file's ``next_id``, past the current game's id)."""
        return max(int(self.meta.get("next_id") or 1), int(self.current_id or 0) + 1)

    def lineup_records(self) -> dict[Any, Any]:
        """Statistics per line-up over the games not deleted
        (:func:`scorekeeper.storage.statistics.lineup_records`)."""
        from scorekeeper.storage.statistics import lineup_records

        return lineup_records(self.path, self.next_game_id())

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
        """Write what changed (call under the lock) as one change
        (:func:`files.change_files`): each changed game file, then the database file; the
        previous versions are kept as one rotating backup once the writes are known possible
        (best effort: a warning says when it could not be kept)."""
        meta_changed = self._storage.dirty or json.dumps(self.meta, sort_keys=True) != (
            self._meta_before
        )
        if not self._changed and not meta_changed:
            return
        # encode everything before touching any file: fails on unencodable text
        writes = [
            (game_file(self.path, i), encode({"games": {str(i): doc}}))
            for i, doc in self._changed.items()
        ]
        for (file, content), game_id in zip(writes, self._changed, strict=True):
            refuse_game_database(self.path, file)  # another database's file: never written
            if len(content) > MAX_GAME_BYTES and self._grows(game_id, len(content)):
                check_game_size(len(content), _("game {id}").format(id=game_id))
        if meta_changed or not self._existed:
            writes.append((self.path, encode({"meta": {"1": self.meta}})))
        remove_stale_temporary_files(self.path)
        # a change of several files that replaces a game is made only with that game backed up
        # (its journal must name a backup holding it: files.change_files)
        replaces = len(writes) > 1 and any(self._read.get(i) for i in self._changed)
        keep = self._keep_or_refuse if replaces else self._keep_or_warn
        self._fresh = []
        self._unkept = None
        passed = progress.changes_stored()
        try:
            change_files(self.path, writes, durable=self.durable, keep=keep, fresh=self._fresh)
        finally:
            if progress.changes_stored() > passed:  # stored, though a Ctrl-C came after it
                with progress.interrupts_held():  # it waits for the backups to rotate
                    self._after_stored()
        for game_id, doc in self._changed.items():
            self._read[game_id] = doc  # what the files hold now
        self._changed.clear()
        self._meta_before = json.dumps(self.meta, sort_keys=True)
        self._storage.dirty = False
        self._existed = True

    def _after_stored(self) -> None:
        """Once the change passed its commit point: say that its backup could not be kept,
        or let the oldest backups go beyond those kept (:func:`_rotate_or_warn`)."""
        if self._unkept is not None:  # said only once the change is known to be stored
            progress.warn(self._unkept)
        if self._unkept is None:  # a Ctrl-C may have come before they were put in place
            put_backups_in_place(self._fresh, self.durable)
        for backup in self._fresh if self._unkept is None else ():
            if not backup.exists():  # could not be put in place: the next command does it
                continue
            if not _rotate_or_warn(self.path, backup):
                break

    def _grows(self, game_id: int, size: int) -> bool:
        """Whether the change makes game ``game_id`` a larger one (``size``: its new bytes):
        a new game, or its hands changed and it takes more bytes than its file did. A game
        stored larger than the bound (before there was one) can still be deleted, or shrink."""
        before = self._read.get(game_id)
        if before is None:
            return True
        if before.get("hands") == self._changed[game_id].get("hands"):
            return False
        return size > len(encode({"games": {str(game_id): before}}))

    def _keep_or_warn(self) -> list[Path]:
        if not self.durable:
            return []  # a throw-away database built in bulk keeps no backups
        try:
            return self._keep_previous()
        except OSError as err:  # a backup that cannot be made must not stop the game
            self._unkept = _(
                "no backup of this change could be kept in {folder} ({error}); the change"
                " itself is stored"
            ).format(folder=backup_folder(self.path), error=self._backup_refusal(err))
            return []

    def _backup_refusal(self, err: OSError) -> str:
        """Why no backup could be written: the system's reason, or that the backups folder's
        name is taken by something that is not a folder (where the system says "File
        exists")."""
        folder = backup_folder(self.path)
        if os.path.lexists(folder) and not folder.is_dir():
            return _("its name is taken by a file that is not a folder")
        return os_reason(err)

    def _keep_or_refuse(self) -> list[Path]:
        try:
            return self._keep_previous()
        except OSError as err:
            raise DataFileError(
                _(
                    "cannot keep a backup of what this change replaces in {folder} ({error});"
                    " nothing was changed"
                ).format(folder=backup_folder(self.path), error=self._backup_refusal(err))
            ) from None

    def _keep_previous(self) -> list[Path]:
        previous = {i: self._read.get(i) for i in self._changed}
        if not self._existed and all(doc is None for doc in previous.values()):
            return []  # nothing existed before this change
        data: Tables = {
            "meta": {"1": json.loads(self._meta_before)},
            "games": {str(i): doc for i, doc in previous.items() if doc is not None},
        }
        created = [i for i, doc in previous.items() if doc is None]
        if created:
            data["created"] = {"1": {"games": created}}
        return [write_backup(self.path, data, fresh=self._fresh)]


@contextmanager
def _locked(path: Path) -> Iterator[None]:
    """Hold the database's inter-process lock (``<file>.lock``); DatabaseBusy after
    LOCK_TIMEOUT seconds. On POSIX systems an ``flock`` from the standard library (the lock
    filelock takes there too, without its import cost); elsewhere the filelock library.

    The lock file is never removed. Once locked, the path must still name the file locked
    (device and inode of the descriptor and of the path): a lock file removed or replaced
    meanwhile is let go and the one the path names taken instead (the standard pattern), and
    each change checks it again before its commit point (:func:`files.check_lock`), so a lock
    file removed while a command holds it never lets two commands change the database."""
    path.parent.mkdir(parents=True, exist_ok=True)
    lock_path = str(path) + ".lock"
    busy = DatabaseBusy(
        _(
            "the database {path} is busy (another scorekeeper command is using it); try again"
        ).format(path=path)
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

    fd = _open_lock(lock_path)
    try:
        deadline = time.monotonic() + LOCK_TIMEOUT
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    raise busy from None
                time.sleep(0.02)
                continue
            if lock_names(lock_path, fd):
                break
            # the lock file was removed or replaced while this command waited: the lock taken
            # is on a file no other command opens any more; take the one the path names now
            fcntl.flock(fd, fcntl.LOCK_UN)
            os.close(fd)
            fd = -1
            fd = _open_lock(lock_path)
        hold_lock(lock_path, fd)
        try:
            yield
        finally:
            hold_lock(None, -1)
            fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        if fd >= 0:
            os.close(fd)


def _open_lock(lock_path: str) -> int:
    """The descriptor of the lock file at ``lock_path`` (created when missing, never removed),
    opened without following a symbolic link (``O_NOFOLLOW``): a lock that is a link, dangling
    or not, would be made or taken inside another file (another database's journal or game
    file). DataFileError when it is a link or a folder, or anything but a plain file (a pipe,
    a socket or a device is never opened: opening a device may act on it), or cannot be
    opened."""
    not_plain = DataFileError(
        _(
            "the lock file {file} is not a plain file (a pipe, a socket or a device); move it"
            " away (nothing was changed)"
        ).format(file=lock_path)
    )
    with suppress(OSError):  # not there (made below), or not to be looked at: the open says
        seen = os.lstat(lock_path).st_mode
        if not (stat.S_ISREG(seen) or stat.S_ISDIR(seen) or stat.S_ISLNK(seen)):
            raise not_plain
    flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(lock_path, flags, 0o644)
    except IsADirectoryError:
        raise DataFileError(
            _(
                "the lock file {file} is a folder; move it away (no command is using the"
                " database while it is there)"
            ).format(file=lock_path)
        ) from None
    except OSError as err:
        if err.errno == errno.ELOOP or os.path.islink(lock_path):
            raise DataFileError(
                _(
                    "the lock file {file} is a symbolic link; scorekeeper never follows one (it"
                    " would lock or make another file): move it away (nothing was changed)"
                ).format(file=lock_path)
            ) from None
        if err.errno == errno.ENXIO:  # a socket or a device put there meanwhile
            raise not_plain from None
        raise DataFileError(
            _(
                "cannot open the lock file {file}: {error}; the database's folder must be"
                " writable to change it (nothing was changed)"
            ).format(file=lock_path, error=os_reason(err))
        ) from None
    try:
        plain = stat.S_ISREG(os.fstat(fd).st_mode)
    except OSError:
        plain = False
    if not plain:  # put there between the look and the open
        os.close(fd)
        raise not_plain
    return fd


def _refuse_replacing_games(path: Path, games: dict[str, Any]) -> None:
    """DataFileError (nothing changed) when the games folder of the database at ``path``
    already holds a file of one of ``games`` (the games table of a schema-1 file) other than
    the one the migration writes for it: a migration never replaces a game file it did not
    write (that game is in no backup). The same file (a migration a kill cut short) is fine."""
    clashes = []
    for key, doc in games.items():
        file = game_file(path, int(key))
        if not os.path.lexists(file):
            continue
        try:
            same = read_plain(file, MAX_GAME_BYTES + 1024) == encode({"games": {key: doc}})
        except (OSError, ValueError):
            same = False
        if not same:
            clashes.append(int(key))
    if clashes:
        raise DataFileError(
            _(
                "cannot update {path} to schema {version}: its games folder {folder} already"
                " holds other files of games {ids}, which the update would replace; nothing was"
                " changed: move that folder or the file away"
            ).format(
                path=path,
                version=SCHEMA_VERSION,
                folder=games_folder(path),
                ids=", ".join(str(i) for i in sorted(clashes)),
            )
        )


def _migrate(path: Path, data: Tables | None) -> Tables:
    """Bring ``data`` (read under the lock) to the current schema. A file on disk is first kept
    as a ``migration`` backup, and the migrated file is written at once."""
    pending = migrations.pending(data)
    if not pending:
        return data  # type: ignore[return-value]
    context = migrations.MigrationContext(
        path,
        data if data is not None else {},
        write_game=lambda game_id, doc: write_game_file(path, game_id, doc),
    )
    if data is None:  # a new database: nothing to keep, nothing to write yet
        migrations.migrate(context)
        return context.data
    check_games(path, path, data.get("games", {}))  # refused untouched, before anything
    _refuse_replacing_games(path, data.get("games", {}))
    check_lock()
    try:  # the games folder takes the game files (before a backup: a refusal keeps none)
        check_folders_take([games_folder(path)], path.parent)
    except OSError as err:
        raise write_failed(Path(refused_file(err) or games_folder(path)), err) from None
    try:
        keep_backup(path, "migration", f"-to-schema-{SCHEMA_VERSION}")
    except OSError as err:
        raise DataFileError(
            _(
                "cannot keep a backup of {path} before updating it to schema {version}"
                " ({error}); nothing was changed"
            ).format(path=path, version=SCHEMA_VERSION, error=os_reason(err))
        ) from None
    migrations.migrate(context)
    remove_stale_temporary_files(path)
    write_atomically(path, encode(context.data))
    return context.data


def _rotate_or_warn(path: Path, newest: Path | None) -> bool:
    """Let the oldest ``write`` backups of the database at ``path`` go beyond those kept
    (``newest``, the one just kept, always stays; None: the newest ``write`` backup listed,
    never a restore's copy, which is not one of those kept). A backups folder the system will
    not list or change keeps them, with a warning (they go once it can); False then."""
    try:
        if newest is None:
            writes = [b for b in list_backups(path) if b.kind == "write"]
            if not writes:
                return True
            newest = writes[0].path
        rotate_backups(path, newest, BACKUPS_KEPT)
    except (OSError, DataFileError) as err:
        reason = os_reason(err) if isinstance(err, OSError) else err.message
        progress.warn(
            _(
                "the change is stored, but the oldest backups in {folder} could not be"
                " let go ({reason}): more than {kept} are kept until they can"
            ).format(folder=backup_folder(path), reason=reason, kept=BACKUPS_KEPT)
        )
        return False
    return True


def _complete_pending(path: Path) -> None:
    """:func:`files.complete_pending` (under the lock), then, when it put a change in place,
    the oldest ``write`` backups beyond those kept rotated away, as the command that stored the
    change would have done (:func:`_rotate_or_warn`)."""
    if complete_pending(path):
        _rotate_or_warn(path, None)


def complete_stored_change(path: Path, backups: bool = False) -> None:
    """Put in place a change of the database at ``path`` that an earlier command stored but did
    not finish (a kill, a folder that refused: its journal is there), under the lock; nothing
    when there is none. DataFileError when it cannot be put in place now
    (:func:`files.completion_failed`): every command says so until it can. With ``backups``
    (before the backups are listed or one is restored), a backup a kill left pending after its
    change was stored is put in place too, so backup 1 is the state before the last change
    (a command that only reads games lists no folder: it does not look)."""
    pending = False
    if backups:
        refuse_database_in_backups(path)  # before a clean-up there removes its files
        with suppress(OSError):
            pending = any(backup_folder(path).glob(".*~pending.tmp"))
    if journal_file(path).exists() or pending:
        with _locked(path):
            _complete_pending(path)
            if pending:
                remove_stale_temporary_files(path)  # puts a stored change's backup in place


@contextmanager
def open_store(
    path: Path | None = None, write: bool = False, durable: bool = True
) -> Iterator[Store]:
    """Open the database at ``path`` (default :func:`default_path`) for one command.

    With ``write`` the inter-process lock is held from the read until the block ends, and the
    changed files are written once if the block finishes without an error. A file of an older
    schema is migrated first (under the lock, after a backup). ``durable=False`` (building
    throw-away databases in bulk) skips the fsyncs and backups. Raises DatabaseBusy when
    another command holds the lock for longer than LOCK_TIMEOUT seconds, DataFileError for a
    file that cannot be used (it is never written over).
    """
    path = Path(path) if path is not None else default_path()
    check_database_path(path)
    check_own_names(path)
    if write:
        refuse_database_in_backups(path)
    with _locked(path) if write else _unlocked():
        if write:
            _complete_pending(path)
        else:
            complete_stored_change(path)
        data = read_database(path)
        if migrations.pending(data) and data is not None and not write:
            with _locked(path):
                data = _migrate(path, read_database(path))
        else:
            data = _migrate(path, data)
        existed = data is not None and path.is_file()
        store = Store(path, data, existed, durable)
        yield store
        if write:
            store.commit()  # only reached when the command succeeded


def check_database_path(path: Path) -> None:
    """DataFileError unless ``path`` is a regular file or nothing yet, in a folder that can be
    looked into, and its games folder (when there is one) a folder: not a folder, a device
    (``/dev/zero``, ``/dev/full``) or a pipe."""
    import stat

    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        mode = None
    except NotADirectoryError:
        raise DataFileError(_(DATABASE_INSIDE_A_FILE).format(path=path)) from None
    except OSError as err:
        raise DataFileError(
            _("cannot read the database {path}: {error}").format(path=path, error=os_reason(err))
        ) from None
    if mode is not None and stat.S_ISDIR(mode):
        raise DataFileError(_(DATABASE_IS_A_FOLDER).format(path=path))
    if mode is not None and not stat.S_ISREG(mode):
        raise DataFileError(
            _(
                "the database path {path} is not a regular file (a device or a pipe); give a"
                " database file (--db FILE, or SCOREKEEPER_DB)"
            ).format(path=path)
        )
    folder = games_folder(path)
    with suppress(OSError):
        if folder.exists() and not folder.is_dir():
            raise DataFileError(
                _(
                    "the games folder {folder} of the database is a file; move it away or"
                    " restore a backup ('scorekeeper backups --db {path}')"
                ).format(folder=folder, path=path)
            )


@contextmanager
def _unlocked() -> Iterator[None]:
    yield

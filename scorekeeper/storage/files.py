"""The files of a database and how each is written: where they live, reading them back, and
replacing them atomically.

The database file that ``--db`` names (``scorekeeper.json``) holds the ``meta`` table; each game
lives in its own small TinyDB file in the folder beside it, ``<file>.games/<id>.json`` (a
``games`` table holding that one game, its doc id the game id). Beside them: the backups folder
(:mod:`scorekeeper.storage.backups`), the summaries index (:mod:`scorekeeper.storage.index`) and
the statistics cache (:mod:`scorekeeper.storage.statistics`).

Every write replaces a file atomically (temporary file in the database's folder, flush, fsync,
rename, fsync of the folder), so a crash or Ctrl-C never leaves a half-written file.
"""

from __future__ import annotations

import errno
import json
import os
import re
import stat
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

from scorekeeper import progress
from scorekeeper.domain.limits import MAX_GAME_BYTES
from scorekeeper.errors import DATABASE_IS_A_FOLDER, DataFileError, os_reason, refused_file
from scorekeeper.i18n import gettext as _
from scorekeeper.i18n import number
from scorekeeper.temporaries import remove_stale_temporaries

#: A game file's name: ``<id>.json``, its id from 1 up in ASCII digits with no leading zero
#: (:func:`game_file_id` holds it to :data:`MAX_GAME_ID` too).
GAME_FILE = re.compile(r"([1-9][0-9]{0,9})\.json")
DOC_ID = re.compile(r"[0-9]{1,18}")
#: The highest game id (as :data:`scorekeeper.storage.database.MAX_GAME_ID`).
MAX_GAME_ID = 10**9


def game_file_id(name: str) -> int | None:
    """The id of the game whose file is named ``name`` (``"2.json"`` -> 2), or None unless it is
    the canonical name of a game file: the id from 1 to :data:`MAX_GAME_ID` in ASCII digits with
    no leading zero (:func:`game_file` writes no other). ``02.json`` is no game file: taking it
    for game 2's would list game 2 twice, or let a journal write over a file of the user's."""
    match = GAME_FILE.fullmatch(name)
    if match is None:
        return None
    game_id = int(match[1])
    return game_id if game_id <= MAX_GAME_ID else None


#: A backup's name (in the backups folder): when it was taken, and why when not before a write.
BACKUP_NAME = re.compile(
    r"(?P<stamp>[0-9]{8}T[0-9]{6}\.[0-9]{6}Z)(?:-(?P<kind>migration|restore|damaged))?.*\.json",
    re.ASCII,  # ASCII digits only: ``\d`` (and ``int``) take every Unicode digit too
)

#: The tables of a database file as plain JSON data: ``{table: {doc_id: document}}``.
Tables = dict[str, dict[str, Any]]


#: Nanoseconds a file's or folder's modification time must lie before a look at it for that
#: look to vouch for it (file systems keep times as coarsely as 2 seconds).
_SETTLED_NS = 2_000_000_000


def is_settled(checked_ns: Any, changed_ns: int) -> bool:
    """True when a look begun at ``checked_ns`` (nanoseconds since the epoch) lies far enough
    after a file's or folder's last change at ``changed_ns`` (its modification time) to vouch
    that it holds no later change: a change made within the same tick of a coarse clock (whole
    seconds on some file systems) leaves the time as it was, and may leave the size and, as
    the system gives a freed inode back at once, the inode too."""
    return checked_ns - changed_ns > _SETTLED_NS


def home_expanded(given: str) -> Path:
    """The path ``given`` names, a ``~`` or ``~user`` at the start of its text read as that home
    folder, as a shell reads it (``./~/x`` is a folder named ``~``). DataFileError (exit 3)
    when there is no such user or no home folder to read."""
    path = Path(given)
    if not given.startswith("~"):
        return path
    try:
        return path.expanduser()
    except RuntimeError:
        raise DataFileError(
            _("{path}: no home folder is known for '{head}'; give the folder itself").format(
                path=given, head=path.parts[0]
            )
        ) from None


def default_path() -> Path:
    """The database file: ``SCOREKEEPER_DB`` if set, else ``scorekeeper.json`` in the user data
    folder that platformdirs gives. DataFileError (exit 3) when ``SCOREKEEPER_DB`` is set but
    empty."""
    env = os.environ.get("SCOREKEEPER_DB")
    if env:
        path = home_expanded(env)  # '~' as a shell reads it, though quoted
        refuse_database_name(path)
        return path
    if env is not None:  # set but empty: refused as --db '' is, never the default database
        raise DataFileError(
            _(
                "SCOREKEEPER_DB is set but empty: give it a database file, or unset it to use"
                " the default one"
            )
        )
    from platformdirs import user_data_dir

    return Path(user_data_dir("scorekeeper", appauthor=False)) / "scorekeeper.json"


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


def stats_file(path: Path) -> Path:
    """The cache of statistics per line-up beside the database: ``<file name>.stats.json``."""
    return path.with_name(path.name + ".stats.json")


def own_paths(path: Path) -> tuple[list[Path], list[Path]]:
    """The files and the folders that belong to the database at ``path``: its file, caches,
    lock and journal; its games and backups folders (everything inside them is its own too)."""
    files = [path, index_file(path), stats_file(path), path.with_name(path.name + ".lock")]
    files.append(journal_file(path))
    return files, [games_folder(path), backup_folder(path)]


#: The start of a database file's bytes: a JSON object whose first value is a table (an object);
#: a cache's header (``{"format": ...``), a journal (``{"renames": [...``) or a lock (empty)
#: never starts so.
_TABLES_START = re.compile(rb'\s*\{\s*"(?:[^"\\]|\\.){0,200}"\s*:\s*\{')
#: The start of a cache's header line (the summaries index, the statistics cache).
_CACHE_START = re.compile(rb'\s*\{\s*"format"\s*:\s*[0-9]')


def starts_as_tables(file: Path) -> bool:
    """True when the plain file ``file`` starts as a database file (and every backup) does: a
    JSON object of tables; False for one of spaces or other text, or that cannot be read (a
    few system calls: its first bytes only, never through a link)."""
    try:
        fd = os.open(str(file), os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | os.O_NONBLOCK)
    except OSError:
        return False
    try:
        return _TABLES_START.match(os.read(fd, 256)) is not None
    except OSError:
        return False
    finally:
        os.close(fd)


def is_database_file(file: Path) -> bool:
    """True when ``file`` is told as a database's own file: its first bytes are a JSON object
    of tables (no cache's header, journal or lock), or, unless they are a cache's header
    (``{"format": N``), its lock or games folder is beside it (``<file>.lock``,
    ``<file>.games``: an empty, damaged or missing database file). A few system calls, no
    folder listing."""
    name = str(file)
    try:  # not blocking on a pipe; a folder fails to read
        fd = os.open(name, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError:  # missing (a database whose file is gone still has its folder), unreadable
        start = b""
    else:
        try:
            start = os.read(fd, 256)
        except OSError:
            start = b""
        finally:
            os.close(fd)
    if _TABLES_START.match(start):
        return True
    if _CACHE_START.match(start):
        return False
    return os.path.lexists(name + ".lock") or os.path.isdir(name + ".games")


def check_own_names(path: Path) -> None:
    """DataFileError (exit 3; nothing read or written) when one of the names the database at
    ``path`` gives its own files (:func:`own_paths`: caches, lock, journal; its games and
    backups folders when they are files) is another database's file (:func:`is_database_file`):
    using ``path`` would write over that database (README, "Where data lives")."""
    files, folders = own_paths(path)
    refuse_linked_own_paths(path)
    names = files[1:]
    for folder in folders:
        with suppress(OSError):
            if stat.S_ISREG(folder.stat().st_mode):
                names.append(folder)
    for name in names:
        if is_database_file(name):
            raise DataFileError(
                _(
                    "{file} is the file of another database, and the database {path} would"
                    " write over it; give --db another file name (or move that database away)"
                ).format(file=name, path=path)
            )


def refuse_database_in_backups(path: Path) -> None:
    """DataFileError (exit 3; nothing read or written) when the backups folder of the database
    at ``path`` holds another database, told by its lock or games folder (``X.lock``,
    ``X.games``; scorekeeper puts neither there): the backups' rotation and clean-up would
    remove that database's files, taking them for old backups and temporary files (README,
    "Where data lives"). One listing of the folder: called by what changes the database or
    lists its backups, never by a command that only reads games."""
    folder = backup_folder(path)
    try:
        names = os.listdir(folder)
    except OSError:  # none yet, or not a folder: said where the backups are kept or listed
        return
    for name in sorted(names):
        if name.endswith((".lock", ".games")):
            raise DataFileError(
                _(
                    "the backups folder {folder} of the database {path} holds another database"
                    " ({file}), whose files its backups' clean-up would remove: move that"
                    " database away"
                ).format(folder=folder, path=path, file=folder / name.rsplit(".", 1)[0])
            )


def refuse_linked_own_paths(path: Path, names: list[Path] | None = None) -> None:
    """DataFileError (exit 3; nothing read or written) when one of the files and folders the
    database at ``path`` keeps beside itself (``names``, default its lock, journal, games and
    backups folders) is a symbolic link, or resolves to another place than ``<folder of the
    database>/<its name>``: the database would then write into another database's files (two
    locks over the same game files, one rotating the other's backups away) or into a folder of
    nobody (README, "Where data lives"). A cache that is a link is not refused: it is only
    read within bounds, checked against the game files, and replaced (the link itself, never
    written through) when rebuilt."""
    if names is None:
        files, folders = own_paths(path)
        names = [f for f in files[1:] if f.name.endswith((".lock", ".journal"))] + folders
    folder = os.path.realpath(path.parent)
    for name in names:
        try:
            linked = stat.S_ISLNK(os.lstat(name).st_mode)
        except OSError:  # missing (made when needed, never through a link), unreadable folder
            continue
        if linked or os.path.realpath(name) != os.path.join(folder, name.name):
            raise DataFileError(
                _(
                    "{file} is a symbolic link (to {target}); the database {path} keeps its own"
                    " files and folders beside it, never through a link: move the link away"
                    " (nothing was changed)"
                ).format(file=name, target=os.path.realpath(name), path=path)
            )


def is_own_path(path: Path, other: Path) -> bool:
    """True when ``other`` is a file of the database at ``path`` or lies inside one of its
    folders (:func:`own_paths`; a temporary file of its writes too), compared as resolved and
    with case ignored (on a file system that ignores it, as FAT and exFAT do,
    ``SCORE.JSON.LOCK`` is the lock of ``score.json``; where case counts, such a name is
    refused too, a name no database needs), or is a hard link of one of them."""
    # realpath, never Path.resolve: a loop of links is a path, not a RuntimeError
    target = Path(os.path.realpath(other))  # a ~ was read where the path was given
    files, folders = own_paths(Path(os.path.realpath(path)))
    if is_own_temporary(files[0], target.name) and target.parent == files[0].parent:
        return True
    folded = str(target).casefold()
    if any(folded == str(f).casefold() for f in files) or any(
        folded == str(f).casefold() or folded.startswith(str(f).casefold() + os.sep)
        for f in folders
    ):
        return True
    return _is_linked(target, files, folders)


def _is_linked(target: Path, files: list[Path], folders: list[Path]) -> bool:
    """True when ``target`` is a hard link of one of ``files`` or of a file inside ``folders``:
    another name for the same file, so writing to it writes over that file. Only a file with
    more than one name is compared, and a folder's entries by the inode its listing gives."""
    try:
        st = target.stat()
    except OSError:
        return False
    if st.st_nlink < 2:
        return False
    same = (st.st_dev, st.st_ino)
    for file in files:
        with suppress(OSError):
            seen = file.stat()
            if (seen.st_dev, seen.st_ino) == same:
                return True
    for folder in folders:
        try:
            device = folder.stat().st_dev
            if device != st.st_dev:
                continue
            with os.scandir(folder) as entries:
                if any(entry.inode() == st.st_ino for entry in entries):
                    return True
        except OSError:
            continue
    return False


def game_ids(path: Path, refuse_databases: bool = False) -> list[int]:
    """Ids of the game files of the database at ``path`` (unordered). With
    ``refuse_databases`` (before a game file is added), DataFileError when a game file's name
    has a database's own lock or games folder beside it (``<id>.json.lock``,
    ``<id>.json.games``): another database lives in the games folder, and adding games there
    would break both (README, "Where data lives")."""
    try:
        names = os.listdir(games_folder(path))
    except (FileNotFoundError, NotADirectoryError):
        return []
    if refuse_databases:
        for name in names:
            for end in (".lock", ".games"):
                if name.endswith(end) and game_file_id(name[: -len(end)]) is not None:
                    refuse_game_database(path, games_folder(path) / name[: -len(end)])
    return [i for i in map(game_file_id, names) if i is not None]


def refuse_game_database(path: Path, file: Path) -> None:
    """DataFileError (exit 3) when the game file ``file`` of the database at ``path`` is
    another database's file (:func:`is_database_file`, by what is beside it only: a game file
    is itself a JSON object of tables): writing it would break both databases."""
    name = str(file)
    if os.path.lexists(name + ".lock") or os.path.isdir(name + ".games"):
        raise DataFileError(
            _(
                "{file} is the file of another database, inside the games folder of the"
                " database {path}; move that database away (nothing was changed)"
            ).format(file=file, path=path)
        )


def damaged(path: Path, what: str, db: Path | None = None) -> DataFileError:
    """The DataFileError for a file of the database ``db`` (default ``path``) that ``what``
    says is wrong (translated already): it names the file, says what kind of file it is and
    what to do (restore a backup; for a journal or a backup, what else)."""
    db = db or path
    if path == journal_file(db):
        text = _(
            "the journal {path} {what}; it was left untouched: scorekeeper did not write it, so"
            " move it away (the change it lists is then not made)"
        )
    elif path.parent == backup_folder(db):
        text = _(
            "the backup {path} {what}; it was left untouched: choose another backup"
            " ('scorekeeper backups --db {db}')"
        )
    elif path.parent == games_folder(db):
        text = _(
            "the game file {path} {what}; it was left untouched: restore a backup"
            " ('scorekeeper backups --db {db}') or move the file away (its game is then gone)"
        )
    else:
        text = _(
            "the database {path} {what}; it was left untouched: restore a backup"
            " ('scorekeeper backups --db {db}') or move the file away to start a new one"
        )
    return DataFileError(text.format(path=path, what=what, db=db))


class _KeyTwice(ValueError):
    """A JSON object of a stored file gives one key twice."""


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data = dict(pairs)
    if len(data) != len(pairs):
        raise _KeyTwice
    return data


def loads(raw: bytes) -> Any:
    """The JSON data of the bytes of a stored file. ValueError (or UnicodeDecodeError,
    RecursionError) for bytes that are not UTF-8 JSON, or an object giving a key twice: a stored
    file never does, so such a file was changed by hand or damaged, and taking the last value of
    the key would misreport it (README, "Files")."""
    return json.loads(raw.decode("utf-8"), object_pairs_hook=_object)


def _damaged_json(path: Path, err: Exception, db: Path | None) -> DataFileError:
    if isinstance(err, _KeyTwice):
        return damaged(path, _("is damaged (a key is given twice)"), db)
    return damaged(path, _("is damaged (not complete JSON)"), db)


#: The largest game file read (bytes): a game takes at most MAX_GAME_BYTES stored, and one kept
#: from before there were bounds may be larger; a larger file, or no plain file (a pipe, a
#: device, a link), is damaged and never read whole.
GAME_FILE_LIMIT = 8 * MAX_GAME_BYTES
#: The largest journal read: one line per file a change writes (a restore of every game).
JOURNAL_LIMIT = 64 * 1024 * 1024
#: The largest backup file read (bytes): a restore's backup holds every game file it replaces,
#: each at most MAX_GAME_BYTES; a larger file is listed as damaged, never read whole.
BACKUP_LIMIT = 256 * 1024 * 1024


def read_json(path: Path, db: Path | None = None, limit: int = BACKUP_LIMIT) -> Any:
    """The JSON data of ``path``: None for a missing or empty file; DataFileError for a file
    that is not UTF-8 JSON (garbage, NUL bytes, a truncated write) or cannot be read. A file
    larger than ``limit`` (bytes), or no plain file (a pipe, a device, a link), is damaged and
    never read whole (:func:`read_plain`)."""
    try:
        raw = read_plain(path, limit)
    except NotPlain:
        raise damaged(
            path,
            _("is damaged (larger than {most} bytes, or not a plain file)").format(
                most=number(limit)
            ),
            db,
        ) from None
    except FileNotFoundError:
        return None
    except IsADirectoryError:
        raise DataFileError(_(DATABASE_IS_A_FOLDER).format(path=path)) from None
    except OSError as err:
        raise DataFileError(
            _("cannot read the database {path}: {error}").format(path=path, error=os_reason(err))
        ) from None
    if not raw.strip():
        return None
    try:
        return loads(raw)
    except (UnicodeDecodeError, ValueError, RecursionError) as err:
        raise _damaged_json(path, err, db) from None


class NotPlain(ValueError):
    """A file that is no plain file (a pipe, a device, a folder) or is larger than a file of
    its kind can be: never read, so that no command waits on it or fills the memory."""


def read_plain(path: Path, limit: int) -> bytes:
    """The bytes of ``path``, a plain file of at most ``limit`` bytes: opened without blocking
    (a pipe never makes a command wait) and read only when it is a plain file, never through a
    symbolic link (a file of a database is its own). FileNotFoundError when it is missing,
    :class:`NotPlain` when it is no plain file, a link or larger, OSError when the system
    refuses."""
    return read_plain_version(path, limit)[1]


def read_plain_version(path: Path | str, limit: int) -> tuple[os.stat_result, bytes]:
    """:func:`read_plain`, with the file's stat taken through the same open file (the identity
    of the very version whose bytes were read)."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(path, flags)
    except OSError as err:
        if err.errno == errno.ELOOP:  # a symbolic link: not read through
            raise NotPlain(path) from None
        raise
    try:
        seen = os.fstat(fd)
    except OSError:
        os.close(fd)
        raise
    if not stat.S_ISREG(seen.st_mode) or seen.st_size > limit:  # a folder, a pipe, a device
        os.close(fd)
        raise NotPlain(path)
    with os.fdopen(fd, "rb") as handle:
        raw = handle.read(limit + 1)
    if len(raw) > limit:
        raise NotPlain(path)
    return seen, raw


def check_tables(data: Any) -> bool:
    """True when ``data`` is TinyDB's shape: tables of documents keyed by number."""
    if not isinstance(data, dict) or not data:
        return False
    for table in data.values():
        if not isinstance(table, dict):
            return False
        for key, doc in table.items():
            if not DOC_ID.fullmatch(key) or not isinstance(doc, dict):
                return False
    return True


def read_game_file(
    db: Path, game_id: int, file: Path | None = None, limit: int = GAME_FILE_LIMIT
) -> dict[str, Any] | None:
    """The stored document of game ``game_id`` from its file (None when there is no file).
    A file larger than ``limit`` (bytes), or no plain file (a pipe, a device, a link), is
    damaged and never read (:func:`read_plain`: no command waits on one or fills the memory).

    DataFileError naming the file when it is not a game file of this database."""
    file = file or game_file(db, game_id)
    try:
        raw = read_plain(file, limit)
    except NotPlain:
        raise damaged(
            file,
            _("is not a plain file of at most {most} bytes").format(most=number(limit or 0)),
            db,
        ) from None
    except FileNotFoundError:
        return None
    except OSError as err:
        raise DataFileError(
            _("cannot read the game file {file}: {error}").format(file=file, error=os_reason(err))
        ) from None
    return parse_game_file(db, game_id, file, raw)


def parse_game_file(db: Path, game_id: int, file: Path, raw: bytes) -> dict[str, Any]:
    """The document of game ``game_id`` from the bytes of its file ``file``; DataFileError
    naming the file unless they are complete JSON holding a ``games`` table of that one game."""
    try:
        data = loads(raw)
    except (UnicodeDecodeError, ValueError, RecursionError) as err:
        raise _damaged_json(file, err, db) from None
    doc = data.get("games", {}).get(str(game_id)) if check_tables(data) else None
    if doc is None or len(data) != 1 or len(data["games"]) != 1:
        raise damaged(file, _("is not the file of game {id}").format(id=game_id), db)
    return doc


def _fsync_folder(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError as err:
        # a file system that cannot sync a folder says EINVAL: nothing is wrong; a failing
        # disk says so, and what was just renamed there may not survive a power cut
        if err.errno in (errno.EIO, errno.ENOSPC, errno.EDQUOT):
            progress.warn(
                _(
                    "the folder {folder} could not be synced to disk ({reason}); the change is"
                    " stored, but a power cut now could lose it"
                ).format(folder=folder, reason=os_reason(err))
            )
    finally:
        os.close(fd)


#: The random part of a temporary file's name (``tempfile``'s letters, digits, ``_``): never ``~``.
_RANDOM = "[a-z0-9_]+"


def temporary_prefix(target: Path, game_id: int | None = None) -> str:
    """The prefix of a temporary file that will replace ``target`` (in the database's folder):
    ``.<file name>~`` (``.<file name>~game-<id>-`` for a game file of the database file name),
    then 8 random characters and ``.tmp``. The random part holds no ``~``, so a temporary file
    of ``s.json`` can never be taken for one of ``s.json.b`` or ``s.json~x`` (README, "Where data
    lives")."""
    return f".{target.name}~" if game_id is None else f".{target.name}~game-{game_id}-"


def _own_names(path: Path) -> list[str]:
    """The names, in the database's folder, whose temporary files are the database's own."""
    return [
        path.name,
        f"{path.name}.index.json",
        f"{path.name}.stats.json",
        journal_file(path).name,
    ]


def is_own_temporary(path: Path, name: str) -> bool:
    """True when ``name`` (in the database's folder) is a temporary file of the database at
    ``path`` (its file, its game files, its caches or its journal), never another's."""
    names = "|".join(re.escape(n) for n in _own_names(path))
    return re.fullmatch(rf"\.(?:{names})~(?:game-[0-9]+-)?{_RANDOM}\.tmp", name) is not None


#: A temporary file's name, of any database or file scorekeeper writes: ``.<name>~...tmp``.
#: No database path may have such a name (:func:`refuse_database_name`), so a file of that
#: name is never a database.
TEMPORARY_NAME = re.compile(r"\..*~.*\.tmp", re.DOTALL)
#: How the names of a database's own files beside it end (:func:`own_paths`).
OWN_FILE_ENDS = (".index.json", ".stats.json", ".lock", ".journal")


def refuse_database_name(path: Path) -> None:
    """DataFileError (exit 3; nothing read or written) when the file name of the database path
    ``path`` (``--db``, ``SCOREKEEPER_DB``) has the shape of a temporary file
    (:data:`TEMPORARY_NAME`, ``.<name>~...tmp``): the clean-up of another database in its
    folder could take it for one of its temporary files and remove it (README, "Where data
    lives"). A name of a database's own file (:data:`OWN_FILE_ENDS`, ``X.lock``...) is refused
    where it is one (:func:`scorekeeper.application.paths.database_file`,
    :func:`check_own_names`): no clean-up removes such a name. A database path that is a
    symbolic link is refused too: the file would be read through it while its games, caches,
    lock and backups were looked for beside the link, and the first change would write a new
    file over the link. A path that is not UTF-8 text (bytes no encoding names, as
    ``SCOREKEEPER_DB`` may hold) is refused too, as ``--db`` refuses it: the names of a
    database's files are written into its journal, which is UTF-8."""
    if not str(path).isascii():
        try:
            str(path).encode("utf-8")
        except UnicodeEncodeError:
            raise DataFileError(
                _(
                    "the database path is not valid UTF-8 text ({path}); give --db or"
                    " SCOREKEEPER_DB the database file's path as plain text"
                ).format(path=ascii(str(path))[1:-1])
            ) from None
    if path.is_symlink():
        raise DataFileError(
            _(
                "the database {path} is a symbolic link (to {target}); give --db the file it"
                " names: a database's games, caches and backups lie beside its own file"
            ).format(path=path, target=os.readlink(path))
        )
    if TEMPORARY_NAME.fullmatch(path.name):
        raise DataFileError(
            _(
                "{path}: a database file cannot be named like a temporary file (.NAME~...tmp),"
                " which the clean-up of another database could remove; give --db another file"
                " name"
            ).format(path=path)
        )


def remove_stale_temporary_files(path: Path) -> None:
    """Temporary files a killed command left beside the database (only call under the lock,
    after :func:`complete_pending`, which may still need some). Every file of the database is
    written through a temporary file in the database's folder; those of another database in
    the same folder never match (:func:`temporary_prefix`), and no database path has a
    temporary file's name (:func:`refuse_database_name`). A file of such a name with a
    database's lock or games folder beside it (a database made before such names were
    refused) is never removed."""
    try:
        names = os.listdir(path.parent)
    except OSError:
        return
    for name in names:
        if name.endswith(".tmp") and is_own_temporary(path, name):
            stale = path.parent / name
            if os.path.lexists(f"{stale}.lock") or os.path.isdir(f"{stale}.games"):
                continue  # another database's file, never a temporary file of this one
            with suppress(OSError):
                stale.unlink()
    backups = backup_folder(path)
    try:
        leftovers = list(backups.glob(".*~*.tmp"))  # backups a kill cut short (ours)
    except OSError:
        return
    for stale in leftovers:
        with suppress(OSError):  # one that cannot go (a folder so named) stops no other
            found = _PENDING_BACKUP.fullmatch(stale.name)
            if found and BACKUP_NAME.fullmatch(found[1]) and _change_was_made(path, stale):
                target = stale.with_name(found[1])
                if not os.path.lexists(target):
                    _rename(stale, target)  # the change it was kept for is stored: it counts
                    continue
            stale.unlink()


#: A backup's pending file (:func:`pending_backup`): ``.<backup name>~pending.tmp``.
_PENDING_BACKUP = re.compile(r"\.(.+)~pending\.tmp", re.DOTALL)


def pending_backup(target: Path) -> Path:
    """The pending file of the backup ``target``: ``.<name>~pending.tmp`` beside it, where the
    backup waits, synced, until the change it was kept for passes its commit point
    (:func:`change_files` then renames it to ``target``). No listing counts it as a backup."""
    return target.with_name(f".{target.name}~pending.tmp")


def write_pending_backup(target: Path, content: bytes) -> None:
    """Write ``content`` (owner-only permissions, synced with its folder) as the pending file
    of the backup ``target`` (:func:`pending_backup`; call under the lock). Raises OSError when
    the system refuses; nothing of it is then left."""
    pending = pending_backup(target)
    pending.unlink(missing_ok=True)  # only a kill's leftover can have this unique name
    progress.file_change("create", pending)
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    fd = -1
    try:
        with progress.interrupts_held():  # made and known together: a Ctrl-C lands after
            fd = os.open(pending, flags, 0o600)
        with os.fdopen(fd, "wb") as handle:
            handle.write(content)
            handle.flush()
            os.fsync(handle.fileno())
    except BaseException:
        if fd >= 0:  # only the file this call made (never one of that name it could not make)
            pending.unlink(missing_ok=True)
        raise
    _fsync_folder(target.parent)


def _backup_file(backup: Path) -> Path:
    """Where the backup ``backup`` can be read: its own name once in place, else its pending
    file while the change it was kept for is being made (:func:`pending_backup`)."""
    if os.path.lexists(backup):
        return backup
    pending = pending_backup(backup)
    return pending if os.path.lexists(pending) else backup


def put_backups_in_place(backups: list[Path] | None, durable: bool) -> None:
    """Rename the pending file of each of ``backups`` to its name, once the change they were
    kept for passed its commit point. A rename the system refuses is a warning (the change is
    stored; the next command puts the backup in place)."""
    moved = None
    for backup in backups or ():
        pending = pending_backup(backup)
        try:
            if os.path.lexists(pending) and not os.path.lexists(backup):
                _rename(pending, backup)
                moved = backup.parent
        except OSError as err:
            progress.warn(
                _(
                    "the change is stored, but its backup {file} could not be put in place"
                    " ({reason}); the next command does"
                ).format(file=backup, reason=os_reason(err))
            )
    if moved is not None and durable:
        _fsync_folder(moved)


def _change_was_made(path: Path, pending: Path) -> bool:
    """True when the change the pending backup ``pending`` was kept for is stored: the database
    at ``path`` no longer holds what the backup holds (its ``meta`` document, each of its
    games as it was, none of the games the change created). False when it holds all of that
    (a kill stopped the change before its commit point: the backup is a copy of the current
    state and must not count) or when the pending file is cut short or no backup at all. A
    database that cannot be read keeps the backup (it may be needed)."""
    try:
        data = loads(read_plain(pending, BACKUP_LIMIT))
    except (NotPlain, OSError, UnicodeDecodeError, ValueError, RecursionError):
        return False
    if not check_tables(data) or "meta" not in data:
        return False
    try:
        current = read_json(path, limit=JOURNAL_LIMIT)
        if not isinstance(current, dict) or current.get("meta") != data["meta"]:
            return True
        for key, doc in data.get("games", {}).items():
            game_id = game_file_id(f"{key}.json")
            if game_id is None or read_game_file(path, game_id) != doc:
                return True
    except DataFileError:
        return True
    created = data.get("created", {}).get("1", {}).get("games", [])
    return any(
        type(i) is int and 0 < i <= MAX_GAME_ID and os.path.lexists(game_file(path, i))
        for i in created
    )


def journal_file(path: Path) -> Path:
    """The journal of a change of several files, beside the database: ``<file name>.journal``.
    While it exists, the change it lists is stored but not yet all in place."""
    return path.with_name(path.name + ".journal")


def refuse_read_only(target: Path) -> None:
    """DataFileError when ``target`` is a file made read-only (no write permission for anyone):
    it is never written over, nor its permissions changed."""
    try:
        mode = target.stat().st_mode
    except OSError:
        return
    if not mode & 0o222:
        raise DataFileError(
            _(
                "{target} is read-only; nothing was changed: make it writable (chmod u+w) to"
                " change it"
            ).format(target=target)
        )


#: The lock this process holds (its path and descriptor), set by the store while it holds it.
_held_lock: tuple[str, int] | None = None


def lock_names(lock_path: str, fd: int) -> bool:
    """True when ``lock_path`` still names the file open as ``fd`` (the same device and inode):
    False once it was removed or replaced by another file (the lock on ``fd`` then keeps no
    other command out)."""
    try:
        held, named = os.fstat(fd), os.stat(lock_path)
    except OSError:
        return False
    return (held.st_dev, held.st_ino) == (named.st_dev, named.st_ino)


def hold_lock(lock_path: str | None, fd: int) -> None:
    """Record the lock this process now holds (``lock_path`` and its descriptor ``fd``), or
    none (``lock_path`` None), for :func:`check_lock`."""
    global _held_lock
    _held_lock = None if lock_path is None else (lock_path, fd)


def check_lock() -> None:
    """DataFileError (nothing was changed) when the lock this process holds is no longer the
    file its path names: the lock file was removed or replaced while the command ran, so
    another command may be changing the database at the same time. Called before each change's
    commit point; nothing when no lock is recorded (a platform without ``flock``)."""
    if _held_lock is None or lock_names(*_held_lock):
        return
    raise DataFileError(
        _(
            "the lock file {file} was removed or replaced while this command held it (another"
            " command may be changing the database); nothing was changed: run the command again"
        ).format(file=_held_lock[0])
    )


def write_failed(target: Path, err: OSError) -> DataFileError:
    """The DataFileError for a write the system refused (full disk, read-only folder...)."""
    return DataFileError(
        _("cannot write {target}: {error}; nothing was changed").format(
            target=target, error=os_reason(err)
        )
    )


def completion_failed(path: Path, err: OSError) -> DataFileError:
    """The DataFileError for a change an earlier command stored (its journal written) that
    cannot be put in place now: the file the system refused named (:func:`refused_file`, else
    ``path``), and what to do (:func:`complete_pending`)."""
    return DataFileError(
        _(
            "a change of the database {path} is stored but not yet in place, and the system"
            " refuses to put it there ({file}: {error}); nothing was changed: once that is"
            " mended (a folder made writable again, space freed), any command completes it"
        ).format(path=path, file=refused_file(err) or path, error=os_reason(err))
    )


def _mount_point(folder: Path, mounts: list[str]) -> str:
    """The mount point (of ``mounts``, as ``/proc/self/mountinfo`` lists them) that the folder
    lies on: the longest one its real path lies in."""
    real = os.path.realpath(folder)
    inside = [m for m in mounts if real == m or real.startswith(m.rstrip("/") + "/")]
    return max(inside, key=len, default="/")


def _mount_points() -> list[str] | None:
    """Every mount point of this process (Linux), None where the system does not list them."""
    try:
        with open("/proc/self/mountinfo", "rb") as listing:
            lines = listing.read(1 << 22).splitlines()
    except OSError:
        return None
    points = []
    for line in lines:
        fields = line.split(b" ")
        if len(fields) > 4:  # the mount point, its space, tab, line break and \ as octal
            point = re.sub(rb"\\([0-7]{3})", lambda m: bytes([int(m[1], 8)]), fields[4])
            points.append(os.fsdecode(point))
    return points


def check_folders_take(folders: list[Path], temporaries: Path) -> None:
    """OSError (the folder named) unless each of ``folders`` can take a file renamed into it
    from the folder ``temporaries`` (or one removed from it): writable and searchable, on the
    same file system. A change of several files checks this before its commit point, so a
    read-only games folder refuses the change ("nothing was changed") rather than leaving a
    stored change the next commands cannot put in place."""
    import errno

    effective = os.access in os.supports_effective_ids
    device = os.stat(temporaries).st_dev
    mounts = _mount_points()  # a folder bound there (mount --bind) shares the device
    home = _mount_point(temporaries, mounts) if mounts is not None else None
    for folder in dict.fromkeys(folders):
        if not os.path.isdir(folder):
            continue  # made by the change itself (:func:`complete_pending`)
        if not os.access(folder, os.W_OK | os.X_OK, effective_ids=effective):
            try:  # why: a read-only file system, or the folder's permissions
                read_only = bool(os.statvfs(folder).f_flag & os.ST_RDONLY)
            except OSError:
                read_only = False
            code = errno.EROFS if read_only else errno.EACCES
            raise OSError(code, os.strerror(code), str(folder))
        if os.stat(folder).st_dev != device or (
            mounts is not None and _mount_point(folder, mounts) != home
        ):
            raise OSError(errno.EXDEV, os.strerror(errno.EXDEV), str(folder))


def _prepare(
    target: Path,
    content: bytes,
    durable: bool,
    temporary: tuple[Path, str] | None = None,
    made: list[Path] | None = None,
) -> Path:
    """Write ``content`` into a new temporary file (flushed and synced) that will replace
    ``target``; return it. The temporary file keeps ``target``'s permissions (with read and
    write for its owner, who wrote it). Raises OSError when the system refuses.

    This is the one place temporary files are made: Ctrl-C (SIGINT) is held back from the
    file's creation until its name is added to ``made`` (the caller removes every file of
    ``made`` unless the change passed its commit point: :func:`temporary_files`), so an
    interrupt that lands on the creation never leaves a temporary file behind; one that lands
    while it is written removes it here."""
    folder = target.parent
    if not folder.is_dir():
        progress.file_change("mkdir", folder)
        folder.mkdir(parents=True, exist_ok=True)
    temp_folder, prefix = temporary or (folder, temporary_prefix(target))
    progress.file_change("create", temp_folder / prefix)
    import tempfile  # here: what only reads (shell completion) does not pay for it

    tmp: Path | None = None
    try:
        with progress.interrupts_held():  # created and named together (O_EXCL, no link)
            fd, name = tempfile.mkstemp(prefix=prefix, suffix=".tmp", dir=temp_folder)
            tmp = temp_folder / os.path.basename(name)  # as ``target`` is named
            if made is not None:
                made.append(tmp)
        with os.fdopen(fd, "wb") as handle:
            handle.write(content)
            if durable:
                handle.flush()
                os.fsync(handle.fileno())
        with suppress(OSError):  # a new file keeps mkstemp's owner-only permissions
            os.chmod(tmp, target.stat().st_mode & 0o7777 | 0o600)
    except BaseException:
        if tmp is not None:
            tmp.unlink(missing_ok=True)
        raise
    return tmp


@contextmanager
def temporary_files() -> Iterator[list[Path]]:
    """A list for :func:`_prepare` to add the temporary files it makes to: when the block
    ends with any exception (a refusal, Ctrl-C, an error), each of them still there is
    removed, so no interrupted or refused change leaves one behind. The block empties the
    list once its files are renamed into place (the commit point passed)."""
    made: list[Path] = []
    try:
        yield made
    except BaseException:
        with progress.interrupts_held():
            for tmp in made:
                with suppress(OSError):
                    tmp.unlink(missing_ok=True)
        raise


def _rename(tmp: Path, target: Path, commit: bool = False, made: list[Path] | None = None) -> None:
    """Rename ``tmp`` over ``target``; with ``commit`` it is the change's commit point, marked
    with Ctrl-C held back so that an interrupt lands before both or after both. ``tmp`` is
    then no temporary file to remove any more: it leaves ``made`` (:func:`temporary_files`)."""
    progress.file_change("rename", target)
    with progress.interrupts_held():
        os.replace(tmp, target)
        if made is not None and tmp in made:
            made.remove(tmp)
        if commit:
            progress.commit_passed()


def write_atomically(
    path: Path,
    content: bytes,
    durable: bool = True,
    temporary: tuple[Path, str] | None = None,
    commit: bool = False,
) -> None:
    """Replace ``path`` with ``content``: temporary file (``temporary`` gives its folder, on the
    same file system, and name prefix; default the file's folder and
    :func:`temporary_prefix`), flush, fsync, rename over the file, fsync of the folder. The
    file keeps its permissions (with read and write for its owner, who wrote it). ``commit``
    marks the rename as the command's commit point (:mod:`scorekeeper.progress`).
    ``durable=False`` skips the fsyncs (for building throw-away databases in bulk)."""
    with temporary_files() as made:
        tmp = _prepare(path, content, durable, temporary, made)
        _rename(tmp, path, commit, made)
    if durable:
        _fsync_folder(path.parent)


def change_files(
    path: Path,
    writes: list[tuple[Path, bytes]],
    removals: list[Path] | None = None,
    durable: bool = True,
    keep: Callable[[], list[Path] | None] | None = None,
    fresh: list[Path] | None = None,
) -> None:
    """Make one change of the database at ``path`` (under its lock): write each ``(file,
    content)`` of ``writes`` (in order; the database file last) and remove each file of
    ``removals``, so that a kill or Ctrl-C at any moment leaves either none of it or all of it
    stored (the next command completes it).

    Every new content is first written to a temporary file (synced): a write the system
    refuses (full disk, read-only folder) raises DataFileError before anything else, and
    ``keep`` (the backup of what the change replaces) runs only once the writes are known
    possible; it returns the backup files it kept, which must hold every file of ``removals``.
    A change of one file is then one rename, its commit point. A change of several files
    writes the journal (:func:`journal_file`) listing them and those backups, its commit point,
    and then puts each in place (:func:`complete_pending`). A read-only file is refused
    (:func:`refuse_read_only`). ``fresh`` lists the backups ``keep`` wrote for this change
    (filled as each is written): when the change does not pass its commit point (a refusal,
    a kill's Ctrl-C), they are removed, as copies of what the files still hold, so a change
    that did not happen leaves no backup behind; each is written pending
    (:func:`pending_backup`) and renamed to its name only once the change passed its commit
    point, so a kill before it leaves no backup counted either."""
    removals = removals or []
    for target, _data in writes:
        refuse_read_only(target)
    prepared: list[tuple[Path, Path]] = []
    made: list[Path] = []  # every temporary file made, from its creation on (:func:`_prepare`)
    journal = journal_file(path)
    committed = False
    try:
        for target, content in writes:
            prefix = None
            game_id = game_file_id(target.name)
            if game_id is not None and target.parent == games_folder(path):
                prefix = (path.parent, temporary_prefix(path, game_id))
            try:
                prepared.append((_prepare(target, content, durable, prefix, made), target))
            except OSError as err:
                raise write_failed(target, err) from None
        check_lock()  # before the backup: a change refused keeps none
        kept = (keep() if keep is not None else None) or []
        if len(prepared) + len(removals) == 1 and prepared:
            tmp, target = prepared[0]
            try:
                with progress.interrupts_held():  # the flag is set before a Ctrl-C lands
                    _rename(tmp, target, commit=True)
                    committed = True
            except OSError as err:
                raise write_failed(target, err) from None
            put_backups_in_place(fresh, durable)
        elif prepared or removals:
            folder = path.parent
            try:
                unheld = _first_unheld(path, prepared, removals, kept)
            except OSError as err:
                raise DataFileError(
                    _("cannot read {file}: {error}; nothing was changed").format(
                        file=err.filename or path, error=err.strerror or err
                    )
                ) from None
            if unheld is not None:
                raise DataFileError(
                    _(
                        "no backup holds the game file {file} that this change replaces;"
                        " nothing was changed"
                    ).format(file=unheld)
                )
            try:
                check_folders_take(
                    [t.parent for _, t in prepared] + [f.parent for f in removals], folder
                )
            except OSError as err:
                raise write_failed(Path(err.filename), err) from None
            listed = {
                "renames": [
                    [str(t.relative_to(folder)), str(f.relative_to(folder))] for t, f in prepared
                ],
                "removals": [str(f.relative_to(folder)) for f in removals],
                "kept": [str(f.relative_to(folder)) for f in kept],
            }
            content = json.dumps(listed, ensure_ascii=False).encode("utf-8")
            try:
                tmp = _prepare(journal, content, durable, made=made)
                with progress.interrupts_held():  # the flag is set before a Ctrl-C lands
                    _rename(tmp, journal, commit=True)
                    committed = True
            except OSError as err:
                raise write_failed(journal, err) from None
            _complete_committed(path, durable)
            put_backups_in_place(fresh, durable)
    except BaseException:
        if not committed:
            for tmp in made:
                tmp.unlink(missing_ok=True)
            for backup in fresh or ():
                backup.unlink(missing_ok=True)
                pending_backup(backup).unlink(missing_ok=True)
        raise
    if durable and prepared and len(prepared) + len(removals) == 1:
        _fsync_folder(prepared[0][1].parent)  # complete_pending syncs the folders it changed


def _complete_committed(path: Path, durable: bool) -> None:
    """Put in place the change whose journal was just committed. It is stored: a write the
    system refuses now (a disk failing, a folder made read-only) does not undo it, so it is a
    warning (the next command completes the change), never "nothing was changed"."""
    try:
        complete_pending(path, durable, refused=None)
    except OSError as err:
        file = refused_file(err)
        reason = f"{file}: {os_reason(err)}" if file else os_reason(err)
        progress.warn(
            _(
                "the change is stored, but putting its files in place stopped ({reason});"
                " the next command completes it"
            ).format(reason=reason)
        )


def _journal_entry(path: Path, name: Any, temporary: bool) -> Path:
    """The file a journal entry ``name`` names, in the folder of the database at ``path``:
    ValueError unless it is one of the database's own files (its file or a game file of its
    canonical name, :func:`game_file_id`) or, for ``temporary``, a temporary file of its file
    or of a game file (never of a cache or of the journal). A journal names nothing else, so an
    entry reaching outside (an absolute path, ``..``, another file, ``games/02.json``) is a
    damaged journal."""
    if not isinstance(name, str):
        raise ValueError(name)
    parts = list(Path(name).parts)
    if temporary:
        if len(parts) == 1 and _temporary_of(path, name) is not False:
            return path.parent / name
        raise ValueError(name)
    if parts == [path.name]:
        return path
    if (
        len(parts) == 2
        and parts[0] == games_folder(path).name
        and game_file_id(parts[1]) is not None
    ):
        return path.parent / name
    raise ValueError(name)


def _temporary_of(path: Path, name: str) -> int | bool | None:
    """What the temporary file ``name`` (in the folder of the database at ``path``) is written
    to replace: the id of a game (``.<file>~game-<id>-XXXX.tmp``), None for the database file
    (``.<file>~XXXX.tmp``), False for anything else (a cache's, the journal's, another's)."""
    found = re.fullmatch(
        rf"\.{re.escape(path.name)}~(?:game-([0-9]+)-)?{_RANDOM}\.tmp", name, re.ASCII
    )
    if found is None:
        return False
    if found[1] is None:
        return None
    game_id = game_file_id(f"{found[1]}.json")
    return False if game_id is None else game_id


def _check_renames(path: Path, renames: list[tuple[Path, Path]]) -> None:
    """ValueError unless each temporary file of ``renames`` is the one a change writes for its
    target (:func:`change_files`): a game's over that game's file, the database file's over
    the database file; and no file is a target twice."""
    targets = [target for _tmp, target in renames]
    if len(set(targets)) != len(targets) or len({tmp for tmp, _ in renames}) != len(renames):
        raise ValueError(targets)
    for tmp, target in renames:
        meant = None if target == path else game_file_id(target.name)
        if _temporary_of(path, tmp.name) != meant:
            raise ValueError(tmp)


def _journal_backup(path: Path, name: Any) -> Path:
    """The backup a journal entry ``name`` names: ValueError unless it is a file directly in
    the backups folder of the database at ``path``."""
    parts = Path(name).parts if isinstance(name, str) else ()
    if len(parts) == 2 and parts[0] == backup_folder(path).name and BACKUP_NAME.fullmatch(parts[1]):
        return path.parent / name
    raise ValueError(name)


def _is_held(target: Path, kept: list[Path]) -> bool:
    """True when the game file ``target`` is gone or one of the backups ``kept`` holds it as it
    is: its game with the same document beside a ``meta`` document (a backup ``backups restore``
    puts back), or, for a file no game can be read from, the same bytes (copied aside).
    A backup counts only as a plain file (never a link, a folder or a pipe). A journal replaces
    or removes only what a backup keeps, so no journal can lose a recorded game. OSError when
    a file cannot be read (the system refused: not a sign of a damaged journal)."""
    try:
        raw = read_plain(target, BACKUP_LIMIT)
    except FileNotFoundError:
        return True
    except NotPlain:
        return False  # no game file a change replaces is that large: none is held
    try:
        games = loads(raw)["games"]
    except (UnicodeDecodeError, ValueError, RecursionError, KeyError, TypeError):
        games = None
    if not isinstance(games, dict) or not games:
        games = None
    # a readable game file is held only by a backup that ``backups restore`` puts back (its
    # ``meta`` and that game); the same bytes count only for an unreadable one a restore copied
    # aside (a raw copy or a link of a readable game file would restore nothing)
    readable = False
    game_id = game_file_id(target.name)
    if games is not None and game_id is not None:
        try:
            parse_game_file(target, game_id, target, raw)
            readable = True
        except DataFileError:
            readable = False
    for backup in map(_backup_file, kept):  # a backup not yet in place is read pending
        try:
            if not stat.S_ISREG(os.lstat(backup).st_mode):
                continue
        except FileNotFoundError:
            continue
        try:
            content = read_plain(backup, BACKUP_LIMIT)
        except NotPlain:
            continue  # past the bound: no backup a restore can read
        if content == raw and not readable:
            return True
        if games is None:
            continue
        try:
            data = loads(content)
            held = data.get("games") if "meta" in data else None
        except (UnicodeDecodeError, ValueError, RecursionError, AttributeError, TypeError):
            continue
        if isinstance(held, dict) and all(held.get(key) == doc for key, doc in games.items()):
            return True
    return False


def _is_database_file(tmp: Path) -> bool:
    """True when ``tmp`` (a temporary file a journal puts over the database file) holds what a
    change writes there: tables of documents with the ``meta`` document and no game (a file of
    schema 1 would bring games of its own over the game files, which no backup holds). OSError
    when it cannot be read."""
    try:
        data = loads(read_plain(tmp, JOURNAL_LIMIT))
    except (NotPlain, UnicodeDecodeError, ValueError, RecursionError):
        return False
    return check_tables(data) and "meta" in data and "games" not in data


def _first_unheld(
    path: Path, renames: list[tuple[Path, Path]], removals: list[Path], kept: list[Path]
) -> Path | None:
    """The first game file a change would replace (a rename still to be made over it) or
    remove that none of the backups ``kept`` holds (:func:`_is_held`); None when every one is
    held. The database file itself is not a game: its versions are in every backup."""
    folder = games_folder(path)
    replaced = [t for tmp, t in renames if t.parent == folder and os.path.lexists(tmp)]
    for target in replaced:
        if not _is_held(target, kept):
            return target
    # a removed game must stay in a backup that is never rotated away (a restore's own)
    lasting = [b for b in kept if (m := BACKUP_NAME.fullmatch(b.name)) and m["kind"]]
    for target in removals:
        if not _is_held(target, lasting):
            return target
    return None


def complete_pending(
    path: Path,
    durable: bool = True,
    refused: Callable[[Path, OSError], Exception] | None = completion_failed,
) -> bool:
    """Put in place what the journal of the database at ``path`` lists (call under the lock):
    a change of several files whose commit point passed (a kill or Ctrl-C may have stopped it
    part-way). Each listed temporary file still there is renamed over its file, each listed
    removal made, each backup it lists still pending put in place (:func:`pending_backup`:
    it counts only once the change is made), then the journal removed; running it again does
    nothing more. Returns True when there was a journal. DataFileError for a journal that is
    not one; a write the system refuses raises ``refused(path, error)`` (default
    :func:`completion_failed`), or the OSError itself with ``refused=None``."""
    journal = journal_file(path)
    try:
        raw = read_plain(journal, JOURNAL_LIMIT)
    except (FileNotFoundError, NotADirectoryError):
        return False
    except NotPlain:
        raise damaged(journal, _("is damaged (not a scorekeeper journal)"), path) from None
    except OSError as err:
        if refused is None:
            raise
        raise DataFileError(
            _("cannot read {file}: {error}").format(file=journal, error=os_reason(err))
        ) from None
    folder = path.parent
    try:
        listed = loads(raw)
        renames = [
            (_journal_entry(path, tmp, True), _journal_entry(path, target, False))
            for tmp, target in listed["renames"]
        ]
        removals = [_journal_entry(path, target, False) for target in listed["removals"]]
        kept = [_journal_backup(path, name) for name in listed.get("kept", [])]
        if path in removals:
            raise ValueError(path)
        _check_renames(path, renames)
    except (UnicodeDecodeError, ValueError, RecursionError, KeyError, TypeError, AttributeError):
        raise damaged(journal, _("is damaged (not a scorekeeper journal)"), path) from None
    try:
        if _first_unheld(path, renames, removals, kept) is not None:
            raise damaged(journal, _("is damaged (it replaces a game no backup holds)"), path)
        for tmp, _target in renames:  # a temporary file of ours is a plain file, never a link
            if os.path.lexists(tmp) and not stat.S_ISREG(os.lstat(tmp).st_mode):
                raise damaged(journal, _("is damaged (not a scorekeeper journal)"), path)
        for tmp, target in renames:  # the database file it puts back holds no game
            if target == path and os.path.lexists(tmp) and not _is_database_file(tmp):
                raise damaged(journal, _("is damaged (not a scorekeeper journal)"), path)
        for tmp, target in renames:
            if tmp.exists():
                target.parent.mkdir(parents=True, exist_ok=True)
                _rename(tmp, target)
        for target in removals:
            if target.exists():
                progress.file_change("unlink", target)
                target.unlink(missing_ok=True)
        moved = False
        for backup in kept:  # the change is in place: its backups count from now on
            pending = pending_backup(backup)
            if os.path.lexists(pending) and not os.path.lexists(backup):
                _rename(pending, backup)
                moved = True
        if durable:
            if moved:
                _fsync_folder(backup_folder(path))
            _fsync_folder(games_folder(path))
            _fsync_folder(folder)
        progress.file_change("unlink", journal)
        journal.unlink(missing_ok=True)
    except OSError as err:
        if refused is None:
            raise
        raise refused(path, err) from None
    return True  # a journal whose removal a crash undid is done again: nothing left to do


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
    temporary = (path.parent, temporary_prefix(path, game_id))
    write_atomically(game_file(path, game_id), content, durable, temporary)


def is_scorekeeper_file(file: Path) -> bool:
    """True when ``file`` (an export's target, compared as given and as resolved through
    links) is a file of any scorekeeper database: a database, game or backup file
    (:func:`is_database_file`: tables, or its lock or games folder beside it); a file named
    as one of a database's own files beside it (:data:`OWN_FILE_ENDS`: cache, lock, journal)
    or a temporary file of one (:data:`TEMPORARY_NAME`), with that database beside it; a file
    inside a database's games or backups folder; or a journal (its content). A few system
    calls, no folder listing."""
    for place in dict.fromkeys((file, Path(os.path.realpath(file)))):
        if _is_scorekeeper_file(place):
            return True
    return False


def _is_scorekeeper_file(file: Path) -> bool:
    try:
        seen = os.stat(file)
    except OSError:
        seen = None
    if seen is not None and not stat.S_ISREG(seen.st_mode):
        return False  # a device or a pipe (``/dev/stdout``): no database's file, never read
    if is_database_file(file):
        return True
    name = file.name
    owners = [name[: -len(end)] for end in OWN_FILE_ENDS if name.endswith(end)]
    temporary = re.fullmatch(r"\.(.+)~.*\.tmp", name, re.DOTALL)
    if temporary:
        owners.append(temporary[1])
    if any(owner and is_database_file(file.with_name(owner)) for owner in owners):
        return True
    for folder in file.parents:
        for end in (".games", ".backups"):
            owner = folder.name[: -len(end)] if folder.name.endswith(end) else ""
            if owner and is_database_file(folder.with_name(owner)):
                return True
    try:
        fd = os.open(file, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return False
    try:
        start = os.read(fd, 64) if stat.S_ISREG(os.fstat(fd).st_mode) else b""
    except OSError:
        start = b""
    finally:
        os.close(fd)
    return _JOURNAL_START.match(start) is not None


#: The start of a journal's bytes (:func:`change_files`).
_JOURNAL_START = re.compile(rb'\s*\{\s*"renames"\s*:\s*\[')


def write_file(target: Path, content: bytes, commit: bool = True, links: bool = True) -> None:
    """Replace the file ``target`` (a file scorekeeper writes for the user: an export, a
    variant file) with ``content`` atomically: a temporary file in its folder
    (:func:`temporary_prefix`), flushed and synced, renamed over it (with ``commit``, the
    command's commit point, :mod:`scorekeeper.progress`), then the folder synced. A symbolic
    link named ``target`` is itself replaced, never written through (resolve it first to
    write to the file it names). The file keeps the permissions of the file it replaces; a
    new one gets those a file created in place gets (0666 less the umask). An existing
    target that is no plain file (a device such as ``/dev/stdout``, a pipe) is written in
    place: it keeps nothing to replace; with ``links`` False, nothing is written in place: a
    link (to anything), a device or a pipe of that name is replaced as a file is. A read-only
    file is refused (:func:`refuse_read_only`), and a missing folder is never made. The
    temporary files of ``target`` that a killed write left are removed first, once stale
    (:func:`scorekeeper.temporaries.remove_stale_temporaries`).

    DataFileError (exit 3) when the system refuses the write: ``target`` is then untouched
    and the temporary file removed."""
    try:
        kept = os.lstat(target)
    except OSError:
        kept = None
    try:
        named = os.stat(target) if kept is not None and links else None
    except OSError:  # a dangling link
        named = None
    try:
        if named is not None and not stat.S_ISREG(named.st_mode):
            _write_in_place(target, content, commit)  # a device, a pipe (or a link to one)
            return
        if not target.parent.is_dir():  # a folder is never made for it
            raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), str(target.parent))
        if kept is not None and stat.S_ISREG(kept.st_mode):
            refuse_read_only(target)
            mode = stat.S_IMODE(kept.st_mode) | 0o600
        else:
            mask = os.umask(0)
            os.umask(mask)
            mode = 0o666 & ~mask
        own = re.escape(temporary_prefix(target)) + _RANDOM + r"\.tmp"
        remove_stale_temporaries(target.parent, own)
        with temporary_files() as made:
            tmp = _prepare(target, content, True, made=made)
            with suppress(OSError):  # a file system without modes (FAT) keeps its own
                os.chmod(tmp, mode)
            _rename(tmp, target, commit, made)
    except BrokenPipeError:  # a pipe whose reader went away: the command stops quietly (141)
        raise
    except OSError as err:
        raise DataFileError(
            _("cannot write {path}: {reason}; it was left as it was").format(
                path=target, reason=os_reason(err)
            )
        ) from None
    _fsync_folder(target.parent)


def _write_in_place(target: Path, content: bytes, commit: bool) -> None:
    """Write ``content`` to the device or pipe ``target`` (opened without truncating)."""
    progress.file_change("write", target)
    fd = os.open(target, os.O_WRONLY)
    try:
        view = memoryview(content)
        while view:
            view = view[os.write(fd, view) :]
    finally:
        os.close(fd)
    if commit:
        progress.commit_passed()
